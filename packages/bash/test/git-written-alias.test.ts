import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/** The commands a string runs (executed words, joined), in order, synthetic ones included. */
async function runs(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units.flatMap((unit) => (unit.executed ? [unit.executed.join(" ")] : []));
}

describe("an alias the string itself wrote with git config", () => {
  it.each([
    ["git config alias.ship 'push origin main' && git ship", "git push origin main"],
    ["git config --local alias.pp push; git pp origin main", "git push origin main"],
    ["git -C /repo config alias.P 'push --force' && git p origin", "git push --force origin"],
    ["git config set alias.up 'push -u' && git up", "git push -u"],
    ["git config alias.x '!git'; git x push origin main", "git push origin main"],
  ])("%s runs %s", async (command, expansion) => {
    expect(await runs(command)).toContain(expansion);
  });

  it("keeps the alias sentinel on the call: the user's configuration may define it too", async () => {
    const analysis = await analyze("git config alias.st status && git st");
    const call = analysis.units.find((unit) => unit.argv.join(" ") === "git st");
    expect({
      sentinel: call?.sentinel,
      runs: await runs("git config alias.st status && git st"),
    }).toEqual({
      sentinel: SENTINELS.gitAlias,
      runs: ["git config alias.st status", "git st", "git status"],
    });
  });

  it.each([
    "git config --get alias.ship push && git ship",
    "git config alias.ship 'push origin main' && git status",
  ])("%s expands nothing", async (command) => {
    expect((await runs(command)).filter((text) => text.startsWith("git push"))).toEqual([]);
  });
});
