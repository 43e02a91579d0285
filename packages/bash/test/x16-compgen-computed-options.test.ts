// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function evaluated(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.units.some((unit) => unit.sentinel === "<evaluated-string>");
}

/**
 * B16 compgen-option-from-array-or-printf-v: a word only known at run time may be the option
 * that makes the builtin run code. Traced under bash 5.2: `a=(-C); compgen "${a[0]}" 'git push
 * origin main' x` runs git push, so do printf -v, an associative element, `builtin compgen`
 * and `"${a[@]}"`.
 */
describe("a computed word given to compgen, complete or mapfile may be -C, -F or -W", () => {
  it.each([
    "a=(-C); compgen \"${a[0]}\" 'git push origin main' x",
    "printf -v o %s -C; compgen \"$o\" 'git push origin main' x",
    "declare -A m=([k]=-C); builtin compgen \"${m[k]}\" 'git push origin main' x",
    "a=(-C 'git push origin main'); compgen \"${a[@]}\" x",
    "a=(-C); complete \"${a[0]}\" 'git push origin main' x",
    "a=(-C); mapfile \"${a[0]}\" 'git push origin main' -c 1 v < f",
  ])("%s", async (command) => {
    expect(await evaluated(command)).toBe(true);
  });

  it.each([
    "compgen -A file x",
    "mapfile -t a < f",
    // The environment's value is the user's; a word that starts with text is no option.
    'compgen -A file "$PREFIX"',
    'a=(x); compgen -A file "p${a[0]}"',
  ])("stays unevaluated: %s", async (command) => {
    expect(await evaluated(command)).toBe(false);
  });
});
