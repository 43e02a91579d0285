// pi-subagents 0.67.0 itself launches the child: the parent Pi session (in this process, with
// a scripted human) loads pi-subagents and this extension; its model calls the `subagent`
// tool with a foreground run (`async: false`), which pi-subagents runs as an in-process child
// session without a UI, loading this extension through the agent file's
// `subagentOnlyExtensions` (the README's "Subagents" section). The child's model is a
// scripted OpenAI-compatible server registered in `<agentDir>/models.json`, which
// pi-subagents' own model runtime reads. The child's bash call asks; the parent's human
// answers; one request id runs end to end.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type PiRun, seenEvents, startPi } from "./harness.ts";
import {
  callThenDone,
  MODEL,
  PROVIDER,
  type ScriptedModel,
  startScriptedModel,
  toolResults,
} from "./scripted-model.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const SUBSCRIBER = join(import.meta.dirname, "fixtures", "subscriber-ext.ts");
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

function reviewLines(agentDir: string): Array<Record<string, unknown>> {
  const file = join(agentDir, "pi-permission", "logs", "review.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l));
}

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

async function parentWithSubagents(options: {
  select: (title: string, options: string[]) => string | undefined;
  command: string;
}): Promise<{ parent: PiRun; model: ScriptedModel; childCwd: string }> {
  // A root session: pi-subagents sets PI_SUBAGENT_PARENT_SESSION itself at its start.
  delete process.env.PI_SUBAGENT_CHILD;
  delete process.env.PI_SUBAGENT_PARENT_SESSION;
  const model = await startScriptedModel(
    callThenDone({ name: "bash", arguments: { command: options.command } }),
  );
  cleanup.push(() => model.close());
  // pi-subagents checks an agent's model against the parent's registry, and its child builds
  // its own from <agentDir>/models.json: register the scripted model in both, as a user's
  // custom provider is.
  const fixtures = mkdtempSync(join(tmpdir(), "pi-permission-provider-"));
  cleanup.push(() => rmSync(fixtures, { recursive: true, force: true }));
  // pi-subagents keeps its run state under this folder (os.tmpdir() by default).
  process.env.PI_SUBAGENTS_TEMP_ROOT = join(fixtures, "pi-subagents");
  const provider = join(fixtures, "scripted-provider.mjs");
  writeFileSync(
    provider,
    `export default (pi) => pi.registerProvider(${JSON.stringify(PROVIDER)}, ${JSON.stringify(
      model.providerConfig(),
    )});\n`,
  );
  const parent = await startPi({
    extensions: [PACKAGE, SUBSCRIBER, PI_SUBAGENTS, provider],
    mode: "rpc",
    ui: { select: options.select },
    tools: ["bash", "subagent"],
    agentFiles: {
      "permissions.json": JSON.stringify({ permission: { "*": "allow", bash: { "*": "ask" } } }),
    },
    turns: [
      [
        {
          tool: "subagent",
          input: { agent: "reviewer", task: `Run: ${options.command}`, async: false },
        },
      ],
    ],
  });
  cleanup.push(() => parent.dispose());
  mkdirSync(join(parent.agentDir, "agents"), { recursive: true });
  writeFileSync(join(parent.agentDir, "agents", "reviewer.md"), AGENT);
  model.writeModelsJson(parent.agentDir);
  return { parent, model, childCwd: parent.cwd };
}

describe("a foreground child that pi-subagents 0.67.0 launches", () => {
  it(
    "asks the parent's human through pi-permission: approved, its tool runs, one id on both sides",
    async () => {
      const { parent, model, childCwd } = await parentWithSubagents({
        select: () => "Approve once",
        command: "touch made-by-pi-subagents-child",
      });
      const [subagentResult] = await parent.prompt("delegate");
      expect(subagentResult?.isError, JSON.stringify(subagentResult)).toBe(false);

      // The child ran in the parent's cwd (pi-subagents' default), its call approved.
      expect(existsSync(join(childCwd, "made-by-pi-subagents-child"))).toBe(true);
      const prompts = parent.uiLog.filter((l) => l.startsWith("select:"));
      expect(prompts).toHaveLength(1);
      expect(prompts[0]).toMatch(/^select:Subagent 'reviewer' \(session [^)]+\) asks:/);
      // The child's model got its tool's result, not a refusal.
      expect(model.requests).toHaveLength(2);
      expect(Object.values(toolResults(model.requests[1])).join("")).not.toContain("pi-permission");

      const [decision] = seenEvents(parent, "permissions:decision").filter(
        (e) => e.value === "touch made-by-pi-subagents-child",
      );
      expect(decision).toMatchObject({
        result: "allow",
        resolution: "user_approved",
        agentName: "reviewer",
      });
      const id = decision?.requestId;
      expect(id).toMatch(/^perm-/);
      const resolutions = reviewLines(parent.agentDir)
        .filter((l) => l.requestId === id && typeof l.resolution === "string")
        .map((l) => l.resolution);
      expect(resolutions.sort()).toEqual(["parent_approved", "user_approved"]);
    },
    TIMEOUT,
  );

  it(
    "is refused in the child when the parent's human denies it",
    async () => {
      const { parent, model, childCwd } = await parentWithSubagents({
        select: (_title, options) => (options.includes("Deny") ? "Deny" : undefined),
        command: "touch refused-in-pi-subagents-child",
      });
      await parent.prompt("delegate");
      expect(existsSync(join(childCwd, "refused-in-pi-subagents-child"))).toBe(false);
      expect(parent.uiLog.filter((l) => l.startsWith("select:"))).toHaveLength(1);
      expect(Object.values(toolResults(model.requests[1])).join("")).toContain("pi-permission");
      const [decision] = seenEvents(parent, "permissions:decision").filter(
        (e) => e.value === "touch refused-in-pi-subagents-child",
      );
      expect(decision).toMatchObject({ result: "deny", resolution: "user_denied" });
    },
    TIMEOUT,
  );
});
