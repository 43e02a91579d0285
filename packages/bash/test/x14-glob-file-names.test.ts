import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/sentinels.ts";
import { analyze, paths } from "./helpers.ts";

/**
 * Attack round G14, classes glob-expands-to-option-word, for-glob-variable-unquoted-split-as-
 * pattern and glob-valued-IFS-read-as-pattern-text: a glob becomes the names of files, and a
 * name the same string created may be any text. Oracle: `echo > ./--output=.env; git log *`
 * runs `git log --output=.env …` (writes .env); `echo > 'x .env'; for f in x*; do cat $f;
 * done` runs `cat x .env`; `for IFS in [4-6]` splits on `5`.
 */
const floored = async (command: string) =>
  (await analyze(command)).units.some((unit) => unit.sentinel !== null);

describe("a glob that may name a file starting with -", () => {
  it.each([
    "echo > ./--output=.env; git log *",
    "echo > ./--output=.env; git log -1 --out*",
    "echo > ./-f.env; grep x *",
    "cp README.md ./-f.env; grep x [-.]*",
    "mkdir d; grep x ?*",
    'echo > ./--output=.env; for f in *; do git log "$f"; done',
    "echo > ./--output=.env; for f in ./--o*; do git log ${f#./}; done",
    'echo > ./--output=.env; for f in ./--o*; do git log "${f:2}"; done',
    "echo > ./--output=.env; for f in ./--o*; do g=${f#./}; git log $g; done",
    'echo > ./--output=.env; a=(--o*); git log "${a[@]}"',
    "echo > ./--output=.env; git log $(echo --o*)",
    "touch -- '--upload-pack=x;:'; set -- --u*; git fetch \"$@\" origin",
    "echo > ./--output=.env && env git log *",
    // Run again after the write: a function's later call, a loop's next round.
    "f() { git log *; }; echo > ./--output=.env; f",
    "for i in 1 2; do git log *; echo > ./--output=.env; done",
    // A substitution among its words runs before bash globs them.
    "git log * $(touch ./--output=.env)",
  ])("%j is floored", async (command) => {
    const analysis = await analyze(command);
    // git fetch's words may also be `--upload-pack`: git's own reading floors the unit with
    // the stronger opaque sentinel (a computed word among git's arguments may be any option).
    const expected = command.includes("git fetch")
      ? SENTINELS.opaqueWrapper
      : SENTINELS.computedWord;
    expect(analysis.units.map((unit) => unit.sentinel)).toContain(expected);
  });

  it.each([
    // Nothing written before: a file already there is this rule's known limit (README).
    "git log *",
    "cat *.md",
    'for f in src/*.ts; do cat "$f"; done',
    // The glob cannot start with `-`, or options have ended.
    "echo hi > out.txt; cat ./*.md",
    "echo hi > out.txt; cat README*",
    "echo hi > out.txt; cat -- *.md",
    'echo hi > out.txt; for f in ./*.md; do cat "$f"; done',
    // Nothing created in the folder the glob reads.
    "echo hi > src/out.txt; cat *.md",
    "ls 2>/dev/null; cat *.md",
  ])("%j is not floored", async (command) => {
    expect(await floored(command)).toBe(false);
  });
});

describe("an unquoted expansion of a glob-made value", () => {
  it.each([
    "echo > 'x .env'; for f in x*; do cat $f; done",
    "echo > 'x .env'; for f in x*; do cat ${f}; done",
    "echo > 'x .env'; for f in x*; do g=$f; cat $g; done",
    "echo > 'x~.env'; for f in x*; do IFS='~'; cat $f; done",
  ])("%j names a computed path", async (command) => {
    expect(paths(await analyze(command)).some((p) => p.endsWith(":?"))).toBe(true);
  });

  it("is a plain glob when nothing was written before", async () => {
    expect(paths(await analyze("for f in *.md; do cat $f; done"))).toEqual(["read:/repo/*.md"]);
  });
});

describe("IFS holding a file name", () => {
  it.each([
    "for IFS in [4-6]; do y=.env5README.md; cat $y; done",
    "for x in [4-6]; do IFS=$x; y=.env5README.md; cat $y; done",
  ])("%j splits at unknown places", async (command) => {
    const found = paths(await analyze(command));
    expect(found).not.toContain("read:/repo/.env5README.md");
    expect(found.some((p) => p.endsWith(":?"))).toBe(true);
  });
});
