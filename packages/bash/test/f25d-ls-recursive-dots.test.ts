import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The recursion globs (`…/**`) one command reports, with whether they skip dot names. */
async function recursion(command: string): Promise<{ glob: string; skips: boolean }[]> {
  const analysis = await analyze(command);
  return analysis.paths
    .filter((p) => p.glob?.endsWith("/**") === true && p.path === null)
    .map((p) => ({ glob: p.glob as string, skips: p.starsSkipDots === true }));
}

describe("ls -R without -a/-A never lists nor enters a dot folder (R25 needless-ls-recursive)", () => {
  it.each([
    // Traced: `ls -R src` with src/.ssh/ and src/sub/.ssh/ opened src and src/sub only.
    ["ls -R", "/repo/**"],
    ["ls -R src", "/repo/src/**"],
    ["ls -lR src", "/repo/src/**"],
    ["ls --recursive src", "/repo/src/**"],
    ["ls --rec src", "/repo/src/**"],
    ["ls -R -I x src", "/repo/src/**"],
    // A dot folder named as the operand is still its own path (judged as written).
    ["ls -R .ssh", "/repo/.ssh/**"],
  ])("%s recurses into %s skipping dot names", async (command, glob) => {
    expect(await recursion(command)).toEqual([{ glob, skips: true }]);
  });

  it.each([
    ["ls -Ra src", "/repo/src/**"],
    ["ls -RA src", "/repo/src/**"],
    ["ls -Rf src", "/repo/src/**"],
    ["ls -R --all src", "/repo/src/**"],
    ["ls -R --almost-all src", "/repo/src/**"],
    ["ls -R --alm src", "/repo/src/**"],
    ['ls -R "$o" src', "/repo/src/**"],
  ])("%s lists dot names too", async (command, glob) => {
    expect(await recursion(command)).toContainEqual({ glob, skips: false });
  });

  it.each([["ls -Rd src"], ["ls -R -d src"], ["ls -R --directory src"]])(
    "%s lists the operand itself and enters nothing",
    async (command) => {
      // Traced: `ls -Rd src` opened no folder.
      expect(await recursion(command)).toEqual([]);
    },
  );

  it("tree keeps its recursion whole (not traced here: its --gitignore and --info read dot files)", async () => {
    expect(await recursion("tree src")).toEqual([{ glob: "/repo/src/**", skips: false }]);
  });
});
