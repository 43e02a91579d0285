import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

/**
 * A function's body that makes a name readonly makes it so for the caller too: bash then
 * refuses the caller's next assignment and the name keeps its old value (traced under bash
 * 5.2: `x=.env; f() { readonly x; }; f; x=README.md; cat "$x"` runs cat .env). The body's walk
 * marked only its own state, so the caller took README.md.
 */
describe("readonly made inside a called function", () => {
  it.each([
    'x=.env; f() { readonly x; }; f\nx=README.md\ncat "$x"',
    'x=.env; f() { declare -gr x; }; f; x=README.md; cat "$x"',
    'x=.env; function f { typeset -gr x; }; f; x=README.md; cat "$x"',
    'f() { readonly x; }; x=.env; f && x=README.md; cat "$x"',
  ])("%s may still read .env", async (command) => {
    const paths = await pathsOf(command);
    expect(
      paths.some((path) => path === "read <computed-path>" || path === "read /repo/.env"),
    ).toBe(true);
  });

  it("a function that makes nothing readonly keeps the caller's assignments exact", async () => {
    expect(await pathsOf('x=.env; f() { echo hi; }; f; x=README.md; cat "$x"')).toEqual([
      "read /repo/README.md",
    ]);
  });
});
