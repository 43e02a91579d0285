// A session judges a few calls for nothing while it starts, so its first real call runs warm
// code (issue 18). Nothing of those judgements may leave: no hook sees them, no grant, log
// line or event is made, and nobody is asked.
import { type AnalyzeOptions, type BashAnalyzer, loadBashAnalyzer } from "@pi-permission/bash";
import type { CheckHook, RunnerPolicy } from "@pi-permission/gates";
import { type PermissionMap, permissionRules } from "@pi-permission/policy";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { warmUp } from "../src/warm-up.ts";

let real: BashAnalyzer;
beforeAll(async () => {
  real = await loadBashAnalyzer();
});

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

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
});
