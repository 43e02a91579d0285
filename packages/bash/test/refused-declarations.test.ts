import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 (round 11a K-a14, a11a-o12-*, a11a-o14-*; corpus adv9c-r*): bash
 * refuses a declaration on a readonly name and `local` outside a function, and `unset -f`
 * removes a function only: the variable keeps the value it had.
 */
describe("adversarial: an assignment bash refuses leaves the old value", () => {
  it.each([
    ["local outside a function", "x=/home/user/notes.txt; local x=README.md; cat $x"],
    [
      "declare on a readonly name",
      "x=/home/user/notes.txt; readonly x; declare x=README.md; cat $x",
    ],
    ["export on a readonly name", "readonly x=/home/user/notes.txt; export x=README.md; cat $x"],
    ["typeset after declare -r", "declare -r x=/home/user/notes.txt; typeset x=README.md; cat $x"],
    ["unset -f", "x=/home/user/notes.txt; unset -f x; cat $x"],
    ["unset -vf", "x=/home/user/notes.txt; unset -vf x; cat $x"],
  ])("%s: %s", async (_note, command) => {
    const found = paths(await analyze(command));
    // The old value, or a value the walk no longer knows: never README.md alone.
    expect(found.includes("read:/home/user/notes.txt") || found.includes("read:?")).toBe(true);
  });

  it("keeps a plain export's value: export DIR=src; ls $DIR", async () => {
    expect(paths(await analyze("export DIR=src; ls $DIR"))).toEqual(["read:/repo/src"]);
  });
});
