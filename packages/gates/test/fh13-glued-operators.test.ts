// A program no table knows may hand a word to a shell or to perl's two-argument open, where a
// pipe glued to the word makes it a command (strace: a Perl script reading `'git push|'` with
// `while (<>)` ran git push). Each piece between shell operators is searched like a later word.

import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

const PERMISSIVE: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow", "git push *": "deny", "npm publish*": "deny" },
  external_directory: "ask",
};

async function decide(command: string) {
  const evaluation = evaluateToolCall(policyOf(PERMISSIVE), bash(command), await analyzerOnce());
  const deciding = evaluation.action === "allow" ? null : evaluation.deciding;
  return { action: evaluation.action, rule: deciding?.payload.request.matchedPattern ?? null };
}

describe("a shell operator glued to a later word of an unknown program", () => {
  it.each<[string, string, string | null]>([
    ["./tool.pl 'git push|'", "ask", "git push *"],
    ["mytool '|git push'", "ask", "git push *"],
    ["mytool 'npm publish|' out.txt", "ask", "npm publish*"],
  ])("%s", async (command, action, rule) => {
    expect(await decide(command)).toEqual({ action, rule });
  });

  it.each([
    // A piece that names nothing a rule refuses: the catch-all decides.
    "mytool 'a|b'",
    "mytool --filter 'push|pull' x",
    "mytool 'git status|' x",
  ])("%s stays allowed", async (command) => {
    expect((await decide(command)).action).toBe("allow");
  });
});
