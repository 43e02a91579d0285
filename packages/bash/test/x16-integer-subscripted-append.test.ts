import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function evaluated(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.some((unit) => unit.sentinel === "<evaluated-string>");
}

/**
 * B16 integer-subscripted-append: `NAME[i]+=N` on an integer variable evaluates the element's
 * old value as arithmetic, as `NAME+=N` does. Traced under bash 5.2:
 * `V='a[$(git push origin main)]'; declare -i V; V[0]+=1` runs git push; so do `-ai`, `V[-1]`,
 * `V[00]`, an array's element, an associative one and a value read from a file.
 */
describe("+= to an element of an integer variable evaluates its old value", () => {
  it.each([
    "V='a[$(git push origin main)]'; declare -i V; V[0]+=1",
    "V='a[$(git push origin main)]'; declare -ai V; V[0]+=1",
    "V='a[$(git push origin main)]'; declare -i V; V[-1]+=1",
    "V=(x 'a[$(git push origin main)]'); declare -i V; V[1]+=1",
    "declare -A V=([k]='a[$(git push origin main)]'); declare -i V; V[k]+=1",
    "V=$(cat f); declare -i V; V[0]+=1",
  ])("%s", async (command) => {
    expect(await evaluated(command)).toBe(true);
  });

  it.each([
    // Without the attribute, += appends text; a known number is safe to add to.
    "V='a[$(git push origin main)]'; V[0]+=1",
    "declare -i V=1; V[0]+=1",
    // A variable with no integer attribute.
    "a[0]+=x",
  ])("stays unevaluated: %s", async (command) => {
    expect(await evaluated(command)).toBe(false);
  });
});
