import { describe, expect, it } from "vitest";
import { analyzeFull, paths } from "./helpers.ts";

// Traced under bash 5.2: bash opens and lists the folder of a `for` word's glob before the
// first round, whatever the body does with the variable (adv10pb-13).
describe("adversarial: a for list's glob lists its folder", () => {
  it.each([
    ["for f in ~/.ssh/*; do :; done", "read:/home/user/.ssh/*"],
    ["for f in $HOME/.ssh/*; do git status; done", "read:/home/user/.ssh/*"],
    ["select f in ~/.ssh/*; do break; done", "read:/home/user/.ssh/*"],
    // In a function body HOME is not known: the folder is a computed path.
    ["f() { for f in ~/.ssh/*; do echo $f; done; }; f", "read:?"],
  ])("%s", async (command, path) => {
    expect(paths(await analyzeFull(command))).toContain(path);
  });

  it("lists nothing for literal words", async () => {
    expect(paths(await analyzeFull("for f in a b; do :; done"))).toEqual([]);
  });
});
