import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 (A14 class brace-expansion-word-closed-by-later-brace): `{` is the
 * group keyword only as a word of its own. Glued to what follows (`{git,push}`) it starts a
 * word that brace expansion turns into `git push`, and bash runs that line before it fails on
 * a lone `}` further down. tree-sitter-bash 0.25.1 paired the `{` with that `}` and read a
 * group around a command named `git,push}`.
 */
function executed(analysis: Awaited<ReturnType<typeof analyze>>): string[] {
  return analysis.units.map((unit) => unit.executed?.join(" ") ?? "?");
}

describe("soundness: a `{` glued to a word is no group opener", () => {
  it.each([
    "{git,push}\n}",
    "{git,push}\n\n\n}",
    "{git,push}\n  }",
    "{git,push};\n}",
    "{git,push}&\n}",
    "{git,push} 2>/dev/null\n}",
    "{git,push} | cat\n}",
    "{git,push} # }\n}",
    "true; {git,push}\n}",
    "true && {git,push}\n}",
    "[[ -n x ]] && {git,push}\n}",
    "((1))\n{git,push}\n}",
    "x=1\n{git,push}\n}",
    "time {git,push}\n}",
    "coproc {git,push}\n}",
    "! {git,push}\n}",
    "{ {git,push}\n}",
    "(\n{git,push}\n)",
    "{'git',push}\n}",
    '{"git",push}\n}',
    "true; {git,push} }",
    "echo }\n{git,push}",
  ])("%j runs git push", async (command) => {
    const units = executed(await analyze(command));
    expect(units.some((words) => /^git push\b/.test(words))).toBe(true);
  });

  it("reads every glued word before a lone `}`: {a,b}⏎{c,d}⏎}", async () => {
    const analysis = await analyze("{a,b}\n{c,d}\n}");
    expect(executed(analysis)).toEqual(["a b", "c d", "}"]);
  });

  it("judges the files of the expanded words: {cat,.env} > /dev/null⏎}", async () => {
    expect(paths(await analyze("{cat,.env} > /dev/null\n}"))).toContain("read:/repo/.env");
    expect(paths(await analyze("{cat,.env}; { echo; }"))).toContain("read:/repo/.env");
  });

  it("keeps a word that is no assignment: {a=1}⏎}", async () => {
    // `{a` is no name: bash runs a command named `{a=1}`, not an assignment.
    expect(executed(await analyze("{a=1}\n}"))).toEqual(["{a=1}", "}"]);
  });
});

describe("precision: a `{` that is a word of its own still opens a group", () => {
  it.each([
    ["{ git status; }", ["git status"]],
    ["{\ngit status\n}", ["git status"]],
    ["{(git status); }", ["git status"]],
    ["{ echo a; echo b}\n}", ["echo a", "echo b}"]],
  ])("%j", async (command, expected) => {
    const analysis = await analyze(command);
    expect(analysis.status).toBe("ok");
    expect(executed(analysis)).toEqual(expected);
  });
});
