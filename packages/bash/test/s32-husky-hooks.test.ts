// S32 F-prec2 (a sibling of formatter-config-runs-commands): husky 9 sets core.hooksPath to
// .husky/_, whose hooks run `sh -e .husky/<hook>` whatever that file's mode (husky 4-8 point
// the hooks path at .husky). `echo 'git push' > .husky/pre-commit; git commit -m x` was allowed
// although, in a repository set up with husky, the commit runs what the string wrote.
import { describe, expect, it } from "vitest";
import { unproven } from "./helpers.ts";

describe("s32: a husky hook the string wrote", () => {
  it.each([
    "echo 'git push origin main' > .husky/pre-commit; git commit -m x",
    "echo 'git push origin main' > .husky/commit-msg; git commit --no-verify -am x",
    "echo x > .husky/pre-push; git -c user.name=a push --dry-run",
    "echo x > .husky/post-checkout; git checkout -b feat",
    "echo x > .husky/post-merge; git pull --ff-only",
    "mkdir -p .husky && echo x > .husky/pre-rebase; git rebase main",
    "echo x > .husky/pre-commit; $G commit -m x",
  ])("%j is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "echo 'npm test' > .husky/pre-commit; git add .husky/pre-commit",
    "echo 'npm test' > .husky/pre-commit; git status",
    "echo x > notes.txt; git commit -m x",
    "git commit -m x",
  ])("%j stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});
