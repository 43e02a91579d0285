// git as an executor, end to end: the BUILT `pi-permission check --batch` judges git commands
// under the repository corpus policies (P1: `git *` allowed, `rm *` denied, `*` ask; P3:
// `git push *` denied), so `git *` allowed never means "run anything".
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const cli = resolve(here, "../dist/cli.js");
const policies = resolve(here, "../../../corpus/policies");

interface Case {
  id: string;
  policy: "P1" | "P3";
  command: string;
  decision: "allow" | "ask" | "deny";
  matchedPattern: string;
}

const CASES: readonly Case[] = [
  // A shell alias on the command line runs rm: judged as rm.
  {
    id: "alias-c",
    policy: "P1",
    command: "git -c alias.x='!rm -rf y' x",
    decision: "deny",
    matchedPattern: "rm *",
  },
  // A config write of a shell alias, then its use: the alias runs sh, which asks.
  {
    id: "alias-config",
    policy: "P1",
    command: "git config alias.x '!sh'; git x",
    decision: "ask",
    matchedPattern: "*",
  },
  {
    id: "unknown",
    policy: "P1",
    command: "git foo",
    decision: "ask",
    matchedPattern: "<git-alias>",
  },
  {
    id: "pager",
    policy: "P1",
    command: "git -c core.pager=less log",
    decision: "ask",
    matchedPattern: "*",
  },
  {
    id: "rebase-exec",
    policy: "P1",
    command: "git rebase -x 'rm -rf build' main",
    decision: "deny",
    matchedPattern: "rm *",
  },
  {
    id: "ext",
    policy: "P1",
    command: "git clone 'ext::sh -c rm% -rf% x' y",
    decision: "deny",
    matchedPattern: "rm *",
  },
  {
    id: "env-pairs",
    policy: "P1",
    command: "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=alias.x GIT_CONFIG_VALUE_0='!rm y' git x",
    decision: "deny",
    matchedPattern: "rm *",
  },
  {
    id: "no-index",
    policy: "P1",
    command: "git diff --no-index /tmp/a .env",
    decision: "deny",
    matchedPattern: "**/.env",
  },
  // Precision: plain git stays allowed.
  { id: "status", policy: "P1", command: "git status", decision: "allow", matchedPattern: "git *" },
  {
    id: "log",
    policy: "P1",
    command: "git log --oneline -5",
    decision: "allow",
    matchedPattern: "git *",
  },
  {
    id: "diff",
    policy: "P1",
    command: "git diff HEAD~1 -- src",
    decision: "allow",
    matchedPattern: "git *",
  },
  {
    id: "no-pager",
    policy: "P1",
    command: "git --no-pager -c color.ui=never log -1",
    decision: "allow",
    matchedPattern: "git *",
  },
  // git's global options do not hide a push.
  {
    id: "push-C",
    policy: "P3",
    command: "git -C . push origin",
    decision: "deny",
    matchedPattern: "git push *",
  },
  {
    id: "push-git-dir",
    policy: "P3",
    command: "git --git-dir=.git push",
    decision: "deny",
    matchedPattern: "git push *",
  },
  {
    id: "push-alias",
    policy: "P3",
    command: "git -c alias.p=push p origin main",
    decision: "deny",
    matchedPattern: "git push *",
  },
  {
    id: "stash-push",
    policy: "P3",
    command: "git stash push -m wip",
    decision: "allow",
    matchedPattern: "*",
  },
];

interface Verdict {
  id: string;
  decision?: string;
  matchedPattern?: string | null;
}

describe("git commands through `pi-permission check --batch`", () => {
  let verdicts: Map<string, Verdict>;
  beforeAll(() => {
    expect(existsSync(cli), `${cli} is missing: build the cli first`).toBe(true);
    const input = CASES.map((c) =>
      JSON.stringify({ id: c.id, policy: c.policy, tool: "bash", input: { command: c.command } }),
    ).join("\n");
    const run = spawnSync(
      process.execPath,
      [cli, "check", "--batch", "--policies", policies, "--cwd", "/repo", "--home", "/home/user"],
      { input, encoding: "utf8" },
    );
    expect(run.status).toBe(0);
    verdicts = new Map(
      run.stdout
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Verdict)
        .map((verdict) => [verdict.id, verdict]),
    );
  });

  it.each(CASES)("$policy $command: $decision by $matchedPattern", (c) => {
    const verdict = verdicts.get(c.id);
    expect({ decision: verdict?.decision, matchedPattern: verdict?.matchedPattern }).toEqual({
      decision: c.decision,
      matchedPattern: c.matchedPattern,
    });
  });
});
