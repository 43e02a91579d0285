import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze, paths } from "./helpers.ts";

/**
 * Attack round B17 (metamorphic), class declaration-builtin-redirect-before-assignment: a
 * redirection may stand among a declaration builtin's words (`declare 2>/dev/null x=.env`).
 * tree-sitter-bash hands the words after it back inside the redirect node, and the walk read
 * the builtin as `declare` alone: the assignment was lost, so `cat "$x"` was judged on the old
 * value, and `-i n='a[$(…)]'` was never seen as evaluated. strace under bash 5.2 showed
 * cat opening /repo/.env and the subscript's substitution running git push.
 */
describe("a declaration builtin's words after a redirect are its words", () => {
  it.each([
    'x=README.md; declare 2>/dev/null x=.env; cat "$x"',
    'x=README.md; declare <&- x=.env; cat "$x"',
    'x=README.md; readonly >/dev/null x=.env; cat "$x"',
    'x=README.md; export 2>/dev/null x=.env; cat "$x"',
    'x=README.md; declare -x 2>/dev/null x=.env; cat "$x"',
    'f() { local x=README.md; local 2>&1 x=.env; cat "$x"; }; f',
  ])("%j reads .env", async (command) => {
    expect(paths(await analyze(command))).toContain("read:/repo/.env");
  });

  it.each([
    "declare 2>/dev/null -i n='a[$(git push origin main)]'",
    "declare -i 2>/dev/null n='a[$(git push origin main)]'",
  ])("%j evaluates the subscript", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.map((unit) => unit.sentinel)).toContain(SENTINELS.evaluatedString);
  });

  it("keeps the builtin's argv in order", async () => {
    const analysis = await analyze("declare 2>/dev/null -x y=1 z");
    expect(analysis.units[0]?.argv).toEqual(["declare", "-x", "y=1", "z"]);
  });
});
