import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Class unlisted-shell-reads-script-from-stdin (R18, session 18): a shell the tables did not
 * name ran the script fed to its stdin as an unknown program would, so `echo 'git push origin
 * main' | yash` was `yash` plus an echo (traced under bash 5.2: yash, posh, rc, rlksh, rmksh
 * each exec `git push origin main`). Shells with bash's language read the fed script; the
 * others are floored.
 */

/** Each unit as its words and sentinel. */
async function units(command: string): Promise<string[]> {
  return (await analyze(command)).units.map(
    (unit) => `${unit.argv.join(" ")}${unit.sentinel ? ` [${unit.sentinel}]` : ""}`,
  );
}

describe("every packaged shell reads the script on its stdin", () => {
  it.each(["yash", "posh", "oksh", "loksh", "lksh", "pdksh", "rksh", "rmksh", "rlksh", "ksh93"])(
    "%s runs the piped and fed script",
    async (shell) => {
      const runs = async (command: string, inner: string) =>
        (await units(command)).some((unit) => unit.startsWith(inner));
      expect(await runs(`echo 'git push origin main' | ${shell}`, "git push origin main")).toBe(
        true,
      );
      expect(await runs(`${shell} <<< 'npm publish'`, "npm publish")).toBe(true);
      expect(await runs(`${shell} -s <<'EOF'\nrm -rf build\nEOF`, "rm -rf build")).toBe(true);
    },
  );

  it.each([
    "rc",
    "rc.byron",
    "es",
    "elvish",
    "nu",
    "xonsh",
    "bsd-csh",
    "sash",
    "bosh",
    "osh",
    "hush",
  ])("%s, whose language is not bash's, is floored", async (shell) => {
    const fed = await units(`echo 'git push origin main' | ${shell}`);
    expect(
      fed.some((unit) => unit.startsWith(shell) && unit.endsWith("[<opaque-bash-wrapper>]")),
    ).toBe(true);
    expect((await analyze(`${shell} -c 'ls'`)).units.some((unit) => unit.sentinel !== null)).toBe(
      true,
    );
  });

  it("a shell given a script file still runs that file, not its stdin", async () => {
    expect(await units("yash scripts/build.sh")).toEqual(["yash scripts/build.sh"]);
  });
});
