// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

function unknownPaths(analysis: BashAnalysis): number {
  return analysis.paths.filter((path) => path.path === null && path.glob === undefined).length;
}

function evaluated(analysis: BashAnalysis): boolean {
  return analysis.units.some((unit) => unit.sentinel === "<evaluated-string>");
}

/**
 * Session 18's needless ask `rc=$?; exit $rc`: a variable given bash's status (`$?`), the
 * count of positional parameters (`$#`) or `${PIPESTATUS[N]}` where the string never assigns
 * PIPESTATUS holds a decimal number, which
 * split or globbed never lists a folder, and evaluated as arithmetic runs nothing. Traced:
 * `git status; rc=$?; exit $rc` runs git status alone and opens nothing.
 */
describe("precision: a variable given bash's status or count holds a number", () => {
  it.each([
    "git status; rc=$?; exit $rc",
    'ls; rc="$?"; echo $rc',
    "ls; rc=${?}; [ $rc -eq 0 ] && echo ok",
    "f() { git status; local rc=$?; return $rc; }; f",
    "n=$#; echo $n",
    "n=${#}; echo $n",
    // PIPESTATUS where the string assigns it nowhere: bash's numbers.
    "ls src; status=${PIPESTATUS[0]}; exit $status",
  ])("%j", async (command) => {
    expect(unknownPaths(await analyze(command))).toBe(0);
  });

  it.each([
    "ls; rc=$?; echo $((rc + 1))",
    "rc=$?; (( rc > 0 )) && echo failed",
    "ls | cat; x=${PIPESTATUS[0]}; echo $((x))",
  ])("%j evaluates nothing", async (command) => {
    expect(evaluated(await analyze(command))).toBe(false);
  });
});

describe("soundness: other values still may glob or hold code", () => {
  it.each([
    "x=$(ls); exit $x",
    "read rc; exit $rc",
    "rc=$?; rc=$(cat f); echo $rc",
    "rc=$?; read rc; echo $rc",
    "rc=$-; echo $rc",
    "rc=$?x; echo $rc",
    "rc=$!$x; echo $rc",
  ])("%j", async (command) => {
    expect(unknownPaths(await analyze(command))).toBeGreaterThan(0);
  });

  it.each([
    "rc=$?; rc=$(cat f); echo $((rc))",
    "rc=$?; read rc; echo $((rc))",
    // An assignment statement leaves its own value in PIPESTATUS (R19, traced: runs id).
    "PIPESTATUS='a[$(id)]'; x=${PIPESTATUS[0]}; echo $((x))",
    "f() { PIPESTATUS='a[$(id)]'; }; f; x=${PIPESTATUS[0]}; echo $((x))",
    'declare "PIPE""STATUS=a[\\$(id)]"; x=${PIPESTATUS[0]}; echo $((x))',
  ])("%j is evaluated", async (command) => {
    expect(evaluated(await analyze(command))).toBe(true);
  });
});
