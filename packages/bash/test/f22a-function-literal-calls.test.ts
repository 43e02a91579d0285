import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Needless asks of session 21 (needless.md item 3): `f() { cat "$1"; }; f README.md` asked,
 * the body being walked once with its positional parameters unknown. A function the string
 * calls only by its literal name with words written out runs with those words as `$1`, `$2`,
 * …: the body is walked once per call (traced under bash 5.2: cat README.md). Anything that
 * may call it otherwise (a computed command word, eval, source, a trap, an exported function,
 * a call with a computed word, a substitution or heredoc the grammar leaves as text) keeps the
 * old reading.
 */

describe("precision: a function called with written-out words", () => {
  it("reads the file its call names", async () => {
    const analysis = await analyze('f() { cat "$1"; }; f README.md');
    expect(paths(analysis)).toEqual(["read:/repo/README.md"]);
  });

  it("each call is a round of its own", async () => {
    const found = paths(await analyze('f() { cat "$1"; }; f README.md; f .env'));
    expect(found).toContain("read:/repo/README.md");
    expect(found).toContain("read:/repo/.env");
  });
});

describe("soundness: a call the scan cannot see keeps the unknown parameters", () => {
  it.each([
    'f() { cat "$1"; }; f README.md; g() { f "$1"; }; g .env',
    'f() { cat "$1"; }; f README.md; x=f; $x .env',
    'f() { cat "$1"; }; f README.md; eval "f .env"',
    'f() { cat "$1"; }; f README.md; trap "f .env" EXIT',
    'f() { cat "$1"; }; export -f f; f README.md; bash -c "f .env"',
    'f() { cat "$1"; }; f README.md; echo "$(f .env)"',
    'f() { cat "$1"; }; f README.md; . ./x.sh',
    'f() { cat "$1"; }; f a; f b; f c; f d; f e',
    'f() { cat "$1"; }; f README.md; f() { cat "$2"; }; f a .env',
  ])("%j", async (command) => {
    const analysis = await analyze(command);
    expect(
      analysis.paths.some((path) => path.path === null) ||
        analysis.units.some((unit) => unit.sentinel !== null),
    ).toBe(true);
  });
});
