// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * C16 declaration-builtin-args-expanded-before-assigning, traced under bash 5.2: bash expands
 * every word of `declare`, `typeset`, `local`, `export` and `readonly` before it assigns any,
 * so `f=.env; declare f=README.md g="$f"; cat "$g"` reads /repo/.env (a plain `f=… g=$f`
 * assigns left to right). The walk read `$f` after the earlier word had assigned it.
 */
describe("a declaration's values are read before it assigns", () => {
  it.each([
    ['f=.env; export f=README.md g="$f"; cat "$g"', ["read:/repo/.env"]],
    ['f=.env; declare f=README.md g="$f"; cat "$g"', ["read:/repo/.env"]],
    ['f=.env; readonly f=README.md g="${f}"; cat "$g"', ["read:/repo/.env"]],
    ['f=.env; typeset f=README.md g=$f; cat "$g"', ["read:/repo/.env"]],
    ['f=.env; declare -x f=README.md g="$f" && cat "$g"', ["read:/repo/.env"]],
    [
      'HOME=/home/user/.ssh; export HOME=/repo h=~; cat "$h"/id_rsa',
      // The folder HOME held is judged too: an exported value may name a file (S32).
      ["read:/home/user/.ssh/id_rsa", "read_write:/home/user/.ssh"],
    ],
    // Plain assignments do go left to right.
    ['f=.env; f=README.md g="$f"; cat "$g"', ["read:/repo/README.md"]],
    // Later words that do not read an earlier one keep their value.
    [
      'export f=README.md g=src/a.ts; cat "$f" "$g"',
      ["read:/repo/README.md", "read:/repo/src/a.ts"],
    ],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it("a git subcommand read from the old value", async () => {
    const analysis = await analyze('c=push; declare c=status d="$c"; git "$d" origin main');
    expect(analysis.units.some((unit) => unit.executed?.join(" ") === "git push origin main")).toBe(
      true,
    );
  });
});

/**
 * A16 declaration-builtin-argument-brace-expanded / C16 declaration-builtin-brace-assignments,
 * traced under bash 5.2: a declaration builtin's words are brace-expanded, so
 * `declare p={a,publish}` is `declare p=a p=publish` and `declare {P,}ATH=x` assigns PATH.
 * The value (and which names are assigned) is no longer taken as written.
 */
describe("braces in a declaration's word", () => {
  it.each([
    ['declare x={a,/etc/passwd}; cat "$x"'],
    ['typeset x={a,/home/user/.ssh/id_rsa}; cat "$x"'],
    ['export f={README.md,/home/user/notes.txt}; cat "$f"'],
    ['g() { local f={README.md,/home/user/notes.txt}; cat "$f"; }; g'],
  ])("%s reads a file nobody can name", async (command) => {
    expect(paths(await analyze(command))).toContain("read:?");
  });

  it.each([
    ['declare p={a,publish}; npm "$p"'],
    ['export -- p=pub{a,lish}; npm "$p"'],
    ["declare {P,}ATH=/tmp; ls"],
  ])("%s is not proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });
});

/**
 * B16 integer-append-via-spelled-declaration-builtin, traced under bash 5.2: after
 * `declare -i V`, `V+=1` evaluates V's old value as arithmetic, whose subscript runs a
 * command; a declaration builtin reached as a plain command (`'export' V+=1`, `\export`,
 * `builtin export`, `e=export; $e`) appends the same way.
 */
describe("an append through a declaration builtin spelled as a command", () => {
  it.each([
    ["'export' V+=1"],
    ['"readonly" V+=1'],
    ["\\export V+=1"],
    ["builtin export V+=1"],
    ["command export V+=1"],
    ["e=export; $e V+=1"],
    ["$'export' V+=1"],
  ])("%s", async (tail) => {
    const analysis = await analyze(`V='a[$(git push origin main)]'; declare -i V; ${tail}`);
    expect(analysis.units.some((unit) => unit.sentinel === "<evaluated-string>")).toBe(true);
  });
});
