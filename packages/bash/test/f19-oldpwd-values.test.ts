// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// OLDPWD after a `cd` the walk followed (A18 return-to-string-decided-directory-not-followed,
// needless asks): every cd, pushd and popd sets it to the folder it left, as `cd -` reads it.
// Traced under bash 5.2: `cd src && cat "$OLDPWD/README.md"` runs cat /repo/README.md,
// `cd src && cd "$OLDPWD" && cat README.md` reads /repo/README.md.

import { describe, expect, it } from "vitest";
import { analyzeFull } from "./helpers.ts";

async function paths(command: string): Promise<(string | null)[]> {
  const analysis = await analyzeFull(command);
  const last = analysis.units.length - 1;
  return analysis.paths.filter((path) => path.unit === last).map((path) => path.path);
}

describe("OLDPWD the string decided", () => {
  it.each<[string, (string | null)[]]>([
    ['cd src && cat "$OLDPWD/README.md"', ["/repo/README.md"]],
    ['cd src && cd "$OLDPWD" && cat README.md', ["/repo/README.md"]],
    ['cd ~/.ssh && cd /repo && cat "$OLDPWD/id_rsa"', ["/home/user/.ssh/id_rsa"]],
    ['OLDPWD=/home/user/.ssh; cat "$OLDPWD/id_rsa"', ["/home/user/.ssh/id_rsa"]],
  ])("%j", async (command, expected) => {
    expect(await paths(command)).toEqual(expected);
  });
});

describe("OLDPWD the string does not decide", () => {
  it.each([
    // The environment's, or the environment's on the path where cd failed.
    'cat "$OLDPWD/README.md"',
    'cd src; cat "$OLDPWD/README.md"',
    // A function's body or eval may have moved again; a name only known at run time may be it.
    'f() { cd ~/.ssh; cd /repo; }; cd src && cd /repo && f && cat "$OLDPWD/id_rsa"',
    'cd src && cd /repo && eval "cd ~/.ssh; cd /repo" && cat "$OLDPWD/id_rsa"',
    'read n; cd src && cd /repo && read "$n" && cat "$OLDPWD/README.md"',
    'cd src && cd /repo && : "${OLDPWD:=/x}" && cat "$OLDPWD/README.md"',
    // The folder it left was only known at run time.
    'cd "$X" && cd /repo && cat "$OLDPWD/README.md"',
    'c=$(cat f); cd src && $c ~/.ssh && cd /repo && cat "$OLDPWD/id_rsa"',
  ])("%j", async (command) => {
    const analysis = await analyzeFull(command);
    const read = analysis.paths.filter((path) => path.raw.includes("OLDPWD"));
    expect(read.length).toBeGreaterThan(0);
    expect(read.every((path) => path.path === null)).toBe(true);
  });
});
