import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 (B18 named-fd-redirect-read-as-word-in-cmdsub-or-case-arm):
 * `x=$( sh {x}>&2 -c 'npm publish' )` and `case x in x) bash {x}<&0 -c 'git push origin main';;
 * esac` run the command: `{x}>&2` is a redirect on a descriptor bash puts in x, whatever else
 * the string does with x (it was read as a script named `{x}` whenever x was also assigned or
 * written elsewhere, or upper-case). The name then holds a number the walk does not know.
 */

async function argvs(command: string): Promise<string[][]> {
  return (await analyze(command)).units.map((unit) => [...unit.argv]);
}

describe("a {NAME} redirect wherever NAME stands", () => {
  it.each([
    ["x=$( sh {x}>&2 -c 'npm publish' )", ["npm", "publish"]],
    ["x=$( bash {x}>/dev/null -c 'git push origin main' )", ["git", "push", "origin", "main"]],
    ["case x in x) sh {x}>&2 -c 'npm publish';; esac", ["npm", "publish"]],
    [
      "case x in x) bash {x}<&0 -c 'git push origin main';; esac",
      ["git", "push", "origin", "main"],
    ],
    ["sh {X}>&2 -c 'npm publish'", ["npm", "publish"]],
    ["x=1; sh {x}>&2 -c 'npm publish'", ["npm", "publish"]],
  ])("%s", async (command, words) => {
    const all = await argvs(command);
    expect(all).toContainEqual(words);
    expect(all.some((argv) => argv.includes("{x}") || argv.includes("{X}"))).toBe(false);
  });

  it("takes the name as holding a number it does not know", async () => {
    expect(paths(await analyze("x=README.md; : {x}>/dev/null; cat $x"))).not.toContain(
      "read:/repo/README.md",
    );
    const path = await analyze(": {PATH}>/dev/null; ls");
    expect(path.units.some((unit) => unit.sentinel !== null)).toBe(true);
    // Written before the redirect, the value is the string's.
    expect(paths(await analyze("x=README.md; cat $x; : {x}>/dev/null"))).toContain(
      "read:/repo/README.md",
    );
  });
});
