// The one CPU clock the analysis (check/deadline.ts), the policy's work budget and the gates'
// guessed readings all stop on: it reads this thread's time, so it never runs backwards and it
// counts work done on this thread.
import { describe, expect, it } from "vitest";
import { threadCpuMs } from "../src/index.ts";

describe("threadCpuMs", () => {
  it("is a finite, non-negative count of milliseconds that never runs backwards", () => {
    let last = threadCpuMs();
    expect(Number.isFinite(last)).toBe(true);
    expect(last).toBeGreaterThanOrEqual(0);
    for (let i = 0; i < 50; i += 1) {
      const now = threadCpuMs();
      expect(now).toBeGreaterThanOrEqual(last);
      last = now;
    }
  });

  it("counts the CPU work this thread does", () => {
    const before = threadCpuMs();
    let spent = before;
    let x = 0;
    // Spin until the clock moves (its ticks may be 10 ms); the loop ends only if it counts work.
    while (spent === before) {
      for (let i = 0; i < 100_000; i += 1) x = (x * 31 + i) % 1_000_003;
      spent = threadCpuMs();
    }
    expect(spent).toBeGreaterThan(before);
    expect(x).toBeGreaterThanOrEqual(0);
  });
});
