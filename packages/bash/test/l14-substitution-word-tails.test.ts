import { describe, expect, it } from "vitest";
import { tokenCommands, unquoteSubstitutions } from "../src/check/crosscheck.ts";
import { scanSource } from "../src/read/source.ts";
import { analyze, unitsAndPaths } from "./helpers.ts";

/** The command names the token pass finds in a one-line text. */
function tokenNames(text: string): string[] {
  return tokenCommands(scanSource(text).lines).map((command) => command.key);
}

describe("what follows a substitution inside its own word", () => {
  // Under strace bash runs only basename and pwd (and dirname, cd) for these: the `)` and the
  // text after a substitution belong to the assignment's value. The token pass read them as a
  // command of its own and floored the whole string.
  it.each([
    // basename is handed the folder `$(pwd)` prints (P15 pwd-substitution).
    ['X="$(basename "$(pwd)")"', ["basename /repo", "pwd"]],
    ['SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"', ['cd $(dirname "$0")', "dirname $0", "pwd"]],
    ["X=$(echo a)b", ["echo a"]],
    ['X=$(echo a)"b"', ["echo a"]],
    ["X=$(echo a)$(echo b)", ["echo a", "echo b"]],
    ['X="$(echo a) b $(echo c)"', ["echo a", "echo c"]],
  ])("%s runs only its substitutions", async (command, units) => {
    const read = await unitsAndPaths(command);
    expect(read.status).toBe("ok");
    expect(read.units).toEqual(units);
  });

  it.each([
    ["X=$(echo a) rm y", "rm y"],
    ["X=$(echo a); rm y", "rm y"],
    ["X=$(echo a)\nrm y", "rm y"],
    ['X="$(a ")" )"; rm y', "rm y"],
    ["X=\"$(echo ')')\"; rm y", "rm y"],
    ['X="a $(echo "b $(rm y) c") d"', "rm y"],
    ['X="$(echo a)" rm y', "rm y"],
  ])("%s still runs %s", async (command, inner) => {
    const read = await unitsAndPaths(command);
    expect(read.units).toContain(inner);
    expect(read.paths).toContain("write /repo/y");
  });

  it("the token pass sees a command written after a blank, not one glued to the `)`", () => {
    expect(tokenNames("X=$(echo a)b")).toEqual(["echo"]);
    expect(tokenNames("X=$(echo a) b")).toEqual(["echo", "b"]);
    expect(tokenNames("$(echo a)b c")).toEqual(["?", "echo"]);
  });
});

describe("unquoteSubstitutions", () => {
  it.each([
    ['X="$(basename "$(pwd)")"', "X=$(basename $(pwd))"],
    ['"a$(b "c")d"', '"a"$(b "c")"d"'],
    ['"$(a)"', "$(a)"],
    ['\'"$(a)"\' "$(b)"', "'\"$(a)\"' $(b)"],
    ['"x\\"$(a)"', '"x\\""$(a)'],
    ['"$(a \'")\')"', "$(a '\")')"],
    ['"$(a $((1+2)) (b))"', "$(a $((1+2)) (b))"],
  ])("%s reads as %s", (text, expected) => {
    expect(unquoteSubstitutions(text)).toBe(expected);
  });

  it.each([
    ["a heredoc", 'cat <<E "$(a)"\nE'],
    ["a backtick", '"`a` $(b)"'],
    ["a case", '"$(case x in a) b;; esac)"'],
    ["arithmetic in quotes", '"$((1+2)) $(a)"'],
    ["an unclosed quote", '"$(a)'],
    ["an unclosed substitution", '"$(a "b"'],
  ])("gives %s back unchanged", (_name, text) => {
    expect(unquoteSubstitutions(text)).toBe(text);
  });
});
