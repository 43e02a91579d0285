import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

const proven = async (command: string) =>
  (await analyze(command)).units.every((unit) => unit.sentinel === null);
const evaluates = async (command: string) =>
  (await analyze(command)).units.some((unit) => unit.sentinel === "<evaluated-string>");
const found = async (command: string) => paths(await analyze(command));

/**
 * Values the walk knows only by their kind (precision round 11, corpus prec11s-*): a counter
 * every assignment of which is an integer, and an array assigned from plain words.
 */
describe("integer counters", () => {
  it.each([
    ["for counter", 'n=0\nfor f in src/*.ts; do n=$((n+1)); done\necho "$n files"'],
    ["while counter", "i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done"],
    [
      "quoted counter",
      'i=0\nwhile [ "$i" -lt 5 ]; do\n  i="$((i + 1))"\n  echo "attempt $i"\ndone',
    ],
    ["(( )) in the loop", "i=0; while [ $i -lt 3 ]; do ((i++)); done; echo $((i * 2))"],
    ["sum of counters", "a=1; b=2; c=$((a+b)); d=$((c*2)); echo $((d+c))"],
    ["both branches", "if true; then n=$((1+1)); else n=3; fi; echo $((n))"],
  ])("%s: nothing is evaluated", async (_, command) => {
    expect(await proven(command)).toBe(true);
  });

  it.each([
    // A round may assign text holding code: the next round's arithmetic evaluates it.
    [
      "code in a later round",
      "i=0; while [ $i -lt 3 ]; do echo $((i)); i=$((i+1)); i='a[$(id)]'; done",
    ],
    ["read in a round", "i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); read i; done"],
    ["appended text", "i=1; j=$((i+1)); j+=x; echo $((j))"],
    // The arithmetic fails inside eval: the name keeps the text it held.
    ["failed in eval", "i='a[$(id)]'; eval 'i=$((1/0))'; echo $((i))"],
    ["old text", "i='a[$(id)]'; i=$((i+1)); echo $((i))"],
    ["one branch text", "n=0; if true; then n='a[$(id)]'; fi; n=$((n+1)); echo $((n))"],
    ["substitution", "n=$(( $(cat f) )); echo $((n))"],
    ["break midway", "n=0; while :; do n='a[$(id)]'; break; n=$((1)); done; echo $((n))"],
    ["read after the loop", "n=0; for f in a b; do n=$((n+1)); done; read n; echo $((n))"],
  ])("%s: still evaluated", async (_, command) => {
    expect(await evaluates(command)).toBe(true);
  });

  it("an integer counter split unquoted never turns into `-v NAME` for test", async () => {
    expect(await proven("n=0; for x in a b; do n=$((n+1)); done; [ $n -gt 1 ] && echo many")).toBe(
      true,
    );
    // A value from read may be `-v a[$(id)]`.
    expect(await evaluates("read n; [ $n -gt 1 ] && echo many")).toBe(true);
  });
});

describe("arrays of plain words", () => {
  it(`a loop over "\${a[@]}" takes each element`, async () => {
    const paths0 = await found(`dirs=(src tests)\nfor d in "\${dirs[@]}"; do ls "$d"; done`);
    expect(paths0).toContain("read:/repo/src");
    expect(paths0).toContain("read:/repo/tests");
    expect(paths0.some((path) => path.endsWith(":?"))).toBe(false);
  });

  it("declare -a assigns the same elements", async () => {
    const paths0 = await found(`declare -a d=(src .env)\nfor x in "\${d[@]}"; do cat "$x"; done`);
    expect(paths0).toContain("read:/repo/.env");
  });

  it("both branches' elements are possible", async () => {
    const paths0 = await found(
      `d=(src); if true; then d=(.env); fi\nfor x in "\${d[@]}"; do cat "$x"; done`,
    );
    expect(paths0).toContain("read:/repo/.env");
    expect(paths0).toContain("read:/repo/src");
  });

  it.each([
    ["element assigned", `d=(src tests); d[1]=.env\nfor x in "\${d[@]}"; do cat "$x"; done`],
    ["elements appended", `d=(src); d+=(.env)\nfor x in "\${d[@]}"; do cat "$x"; done`],
    ["read -a", `d=(src); read -a d\nfor x in "\${d[@]}"; do cat "$x"; done`],
    ["a glob element", `d=(src *)\nfor x in "\${d[@]}"; do cat "$x"; done`],
    ["a subscript", `d=(src [1]=.env)\nfor x in "\${d[@]}"; do cat "$x"; done`],
    ["an expansion", `d=(src $y)\nfor x in "\${d[@]}"; do cat "$x"; done`],
    ["associative", `declare -A d=(src .env)\nfor x in "\${d[@]}"; do cat "$x"; done`],
    ["unquoted", `d=(src tests)\nfor x in \${d[@]}; do cat "$x"; done`],
    ["assigned in the loop", `d=(src)\nfor x in "\${d[@]}"; do cat "$x"; d=(.env); done`],
  ])("%s: the loop variable is not known", async (_, command) => {
    const paths0 = await found(command);
    expect(paths0.some((path) => path.endsWith(":?")) || paths0.includes("read:/repo/.env")).toBe(
      true,
    );
  });
});
