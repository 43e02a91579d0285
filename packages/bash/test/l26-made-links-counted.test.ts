import { describe, expect, it, vi } from "vitest";
import { deadlineClocks } from "../src/check/deadline.ts";
import { memolessAnalyzer, OPTIONS } from "./helpers.ts";

// R26 (dos-link-chain): a chain of links, each naming the one before (`ln -s p0 p1; ln -s p1
// p2; …`), made the links the string makes (walk/made-links.ts) compare every later path with
// every earlier link and follow the twins through the chain. None of that work was counted:
// 400 links (6.5 KB) took 0.8-2.4 s of CPU time, up to 6 s of wall time at load, before the
// answer came. The comparisons are counted now. The clocks are frozen here, so that only the
// counted steps can stop the analysis: no timing is asserted.

const memoless = memolessAnalyzer();

function chain(links: number): string {
  return Array.from({ length: links }, (_, i) => `ln -s p${i} p${i + 1}`).join("; ");
}

describe("l26: following the links a string makes is counted work", () => {
  it("400 chained links ask with <analysis-timeout> on the counted steps alone", () => {
    vi.spyOn(deadlineClocks, "cpu").mockReturnValue(0);
    vi.spyOn(deadlineClocks, "wall").mockReturnValue(0);
    const analysis = memoless.analyzer.analyze(chain(400), OPTIONS);
    expect(analysis.status).toBe("partial");
    expect(analysis.units.map((unit) => unit.sentinel)).toEqual(["<analysis-timeout>"]);
  });

  it("a few chained links are still followed to the end", () => {
    vi.spyOn(deadlineClocks, "cpu").mockReturnValue(0);
    vi.spyOn(deadlineClocks, "wall").mockReturnValue(0);
    const analysis = memoless.analyzer.analyze(`${chain(5)}; cat p5/x`, OPTIONS);
    expect(analysis.status).toBe("ok");
    // p5 → p4 → … → p0: the file read is /repo/p0/x, through every link.
    expect(analysis.paths.map((path) => path.path)).toContain("/repo/p0/x");
  });
});
