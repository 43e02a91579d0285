import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/** Whether the analysis says a string is evaluated later (an `<evaluated-string>` unit). */
async function evaluated(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.some((unit) => unit.sentinel === SENTINELS.evaluatedString);
}

/**
 * To a variable with the integer attribute, `V+=N` is `V=V+N` in arithmetic: bash evaluates
 * what V already holds, and a held `a[$(…)]` runs (R15, traced under bash 5.2: `V=$(cat f);
 * declare -i V; V+=1` ran git push, with f holding `a[$(git push origin main)]`).
 */
describe("+= on a variable that may be an integer evaluates its old value", () => {
  it.each([
    ["a value from a file, then -i", "V=$(cat f); declare -i V; V+=1"],
    ["typeset -i", "V=$(cat f); typeset -i V; V+=1"],
    ["a written-out value", "V='a[$(git push origin main)]'; declare -i V; V+=1"],
    ["read", "read V; declare -i V; V+=$x"],
    ["export +=", "V=$(cat f); declare -i V; export V+=1"],
    ["declare +=", "V=$(cat f); declare -i V; declare V+=1"],
  ])("%s: %s", async (_note, command) => {
    expect(await evaluated(command)).toBe(true);
  });

  it.each([
    ["no integer attribute", "V=$(cat f); V+=1"],
    ["a plain assignment after -i", "V=$(cat f); declare -i V; V=1"],
    ["an array append", "V=$(cat f); declare -i V; V+=(1)"],
    ["an integer variable the string never gives a value", "V+=1"],
    // `declare -i V` forgets what V held (the walk follows no value through the attribute),
    // so `V=1; declare -i V; V+=1` asks: an over-approximation.
  ])("not for %s: %s", async (_note, command) => {
    expect(await evaluated(command)).toBe(false);
  });
});
