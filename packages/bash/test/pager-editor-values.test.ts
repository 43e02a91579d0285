import { describe, expect, it } from "vitest";
import { analyze, opaqueWrapper } from "./helpers.ts";

/** Each unit as its words, what runs and its sentinel. */
async function units(command: string) {
  const analysis = await analyze(command);
  return analysis.units.map((u) => ({
    argv: u.argv.join(" "),
    executed: u.executed?.join(" ") ?? null,
    sentinel: u.sentinel,
  }));
}

describe("a pager or editor value naming a program that runs nothing it is given", () => {
  it.each([
    ["GIT_PAGER=cat git log -5", "cat"],
    ["PAGER=cat git log -3", "cat"],
    ["export GIT_PAGER=cat; git log -1", "cat"],
    ["git -c core.pager=cat log -3", "cat"],
    ["git -c pager.log=less log", "less"],
    ["GIT_EDITOR=true git commit --amend --no-edit", "true $FILE"],
    ["git -c core.editor=true commit -m x", "true $FILE"],
    ["GIT_SEQUENCE_EDITOR=true git rebase --continue", "true $FILE"],
    ["MANPAGER=cat man ls", "cat"],
    // An editor is run with the file to edit, whose name git (or crontab) picks.
    ["EDITOR=true crontab -l", "true $FILE"],
  ])("%s: the value is a unit of its own, not floored", async (command, program) => {
    const all = await units(command);
    expect(all).toContainEqual({ argv: program, executed: program, sentinel: null });
    expect(all.filter((u) => u.sentinel === opaqueWrapper)).toEqual([]);
  });

  it.each([
    // An interpreter runs what git pipes to it (the log, the message file) as code.
    "GIT_PAGER=sh git log",
    "GIT_PAGER=node git log",
    "GIT_EDITOR=python3 git commit -e -m x",
    "git -c core.pager=bash log",
    // Words or shell syntax: git hands the value to `sh -c`.
    "GIT_PAGER='less -R' git log",
    "GIT_PAGER='cat;rm x' git log",
    "git -c core.editor='true|sh' commit -m x -e",
    // A path may name any file, a computed value anything.
    "GIT_PAGER=./cat git log",
    'GIT_PAGER="$P" git log',
    "GIT_PAGER=c$(echo at) git log",
    // A variable that is no pager or editor keeps its own reading.
    "GIT_SSH_COMMAND=cat git fetch",
    "GIT_EXTERNAL_DIFF=cat git diff",
  ])("%s stays floored", async (command) => {
    const all = await units(command);
    expect(all.some((u) => u.sentinel === opaqueWrapper)).toBe(true);
  });

  it("a program the policy names meets its rule by name", async () => {
    const all = await units("GIT_PAGER=rm git log");
    expect(all).toContainEqual({ argv: "rm", executed: null, sentinel: opaqueWrapper });
    expect(all).toContainEqual({ argv: "rm", executed: "rm", sentinel: opaqueWrapper });
  });
});
