// R44 git-trace-stdout: git writes its trace (its own command line included) to a descriptor
// named by GIT_TRACE*: into a substitution whose output the analysis trusts as one object id
// (`export GIT_TRACE=/dev/stdout; cat -- $(git rev-list -1 HEAD .env)` read .env, traced).
import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

function floored(analysis: BashAnalysis): boolean {
  return analysis.units.some((unit) => unit.sentinel !== null);
}

describe("a git trace sent to a descriptor", () => {
  it.each([
    "export GIT_TRACE=/dev/stdout; cat -- $(git rev-list -1 HEAD .env)",
    "export GIT_TRACE_PERFORMANCE=/dev/stdout; cat $(git merge-base HEAD HEAD)",
    "declare -x GIT_TRACE=/dev/fd/1; cat $(git rev-list -1 .env.local)",
    "export GIT_TRACE_SETUP=/proc/self/fd/1; cat $(git rev-parse HEAD)",
    "GIT_TRACE2=5 git status",
    'export GIT_TRACE="$T"; git status',
  ])("%s is code-like", async (command) => {
    expect(floored(await analyze(command))).toBe(true);
  });

  it.each([
    "GIT_TRACE=1 git status",
    "GIT_TRACE=true git log -1",
    "GIT_TRACE=0 git status",
    "cat $(git rev-list -1 HEAD)",
  ])("%s stays proven", async (command) => {
    expect(floored(await analyze(command))).toBe(false);
  });
});
