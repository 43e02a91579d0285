// The policy is checked for changes on disk before every call. Most policy files are
// usually missing (no managed file, no project file, no trust store): the check must stat
// them without an ENOENT error thrown and caught each time, and still see every change.
import * as fs from "node:fs";
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it, vi } from "vitest";

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  return { ...real, statSync: vi.fn(real.statSync) };
});

const { SessionState } = await import("../src/session-state.ts");
const { recordProjectTrust } = await import("@pi-permission/policy");

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

function setup() {
  root = mkdtempSync(join(tmpdir(), "pi-permission-fresh-"));
  const agentDir = join(root, "agent");
  const cwd = join(root, "repo");
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  writeFileSync(
    join(agentDir, "permissions.json"),
    JSON.stringify({ permission: { bash: "ask" } }),
  );
  const state = new SessionState(
    { cwd, home: root, agentDir, env: { PI_PERMISSION_MANAGED_POLICY: join(root, "none.json") } },
    () => {},
  );
  return { state, agentDir, cwd };
}

it("checks the policy files before each call without throwing for the missing ones", () => {
  const { state } = setup();
  const stat = vi.mocked(fs.statSync);
  stat.mockClear();
  for (let n = 0; n < 10; n++) state.runnerPolicy(null);
  // Three files (managed, global, project), once per call; with no project file the trust
  // store decides nothing and is not looked at.
  expect(stat).toHaveBeenCalledTimes(30);
  expect(stat.mock.results.filter((r) => r.type === "throw")).toEqual([]);
});

it("looks at the trust store while a project file exists, and sees a trust given elsewhere", () => {
  const { state, agentDir, cwd } = setup();
  mkdirSync(join(cwd, ".pi"));
  // A project file that loosens: it applies in full only once trusted.
  writeFileSync(
    join(cwd, ".pi", "permissions.json"),
    JSON.stringify({ permission: { bash: { "npm test": "allow" } } }),
  );
  const trustState = () => state.loadResult.projectTrust?.state;
  expect(trustState()).toBe("untrusted");
  const stat = vi.mocked(fs.statSync);
  stat.mockClear();
  state.runnerPolicy(null);
  expect(stat).toHaveBeenCalledTimes(4);
  // Another session (or the CLI) trusts this content: the next call applies it.
  const trust = state.loadResult.projectTrust;
  if (trust === undefined) throw new Error("expected a project file's trust");
  recordProjectTrust(agentDir, trust.file, trust.hash);
  expect(trustState()).toBe("trusted");
  expect(
    state.runnerPolicy(null).rules.find((r) => r.pattern === "npm test")?.onlyTightens,
  ).toBeUndefined();
});

it("still sees a file appear, change and go", () => {
  const { state, agentDir, cwd } = setup();
  const bash = () => state.runnerPolicy(null).rules.filter((r) => r.surface === "bash");
  expect(bash().map((r) => r.action)).toContain("ask");
  // The global file changes (same size, a later time).
  const global = join(agentDir, "permissions.json");
  writeFileSync(global, JSON.stringify({ permission: { bash: "deny" } }));
  utimesSync(global, new Date(Date.now() + 5000), new Date(Date.now() + 5000));
  expect(bash().map((r) => r.action)).toContain("deny");
  expect(bash().map((r) => r.action)).not.toContain("ask");
  // A project file appears: it tightens at once.
  mkdirSync(join(cwd, ".pi"));
  writeFileSync(
    join(cwd, ".pi", "permissions.json"),
    JSON.stringify({ permission: { bash: { "rm *": "deny" } } }),
  );
  expect(bash().some((r) => r.pattern === "rm *")).toBe(true);
  // And goes.
  rmSync(join(cwd, ".pi"), { recursive: true });
  expect(bash().some((r) => r.pattern === "rm *")).toBe(false);
});

it("gives the policy as the last check read it without looking at the disk again", () => {
  const { state } = setup();
  const checked = state.runnerPolicy(null).settings;
  const stat = vi.mocked(fs.statSync);
  stat.mockClear();
  expect(state.loaded.settings).toBe(checked);
  expect(stat).not.toHaveBeenCalled();
});
