import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze, paths } from "./helpers.ts";

/**
 * F14 declaration-computed-value (P15), traced under bash 5.2: `f() { local out="$(git status
 * --porcelain)"; echo "$out"; }; f` runs git and echo only. A function body's variable was
 * taken as possibly an integer (whose value bash evaluates as arithmetic) or possibly cased
 * whenever any word of the string held `-…i` or `-…l`: `--porcelain`, `ls -la`. Only an option
 * cluster of a declaration builtin gives those attributes.
 */
function sentinels(command: string): Promise<(string | null)[]> {
  return analyze(command).then((a) => a.units.map((unit) => unit.sentinel));
}

describe("another program's option gives a function's variable no attribute", () => {
  it.each([
    ['f() { local dir=src; ls -la "$dir"; }; f', "read:/repo/src"],
    ['f() { local f=README.md; grep -il todo "$f"; }; f', "read:/repo/README.md"],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual([expected]);
  });

  it.each([
    ['f() { out="$(git status --porcelain)"; echo "$out"; }; f'],
    ['f() { local out="$(git status --porcelain)"; echo "$out"; }; f'],
    ['f() { out="$1"; }; grep -i x README.md; f a'],
  ])("%s evaluates nothing", async (command) => {
    expect(await sentinels(command)).not.toContain(SENTINELS.evaluatedString);
  });

  it.each([
    ['f() { out="$(git status --porcelain)"; }; declare -i out; f'],
    ['f() { out="$(git status --porcelain)"; }; declare -x -i out; f'],
    ['f() { out="$(git status --porcelain)"; }; declare \\\n  -i out; f'],
    ['f() { out="$(git status --porcelain)"; }; declare -{x,i} out; f'],
    ['f() { out="$(git status --porcelain)"; }; command typeset -gi out; f'],
    ['f() { out="$(git status --porcelain)"; }; o=-i; declare $o out; f'],
    ['f() { out="$(git status --porcelain)"; }; eval "declare -i out"; f'],
  ])("%s keeps the integer attribute possible", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.evaluatedString);
  });

  it.each([
    ['f() { local dir=.ENV; cat "$dir"; }; declare \\\n  -l dir; f'],
    ['f() { local dir=.ENV; cat "$dir"; }; declare -{x,l} dir; f'],
    ['f() { local dir=.ENV; cat "$dir"; }; builtin typeset -gu dir; f'],
  ])("%s keeps a case attribute possible", async (command) => {
    expect(paths(await analyze(command))).toContain("read:?");
  });
});
