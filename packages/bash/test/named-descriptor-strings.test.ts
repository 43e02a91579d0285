import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze, mayRun } from "./helpers.ts";

/**
 * Round 2 (R17), the here-string form of {fd}: `{fd}<<<x` opens the here-string on a new
 * descriptor bash puts in fd. tree-sitter-bash has no such redirect and left `{fd}` as an
 * argument, so `npm {fd}<<<x publish` was judged as `npm {fd} publish` (traced: npm publish
 * ran) and `bash {fd}<<<'' -c CMD` lost its -c. The text is not on stdin either.
 */
describe("a named descriptor against a here-string", () => {
  it.each([
    ["npm {fd}<<<x publish", "npm publish"],
    ["sh {fd}<<<x -c 'npm publish'", "npm publish"],
    ["bash {fd}<<<'' -c 'git push origin main'", "git push origin main"],
  ])("%j runs %s", async (command, words) => {
    expect(mayRun(await analyze(command), words)).toBe(true);
  });

  it("does not feed the here-string to stdin", async () => {
    const analysis = await analyze("bash {fd}<<<'echo hi'");
    expect(analysis.units.some((unit) => unit.argv.join(" ") === "echo hi")).toBe(false);
    expect(analysis.units.map((unit) => unit.sentinel)).toContain(SENTINELS.opaqueWrapper);
  });

  it("keeps a word that only looks like one apart", async () => {
    const analysis = await analyze("echo {fd} <<<x");
    expect(analysis.units[0]?.argv).toEqual(["echo", "{fd}"]);
  });
});
