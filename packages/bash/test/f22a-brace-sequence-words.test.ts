import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Needless asks of session 21 (needless.md item 1): a sequence expression (`{1..3}`, `{a..c}`)
 * was read as a value only known at run time, so `for i in {1..3}; do echo $i; done` asked
 * (echo of an unknown unquoted `$i` may list any folder). The grammar gives it a node of its
 * own (brace_expression), which the word reading took for an expansion; bash expands it as
 * text, first, as it does `{a,b}` (traced under bash 5.2: echo printed 1, 2, 3; `cat
 * .e{n..n}v` read /repo/.env).
 */

describe("precision: a sequence expression is brace expansion of its text", () => {
  it("for i in {1..3}: three rounds, nothing computed", async () => {
    const analysis = await analyze("for i in {1..3}; do echo $i; done");
    expect(analysis.units.map((unit) => unit.executed?.join(" "))).toEqual([
      "echo 1",
      "echo 2",
      "echo 3",
    ]);
    expect(analysis.paths).toEqual([]);
  });

  it.each([
    ["for i in {a..c}; do cat f$i; done", ["read:/repo/fa", "read:/repo/fb", "read:/repo/fc"]],
    ["for i in x{1..2}; do cat $i; done", ["read:/repo/x1", "read:/repo/x2"]],
    ["for i in {1..2}; do cat $i; done", ["read:/repo/1", "read:/repo/2"]],
  ])("%j reads each word of the list", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});

describe("soundness: what a sequence spells is judged", () => {
  it.each([
    ["cat .e{n..n}v", "read:/repo/.env"],
    ["cat /home/user/.ssh/id_rs{a..a}", "read:/home/user/.ssh/id_rsa"],
    ["rm -rf /x{1..2}", "write:/x2"],
  ])("%j touches %s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it("a sequence too long to follow stays unknown", async () => {
    const analysis = await analyze("for i in {1..100000}; do echo $i; done");
    expect(analysis.paths.some((path) => path.path === null)).toBe(true);
  });
});
