import { loadBashAnalyzer } from "@pi-permission/bash";
import { evaluateToolCall, SessionGrants } from "@pi-permission/gates";
import { loadPolicy } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { grantsCommand } from "../src/command.ts";

const analyzer = await loadBashAnalyzer();
const policy = loadPolicy({
  cwd: "/repo",
  home: "/home/u",
  env: {},
  agentDir: "/no-agent",
  managedFile: null,
  readFile: (file) =>
    file === "/no-agent/permissions.json" ? '{ "permission": { "*": "ask" } }' : undefined,
}).policy;

function ask(command: string) {
  const verdict = evaluateToolCall(
    { rules: policy.rules, settings: policy.settings },
    {
      toolName: "bash",
      toolCallId: "call_1",
      input: { command },
      cwd: "/repo",
      home: "/home/u",
      agentName: null,
      sessionId: "s",
    },
    analyzer,
  );
  if (!verdict.deciding) throw new Error("no request");
  return verdict.deciding;
}

function session() {
  const grants = new SessionGrants();
  grants.grant(ask("npm install lodash"), { requestId: "perm-1" });
  grants.grant(ask("git status --short"), { requestId: "perm-2", wider: true });
  return grants;
}

describe("/permissions grants", () => {
  it("lists the session's grants with the request each came from", () => {
    expect(grantsCommand(session(), [])).toEqual({
      level: "info",
      text: [
        "Session grants:",
        "  1. bash  npm install lodash  (exactly)  from perm-1",
        "  2. bash  git status *  (pattern)  from perm-2",
        "Revoke one with /permissions grants revoke <n>, or all with /permissions grants revoke all.",
      ].join("\n"),
    });
  });

  it("revokes one by its number, and the call asks again", () => {
    const grants = session();
    expect(grantsCommand(grants, ["revoke", "1"])).toEqual({
      level: "info",
      text: 'Revoked session grant 1: bash "npm install lodash" (from perm-1). Matching calls ask again.',
    });
    expect(
      grants.covering(ask("npm install lodash"), { cwd: "/repo", home: "/home/u" } as never),
    ).toBeNull();
    expect(grants.list().map((g) => g.pattern)).toEqual(["git status *"]);
  });

  it("revokes them all", () => {
    const grants = session();
    expect(grantsCommand(grants, ["revoke", "all"]).text).toBe("Revoked 2 session grants.");
    expect(grantsCommand(grants, []).text).toBe("Session grants: none");
  });

  it.each([
    [["revoke", "3"], "There is no session grant 3; /permissions grants lists them."],
    [["revoke", "x"], "usage: /permissions grants [revoke <n>|all]"],
    [["drop"], "usage: /permissions grants [revoke <n>|all]"],
  ])("%j warns: %s", (args, text) => {
    expect(grantsCommand(session(), args)).toEqual({ level: "warning", text });
  });
});
