// `$"…"` is translated from the message catalogue of TEXTDOMAIN under TEXTDOMAINDIR and the
// translation is expanded again: when the string may name the catalogue, it may run anything.
import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

const evaluated = async (command: string) =>
  (await analyze(command)).units.some((u) => u.sentinel === SENTINELS.evaluatedString);

describe("translated strings", () => {
  it.each([
    'TEXTDOMAINDIR=l\nTEXTDOMAIN=x\necho $"hello"',
    'TEXTDOMAINDIR=l TEXTDOMAIN=x\ny=$"hello"',
    'export TEXTDOMAIN=x; echo $"hi"',
    "declare $'TEXT\\x44OMAINDIR'=l; echo $\"hi\"",
  ])("may run what the catalogue holds: %s", async (command) => {
    expect(await evaluated(command)).toBe(true);
  });

  it.each(['echo $"hello"', "TEXTDOMAIN=x; echo hi", 'echo "$HOME"'])(
    "is plain text when the string names no catalogue: %s",
    async (command) => {
      expect(await evaluated(command)).toBe(false);
    },
  );
});
