import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The words of every unit but git itself. */
async function others(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units
    .map((unit) => (unit.executed ?? unit.argv).join(" "))
    .filter((words) => !words.startsWith("git "));
}

describe("a bare fetch, pull, push or ls-remote reaches the only remote there is", () => {
  // strace (M20): with no origin and no branch remote, `git remote add x git@h:r; git fetch`
  // ran ssh git@h git-upload-pack 'r' (git pull and git ls-remote the same): git 2.4x takes
  // the lone remote, and which remotes the repository already has is not known.
  it.each([
    "git remote add x git@h:r; git fetch",
    "git remote add x git@h:r && git pull",
    "git remote add x git@h:r; git ls-remote",
    "git remote add x git@h:r; git push",
    "git config remote.x.url git@h:r; git fetch --prune",
  ])("%s runs ssh", async (command) => {
    expect((await others(command)).some((words) => words.includes("git@h"))).toBe(true);
  });

  it.each([
    "git remote add x https://h/r; git fetch",
    "git remote add x git@h:r; git fetch origin",
    "git remote add x git@h:r; git status",
    "git fetch",
  ])("%s runs no ssh", async (command) => {
    expect(await others(command)).toEqual([]);
  });
});
