import { describe, expect, it } from "vitest";
import { analyze, mayRun, paths } from "./helpers.ts";

/**
 * Attack round R17, class descriptor-number-beyond-int-is-a-word: bash reads digits written
 * against `<` or `>` as a descriptor only when their value fits an int (up to 2147483647);
 * larger, they are a word of the command and the redirect is a plain one. strace under bash
 * 5.2: `. 2147483648</dev/null` sourced the file 2147483648; `git status 2147483648>/dev/null`
 * ran git status with that argument. The walk dropped them as descriptors.
 */
describe("digits past the largest descriptor are a word", () => {
  it.each([
    ["git status 2147483648>/dev/null", ["git", "status", "2147483648"]],
    ["git status 2>/dev/null 2147483648</dev/null", ["git", "status", "2147483648"]],
    ["npm test 9999999999>&2", ["npm", "test", "9999999999"]],
    ["git status 2147483647>/dev/null", ["git", "status"]],
  ])("%j runs %j", async (command, argv) => {
    expect((await analyze(command)).units[0]?.argv).toEqual(argv);
  });

  it("sources the file so named", async () => {
    const analysis = await analyze(". 2147483648</dev/null");
    expect(paths(analysis)).toContain("read:/repo/2147483648");
  });

  it("still reads a redirect's input as the command's stdin", async () => {
    const analysis = await analyze("bash 2147483648<x.sh");
    expect(mayRun(analysis, "bash 2147483648")).toBe(true);
  });
});
