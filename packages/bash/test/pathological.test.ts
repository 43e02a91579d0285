import { describe, expect, it } from "vitest";
// @ts-expect-error: a plain ES module shared with the benchmark, no declaration file.
import { PATHOLOGICAL } from "../bench/pathological.mjs";
import { loadBashAnalyzer } from "../src/analyze.ts";

/**
 * The deadline contract on inputs built to be slow (the benchmark times the same set): every
 * one is answered, and an answer whose budget ran out carries `<analysis-timeout>` so that it
 * can never be allowed. Timings are the benchmark's business; here only the verdicts count.
 */

const OPTIONS = { cwd: "/repo", home: "/home/user" };
const cases = Object.entries(PATHOLOGICAL as Record<string, string>);

describe("pathological inputs under the default deadline", () => {
  it("has the whole set (deep nesting, backslash runs, 20 000 units, 2 MB words, bombs)", () => {
    expect(cases.length).toBeGreaterThanOrEqual(30);
    expect(Math.max(...cases.map(([, command]) => command.length))).toBeGreaterThan(2_000_000);
  });

  it.each(cases)("%s is answered, and never proven past the budget", async (_name, command) => {
    const analyzer = await loadBashAnalyzer();
    const analysis = analyzer.analyze(command, OPTIONS);
    const timedOut = analysis.units.some((unit) => unit.sentinel === "<analysis-timeout>");
    if (timedOut) {
      expect(analysis.status).toBe("partial");
      expect(analysis.units).toHaveLength(1);
      expect(analysis.diagnostics?.[0]?.kind).toBe("deadline");
    } else if (analysis.status !== "ok") {
      // Not timed out and not proven: the unparseable floor must be there instead.
      expect(analysis.units.some((unit) => unit.sentinel === "<unparseable-bash-command>")).toBe(
        true,
      );
    }
  });

  it("runs out of budget on the inputs whose work grows past it, whatever the machine", async () => {
    // The budget counts steps, not time: the same inputs time out on a fast or a slow machine.
    const analyzer = await loadBashAnalyzer();
    for (const name of ["20000 units ;", "2 MB word", "nested $( x1000", "backslashes 200k"]) {
      const analysis = analyzer.analyze(PATHOLOGICAL[name] as string, OPTIONS);
      expect(
        analysis.units.map((unit) => unit.sentinel),
        name,
      ).toEqual(["<analysis-timeout>"]);
    }
  });
});
