// The session's policy per agent, and `/permissions` showing the agent sections.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { describePolicy } from "../src/command.ts";
import { SessionState } from "../src/session-state.ts";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function state(policy: object): SessionState {
  root = mkdtempSync(join(tmpdir(), "pi-permission-agents-"));
  const agentDir = join(root, "agent");
  const cwd = join(root, "repo");
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  writeFileSync(join(agentDir, "permissions.json"), JSON.stringify(policy));
  return new SessionState(
    { cwd, home: root, agentDir, env: { PI_PERMISSION_MANAGED_POLICY: join(root, "none.json") } },
    () => {},
  );
}

const POLICY = {
  permission: { bash: "ask" },
  agents: { reviewer: { permission: { bash: { "git diff *": "allow" }, edit: "deny" } } },
};

describe("the session's policy for an agent", () => {
  it("merges the agent's section over the session's rules, for that agent only", () => {
    const s = state(POLICY);
    const paths = (agent: string | null) =>
      s.runnerPolicy(agent).rules.map((r) => r.origin.jsonPath);
    expect(paths("reviewer").slice(-3)).toEqual([
      "permission.bash",
      'agents.reviewer.permission.bash["git diff *"]',
      "agents.reviewer.permission.edit",
    ]);
    expect(paths(null).at(-1)).toBe("permission.bash");
    expect(paths("builder")).toEqual(paths(null));
  });
});

describe("/permissions", () => {
  it("lists each agent's own rules under the session's", () => {
    const text = describePolicy(state(POLICY));
    const lines = text.split("\n");
    const at = lines.indexOf(
      "Agent sections (for a subagent's calls, each read right after its file's own rules):",
    );
    expect(at).toBeGreaterThan(0);
    expect(lines.slice(at + 1, at + 4).map((l) => l.replace(/\[global: .*\]$/, "[…]"))).toEqual([
      "  reviewer:",
      '    bash "git diff *" → allow  […]',
      '    edit "*" → deny  […]',
    ]);
  });

  it("says nothing about agents when no file has a section", () => {
    expect(describePolicy(state({ permission: { bash: "ask" } }))).not.toContain("Agent sections");
  });
});
