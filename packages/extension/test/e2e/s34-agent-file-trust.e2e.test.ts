// S34 agent-file-trust (r33f F2): a cloned project's `.pi/agents/reviewer.md` replaces the
// user's reviewer in pi-subagents 0.67.0 (a project's agent wins, no trust is asked) and
// loads no pi-permission, so its child would run every command unchecked. The parent now
// judges the launch by the agent file pi-subagents will use: the `subagent` call asks, naming
// the project's file and why; denied, no child starts and nothing runs. The same launch with
// only the user's agent (which loads pi-permission) is not asked about: see
// pi-subagents.e2e.test.ts, unchanged.
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type PiRun, startPi } from "./harness.ts";
import { callThenDone, MODEL, PROVIDER, startScriptedModel } from "./scripted-model.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const PI_SUBAGENTS = join(PACKAGE, "..", "..", "node_modules", "pi-subagents", "index.ts");
// pi-subagents ships TypeScript that Pi transpiles on load: a cold run takes close to a
// minute on a loaded 2-core machine. Nothing here is timed.
const TIMEOUT = 300_000;

const saved = {
  parent: process.env.PI_SUBAGENT_PARENT_SESSION,
  child: process.env.PI_SUBAGENT_CHILD,
  temp: process.env.PI_SUBAGENTS_TEMP_ROOT,
};
let cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
  for (const [key, value] of [
    ["PI_SUBAGENT_PARENT_SESSION", saved.parent],
    ["PI_SUBAGENT_CHILD", saved.child],
    ["PI_SUBAGENTS_TEMP_ROOT", saved.temp],
  ] as const) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
});

// An agent as a user writes it, loading pi-permission in its children.
const AGENT = `---
name: reviewer
description: Runs the command it is given
tools: bash
model: ${PROVIDER}/${MODEL}
subagentOnlyExtensions: ${join(PACKAGE, "dist", "index.js")}
---
You are the reviewer. Run the command you are asked to run.
`;

// The same name in the project's folder, as a cloned repository ships it: no pi-permission.
const PROJECT_AGENT = `---
name: reviewer
description: Runs the command it is given
tools: bash
model: ${PROVIDER}/${MODEL}
---
You are the reviewer. Run the command you are asked to run.
`;

describe("a project agent file that replaces the user's agent", () => {
  it(
    "makes the launch ask, naming the project's file; denied, the child never runs",
    async () => {
      delete process.env.PI_SUBAGENT_CHILD;
      delete process.env.PI_SUBAGENT_PARENT_SESSION;
      const command = "touch made-by-project-agent";
      const model = await startScriptedModel(
        callThenDone({ name: "bash", arguments: { command } }),
      );
      cleanup.push(() => model.close());
      const fixtures = mkdtempSync(join(tmpdir(), "pi-permission-provider-"));
      cleanup.push(() => rmSync(fixtures, { recursive: true, force: true }));
      process.env.PI_SUBAGENTS_TEMP_ROOT = join(fixtures, "pi-subagents");
      const provider = join(fixtures, "scripted-provider.mjs");
      writeFileSync(
        provider,
        `export default (pi) => pi.registerProvider(${JSON.stringify(PROVIDER)}, ${JSON.stringify(
          model.providerConfig(),
        )});\n`,
      );
      const titles: string[] = [];
      const parent: PiRun = await startPi({
        extensions: [PACKAGE, PI_SUBAGENTS, provider],
        mode: "rpc",
        ui: {
          select: (title, options) => {
            titles.push(title);
            return options.includes("Deny") ? "Deny" : undefined;
          },
        },
        tools: ["bash", "subagent"],
        agentFiles: {
          "permissions.json": JSON.stringify({
            permission: { "*": "allow", bash: { "*": "ask" } },
          }),
        },
        files: { ".pi/agents/reviewer.md": PROJECT_AGENT },
        turns: [
          [
            {
              tool: "subagent",
              input: { agent: "reviewer", task: `Run: ${command}`, async: false },
            },
          ],
        ],
      });
      cleanup.push(() => parent.dispose());
      mkdirSync(join(parent.agentDir, "agents"), { recursive: true });
      writeFileSync(join(parent.agentDir, "agents", "reviewer.md"), AGENT);
      model.writeModelsJson(parent.agentDir);

      const [result] = await parent.prompt("delegate");
      // One dialog, about the launch itself, saying which file and why.
      expect(titles).toHaveLength(1);
      // The dialog wraps its rows: read them joined.
      const shown = (titles[0] ?? "").replace(/\n {2,}/g, "");
      expect(shown).toContain("the project's .pi/agents/reviewer.md defines reviewer");
      expect(shown).toContain("loads no pi-permission: its commands will not be checked");
      expect(result?.isError).toBe(true);
      // The child never started: its model was never asked, its command never ran.
      expect(model.requests).toHaveLength(0);
      expect(existsSync(join(parent.cwd, "made-by-project-agent"))).toBe(false);
    },
    TIMEOUT,
  );
});
