// Program tools after attack round F17: a git server's tool named by the subcommand alone
// (`mcp__pare_git__push`, the proxy's `{"server": "git", "tool": "push"}`, `git:push`), a
// generic `git` tool given its words in `args`, and every subcommand a tool's name holds
// (`git_commit_and_push_increment`) are judged as the git commands they run.
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { guessedShellCalls } from "../src/known-shell-tools.ts";
import { analyzerOnce, call, PERMISSIVE, policyOf } from "./fixtures.ts";

async function action(tool: string, input: unknown, rules: object = PERMISSIVE) {
  const policy = policyOf(rules as never);
  return evaluateToolCall(policy, call(tool, input), await analyzerOnce()).action;
}

describe("a git tool named by its subcommand", () => {
  it.each([
    ["mcp__pare_git__push", { path: ".", remote: "origin", branch: "main" }],
    ["mcp__pare_git__push", {}],
    ["mcp__git__push", { repoPath: "/repo" }],
    ["mcp", { server: "git", tool: "push", args: { repoPath: ".", remote: "origin" } }],
    ["mcp", { tool: "git:push", args: { path: "." } }],
    ["mcp__git__git", { cwd: ".", args: ["push", "origin", "main"] }],
    ["mcp__devtools__git", { cwd: "/repo", args: ["push", "--force", "origin", "main"] }],
    ["mcp", { server: "devtools", tool: "git", args: { cwd: ".", args: ["push", "origin"] } }],
    ["mcp__devtools__git", { subcommand: "push", args: ["origin", "main"] }],
    ["mcp__narada_shell__git_commit_and_push_increment", { message: "wip" }],
    ["mcp__tools__gitpush", {}],
    ["mcp__tools__gitPush", {}],
  ])("%s %j runs git push", async (tool, input) => {
    expect(await action(tool, input)).toBe("deny");
  });

  it("reads every subcommand the name holds, several words and plurals too", () => {
    const commands = (tool: string, input: object) =>
      guessedShellCalls(tool, input).map((c) => c.input.command);
    expect(commands("mcp__pare_git__cherry_pick", { path: ".", commits: ["abc"] })).toContain(
      "git -C '.' cherry-pick 'abc'",
    );
    expect(commands("mcp__git__list_branches", {})).toContain("git branch");
    expect(commands("mcp__x__git_commit_and_push", { message: "m" })).toEqual(
      expect.arrayContaining(["git commit -m 'm'", "git push -m 'm'"]),
    );
  });

  it("keeps other tools of a git server, and other servers, as they were", async () => {
    expect(await action("mcp__pare_git__status", { path: "." })).toBe("allow");
    expect(await action("mcp", { server: "git", tool: "log", args: { repoPath: "." } })).toBe(
      "allow",
    );
    expect(await action("mcp__git__git", { cwd: ".", args: ["log", "--oneline"] })).toBe("allow");
    expect(await action("mcp__git__list_branches", { repoPath: "." })).toBe("allow");
    // `github` is no git: a code host's tool is judged on its own surface.
    expect(await action("mcp__github__push_files", { owner: "o", repo: "r", files: [] })).toBe(
      "allow",
    );
  });

  it("asks about a git tool whose subcommand cannot be told where a git rule refuses one", async () => {
    expect(await action("mcp__git__get_repo_info", { repoPath: "." })).toBe("ask");
    expect(await action("mcp__pare_git__summary", {})).toBe("ask");
    // No bash rule refuses anything: whichever subcommand it is, it is allowed.
    expect(await action("mcp__git__get_repo_info", { repoPath: "." }, { "*": "allow" })).toBe(
      "allow",
    );
    expect(
      await action("mcp__git__get_repo_info", {}, { "*": "allow", bash: { "rm *": "deny" } }),
    ).toBe("allow");
  });
});
