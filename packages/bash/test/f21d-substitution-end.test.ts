import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { numericOutput, unsafeArithmetic } from "../src/walk/evaluated.ts";
import type { ExpandEnv } from "../src/walk/expand.ts";
import { analyze } from "./helpers.ts";

/**
 * A21 (session 21), two wrong-allow classes in the reading of a substitution whose output is
 * evaluated (arithmetic, `[ ]` operands):
 * 1. the end of a `$(…)` body was found by counting parentheses without reading quotes or
 *    backslashes, and a pipeline was cut at every `|`: `$(echo 'a[$(rm -rf x)]' '|nproc)')`
 *    read as `nproc`'s number, while bash prints the subscript and evaluates it (rm runs);
 * 2. every `$((` was taken as arithmetic, while bash reads `$((echo …) )`, and a `$((X))` whose
 *    X does not pair its parentheses, as a command substitution (traced: the output runs).
 * Each command below was traced under bash 5.2: rm (or cat .env, git push) runs.
 */

function evaluated(analysis: BashAnalysis): boolean {
  return analysis.units.some((unit) => unit.sentinel === "<evaluated-string>");
}

/** Some unit is a sentinel: what runs there is not proven (judged ask at least). */
function judged(analysis: BashAnalysis): boolean {
  return analysis.units.some((unit) => unit.sentinel !== undefined);
}

const env: ExpandEnv = { vars: new Map() } as unknown as ExpandEnv;

describe("soundness: a substitution ends where bash ends it", () => {
  it.each([
    "echo $(( $(echo 'a[$(rm -rf x)]' '|nproc)') ))",
    "(( $(echo 'a[$(rm -rf x)]' '|wc -l)') ))",
    "[[ $(echo 'a[$(cat .env)]' '|nproc)') -gt 0 ]]",
    "echo ${a[$(echo 'b[$(rm -rf x)]' '|nproc)')]}",
    'echo $(( $(echo "a[\\$(rm -rf x)]" "|date +%s)") ))',
    "x=abc; echo ${x:$(echo 'a[$(rm -rf x)]' '|nproc)')}",
    "echo $[ $(echo 'a[$(rm -rf x)]' '|nproc)') ]",
    "cat <<EOF\n$(( $(echo 'a[$(rm -rf x)]' '|nproc)') ))\nEOF",
    "echo $(( $(wc -l <'x)'; echo 'a[$''(git push origin main)]') ))",
    "echo '-v a[$(rm${IFS}-rf${IFS}x)]' > f; [ $(cat f '|nproc)') ]",
    // A `|` after a backslash, in quotes, or in a substitution inside quotes is text.
    "echo $(( $(echo a[\\$\\(rm -rf x\\)]\\|nproc) ))",
    "echo $(( `echo 'a[$''(rm -rf x)]'\\|nproc` ))",
    "[[ $(echo a[\\$\\(rm -rf x\\)]\\|nproc) -gt 0 ]]",
    "echo $(( $(echo \"$(echo 'a[$''(rm -rf x)]' \"|grep -c \")\") ))",
  ])("%j", async (command) => {
    expect(evaluated(await analyze(command))).toBe(true);
  });
});

describe("soundness: `$((` is arithmetic only where bash takes it so", () => {
  it.each([
    "echo $(( $((echo 'a[$''(rm -rf x)]') ) ))",
    "(( $((echo 'a[$''(cat .env)]') ) ))",
    "echo $(( $((echo a[\\$\\(rm -rf x\\)]) ) ))",
    "cat <<EOF\n$(( $((echo 'a[$''(rm -rf x)]') ) ))\nEOF",
    "cat <<EOF\n${a[$((echo 'b[$''(rm -rf x)]') )]}\nEOF",
    "echo $[ $((echo 'a[$''(rm -rf x)]') ) ]",
    "for ((i=0;i<$((echo 'a[$''(rm -rf x)]') );i++)); do :; done",
    "echo $(( 1 + $((echo 'a[$''(rm -rf x)]') ) ))",
    // X's parentheses do not pair up: bash runs `( X )`, the case's output as a command.
    "echo $(( $(case a in a|nproc) echo 'rm -rf x';; esac) ))",
    "echo \"$(( $(case a in a|nproc) echo 'git push origin main';; esac) ))\"",
  ])("%j", async (command) => {
    expect(evaluated(await analyze(command))).toBe(true);
  });

  it("judges a `$((` whose comment hides a parenthesis (bash's reading there is not modelled)", async () => {
    expect(evaluated(await analyze("echo $(( $(echo 'rm -rf x' # (\n) ))"))).toBe(true);
  });

  it("judges a heredoc body's `$((` read as a command", async () => {
    // The grammar cannot read the case there: it stays a sentinel either way.
    const command = "cat <<EOF\n$(( $(case a in a|nproc) echo 'rm -rf x';; esac) ))\nEOF";
    expect(judged(await analyze(command))).toBe(true);
  });
});

