// The work budget of judging one call: spent steps throw past the limit, a nested call keeps
// the outer limit, and outside a budget nothing is counted.

import { describe, expect, it } from "vitest";
import { bashPatternMeetsWithOptions } from "../src/bash-pattern.ts";
import { spendWork, WorkBudgetSpent, withWorkBudget } from "../src/work-budget.ts";

describe("withWorkBudget", () => {
  it("returns the work's value while the steps last", () => {
    expect(withWorkBudget(() => (spendWork(90, "x"), "done"), 100)).toBe("done");
  });

  it("throws WorkBudgetSpent, naming the work, once the steps run out", () => {
    const run = () => withWorkBudget(() => spendWork(101, "options read against a rule"), 100);
    expect(run).toThrow(WorkBudgetSpent);
    expect(run).toThrow(/options read against a rule/);
  });

  it("stops at the wall clock even when few steps are counted", () => {
    // The clock is read every few thousand steps, so the loop runs on until a read finds the
    // 5 ms gone (far fewer than 50 million steps on any machine, however busy: a loop bounded
    // by time instead could end between two reads on a loaded machine and pass unseen).
    const slow = () =>
      withWorkBudget(
        () => {
          for (let i = 0; i < 50_000_000; i++) spendWork(1, "a slow loop");
        },
        Number.MAX_SAFE_INTEGER,
        5,
      );
    expect(slow).toThrow(/a slow loop/);
  });

  it("keeps the outer budget for a nested call", () => {
    const nested = () =>
      withWorkBudget(() => {
        spendWork(60, "outer");
        withWorkBudget(() => spendWork(60, "inner"), 1_000_000);
      }, 100);
    expect(nested).toThrow(/inner/);
  });

  it("counts nothing outside a budget, and ends with its work (also when it throws)", () => {
    expect(() => spendWork(Number.MAX_SAFE_INTEGER, "free")).not.toThrow();
    expect(() => withWorkBudget(() => spendWork(2, "x"), 1)).toThrow(WorkBudgetSpent);
    expect(() => spendWork(Number.MAX_SAFE_INTEGER, "free again")).not.toThrow();
  });
});

describe("option readings of long commands", () => {
  // Copying every reading at every word made a 5,000-word command take seconds per rule; the
  // readings are now chains, so the cost is linear and the answers are unchanged.
  const many = (n: number, word: string) => Array.from({ length: n }, () => word).join(" ");

  it("still finds a deny rule's options far along a long command", () => {
    expect(bashPatternMeetsWithOptions("rm -rf /*", `rm ${many(10_000, "-v")} -r -f /`)).toBe(
      "rm -fr /",
    );
    expect(bashPatternMeetsWithOptions("rm -rf /*", `rm ${many(10_000, "-v")} /`)).toBeNull();
  });

  it("reads a cluster of thousands of named letters without recursing through all of them", () => {
    const letters = "F".repeat(20_000);
    expect(bashPatternMeetsWithOptions("git commit -F *", `git commit -q${letters}`)).toBe(
      `git commit -${letters}`,
    );
  });

  it("spends the call's budget on the readings, so a huge command cannot outlast it", () => {
    const command = `npm ${many(20_000, "--a b")} publish`;
    expect(() =>
      withWorkBudget(() => bashPatternMeetsWithOptions("npm publish*", command), 100_000),
    ).toThrow(WorkBudgetSpent);
  });
});
