import { describe, expect, it, vi } from "vitest";
import { deadlineClocks } from "../src/check/deadline.ts";
import { memolessAnalyzer, OPTIONS } from "./helpers.ts";

// Whether a checkout may write text the string put into git (walk/written-code.ts
// `workTreeFilled`) asked, for every path of every command, every other command again: a
// list of 100 plain checkouts (`git checkout f0; …; git checkout f99`, 1.5 KB, nothing
// written) ran out of counted steps and asked, a needless ask that also took about a second.
// The commands that decide it are found once per list now. The clocks are frozen, so only
// the counted steps can stop the analysis: no timing is asserted.

const memoless = memolessAnalyzer();

function checkouts(count: number, from = 0): string {
  return Array.from({ length: count }, (_, i) => `git checkout f${from + i}`).join("; ");
}

describe("l27: a long list of checkouts is analysed to the end", () => {
  it("150 checkouts finish within the counted steps, every one a plain unit", () => {
    vi.spyOn(deadlineClocks, "cpu").mockReturnValue(0);
    vi.spyOn(deadlineClocks, "wall").mockReturnValue(0);
    const analysis = memoless.analyzer.analyze(checkouts(150), OPTIONS);
    expect(analysis.status).toBe("ok");
    expect(analysis.units).toHaveLength(150);
    expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
  });

  it("a checkout after the string committed its own file still covers the whole work tree", () => {
    vi.spyOn(deadlineClocks, "cpu").mockReturnValue(0);
    vi.spyOn(deadlineClocks, "wall").mockReturnValue(0);
    const analysis = memoless.analyzer.analyze(
      `echo 'git push origin main' > a; git add a; git commit -qm x; ${checkouts(40)}; bash b`,
      OPTIONS,
    );
    expect(analysis.status).toBe("ok");
    const run = analysis.units.find((unit) => unit.argv.join(" ") === "bash b");
    expect(run?.sentinel).not.toBeNull();
  });

  it("the same checkouts and run with nothing committed run no written text", () => {
    vi.spyOn(deadlineClocks, "cpu").mockReturnValue(0);
    vi.spyOn(deadlineClocks, "wall").mockReturnValue(0);
    const analysis = memoless.analyzer.analyze(`${checkouts(40)}; bash b`, OPTIONS);
    expect(analysis.status).toBe("ok");
    const run = analysis.units.find((unit) => unit.argv.join(" ") === "bash b");
    expect(run?.sentinel).toBeNull();
  });
});
