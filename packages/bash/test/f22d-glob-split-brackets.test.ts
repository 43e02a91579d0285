// Session 22 (F22d): a file name a glob made is split where IFS characters stand in it, and
// globNameMayHold says whether any name the glob matches can hold one. A bracket bash 5.2 reads
// in more than one way, or one holding an equivalence class or a collating symbol, may match
// more than its text shows: with a file `x:.env`, `IFS=:; for f in x[+-[.=.]].env; do cat $f;
// done` cats .env (checked under bash 5.2: the range `+`..`=` holds `:`), and the walk reported
// the glob alone (allowed under P1). Such a name is now unknown.

import { describe, expect, it } from "vitest";
import { analyzeFull } from "./helpers.ts";

async function computed(command: string): Promise<boolean> {
  const analysis = await analyzeFull(command);
  return analysis.paths.some((path) => path.path === null && path.glob === undefined);
}

describe("a glob-made name split by IFS, through a bracket bash reads in more than one way", () => {
  it.each([
    "IFS=:; for f in x[+-[.=.]].env; do cat $f; done",
    "IFS=:; for f in x[+-[=x=]].env; do cat $f; done",
    "IFS=:; for f in x[[=x=]]].env; do cat $f; done",
    "IFS=:; for f in x[+-[:digit:]]].env; do cat $f; done",
    "IFS=:; for f in x[[:[:]].env; do cat $f; done",
  ])("%s: the name is unknown", async (command) => {
    expect(await computed(command)).toBe(true);
  });

  it.each([
    // Plain brackets keep their exact answer.
    "IFS=:; for f in x[ab].env; do cat $f; done",
    "IFS=:; for f in x[[:digit:]].env; do cat $f; done",
  ])("%s: the name stays the glob's", async (command) => {
    expect(await computed(command)).toBe(false);
  });
});
