// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

const flagged = async (command: string): Promise<boolean> =>
  (await analyze(command)).units.some((unit) => unit.sentinel !== null);

/**
 * Attack round C18: names that bash's arithmetic evaluates in turn, where the walk did not look.
 * Each traced under bash 5.2 (strace: git push runs):
 * - numeric-output-grep-c-prints-name: `grep -c` with an option in its pattern or file slot
 *   prints text (`--label=y -H` prints `y:0`, `--help` a usage line);
 * - bash-set-variable-names-another-variable-in-arithmetic: SHELLOPTS, HOSTTYPE, OSTYPE, …
 *   hold text that starts with a name (`braceexpand`, `x86_64`, `linux`);
 * - arithmetic-special-name-columns-lines-skipped: COLUMNS and LINES are plain variables;
 * - arithmetic-name-built-by-expansion: `${x#x}` of `xay`, `${x}y`, `${x,,}` make a name the
 *   text does not show; `$-` is the flags (`hBc`), a name.
 */
describe("arithmetic that evaluates a name the string gave code", () => {
  it.each([
    "y='a[$(git push origin main)]'; n=$(grep -c --label=y -He.); echo $((n))",
    "printf -v y 'a\\x5b$(git push origin main)]'; n=$(grep -c '--label=y' -He.); (( n ))",
    "Usage=$'a\\x5b$(git push origin main)]'; echo $(( $(grep -c --help) ))",
    "standard='a[$(git push origin main)]'; n=$(grep -c -H x); echo $((n))",
    "braceexpand='a[$(git push origin main)]'; echo $((SHELLOPTS))",
    "x86_64='a[$(git push origin main)]'; echo $((HOSTTYPE))",
    "linux='a[$(git push origin main)]'; echo $((OSTYPE))",
    "linux=$(printf 'a\\x5b$(git push origin main)]'); echo $((OSTYPE))",
    "release=$'a\\x5b$(git push origin main)]'; echo $((BASH_VERSINFO[4]))",
    "braceexpand='a[$(git push origin main)]'; b[SHELLOPTS]=1",
    "COLUMNS='a[$(git push origin main)]'; echo $((COLUMNS))",
    "x='a[$(git push origin main)]'; COLUMNS=x; echo $((COLUMNS))",
    "LINES='a[$(git push origin main)]'; (( LINES ))",
    "x=xay; ay='a[$(git push origin main)]'; echo $(( ${x#x} ))",
    "x=aqy; ay='a[$(git push origin main)]'; echo $(( ${x/q/} ))",
    "x=AY; ay='a[$(git push origin main)]'; echo $(( ${x,,} ))",
    "x=qay; ay='a[$(git push origin main)]'; echo $(( ${x:1} ))",
    "x=a; ay='a[$(git push origin main)]'; [[ ${x}y -eq 0 ]]",
    "x=a; ay='a[$(git push origin main)]'; declare -i n; n=${x}y",
    "hBc='a[$(git push origin main)]'; echo $(( $- ))",
    "hBc='a[$(git push origin main)]'; [[ ${-} -eq 0 ]]",
  ])("%j is not proven", async (command) => {
    expect(await flagged(command)).toBe(true);
  });

  it.each([
    // What stays proven: a count, the environment's own values with no code given to any
    // name, a default form, a length, a value that surely holds digits, an associative key.
    "n=$(grep -c TODO README.md); echo $((n + 1))",
    "echo $(( $(grep -c x) ))",
    "echo $((COLUMNS))",
    "x=hello; echo $((SECONDS + 1))",
    "echo $(( ${N:-1} + 1 ))",
    "x=abc; echo $(( ${#x} ))",
    "n=12; echo $(( ${n#1} ))",
    'declare -A m=([a]=1); echo "${m[a]}"',
  ])("%j stays proven", async (command) => {
    expect(await flagged(command)).toBe(false);
  });
});
