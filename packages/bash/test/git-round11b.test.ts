import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// Round 11b (git classes K-b1, K-b3, K-b14, K-b15): each command was traced under real bash 5.2
// (corpus/adversarial.jsonl, ids adv9g-*); here the analysis must show what git opens or runs.

/** The paths of an analysis as `access place`, a computed one as `<computed>`. */
async function places(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.paths.map((path) => `${path.access} ${path.glob ?? path.path ?? "<computed>"}`);
}

describe("adversarial: files named inside the data git reads (K-b1)", () => {
  it.each([
    ["echo 'feature import-marks=.env' | git fast-import --allow-unsafe-features", "read_write"],
    ["git fast-import --allow-unsafe-features <<< 'feature export-marks=.env'", "read_write"],
    ["echo '[include] path = .env' > x; git config -f x --includes -l", "read"],
    ["git config --file - --includes -l", "read"],
    ["git config --file=/dev/stdin --includ --get-regexp .", "read"],
    ["git config --blob=81ee6f51 --includes -l", "read"],
  ])("%j may open any file (a computed path)", async (command, access) => {
    expect(await places(command)).toContain(`${access} <computed>`);
  });

  it.each([
    "git fast-import < stream",
    "git config -f x -l",
    "git config -f x --includes --no-includes -l",
    "git config --includes -l",
  ])("%j opens only what it names", async (command) => {
    expect(await places(command)).not.toContain("read <computed>");
    expect(await places(command)).not.toContain("read_write <computed>");
  });
});

describe("adversarial: a work tree rooted below the project (K-b3)", () => {
  it.each([
    ["git --work-tree=packages/api add -A", "read_write /repo/packages/api/**"],
    ["git --work-tree packages clean -fq", "read_write /repo/packages/**"],
    ["GIT_WORK_TREE=packages/api git add .", "read_write /repo/packages/api/**"],
    ["git -c core.worktree=packages/api add -A", "read_write /repo/packages/api/**"],
    ["git -C packages/api init -q", "write /repo/packages/api/.git/config"],
  ])("%j reaches what the project's .gitignore hides", async (command, place) => {
    expect(await places(command)).toContain(place);
  });

  it("git init in the working directory makes no new repository root", async () => {
    expect(await places("git init -q")).toEqual([]);
  });
});

describe("adversarial: git clean with a negated exclude removes ignored files (K-b14)", () => {
  it.each([
    "git clean -f -e '!.env'",
    "git clean -fq -e '!.env' -e '!.env.*'",
    "git clean -fdq --exclude='!**/.env'",
    "git clean -fq --exclude '!.en?'",
    'git clean -f -e "$x"',
  ])("%j covers everything below the working directory", async (command) => {
    expect((await places(command)).some((place) => place.endsWith(" /repo/**"))).toBe(true);
  });

  it.each(["git clean -fd -e node_modules", "git clean -n -e '!.env'"])(
    "%j does not",
    async (command) => {
      expect((await places(command)).some((place) => place.endsWith(" /repo/**"))).toBe(false);
    },
  );
});

describe("adversarial: git's test knobs (K-b15)", () => {
  it("runs GIT_TEST_FSMONITOR as a command, judged as one", async () => {
    const analysis = await analyze("GIT_TEST_FSMONITOR='rm -rf build' git status");
    expect(analysis.units.map((unit) => unit.argv)).toContainEqual(["rm", "-rf", "build"]);
  });

  it.each([
    "env GIT_TEST_FSMONITOR=./p git diff",
    "GIT_TEST_MAINT_SCHEDULER='crontab:rm x' git maintenance start",
    "GIT_TEST_SPLIT_INDEX=1 git status",
  ])("%j is never proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });
});

describe("adversarial: a repository folder an earlier call may have filled (K-b4, two calls)", () => {
  it.each(["GIT_DIR=g git rebase --continue", "git --git-dir=g status", "git --git-dir r.git log"])(
    "%j runs what that folder's configuration and state say: never proven",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
    },
  );

  it.each(["git --git-dir=.git status", "GIT_DIR=sub/.git git log", "git rebase --abort"])(
    "%j uses a .git folder, whose writes ask",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.units.map((unit) => unit.sentinel)).toEqual([null]);
    },
  );
});

describe("adversarial: git init after a cd roots a repository below the project (K-b3)", () => {
  it.each([
    ["cd packages/api && git init -q", "write /repo/packages/api/.git/config"],
    ["cd packages/api; git init; git add -A", "write /repo/packages/api/.git/config"],
  ])("%j writes the new repository's configuration", async (command, place) => {
    expect(await places(command)).toContain(place);
  });

  it.each(["git init", "cd /repo && git init -q"])(
    "%j in the folder the command started in writes none",
    async (command) => {
      expect((await places(command)).some((place) => place.endsWith("/.git/config"))).toBe(false);
    },
  );
});
