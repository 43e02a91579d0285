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

// After attack round R17: a proxy call with no input key is a call with an empty input, and
// the server is read under every key a proxy names it by (Cline/Roo's `server_name`, …).
describe("a git tool handed on by a proxy", () => {
  it.each([
    ["mcp", { tool: "git_push" }],
    ["mcp", { server: "git", tool: "push" }],
    ["mcp", { server: "pare-git", tool: "push" }],
    ["mcp", { tool: "git:push" }],
    ["mcp", { server: "GIT", tool: "Push" }],
    ["qa_mcp_call", { server: "git", tool: "git_push" }],
    ["mcp", { tool: "git_commit_and_push", server: "narada-shell" }],
    ["batch", { calls: [{ server: "git", tool: "push" }] }],
  ])("%s %j without args runs git push", async (tool, input) => {
    expect(await action(tool, input)).toBe("deny");
  });

  it.each([
    ["use_mcp_tool", { server_name: "pare-git", tool_name: "push", arguments: {} }],
    ["use_mcp_tool", { server_name: "git", tool_name: "push", arguments: "{}" }],
    ["call_mcp_tool", { serverName: "git", toolName: "push", arguments: {} }],
    ["call_mcp_tool", { serverName: "git", toolName: "push" }],
    ["mcp", { server_id: "git", tool: "push" }],
    ["mcp", { mcp_server: "git", name: "push" }],
  ])("%s %j names the server under another key and runs git push", async (tool, input) => {
    expect(await action(tool, input)).toBe("deny");
  });

  it("reads the call's other keys as the tool's input, the names left out", () => {
    const commands = (input: object) => guessedShellCalls("mcp", input).map((c) => c.input.command);
    expect(commands({ server: "git", tool: "push", path: "/tmp/x" })).toContain(
      "git -C '/tmp/x' push",
    );
    expect(commands({ server_name: "git", tool_name: "push" })).toContain("git push");
  });

  it("keeps other tools of a git server, and other servers, as they were", async () => {
    expect(await action("mcp", { server: "git", tool: "log" })).toBe("allow");
    expect(await action("mcp", { tool: "git_status" })).toBe("allow");
    expect(
      await action("use_mcp_tool", { server_name: "git", tool_name: "status", arguments: "{}" }),
    ).toBe("allow");
    expect(await action("mcp", { server_name: "github", tool_name: "push_files" })).toBe("allow");
    expect(
      await action("use_mcp_tool", {
        server_name: "weather",
        tool_name: "get_forecast",
        arguments: { city: "x" },
      }),
    ).toBe("allow");
  });
});
