// Sessions of one process whose policy files say the same share one rule list, so what the
// gates work out once per list (surface indexes, pattern readings, judged units of repeated
// commands) is not worked out again by every fresh session. Sharing must never change a
// verdict: a shared list is always equal to the list the session itself loaded, and a file
// that says something else gets a list of its own.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadPolicy } from "@pi-permission/policy";
import { afterEach, expect, it } from "vitest";
import { SessionState } from "../src/session-state.ts";

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

function session(permission: unknown, project?: unknown) {
  const root = mkdtempSync(join(tmpdir(), "pi-permission-shared-"));
  roots.push(root);
  const agentDir = join(root, "agent");
  const cwd = join(root, "repo");
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(join(cwd, ".pi"), { recursive: true });
  writeFileSync(join(agentDir, "permissions.json"), JSON.stringify({ permission }));
  if (project !== undefined) {
    writeFileSync(join(cwd, ".pi", "permissions.json"), JSON.stringify({ permission: project }));
  }
  const location = {
    cwd,
    home: root,
    agentDir,
    env: { PI_PERMISSION_MANAGED_POLICY: join(root, "none.json") },
  };
  return { state: new SessionState(location, () => {}), location };
}

const POLICY = { "*": "ask", bash: { "*": "ask", "git *": "allow", "rm *": "deny" } };

it("gives each session the rules its own files load", () => {
  const a = session(POLICY);
  const b = session(POLICY);
  // Different folders, so the rules' origins name different files: each keeps its own.
  expect(a.state.policy.rules).toStrictEqual(loadPolicy(a.location).policy.rules);
  expect(b.state.policy.rules).toStrictEqual(loadPolicy(b.location).policy.rules);
  // The same session reloaded (its files unchanged) keeps its list.
  const before = a.state.policy.rules;
  a.state.reload();
  expect(a.state.policy.rules).toBe(before);
});

it("shares one list between sessions whose loaded rules are equal, and only then", () => {
  const a = session(POLICY);
  const rules = a.state.policy.rules;
  // A second session on the very same files (another session of the same project).
  const again = new SessionState(a.location, () => {});
  expect(again.policy.rules).toBe(rules);
  expect(again.policy.rules).toStrictEqual(loadPolicy(a.location).policy.rules);
  // Another policy in the same place: a list of its own, equal to what it loads.
  writeFileSync(
    join(a.location.agentDir, "permissions.json"),
    JSON.stringify({ permission: { ...POLICY, bash: { "*": "deny" } } }),
  );
  const other = new SessionState(a.location, () => {});
  expect(other.policy.rules).not.toBe(rules);
  expect(other.policy.rules).toStrictEqual(loadPolicy(a.location).policy.rules);
  // The first session sees its file changed on its next call, and loads the new list.
  expect(a.state.policy.rules).toStrictEqual(loadPolicy(a.location).policy.rules);
});

it("keeps an untrusted project file's marks: such a list is shared only with an equal one", () => {
  const a = session(POLICY, { bash: { "npm test": "allow" } });
  const b = new SessionState(a.location, () => {});
  expect(b.policy.rules).toBe(a.state.policy.rules);
  expect(b.policy.rules.some((r) => r.onlyTightens)).toBe(true);
  expect(b.policy.rules).toStrictEqual(loadPolicy(a.location).policy.rules);
});
