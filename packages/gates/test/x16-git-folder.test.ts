// G16 git-worktree-after-cd / git-mcp-repo-path-folder: git works on the whole work tree of the
// folder it runs in (traced: in ~/.ssh, `git add -A` read ~/.ssh/id_rsa and `git show
// HEAD:id_rsa` printed it), so `cd DIR && git …` and a git server's `repo_path` are judged on the
// folder and what lies below it, as `git -C DIR …` is.
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { guessedShellCalls } from "../src/known-shell-tools.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const GUARDED = {
  "*": "allow",
  bash: "allow",
  path: { "/etc/**": "deny", "**/.env": "deny", "**/.ssh/**": "deny" },
} as const;

async function action(tool: string, input: unknown) {
  return evaluateToolCall(policyOf(GUARDED as never), call(tool, input), await analyzerOnce())
    .action;
}

describe("git in another folder is judged on that folder's files", () => {
  it.each([
    "cd ~/.ssh && git add -A",
    "cd ~/.ssh && git show",
    "cd /etc && git add -A",
    "cd /etc && git diff",
    "cd /etc && git status",
    "cd /etc && git reset --hard",
    "cd /etc && git archive -o /repo/e.tar HEAD",
    "cd /etc && git bundle create /repo/e.bundle --all",
    "cd /etc && git commit -qam x",
    "pushd /etc && git diff",
    "(cd /etc; git add -A)",
    "git -C /etc add -A",
  ])("%s is denied", async (command) => {
    expect(await action("bash", { command })).toBe("deny");
  });

  it.each([
    "cd packages && git status",
    "cd src && git add -A",
    "cd src && git diff",
    "git status",
  ])(
    "%s in the project stays allowed (a file below is the repository's own, not .env)",
    async (command) => {
      expect(await action("bash", { command })).toBe("allow");
    },
  );

  it.each([
    ["mcp__git__git_init", { repo_path: "~/.ssh" }],
    ["mcp__git__git_add", { repo_path: "/etc", files: ["."] }],
    ["mcp__git__git_diff_unstaged", { repo_path: "/etc" }],
    ["mcp__git__git_checkout", { repo_path: "/etc", branch_name: "main" }],
    ["mcp__git__git_show", { repo_path: "/etc", revision: "HEAD" }],
  ])("a git server's %s %j is denied", async (tool, input) => {
    expect(await action(tool, input)).toBe("deny");
  });

  it.each([
    ["mcp__git__git_status", { repo_path: "." }],
    ["mcp__git__git_diff_unstaged", { repo_path: "/repo" }],
    ["mcp__git__git_add", { repo_path: "/repo", files: ["src/a.ts"] }],
  ])("a git server's %s %j in the project stays allowed", async (tool, input) => {
    expect(await action(tool, input)).toBe("allow");
  });

  it("the repository is git's -C, a leading ~ expanding as GitPython does", () => {
    expect(guessedShellCalls("mcp__git__git_init", { repo_path: "~/.ssh" })).toContainEqual({
      input: { command: "git -C ~/'.ssh' init" },
      spec: { command: "command", cwd: null },
    });
    expect(
      guessedShellCalls("mcp__git__git_add", { repo_path: "/etc", files: ["."] }),
    ).toContainEqual({
      input: { command: "git -C '/etc' add '.'" },
      spec: { command: "command", cwd: null },
    });
  });
});
