import { type PermissionMap, WorkBudgetSpent, withWorkBudget } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { braceExpandsTo } from "../src/path-gates.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

// D21 class 1: each glob word a brace made was looked for among the unit's paths by compiling
// the brace word into a regular expression, once per (glob word x path) pair, with no work
// counted: a 13.5 KB `cat src/{a,b}*0.ts src/{a,b}*1.ts …` took 5.6 s of CPU, stopped only by
// the wall clock (so its verdict hung on the machine's load). The paths are now looked up by
// what they name, and a brace word is met against a glob word as a set of places, counted.

/** Whether `work` finishes within `steps` counted steps (no wall clock decides it). */
function within<T>(steps: number, work: () => T): { done: boolean; value?: T } {
  try {
    return { done: true, value: withWorkBudget(work, steps, Number.POSITIVE_INFINITY) };
  } catch (error) {
    if (error instanceof WorkBudgetSpent) return { done: false };
    throw error;
  }
}

describe("t22: a brace word met against the glob words it expands to", () => {
  it.each([
    ["src/{a,b}*0.ts", "src/a*0.ts", true],
    ["src/{a,b}*0.ts", "src/b*0.ts", true],
    ["src/{a,b}*0.ts", "src/c*0.ts", false],
    ["{src,test}/**/*.ts", "test/**/*.ts", true],
    ["{a,{b,c}d}x", "cdx", true],
    ["{a,{b,c}d}x", "cx", false],
    ["{a,}x", "x", true],
    ["a}b,c", "a}b,c", true],
    ["{a,b", "a", false],
    ["x.{ts,js}", "x.ts", true],
  ])("%s expands to %s: %s", (raw, word, expected) => {
    expect(braceExpandsTo(raw, word)).toBe(expected);
  });

  it("meets alternatives that share prefixes without backtracking, within a counted budget", () => {
    // As a regular expression, `(?:a|aa)` forty times against 80 `a`s and a `c` backtracks
    // through every way to split the `a`s: it never ends.
    const raw = "{a,aa}".repeat(40);
    const result = within(100_000, () => braceExpandsTo(raw, `${"a".repeat(80)}c`));
    expect(result).toEqual({ done: true, value: false });
    expect(within(100_000, () => braceExpandsTo(raw, "a".repeat(80)))).toEqual({
      done: true,
      value: true,
    });
  });

  it("counts its work: a brace word of 20,000 characters runs out of a small budget", () => {
    const raw = `{${"a,".repeat(10_000)}b}`;
    expect(within(5_000, () => braceExpandsTo(raw, "b")).done).toBe(false);
    expect(within(1_000_000, () => braceExpandsTo(raw, "b"))).toEqual({ done: true, value: true });
  });

  it("still takes brace-made glob words as the paths they came from", async () => {
    const ALLOW: PermissionMap = { "*": "allow", bash: { "*": "allow" }, read: { "*": "allow" } };
    const words = Array.from({ length: 40 }, (_, i) => `src/{a,b}*${i}.ts`).join(" ");
    const evaluation = evaluateToolCall(
      policyOf(ALLOW),
      bash(`cat ${words}`),
      await analyzerOnce(),
    );
    expect(evaluation.action).toBe("allow");
    const denied: PermissionMap = { ...ALLOW, path: { "**/b*7.ts": "deny" } };
    const judged = evaluateToolCall(policyOf(denied), bash(`cat ${words}`), await analyzerOnce());
    expect(judged.action).toBe("deny");
  });
});
