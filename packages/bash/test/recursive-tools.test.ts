import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { GIT_RECURSIVE } from "../src/programs/git.ts";
import { FILE_COMMANDS } from "../src/programs/paths.ts";
import { analyze } from "./helpers.ts";

/** The directories a command covers below, as the analyzer reports them (`/repo/src/**`). */
function coveredBelow(analysis: BashAnalysis): string[] {
  return analysis.paths.flatMap((path) =>
    path.path === null && path.glob?.endsWith("/**") ? [path.glob] : [],
  );
}

const tables = [
  ...FILE_COMMANDS.flatMap((command) =>
    command.below ? [{ name: command.names[0] as string, ...command.below }] : [],
  ),
  ...GIT_RECURSIVE.map((entry) => ({ name: `git ${entry.subcommand}`, ...entry })),
];
const matches = tables.flatMap((t) => t.match.map((command) => [t.name, command] as const));
const notMatches = tables.flatMap((t) => t.notMatch.map((command) => [t.name, command] as const));

describe("the recursive tools prove their own examples", () => {
  it("gives every tool that can recurse its examples, at least one that recurses", () => {
    const unproven = FILE_COMMANDS.filter(
      (command) => command.recursive !== undefined && command.below === undefined,
    ).map((command) => command.names[0]);
    const empty = tables.filter((t) => t.match.length === 0).map((t) => t.name);
    expect({ unproven, empty }).toEqual({ unproven: [], empty: [] });
  });

  it.each(matches)("%s: %j covers everything below a directory", async (_name, command) => {
    expect(coveredBelow(await analyze(command)).length).toBeGreaterThan(0);
  });

  it.each(notMatches)("%s: %j covers nothing below", async (_name, command) => {
    expect(coveredBelow(await analyze(command))).toEqual([]);
  });
});

describe("the file tables' flag letters never hide a file operand", () => {
  const examples = FILE_COMMANDS.flatMap((command) =>
    (command.flagExamples ?? []).map((example) => [command.names[0] as string, example] as const),
  );

  it("has examples", () => {
    expect(examples.length).toBeGreaterThan(10);
  });

  // The last word is a file (a directory for ls); with the flag read as taking a value, it
  // would be that option's value and touched by nobody.
  it.each(examples)("%s: %j touches its last operand", async (_name, command) => {
    const words = command.split(" ");
    const last = words[words.length - 1] as string;
    const analysis = await analyze(command);
    // mktemp's template is judged with its X's as the characters it picks (S31
    // mktemp-folder-choice): `/tmp/x.XXXX` is the glob `/tmp/x.????`.
    const raws = analysis.paths.map((path) =>
      path.glob === null || path.glob === undefined ? path.raw : path.raw.replace(/\?/g, "X"),
    );
    expect(raws).toContain(last);
  });
});
