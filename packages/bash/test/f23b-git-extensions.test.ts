import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function units(command: string) {
  return (await analyze(command)).units;
}

async function executed(command: string): Promise<string[]> {
  return (await units(command)).map((unit) => (unit.executed ?? []).join(" "));
}

// R22 git-ext-dashed: a git extension run by its own program name is the program `git NAME`
// runs (`git town sync` runs git-town), so it is read as `git NAME …` and judged at least as
// that spelling is: an extension git does not ship carries the git-alias sentinel.
describe("git extensions by their dashed program name", () => {
  it.each([
    ["git-town sync", "git town sync"],
    ["git-town ship", "git town ship"],
    ["git-town propose", "git town propose"],
    ["git-branchless submit", "git branchless submit"],
    ["git-machete traverse", "git machete traverse"],
    ["git-flow feature publish x", "git flow feature publish x"],
    ["git-review", "git review"],
    ["git-delete-branch x", "git delete-branch x"],
    ["/usr/local/bin/git-town sync", "git town sync"],
    ["env git-town sync", "git town sync"],
  ])("%s is read as %s, with git's alias sentinel", async (command, canonical) => {
    const [unit] = (await units(command)).filter((u) => u.executed?.[0] === "git");
    expect(unit?.executed?.join(" ")).toBe(canonical);
    expect(unit?.sentinel).toBe("<git-alias>");
  });

  // An extension is what PATH finds; a script run by a relative path is a project file, and
  // `./build.sh` and `./scripts/git-sync.sh` are judged alike.
  it.each(["./scripts/git-sync.sh", "./git-sync.sh", "tools/git-town sync"])(
    "%s, run by a relative path, is a project script, not git",
    async (command) => {
      const all = await units(command);
      expect(all.some((u) => u.executed?.[0] === "git")).toBe(false);
      expect(all[0]?.sentinel ?? null).toBeNull();
    },
  );

  it("a built-in's dashed name is still that built-in (no sentinel)", async () => {
    const [unit] = await units("git-push origin main");
    expect(unit?.executed).toEqual(["git", "push", "origin", "main"]);
    expect(unit?.sentinel ?? null).toBeNull();
  });

  it("the dashed and the spaced spelling get the same sentinel", async () => {
    const dashed = await units("git-town sync");
    const spaced = await units("git town sync");
    expect(dashed.map((u) => u.sentinel)).toEqual(spaced.map((u) => u.sentinel));
  });

  it.each(["git-", "git--x", "gitx push", "legit-push origin"])(
    "%s is no git command",
    async (command) => {
      expect(await executed(command)).not.toContain("git push origin");
      const [unit] = await units(command);
      expect(unit?.executed?.[0]).not.toBe("git");
    },
  );
});

// R22 git-wrapper-tools: yadm, vcsh and lab hand their words to git (by their manuals).
describe("git wrappers run the git command they are given", () => {
  it.each([
    ["yadm push", "git push"],
    ["yadm --yadm-dir /home/user/.y push origin main", "git push origin main"],
    ["yadm enter git push", "git push"],
    ["vcsh x push", "git push"],
    ["vcsh push", "git push"],
    ["vcsh foreach -g push", "git push"],
    ["vcsh run dots git push origin", "git push origin"],
    ["lab push", "git push"],
    ["lab push origin main", "git push origin main"],
  ])("%s runs %s", async (command, run) => {
    expect(await executed(command)).toContain(run);
  });

  it("yadm bootstrap runs a program nobody can name", async () => {
    const all = await units("yadm bootstrap");
    expect(all.some((unit) => unit.sentinel !== null && unit.sentinel !== undefined)).toBe(true);
  });

  it.each(["yadm list -a", "yadm version", "vcsh list", "vcsh which README.md"])(
    "%s runs no git line",
    async (command) => {
      expect((await executed(command)).some((line) => line.startsWith("git"))).toBe(false);
    },
  );
});
