// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/** The paths of an analysis as `access:path`, a glob as `access:glob:pattern`. */
function paths(analysis: BashAnalysis): string[] {
  return analysis.paths.map(
    (path) => `${path.access}:${path.glob == null ? (path.path ?? "?") : `glob:${path.glob}`}`,
  );
}

/**
 * Traced under bash 5.2 (round 11a K-a11, a11a-o7-*, a11a-o8-*): quoting or expanding the
 * members of a bracket only makes them literal members; the bracket stays a pattern, so
 * `cat .["e"]nv` reads `.env`.
 */
describe("adversarial: a bracket whose members are quoted or expanded is still a glob", () => {
  it.each([
    ["double-quoted member", 'cat .["e"]nv', "read:glob:/repo/.[e]nv"],
    ["single-quoted member", "cat .['e']nv", "read:glob:/repo/.[e]nv"],
    ["ANSI-C member", "cat .[$'e']nv", "read:glob:/repo/.[e]nv"],
    ["a variable member", "x=e; cat .[$x]nv", "read:glob:/repo/.[e]nv"],
    ["brackets from variables", "x=[; y=]; cat .${x}e${y}nv", "read:glob:/repo/.[e]nv"],
    ["a quoted ] member", 'cat .[e"]"]nv', "read:glob:/repo/.[e\\]]nv"],
  ])("%s: %s", async (_note, command, path) => {
    expect(paths(await analyze(command))).toEqual([path]);
  });

  it.each([
    ["a quoted bracket", 'cat ".[e]nv"', "read:/repo/.[e]nv"],
    ["a bracket inside quotes around a variable", 'x=v; cat ".en[$x]"', "read:/repo/.en[v]"],
  ])("%s stays a name: %s", async (_note, command, path) => {
    expect(paths(await analyze(command))).toEqual([path]);
  });
});
