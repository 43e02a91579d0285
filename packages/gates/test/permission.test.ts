// A value judged on one surface directly (the service's `checkPermission`): only that
// surface's gate, under the policy's rules and hooks, with the verdict record's source.

import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluatePermission, type PermissionHook } from "../src/index.ts";
import { analyzerOnce, policyOf } from "./fixtures.ts";

const PLACE = { cwd: "/repo", home: "/home/user", agentName: null, sessionId: null };

const POLICY: PermissionMap = {
  "*": "ask",
  read: { "*": "allow", "/etc/**": "deny" },
  bash: { "*": "ask", "git *": "allow", "rm *": "deny" },
  mcp: { "*": "deny", "github:*": "allow" },
  skill: { "*": "allow", "deploy-*": "deny" },
  path: { "**/.env": "deny" },
  path_write: { "/etc/**": "deny" },
  external_directory: { "*": "ask", "/tmp/**": "allow" },
};

async function judge(surface: string, value: string, hooks: PermissionHook[] = []) {
  const verdict = evaluatePermission(
    { ...policyOf(POLICY), hooks },
    PLACE,
    { surface, value },
    await analyzerOnce(),
  );
  return [verdict.action, verdict.deciding?.payload.request.matchedPattern ?? null];
}

describe("evaluatePermission", () => {
  it.each<[string, string, string, string | null]>([
    ["bash", "git status", "allow", "git *"],
    ["bash", "git status && rm -rf build", "deny", "rm *"],
    ["bash", "sudo git status", "ask", "*"],
    ["bash", "git status 'unterminated", "ask", "<unparseable-bash-command>"],
    ["mcp", "github:create_issue", "allow", "github:*"],
    ["mcp", "mcp__github__create_issue", "allow", "github:*"],
    ["mcp", "slack:post", "deny", "*"],
    ["skill", "deploy-prod", "deny", "deploy-*"],
    ["skill", "librarian", "allow", "*"],
    ["path", "config/.env", "deny", "**/.env"],
    ["path_read", "/etc/hosts", "allow", null],
    ["path_write", "/etc/hosts", "deny", "/etc/**"],
    ["external_directory", "/tmp/x", "allow", "/tmp/**"],
    ["external_directory_read", "/opt/x", "ask", "*"],
    ["external_directory", "src/a.ts", "allow", null],
    ["read", "/etc/passwd", "deny", "/etc/**"],
    ["read", "~/notes.md", "allow", "*"],
    ["write", "a.txt", "ask", "*"],
    ["deploy", "prod", "ask", "*"],
  ])("(%s, %j) → %s by %j", async (surface, value, action, pattern) => {
    expect(await judge(surface, value)).toEqual([action, pattern]);
  });

  it("applies a hook's rules on the same surface, and a check sees the value as its call", async () => {
    const seen: unknown[] = [];
    const hooks: PermissionHook[] = [
      {
        ref: { id: "package:guard:h", name: "Guard", source: "package:guard" },
        kind: "check",
        check: (facts) => {
          seen.push([facts.toolName, facts.input]);
          return facts.toolName === "mcp" ? { action: "ask" } : null;
        },
      },
    ];
    expect(await judge("mcp", "github:create_issue", hooks)).toEqual(["ask", null]);
    expect(await judge("bash", "git status", hooks)).toEqual(["allow", "git *"]);
    expect(seen).toEqual([
      ["mcp", { server: "github", tool: "create_issue" }],
      ["bash", { command: "git status" }],
    ]);
  });
});
