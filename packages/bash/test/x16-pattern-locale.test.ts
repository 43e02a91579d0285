// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Traced under bash 5.2 (A16 pattern-char-matches-utf16-unit-not-character): in a UTF-8 locale
 * `?` in `${x#?}` matches one character (`x='💩.env'; cat "${x#?}"` read .env), in the C
 * locale one byte. The string does not say which: past ASCII the result is unknown.
 */

async function paths(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths.map((path) => path.path);
}

describe("a pattern over text past ASCII depends on the locale", () => {
  it.each([
    `x='💩.env'; cat "\${x#?}"`,
    `x='💩.env'; cat "\${x/?/}"`,
    `x='é.env'; cat "\${x#?}"`,
    `x='a.env'; cat "\${x#é}"`,
  ])("%s", async (command) => {
    const found = await paths(command);
    expect(found).toContain(null);
    expect(found.some((path) => path?.includes("\uDCA9") === true)).toBe(false);
  });

  it("ASCII text is still worked out", async () => {
    expect(await paths(`x='a.env'; cat "\${x#?}"`)).toEqual(["/repo/.env"]);
  });
});
