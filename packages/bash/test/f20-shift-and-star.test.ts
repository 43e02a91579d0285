// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// M19/R19 positional-params-from-set-or-function-call-unresolved (needless asks): `shift [N]`
// moves the parameters a literal `set --` gave, and `"$*"` of one parameter is that word.
// Traced under bash 5.2: `set -- .env README.md; shift; cat "$@"` runs cat README.md;
// `set -- README.md; shift 0; cat "$1"` and `set -- README.md; cat "$*"` run cat README.md.
import { describe, expect, it } from "vitest";
import { analyzeFull } from "./helpers.ts";

async function lastArgv(command: string): Promise<readonly string[]> {
  const units = (await analyzeFull(command)).units;
  return units.at(-1)?.argv ?? [];
}

async function lastComputed(command: string): Promise<boolean> {
  const units = (await analyzeFull(command)).units;
  return (units.at(-1)?.computed?.argv.length ?? 0) > 0;
}

describe("shift and $* of parameters the string set", () => {
  it.each<[string, string[]]>([
    ['set -- .env README.md; shift; cat "$@"', ["cat", "README.md"]],
    ['set -- README.md; shift 0; cat "$1"', ["cat", "README.md"]],
    ['set -- a b .env; shift 2; cat "$1"', ["cat", ".env"]],
    // A count past their number fails and moves none.
    ['set -- .env; shift 2; cat "$1"', ["cat", ".env"]],
    ['set -- README.md; cat "$*"', ["cat", "README.md"]],
    ['set -- README.md; shift; cat "$@"', ["cat"]],
  ])("%j runs %j", async (command, expected) => {
    expect(await lastArgv(command)).toEqual(expected);
  });

  it.each([
    'set -- a b; cat "$*"',
    'set -- README.md; [ -f x ] && shift; cat "$1"',
    'set -- a .env b; while shift; do cat "$1"; done',
    'set -- a README.md; shift $n; cat "$1"',
    'shift; cat "$1"',
    'set -- a; [ -f x ] && set -- b; shift 0; cat "$1"',
  ])("%j is not decided", async (command) => {
    expect(await lastComputed(command)).toBe(true);
  });
});
