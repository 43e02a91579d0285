// `check` / `explain` without --config read what Pi reads, under the same trust rule; `init`
// writes the built-in default (docs/configuration.md, "Project trust").
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_POLICY_TEXT } from "@pi-permission/policy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { EXIT, runCli } from "../src/index.ts";

let root: string;
let agent: string;
let project: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "pi-permission-pi-files-"));
  agent = join(root, "agent");
  project = join(root, "repo");
  mkdirSync(agent, { recursive: true });
  mkdirSync(join(project, ".pi"), { recursive: true });
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

async function run(...argv: string[]) {
  let out = "";
  let err = "";
  const code = await runCli(argv, {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    cwd: root,
    home: join(root, "home"),
    env: {},
  });
  return { code, out, err };
}

const check = (command: string, ...extra: string[]) =>
  run(
    "check",
    "--agent-dir",
    agent,
    "--cwd",
    project,
    "--tool",
    "bash",
    "--input",
    JSON.stringify({ command }),
    ...extra,
  );

describe("check without --config reads the files Pi reads", () => {
  beforeEach(() => {
    writeFileSync(
      join(agent, "permissions.json"),
      '{ "permission": { "*": "ask", "bash": { "rm *": "deny" } } }',
    );
  });

  it("a project file that loosens is inert until trusted; --trust-project applies it", async () => {
    writeFileSync(
      join(project, ".pi", "permissions.json"),
      '{ "permission": { "bash": { "rm *": "allow", "tsc *": "allow" } } }',
    );
    const untrusted = await check("tsc -b");
    const trusted = await check("tsc -b", "--trust-project");
    const denied = await check("rm -rf build");
    expect([untrusted.code, trusted.code, denied.code]).toEqual([EXIT.ask, EXIT.allow, EXIT.deny]);
    expect(untrusted.err).toBe(
      `pi-permission: ${join(project, ".pi", "permissions.json")} is not trusted, so it only tightens (permission.bash["rm *"], permission.bash["tsc *"] ignored); pass --trust-project to judge it trusted\n`,
    );
  });

  it("a project file that tightens applies without trust", async () => {
    writeFileSync(join(project, ".pi", "permissions.json"), '{ "permission": { "bash": "deny" } }');
    expect((await check("tsc -b")).code).toBe(EXIT.deny);
  });

  it("trust recorded under the agent dir counts, for exactly that content", async () => {
    const text = '{ "permission": { "bash": { "tsc *": "allow" } } }';
    writeFileSync(join(project, ".pi", "permissions.json"), text);
    const { createHash } = await import("node:crypto");
    const sha256 = createHash("sha256").update(text).digest("hex");
    mkdirSync(join(agent, "pi-permission"), { recursive: true });
    writeFileSync(
      join(agent, "pi-permission", "trust.json"),
      JSON.stringify({
        version: 1,
        projects: { [join(project, ".pi", "permissions.json")]: { sha256, trustedAt: "now" } },
      }),
    );
    expect((await check("tsc -b")).code).toBe(EXIT.allow);
    writeFileSync(join(project, ".pi", "permissions.json"), text.replace("tsc", "tsx"));
    expect((await check("tsc -b")).code).toBe(EXIT.ask);
  });

  it("explain lists the files and their state", async () => {
    const result = await run(
      "explain",
      "--agent-dir",
      agent,
      "--cwd",
      project,
      "--tool",
      "read",
      "--input",
      '{"path":"README.md"}',
    );
    expect(result.out.split("\n")[1]).toBe(
      `policy: global: ${join(agent, "permissions.json")} (loaded); project: ${join(project, ".pi", "permissions.json")} (missing)`,
    );
  });
});

describe("with no policy file at all", () => {
  it("judges with the built-in default", async () => {
    const read = await run(
      "check",
      "--agent-dir",
      agent,
      "--cwd",
      project,
      "--tool",
      "read",
      "--input",
      JSON.stringify({ path: ".env" }),
    );
    expect([read.code, JSON.parse(read.out).matchedPattern]).toEqual([EXIT.deny, "**/.env"]);
  });

  it("init writes the default for the user to edit, and never overwrites without --force", async () => {
    const first = await run("init", "--agent-dir", agent);
    const again = await run("init", "--agent-dir", agent);
    const project_ = await run("init", "--project", "--cwd", project);
    expect([first.code, again.code, project_.code]).toEqual([EXIT.ok, EXIT.error, EXIT.ok]);
    expect(readFileSync(join(agent, "permissions.json"), "utf8")).toBe(DEFAULT_POLICY_TEXT);
    expect(existsSync(join(project, ".pi", "permissions.json"))).toBe(true);
    expect(again.err).toContain("already exists");
  });
});
