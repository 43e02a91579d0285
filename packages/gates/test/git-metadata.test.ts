import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { isGitMetadata } from "../src/git-metadata.ts";
import { analyzerOnce, bash, call, policyOf } from "./fixtures.ts";

describe("isGitMetadata", () => {
  it.each([
    ["/repo/.git/config", true],
    ["/repo/.git/config.worktree", true],
    ["/repo/.git/commondir", true],
    ["/repo/.git/objects/info/alternates", true],
    ["/repo/.git/hooks", true],
    ["/repo/.git/hooks/pre-commit", true],
    ["/repo/.git/worktrees/w/config.worktree", true],
    ["/repo/.git/modules/lib/hooks/post-checkout", true],
    ["/repo/src/.git", true],
    ["/home/u/.gitconfig", true],
    ["/home/u/.config/git/config", true],
    ["/repo/.git/hooks/*", true],
    ["/repo/.GIT/Config", true],
    // round 11b K-b4: git acts on its state (a todo list's exec lines run on --continue).
    ["/repo/.git/rebase-merge/git-rebase-todo", true],
    ["/repo/.git/sequencer/todo", true],
    ["/repo/.git/index", true],
    ["/repo/.git/refs/heads/main", true],
    ["/repo/.git/COMMIT_EDITMSG", true],
    // round 11b K-b5: a glob that may name one of them is one.
    ["/repo/.gi?/config", true],
    ["/repo/.git/conf*", true],
    ["/repo/.git/c[o]nfig", true],
    ["/repo/.[g]it/config", true],
    ["/repo/.g*/hooks/pre-commit", true],
    ["/repo/.git/rebase-merge/*", true],
    ["/repo/.gitconf?g", true],
    ["/home/u/.conf?g/git/config", true],
    ["/repo/.git/index.lock", false],
    ["/repo/.git/*.lock", false],
    ["/repo/.git/", false],
    ["/repo/*/config", false],
    ["/repo/build/**", false],
    ["/repo/src/*.ts", false],
    ["/repo/.gitignore", false],
    ["/repo/config/git/config.ts", false],
    ["/repo/src/hooks/useThing.ts", false],
  ])("%s: %s", (path, expected) => {
    expect(isGitMetadata(path)).toBe(expected);
  });

  it.each([
    ["/repo/.git/rebase-merge", false],
    ["/repo/.git/refs/heads/x", false],
    ["/repo/.git/config", true],
    ["/repo/.git/hooks/pre-commit", true],
    ["/repo/.git", true],
    ["/repo/.git/rebase-merge/**", false],
    ["/repo/.git/hooks/**", true],
    ["/repo/.git/*", true],
  ])("a removal of %s: %s", (path, expected) => {
    expect(isGitMetadata(path, true)).toBe(expected);
  });
});

describe("a write of git configuration or a hook is never allowed unasked", () => {
  const ALLOW: PermissionMap = { "*": "allow", bash: { "*": "allow" } };
  const judge = async (command: string) =>
    evaluateToolCall(policyOf(ALLOW), bash(command), await analyzerOnce()).action;

  it.each([
    'echo "[core] fsmonitor = x" >> .git/config',
    "git log -1 --format=x --output=.git/hooks/pre-commit",
    "cp scripts/pre-commit .git/hooks/",
    "echo gitdir: /srv/o.git > src/.git",
    "echo /srv/o.git/objects > .git/objects/info/alternates",
    "printf '[core]\\n' >> ~/.gitconfig",
    "ln -s .git/config c; echo x >> c",
    "cat f > .GIT/config",
    "echo 'exec rm -rf src' > .git/rebase-merge/git-rebase-todo",
    "git rev-parse HEAD | tee .git/rebase-merge/onto > .git/rebase-merge/orig-head",
    "git format-patch -q -o .git/rebase-merge -1",
    `echo '[core] fsmonitor = "rm -rf build"' >> .gi?/config`,
    "git log -1 --format=x --output .git/conf*",
    "git diff --output .git/confi[g]",
  ])("%s asks", async (command) => {
    expect(await judge(command)).toBe("ask");
  });

  it.each([
    "rm -f .git/index.lock",
    "rm -rf .git/rebase-merge",
    "git config user.name x",
    "cat .git/config",
    "git status",
    // `--continue` commits a resolved step through the editor; named by GIT_EDITOR it is proven.
    "GIT_EDITOR=true git rebase --continue",
    "echo x > src/*.ts",
  ])("%s stays allowed", async (command) => {
    expect(await judge(command)).toBe("allow");
  });
});

describe("the file tools writing git configuration or a hook ask too", () => {
  const ALLOW: PermissionMap = { "*": "allow" };
  const judge = async (tool: string, input: unknown) =>
    evaluateToolCall(policyOf(ALLOW), call(tool, input), await analyzerOnce()).action;

  it("asks for a write or an edit of a hook or the configuration", async () => {
    expect(await judge("write", { path: ".git/hooks/pre-commit", content: "x" })).toBe("ask");
    expect(await judge("edit", { path: ".git/config", oldText: "a", newText: "b" })).toBe("ask");
  });

  it("lets the same tools touch other files, and read the configuration", async () => {
    expect(await judge("write", { path: "src/hooks/useThing.ts", content: "x" })).toBe("allow");
    expect(await judge("read", { path: ".git/config" })).toBe("allow");
  });
});
