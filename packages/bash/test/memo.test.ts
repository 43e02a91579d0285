import { describe, expect, it } from "vitest";
import { loadBashAnalyzer } from "../src/index.ts";

/**
 * A loaded analyzer answers a repeated command from memory: the same frozen analysis for the
 * same command, working directory, home, deadline and declared programs; never a timed-out one.
 */

const AT = { cwd: "/repo", home: "/home/user" };

describe("the analysis memo", () => {
  it("answers the same command and options with the same frozen analysis", async () => {
    const analyzer = await loadBashAnalyzer();
    const first = analyzer.analyze("git status && rm -rf build", AT);
    const again = analyzer.analyze("git status && rm -rf build", AT);
    expect(again).toBe(first);
    expect(Object.isFrozen(first)).toBe(true);
    expect(Object.isFrozen(first.units[1])).toBe(true);
    expect(Object.isFrozen(first.paths[0])).toBe(true);
    expect(() => {
      (first.units as unknown as unknown[]).push({});
    }).toThrow(TypeError);
  });

  it("keeps apart what the options change: cwd, home, deadline, declared programs", async () => {
    const analyzer = await loadBashAnalyzer();
    const base = analyzer.analyze("cat ~/a ./b", AT);
    expect(analyzer.analyze("cat ~/a ./b", { ...AT, cwd: "/other" }).paths[1]?.path).toBe(
      "/other/b",
    );
    expect(analyzer.analyze("cat ~/a ./b", { ...AT, home: "/root" }).paths[0]?.path).toBe(
      "/root/a",
    );
    expect(analyzer.analyze("cat ~/a ./b", { ...AT, deadlineMs: 40 })).not.toBe(base);
    const programs = { "with-retry": { kind: "wrapper" as const } };
    const declared = analyzer.analyze("with-retry rm x", { ...AT, programs });
    expect(declared.units.map((unit) => unit.executed?.join(" "))).toEqual(["rm x"]);
    expect(analyzer.analyze("with-retry rm x", AT).units[0]?.executed?.join(" ")).toBe(
      "with-retry rm x",
    );
  });

  it("never keeps an answer past the deadline, and keeps nothing with memoSize 0", async () => {
    const analyzer = await loadBashAnalyzer();
    const slow = "true; ".repeat(500);
    const timedOut = analyzer.analyze(slow, { ...AT, deadlineMs: 0 });
    expect(timedOut.units[0]?.sentinel).toBe("<analysis-timeout>");
    expect(analyzer.analyze(slow, { ...AT, deadlineMs: 0 })).not.toBe(timedOut);
    const uncached = await loadBashAnalyzer({ memoSize: 0 });
    expect(uncached.analyze("ls", AT)).not.toBe(uncached.analyze("ls", AT));
  });

  it("forgets the least recently used analysis past its size", async () => {
    const analyzer = await loadBashAnalyzer({ memoSize: 2 });
    const a = analyzer.analyze("echo a", AT);
    const b = analyzer.analyze("echo b", AT);
    expect(analyzer.analyze("echo a", AT)).toBe(a);
    const c = analyzer.analyze("echo c", AT);
    // b was the least recently used: a and c stay, b is analysed again.
    expect(analyzer.analyze("echo a", AT)).toBe(a);
    expect(analyzer.analyze("echo c", AT)).toBe(c);
    expect(analyzer.analyze("echo b", AT)).not.toBe(b);
  });
});
