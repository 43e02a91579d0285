// A session judges a few calls for nothing while it starts, so its first real call runs warm
// code (issue 18). Nothing of those judgements may leave: no hook sees them, no grant, log
// line or event is made, and nobody is asked.
import { type AnalyzeOptions, type BashAnalyzer, loadBashAnalyzer } from "@pi-permission/bash";
import type { CheckHook, RunnerPolicy } from "@pi-permission/gates";
import { type PermissionMap, permissionRules } from "@pi-permission/policy";
import { beforeAll, describe, expect, it, vi } from "vitest";
import {
  PROCESS_WARM_UP_CALLS,
  PROCESS_WARM_UP_ROUNDS,
  resetProcessWarmUp,
  WARM_UP_CALLS,
  warmUp,
} from "../src/warm-up.ts";

let real: BashAnalyzer;
beforeAll(async () => {
  real = await loadBashAnalyzer();
});

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Turns of the event loop until `count` stops growing (the warm-up has no more steps). */
async function settled(count: () => number) {
  let last = -1;
  let still = 0;
  for (let turn = 0; turn < 5000 && still < 5; turn++) {
    await nextTurn();
    still = count() === last ? still + 1 : 0;
    last = count();
  }
}

function setup(permission: PermissionMap) {
  const rules = permissionRules(permission, { scope: "global", file: "/policy.json" });
  const analyzed: string[] = [];
  const analyzer: BashAnalyzer = {
    analyze: (command: string, options: AnalyzeOptions) => {
      analyzed.push(command);
      return real.analyze(command, options);
    },
  } as BashAnalyzer;
  const check = vi.fn(() => ({ action: "deny" as const, reason: "a hook" }));
  const hook: CheckHook = {
    kind: "check",
    ref: { id: "package:x:spy", name: "spy", source: "package:x" },
    check,
  } as CheckHook;
  const policy = vi.fn(
    (): RunnerPolicy => ({
      rules,
      hooks: [hook],
      yolo: true,
      promptFieldMaxWidth: 400,
    }),
  );
  return { analyzer, analyzed, check, policy };
}

describe("the session's warm-up", () => {
  it("judges its calls on the next turn, through the session's analyzer and rules", async () => {
    const { analyzer, analyzed, policy } = setup({ bash: { "git *": "allow", "rm *": "deny" } });
    warmUp(policy, analyzer, { cwd: "/repo", home: "/home/u" });
    // Nothing runs while the session starts: the time it takes is the model's, not Pi's.
    expect(analyzed).toEqual([]);
    await nextTurn();
    expect(analyzed.length).toBeGreaterThanOrEqual(5);
    expect(analyzed).toContain("npm test -- --run && rm -rf ./dist /etc/hosts");
    expect(policy).toHaveBeenCalled();
  });

  it("consults no hook, so another extension's check never sees a call the agent did not make", async () => {
    const { analyzer, check, policy } = setup({ "*": "ask" });
    warmUp(policy, analyzer, { cwd: "/repo", home: "/home/u" });
    await nextTurn();
    await nextTurn();
    expect(check).not.toHaveBeenCalled();
  });

  it("survives an analyzer that throws: the real call judges itself", async () => {
    const { policy } = setup({ "*": "ask" });
    const broken = {
      analyze: () => {
        throw new Error("broken");
      },
    } as unknown as BashAnalyzer;
    warmUp(policy, broken, { cwd: "/repo", home: "/home/u" });
    await nextTurn();
    await nextTurn();
  });

  it("warms the process once, with commands of its own, through an analyzer without a memo", async () => {
    resetProcessWarmUp();
    const first = setup({ "*": "ask" });
    warmUp(first.policy, first.analyzer, { cwd: "/repo", home: "/home/u" });
    await settled(() => first.policy.mock.calls.length);
    // The session's analyzer (whose memo the session's real calls share) sees only the
    // session's few calls; the process's many go through a memo-less analyzer of their own.
    const sessionCommands = WARM_UP_CALLS.flatMap((c) =>
      c.toolName === "bash" ? [c.input.command] : [],
    );
    expect(new Set(first.analyzed)).toEqual(new Set(sessionCommands));
    // Every process call was judged under the session's rules, several times over.
    expect(first.policy.mock.calls.length).toBeGreaterThanOrEqual(
      WARM_UP_CALLS.length + 2 * PROCESS_WARM_UP_CALLS.length,
    );
    expect(first.check).not.toHaveBeenCalled();

    // A later session of the same process runs only its own few calls.
    const later = setup({ "*": "ask" });
    warmUp(later.policy, later.analyzer, { cwd: "/repo", home: "/home/u" });
    await settled(() => later.policy.mock.calls.length);
    expect(later.policy.mock.calls.length).toBe(WARM_UP_CALLS.length);
  });

  it("stops when its session ends, and an unfinished process warm-up runs in the next session", async () => {
    resetProcessWarmUp();
    const ended = setup({ "*": "ask" });
    const stop = warmUp(ended.policy, ended.analyzer, { cwd: "/repo", home: "/home/u" });
    await nextTurn();
    await nextTurn();
    stop();
    const calls = ended.policy.mock.calls.length;
    await settled(() => ended.policy.mock.calls.length);
    // The ended session's rules are no longer read.
    expect(ended.policy.mock.calls.length).toBe(calls);

    const next = setup({ "*": "ask" });
    warmUp(next.policy, next.analyzer, { cwd: "/repo", home: "/home/u" });
    await settled(() => next.policy.mock.calls.length);
    expect(next.policy.mock.calls.length).toBeGreaterThanOrEqual(
      WARM_UP_CALLS.length + 2 * PROCESS_WARM_UP_CALLS.length,
    );
  });

  it("goes on where the last session stopped, so sessions of one call each still warm the whole process", async () => {
    resetProcessWarmUp();
    // Each session ends a few turns after it starts, long before the process warm-up could.
    let processCalls = 0;
    let sessions = 0;
    for (; sessions < 1000; sessions++) {
      const short = setup({ "*": "ask" });
      const stop = warmUp(short.policy, short.analyzer, { cwd: "/repo", home: "/home/u" });
      for (let turn = 0; turn < 4; turn++) await nextTurn();
      stop();
      const own = short.policy.mock.calls.length - WARM_UP_CALLS.length;
      processCalls += own;
      // A session that judged only its own calls found the process warmed.
      if (own === 0 && sessions > 0) break;
    }
    // Every process call was judged once over all the sessions: none was started again.
    expect(processCalls).toBe(PROCESS_WARM_UP_ROUNDS * PROCESS_WARM_UP_CALLS.length);
    expect(sessions).toBeLessThan(1000);
  });
});
