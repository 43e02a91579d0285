import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Attack round D20 (time): three scans did work per word for every later word. The lsof branch
 * of the glob-free outputs was one regular expression in which each `-t` word could be the
 * option or another word (a line that failed at its end, `$(lsof -t -t … *)`, was tried every
 * way); the profilers' `-m` in a letter group counted every later operand again for each group;
 * sqlite3's rule looked for the database operand again for each dot-word. The inputs are in
 * bench/pathological.mjs (the benchmark times them, pathological.test.ts holds them to the
 * deadline); here, what each scan decides stays as it was.
 */
const paths = async (command: string) => (await analyze(command)).paths.map((path) => path.raw);

describe("lsof -t output read word by word", () => {
  it.each([
    "echo $(lsof -t -i:3000)",
    "echo $(lsof -i :3000 -t)",
    "echo $(lsof -nP -ti tcp:3000)",
    "echo $( lsof -t -i:3000 )",
  ])("%j prints process ids: no folder is listed", async (command) => {
    expect(await paths(command)).toEqual([]);
  });

  it.each([
    "echo $(lsof -i:3000)",
    "echo $(lsof -t *)",
    'echo $(lsof -t "$x")',
    "echo $(lsof -t -i:3000; cat x)",
  ])("%j may print a glob: the output is an unknown path", async (command) => {
    expect((await paths(command)).length).toBeGreaterThan(0);
  });
});

describe("the profilers' -m in a letter group", () => {
  const floored = async (command: string) =>
    (await analyze(command)).units.some((unit) => unit.sentinel !== null);

  it.each([
    "python3 -m cProfile -am -am -am out timeit 'import os'",
    "python3 -m cProfile -am x -am y -am timeit 1",
    "python3 -m cProfile -so time -am timeit 1",
    "python3 -m profile -am",
  ])("%j may run code it is given: not proven", async (command) => {
    expect(await floored(command)).toBe(true);
  });

  it("%j, whose operands are plain names, stays proven", async () => {
    expect(await floored("python3 -m cProfile -am -am -am out app.py")).toBe(false);
  });
});
