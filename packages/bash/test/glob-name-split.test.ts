import { describe, expect, it } from "vitest";
import { globNameMayHold } from "../src/walk/expand.ts";
import { analyze, paths } from "./helpers.ts";

/**
 * Attack round B17, class ifs-splits-loop-glob-pattern-text: a loop variable a glob filled
 * holds file names, and bash splits its unquoted expansion where IFS characters stand in a
 * NAME. The walk split the pattern's own text (`.[[:lower:]]nv` at `:` gave `.[[`, `lower`,
 * `]]nv`), so `IFS=:; for f in .[[:lower:]]nv; do cat $f; done` lost the read of .env that
 * strace showed. A name is now kept whole when no name the pattern matches can hold a
 * separator, and unknown when the pattern's text holds one a name may hold too (`IFS=.; for f
 * in *.md; do cat $f; done` read /repo/README and /repo/md under bash 5.2).
 */
describe("a glob-made value splits where its names may hold IFS characters", () => {
  it.each([
    ["IFS=:; for f in .[[:lower:]]nv; do cat $f; done", "read:/repo/.[[:lower:]]nv"],
    ["IFS=:; for f in .e[[:alnum:]]v; do cat $f; done", "read:/repo/.e[[:alnum:]]v"],
    ["IFS=:; for f in .[[:lower:]]nv; do a=$f; cat $a; done", "read:/repo/.[[:lower:]]nv"],
  ])("%j reads the names of the glob, whole", async (command, glob) => {
    expect(paths(await analyze(command))).toEqual([glob]);
  });

  it.each([
    "IFS=.; for f in *.md; do cat $f; done",
    "IFS=x; for f in x*; do cat $f; done",
    // Round 2 (R17): a letter in IFS the pattern lacks splits an ordinary name (src).
    "IFS=c; for f in s*/a.ts; do cat $f; done",
    "IFS=c; for f in sr?/a.ts; do g=$f; tee $g; done",
    "IFS=c; for f in sr[[:lower:]]/a.ts; do cat $f; done",
    "IFS=x:; for f in .[[:lower:]]nv; do cat $f; done",
    "for f in s*/a.ts; do IFS=c; touch ${f}; done",
    "IFS=:; for f in .[[:punct:]]nv; do cat $f; done",
  ])("%j reads a path nobody knows", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.paths.some((path) => path.sentinel === "<computed-path>")).toBe(true);
  });

  it("keeps a name whole under the default IFS (blanks in names are assumed away)", async () => {
    expect(paths(await analyze("for f in *.md; do cat $f; done"))).toEqual(["read:/repo/*.md"]);
  });

  it("keeps a quoted loop variable whole", async () => {
    const analysis = await analyze('for f in *.md; do cat "$f"; done');
    expect(analysis.paths.some((path) => path.sentinel !== undefined)).toBe(false);
  });

  it.each([
    ["*.ts", " \t\n", true],
    ["*.ts", "/", false],
    [".[[:lower:]]nv", ":", false],
    [".[[:punct:]]nv", ":", true],
    [".[!a]nv", ":", true],
    [".[a-z]nv", ":", true],
    [".[ab:]nv", ":", true],
    [".[ab]nv", ":", false],
    ["a.md", ".", true],
    ["a\\:b", ":", true],
    ["@(x)", " ", true],
    ["README.md", " \t\n", false],
    [".[[:lower:]]nv", "c", true],
    ["sr[[:alpha:]]", "é", true],
    ["[[:digit:]]", "c", false],
    ["[[=c=]]", "c", true],
  ] as const)("globNameMayHold(%j, %j) is %s", (pattern, separators, expected) => {
    expect(globNameMayHold(pattern, separators)).toBe(expected);
  });
});
