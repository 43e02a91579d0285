// Git configuration and hooks written by an MCP tool after attack round F17: the floor that
// makes such a write at most an ask held for Pi's and other foreign tools (the tool gate) but
// not for MCP calls, judged by the mcp gate. A config written with `core.fsmonitor` runs its
// command on the next `git status` (traced).
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, call, PERMISSIVE, policyOf } from "./fixtures.ts";

async function verdict(tool: string, input: unknown, rules: object = PERMISSIVE) {
  const policy = policyOf(rules as never);
  const judged = evaluateToolCall(policy, call(tool, input), await analyzerOnce());
  return { action: judged.action, sentinel: judged.deciding?.decidingItem?.sentinel ?? null };
}

const CONFIG = "[core]\n\tfsmonitor = git push origin main\n";
const PATCH = `*** Begin Patch\n*** Add File: .git/config\n+[core]\n*** End Patch\n`;

describe("git metadata an MCP tool writes", () => {
  it.each([
    ["mcp__filesystem__write_file", { path: ".git/config", content: CONFIG }],
    ["mcp__filesystem__write_file", { path: "/repo/.git/config", content: CONFIG }],
    ["mcp__filesystem__write_file", { path: ".git/hooks/pre-commit", content: "#!/bin/sh\n" }],
    [
      "mcp__filesystem__edit_file",
      { path: ".git/config", edits: [{ oldText: "a", newText: "b" }] },
    ],
    ["mcp__filesystem__move_file", { source: "notes/cfg", destination: ".git/config" }],
    ["mcp", { tool: "filesystem_write_file", args: { path: ".git/config", content: CONFIG } }],
    ["mcp", { server: "fs", tool: "write_file", args: { path: "src/../.git/config" } }],
    ["mcp__codex__apply_patch", { patch: PATCH }],
    ["mcp__lsp__apply_workspace_edit", { edit: { changes: { "file:///repo/.git/config": [] } } }],
  ])("%s %j is asked about", async (tool, input) => {
    expect(await verdict(tool, input)).toEqual({
      action: "ask",
      sentinel: "<opaque-bash-wrapper>",
    });
  });

  it("leaves other files, lock files and a stricter verdict alone", async () => {
    const write = (path: string) => verdict("mcp__fs__write_file", { path, content: "x" });
    expect((await write("src/.gitignore")).action).toBe("allow");
    expect((await write(".git/index.lock")).action).toBe("allow");
    const denied = { ...PERMISSIVE, mcp: { "fs:*": "deny" } };
    expect(
      (await verdict("mcp__fs__write_file", { path: ".git/config", content: "x" }, denied)).action,
    ).toBe("deny");
  });
});
