import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function sentinels(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).units.map((unit) => unit.sentinel);
}

describe("an editor spelled `:` edits nothing", () => {
  // git's launch_editor skips an editor that is exactly ":"; strace of
  // `GIT_EDITOR=: git cherry-pick --continue` shows git alone.
  it.each([
    "GIT_EDITOR=: git cherry-pick --continue",
    "GIT_EDITOR=: git merge --continue",
    "GIT_EDITOR=: git commit --amend",
    "GIT_EDITOR=: GIT_SEQUENCE_EDITOR=: git rebase -i --autosquash HEAD~3",
    "GIT_EDITOR=true GIT_SEQUENCE_EDITOR=: git rebase -i HEAD~2",
  ])("%s is proven", async (command) => {
    expect(await sentinels(command)).toEqual(expect.not.arrayContaining([expect.any(String)]));
  });

  it.each([
    // A pager `:` is not skipped: git starts it as a program.
    "GIT_PAGER=: git log",
    // Words or shell syntax around it make a command line.
    'GIT_EDITOR=":;rm x" git commit',
    'GIT_EDITOR=" :" git commit',
    // Only the todo list's editor given: the message editor (a squash!) is the configured one.
    "GIT_SEQUENCE_EDITOR=: git rebase -i --autosquash HEAD~3",
    // A -c setting is overridden by a GIT_EDITOR the agent's environment may hold.
    "git -c core.editor=: commit --amend",
  ])("%s stays floored", async (command) => {
    expect((await sentinels(command)).some((sentinel) => sentinel !== null)).toBe(true);
  });

  it("the editor unit's text is the command git runs, its file one quoted word", async () => {
    const analysis = await analyze("GIT_EDITOR=true git commit --amend");
    expect(analysis.units.map((unit) => unit.text)).toContain('true "$FILE"');
  });
});
