// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Every letter of wc is a flag: `wc -c 1` reads the file `1` (fuzz seed 15003, traced under
 * bash 5.2: wc opened /repo/1), where the readers' shared table took `1` for the count
 * `head -c 1` takes.
 */
describe("wc's operands after a flag", () => {
  it.each([
    ["wc -c 1", ["read:/repo/1"]],
    ["x=1; wc -c ${x:-README.md}", ["read:/repo/1"]],
    ["wc -l 10 src/a.ts", ["read:/repo/10", "read:/repo/src/a.ts"]],
    ["wc --files0-from=l", ["read:/repo/l", "read:?"]],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});
