import { describe, expect, it } from "vitest";
import { analyze, opaqueWrapper } from "./helpers.ts";

/**
 * Precision class N3 of session 13: `for s in scripts/*.sh; do bash -n "$s"; done` was opaque
 * while `bash -n scripts/a.sh` was proven. With `-n` bash (and dash) only parse: traced, a
 * script holding `touch ran` writes nothing, and BASH_ENV, a login shell's profile and dash's
 * ENV are not read either. A computed script operand is proven when it can never be an option
 * (a loop variable over `scripts/*.sh`): `+n` as that word would turn execution back on.
 */

/** Each unit as its words and sentinel. */
async function units(command: string): Promise<string[]> {
  return (await analyze(command)).units.map(
    (unit) => `${unit.argv.join(" ")}${unit.sentinel ? ` [${unit.sentinel}]` : ""}`,
  );
}

describe("a shell that only parses its script runs nothing", () => {
  it.each<[string, string[]]>([
    [
      'for s in scripts/*.sh; do bash -n "$s" && echo "ok $s"; done',
      ["bash -n scripts/*.sh", "echo ok scripts/*.sh"],
    ],
    ['for f in bin/*.sh; do sh -n "$f"; done', ["sh -n bin/*.sh"]],
    ['for f in bin/*; do dash -nv -- "$f"; done', ["dash -nv -- bin/*"]],
    ['for f in bin/*; do bash -o noexec "$f"; done', ["bash -o noexec bin/*"]],
    ['for f in bin/*; do bash --norc -n "$f" a b; done', ["bash --norc -n bin/* a b"]],
  ])("%s", async (command, expected) => {
    expect(await units(command)).toEqual(expected);
  });

  it("reads the scripts it parses", async () => {
    const { paths } = await analyze('for s in scripts/*.sh; do bash -n "$s"; done');
    expect(paths.map((path) => path.glob ?? path.path)).toContain("/repo/scripts/*.sh");
  });
});

describe("what may still run stays opaque", () => {
  it.each([
    ['bash -n "$1"', "a computed operand may be +n, -i or -s"],
    ['for s in *.sh; do bash -n "$s"; done', "a glob that may match a file named +n.sh"],
    ['for s in scripts/*.sh; do bash -n +n "$s"; done', "+n turns execution back on"],
    ['for s in scripts/*.sh; do bash -o noexec +o noexec "$s"; done', "+o noexec too"],
    ['for s in scripts/*.sh; do bash -n -i "$s"; done', "an interactive shell may ignore -n"],
    ['for s in scripts/*.sh; do bash -n -s "$s"; done', "-s reads the script from stdin"],
    ['for s in scripts/*.sh; do bash --rcfile x -n "$s"; done', "a long option not known"],
    ['for s in scripts/*.sh; do bash "$s"; done', "no -n: the script runs"],
    ['for s in scripts/*.sh; do bash "$s" -n; done', "-n after the script is its argument"],
    ['for s in scripts/*.sh; do zsh -n "$s"; done', "a shell whose -n was not traced"],
    ["bash -n $s", "a computed word that may split into options"],
  ])("%s (%s)", async (command) => {
    const sentinels = (await analyze(command)).units.map((unit) => unit.sentinel);
    expect(sentinels).toContain(opaqueWrapper);
  });

  it("a -c string is still read as the script it would be", async () => {
    const { units: found } = await analyze("bash -n -c 'git push'");
    expect(found.map((unit) => unit.argv.join(" "))).toContain("git push");
  });
});
