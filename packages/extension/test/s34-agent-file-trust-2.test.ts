// S34 agent-file-trust-2 (r34c): the launch check no longer re-implements pi-subagents' agent
// reader; it reads a strict subset of front matter with certainty and asks about anything
// else, requires every definition that may answer a name to load the gate entry, and looks
// at what answers when your file is one pi-subagents drops (a package's agent, the built-in).
// Each case below let a child run with no pi-permission and no prompt in a real Pi session.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, afterEach, describe, expect, it } from "vitest";
import { type LaunchPlace, unguardedLaunches } from "../src/subagent-launch.ts";

// A package named @pi-permission/extension: its gate entry (main), its OTel entry, a README.
const PKG = mkdtempSync(join(tmpdir(), "s34b-ours-"));
const GATE = join(PKG, "dist", "index.js");
mkdirSync(join(PKG, "dist"));
writeFileSync(
  join(PKG, "package.json"),
  JSON.stringify({
    name: "@pi-permission/extension",
    main: "./dist/index.js",
    pi: { extensions: ["./dist/index.js", "./dist/otel.js"] },
  }),
);
for (const file of ["dist/index.js", "dist/otel.js", "README.md"]) {
  writeFileSync(join(PKG, file), "\n");
}
afterAll(() => rmSync(PKG, { recursive: true, force: true }));

const agentFile = (name: string, extra = "") =>
  `---\nname: ${name}\ndescription: Runs what it is told\ntools: bash\n${extra}---\nYou run commands.\n`;
const gated = (name: string) => agentFile(name, `subagentOnlyExtensions: ${GATE}\n`);
const defaults = JSON.stringify({ subagents: { defaultExtensions: [GATE] } });

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup) step();
  cleanup = [];
});

