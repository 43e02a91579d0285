import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// R27 wrapped-unset: the walk followed `unset` only where the grammar read an unset statement.
// Behind `command` or `builtin`, spelled with quotes or a backslash, or after a prefix
// assignment or a redirect, the grammar reads an ordinary command, and the names kept their
// old values (traced under bash 5.2: `x=ok; command unset x; cat .env$x` read .env; `command
// unset PATH` looked git up in the working directory; `command unset HOME` made `~` the
// passwd home). Such an unset now makes every name its words spell unknown.

const SPELLINGS = [
  "command unset",
  "command -p unset",
  "command -- unset",
  "builtin unset",
  "\\unset",
  "'unset'",
  "un''set",
  "y=1 unset",
  "2>/dev/null unset",
  "\\unset -v",
];

describe("l27: an unset the grammar does not read as one", () => {
  it.each(SPELLINGS)("%s x: x is no longer the value assigned before", async (spelling) => {
    const analysis = await analyze(`x=ok; ${spelling} x; cat .env$x`);
    expect(analysis.paths.map((path) => path.path)).not.toContain("/repo/.envok");
    expect(analysis.paths.some((path) => path.sentinel === "<computed-path>")).toBe(true);
  });

  it.each(SPELLINGS)("%s HOME: ~ is no longer the home assigned before", async (spelling) => {
    const analysis = await analyze(`HOME=/repo; ${spelling} HOME; cat ~/.bashrc`);
    expect(analysis.paths.map((path) => path.path)).not.toContain("/repo/.bashrc");
  });

  it("command unset PATH: a program name is no longer looked up in the standard folders", async () => {
    const analysis = await analyze("command unset PATH; git status");
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });

  it("a name it does not spell keeps its value", async () => {
    const analysis = await analyze("x=README.md; command unset y; cat $x");
    expect(analysis.paths.map((path) => path.path)).toEqual(["/repo/README.md"]);
  });
});
