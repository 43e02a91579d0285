// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// M19 positional-params-from-set-or-function-call-unresolved (needless asks): `"$@"` alone in a
// word, after `set -- WORDS` on every path, is one word per parameter, as `"$1"` already was.
// Traced under bash 5.2: `set -- README.md; cat "$@"` runs cat README.md; `set -- README.md
// src/app.ts; grep -n TODO "$@"` runs grep -n TODO README.md src/app.ts.

import { describe, expect, it } from "vitest";
import { analyzeFull } from "./helpers.ts";

async function lastArgv(command: string): Promise<readonly string[]> {
  const units = (await analyzeFull(command)).units;
  return units.at(-1)?.argv ?? [];
}

describe('"$@" of parameters the string set', () => {
  it.each<[string, string[]]>([
    ['set -- README.md; cat "$@"', ["cat", "README.md"]],
    [
      'set -- README.md src/app.ts; grep -n TODO "$@"',
      ["grep", "-n", "TODO", "README.md", "src/app.ts"],
    ],
    ['set -- -la; ls "${@}"', ["ls", "-la"]],
    ['set -- "a b"; echo "$@"', ["echo", "a b"]],
    ['set --; cat "$@"', ["cat"]],
    ['set -- README.md; set -- .env; cat "$@"', ["cat", ".env"]],
    ['set -- push origin main; git "$@"', ["git", "push", "origin", "main"]],
  ])("%j runs %j", async (command, expected) => {
    expect(await lastArgv(command)).toEqual(expected);
  });
});

describe('"$@" the string does not decide', () => {
  it.each([
    'cat "$@"',
    'set -- README.md; [ -f a ] && set -- .env; cat "$@"',
    'if [ -f a ]; then set -- .env; else set -- README.md; fi; cat "$@"',
    // A count only known at run time (shift of a known count: f20-shift-and-star.test.ts).
    'set -- README.md; shift $n; cat "$@"',
    'set -- README.md; eval "set -- .env"; cat "$@"',
    'set -- a; f() { cat "$@"; }; f',
    'set -- *.md; cat "$@"',
    // Unquoted, or with other text in the word: not this reading.
    "set -- README.md; cat $@",
    'set -- README.md; cat "x$@"',
  ])("%j", async (command) => {
    const analysis = await analyzeFull(command);
    const cats = analysis.units.filter((unit) => unit.argv[0] === "cat");
    expect(cats.length).toBeGreaterThan(0);
    expect(cats.some((unit) => unit.computed !== undefined)).toBe(true);
  });
});
