// S34 agent-file-trust (r33f F2): before a `subagent` call launches a child, the parent works
// out which agent file pi-subagents 0.67.0 will use for each name and whether that child
// loads pi-permission. A project's file (it wins over yours, with no trust step), a project
// setting that may change agents, your file that loads no pi-permission, an agent run by an
// external program, a name no file of yours defines, a workflow script: each is reported
// (the gates make it an ask). Your own agent that loads pi-permission is not.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type LaunchPlace, unguardedLaunches } from "../src/subagent-launch.ts";

// The gate entry of a package named @pi-permission/extension (its manifest's main).
const OURS = (() => {
  const pkg = mkdtempSync(join(tmpdir(), "s34-ours-"));
  writeFileSync(
    join(pkg, "package.json"),
    JSON.stringify({ name: "@pi-permission/extension", main: "./dist/index.js" }),
  );
  mkdirSync(join(pkg, "dist"));
  writeFileSync(join(pkg, "dist", "index.js"), "export default () => {};\n");
  return join(pkg, "dist", "index.js");
})();
afterAll(() => rmSync(join(OURS, "..", ".."), { recursive: true, force: true }));

const agentFile = (name: string, extra = "") =>
  `---\nname: ${name}\ndescription: Runs what it is told\ntools: bash\n${extra}---\nYou run commands.\n`;
const gated = (name: string) => agentFile(name, `subagentOnlyExtensions: ${OURS}\n`);

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup) step();
  cleanup = [];
});

