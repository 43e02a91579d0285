import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * F14 pure-substitution-on-literal (P15), traced under bash 5.2: `mkdir -p "$(dirname
 * out/x.txt)"` creates /repo/out, and `cp "$f" "backup/$(basename "$f")"` writes
 * backup/a.ts. `$(dirname WORD)` and `$(basename WORD [SUFFIX])` of a word that is never split
 * print a part of its value: they were computed paths.
 */
describe("dirname and basename of a known value", () => {
  it.each([
    ['mkdir -p "$(dirname out/x.txt)"', ["write:/repo/out"]],
    ['d=$(dirname src/a.ts); ls "$d"', ["read:/repo/src"]],
    ['f=src/a.ts; cat "$(basename "$f" .ts).md"', ["read:/repo/a.md"]],
    ['cat "$(dirname .env/x)"', ["read:/repo/.env"]],
    ['f=.env; cat "$(basename "$f")"', ["read:/repo/.env"]],
    ['cat "$(dirname /home/user/.ssh/id_rsa)/id_rsa"', ["read:/home/user/.ssh/id_rsa"]],
    ['cat "$(dirname a)"', ["read:/repo"]],
    ['cat "$(basename src/)"', ["read:/repo/src"]],
    ['for f in src/*.ts; do ls "$(dirname "$f")"; done', ["read:/repo/src", "read:/repo/src/*.ts"]],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it("a glob's last name stays a glob", async () => {
    const found = paths(await analyze('for f in src/*.ts; do cat "$(basename "$f")"; done'));
    expect(found).toContain("read:/repo/*.ts");
  });

  it.each([
    // A function, eval or source may redefine them; an unquoted word splits; an option.
    ['dirname() { echo /etc; }; cat "$(dirname x/y)/hostname"'],
    ['eval "base""name() { echo .env; }"; cat "$(basename x/y)"'],
    ['cat "$(dirname $f)/x"'],
    ['cat "$(dirname -- x/y)"'],
    ['f=-x; cat "$(basename "$f")"'],
    ['for f in *; do cat "$(basename "$f")"; done'],
    ['cat "$(dirname "$(pick)")/x"'],
    ['cat "$(dirname x/y; echo z)"'],
    ['f() { cat "$(dirname "$1")/x"; }; f a/b'],
  ])("%s stays a computed path", async (command) => {
    expect(paths(await analyze(command))).toContain("read:?");
  });
});
