// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze, globPaths as paths } from "./helpers.ts";

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

/**
 * Traced under bash 5.2 (round 11a K-a5, a11a-o2-2, a11a-o2-13, a11a-o7-0, a11a-o23-5):
 * tree-sitter-bash ends a word at a `[` followed by a backslash, where bash reads one word
 * whose bracket holds an escaped member.
 */
describe("adversarial: a bracket with a backslash-escaped member is one glob word", () => {
  it.each([
    ["an escaped member", "cat .[\\e]nv", ["read:glob:/repo/.[\\e]nv"]],
    ["an escaped ]", "cat .[\\]e]nv", ["read:glob:/repo/.[\\]e]nv"]],
    ["escaped range ends", "cat .[\\d-\\f]nv", ["read:glob:/repo/.[\\d-\\f]nv"]],
    ["a redirect target", "echo x > .e[\\n]v", ["write:glob:/repo/.e[\\n]v"]],
  ])("%s: %s", async (_note, command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});
