import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze, globPaths as paths } from "./helpers.ts";

/** Each unit as its argv and sentinel. */
function units(analysis: BashAnalysis): [readonly string[], string | null][] {
  return analysis.units.map((unit) => [unit.argv, unit.sentinel]);
}

/**
 * Traced under bash 5.2 (round 11a K-a10, a11a-o6-*, a11a-o9-*, a11a-o20-*): tree-sitter-bash
 * ends `y=a[\$\(rm\ x\)]` at `[\`, so the assignment was `y=a[` and the rest a command named
 * `$(rm x)]`. Bash reads one assignment whose value `a[$(rm x)]` runs `rm x` wherever `y` is used
 * as a number.
 */
describe("adversarial: a prefix assignment the grammar cuts is one word", () => {
  it.each([
    ["escaped $( )", "y=a[\\$\\(rm\\ -rf\\ x\\)]; (( y ))", "(( y ))"],
    ["escaped backquotes", "y=a[\\`rm\\ -rf\\ x\\`]; (( y ))", "(( y ))"],
    ["an unescaped $", "y=a[$\\(rm\\ -rf\\ x\\)]; (( y ))", "(( y ))"],
    ["an escaped closing bracket after it", "y=a[\\$\\(rm\\ -rf\\ x\\)\\]; (( y ))", "(( y ))"],
    ["an append", "y+=a[\\$\\(rm\\ -rf\\ x\\)]; (( y ))", "(( y ))"],
    ["an element of an array", "a[1]=x[\\$\\(rm\\ -rf\\ x\\)]; (( a[1] ))", "(( a[1] ))"],
  ])("%s: %s", async (_note, command, use) => {
    expect(units(await analyze(command))).toEqual([[[use], "<evaluated-string>"]]);
  });

  it("runs the command that follows the joined assignment under its own name", async () => {
    expect(units(await analyze("y=a[\\$\\(rm\\ x\\)] rm -rf /"))).toEqual([
      [["rm", "-rf", "/"], null],
    ]);
  });

  it("binds the joined value in this shell when no command follows, also before a redirect", async () => {
    expect(units(await analyze("y=a[\\$\\(rm\\ x\\)] >f; (( y ))"))).toEqual([
      [[], null],
      [["(( y ))"], "<evaluated-string>"],
    ]);
  });

  it("floors the command when a word after the joined assignment is one more assignment", async () => {
    expect(units(await analyze("y=a[\\$\\(rm\\ x\\)] z=1 env"))).toEqual([
      [["z=1", "env"], "<unparseable-bash-command>"],
      [["env"], "<unparseable-bash-command>"],
    ]);
  });

  it("keeps the quote-removed value: a literal one stays a literal", async () => {
    expect(units(await analyze("y=a[\\$x]; echo $y"))).toEqual([[["echo", "a[$x]"], null]]);
  });
});

/**
 * Traced under bash 5.2 (session 9, w9-x-00..05): the words of a `for` list are cut the same
 * way; `for f in .e[\n]v` walks `.env`, not `.e[` and `n]v`.
 */
describe("adversarial: a for list word the grammar cuts is one word", () => {
  it.each([
    [
      "an escaped bracket member",
      "for f in .e[\\n]v; do cat $f; done",
      ["read:glob:/repo/.e[\\n]v"],
    ],
    [
      "an escaped character after a brace",
      "for f in {.e,x}\\nv; do cat $f; done",
      ["read:/repo/.env", "read:/repo/xnv"],
    ],
  ])("%s: %s", async (_note, command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});

/**
 * Traced under bash 5.2 (round 11a K-a17, a11a-o26-*, a11a-o27-*): a backslash at a brace's edge
 * only quotes that character; the braces still expand.
 */
describe("adversarial: a backslash at a brace's edge keeps the brace expansion", () => {
  it.each([
    ["inside an alternative", "cat .e{\\n,x}v", ["read:/repo/.env", "read:/repo/.exv"]],
    ["first in an alternative", "cat {\\.env,x}", ["read:/repo/.env", "read:/repo/x"]],
    ["after the closing brace", "cat {.e,x}\\nv", ["read:/repo/.env", "read:/repo/xnv"]],
  ])("%s: %s", async (_note, command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});

/**
 * Traced under bash 5.2 (session 9, w9-r-00..06): with no command word before it, a redirect
 * target cut at `[\` left its tail as a command (`>.e[\n]v` was a write of `.e[` and a command
 * `n]v`); bash writes `.env`. A here-string's cut tail was an argument of the command.
 */
describe("adversarial: a redirect target the grammar cuts is one word", () => {
  it.each([
    ["after an assignment", "x=1 >.e[\\n]v", "write:glob:/repo/.e[\\n]v"],
    ["alone", ">.e[\\n]v", "write:glob:/repo/.e[\\n]v"],
    ["with a descriptor", "x=1 2>.e[\\n]v", "write:glob:/repo/.e[\\n]v"],
    ["a read", "x=1 <.e[\\n]v", "read:glob:/repo/.e[\\n]v"],
  ])("%s: %s", async (_note, command, path) => {
    const analysis = await analyze(command);
    expect([units(analysis), paths(analysis)]).toEqual([[[[], null]], [path]]);
  });

  it("takes no argument from a cut here-string", async () => {
    expect(units(await analyze("read y <<< a[\\$\\(rm\\ x\\)] z"))).toEqual([
      [["read", "y", "z"], null],
    ]);
  });

  it("takes no argument from a cut input target", async () => {
    expect(units(await analyze("cat <.e[\\n]v x"))).toEqual([[["cat", "x"], null]]);
  });
});
