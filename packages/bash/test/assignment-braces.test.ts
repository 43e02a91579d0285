import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Bash brace-expands the words of a command, a declaration builtin's words among them, but
 * never the value of a `NAME=value` statement or prefix: `f={README.md,.env}` holds that text,
 * and `cat $f` opens the one file named `{README.md,.env}` (strace: a read of
 * /repo/{README.md,.env}, nothing else). The walk expanded the value's braces, so it judged
 * reads of README.md and .env (a needless deny under `**\/.env`) or, quoted, one made-up name.
 */
describe("an assignment's value is not brace-expanded", () => {
  it.each([
    ["f={README.md,.env}; cat $f", "read:/repo/{README.md,.env}"],
    ['f={README.md,.env}; cat "$f"', "read:/repo/{README.md,.env}"],
    ['g=x{,}/.env; cat "$g"', "read:/repo/x{,}/.env"],
    ["f={a,b}; g=$f{,.x}; cat $g", "read:/repo/{a,b}{,.x}"],
  ])("%j opens %s only", async (command, path) => {
    expect(paths(await analyze(command))).toEqual([path]);
  });

  it("still expands the braces of a command's own words", async () => {
    expect(paths(await analyze("cat {README.md,.env}"))).toEqual([
      "read:/repo/README.md",
      "read:/repo/.env",
    ]);
  });

  it("does not know a declaration builtin's braced value (it assigns each word in turn)", async () => {
    const analysis = await analyze("export f={README.md,.env}; cat $f");
    expect(analysis.paths.some((path) => path.path === null && path.sentinel !== undefined)).toBe(
      true,
    );
  });
});
