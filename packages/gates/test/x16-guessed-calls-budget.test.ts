// Session 16 (D16 slow-guessed-shell-calls-each-own-budget): the guessed shell readings of one
// undeclared tool call share that call's analysis deadline and judging budget, instead of
// sixteen of them each having their own. Work is counted (the analysis deadline counts steps),
// never timed.

import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, call, PERMISSIVE, policyOf } from "./fixtures.ts";

describe("the guessed shell readings of one call share its budgets", () => {
  // A command the analysis reads whole in about a fifth of its deadline, and not in a
  // sixteenth of it.
  const moderate = (n: number) =>
    Array.from({ length: 100 }, (_, i) => `echo a${n}x${i} b${i} > /dev/null`).join("; ");

  it("gives one guessed reading the whole analysis deadline", async () => {
    const verdict = evaluateToolCall(
      policyOf(PERMISSIVE),
      call("shell", { steps: [{ run: moderate(0) }] }),
      await analyzerOnce(),
    );
    expect(verdict.action).toBe("allow");
  });

  it("splits the deadline between sixteen, and asks when it runs out", async () => {
    const steps = Array.from({ length: 16 }, (_, n) => ({ run: moderate(n + 1) }));
    const verdict = evaluateToolCall(
      policyOf(PERMISSIVE),
      call("shell", { steps }),
      await analyzerOnce(),
    );
    expect(verdict.action).toBe("ask");
    expect(verdict.deciding?.payload.request.matchedPattern).toBe("<analysis-timeout>");
  });

  it("still denies a short command among fifteen made to be slow", async () => {
    const steps = [
      ...Array.from({ length: 15 }, (_, n) => ({ run: moderate(n + 100) })),
      { run: "git push origin main" },
    ];
    const verdict = evaluateToolCall(
      policyOf(PERMISSIVE),
      call("shell", { steps }),
      await analyzerOnce(),
    );
    expect(verdict.action).toBe("deny");
  });
});