/** Files under a temporary root: `home/…` is the home, `home/work/proj` the cwd. */
function place(files: Record<string, string>, extra: Partial<LaunchPlace> = {}): LaunchPlace {
  const root = mkdtempSync(join(tmpdir(), "s34b-agents-"));
  cleanup.push(() => rmSync(root, { recursive: true, force: true }));
  const home = join(root, "home");
  for (const [path, text] of Object.entries(files)) {
    const full = join(root, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  }
  const cwd = join(home, "work", "proj");
  mkdirSync(cwd, { recursive: true });
  // Every Pi user has ~/.pi (it holds ~/.pi/agent).
  mkdirSync(join(home, ".pi", "agent"), { recursive: true });
  return {
    cwd,
    home,
    agentDir: join(home, ".pi", "agent"),
    env: {},
    globalNpmRoot: null,
    ...extra,
  };
}

const launch = (agent: string) => ({ agent, task: "go", async: false });
const judged = (at: LaunchPlace, input: unknown = launch("delegate")) =>
  unguardedLaunches("subagent", input, at);

describe("S34 agent-file-trust-2: the launch check reads only what it can read with certainty", () => {
  it("keeps the control quiet: your own agent, plain front matter, loading the gate entry", () => {
    expect(judged(place({ "home/.pi/agent/agents/delegate.md": gated("delegate") }))).toEqual([]);
    const listed = agentFile(
      "delegate",
      `subagentOnlyExtensions:\n  - /x/provider.js\n  - ${GATE}\n`,
    );
    expect(judged(place({ "home/.pi/agent/agents/delegate.md": listed }))).toEqual([]);
    const quoted = gated("delegate").replace("Runs what it is told", '"Runs: what it is told"');
    expect(judged(place({ "home/.pi/agent/agents/delegate.md": quoted }))).toEqual([]);
    expect(judged(place({ "home/.pi/agent/settings.json": defaults }))).toEqual([]);
  });

  it.each([
    ['name: ""', '---\nname: ""\n  delegate\ndescription: x\ntools: bash\n---\n'],
    ["name: ''", "---\nname: ''\n  delegate\ndescription: x\ntools: bash\n---\n"],
    ['name: " (a lone quote)', '---\nname: "\n  delegate\ndescription: x\ntools: bash\n---\n'],
    ["a block name", "---\nname:\n  delegate\ndescription: x\n---\n"],
    ["a comment line", "---\n# note\nname: other\ndescription: x\n---\n"],
    ["a tab", "---\nname:\tdelegate\ndescription: x\n---\n"],
    ["CRLF line ends", "---\r\nname: delegate\r\ndescription: x\r\n---\r\n"],
    ["a duplicate key", "---\nname: other\nname: delegate\ndescription: x\n---\n"],
    ["a flow list of aliases", "---\nname: other\naliases: [delegate]\ndescription: x\n---\n"],
  ])("asks about a project file with %s: it may define any name (r34c F3)", (_label, text) => {
    const at = place({
      "home/.pi/agent/agents/delegate.md": gated("delegate"),
      "home/work/proj/.pi/agents/helper.md": text,
    });
    const [found, ...rest] = judged(at);
    expect(rest).toEqual([]);
    expect(found?.definition).toContain("helper.md sha256:");
  });

  it("still ignores a project file that plainly defines another agent", () => {
    const at = place({
      "home/.pi/agent/agents/delegate.md": gated("delegate"),
      "home/work/proj/.pi/agents/writer.md": agentFile("writer"),
    });
    expect(judged(at)).toEqual([]);
  });

  it("asks when a blank line may end the list that names the gate (r34c F2)", () => {
    const blank = agentFile("delegate", `subagentOnlyExtensions:\n\n  - ${GATE}\n`);
    const [found] = judged(place({ "home/.pi/agent/agents/delegate.md": blank }));
    expect(found?.why).toContain("cannot read with certainty");
  });

  it.each([
    [
      "no description",
      "home/.pi/agent/agents/delegate.md",
      `---\nname: delegate\nsubagentOnlyExtensions: ${GATE}\n---\n`,
    ],
    [
      "a pruned node_modules folder",
      "home/.pi/agent/agents/node_modules/delegate.md",
      gated("delegate"),
    ],
    ["a folder holding .git", "home/.pi/agent/agents/team/delegate.md", gated("delegate")],
    ["an upper-case extension", "home/.pi/agent/agents/delegate.MD", gated("delegate")],
  ])(
    "judges the built-in when your file has %s, since pi-subagents drops it (r34c F1)",
    (_label, path, text) => {
      const files: Record<string, string> = { [path]: text };
      if (path.includes("/team/")) files["home/.pi/agent/agents/team/.git/HEAD"] = "ref\n";
      const [found] = judged(place(files));
      expect(found?.definition).toContain("<builtin:delegate>");
      expect(found?.why).toContain("is not a file pi-subagents loads");
      // With the built-in set up to load the gate, nothing is left to ask.
      files["home/.pi/agent/settings.json"] = defaults;
      expect(judged(place(files))).toEqual([]);
    },
  );

  it("asks about a home under which pi-subagents takes your home as the project (r34c F6)", () => {
    const scan = JSON.stringify({ subagents: { agentScanDirs: ["~/tools/agents"] } });
    const at = place({
      "home/.pi/agent/agents/delegate.md": gated("delegate"),
      "home/.pi/settings.json": scan,
      "home/tools/agents/delegate.md": agentFile("delegate"),
    });
    const [found] = judged(at);
    expect(found?.why).toContain("~/.pi/settings.json sets subagents.agentScanDirs");
    const others: Array<[string, string]> = [
      ["home/.pi/npm/node_modules/pack/package.json", "{}"],
      ["home/package.json", JSON.stringify({ "pi-subagents": { agents: ["a"] } })],
    ];
    for (const [path, text] of others) {
      const other = place({ "home/.pi/agent/agents/delegate.md": gated("delegate"), [path]: text });
      expect(judged(other), path).toHaveLength(1);
    }
  });

  it.each([
    ["dist/otel.js", join(PKG, "dist", "otel.js")],
    ["README.md", join(PKG, "README.md")],
    ["the dist folder", join(PKG, "dist")],
  ])("does not count %s of our package as loading the gate (r34c F4)", (_label, path) => {
    const own = agentFile("delegate", `subagentOnlyExtensions: ${path}\n`);
    const [found] = judged(place({ "home/.pi/agent/agents/delegate.md": own }));
    expect(found?.why).toContain("loads no pi-permission");
    // The package folder itself loads its declared entries, the gate among them.
    const folder = agentFile("delegate", `subagentOnlyExtensions: ${PKG}\n`);
    expect(judged(place({ "home/.pi/agent/agents/delegate.md": folder }))).toEqual([]);
  });

  it("asks when a Pi package of yours may replace a built-in agent (r34c F5)", () => {
    const manifest = JSON.stringify({ name: "agent-pack", "pi-subagents": { agents: ["agents"] } });
    const pack = {
      "package.json": manifest,
      "agents/delegate.md": agentFile("delegate", "extensions: ./none.ts\n"),
    };
    const under = (base: string) =>
      Object.fromEntries(Object.entries(pack).map(([path, text]) => [`${base}/${path}`, text]));
    const installed = place({
      "home/.pi/agent/settings.json": defaults,
      ...under("home/.pi/agent/npm/node_modules/agent-pack"),
    });
    expect(judged(installed)[0]?.why).toContain("the Pi package");
    const global = place({
      "home/.pi/agent/settings.json": defaults,
      ...under("global/agent-pack"),
    });
    const globalRoot = join(dirname(global.home), "global");
    expect(judged({ ...global, globalNpmRoot: globalRoot })).toHaveLength(1);
    const local = place({
      "home/.pi/agent/settings.json": JSON.stringify({
        packages: ["~/packs/agent-pack"],
        subagents: { defaultExtensions: [GATE] },
      }),
      ...under("home/packs/agent-pack"),
    });
    expect(judged(local)).toHaveLength(1);
    // A package defining other agents leaves the built-in alone; your own file outranks it.
    const other = place({
      "home/.pi/agent/settings.json": defaults,
      ...under("home/.pi/agent/npm/node_modules/agent-pack"),
      "home/.pi/agent/npm/node_modules/agent-pack/agents/delegate.md": agentFile("packer"),
    });
    expect(judged(other)).toEqual([]);
    const own = place({
      "home/.pi/agent/agents/delegate.md": gated("delegate"),
      ...under("home/.pi/agent/npm/node_modules/agent-pack"),
    });
    expect(judged(own)).toEqual([]);
  });

  it.each([
    { action: "resume", id: "run-1", message: "go on" },
    { action: "schedule.create", agent: "delegate", task: "go", at: "+1m" },
    { action: "schedule.run", id: "s-1" },
  ])("asks about a run whose agent is looked up again later: %o", (input) => {
    const at = place({ "home/.pi/agent/agents/delegate.md": gated("delegate") });
    const [found] = judged(at, input);
    expect(found?.why).toContain("looks up again when it runs");
    expect(judged(at, { action: "steer", id: "run-1", message: "x" })).toEqual([]);
  });
});

describe("S34 agent-file-trust-2: files pi-subagents never lists define nothing", () => {
  it("ignores a skill's front matter under ~/.agents/skills and a project's node_modules", () => {
    const skill = "---\nname: delegate\ndescription: |\n  Line one\n\n  Line two\n---\n";
    const at = place({
      "home/.pi/agent/agents/delegate.md": gated("delegate"),
      "home/.agents/skills/thing/SKILL.md": skill,
      "home/work/proj/.pi/agents/node_modules/x/README.md": skill,
    });
    expect(judged(at)).toEqual([]);
  });
});
