import { describe, expect, it } from "vitest";
import { analyze, pathsOf } from "./helpers.ts";

// S31 git-bisect-view: `git bisect view|visualize WORDS` (and git 2.39's `git bisect--helper
// view`) runs WORDS with `--bisect --` appended: a program when the first word is `tig` or
// starts with `git`, `git log WORDS` when it starts with `-`, else the git subcommand WORDS
// (traced: `git bisect view push origin main` ran git push origin main --bisect --, `view git
// -c alias.x='!id #' x` ran id). The analyzer took bisect view for a read-only log and never
// judged the words. They are now judged as the command they make.

/** Each unit's executed words, with its sentinel. */
async function unitsOf(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units.map(
    (unit) =>
      `${(unit.executed ?? unit.argv).join(" ")}${unit.sentinel ? ` ${unit.sentinel}` : ""}`,
  );
}

describe("s31: the words of git bisect view are a command git runs", () => {
  it.each([
    ["git bisect view push origin main", "git push origin main --bisect --"],
    ["git bisect visualize push origin main", "git push origin main --bisect --"],
    ["git bisect--helper view push origin main", "git push origin main --bisect --"],
    ["git bisect view git -c alias.x='!id #' x", "id"],
    ["git bisect visualize git -c alias.x='!id #' x", "id"],
    ["git bisect--helper view git -c alias.x='!id #' x", "id"],
    ["git bisect view git -c alias.x='!git push origin main #' x", "git push origin main"],
    // The child inherits git's own options (`-c` through its environment, `-C` as its folder).
    ["git -c alias.x=push bisect view x origin main", "git push origin main --bisect --"],
    // git 2.39's helper takes `run` as a subcommand too (traced: it ran touch).
    ["git bisect--helper run rm -rf x", "rm -rf x"],
  ])("%s runs %s", async (command, run) => {
    expect((await unitsOf(command)).some((unit) => unit.startsWith(run))).toBe(true);
  });

  it.each([
    "git bisect view tig",
    "git bisect view gitk --all",
    "git bisect view $CMD",
    "git -C /tmp bisect view tig",
  ])("%s: a program nobody proved is never allowed plainly", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });

  it("reads leading options as git log's (`--output` writes its file)", async () => {
    expect(await pathsOf("git bisect view -p --output=/tmp/o3")).toContain("write /tmp/o3");
  });

  it.each(["git bisect view", "git bisect visualize --oneline", "git bisect good view"])(
    "%s runs nothing unseen",
    async (command) => {
      expect(await unitsOf(command)).toEqual([command]);
    },
  );
});
