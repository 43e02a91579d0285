// The benchmark is a script nobody runs in CI; this runs it on three cases so that a change
// in Pi, in either extension or in the corpus cannot break it unnoticed. It checks the shape
// of the report only: timing is never asserted (issue 18).
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { expect, it } from "vitest";

const SCRIPT = join(import.meta.dirname, "..", "bench.ts");
const number = String.raw`\d+\.\d+`;

it("runs real Pi sessions on three cases and prints the three tables", () => {
  const out = execFileSync(
    process.execPath,
    // P1's cases: gotgenes hides no tool under it, so every setup judges every call.
    [
      SCRIPT,
      ...["--policy", "P1", "--cases", "3", "--fresh", "2", "--repeat", "1", "--load-runs", "1"],
      ...["--everyday", "2", "--memory-calls", "3"],
    ],
    // Three more processes measure memory (one per setup): on a busy shared machine the run
    // takes minutes, which is not a failure.
    { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], timeout: 230_000 },
  );
  const lines = out.split("\n");
  expect(lines[0]).toMatch(/^bench:pi: Pi \d+\.\d+\.\d+ sessions .* load average /);
  // Every setup judged each call, and ours judged it as the corpus says.
  expect(out).toMatch(/ours verdicts as the corpus expects: 3 of 3\b/);
  for (const measure of [
    "first call, fresh session, once",
    "first call, fresh session, repeated",
    "later calls, long session, once",
    "later calls, long session, repeated",
    "everyday commands: first call, fresh session, once",
    "everyday commands: later calls, long session, once",
  ]) {
    const row = lines.find((l) => l.startsWith(`| ${measure} |`));
    const cells = row
      ?.split("|")
      .slice(2, -1)
      .map((c) => c.trim());
    expect(cells, measure).toHaveLength(13);
    expect(Number(cells?.[0]), measure).toBeGreaterThan(0);
    for (const cell of cells?.slice(1) ?? [])
      expect(cell, measure).toMatch(new RegExp(`^${number}$`));
  }
  expect(lines).toContainEqual(expect.stringMatching(/^\| ours \| \d+ \| /));
  const load = (name: string) =>
    lines.find((l) => new RegExp(`^\\| ${name} \\| 1 \\| ${number} \\|`).test(l));
  expect(load("ours")).toBeDefined();
  expect(load("gotgenes")).toBeDefined();
  // Memory: one row per setup after the memory table's title, every figure in MB.
  const memory = lines.slice(lines.findIndex((l) => l.startsWith("memory, MB")));
  for (const setup of ["ours", "gotgenes", "none"]) {
    const row = memory.find((l) => l.startsWith(`| ${setup} | `));
    expect(row, setup).toMatch(/^\| \w+ (\| -?\d+\.\d ){6}\|$/);
  }
}, 240_000);
