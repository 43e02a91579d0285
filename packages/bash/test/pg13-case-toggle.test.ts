// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze, paths, unparseable } from "./helpers.ts";

/**
 * Traced under bash 5.2 (f13 precision f13p-18, f13p-19): `${x~}` and `${x~~}` toggle the case
 * of a value and run nothing; tree-sitter-bash 0.25.1 cannot read them.
 */
describe("precision: the case-toggle expansions are read", () => {
  it.each(["echo ${x~~}", "x=ab; echo ${x~}", 'echo "${x~}" ${a[1]~~} ${1~}'])(
    "%s",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.status).toBe("ok");
      expect(analysis.units.every((unit) => unit.sentinel !== unparseable)).toBe(true);
    },
  );

  it("still runs a substitution in the pattern: ${x~~$(rm -rf a)}", async () => {
    const analysis = await analyze("echo ${x~~$(rm -rf a)}");
    expect(analysis.units.some((unit) => unit.executed?.join(" ") === "rm -rf a")).toBe(true);
  });

  it("keeps the value unknown: x=.ENV; cat ${x~~} reads .env", async () => {
    // A toggled value is not the written one: the path is computed.
    expect(paths(await analyze("x=.ENV; cat ${x~~}"))).toEqual(["read:?"]);
  });

  it("leaves what bash refuses unparseable: ${#x~}", async () => {
    const analysis = await analyze("echo ${#x~}");
    expect(analysis.status).not.toBe("ok");
  });
});
