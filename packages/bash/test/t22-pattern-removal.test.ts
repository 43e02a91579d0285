import { beforeAll, describe, expect, it } from "vitest";
import { type BashAnalyzer, loadBashAnalyzer } from "../src/analyze.ts";

// T22 audit of the regular expressions built from input (issue 11 class 6): the pattern of a
// `${x#…}`, `${x%…}` or `${x/…/…}` became a regular expression with one `[\s\S]*` per star,
// and a pattern of many stars that fails at its end backtracks through every way to place
// them: `x=aaa…(3,000); cat ${x#*a*a*a*a*a*a*a*a*a*ab}` ran for minutes inside one match that
// no budget could stop. The pattern is now matched as a set of places, its work counted.

let analyzer: BashAnalyzer;
beforeAll(async () => {
  analyzer = await loadBashAnalyzer({ memoSize: 0 });
});

const options = { cwd: "/repo", home: "/home/user" };
const LONG = "a".repeat(3000);
const STARS = "*a".repeat(10);

const argv = (command: string, deadlineMs?: number) =>
  analyzer.analyze(command, deadlineMs === undefined ? options : { ...options, deadlineMs }).units;

describe("t22: a parameter pattern is matched without backtracking", () => {
  it.each([
    ["x=abcabc; cat ${x#*b}", "cabc"],
    ["x=abcabc; cat ${x##*b}", "c"],
    ["x=abcabc; cat ${x%b*}", "abca"],
    ["x=abcabc; cat ${x%%b*}", "a"],
    ["x=abcabc; cat ${x#?b}", "cabc"],
    ["x=abcabc; cat ${x/b*c/Z}", "aZ"],
    ["x=abcabc; cat ${x//b/Z}", "aZcaZc"],
    ["x=abcabc; cat ${x/#a/Z}", "Zbcabc"],
    ["x=abcabc; cat ${x/%c/Z}", "abcabZ"],
    ["x=.env.bak; cat ${x%.*}", ".env"],
    ["x=abc; cat ${x#*z}", "abc"],
  ])("%s reads %s", (command, operand) => {
    const units = argv(command);
    expect(units.find((unit) => unit.argv[0] === "cat")?.argv[1]).toBe(operand);
  });

  it("answers a pattern of ten stars that fails on a 3,000-character value", () => {
    // With the budget raised far past what the match needs, the value is followed exactly.
    const units = argv(`x=${LONG}; cat \${x#${STARS}b}`, 5_000);
    expect(units.find((unit) => unit.argv[0] === "cat")?.argv[1]).toBe(LONG);
  });

  it("counts the match as work: under the default budget a long one runs out and asks", () => {
    const units = argv(`x=${LONG}; cat \${x##${"*a".repeat(200)}b}`);
    expect(units.map((unit) => unit.sentinel)).toContain("<analysis-timeout>");
  });
});
