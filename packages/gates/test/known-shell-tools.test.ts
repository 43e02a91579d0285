// A tool named like another agent's shell tool (Codex's exec_command, Claude Code's Bash,
// Cursor's run_terminal_cmd, …) is judged as the shell call it may be even when no
// `shellTools` entry declares it; the stricter verdict stands, so the guess only tightens.

import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { knownShellTool } from "../src/known-shell-tools.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const PERMISSIVE = {
  "*": "allow",
  bash: { "*": "allow", "rm -rf /*": "deny", "git push *": "deny" },
  external_directory: "deny",
} as const;
const CAUTIOUS = {
  "*": "ask",
  bash: { "*": "ask", "ls *": "allow" },
  path: { "**/.env": "deny" },
} as const;

async function action(permission: Parameters<typeof policyOf>[0], tool: string, input: unknown) {
  return (await evaluateToolCall(policyOf(permission), call(tool, input), await analyzerOnce()))
    .action;
}

describe("an undeclared tool named like a shell tool", () => {
  it.each([
    ["exec_command", { cmd: "rm -rf /" }],
    ["Bash", { command: "git push origin main" }],
    ["run_terminal_cmd", { command: "rm -rf /home" }],
    ["run_shell_command", { command: "git push" }],
    ["execute_command", { command: ["bash", "-lc", "rm -rf /"] }],
    ["mcp__box__shell", { command: "rm -rf /" }],
    ["mcp__x__bash", { code: "git push origin main" }],
    ["mcp__x__run_script", { language: "bash", code: "rm -rf /" }],
    ["exec_command", { cmd: "cat passwd", workdir: "/etc" }],
  ])("%s %j meets the bash and path rules, which deny it", async (tool, input) => {
    expect(await action(PERMISSIVE, tool, input)).toBe("deny");
  });

  it("meets a path deny a policy that asks for unknown tools would only ask about", async () => {
    expect(await action(CAUTIOUS, "exec_command", { cmd: "cat .env" })).toBe("deny");
  });

  it("is never loosened by the guess: the tool's own verdict stands when stricter", async () => {
    expect(await action(CAUTIOUS, "exec_command", { cmd: "ls" })).toBe("ask");
    expect(await action(PERMISSIVE, "exec_command", { cmd: "ls" })).toBe("allow");
  });

  it("leaves other tools, and shell-named tools without a command, to their own rules", async () => {
    expect(await action(PERMISSIVE, "search", { input: "rm -rf /" })).toBe("allow");
    expect(await action(PERMISSIVE, "shell", { query: "rm -rf /" })).toBe("allow");
    expect(knownShellTool("search", { command: "x" })).toBeNull();
    expect(knownShellTool("Run-Terminal-Cmd", { command: "x", cwd: "/tmp" })).toEqual({
      command: "command",
      cwd: "cwd",
    });
  });
});

describe("a shell command reached another way (adv11r)", () => {
  it.each([
    ["mcp", { tool: "exec_command", args: '{"cmd": "rm -rf /"}' }],
    ["mcp", { tool: "bash", args: '{"command": "git push origin main"}' }],
    ["mcp", { tool: "run_command", server: "shell", args: '{"command": "git push"}' }],
    ["mcp", { tool: "shell:exec_command", args: { cmd: "git push origin main" } }],
    ["mcp__x__run_command", { command: "git", args: ["push", "origin", "main"] }],
    ["mcp__x__spawn", { command: "git", args: ["push", "origin", "main"] }],
    ["mcp__x__spawn", { command: "git", args: "push origin main" }],
    ["mcp__dc__start_process", { command: "rm -rf /", timeout_ms: 5000 }],
    ["mcp__x__run_command", { Command: "git push origin main" }],
    ["mcp__x__run_command", { params: { command: "git push origin main" } }],
  ])("%s %j is judged as the shell call it hands on", async (tool, input) => {
    expect(await action(PERMISSIVE, tool, input)).toBe("deny");
  });

  it("keeps the harmless ones allowed", async () => {
    expect(await action(PERMISSIVE, "mcp", { tool: "exec_command", args: '{"cmd":"ls"}' })).toBe(
      "allow",
    );
    expect(await action(PERMISSIVE, "mcp__x__spawn", { command: "git", args: ["status"] })).toBe(
      "allow",
    );
  });
  it("reads code as a shell command only for a shell or a runner told its language is one", async () => {
    // Python code is opaque, as `python3 -c CODE` is in bash: asked about, not denied as `rm`.
    expect(
      await action(PERMISSIVE, "mcp__x__run_script", { language: "python", code: "rm -rf /" }),
    ).toBe("ask");
    expect(
      await action(PERMISSIVE, "mcp", { name: "exec_command", args: { cmd: "rm -rf /" } }),
    ).toBe("deny");
  });
});
