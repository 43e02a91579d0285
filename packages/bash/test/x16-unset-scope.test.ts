import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Traced under bash 5.2 (C16 unset-n-on-plain-variable, unset-in-callee-exposes-outer-
 * variable): `unset -n` leaves a variable that is no name reference alone, and a function
 * called from another one changes (or unsets, showing the global) the caller's locals.
 */

async function paths(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths.map((path) => path.path);
}

describe("unset -n on a plain variable leaves it", () => {
  it.each([
    ['f=.env; unset -n f; cat "$f"', "/repo/.env"],
    ['f=~/.ssh/id_rsa; unset -nv f; grep KEY "$f"', "/home/user/.ssh/id_rsa"],
  ])("%s", async (command, path) => {
    expect(await paths(command)).toEqual([path]);
  });

  it("plain unset still empties the variable", async () => {
    expect(await paths('f=.env; unset f; cat "$f"')).not.toContain("/repo/.env");
  });

  it("after a name reference the string made, the value is not known", async () => {
    expect(await paths('declare -n f=g; g=.env; unset -n f; cat "$f"')).toContain(null);
  });
});

describe("a function called from a body may change the caller's variables", () => {
  it.each([
    'f=/home/user/notes.txt; h(){ local f=README.md; g; cat "$f"; }; g(){ unset f; }; h',
    'f=/home/user/notes.txt; h(){ local f=README.md; g; }; g(){ unset f; cat "$f"; }; h',
    'h(){ local f=README.md; g; cat "$f"; }; g(){ f=.env; }; h',
    'h(){ local f=README.md; g; cat "$f"; }; function g { f=.env; }; h',
  ])("%s", async (command) => {
    const found = await paths(command);
    expect(found).toContain(null);
    expect(found).not.toContain("/repo/README.md");
  });
});
