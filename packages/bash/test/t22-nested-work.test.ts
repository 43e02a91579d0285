import { beforeAll, describe, expect, it } from "vitest";
import { type BashAnalyzer, loadBashAnalyzer } from "../src/analyze.ts";

// D21 classes 3 and 4: work that grew with the input but spent no steps, so only the clock
// stopped it and the verdict hung on the machine's load.
// 3. Each function definition asked whether the whole string changes directory, spelling the
//    braces of the whole text twice: a chain of definitions did (definitions x text) work. The
//    answer is now read once per string (and spelling braces is counted).
// 4. Each unit of a nested script (an alias payload inside an alias payload…) copied every unit
//    of the enclosing scripts to look at them: quadratic in a chain of aliases, uncounted (13 KB
//    took 455 ms for 45 ms of counted work). The copy is now counted.

let analyzer: BashAnalyzer;
beforeAll(async () => {
  analyzer = await loadBashAnalyzer({ memoSize: 0 });
});

const options = { cwd: "/repo", home: "/home/user" };

/** How many steps of work the analysis counts: the smallest budget it finishes within. */
function countedSteps(command: string): number {
  let low = 0;
  let high = 400;
  const finishes = (ms: number) =>
    !analyzer
      .analyze(command, { ...options, deadlineMs: ms })
      .diagnostics?.some((diagnostic) => diagnostic.kind === "deadline");
  for (let round = 0; round < 16; round++) {
    const middle = (low + high) / 2;
    if (finishes(middle)) high = middle;
    else low = middle;
  }
  return high * 10_000;
}

const definitions = (count: number) =>
  Array.from({ length: count }, (_, i) => `f${i}(){ echo ${i}; }; `).join("");
const braces = (count: number) => `echo ${"{a,b} ".repeat(count)}`;
const aliases = (count: number) =>
  `shopt -s expand_aliases; ${Array.from({ length: count }, (_, i) => `alias a${i}=a${i - 1};`).join(" ")}\na${count - 1}`;

describe("t22: function definitions read the whole string once", () => {
  it("a hundred definitions add no more for a long brace text than the text costs alone", () => {
    const alone = countedSteps(braces(600)) - countedSteps(braces(100));
    const beside =
      countedSteps(definitions(100) + braces(600)) - countedSteps(definitions(100) + braces(100));
    // Spelled once per definition (twice, in fact), the longer text cost a hundred times more.
    expect(beside).toBeLessThan(3 * alone);
  });

  it("gives the same units for a chain of definitions and calls", () => {
    const chain = `${Array.from({ length: 30 }, (_, i) => `f${i}(){ ${i === 0 ? "echo a" : `f${i - 1}`}; }`).join("; ")}; f29`;
    const analysis = analyzer.analyze(chain, options);
    expect(analysis.status).toBe("ok");
    expect(analysis.units.map((unit) => unit.argv[0])).toContain("echo");
  });
});

describe("t22: a chain of nested aliases counts the units it looks at", () => {
  it("four times the aliases is far more than four times the steps", () => {
    const few = countedSteps(aliases(40));
    const many = countedSteps(aliases(160));
    // Each nested payload looks at every unit before it: the work is quadratic, and counted.
    // Counted linearly, as before, the ratio was four.
    expect(many / few).toBeGreaterThan(6);
  });

  it("still analyzes a short alias chain within the budget", () => {
    const analysis = analyzer.analyze(aliases(20), options);
    expect(analysis.units.some((unit) => unit.sentinel === "<analysis-timeout>")).toBe(false);
  });
});
