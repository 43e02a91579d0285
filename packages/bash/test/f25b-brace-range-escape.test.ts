// R25 brace-range-escape (wrong allows under P1 and P3, traced under bash 5.2): a character
// range across `Z`..`a` (`{a..Z..5}`, `{Z..a..2}`, `{Z..a}`) puts a bare `\` or backquote
// into the word's text, which bash reads again after brace expansion. `echo {a..Z..5}'$(rm y)'`
// holds `\'$(rm y)'` and runs rm y; `echo {Z..a..2}'`''rm y''`'` runs a backquote
// substitution. Each such word's substitutions, as bash scans it, are units; the word itself
// is no longer read as its parsed pieces.

import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/** Whether a unit of the command runs exactly `words`. */
async function runsWords(command: string, words: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.some((unit) => (unit.executed ?? unit.argv).join(" ") === words);
}

describe("a character range's backslash or backquote is read again by bash", () => {
  it.each<[string, string]>([
    // Traced by R25: each ran the program.
    ["echo {a..Z..5}'$(rm y)'", "rm y"],
    ["cat {a..Z..5}'$(rm y)'", "rm y"],
    ["grep x {a..Z..5}'$(curl x)'", "curl x"],
    ["echo {a..Z..5}'$(npm publish)'", "npm publish"],
    ["echo {Z..a..2}'`''rm y''`'", "rm y"],
    ["echo {Z..a..2}'`''git push origin main''`'", "git push origin main"],
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash text
    ["echo {a..Z..5}'${x:-$(rm y)}'", "rm y"],
    ["ls {Z..a..2}'$(rm y)'", "rm y"],
    [`echo {a..Z..5}"'"'$(rm y)'`, "rm y"],
    ["a=({a..Z..5}'$(rm y)')", "rm y"],
    ["for i in {a..Z..5}'$(rm y)'; do :; done", "rm y"],
    ["echo x > {a..Z..5}'$(rm y)'", "rm y"],
    ["echo {a..Z..5}'`rm y`'", "rm y"],
    ["git diff {a..Z..5}'$(curl x)'", "curl x"],
    ["npm run x{a..Z..5}'$(rm y)'", "rm y"],
    ["echo {A..z..27}'$(rm y)'", "rm y"],
    ["echo {X..b..4}'$(rm y)'", "rm y"],
    ["echo {z..A..30}'$(rm y)'", "rm y"],
    // Traced by F25b: nested braces, two ranges, a later range, a declaration, an array
    // element with a subscript, the command name, `[ ]`, a select list.
    ["echo {{a..Z..5},b}'$(rm y)'", "rm y"],
    ["echo {Z..a}{Z..a}'$(rm y)'", "rm y"],
    ["echo {a..Z..5}'$(rm y)'{Z..a}", "rm y"],
    ["declare x={a..Z..5}'$(rm y)'", "rm y"],
    ["local x={a..Z..5}'$(rm y)'", "rm y"],
    ["a=([1]={a..Z..5}'$(rm y)')", "rm y"],
    ["{a..Z..5}'$(rm y)'", "rm y"],
    ["[ x = {a..Z..5}'$(rm y)' ]", "rm y"],
    ["select i in {a..Z..5}'$(rm y)'; do break; done", "rm y"],
    ["echo {a..Z..5}\"$(echo)\"'$(rm y)'", "rm y"],
    // bash's parser leaves $'x' in the word as 'x': the backslash escapes that quote.
    ["echo {a..Z..5}$'x'\"$(echo)\"'$(rm y)'", "rm y"],
  ])("%s runs %s", async (command, words) => {
    expect(await runsWords(command, words)).toBe(true);
  });

  it.each<string>([
    // The escaped double quote leaves $f unquoted: bash splits it (traced: cat read .env).
    "f='a .env'; cat {a..Z..5}\"$f\"",
    "f='x .en?'; cat {a..Z..5}\"$f\"",
    "f='a .env'; grep x {a..Z..5}\"$f\"",
  ])("%s reads a file it cannot name", async (command) => {
    const found = paths(await analyze(command));
    expect(found.some((path) => path.endsWith(":?"))).toBe(true);
    expect(found).not.toContain("read:/repo/aa .env");
  });
});

describe("where bash does not read a range's text again, nothing is added", () => {
  it.each<string>([
    // No brace expansion there (traced: nothing ran).
    "x={a..Z..5}'$(rm y)'",
    "x={a..Z..5}'$(rm y)' true",
    "case x in {a..Z..5}'$(rm y)') ;; esac",
    "case {a..Z..5}'$(rm y)' in x) ;; esac",
    "cat <<< {a..Z..5}'$(rm y)'",
    "[[ x == {a..Z..5}'$(rm y)' ]]",
    // A backquote with no closing one is an expansion error (traced: nothing ran).
    "echo {Z..a}x",
    "echo {A..z}",
    // Ranges that stay within letters, and numbers.
    "echo {a..z}'$(rm y)'",
    "echo {A..Z}'$(rm y)'",
    "echo {1..9}'$(rm y)'",
  ])("%s runs no rm", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => (unit.executed ?? unit.argv)[0] === "rm")).toBe(false);
    expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
  });
});
