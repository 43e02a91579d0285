import { describe, expect, it } from "vitest";
import { analyzeFull } from "./helpers.ts";

/** For each unit as `argv`, whether it is a call of a function the string defined. */
async function calls(command: string): Promise<string[]> {
  const analysis = await analyzeFull(command);
  return analysis.units.map(
    (unit) => `${unit.argv.join(" ")}${unit.callsFunction ? " (call)" : ""}`,
  );
}

/**
 * A call of a function forgets what the variables hold (its body may assign anything), but
 * not which functions are defined unless something in the string can undefine one: traced
 * under bash 5.2 (F15 second-call-of-defined-function), `f() { git status; }; f; f` runs git
 * status twice and nothing else.
 */
describe("a function stays defined after it is called", () => {
  it.each([
    ["f() { git status; }; f; f", ["git status", "f (call)", "f (call)"]],
    ["f() { git status; }; f && f", ["git status", "f (call)", "f (call)"]],
    [
      "a() { git log -3; }; b() { git status; }; a; b",
      ["git log -3", "git status", "a (call)", "b (call)"],
    ],
  ])("%s", async (command, expected) => {
    expect(await calls(command)).toEqual(expected);
  });

  // Whatever may undefine a function leaves a later call of the name an unknown program.
  it.each([
    ["unset in a body", "g() { ls; }; f() { unset -f g; }; f; g", "g"],
    ["unset spelled with quotes", "g() { ls; }; f() { un''set -f g; }; f; g", "g"],
    ["eval", 'g() { ls; }; f() { eval "$1"; }; f x; g', "g"],
    ["source", "g() { ls; }; f() { source ./x; }; f; g", "g"],
    ["a dot", "g() { ls; }; f() { . ./x; }; f; g", "g"],
    ["a computed command", "g() { ls; }; f() { $1 g; }; f unset; g", "g"],
    ["a trap", "g() { ls; }; trap 'unset -f g' DEBUG; f() { :; }; f; g", "g"],
  ])("not after %s: %s", async (_note, command, last) => {
    expect((await calls(command)).at(-1)).toBe(last);
  });
});
