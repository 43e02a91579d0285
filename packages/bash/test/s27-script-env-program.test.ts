import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S27 script-env-program: the front ends of gzip, bzip2, xz and zstd run the program GREP,
// EGREP, FGREP, DIFF, CMP, ZCAT or ZSTD names (traced: `GREP=rm zgrep x README.md` ran `rm --
// x`, `DIFF=rm bzdiff README.md src/a.ts` ran `rm README.md src/a.ts`, `ZCAT=rm zstdgrep x
// README.md` ran `rm -- README.md`). The engine knew PAGER for zmore, not these: a bare name
// there is now a program judged by its name, as PAGER's is.

/** Each unit's executed words. */
async function runsOf(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units.map((unit) => (unit.executed ?? unit.argv).join(" "));
}

describe("s27: a program a script front end's variable names", () => {
  it.each([
    ["GREP=rm zgrep x README.md", "rm"],
    ["EGREP=rm xzgrep -E x a.xz", "rm"],
    ["FGREP=curl bzgrep -F x a.bz2", "curl"],
    ["DIFF=rm bzdiff README.md src/a.ts", "rm"],
    ["CMP=rm zcmp a.gz b.gz", "rm"],
    ["ZCAT=rm zstdgrep x README.md", "rm"],
    ["ZSTD=rm zstdless a.zst", "rm"],
    ["export DIFF=rm; xzdiff a.xz b.xz", "rm"],
    ["GREP=grep zgrep x README.md", "grep"],
  ])("%s runs %s", async (command, program) => {
    expect(await runsOf(command)).toContain(program);
  });
});
