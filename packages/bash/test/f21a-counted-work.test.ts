import { describe, expect, it, vi } from "vitest";
import { memolessAnalyzer, OPTIONS } from "./helpers.ts";

// The analysis budget counts work, not time, so that a verdict never depends on how loaded the
// machine is; the wall-clock stop (twenty times the budget) only bounds what the steps miss.
// A long declaration list did work the steps did not see: each name copied every variable the
// walk held (and merged them with the state before the list), and searched the whole text for
// array builtins. A 3.4 KB `declare v0=x0 v1=x1 …` counted 38k steps for 300-800 ms of work,
// so it was allowed on an idle machine and got the timeout sentinel on a loaded one.

const memoless = memolessAnalyzer();

function list(words: (i: number) => string, size: number): string[] {
  const out: string[] = [];
  let length = 0;
  for (let i = 0; length < size; i++) {
    const word = words(i);
    out.push(word);
    length += word.length + 1;
  }
  return out;
}

const LISTS: Record<string, string> = {
  declare: `declare ${list((i) => `v${i}=x${i}`, 3400).join(" ")}`,
  readonly: `readonly ${list((i) => `v${i}=x${i}`, 3400).join(" ")}`,
  export: `export ${list((i) => `v${i}=x${i}`, 3400).join(" ")}`,
  "declare -x": `declare -x ${list((i) => `v${i}=x${i}`, 3400).join(" ")}`,
  "declare -i": `declare -i ${list((i) => `v${i}=${i}`, 3400).join(" ")}`,
  "declare -a": `declare -a ${list((i) => `v${i}=(a b)`, 3400).join(" ")}`,
  local: `f() { local ${list((i) => `v${i}=x${i}`, 3400).join(" ")}; }; f`,
  unset: `unset ${list((i) => `v${i}`, 3400).join(" ")}`,
};

/** The analysis with the wall clock running `factor` times as fast as the real one. */
function underClock(command: string, factor: number): string {
  const real = performance.now.bind(performance);
  const start = real();
  vi.spyOn(performance, "now").mockImplementation(() => start + (real() - start) * factor);
  try {
    return JSON.stringify(memoless.analyzer.analyze(command, OPTIONS));
  } finally {
    vi.restoreAllMocks();
  }
}

/** How many steps of work the analysis counts: the smallest budget it finishes within. */
function countedSteps(command: string): number {
  let low = 0;
  let high = 200;
  const finishes = (ms: number) =>
    !memoless.analyzer
      .analyze(command, { ...OPTIONS, deadlineMs: ms })
      .diagnostics?.some((diagnostic) => diagnostic.kind === "deadline");
  for (let round = 0; round < 18; round++) {
    const middle = (low + high) / 2;
    if (finishes(middle)) high = middle;
    else low = middle;
  }
  return high * 10_000;
}

describe("f21a: a long declaration list's work is counted", () => {
  for (const [name, command] of Object.entries(LISTS)) {
    it(`gives the same answer under a clock twice as fast (${name}, ${command.length} chars)`, () => {
      const normal = underClock(command, 1);
      // Twice, not more: the counted work leaves about 2x headroom under the wall-clock stop, and a
      // loaded CI machine (two cores running every package's tests) eats into it.
      expect(underClock(command, 2)).toBe(normal);
    });
  }

  it("counts the copies of the variables: four times the names is far more than four times the steps", () => {
    const names = (count: number) =>
      `declare ${Array.from({ length: count }, (_, i) => `v${i}=x${i}`).join(" ")}`;
    const few = countedSteps(names(60));
    const many = countedSteps(names(240));
    // Each name copies (and merges) every variable held so far: the work is quadratic.
    expect(many / few).toBeGreaterThan(8);
  });

  it("still finishes a short declaration list well within the budget", () => {
    const analysis = memoless.analyzer.analyze(
      "declare -i a=1 b=2 c=3; export X=1 Y=2; echo $a",
      OPTIONS,
    );
    expect(analysis.status).toBe("ok");
    expect(analysis.units.map((unit) => unit.argv[0])).toEqual(["declare", "export", "echo"]);
  });
});
