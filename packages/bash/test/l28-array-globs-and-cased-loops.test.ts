import { describe, expect, it } from "vitest";
import { analyze, pathsOf } from "./helpers.ts";

// Lead 28, two findings about what a variable holds after the string assigns it.
//
// Needless asks (bench/pi/everyday.jsonl p10-1114, p10-1223): `files=(src/*.ts); for f in
// "${files[@]}"; do wc -l "$f"; done` asked on a computed path, although a `for` straight over
// `src/*.ts` was judged as the glob. An array element that is a glob (pathname expansion its
// one expansion) is the names it matched, each an element: the walk keeps it as its pattern,
// as it keeps a `for` list's glob, and `"${files[@]}"` and a `for` over it meet the glob.
//
// Wrong allow: a `for`/`select` variable with a case attribute holds each word converted
// (traced: `declare -l f; for f in .ENV; do cat "$f"; done` ran `cat .env` and read
// /repo/.env), but the walk took the words as written and judged /repo/.ENV.

describe("l28: an array element that is a glob is the glob", () => {
  it("a for over the array and the array's words meet the glob", async () => {
    expect(await pathsOf('files=(src/*.ts); for f in "${files[@]}"; do wc -l "$f"; done')).toEqual([
      "read /repo/src/*.ts",
      "read /repo/src/*.ts",
    ]);
    expect(await pathsOf('files=(src/*.ts); wc -l "${files[@]}"')).toContain("read /repo/src/*.ts");
    const analysis = await analyze('files=(src/*.ts README.md); cat "${files[@]}"');
    expect(analysis.units.map((unit) => unit.argv.join(" "))).toEqual(["cat src/*.ts README.md"]);
  });

  it("a glob that may match a denied name is judged as that glob", async () => {
    expect(await pathsOf('f=(.e*); cat "${f[@]}"')).toContain("read /repo/.e*");
    expect(await pathsOf('f=(.[e]nv); for x in "${f[@]}"; do cat "$x"; done')).toContain(
      "read /repo/.[e]nv",
    );
  });

  it("the names are read where the command runs, and where the glob listed them", async () => {
    const paths = await pathsOf('files=(src/*.ts); cd /etc; cat "${files[@]}"');
    expect(paths).toContain("read /etc/src/*.ts");
  });

  it.each([
    ['f=(~/*.md); cat "${f[@]}"', "a tilde"],
    ['f=(src/*.ts $x); cat "${f[@]}"', "an unknown element"],
    ['f=({a,b}*.ts); cat "${f[@]}"', "a brace"],
    ['declare -l f; f=(*.MD); cat "${f[@]}"', "a case attribute"],
    ['declare -A f; f=(*.md x); cat "${f[@]}"', "associative"],
  ])("stays computed: %s (%s)", async (command) => {
    expect(await pathsOf(command)).toContain("read <computed-path>");
  });

  it("a name starting with `-` made by the glob is still weighed", async () => {
    const analysis = await analyze('touch ./-rf; f=(*); rm "${f[@]}"');
    const rm = analysis.units.find((unit) => unit.argv[0] === "rm");
    expect(rm?.sentinel).toBe("<computed-word>");
  });
});

describe("l28: a loop variable with a case attribute", () => {
  it.each([
    'declare -l f; for f in .ENV; do cat "$f"; done',
    'typeset -u f; for f in .env; do cat "$f"; done',
    'declare -c f; for f in .ENV; do cat "$f"; done',
    'g() { local -l x; for x in .ENV; do cat "$x"; done; }; g',
    'declare -l f; select f in .ENV; do cat "$f"; break; done <<< 1',
  ])("holds an unknown value: %s", async (command) => {
    expect(await pathsOf(command)).toContain("read <computed-path>");
  });

  it("without one, the words are the values", async () => {
    expect(await pathsOf('for f in .ENV; do cat "$f"; done')).toEqual(["read /repo/.ENV"]);
    expect(await pathsOf('declare -l g; for f in .ENV; do cat "$f"; done')).toEqual([
      "read /repo/.ENV",
    ]);
  });
});
