import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 (round 11a K-a15, K-a16; a11a-o17-*, a11a-o19-*): a cd later in a
 * loop body moves the next round, and a function called after a cd runs its body there.
 */
describe("adversarial: a body that may run after a cd has no known folder", () => {
  it.each([
    [
      "a loop whose body ends in cd ..",
      "cd packages/api && for i in 1 2; do cat ../../home/user/notes.txt; cd ..; done",
    ],
    [
      "a c-style loop",
      "cd packages/api && for ((i=0;i<2;i++)); do cat ../../home/user/notes.txt; cd ..; done",
    ],
  ])("%s: %s", async (_note, command) => {
    expect(paths(await analyze(command))).toContain("read:?");
  });

  it("does not judge a function body called after cd in the project: f(){ cat notes.txt; }; cd && f", async () => {
    expect(paths(await analyze("f(){ cat notes.txt; }; cd && f"))).not.toContain(
      "read:/repo/notes.txt",
    );
  });

  it("keeps the folder of a loop without cd: for f in a b; do cat $f; done", async () => {
    expect(paths(await analyze("for f in a b; do cat $f; done"))).toEqual([
      "read:/repo/a",
      "read:/repo/b",
    ]);
  });
});
