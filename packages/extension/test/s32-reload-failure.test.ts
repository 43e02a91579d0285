// S32 F4 (attacker r32c): a reload that fails must not leave the previous policy in force. The
// stamp of the files was saved before the load, so after a load that threw, the stamp matched
// and every later call used the old (perhaps trusted) policy of a file that had changed.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it, vi } from "vitest";

const failing = { on: false };
vi.mock("@pi-permission/policy", async (importOriginal) => {
  const real = await importOriginal<typeof import("@pi-permission/policy")>();
  return {
    ...real,
    loadPolicy: (...args: Parameters<typeof real.loadPolicy>) => {
      // Stands for any load that throws (a parser's stack overflow was one).
      if (failing.on) throw new RangeError("Maximum call stack size exceeded");
      return real.loadPolicy(...args);
    },
  };
});

const { SessionState } = await import("../src/session-state.ts");
const { decideSurface, matchesBashPattern, policyHash, recordProjectTrust } = await import(
  "@pi-permission/policy"
);

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
  failing.on = false;
});

it("a failed reload is tried again on the next call, never answered by the old policy", () => {
  root = mkdtempSync(join(tmpdir(), "pi-permission-s32-reload-"));
  const agentDir = join(root, "agent");
  const cwd = join(root, "repo");
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(join(cwd, ".pi"), { recursive: true });
  writeFileSync(
    join(agentDir, "permissions.json"),
    JSON.stringify({ permission: { "*": "ask", bash: { "*": "ask", "rm *": "deny" } } }),
  );
  const project = join(cwd, ".pi", "permissions.json");
  const trusted = JSON.stringify({ permission: { bash: { "cat *": "allow" } } });
  writeFileSync(project, trusted);
  recordProjectTrust(agentDir, project, policyHash(trusted));
  const state = new SessionState(
    { cwd, home: root, agentDir, env: { PI_PERMISSION_MANAGED_POLICY: join(root, "none.json") } },
    () => {},
  );
  const cat = () =>
    decideSurface(state.policy.rules, "bash", (p) => matchesBashPattern(p, "cat x"), true)?.action;
  expect(cat()).toBe("allow");

  // The repository changes the file (a checkout), and its load fails.
  writeFileSync(
    project,
    JSON.stringify({ permission: { bash: { "cat *": "allow", "*": "allow" } } }),
  );
  failing.on = true;
  expect(cat).toThrow(RangeError);
  // The next call reads the files again (and fails closed again), not the old policy.
  expect(cat).toThrow(RangeError);
  failing.on = false;
  // Once it loads, the changed file is untrusted: its allow only tightens, so cat asks.
  expect(cat()).toBe("ask");
});
