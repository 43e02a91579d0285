import { describe, expect, it } from "vitest";
import { analyze, pathsOf } from "./helpers.ts";

// F26d needless asks: `"${NAME[@]}"` of an array the string assigned plain words
// (`files=(a b); cat "${files[@]}"`) was a computed path and asked, although bash hands the
// program exactly those words (traced: execve cat README.md src/index.ts). The walk kept the
// elements only for a `for` over the array; a command's words take them now, as `"$@"` after
// a literal `set --` already did. Where the words are not one known list, the operand stays
// computed.

async function argvOf(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units.map((unit) => unit.argv.join(" "));
}

describe("l27: an array of plain words is its words", () => {
  it("gives each element as one word, and judges each as a path", async () => {
    expect(await argvOf('files=(README.md "a b"); cat "${files[@]}"')).toEqual([
      "cat README.md a b",
    ]);
    expect(await pathsOf('files=(README.md "a b"); cat "${files[@]}"')).toEqual([
      "read /repo/README.md",
      "read /repo/a b",
    ]);
    expect(await pathsOf('f=(README.md .env); cat "${f[@]}"')).toContain("read /repo/.env");
    expect(await argvOf('f=(push origin main); git "${f[@]}"')).toEqual(["git push origin main"]);
  });

  it("the same list on both paths of a branch is still the list", async () => {
    expect(await argvOf('if [ -f x ]; then f=(a b); else f=(a b); fi; cat "${f[@]}"')).toContain(
      "cat a b",
    );
  });

  it.each([
    ['if [ -f x ]; then f=(.env); else f=(a b); fi; cat "${f[@]}"', "two paths, two lists"],
    ['f=(a b); f+=(.env); cat "${f[@]}"', "appended"],
    ['f=(a b); f[2]=.env; cat "${f[@]}"', "an element assigned"],
    ["f=(a b); unset 'f[0]'; cat \"${f[@]}\"", "an element unset"],
    ['declare -A f; f=(a b); cat "${f[@]}"', "associative: a key and its value"],
    ['declare -A g=(); f=(a b); cat "${f[@]}"', "any name may be associative"],
    ['declare -l f; f=(.ENV); cat "${f[@]}"', "a case attribute changes the elements"],
    ['f=(a b); read -a f; cat "${f[@]}"', "read into the array"],
    ['f=(a b); g() { f=(.env); }; g; cat "${f[@]}"', "a function reassigned it"],
    ['f=(a b); unset f; cat "${f[@]}"', "unset"],
    ['f=(a b); declare -n r=f; r=(.env); cat "${f[@]}"', "a nameref wrote it"],
    ["f=(a b); cat ${f[@]}", "unquoted: split and globbed"],
    ['f=(a b); cat "${f[*]}"', "joined with IFS"],
    ['f=(a b); cat "x${f[@]}"', "not alone in the word"],
    ['f=(~/*.md); cat "${f[@]}"', "elements a glob with a tilde made"],
  ])("stays computed: %s (%s)", async (command) => {
    const analysis = await analyze(command);
    const cat = analysis.units.findIndex((unit) => unit.argv[0] === "cat");
    expect(cat).not.toBe(-1);
    expect(
      analysis.paths.some((path) => path.unit === cat && path.sentinel === "<computed-path>"),
    ).toBe(true);
  });
});
