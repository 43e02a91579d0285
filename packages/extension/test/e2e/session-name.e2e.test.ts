// The agent name a call carries comes from the session's name (pi-subagents names a child
// session `subagent-<agent>-<uuid>-<n>`). Pi finds that name by walking back over every entry
// of the session, so the extension reads it once and again only when Pi says it changed.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { type PiRun, startPi } from "./harness.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");

let run: PiRun | undefined;
afterEach(() => run?.dispose());

it("reads the session's name once for many calls, and again after it changes", async () => {
  run = await startPi({
    extensions: [PACKAGE],
    agentFiles: {
      "permissions.json": JSON.stringify({
        permission: { "*": "allow", bash: { "rm *": "deny" } },
      }),
    },
    turns: [
      [{ tool: "bash", input: { command: "rm a" } }],
      [{ tool: "bash", input: { command: "rm b" } }],
      [{ tool: "bash", input: { command: "rm c" } }],
    ],
  });
  const manager = run.session.sessionManager;
  const read = manager.getSessionName.bind(manager);
  let reads = 0;
  manager.getSessionName = () => {
    reads++;
    return read();
  };
  expect((await run.prompt()).map((r) => r.isError)).toEqual([true, true, true]);
  expect(reads).toBeLessThanOrEqual(1);

  // pi-subagents names the child session through Pi, which says so (session_info_changed).
  run.session.setSessionName("subagent-reviewer-23329630-d581-45d4-a1a9-998761e16689-1");
  run.script([[{ tool: "bash", input: { command: "rm d" } }]]);
  const [last] = await run.prompt();
  const lines = readFileSync(join(run.agentDir, "pi-permission", "logs", "review.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((l) => JSON.parse(l) as Record<string, unknown>);
  const agents = (id: string | undefined) =>
    lines.filter((l) => l.toolCallId === id).map((l) => l.agentName ?? null);
  expect(agents(last?.toolCallId)).toContain("reviewer");
  expect(agents("call_1_1")).not.toContain("reviewer");
});

it("reads the system prompt once per turn, however many calls the turn makes", async () => {
  run = await startPi({
    extensions: [PACKAGE],
    agentFiles: {
      "permissions.json": JSON.stringify({
        permission: { "*": "allow", bash: { "rm *": "deny" } },
      }),
    },
    turns: [
      [
        { tool: "bash", input: { command: "rm a" } },
        { tool: "bash", input: { command: "rm b" } },
        { tool: "bash", input: { command: "rm c" } },
      ],
      [{ tool: "bash", input: { command: "rm d" } }],
    ],
  });
  const runner = run.session.extensionRunner as unknown as { getSystemPromptFn: () => string };
  const counts = countReads(run, runner, "getSystemPromptFn");
  expect((await run.prompt()).map((r) => r.isError)).toEqual([true, true, true, true]);
  // At most once per turn (the two turns of calls and the closing one, read at its start
  // while the model works), never once per call.
  expect(counts.reads).toBeLessThanOrEqual(3);
});

it("reads the system prompt while the model works, never inside a call", async () => {
  run = await startPi({
    extensions: [PACKAGE],
    agentFiles: {
      "permissions.json": JSON.stringify({
        permission: { "*": "allow", bash: { "rm *": "deny" } },
      }),
    },
    // A real model answers over the network: the turn's read runs while it works.
    answerLater: true,
    turns: [
      [
        { tool: "bash", input: { command: "rm a" } },
        { tool: "bash", input: { command: "rm b" } },
      ],
      [{ tool: "bash", input: { command: "rm c" } }],
    ],
  });
  const runner = run.session.extensionRunner as unknown as { getSystemPromptFn: () => string };
  const counts = countReads(run, runner, "getSystemPromptFn");
  expect((await run.prompt()).map((r) => r.isError)).toEqual([true, true, true]);
  expect(counts.inCalls).toBe(0);
  // Once per turn: two turns of calls and the closing one.
  expect(counts.reads).toBeLessThanOrEqual(3);
});

it("reads Pi's tool list while the model works, never inside a call", async () => {
  run = await startPi({
    extensions: [PACKAGE],
    agentFiles: {
      "permissions.json": JSON.stringify({
        permission: { "*": "allow", bash: { "rm *": "deny" } },
      }),
    },
    answerLater: true,
    turns: [
      [{ tool: "bash", input: { command: "rm a" } }],
      [{ tool: "bash", input: { command: "rm b" } }],
    ],
  });
  const session = run.session as unknown as { getAllTools: () => unknown[] };
  const counts = countReads(run, session, "getAllTools");
  expect((await run.prompt()).map((r) => r.isError)).toEqual([true, true]);
  // Pi builds every tool's description on each read: the first call finds the names read.
  expect(counts.inCalls).toBe(0);
  expect(counts.reads).toBeGreaterThanOrEqual(1);
});

/**
 * Counts the calls of `target[method]`, and those made while Pi's tool_call handlers run
 * (inside the timed emit a user waits on).
 */
function countReads<K extends string>(
  piRun: PiRun,
  target: Record<K, () => unknown>,
  method: K,
): { reads: number; inCalls: number } {
  const counts = { reads: 0, inCalls: 0 };
  const runner = piRun.session.extensionRunner as unknown as {
    emitToolCall: (event: unknown) => Promise<unknown>;
  };
  let inCall = false;
  const original = target[method].bind(target);
  target[method] = () => {
    counts.reads++;
    if (inCall) counts.inCalls++;
    return original();
  };
  const emit = runner.emitToolCall.bind(runner);
  runner.emitToolCall = async (event) => {
    inCall = true;
    try {
      return await emit(event);
    } finally {
      inCall = false;
    }
  };
  return counts;
}
