import { describe, expect, it } from "vitest";
import { analyze, mayRun, paths } from "./helpers.ts";

/**
 * An integer attribute keeps the digits a variable holds (traced under bash 5.2:
 * `V=5; declare -i V; echo $V` prints 5, `declare -i V=5` stores 5), so `$V` is known where
 * it was lost; a value bash evaluates to another number (`1+2`, `010`, `V+=1`) is not taken
 * as written, and an old value that is not digits stays unknown and its `+=` evaluated.
 */
describe("an integer variable keeps its digits", () => {
  it.each([
    ["V=5; declare -i V; cat $V", ["read:/repo/5"]],
    ["V=5; typeset -i V; cat $V", ["read:/repo/5"]],
    ["V=5; declare -ix V; cat $V", ["read:/repo/5"]],
    ["declare -i V=5; cat $V", ["read:/repo/5"]],
    ["typeset -i n=12; cat f$n", ["read:/repo/f12"]],
    ["declare -i V=-3; cat x$V", ["read:/repo/x-3"]],
    ["declare -i V; V=7; cat $V", ["read:/repo/7"]],
    ["declare -i V; for V in 1 2; do cat $V; done", ["read:/repo/1", "read:/repo/2"]],
    // With the attribute the sum, without it the digits joined: both are followed.
    ["V=5; declare -i V; V+=1; cat $V", ["read:/repo/51", "read:/repo/6"]],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});

describe("a number bash works out is not the text as written", () => {
  it.each([
    "declare -i V=5; V=1+2; cat $V",
    "declare -i V; V=010; cat $V",
    "declare -i V=010; cat $V",
    "declare -i V; x=1+2; V=$x; cat $V",
    "declare -i V; export V=1+2; cat $V",
    "declare -i V; for V in 1+2; do cat $V; done",
    'declare -i A; A=(1+2); for x in "${A[@]}"; do cat $x; done',
    "V=src; declare -i V; cat $V",
    "declare -i V=5; V+=x; cat $V",
    "f() { V=5; declare -i V; cat $V; }; f",
    "V=5; declare -il V; cat $V",
  ])("%s reads a file nobody knows", async (command) => {
    // An exported V may also name a file for cat (S32 exported-path-env): `read_write:?` too.
    expect(paths(await analyze(command))).toContain("read:?");
  });
});

describe("an old value that is code is still evaluated", () => {
  it.each([
    "V=$(cat f); declare -i V; V+=1; git status",
    "V='a[$(git push)]'; declare -i V; V+=1",
    "read V < f; declare -i V; V+=1",
  ])("%s", async (command) => {
    expect(mayRun(await analyze(command), "git push")).toBe(true);
  });
});
