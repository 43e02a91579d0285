import { afterEach, describe, expect, it, vi } from "vitest";
import {
  spendWork,
  WorkBudgetSpent,
  withWorkBudget,
  workBudgetClocks,
} from "../src/work-budget.ts";

// D21 load-dependent verdicts, judging side: the judging's counted budget was backed by a
// one-second wall-clock stop, so a busy machine turned a call within its budget into a
// question. What the steps miss is now stopped by the process's CPU time (one second), which
// the load does not inflate; the wall clock stops ten times later. The clocks are played here.

afterEach(() => {
  vi.restoreAllMocks();
});

/** Spends 100,000 steps in small pieces (about 24 looks at the clocks); whether it finished. */
function judgeWithinBudget(): boolean {
  try {
    withWorkBudget(() => {
      for (let i = 0; i < 1000; i++) spendWork(100, "a test's work");
    });
    return true;
  } catch (error) {
    if (error instanceof WorkBudgetSpent) return false;
    throw error;
  }
}

function stalledWall(ms: number): void {
  let now = performance.now();
  vi.spyOn(performance, "now").mockImplementation(() => {
    now += ms;
    return now;
  });
}

function runawayCpu(ms: number): void {
  let now = 0;
  vi.spyOn(workBudgetClocks, "cpu").mockImplementation(() => {
    now += ms;
    return now;
  });
}

describe("t22: the judging's budget does not depend on the machine's load", () => {
  it("finishes work within its steps when each look at the wall clock sees 100 ms pass", () => {
    stalledWall(100);
    // About 24 looks: 2.4 s of wall time, past the old one-second stop.
    expect(judgeWithinBudget()).toBe(true);
  });

  it("still stops a stalled machine: ten times the CPU-time stop on the wall clock", () => {
    stalledWall(1_000);
    expect(judgeWithinBudget()).toBe(false);
  });

  it("stops work the steps do not see once a second of CPU time is spent", () => {
    runawayCpu(100);
    expect(judgeWithinBudget()).toBe(false);
  });

  it("does not stop work whose CPU time stays under the stop", () => {
    runawayCpu(10);
    expect(judgeWithinBudget()).toBe(true);
  });
});

describe("l27: the CPU clock is read only once the budget has run a while", () => {
  it("reads no CPU time for judging that ends before its first look at the clocks", () => {
    const cpu = vi.spyOn(workBudgetClocks, "cpu");
    withWorkBudget(() => spendWork(4000, "a test's work"));
    expect(cpu).not.toHaveBeenCalled();
  });

  it("takes the CPU time before its first look from the wall clock, so it never stops later", () => {
    // 900 ms of wall time pass before the first look; the thread ran at most all of it, so
    // the stop lies 100 ms of CPU time after that look.
    let wall = 0;
    vi.spyOn(workBudgetClocks, "wall").mockImplementation(() => wall);
    const cpu = vi.spyOn(workBudgetClocks, "cpu").mockReturnValue(5_000);
    let spent = 0;
    expect(() =>
      withWorkBudget(() => {
        wall = 900;
        for (; spent < 100; spent++) {
          spendWork(4097, "a test's work");
          if (spent === 0) cpu.mockReturnValue(5_101);
        }
      }),
    ).toThrow(WorkBudgetSpent);
    expect(spent).toBe(1);
  });
});
