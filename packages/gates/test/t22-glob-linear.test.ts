import { type PermissionMap, WorkBudgetSpent, withWorkBudget } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { isGitMetadata } from "../src/git-metadata.ts";
import { analyzerOnce, bash, call, policyOf } from "./fixtures.ts";

// D21 class 0: a glob segment was read as git's files through a regular expression that turned
// each `*` into `.*`, so `echo x > .` + 34 stars + `x` backtracked for 7 s inside one
// `RegExp.test` (no budget can stop one) and was then allowed. A segment is now matched as a
// set of places, one name character at a time: the work is counted and grows with the length.

/** Whether `work` finishes within `steps` counted steps (and no wall clock decides it). */
function within<T>(steps: number, work: () => T): { done: boolean; value?: T } {
  try {
    return { done: true, value: withWorkBudget(work, steps, Number.POSITIVE_INFINITY) };
  } catch (error) {
    if (error instanceof WorkBudgetSpent) return { done: false };
    throw error;
  }
}

describe("t22: a glob read as git's files is matched without backtracking", () => {
  it("answers a long run of stars within a counted, linear budget", () => {
    for (const stars of [34, 400, 4000]) {
      const glob = `/repo/.${"*".repeat(stars)}x`;
      // Read as regular expressions, 34 stars took seconds and 4000 would never end.
      const result = within(200_000, () => isGitMetadata(glob));
      expect(result).toEqual({ done: true, value: false });
    }
  });

  it("counts the work: a long segment of many pieces runs out of a small budget", () => {
    // A regular expression would answer this one at once, but spend nothing of the budget.
    const glob = `/repo/.${"a".repeat(20_000)}*`;
    expect(within(10_000, () => isGitMetadata(glob)).done).toBe(false);
  });

  it.each([
    [`/repo/.g${"*".repeat(60)}`, true],
    [`/repo/.${"*".repeat(60)}t`, true],
    [`/repo/.${"*".repeat(60)}g`, true],
    [`/repo/.${"*".repeat(60)}x/config`, false],
    [`/repo/.${"*?".repeat(30)}/config`, false],
    [`/repo/.${"*".repeat(30)}i${"*".repeat(30)}/config`, true],
    [`/repo/.g${"?".repeat(2)}/hooks/x`, true],
    [`/repo/.g${"?".repeat(3)}/hooks/x`, false],
    ["/repo/.git\\*", false],
    ["/repo/.gi\\?", false],
    ["/repo/.gi[t]config", true],
    ["/repo/.gi[!t]config", false],
    ["/repo/.gi[^t]", false],
    ["/repo/.gi[[:alpha:]]", true],
    ["/repo/.GIT*", true],
    ["/repo/.gi[]t]", true],
    ["/repo/.gi[!a-s]", true],
    ["/repo/.gi[!a-z]", false],
    ["/repo/.gi[r-u]config", true],
    ["/repo/.gi[[:digit:]]/hooks", true],
    ["/repo/.git[", false],
  ])("reads %s as git's files: %s", (glob, expected) => {
    expect(isGitMetadata(glob)).toBe(expected);
  });

  const ALLOW: PermissionMap = { "*": "allow", bash: { "*": "allow" } };

  it("judges the write of a 60-star glob in full and allows it (nothing of git's)", async () => {
    const command = `echo x > .${"*".repeat(60)}x`;
    expect(evaluateToolCall(policyOf(ALLOW), bash(command), await analyzerOnce()).action).toBe(
      "allow",
    );
    const write = call("write", { path: `.${"*".repeat(60)}x`, content: "x" });
    expect(evaluateToolCall(policyOf(ALLOW), write, await analyzerOnce()).action).toBe("allow");
  });

  it("asks about a 60-star glob that may name .gitconfig", async () => {
    const command = `echo x > .${"*".repeat(60)}g`;
    expect(evaluateToolCall(policyOf(ALLOW), bash(command), await analyzerOnce()).action).toBe(
      "ask",
    );
  });
});
