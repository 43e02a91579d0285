import { describe, expect, it } from "vitest";
import { analyze, unproven } from "./helpers.ts";

// S30 git-helper-name (R37, traced under git 2.39): `git add--interactive` is the perl program
// behind `add -p` and `add -i`, which git 2.39 still ships and runs by that name. Called by it,
// the answer `e` on stdin opened the hunk editor (`sh -c 'editor "$@"' … addp-hunk-edit.diff`),
// and vim ran `:!rm -rf y` from the rest of the pipe: the editor check keyed on `add -p` missed
// it. A helper git runs under a dashed name is read as the public command it is.

describe("s30: git's helper names are read as their public commands", () => {
  it.each([
    ["git add--interactive --patch --", "git add --patch --"],
    ["git add--interactive --patch=stash --", "git stash --patch --"],
    ["git add--interactive --patch=reset HEAD -- a", "git reset --patch HEAD -- a"],
    ["git add--interactive --patch=checkout HEAD -- a", "git checkout --patch HEAD -- a"],
    ["git add--interactive --patch=worktree HEAD -- a", "git restore --patch HEAD -- a"],
    ["git add--interactive", "git add --interactive"],
    ["git checkout--worker --prefix=/tmp/x/", "git checkout-index --stdin --prefix=/tmp/x/"],
  ])("%j runs as %j", async (command, words) => {
    const [unit] = (await analyze(command)).units;
    expect(unit?.executed?.join(" ")).toBe(words);
  });

  it.each([
    "echo x >> README.md; { echo e; git gc -q; echo ':!rm -rf y'; echo ':q!'; } | TERM=xterm git add--interactive --patch --",
    "TERM=xterm git add--interactive --patch -- <<< e",
    "git add--interactive",
    "/usr/lib/git-core/git-add--interactive --patch --",
  ])("%j may open the editor: not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it("checkout--worker writes the files its stdin names", async () => {
    const paths = (await analyze("git checkout--worker < list")).paths;
    expect(paths.some((path) => path.access !== "read" && path.path === null)).toBe(true);
  });
});