describe("precision: number-printing substitutions stay numbers", () => {
  it.each([
    "echo $(( $(wc -l < src/a.ts) + 1 ))",
    "n=$(git status --porcelain | wc -l); echo $((n))",
    "[ $(git status --porcelain | wc -l) -eq 0 ]",
    "echo $(( $(grep -c 'a)|b' src/a.ts) ))",
    "echo $(( $(cat 'a b' | wc -l) ))",
    "echo $(( $(git rev-list --count HEAD@{u}..HEAD) + $((1 + 2)) ))",
    "echo $(( $(( $(nproc) * 2 )) ))",
    "cat <<EOF\n$(( $(date +%s) - 1 ))\nEOF",
  ])("%j", async (command) => {
    expect(evaluated(await analyze(command))).toBe(false);
  });

  it("reads pipelines where bash cuts them", () => {
    expect(numericOutput("git status --porcelain | wc -l")).toBe(true);
    expect(numericOutput("grep -c 'a|b' f")).toBe(true);
    expect(numericOutput('cat "x)|y" | wc -l')).toBe(true);
    expect(numericOutput("echo 'a[$(id)]' '|nproc'")).toBe(false);
    expect(numericOutput("echo a[\\$\\(id\\)]\\|nproc")).toBe(false);
    expect(numericOutput('echo "$(echo \'a[$(id)]\' "|grep -c ")"')).toBe(false);
    expect(numericOutput("case a in a|nproc")).toBe(false);
    expect(numericOutput("cat <<E | wc -l")).toBe(false);
    expect(numericOutput("grep -c x #")).toBe(false);
    expect(numericOutput("echo $'a[$(id)]\\'|nproc'")).toBe(false);
  });
});

describe("the reading stays bounded", () => {
  it("counts arithmetic nested past the bound as unsafe", () => {
    const deep = `${"$(( ".repeat(40)}1${" ))".repeat(40)}`;
    expect(unsafeArithmetic(deep, env)).not.toBeNull();
    const shallow = `${"$(( ".repeat(4)}$(nproc)${" ))".repeat(4)}`;
    expect(unsafeArithmetic(shallow, env)).toBeNull();
  });

  it("reads many substitutions in a row", () => {
    const many = Array(2000).fill("$(nproc)").join(" + ");
    expect(unsafeArithmetic(many, env)).toBeNull();
    expect(unsafeArithmetic(`${many} + $(cat f)`, env)).toBe("$(cat f)");
  });
});

describe("soundness: a heredoc subscript ends where bash ends it", () => {
  // Traced: bash's subscript runs past the `]` of the nested `${x:-]}` and evaluates f's text.
  it.each([
    "x=0; echo 'a[$(rm -rf x)]' > f; cat <<EOF\n${b[ ${x:-]} + $(cat f) ]}\nEOF",
    "x=0; echo 'a[$(git push origin main)]' > f; cat <<EOF\n${b[ ${x:-]} + $(cat f) ]}\nEOF",
  ])("%j", async (command) => {
    expect(evaluated(await analyze(command))).toBe(true);
  });

  it("keeps a plain heredoc subscript a number", async () => {
    expect(evaluated(await analyze("cat <<EOF\n${b[ $(nproc) + 1 ]} ${b[$i]}\nEOF"))).toBe(false);
  });
});
