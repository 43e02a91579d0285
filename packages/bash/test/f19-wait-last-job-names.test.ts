// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// M19 wait-on-last-background-pid-asks: `$!` (digits, or nothing) is never an option of an
// assigning builtin, so `wait $!` names no variable; a word only known otherwise may be
// `-p NAME` (traced: `x=-p; wait $x PATH; git status` assigns PATH, git is not found).

import { describe, expect, it } from "vitest";
import { analyzeFull } from "./helpers.ts";

async function opaque(command: string): Promise<boolean> {
  const analysis = await analyzeFull(command);
  return analysis.units.some((unit) => unit.sentinel !== null);
}

describe("wait given the last background job", () => {
  it.each(["git status & wait $!", 'git status & wait "$!"', "git status & wait -n ${!}"])(
    "%j assigns nothing",
    async (command) => {
      expect(await opaque(command)).toBe(false);
    },
  );

  it.each(["x=-p; wait $x PATH; git status", "wait $x; git status", "read $!; git status"])(
    "%j may assign any name",
    async (command) => {
      expect(await opaque(command)).toBe(true);
    },
  );
});
