// A git subcommand that starts the editor (GIT_EDITOR_COMMANDS) is proven when the command's own
// environment names the editor as a program that runs nothing (`GIT_EDITOR=true`, the usual
// way an agent continues a rebase): the editor is then that unit. Only GIT_EDITOR outranks
// every setting and the agent's environment; a todo list also needs GIT_SEQUENCE_EDITOR.

import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

async function gitUnit(command: string) {
  const analysis = await analyze(command);
  const git = analysis.units.find((unit) => unit.executed?.[0] === "git");
  return { git, units: analysis.units.map((unit) => unit.executed?.join(" ") ?? null) };
}

describe("an editor named by the command's own GIT_EDITOR", () => {
  it.each([
    "GIT_EDITOR=true git rebase --continue",
    "GIT_EDITOR=true git commit --amend",
    "GIT_EDITOR=cat git merge --continue",
    "env GIT_EDITOR=true git commit",
    "GIT_EDITOR=true GIT_SEQUENCE_EDITOR=true git rebase -i HEAD~2",
    "GIT_SEQUENCE_EDITOR=true GIT_EDITOR=true git rebase --autosquash main",
  ])("%j is proven, the editor a unit of its own", async (command) => {
    const { git, units } = await gitUnit(command);
    expect(git?.sentinel).toBeNull();
    expect(units).toContainEqual(expect.stringMatching(/^(true|cat) \$FILE$/));
  });

  it.each([
    // Any other editor is a program the policy judges, but git's start of it stays unproven.
    "GIT_EDITOR=vim git commit",
    "GIT_EDITOR='true x' git commit",
    "GIT_EDITOR=./true git commit",
    "GIT_EDITOR=$E git commit",
    // A todo list is edited by the sequence editor, which GIT_EDITOR does not decide.
    "GIT_EDITOR=true git rebase -i HEAD~2",
    "GIT_EDITOR=true git pull --rebase=interactive",
    // A setting loses to a GIT_EDITOR in the agent's environment.
    "git -c core.editor=true commit",
    // An assignment of an earlier statement may not be exported; an append adds to a value.
    "GIT_EDITOR=true; git commit",
    "GIT_EDITOR+=true git commit",
    "git commit",
  ])("%j stays unproven", async (command) => {
    const { git } = await gitUnit(command);
    expect(git?.sentinel).toBe(SENTINELS.indirectionWrapper);
  });
});
