// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyzeFull } from "./helpers.ts";

/** The argv of each unit the analysis marks as a call of a function the string defined. */
async function calls(command: string): Promise<string[]> {
  const analysis = await analyzeFull(command);
  return analysis.units.filter((unit) => unit.callsFunction).map((unit) => unit.argv.join(" "));
}

// Each row was run under bash 5.2: the call runs the function's body, never a program `f`.
describe("a call of a function the string surely defined before is marked", () => {
  it.each([
    ["f() { git status; }; f", ["f"]],
    ["function f { ls; }; f a b", ["f a b"]],
    ["f() { ls; } && f", ["f"]],
    ["f() { ls; }; cd src && f", ["f"]],
    ["f() { ls; }; ( f )", ["f"]],
    ["f() { ls; }; echo $(f)", ["f"]],
    ["f() { ls; }; f | f", ["f", "f"]],
    // A redefinition is a function too: every body is listed where it is defined.
    ["f() { ls; }; f() { pwd; }; f", ["f"]],
    // A subshell keeps the functions; what it removes stays in it.
    ["f() { ls; }; x=$(unset -f f); f", ["f"]],
  ])("%s", async (command, expected) => {
    expect(await calls(command)).toEqual(expected);
  });
});

// bash runs the program named `f` (found in PATH) wherever the function may be undefined.
describe("a call where the function may not be defined stays a program", () => {
  it.each([
    ["called before it is defined", "f; f() { ls; }"],
    ["defined in a subshell", "(f() { ls; }); f"],
    ["defined on one branch", "if [ -f x ]; then f() { ls; }; fi; f"],
    ["defined after &&", "true && f() { ls; }; f"],
    ["defined in a loop after the call", "for i in 1 2; do f; f() { ls; }; done"],
    ["unset -f", "f() { ls; }; unset -f f; f"],
    ["unset without -v (no variable f: the function goes)", "f() { ls; }; unset f; f"],
    ["unset on one branch", "f() { ls; }; [ -f x ] && unset -f f; f"],
    ["unset of a computed name", "f() { ls; }; unset $x; f"],
    ["unset through builtin", "f() { ls; }; builtin unset -f f; f"],
    ["unset through command", "f() { ls; }; command unset -f f; f"],
    ["unset by a name the string computed", "X=unset; f() { ls; }; $X -f f; f"],
    ["a computed command", "f() { ls; }; $y -f f; f"],
    ["a trap that may unset it", "f() { ls; }; trap 'unset -f f' DEBUG; f"],
    ["eval", 'f() { ls; }; eval "$x"; f'],
    ["source", "f() { ls; }; source x.sh; f"],
    ["another function's call", "g() { unset -f f; }; f() { ls; }; g; f"],
    ["unset in a loop before the next call", "f() { ls; }; while true; do f; unset -f f; done"],
    ["inside another function's body", "g() { f; }; f() { ls; }; g"],
    ["through a wrapper (command skips functions)", "f() { ls; }; command f"],
    ["a name with a slash runs a file", "f() { ls; }; ./f"],
  ])("%s: %s", async (_note, command) => {
    const marked = await calls(command);
    // `g` is surely defined where it is called; the question is only about `f`.
    expect(marked.filter((argv) => argv.split(" ")[0] !== "g")).toEqual([]);
  });
});

// bash 5.2 traced: `set -- -v 'a[$(id)]'; [ "$@" ]` runs id, quoted or not.
describe("adversarial: a list of words given to test may hold -v NAME", () => {
  it.each([
    "set -- -v 'a[$(rm -rf build)]'; [ \"$@\" ]",
    "set -- -v 'a[$(rm -rf build)]'; test \"$@\"",
    "a=(-n 1 -a -v 'a[$(rm -rf build)]'); [ \"${a[@]}\" ]",
    "f() { [ \"$@\" ]; }; f -v 'a[$(rm -rf build)]'",
    "f() { test -n \"$@\"; }; f -v 'a[$(rm -rf build)]'",
  ])("%s", async (command) => {
    const analysis = await analyzeFull(command);
    expect(analysis.units.map((unit) => unit.sentinel)).toContain(SENTINELS.evaluatedString);
  });
});
