import { beforeAll, describe, expect, it } from "vitest";
import { type BashAnalyzer, loadBashAnalyzer } from "../src/analyze.ts";
import { releaseRuns } from "../src/programs/release-tools.ts";
import { wordFromText } from "../src/read/words.ts";

// D21 class 0b: a short option cluster holding a letter was read with `-[A-Za-z]*L[A-Za-z]*`,
// which backtracks over every `L` of a long cluster that fails at its end (`-www…w1`): one
// `RegExp.test`, quadratic, inside which neither the step budget nor the wall clock can stop
// (80 KB took 3.9 s, then allow). The cluster is now read once. A cluster of 200,000 letters
// below would not finish for hours the old way.

let analyzer: BashAnalyzer;
beforeAll(async () => {
  analyzer = await loadBashAnalyzer({ memoSize: 0 });
});

const options = { cwd: "/repo", home: "/home/user" };
const runs = (line: string) => releaseRuns(line.split(" ").map((text) => wordFromText(text)));
const LONG = 200_000;

describe("t22: a long option cluster is read in one pass", () => {
  const cases = (table: [string, string, boolean][]): [string, string, boolean][] => table;

  it.each(
    cases([
      ["-np", "ghp-import -np site", true],
      ["-pn", "ghp-import -pn site", true],
      ["-n", "ghp-import -n site", false],
      ["-p1", "ghp-import -p1 site", false],
      ["-n…np", `ghp-import -${"n".repeat(LONG)}p site`, true],
      ["-p…p1", `ghp-import -${"p".repeat(LONG)}1 site`, false],
    ]),
  )("ghp-import %s runs git push: %s", (_name, line, pushes) => {
    expect(runs(line).includes("git push")).toBe(pushes);
  });

  it.each(
    cases([
      ["-x", "cargo release -x", true],
      ["-vx", "cargo release -vx", true],
      ["-v", "cargo release -v", false],
      ["-x…x1", `cargo release -${"x".repeat(LONG)}1`, false],
    ]),
  )("cargo release %s executes: %s", (_name, line, executes) => {
    expect(runs(line).length > 0).toBe(executes);
  });

  const writes = (line: string) => {
    const analysis = analyzer.analyze(line, { ...options, deadlineMs: 1_000_000 });
    expect(analysis.status).toBe("ok");
    const access = analysis.paths.find((p) => p.path === "/repo/src/a.ts")?.access;
    return access === "write" || access === "read_write";
  };

  it.each(
    cases([
      ["-w", "prettier -w src/a.ts", true],
      ["-lw", "prettier -lw src/a.ts", true],
      ["-l", "prettier -l src/a.ts", false],
      ["-l…lw", `prettier -${"l".repeat(LONG)}w src/a.ts`, true],
    ]),
  )("prettier %s writes src/a.ts: %s", (_name, line, expected) => {
    expect(writes(line)).toBe(expected);
  });

  it("reads prettier -w…w1 (200,000 letters) as it reads -ww1", () => {
    expect(writes(`prettier -${"w".repeat(LONG)}1 src/a.ts`)).toBe(
      writes("prettier -ww1 src/a.ts"),
    );
  });
});
