import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The executed words of every unit of the command, each joined with single spaces. */
async function executed(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units.map((u) => (u.executed ?? []).join(" "));
}

describe("a later word of an unknown program that names a program a table reads", () => {
  it.each([
    // pg_virtualenv ran git (host-traced: the bare origin received the push); the alias and
    // the dashed name read as git's own push, npm's unique prefix as its publish.
    ["pg_virtualenv git -c alias.p=push p origin main", "git push origin main"],
    ["pg_virtualenv git-push origin main", "git push origin main"],
    ["pg_virtualenv npm pub", "npm publish"],
    ["luit -- git -c alias.p=push p origin main", "git push origin main"],
    ["systemd-inhibit git -c alias.p=push p origin main", "git push origin main"],
    ["uclampset -m 0 npm pub", "npm publish"],
    ["uv run npm pub", "npm publish"],
    ["poetry run git-push origin main", "git push origin main"],
    ["ip netns exec x git -c alias.p=push p origin main", "git push origin main"],
    ["ip netns exec x npm pub", "npm publish"],
    ["ip -n x exec git-push", "git push"],
    // A compiler and the flags an inner build tool hands it are one command line.
    ["pipenv run make CC=git CFLAGS=push x.o", "git push"],
    ["eatmydata env CC=git CFLAGS=push cmake .", "git push"],
  ])("%j runs %j", async (command, inner) => {
    expect(await executed(command)).toContain(inner);
  });

  it("names the unknown program as the layer the inner command runs under", async () => {
    const analysis = await analyze("uv run npm pub");
    const inner = analysis.units.find((u) => u.executed?.[0] === "npm");
    expect(inner?.wrappers.map((w) => [w.name, w.kind])).toEqual([["uv", "indirection"]]);
  });

  it("reports the files an inner file command writes", async () => {
    const analysis = await analyze("pg_virtualenv cp x /etc/y");
    expect(analysis.paths.some((p) => p.path === "/etc/y" && p.access === "write")).toBe(true);
  });

  it.each([
    // A name standing last is a name; a container's command runs inside it.
    ["which node", ["which node"]],
    ["tldr git", ["tldr git"]],
    ["docker exec -it c git status", ["docker exec -it c git status"]],
    // A program whose words no table reads stays judged by its words alone.
    ["poetry run pytest -x", ["poetry run pytest -x"]],
  ])("%j has no inner unit", async (command, units) => {
    expect(await executed(command)).toEqual(units);
  });
});
