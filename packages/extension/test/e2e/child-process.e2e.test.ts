// A subagent that is a real `pi` process (as pi-subagents' background runner is a separate
// process): the parent is a Pi session in this process with a scripted human, serving its
// inbox; the child is Pi's own CLI in `--mode json` with this extension loaded by `-e`, the
// variables pi-subagents sets (PI_SUBAGENT_CHILD=1, PI_SUBAGENT_PARENT_SESSION) and a scripted
// OpenAI-compatible model. The child's bash call asks; the ask crosses processes through the
// forwarding inbox; the parent's human answers; one request id runs end to end (seed 003).
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type PiRun, seenEvents, startPi } from "./harness.ts";
import { runPiProcess } from "./pi-process.ts";
import {
  callThenDone,
  type ScriptedModel,
  startScriptedModel,
  toolResults,
} from "./scripted-model.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const SUBSCRIBER = join(import.meta.dirname, "fixtures", "subscriber-ext.ts");
// A cold start of a Pi process on a loaded 2-core machine takes seconds; nothing here is timed.
const TIMEOUT = 180_000;

let cleanup: Array<() => unknown> = [];
afterEach(async () => {
  for (const step of cleanup.reverse()) await step();
  cleanup = [];
});

function temporary(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanup.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

function reviewLines(agentDir: string): Array<Record<string, unknown>> {
  const file = join(agentDir, "pi-permission", "logs", "review.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l));
}

interface Run {
  parent: PiRun;
  parentId: string;
  model: ScriptedModel;
  childCwd: string;
  child: Awaited<ReturnType<typeof runPiProcess>>;
}

async function parentAndChildProcess(options: {
  select: (title: string, options: string[]) => string | undefined;
  globalPolicy: Record<string, unknown>;
  command: string;
  /** Appended to the child's system prompt, as pi-subagents appends an agent's. */
  agentPrompt?: string;
}): Promise<Run> {
  const parent = await startPi({
    extensions: [PACKAGE, SUBSCRIBER],
    mode: "rpc",
    ui: { select: options.select },
    agentFiles: { "permissions.json": JSON.stringify(options.globalPolicy) },
  });
  cleanup.push(() => parent.dispose());
  await parent.prompt("start");
  const parentId = parent.session.sessionManager.getSessionId();

  const model = await startScriptedModel(
    callThenDone({ name: "bash", arguments: { command: options.command } }),
  );
  cleanup.push(() => model.close());
  model.writeModelsJson(parent.agentDir);

  const childCwd = temporary("pi-permission-child-cwd-");
  const child = await runPiProcess({
    cwd: childCwd,
    agentDir: parent.agentDir,
    extensions: [PACKAGE],
    model: model.modelArg,
    prompt: "run it",
    sessionDir: temporary("pi-permission-child-sessions-"),
    ...(options.agentPrompt ? { appendSystemPrompt: options.agentPrompt } : {}),
    // What pi-subagents 0.67.0 sets in its runner process (see the README's "Subagents").
    env: { PI_SUBAGENT_CHILD: "1", PI_SUBAGENT_PARENT_SESSION: parentId },
    timeoutMs: TIMEOUT - 30_000,
  });
  return { parent, parentId, model, childCwd, child };
}

function toolEnd(run: Run): Record<string, unknown> | undefined {
  return run.child.events.find((e) => e.type === "tool_execution_end");
}

describe("a subagent in its own pi process", () => {
  it(
    "forwards its ask to the parent, whose human approves: the tool runs, one id on both sides",
    async () => {
      const run = await parentAndChildProcess({
        select: () => "Approve once",
        globalPolicy: { permission: { "*": "allow", bash: { "*": "ask" } } },
        command: "touch made-by-child-process",
      });
      expect([run.child.timedOut, run.child.code], run.child.stderr).toEqual([false, 0]);

      // The parent's human was asked once, with the subagent named by its session.
      const prompts = run.parent.uiLog.filter((l) => l.startsWith("select:"));
      expect(prompts).toHaveLength(1);
      expect(prompts[0]).toMatch(/^select:A subagent \(session [^)]+\) asks:/);
      expect(prompts[0]).toContain("Permission required (forwarded)");

      // The answer reached the child: its tool ran in its own cwd, and its model saw no refusal.
      expect(toolEnd(run)).toMatchObject({ toolName: "bash", isError: false });
      expect(existsSync(join(run.childCwd, "made-by-child-process"))).toBe(true);
      expect(existsSync(join(run.parent.cwd, "made-by-child-process"))).toBe(false);
      expect(run.model.requests).toHaveLength(2);
      expect(Object.values(toolResults(run.model.requests[1])).join("")).not.toContain(
        "pi-permission",
      );

      // One request id: the parent's decision event, the child's review line (naming the
      // parent) and the parent's (naming the child).
      const [parentDecision] = seenEvents(run.parent, "permissions:decision");
      expect(parentDecision).toMatchObject({
        result: "allow",
        resolution: "user_approved",
        value: "touch made-by-child-process",
      });
      const id = parentDecision?.requestId;
      expect(id).toMatch(/^perm-/);
      const lines = reviewLines(run.parent.agentDir).filter((l) => l.requestId === id);
      const childLine = lines.find((l) => l.resolution === "parent_approved");
      const parentLine = lines.find((l) => l.resolution === "user_approved");
      expect(childLine?.forwardedTo).toBe(run.parentId);
      expect(parentLine?.forwarding).toMatchObject({
        requesterAgentName: null,
        requesterSessionId: expect.any(String),
      });
      expect(parentDecision?.forwarding).toEqual(parentLine?.forwarding);
    },
    TIMEOUT,
  );

  it(
    "is refused as the parent's human denied it: the tool does not run, the child's model is told",
    async () => {
      const run = await parentAndChildProcess({
        select: (_title, options) => (options.includes("Deny") ? "Deny" : undefined),
        globalPolicy: { permission: { "*": "allow", bash: { "*": "ask" } } },
        command: "touch refused-in-child",
        agentPrompt: '<active_agent name="reviewer"/>\n\nYou review.',
      });
      expect([run.child.timedOut, run.child.code], run.child.stderr).toEqual([false, 0]);
      expect(run.parent.uiLog.filter((l) => l.startsWith("select:"))[0]).toMatch(
        /^select:Subagent 'reviewer' \(session [^)]+\) asks:/,
      );
      expect(toolEnd(run)).toMatchObject({ toolName: "bash", isError: true });
      expect(existsSync(join(run.childCwd, "refused-in-child"))).toBe(false);
      const seen = Object.values(toolResults(run.model.requests[1])).join("\n");
      expect(seen).toContain("pi-permission");
      expect(seen).not.toContain("touch refused-in-child");

      const [parentDecision] = seenEvents(run.parent, "permissions:decision");
      expect(parentDecision).toMatchObject({
        result: "deny",
        resolution: "user_denied",
        agentName: "reviewer",
      });
      const id = parentDecision?.requestId;
      expect(
        reviewLines(run.parent.agentDir)
          .filter((l) => l.requestId === id)
          .map((l) => `${l.event}${l.resolution ? ` ${l.resolution}` : ""}`)
          // Two processes append to one log: their lines interleave in any order.
          .sort(),
      ).toEqual([
        "forwarding.answered",
        "forwarding.received",
        "forwarding.sent",
        "permission_request.denied parent_denied",
        "permission_request.denied user_denied",
        "permission_request.waiting",
        "permission_request.waiting",
      ]);
    },
    TIMEOUT,
  );

  it(
    "meets its agent's section of the policy: allowed there, nothing is forwarded",
    async () => {
      const run = await parentAndChildProcess({
        select: () => "Deny",
        globalPolicy: {
          permission: { "*": "allow", bash: { "*": "ask" } },
          agents: { reviewer: { permission: { bash: { "touch *": "allow" } } } },
        },
        command: "touch allowed-for-reviewer",
        agentPrompt: '<active_agent name="reviewer"/>\n\nYou review.',
      });
      expect([run.child.timedOut, run.child.code], run.child.stderr).toEqual([false, 0]);
      // The child's own policy allows it for `reviewer`: nothing is forwarded, nobody asked.
      expect(run.parent.uiLog.filter((l) => l.startsWith("select:"))).toEqual([]);
      expect(toolEnd(run)).toMatchObject({ toolName: "bash", isError: false });
      expect(existsSync(join(run.childCwd, "allowed-for-reviewer"))).toBe(true);
    },
    TIMEOUT,
  );
});
