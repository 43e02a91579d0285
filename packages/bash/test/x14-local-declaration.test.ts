import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * F14 local-declaration, traced under bash 5.2: `f() { local dir=src; ls "$dir"; }; f` lists
 * /repo/src. In a function body no variable's value is known on entry, and one the body
 * assigns was still taken as possibly cased (`declare -u`) whenever the string mentioned
 * `local`: only a declaration with `l`, `u` or `c` among its options (or a computed word
 * that may be one) gives that attribute.
 */
describe("a literal local in a function body is followed", () => {
  it.each([
    ['f() { local dir=src; ls "$dir"; }; f', "read:/repo/src"],
    ['show() {\n  local file=README.md\n  cat "$file"\n}\nshow', "read:/repo/README.md"],
    ['f() { declare out=notes.txt; cat "$out"; }; f', "read:/repo/notes.txt"],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual([expected]);
  });

  it.each([
    ['f() { local -u dir=.env; cat "$dir"; }; f'],
    ['f() { local dir=.ENV; cat "$dir"; }; declare -l dir; f'],
    ['opt=-l; f() { local $opt dir=.ENV; cat "$dir"; }; f'],
    ['f() { local x=.ENV; cat "$x"; }; g() { typeset -c y; }; f'],
    ["f() { local x=.ENV; cat \"$x\"; }; eval $'declare -l x'; f"],
  ])("keeps a possibly cased value unknown: %s", async (command) => {
    expect(paths(await analyze(command))).toContain("read:?");
  });
});
