import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

describe("git subcommands that write the work tree without naming a file", () => {
  // strace (oracle fixture): `git revert --no-edit HEAD` wrote .gitignore, README.md and
  // src/*.ts, and `git stash pop` wrote src/a.ts; no word of either names them.
  it.each([
    "git revert --no-edit HEAD",
    "git cherry-pick abc123",
    "git merge feature",
    "git pull --rebase",
    "git rebase main",
    "git rebase --continue",
    "git reset --hard HEAD~1",
    "git checkout main",
    "git switch -",
    "git stash",
    "git stash pop",
    "git bisect start HEAD v1",
    "git read-tree -u -m HEAD",
    "git submodule update --init",
  ])("%s writes the working directory", async (command) => {
    expect(await pathsOf(command)).toContain("write /repo");
  });

  it("a -C folder is the one written", async () => {
    expect(await pathsOf("git -C web merge main")).toContain("write /repo/web");
  });

  it.each([
    "git status",
    "git log --oneline",
    "git diff",
    "git reset --soft HEAD~1",
    "git checkout -b feat",
    "git switch -c feat",
    "git stash list",
    "git stash show -p",
    "git restore --staged src/a.ts",
    "git read-tree HEAD",
    "git bisect log",
    "git fetch origin",
    "git commit -m x",
  ])("%s writes no file of the work tree", async (command) => {
    expect(await pathsOf(command)).not.toContain("write /repo");
  });
});
