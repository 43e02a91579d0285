import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

/**
 * F21a (needless ask from session 20): `f() { local -r x=1; echo $x; }; f` asked. A readonly
 * declaration (`local -r`, `readonly`, `declare -r`) that is the string's only word able to
 * make a name readonly was taken as done at the top level only (soleDeclaration): in a
 * function's body every name starts unknown (the body may run after anything), so bash's
 * possible refusal kept the old, unknown value. What could have made the name readonly before
 * is another declaration (the text shows it), bash's own readonly names, or code the walk did
 * not read (`source`, `.`, `eval`, a trap, a callback): in a body, only the text can rule those
 * out. Traced under bash 5.2 (strace): the first group reads README.md only (two calls
 * included: a refused second `readonly x=README.md` leaves the same value); the second group
 * read .env or another file, and stays asked.
 */
describe("a sole readonly declaration in a function body", () => {
  it.each([
    ["f() { local -r x=1; echo $x; }; f", []],
    ["f() { readonly x=1; echo $x; }; f", []],
    ['f() { local -r x=README.md; cat "$x"; }; f', ["read /repo/README.md"]],
    ['f() { local -r x=README.md; cat "$x"; }; f; f', ["read /repo/README.md"]],
    ['f() { readonly x=README.md; cat "$x"; }; f; f', ["read /repo/README.md"]],
    ['f() { readonly x=README.md; cat "$x"; }; x=.env; f', ["read /repo/README.md"]],
    ['f() { declare -r x=README.md; cat "$x"; }; f', ["read /repo/README.md"]],
  ])("%j gives the name its value", async (command, expected) => {
    expect(await pathsOf(command)).toEqual(expected);
  });

  it.each([
    // Another declaration may have made it readonly first (bash: cat .env).
    'g() { declare -gr x=.env; }; f() { local -r x=README.md; cat "$x"; }; g; f',
    'readonly x=.env; f() { local -r x=README.md; cat "$x"; }; f',
    "f() { local -r x=README.md; cat \"$x\"; }; eval 'readonly x=.env'; f",
    // Code the walk does not read (bash: cat .env after lib.sh made x readonly).
    "echo 'readonly x=.env' > lib.sh; f() { local -r x=README.md; cat \"$x\"; }; source ./lib.sh; f",
    "echo 'readonly x=.env' > lib.sh; f() { local -r x=README.md; cat \"$x\"; }; . ./lib.sh; f",
    'f() { local -r x=README.md; cat "$x"; }; eval "$c"; f',
    'f() { local -r x=README.md; cat "$x"; }; trap "$t" RETURN; f',
    'f() { local -r x=README.md; cat "$x"; }; mapfile -C "$cb" -c 1 a < list; f',
    // Bash's own readonly name (bash: cat 64321, the uid).
    'f() { local -r UID=README.md; cat "$UID"; }; f',
    // A value given twice in one declaration: the second is refused.
    'f() { readonly x=.env x=README.md; cat "$x"; }; f',
  ])("%j keeps the name unknown", async (command) => {
    const paths = await pathsOf(command);
    expect(
      paths.some((path) => path === "read <computed-path>" || path === "read /repo/.env"),
    ).toBe(true);
  });
});
