import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * `{NAME}>file` opens a descriptor bash puts in NAME (C15 varname-fd-redirect-read-as-command;
 * traced under bash 5.2: `x=1 {fd}>/dev/null` and `exec {fd}>/dev/null` run nothing,
 * `{fd}>/dev/null git push origin main` runs git push).
 */
describe("a named-descriptor redirect", () => {
  it.each([
    ["x=1 {fd}>/dev/null", [""]],
    ["exec {fd}>/dev/null", ["exec"]],
    ["exec {fd}>&-", ["exec"]],
    ["{fd}>/dev/null echo hi", ["echo hi"]],
    ["{fd}>/dev/null git push origin main", ["git push origin main"]],
    ["exec {fd}</dev/null; echo $fd", ["exec", "echo $fd"]],
  ])("%s", async (command, units) => {
    const analysis = await analyze(command);
    expect(analysis.status).toBe("ok");
    expect(analysis.units.map((unit) => unit.argv.join(" "))).toEqual(units);
  });

  it.each([
    // Inside quotes it is text.
    ['echo "a {fd}>b"', ["echo", "a {fd}>b"]],
    // A name that may change what runs is a redirect too, read with PATH unknown.
    ["{PATH}>/dev/null ls", ["{PATH}", "ls"]],
    // One the string assigns itself too (B18 named-fd-redirect-read-as-word): traced, bash
    // runs `cat x` (the words are expanded first); fd then holds a number the walk does not know.
    ["fd=x; {fd}>/dev/null cat $fd", ["cat", "$fd"]],
  ])("%s keeps its words", async (command, argv) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.argv.join(" ") === argv.join(" "))).toBe(true);
  });
});
