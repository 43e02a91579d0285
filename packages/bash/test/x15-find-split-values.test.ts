// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The sentinel of the find unit. */
async function findSentinel(command: string): Promise<string | null> {
  const analysis = await analyze(command);
  return analysis.units.find((unit) => unit.argv[0] === "find")?.sentinel ?? null;
}

/**
 * A test's value only known at run time that may split is more of find's expression: traced
 * under bash 5.2 (C15 computed-find-test-value-splits-into-predicates), `read x <<< 'x -o -exec
 * git push origin main ;'; find . -name $x` runs git push, and `-fprint /tmp/o` writes /tmp/o.
 */
describe("find: a value that may split is more of the expression", () => {
  it.each([
    ["a read value", "read x < f; find . -name $x"],
    ["a substitution", "find . -name $(printf 'x -o -exec git push origin main ;')"],
    ["a substitution glued to a literal", "find . -name x$(printf ' -o -fprint /tmp/o')"],
    ["-type", "read x < f; find . -type $x"],
    ["-maxdepth", "read x < f; find . -maxdepth $x"],
    ["-path after a negation", "read x < f; find . ! -path $x"],
    ["-newerXY", "read x < f; find . -newermt $x"],
    ["-fprintf's format", "read x < f; find . -fprintf out $x"],
    ["a function argument", "f(){ find . -name $1; }; f 'x -o -delete'"],
    ["an array spread", "a=(); a+=(x -o -exec git push origin main ';'); find . -name \"${a[@]}\""],
    // (On every path `set -- WORDS` decides them: f19-positional-words.test.ts.)
    ["the positional parameters", '[ -f a ] && set -- x -o -delete; find . -name "$@"'],
    ["a start that may be a primary", 'read d < f; find "$d"'],
    ["a start spread from an array", 'a=(); a+=(. -delete); find "${a[@]}"'],
  ])("%s: %s", async (_note, command) => {
    expect(await findSentinel(command)).not.toBeNull();
  });

  it.each([
    ["a quoted value is one word", 'read x < f; find . -name "$x"'],
    ["an inherited variable", "find . -name $PATTERN -type f"],
    ["a literal pattern", "find . -name '*.ts' -type f"],
    ["a value the string assigns", "p='*.md'; find . -name \"$p\""],
    ["a quoted value after a literal start", 'read x < f; find src -name "x$x" -type f'],
  ])("keeps its role: %s: %s", async (_note, command) => {
    expect(await findSentinel(command)).toBeNull();
  });
});
