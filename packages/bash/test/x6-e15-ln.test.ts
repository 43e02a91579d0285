import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

// E15 findings, each traced under bash 5.2 in the oracle sandbox.
describe("adversarial: a relative link target is not normalised before the climb check (E15 ln-target-normalised-through-link)", () => {
  // strace: `ln -s . a; ln -s a/.. b; cat b/home/user/notes.txt` read /home/user/notes.txt
  // (a leads to /repo, so a/.. is /).
  it.each([
    "ln -s . a; ln -s a/.. b; cat b/home/user/notes.txt",
    "ln -s . a; ln -s a/.. b; echo x > b/tmp/y",
    "ln -s . a; ln -s ./a/.. b; cat b/home/user/notes.txt",
    "ln -s . a; ln -s a/x/../.. b; cat b/home/user/notes.txt",
    "ln -s . a; mkdir d; ln -s ../a/.. d/b; cat d/b/home/user/notes.txt",
  ])("%s reaches a file nobody can name", async (command) => {
    expect(paths(await analyze(command)).filter((path) => path.endsWith(":?"))).not.toEqual([]);
  });

  it("keeps a plain relative link inside the project", async () => {
    expect(paths(await analyze("mkdir d; ln -s ../src d/k"))).toContain("read:/repo/src");
  });
});