function place(files: Record<string, string>): LaunchPlace {
  const root = mkdtempSync(join(tmpdir(), "s34-agents-"));
  cleanup.push(() => rmSync(root, { recursive: true, force: true }));
  const home = join(root, "home");
  for (const [path, text] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  mkdirSync(join(root, "project"), { recursive: true });
  mkdirSync(home, { recursive: true });
  return {
    cwd: join(root, "project"),
    home,
    agentDir: join(home, ".pi", "agent"),
    env: {},
    globalNpmRoot: null,
  };
}

const run = (agent: string) => ({ agent, task: "go", async: false });

describe("the agent file a subagent launch uses", () => {
  it("vouches for your own agent that loads pi-permission", () => {
    const at = place({ "home/.pi/agent/agents/reviewer.md": gated("reviewer") });
    expect(unguardedLaunches("subagent", run("reviewer"), at)).toEqual([]);
  });

  it("reports a project's agent of the same name, naming the file and that it loads no pi-permission", () => {
    const at = place({
      "home/.pi/agent/agents/reviewer.md": gated("reviewer"),
      "project/.pi/agents/reviewer.md": agentFile("reviewer"),
    });
    const [launch, ...rest] = unguardedLaunches("subagent", run("reviewer"), at);
    expect(rest).toEqual([]);
    expect(launch?.agent).toBe("reviewer");
    expect(launch?.why).toContain("the project's .pi/agents/reviewer.md defines reviewer");
    expect(launch?.why).toContain("loads no pi-permission");
    expect(launch?.definition).toMatch(/reviewer\.md sha256:[0-9a-f]{16}$/);
  });

  it.each([
    ["another file name", "project/.pi/agents/notes/x.md", agentFile("reviewer")],
    ["the legacy .agents folder", "project/.agents/r.md", agentFile("reviewer")],
    ["an alias", "project/.pi/agents/a.md", agentFile("other", "aliases: a, reviewer\n")],
    ["a package prefix", "project/.pi/agents/b.md", agentFile("rev", "package: team\n")],
    ["an ancestor's project", ".pi/agents/r.md", agentFile("reviewer")],
  ])("reports a project definition through %s", (_label, path, text) => {
    const at = place({ "home/.pi/agent/agents/reviewer.md": gated("reviewer"), [path]: text });
    const agent = path.includes("b.md") ? "team.rev" : "reviewer";
    if (agent === "team.rev") {
      writeFileSync(join(at.agentDir, "agents", "team-rev.md"), gated("team.rev"));
    }
    expect(unguardedLaunches("subagent", run(agent), at)).toHaveLength(1);
  });

  it("reports a project agent even when it loads pi-permission: its file was never trusted", () => {
    const at = place({
      "home/.pi/agent/agents/reviewer.md": gated("reviewer"),
      "project/.pi/agents/reviewer.md": gated("reviewer"),
    });
    const [launch] = unguardedLaunches("subagent", run("reviewer"), at);
    expect(launch?.why).toContain("project's");
    expect(launch?.why).not.toContain("loads no pi-permission");
  });

  it("ignores a project file that defines another agent", () => {
    const at = place({
      "home/.pi/agent/agents/reviewer.md": gated("reviewer"),
      "project/.pi/agents/writer.md": agentFile("writer"),
    });
    expect(unguardedLaunches("subagent", run("reviewer"), at)).toEqual([]);
  });

  it.each([
    ['{"subagents":{"defaultExtensions":[]}}', true],
    ['{"subagents":{"agentOverrides":{"reviewer":{"extensions":[]}}}}', true],
    ['{"packages":["npm:some-agents"]}', true],
    ["not json", true],
    ['{"subagents":{"projectRootResolution":"nearest"},"theme":"dark"}', false],
  ])("judges the project settings %s (asks: %s)", (settings, asks) => {
    const at = place({
      "home/.pi/agent/agents/reviewer.md": gated("reviewer"),
      "project/.pi/settings.json": settings,
    });
    expect(unguardedLaunches("subagent", run("reviewer"), at)).toHaveLength(asks ? 1 : 0);
  });

  it("reports your own agent that loads no pi-permission, and one an override strips", () => {
    const plain = place({ "home/.pi/agent/agents/reviewer.md": agentFile("reviewer") });
    expect(unguardedLaunches("subagent", run("reviewer"), plain)[0]?.why).toContain(
      "loads no pi-permission",
    );
    const stripped = place({
      "home/.pi/agent/agents/reviewer.md": gated("reviewer"),
      "home/.pi/agent/settings.json": JSON.stringify({
        subagents: { agentOverrides: { reviewer: { subagentOnlyExtensions: false } } },
      }),
    });
    expect(unguardedLaunches("subagent", run("reviewer"), stripped)).toHaveLength(1);
  });

  it("reads extensions: as the allowlist and subagents.defaultExtensions for agents without one", () => {
    const own = place({
      "home/.pi/agent/agents/reviewer.md": agentFile(
        "reviewer",
        `extensions: /x/provider.js, ${OURS}\n`,
      ),
    });
    expect(unguardedLaunches("subagent", run("reviewer"), own)).toEqual([]);
    const defaults = place({
      "home/.pi/agent/agents/reviewer.md": agentFile("reviewer"),
      "home/.pi/agent/settings.json": JSON.stringify({ subagents: { defaultExtensions: [OURS] } }),
    });
    expect(unguardedLaunches("subagent", run("reviewer"), defaults)).toEqual([]);
    // Its own list replaces the defaults.
    const replaced = place({
      "home/.pi/agent/agents/reviewer.md": agentFile("reviewer", "extensions: /x/provider.js\n"),
      "home/.pi/agent/settings.json": JSON.stringify({ subagents: { defaultExtensions: [OURS] } }),
    });
    expect(unguardedLaunches("subagent", run("reviewer"), replaced)).toHaveLength(1);
  });

  it("judges a built-in agent by the default extensions, and one run by another program as unchecked", () => {
    const withDefaults = place({
      "home/.pi/agent/settings.json": JSON.stringify({ subagents: { defaultExtensions: [OURS] } }),
    });
    expect(unguardedLaunches("subagent", run("scout"), withDefaults)).toEqual([]);
    expect(unguardedLaunches("subagent", run("codex-exec"), withDefaults)[0]?.why).toContain(
      "external agent",
    );
    expect(unguardedLaunches("subagent", run("scout"), place({}))).toHaveLength(1);
    const runner = place({
      "home/.pi/agent/agents/reviewer.md": gated("reviewer").replace(
        "tools:",
        "runner: codex\ntools:",
      ),
    });
    expect(unguardedLaunches("subagent", run("reviewer"), runner)).toHaveLength(1);
  });

  it("asks about a name none of your files defines (a package's, or none)", () => {
    expect(unguardedLaunches("subagent", run("mystery"), place({}))[0]?.why).toContain(
      "no agent file of yours defines mystery",
    );
  });

  it("follows every child of tasks, chain and parallel steps, each in its own cwd", () => {
    const at = place({
      "home/.pi/agent/agents/reviewer.md": gated("reviewer"),
      "project/sub/.pi/agents/reviewer.md": agentFile("reviewer"),
    });
    expect(unguardedLaunches("subagent", { tasks: [run("reviewer")] }, at)).toEqual([]);
    const launches = [
      { tasks: [run("reviewer"), { ...run("reviewer"), cwd: "sub" }] },
      { chain: [{ agent: "reviewer" }, { parallel: [{ agent: "reviewer", cwd: "sub" }] }] },
      { chain: [{ parallel: { agent: "reviewer", cwd: "./sub" } }] },
      { ...run("reviewer"), cwd: "sub" },
      { action: "schedule.create", agent: "reviewer", cwd: "sub", at: "+1m" },
    ];
    for (const input of launches) {
      expect(unguardedLaunches("subagent", input, at), JSON.stringify(input)).toHaveLength(1);
    }
  });

  it("asks about a workflow script, whose agents are picked while it runs", () => {
    const at = place({ "home/.pi/agent/agents/reviewer.md": gated("reviewer") });
    for (const key of ["workflowScript", "workflowScriptPath", "workflow"]) {
      const [launch] = unguardedLaunches("subagent", { [key]: "x" }, at);
      expect(launch?.why).toContain("workflow");
    }
  });

  it("leaves management calls and other tools alone", () => {
    const at = place({ "project/.pi/agents/reviewer.md": agentFile("reviewer") });
    expect(unguardedLaunches("subagent", { action: "list" }, at)).toEqual([]);
    expect(unguardedLaunches("subagent", { action: "get", agent: "reviewer" }, at)).toEqual([]);
    expect(unguardedLaunches("bash", run("reviewer"), at)).toEqual([]);
  });
});
