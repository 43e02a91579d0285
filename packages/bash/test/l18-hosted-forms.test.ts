import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * Found by the CLI's metamorphic batch (session 18) on this session's corpus lines hosted in
 * other forms. `cd /repo && dumb='a[$(git push origin main)]'; echo $((TERM))`: after `&&`
 * the assignment may not have run, so the walk keeps `dumb` unknown, and arithmetic lost that
 * the string gave it code (TERM=dumb runs it). `f() { npm stage p"${u[*]}"ublish; }; f`: in a
 * function the word may be anything, and npm's nested command was read from it as written.
 */
async function sentinels(command: string): Promise<string[]> {
  return (await analyze(command)).units.flatMap((unit) => (unit.sentinel ? [unit.sentinel] : []));
}

describe("code a union of paths lost", () => {
  it.each([
    "cd /repo && dumb='a[$(git push origin main)]'; echo $((TERM))",
    "true && x='a[$(rm -rf build)]'; echo $((y))",
    "false || x='b[$(id)]'; let n=y",
  ])("%s is evaluated code", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.evaluatedString);
  });

  it("a plain value lost in a union is no code", async () => {
    expect(await sentinels("true && x=5; echo $((y+1))")).toEqual([]);
  });
});

describe("npm's nested command only known at run time", () => {
  it.each([
    'f() { npm stage p"${u[*]}"ublish; }; f',
    'x=$(cat f); npm stage "p${x}ublish"',
    'f() { npm dist-tag "a${1}dd" pkg@1 latest; }; f',
  ])("%s cannot be proven", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.computedWord);
  });

  it("literal nested commands and other computed operands stay exact", async () => {
    expect(await sentinels("npm dist-tag ls")).toEqual([]);
    expect(await sentinels('x=$(cat f); npm view "$x" version')).not.toContain(
      SENTINELS.computedWord,
    );
  });
});
