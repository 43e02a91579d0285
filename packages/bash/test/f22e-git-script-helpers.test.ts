import { describe, expect, it } from "vitest";
import { GIT_SCRIPT_HELPERS } from "../src/programs/git-scripts.ts";
import { analyze } from "./helpers.ts";

/** The units a git command's script runs: rm, mkdir or kill with words of their own. */
async function helperRuns(command: string): Promise<(readonly string[])[]> {
  const analysis = await analyze(command);
  return analysis.units
    .map((unit) => unit.executed ?? unit.argv)
    .filter((argv) => /^(rm|mkdir|kill)$/.test(argv[0] ?? ""));
}

const matches = GIT_SCRIPT_HELPERS.flatMap((entry) => entry.match);
const notMatches = GIT_SCRIPT_HELPERS.flatMap((entry) => entry.notMatch);

describe("git subcommands that are shell scripts run rm, mkdir, kill (B22 git-script-helpers)", () => {
  it.each(matches)("%s runs a helper", async (command) => {
    expect((await helperRuns(command)).length).toBeGreaterThan(0);
  });

  it.each(notMatches)("%s runs none", async (command) => {
    expect(await helperRuns(command)).toEqual([]);
  });

  it.each([
    // host strace, git 2.39.5: rm -rf .git-rewrite, then the trap's rm -rf /repo/.git-rewrite.
    ["FILTER_BRANCH_SQUELCH_WARNING=1 git filter-branch -f HEAD", ["rm", "-rf", ".git-rewrite"]],
    ["git filter-branch -f HEAD", ["rm", "-rf", "/repo/.git-rewrite"]],
    ["git filter-branch -d /home/user/.ssh HEAD", ["rm", "-rf", "/home/user/.ssh"]],
    ["git subtree split -P src HEAD", ["rm", "-rf", "/repo/.git/subtree-cache/$$"]],
    ["git -C . subtree split --prefix src", ["rm", "-rf", "/repo/.git/subtree-cache/$$"]],
    ["git -C lib subtree split -P x", ["rm", "-rf", "/repo/lib/.git/subtree-cache/$$"]],
    ["echo > series; git quiltimport --patches .", ["rm", "-rf", "/repo/.git/rebase-apply"]],
    ["git instaweb --stop", ["rm", "-f", "/repo/.git/pid"]],
    ["git merge -s resolve x", ["rm", "-f", "--", "$PATH"]],
  ])("%s runs %j", async (command, argv) => {
    expect(await helperRuns(command)).toContainEqual(argv);
  });

  it("leaves the top folder unknown after a cd it cannot follow", async () => {
    const analysis = await analyze('cd "$D" && git subtree split -P x');
    const rm = analysis.units.find((unit) => unit.argv[0] === "rm");
    expect(rm?.argv[2]).toBe("$TOP/.git/subtree-cache/$$");
  });

  it.each([
    "git bisect start",
    "git bisect run npm test",
    "git submodule update --init --recursive",
    "git submodule foreach git pull",
    "git merge feature",
    "git pull --rebase origin main",
  ])("everyday %s runs none", async (command) => {
    expect(await helperRuns(command)).toEqual([]);
  });
});
