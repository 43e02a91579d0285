import { afterEach, describe, expect, it, vi } from "vitest";
import {
  deadlineClocks,
  spend,
  spendWithClock,
  startDeadline,
  stopDeadline,
} from "../src/check/deadline.ts";

describe("the grammar's progress reports look at the wall clock each time", () => {
  afterEach(() => {
    stopDeadline();
    vi.restoreAllMocks();
  });

  it("stops a parse whose reports are few but slow, past the wall-clock stop", () => {
    const start = performance.now();
    startDeadline(50);
    // Twenty seconds later (the wall-clock stop lies ten times past the one-second CPU-time
    // stop: t22), with the budget of steps nearly untouched.
    vi.spyOn(performance, "now").mockReturnValue(start + 20_000);
    // A plain spend looks at the clock only every few thousand steps…
    expect(spend(1)).toBe(false);
    // …a progress report looks at once.
    expect(spendWithClock(1)).toBe(true);
  });

  it("stops a parse whose reports are few but slow, past the CPU-time stop", () => {
    const start = deadlineClocks.cpu();
    const wallStart = performance.now();
    startDeadline(50);
    // Two seconds of this thread's CPU time later, with the budget of steps nearly untouched.
    // The wall clock moves as far (a thread runs no longer than the wall clock): the CPU
    // clock is first read then, and the time before it is taken from the wall clock.
    vi.spyOn(deadlineClocks, "cpu").mockReturnValue(start + 2_000);
    vi.spyOn(performance, "now").mockReturnValue(wallStart + 2_000);
    expect(spend(1)).toBe(false);
    // The CPU time (a system call) is looked at once in eight reports.
    const stopped = Array.from({ length: 8 }, () => spendWithClock(1));
    expect(stopped.at(-1)).toBe(true);
  });

  it("reads no CPU time while the budget is young", () => {
    const cpu = vi.spyOn(deadlineClocks, "cpu");
    startDeadline(50);
    // Seven looks at the wall clock (one in eight also reads the CPU time, issue 18).
    for (let i = 0; i < 7; i++) expect(spendWithClock(1)).toBe(false);
    expect(cpu).not.toHaveBeenCalled();
    expect(spendWithClock(1)).toBe(false);
    expect(cpu).toHaveBeenCalledTimes(1);
  });

  it("takes the CPU time before its first look from the wall clock, so it never stops later", () => {
    const wallStart = performance.now();
    startDeadline(50);
    // 900 ms of wall time before the first look, of which the thread ran at most all: the
    // stop lies at 100 ms of CPU time after that look, not at a second.
    vi.spyOn(performance, "now").mockReturnValue(wallStart + 900);
    vi.spyOn(deadlineClocks, "cpu").mockReturnValue(5_000);
    for (let i = 0; i < 8; i++) expect(spendWithClock(1)).toBe(false);
    vi.spyOn(deadlineClocks, "cpu").mockReturnValue(5_101);
    const stopped = Array.from({ length: 8 }, () => spendWithClock(1));
    expect(stopped.at(-1)).toBe(true);
  });

  it("lets a report within the wall-clock stop go on", () => {
    startDeadline(50);
    expect(spendWithClock(100)).toBe(false);
  });
});
