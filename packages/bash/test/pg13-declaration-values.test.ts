import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze, paths } from "./helpers.ts";

/** Whether the analysis covers a read of /repo/.env: by name, as a path it cannot name, or unproven. */
function mayReadEnv(analysis: BashAnalysis): boolean {
  const found = paths(analysis);
  return (
    found.includes("read:/repo/.env") ||
    found.some((path) => path.endsWith(":?") || path.endsWith("**/.env")) ||
    analysis.units.some((unit) => unit.sentinel !== null)
  );
}

/**
 * Traced under bash 5.2 (f13 precision f13p-6, f13p-7): `readonly x=VALUE` and `declare -r`
 * assign VALUE as `x=VALUE` does. Only an earlier readonly of the same name could refuse it,
 * and when the string holds no other word that can make one, nothing did.
 */
describe("precision: a readonly declaration with a literal value is followed", () => {
  it.each([
    ["readonly x=README.md; cat $x", "read:/repo/README.md"],
    ['declare -r x=README.md; cat "$x"', "read:/repo/README.md"],
    ['typeset -rx x=README.md; cat "$x"', "read:/repo/README.md"],
    ['declare -gr x=src; ls "$x"', "read:/repo/src"],
    ['readonly -- x=README.md; cat "$x"', "read:/repo/README.md"],
    ['set -euo pipefail; readonly ROOT=src; cat "$ROOT/a.ts"', "read:/repo/src/a.ts"],
    // A second run is refused on a name that already holds the same value.
    ["for i in 1 2; do readonly x=README.md; cat $x; done", "read:/repo/README.md"],
  ])("%s", async (command, path) => {
    expect([...new Set(paths(await analyze(command)))]).toEqual([path]);
  });
});

describe("adversarial: a declaration that may assign nothing or be refused", () => {
  it.each([
    // -p prints, -f names functions, an unknown option is refused: x keeps .env (traced).
    ["declare -p", "x=.env; declare -p x=README.md; cat $x"],
    ["typeset -p", "x=.env; typeset -p x=README.md; cat $x"],
    ["declare -f", "x=.env; declare -f x=README.md; cat $x"],
    ["declare -F", "x=.env; declare -F x=README.md; cat $x"],
    ["an unknown option", "x=.env; declare -Q x=README.md; cat $x"],
    ["readonly -f", "x=.env; readonly -f x=README.md; cat $x"],
    ["export -f", "x=.env; export -f x=README.md; cat $x"],
    ["a computed option", "x=.env; o=-p; declare $o x=README.md; cat $x"],
    ["a quoted computed option", 'x=.env; o=-p; declare "$o" x=README.md; cat $x'],
    // The same name twice in one command: the second is refused.
    ["a name given twice", "readonly x=.env x=README.md; cat $x"],
    ["a bare name then its value", "x=.env; readonly x x=README.md; cat $x"],
    // Another word that makes names readonly, however spelled.
    ["two readonly words", "readonly x=.env; readonly x=README.md; cat $x"],
    ["declare -r before readonly", "declare -r x=.env; readonly x=README.md; cat $x"],
    ["a quoted spelling", "r''eadonly x=.env; readonly x=README.md; cat $x"],
    ["a trap string", "trap 'readonly x=.env' DEBUG; readonly x=README.md; cat $x"],
    ["an eval string", "eval 'read\"\"only x=.env'; declare -r x=README.md; cat $x"],
    ["an ANSI-C spelling", "eval $'readonl\\x79 x=.env'; readonly x=README.md; cat $x"],
    ["a brace spelling", "{read,}only x=.env; readonly x=README.md; cat $x"],
    ["a computed command", "c=readonly; $c x=.env; readonly x=README.md; cat $x"],
    ["a function named like it", "f() { readonly x=.env; }; f; readonly x=README.md; cat $x"],
    ["local outside a function", "x=.env; local -r x=README.md; cat $x"],
    // In a function -g assigns the global, which the local of the name hides.
    ["declare -g under a local", "f() { local x=.env; declare -g x=README.md; cat $x; }; f"],
  ])("%s: %s", async (_note, command) => {
    expect(mayReadEnv(await analyze(command))).toBe(true);
  });
});
