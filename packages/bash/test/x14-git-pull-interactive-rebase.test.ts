import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * Attack round R14, class git-pull-interactive-rebase-spellings: a pull that rebases
 * interactively runs `git rebase --interactive`, whose todo list the configured editor edits
 * (raw strace: execve $EDITOR .git/rebase-merge/git-rebase-todo). Only `--rebase=i` was read
 * so; `-ri`, and `pull.rebase`/`branch.NAME.rebase` set by `-c`, by the environment or by an
 * earlier `git config` of the string were not.
 */
async function pullSentinels(command: string): Promise<(string | null)[]> {
  const units = (await analyze(command)).units;
  return units.filter((unit) => unit.executed?.[1] === "pull").map((unit) => unit.sentinel);
}

describe("a pull made interactive by a setting the string wrote", () => {
  it.each([
    "git config pull.rebase interactive; git pull . main",
    "git config pull.rebase i && git pull",
    "git config set pull.rebase i; git pull",
    "git config branch.main.rebase interactive; git pull",
    "git config Pull.Rebase i; git pull",
    'git config pull.rebase "$MODE"; git pull',
    "/usr/bin/git config pull.rebase i; git pull",
  ])("%j starts the sequence editor", async (command) => {
    expect(await pullSentinels(command)).toEqual([SENTINELS.indirectionWrapper]);
  });

  it.each([
    "git config pull.rebase true; git pull",
    "git config pull.rebase i; git pull --no-rebase",
    "git config pull.rebase i; git pull --rebase",
    "git config pull.rebase i; git pull -r",
    "git config pull.rebase; git pull",
    "git config branch.main.remote origin; git pull",
  ])("%j opens no editor", async (command) => {
    expect(await pullSentinels(command)).toEqual([null]);
  });
});

describe("pull.rebase=i from the environment", () => {
  it.each([
    "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=pull.rebase GIT_CONFIG_VALUE_0=i git pull",
    "GIT_CONFIG_PARAMETERS=\"'pull.rebase'='interactive'\" git pull",
  ])("%j runs a program the command does not show", async (command) => {
    const units = (await analyze(command)).units;
    expect(units.length).toBeGreaterThan(1);
  });

  it("a non-interactive value runs nothing more", async () => {
    const units = (
      await analyze(
        "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=pull.rebase GIT_CONFIG_VALUE_0=true git pull",
      )
    ).units;
    expect(units.map((unit) => unit.executed?.[0])).toEqual(["git"]);
  });
});
