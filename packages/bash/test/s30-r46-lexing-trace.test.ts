// R46, neighbours of the sed/awk and git trace fixes, each traced:
// - awk-lexing-drift: mawk takes `\f` and `\v` as blanks and `case` as a plain variable, so a
//   `/` after them divides; read as a regex, the next `;` split `print … > "/etc/x"`;
// - git-trace-spelling / -workspace-symlink: `GIT_TRACE=//dev/stdout`, `/dev/./stdout`, or a
//   project file that is a link to it sent git's trace into a trusted substitution.
import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { printsToFile } from "../src/walk/mentions.ts";
import { analyze } from "./helpers.ts";

function floored(analysis: BashAnalysis): boolean {
  return analysis.units.some((unit) => unit.sentinel !== null);
}

describe("awk lexing where awks may differ", () => {
  it.each([
    '{ print case / (/;x/) > "/etc/x" }',
    '{ print a\f/ (/;x/) > "/etc/x" }',
    '{ print a\v/ (/;x/) > "/etc/x" }',
  ])("%j may print to a file", (program) => {
    expect(printsToFile(program)).toBe(true);
  });

  it.each(['{ print $1 / 2; x = "a" }', "{ n = a / b; print n }"])(
    "%j prints to no file",
    (program) => {
      expect(printsToFile(program)).toBe(false);
    },
  );
});

describe("a git trace to any path", () => {
  it.each([
    "export GIT_TRACE=//dev/stdout; cat -- $(git rev-list -1 HEAD .env)",
    "export GIT_TRACE=/dev/./stdout; cat $(git rev-list -1 HEAD)",
    "export GIT_TRACE=/repo/t; cat -- $(git rev-list -1 HEAD .env)",
    "GIT_TRACE=/tmp/trace.log git status",
  ])("%s is code-like", async (command) => {
    expect(floored(await analyze(command))).toBe(true);
  });

  it.each(["GIT_TRACE=2 git status", "GIT_TRACE=TRUE git status", "GIT_TRACE= git status"])(
    "%s stays proven",
    async (command) => {
      expect(floored(await analyze(command))).toBe(false);
    },
  );
});
