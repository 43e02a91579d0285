import { describe, expect, it, vi } from "vitest";
import { deadlineClocks } from "../src/check/deadline.ts";
import { memolessAnalyzer, OPTIONS } from "./helpers.ts";

// D21 load-dependent verdicts: the counted step budget decides an analysis, but the wall-clock
// stop behind it lay at one second, and a cold process on a busy machine reached it before the
// steps ran out: the same 4.3 KB line of 400 `echo` statements (13 ms of counted work) was
// allowed on an idle machine and asked about at load 13. What the steps miss is now stopped by
// the process's CPU time, which the load does not inflate; the wall clock stops ten times later.
// The clocks here are played, never read: no timing is asserted.

const memoless = memolessAnalyzer();
const ECHOES = Array.from({ length: 400 }, (_, i) => `echo a${i};`).join(" ");
const FUNCTIONS = `${Array.from({ length: 30 }, (_, i) => `f${i}(){ ${i === 0 ? "echo a" : `f${i - 1}`}; }`).join("; ")}; f29`;
const BRACES = `cat ${Array.from({ length: 200 }, (_, i) => `src/{a,b}*${i}.ts`).join(" ")}`;

/** A wall clock that sees `ms` pass at each look: a machine stalled hundreds of times over. */
function stalledWall(ms: number): void {
  let now = performance.now();
  vi.spyOn(performance, "now").mockImplementation(() => {
    now += ms;
    return now;
  });
}

/**
 * A CPU clock that sees `ms` of this thread's CPU time pass at each look (one look in eight
 * at the wall clock): a runaway loop.
 */
function runawayCpu(ms: number): void {
  let now = 0;
  vi.spyOn(deadlineClocks, "cpu").mockImplementation(() => {
    now += ms;
    return now;
  });
}

const timedOut = (command: string) =>
  memoless.analyzer
    .analyze(command, OPTIONS)
    .units.some((unit) => unit.sentinel === "<analysis-timeout>");

describe("t22: an analysis within its counted budget does not depend on the wall clock", () => {
  it.each([
    ["400 echo statements", ECHOES],
    ["30 chained functions", FUNCTIONS],
    ["200 brace glob words", BRACES],
  ])("%s: the same answer when each look at the wall clock sees 50 ms pass", (_name, command) => {
    const normal = JSON.stringify(memoless.analyzer.analyze(command, OPTIONS));
    expect(timedOut(command)).toBe(false);
    stalledWall(50);
    // Eighty looks at 50 ms: four seconds of wall time, past the old one-second stop.
    expect(JSON.stringify(memoless.analyzer.analyze(command, OPTIONS))).toBe(normal);
  });

  it("still stops a stalled machine in the end: ten seconds of wall time asks", () => {
    stalledWall(2_000);
    const analysis = memoless.analyzer.analyze(ECHOES, OPTIONS);
    expect(analysis.status).toBe("partial");
    expect(analysis.units.map((unit) => unit.sentinel)).toEqual(["<analysis-timeout>"]);
  });
});

describe("t22: past the CPU-time stop the analysis asks, never hangs, never allows", () => {
  it("stops what the steps do not see once a second of CPU time is spent", () => {
    runawayCpu(300);
    const analysis = memoless.analyzer.analyze(ECHOES, OPTIONS);
    expect(analysis.status).toBe("partial");
    expect(analysis.units.map((unit) => unit.sentinel)).toEqual(["<analysis-timeout>"]);
    expect(analysis.diagnostics?.[0]?.kind).toBe("deadline");
  });

  it("does not stop a line whose CPU time stays under the stop", () => {
    runawayCpu(1);
    expect(timedOut(ECHOES)).toBe(false);
  });

  it("a longer budget moves the CPU-time stop with it (twenty times the budget)", () => {
    runawayCpu(400);
    // The wall clock is played too: a parse report that comes late on it (a busy machine)
    // reads the CPU clock and is charged what passed there (l25), 400 ms per look here.
    stalledWall(0.001);
    expect(timedOut(ECHOES)).toBe(true);
    // 500 ms of work: the CPU stop lies at ten seconds, past the ten-odd looks here.
    const analysis = memoless.analyzer.analyze(ECHOES, { ...OPTIONS, deadlineMs: 500 });
    expect(analysis.status).toBe("ok");
  });
});
