import { describe, expect, it } from "vitest";
import type { BashUnit } from "../src/index.ts";
import { analyze } from "./helpers.ts";

// R24 class 17 (unknown-wrapper-reading): a program no table knows (`pg_virtualenv`, `ip netns
// exec NS`, `uv run`, `uclampset -m 0`, `./deploy.sh`) may run the command in its later words.
// A later word naming a program a table reads starts an extra reading of the words from there
// as that program's command (its git alias, its dashed name, npm's unique prefix, a compiler
// joined with its flags, the files it writes), marked `hostedBy` the host: nothing proves the
// host runs them, so the gates weigh what it finds as at most ask.

/** The executed words of every unit of the command, each joined with single spaces. */
async function executed(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units.map((u) => (u.executed ?? []).join(" "));
}

/** The units that run `words`. */
async function running(command: string, words: string): Promise<BashUnit[]> {
  const analysis = await analyze(command);
  return analysis.units.filter((u) => (u.executed ?? []).join(" ") === words);
}

describe("a later word of an unknown program that names a program a table reads", () => {
  it.each([
    // pg_virtualenv and ip netns exec ran git (host-traced by R24: the bare origin received
    // the push); the alias and the dashed name read as git's own push, npm's unique prefix as
    // its publish.
    ["pg_virtualenv git -c alias.p=push p origin main", "git push origin main", "pg_virtualenv"],
    ["pg_virtualenv git-push origin main", "git push origin main", "pg_virtualenv"],
    ["pg_virtualenv npm pub", "npm publish", "pg_virtualenv"],
    ["luit -- git -c alias.p=push p origin main", "git push origin main", "luit"],
    [
      "systemd-inhibit git -c alias.p=push p origin main",
      "git push origin main",
      "systemd-inhibit",
    ],
    ["uclampset -m 0 npm pub", "npm publish", "uclampset"],
    ["uv run npm pub", "npm publish", "uv"],
    ["poetry run git-push origin main", "git push origin main", "poetry"],
    ["ip netns exec x git -c alias.p=push p origin main", "git push origin main", "ip"],
    ["ip netns exec x npm pub", "npm publish", "ip"],
    ["./deploy.sh git -c alias.p=push p origin main", "git push origin main", "./deploy.sh"],
    ["with-retry -n 3 git-push origin main", "git push origin main", "with-retry"],
    ["pkexec git push origin main", "git push origin main", "pkexec"],
    // A compiler and the flags an inner build tool hands it are one command line: that unit
    // comes from the hosted reading too.
    ["pipenv run make CC=git CFLAGS=push x.o", "git push", "pipenv"],
    ["uclampset -m 0 make CC=git CFLAGS=push x.o", "git push", "uclampset"],
    ["eatmydata env CC=git CFLAGS=push cmake .", "git push", "eatmydata"],
  ])("%j runs %j, hosted by %j", async (command, inner, host) => {
    const units = await running(command, inner);
    expect(units.length).toBeGreaterThan(0);
    for (const unit of units) expect(unit.hostedBy).toBe(host);
  });

  it("names the host as the layer the inner command runs under; its own unit is not hosted", async () => {
    const analysis = await analyze("uv run npm pub");
    const inner = analysis.units.find((u) => u.executed?.[0] === "npm");
    expect(inner?.wrappers.map((w) => [w.name, w.kind])).toEqual([["uv", "indirection"]]);
    expect(inner?.hostedBy).toBe("uv");
    expect(analysis.units[0]?.executed).toEqual(["uv", "run", "npm", "pub"]);
    expect(analysis.units[0]?.hostedBy).toBeUndefined();
  });

  it("reports the files an inner file command writes, on a hosted unit", async () => {
    const analysis = await analyze("pg_virtualenv sort -o.env x");
    const env = analysis.paths.find((p) => p.path === "/repo/.env" && p.access === "write");
    expect(env).toBeDefined();
    expect(analysis.units[env?.unit ?? -1]?.hostedBy).toBe("pg_virtualenv");
  });

  it("keeps the host's own readings unhosted: a shell command line in its words, its operands", async () => {
    // The line given as a word is read as the script the host may hand to sh -c (laterLines).
    const line = await analyze("pkexec sh -c 'git push origin main'");
    const push = line.units.filter((u) => u.executed?.join(" ") === "git push origin main");
    expect(push.some((u) => u.hostedBy === undefined)).toBe(true);
    // A path-shaped operand of the host is its own path.
    const copy = await analyze("pkexec cp x /etc/y");
    const own = copy.paths.filter((p) => p.path === "/etc/y" && p.unit === 0);
    expect(own.length).toBeGreaterThan(0);
    expect(copy.units[0]?.hostedBy).toBeUndefined();
  });

  it.each([
    // A name standing last is a name; a container's command runs inside it.
    ["which node", ["which node"]],
    ["tldr git", ["tldr git"]],
    ["docker exec -it c git status", ["docker exec -it c git status"]],
    // A program whose words no table reads stays judged by its words alone.
    ["poetry run pytest -x", ["poetry run pytest -x"]],
    // A subcommand CLI's first operand is its own subcommand (gh pr, uv pip).
    ["gh pr create", ["gh pr create"]],
    ["uv pip install requests", ["uv pip install requests"]],
    // pip's first operand is its own subcommand too (`install` is no coreutils install here).
    ["pip install requests", ["pip install requests"]],
    // A builtin without a binary is no program another program starts (kpt's own eval).
    ["kpt fn eval . --exec ./p", ["kpt fn eval . --exec ./p"]],
  ])("%j has no hosted unit", async (command, units) => {
    expect(await executed(command)).toEqual(units);
  });

  it("reads a delegating program's run once, by its table, not as a hosted reading", async () => {
    const analysis = await analyze("corepack pnpm publish");
    const publish = analysis.units.filter((u) => u.executed?.join(" ") === "npm publish");
    expect(publish.length).toBe(1);
    expect(publish[0]?.hostedBy).toBeUndefined();
    expect(analysis.units.some((u) => u.hostedBy !== undefined)).toBe(false);
  });
});
