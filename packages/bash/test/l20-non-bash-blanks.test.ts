import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Fuzz seed 2001 (tools/bash-oracle): bash separates words only with space, tab and newline.
 * tree-sitter-bash skips a carriage return (and a form feed, a vertical tab) as a blank, so in
 * `: $(( 1 ))#; \r#; wc .env` it read `#; wc .env` as a comment, while bash reads `\r#` as a
 * command word (not found) and then runs `wc .env`. Traced under bash 5.2 with strace:
 * `wc .env` ran and opened /repo/.env. The check for text the tree leaves out trimmed with
 * JavaScript's `trim()`, which also drops `\r`, so nothing was flagged and the analysis said ok
 * with one unit. Text the grammar skips is now measured against bash's own blanks.
 */
describe("a blank the grammar skips that bash does not", () => {
  it.each([": $(( 1 ))#; \r#; wc .env", ": $(( 1 ))#; \f#; wc .env", ": $(( 1 ))#; \v#; wc .env"])(
    "%j is not proven",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.status).not.toBe("ok");
      expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
    },
  );

  it("a no-break space the grammar keeps in the word leaves `wc .env` seen", async () => {
    const analysis = await analyze(": $(( 1 ))#; \u00a0#; wc .env");
    expect(analysis.units.some((unit) => unit.argv.join(" ") === "wc .env")).toBe(true);
  });

  it.each(["echo a \\\n  b", "ls   \t", "\n\n  git status  \n"])(
    "%j, spaced with bash's own blanks, stays proven",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.status).toBe("ok");
      expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
    },
  );
});
