import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function evaluated(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.some((unit) => unit.sentinel === "<evaluated-string>");
}

/**
 * B16 quoted-assignment-argument-of-declaration-builtin: a quoted assignment word of a
 * declaration builtin is an assignment all the same, and to an integer variable (RANDOM,
 * OPTIND, HISTCMD, one given -i before) bash evaluates its value. Traced under bash 5.2:
 * `r='a[$(git push origin main)]'; export "RANDOM=r"` runs git push.
 */
describe("a quoted assignment to an integer variable evaluates its value", () => {
  it.each([
    "r='a[$(git push origin main)]'; export \"RANDOM=r\"",
    "r='a[$(git push origin main)]'; export 'RANDOM'=r",
    "r='a[$(git push origin main)]'; declare \"RANDOM=r\"",
    "r='a[$(git push origin main)]'; export \"OPTIND=r\"",
    'declare -i V; export "V=a[\\$(git push origin main)]"',
  ])("%s", async (command) => {
    expect(await evaluated(command)).toBe(true);
  });

  it.each([
    'export "RANDOM=5"',
    'declare -i V; export "V=3"',
    'r=1; export "RANDOM=r"',
    // No integer attribute: the text is assigned as it is.
    'export "V=a[\\$(git push origin main)]"',
  ])("stays unevaluated: %s", async (command) => {
    expect(await evaluated(command)).toBe(false);
  });
});
