import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { type BashAnalyzer, loadBashAnalyzer } from "../src/analyze.ts";
import {
  deadlineClocks,
  spendParseReport,
  startDeadline,
  startParseReports,
  stopDeadline,
} from "../src/check/deadline.ts";

// R25 (dos-parser-recovery): on many unclosed openers (`echo a=(a=(…`) the grammar's parser
// recovers from errors for tens of milliseconds between two progress reports, and each report
// counted as a hundred steps (0.01 ms of work): a 7.5 KB line ran to the one-second CPU-time
// stop, seconds of wall time on a busy machine, while the agent waited. A late report is now
// charged the CPU time it took. The clocks here are played, never read: no timing is asserted.

afterEach(() => {
  stopDeadline();
  vi.restoreAllMocks();
});

/** Clocks that see `wallMs` and `cpuMs` pass at each look. */
function playClocks(
  wallMs: number,
  cpuMs: number,
): { cpuLooks: () => number; wallLooks: () => number } {
  let wall = 0;
  let cpu = 0;
  let looks = 0;
  let wallLooks = 0;
  vi.spyOn(deadlineClocks, "wall").mockImplementation(() => {
    wallLooks++;
    wall += wallMs;
    return wall;
  });
  vi.spyOn(deadlineClocks, "cpu").mockImplementation(() => {
    looks++;
    cpu += cpuMs;
    return cpu;
  });
  return { cpuLooks: () => looks, wallLooks: () => wallLooks };
}

describe("l25: a progress report is charged the CPU time it took when it came late", () => {
  it("spends a 50 ms budget in a few reports that each took 20 ms of CPU time", () => {
    playClocks(30, 20);
    startDeadline(50);
    startParseReports();
    const reports = Array.from({ length: 5 }, () => spendParseReport());
    // Far below the one-second CPU-time stop: only the charge can have spent the budget.
    expect(reports.indexOf(true)).toBeGreaterThanOrEqual(0);
    expect(reports.indexOf(true)).toBeLessThanOrEqual(3);
  });

  it("reads no CPU time for reports that come as fast as a well-formed line's", () => {
    const played = playClocks(0.01, 20);
    startDeadline(50);
    startParseReports();
    for (let i = 0; i < 200; i++) expect(spendParseReport()).toBe(false);
    // The CPU clock is a system call: a fast report adds no look to the budget's start and
    // the regular stop's (one look in eight reports).
    expect(played.cpuLooks()).toBeLessThanOrEqual(1 + 200 / 8);
  });

  it("reads the wall clock once per report, for its lateness and the stop alike", () => {
    const played = playClocks(0.01, 0);
    startDeadline(50);
    startParseReports();
    const before = played.wallLooks();
    for (let i = 0; i < 200; i++) expect(spendParseReport()).toBe(false);
    // One reading each, plus the budget's regular looks (far fewer than one per report);
    // reading it again for the stop made two per report.
    expect(played.wallLooks() - before).toBeLessThan(200 * 1.5);
  });

  it("does not charge a report that came late only because the machine was busy", () => {
    // Each look at the wall clock sees 50 ms pass, but the thread spent no CPU time.
    playClocks(50, 0);
    startDeadline(50);
    startParseReports();
    for (let i = 0; i < 40; i++) expect(spendParseReport()).toBe(false);
  });
});

describe("l25: a parse that recovers from errors for long ends at the budget", () => {
  let analyzer: BashAnalyzer;
  beforeAll(async () => {
    analyzer = await loadBashAnalyzer({ memoSize: 0 });
  });

  it("asks with <analysis-timeout> once the reports' CPU time passes the budget", () => {
    // Played: each look at the CPU clock sees 20 ms of CPU time pass, the wall clock 30 ms.
    // Before the fix the reports of this 1.5 KB line counted 0.01 ms each, and the parse ran
    // to its end under the one-second CPU-time stop.
    playClocks(30, 20);
    const command = `echo ${"a=(".repeat(500)}`;
    const analysis = analyzer.analyze(command, { cwd: "/repo", home: "/home/user" });
    expect(analysis.status).toBe("partial");
    expect(analysis.units.map((unit) => unit.sentinel)).toEqual(["<analysis-timeout>"]);
  });
});
