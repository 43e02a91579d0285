import { describe, expect, it, vi } from "vitest";
import { deadlineClocks } from "../src/check/deadline.ts";
import { memolessAnalyzer, OPTIONS } from "./helpers.ts";

// R25 (dos-crosscheck): every `<<` of `echo <<a=(<<a=(…` opens a heredoc whose body never
// comes; the grammar fails on thousands of nested nodes, and the walk read each node's whole
// text again with the token reader, paid only by the tokens it found. 120 KB took 740 ms of
// analyzer CPU (seconds of wall time at load) against a 50 ms budget. Each read of a failed
// node is now paid by its length first. The clocks are frozen here, so that only the counted
// steps can stop the analysis: no timing is asserted.

const memoless = memolessAnalyzer();

describe("l25: reading the grammar's failed nodes again is paid by their length", () => {
  it("30 KB of unclosed heredocs asks with <analysis-timeout> on the counted steps alone", () => {
    vi.spyOn(deadlineClocks, "cpu").mockReturnValue(0);
    vi.spyOn(deadlineClocks, "wall").mockReturnValue(0);
    const analysis = memoless.analyzer.analyze(`echo ${"<<a=(".repeat(6_000)}`, OPTIONS);
    expect(analysis.status).toBe("partial");
    expect(analysis.units.map((unit) => unit.sentinel)).toEqual(["<analysis-timeout>"]);
  });

  it("a short line the grammar fails on is still read, not timed out", () => {
    vi.spyOn(deadlineClocks, "cpu").mockReturnValue(0);
    vi.spyOn(deadlineClocks, "wall").mockReturnValue(0);
    const analysis = memoless.analyzer.analyze(`echo ${"<<a=(".repeat(20)}`, OPTIONS);
    const sentinels = analysis.units.map((unit) => unit.sentinel);
    expect(sentinels).not.toContain("<analysis-timeout>");
    expect(sentinels).toContain("<unparseable-bash-command>");
  });
});
