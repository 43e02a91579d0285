import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * `[`/`test` given an unquoted variable whose known value splits into `-v NAME[…]`: bash
 * evaluates the subscript, so a `$(…)` in it runs (traced under bash 5.2, X2: `x='-v
 * a[$(rm${IFS}-rf${IFS}build)]'; [ $x ]` ran rm -rf build).
 */
describe("test -v through a known value", () => {
  it.each([
    ["x='-v a[$(rm${IFS}-rf${IFS}build)]'; [ $x ]", true],
    ["x='-v a[`id`]'; test $x", true],
    ["x='-v a[1]'; [ $x ]", false],
    ["x='-n abc'; [ $x ]", false],
  ])("%s", async (command, evaluated) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel === SENTINELS.evaluatedString)).toBe(
      evaluated,
    );
  });
});
