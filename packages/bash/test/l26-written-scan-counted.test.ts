import { describe, expect, it, vi } from "vitest";
import { deadlineClocks } from "../src/check/deadline.ts";
import { memolessAnalyzer, OPTIONS } from "./helpers.ts";

// R26 (dos-written-scan): whether a command may run a file the string wrote
// (walk/written-code.ts `runsWrittenCode`) looked at every other command of the string, and for
// a copy or a move at every other command's writes again: a chain of 800 moves (`mv f0 f1; mv
// f1 f2; …; sh f800`, 11 KB) took 1-3.7 s of CPU time, 5-18 s of wall time at load, and its
// verdict depended on the load (the CPU-time stop cut it on one run and not on the next). The
// writes are listed once and the scan is counted now. The clocks are frozen here, so that only
// the counted steps can stop the analysis: no timing is asserted.

const memoless = memolessAnalyzer();

function chain(moves: number): string {
  return Array.from({ length: moves }, (_, i) => `mv f${i} f${i + 1}`).join("; ");
}

describe("l26: looking for written code a command may run is counted work", () => {
  it("800 chained moves and a run ask with <analysis-timeout> on the counted steps alone", () => {
    vi.spyOn(deadlineClocks, "cpu").mockReturnValue(0);
    vi.spyOn(deadlineClocks, "wall").mockReturnValue(0);
    const analysis = memoless.analyzer.analyze(`${chain(800)}; sh f800`, OPTIONS);
    expect(analysis.status).toBe("partial");
    expect(analysis.units.map((unit) => unit.sentinel)).toEqual(["<analysis-timeout>"]);
  });

  it("a short chain still finds the written file it runs", () => {
    vi.spyOn(deadlineClocks, "cpu").mockReturnValue(0);
    vi.spyOn(deadlineClocks, "wall").mockReturnValue(0);
    const analysis = memoless.analyzer.analyze(
      `echo 'git push origin main' > f0; ${chain(5)}; sh f5`,
      OPTIONS,
    );
    expect(analysis.status).toBe("ok");
    // The script run is text the string wrote: not proven (a sentinel), never plain.
    const run = analysis.units.find((unit) => unit.argv.join(" ") === "sh f5");
    expect(run?.sentinel).not.toBeNull();
  });
});
