// A deny or ask path rule that names a folder without a glob (`"~/.ssh": "deny"`) covers the
// files inside it; an allow written that way stays the folder's own name.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, policyOf } from "./fixtures.ts";

const FOLDERS: PermissionMap = {
  "*": "allow",
  read: "allow",
  bash: { "*": "allow" },
  path: { "~/.ssh": "deny", "/srv/data": "ask", build: "allow", "build/out": "deny" },
  write: { "*": "allow", "/etc": "deny" },
};

async function decide(toolName: string, input: Record<string, unknown>) {
  const facts = { toolCallId: "c", toolName, input, cwd: "/repo", home: "/home/u" };
  const verdict = evaluateToolCall(policyOf(FOLDERS), facts as never, await analyzerOnce());
  const deciding = verdict.action === "allow" ? null : verdict.deciding;
  return { action: verdict.action, rule: deciding?.payload.request.matchedPattern ?? null };
}

describe("a deny or ask path rule naming a folder covers what is inside it", () => {
  it.each<[string, Record<string, unknown>, string, string | null]>([
    ["read", { path: "~/.ssh/id_rsa" }, "deny", "~/.ssh"],
    ["read", { path: "~/.ssh" }, "deny", "~/.ssh"],
    ["bash", { command: "cat ~/.ssh/config" }, "deny", "~/.ssh"],
    ["bash", { command: "cat ~/.ssh/*" }, "deny", "~/.ssh"],
    ["bash", { command: "cat /srv/data/a/b" }, "ask", "/srv/data"],
    ["write", { path: "/etc/cron.d/job", content: "x" }, "deny", "/etc"],
    ["read", { path: "~/.sshx/a" }, "allow", null],
    // An allow naming a folder is its own name only: the deny below it still decides.
    ["read", { path: "build/out/a.js" }, "deny", "build/out"],
    ["read", { path: "build/a.js" }, "allow", null],
  ])("%s %j", async (tool, input, action, rule) => {
    expect(await decide(tool, input)).toEqual({ action, rule });
  });
});
