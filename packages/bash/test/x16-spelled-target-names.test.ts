// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** Whether the analysis holds a path it cannot name (a computed path or an unseen glob). */
async function unknownPath(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return analysis.paths.some((path) => path.path === null);
}

/**
 * B16 builtin-target-name-spelled: a builtin's target name spelled with an ANSI-C string or an
 * expansion (`mapfile -t $'\x61'`) still assigns `a`. Traced under bash 5.2:
 * `mapfile -t $'\x61' <<< '*'; echo ~/.ssh/$a` lists /home/user/.ssh. The variable is not the
 * environment's, though the text never writes its name out.
 */
describe("a builtin's target name spelled otherwise is assigned all the same", () => {
  it.each([
    "mapfile -t $'\\x61' <<< '*'; echo ~/.ssh/$a",
    "readarray -t $'\\x61' <<< '*'; echo ~/.ssh/$a",
    "v=aXQ; mapfile -t \"${v%XQ}\" <<< '*'; echo ~/.ssh/$a",
    "read a $'\\x62' <<< 'x *'; echo ~/.ssh/$b",
    "printf -v $'\\x61' '*'; echo ~/.ssh/$a",
    "readonly $'\\x61'='*'; echo ~/.ssh/$a",
    "read -- $'\\x61' b <<< '* x'; echo ~/.ssh/$a",
  ])("%s", async (command) => {
    expect(await unknownPath(command)).toBe(true);
  });

  it.each([
    // A name the string only gives defaults of plain text stays the environment's or that text.
    ": ${g:=src}; echo $g",
    "echo ~/.ssh/$a",
  ])("stays known: %s", async (command) => {
    expect(await unknownPath(command)).toBe(false);
  });
});

/**
 * A declaration's name or option spelled in pieces is one word (traced under bash 5.2:
 * `declare -'ai' M'APFILE'; mapfile <<< 'a[$(git push origin main)]'` runs git push).
 */
describe("a declaration word spelled in pieces", () => {
  it("gives the attribute to the name", async () => {
    const analysis = await analyze(
      "declare -'ai' M'APFILE'; mapfile <<< 'a[$(git push origin main)]'",
    );
    expect(analysis.units.some((unit) => unit.sentinel === "<evaluated-string>")).toBe(true);
  });
});
