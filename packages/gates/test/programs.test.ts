// Programs a policy declares reach the bash analysis: a wrapper's inner command, an executor's
// floor and a recursive program's operands are judged, and without the declaration they are not.

import type { PermissionMap, ProgramMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { type EvaluationPolicy, evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

const PROGRAMS: ProgramMap = {
  "with-retry": { kind: "wrapper", options: { short: "n:" } },
  mylang: { kind: "executor", options: { short: "e:" }, codeOptions: ["e"] },
  backup: { kind: "files", operands: "read", recursive: ["r"], options: { short: "r" } },
};

const PERMISSIVE: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow", "rm *": "deny" },
  path: { "**/.env": "deny" },
};
const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "with-retry *": "allow", "git *": "allow", "rm *": "deny" },
};

async function decide(permission: PermissionMap, command: string, programs?: ProgramMap) {
  const policy: EvaluationPolicy = { ...policyOf(permission), settings: { programs } };
  const evaluation = evaluateToolCall(policy, bash(command), await analyzerOnce());
  const deciding = evaluation.action === "allow" ? null : evaluation.deciding;
  return {
    action: evaluation.action,
    rule: deciding?.payload.request.matchedPattern ?? null,
  };
}

describe("declared programs in the gates", () => {
  it.each<[string, PermissionMap, string, { action: string; rule: string | null }]>([
    [
      "a wrapper's inner command meets the deny",
      PERMISSIVE,
      "with-retry -n 3 rm -rf build",
      { action: "deny", rule: "rm *" },
    ],
    [
      "an allowed wrapper runs what no rule names",
      CAUTIOUS,
      "with-retry git push",
      { action: "allow", rule: null },
    ],
    [
      "an allowed wrapper does not run what a rule denies",
      CAUTIOUS,
      "with-retry -n 2 rm -rf build",
      { action: "deny", rule: "rm *" },
    ],
    [
      "an option the wrapper does not declare asks",
      CAUTIOUS,
      "with-retry --forever git push",
      { action: "ask", rule: "<indirection-bash-wrapper>" },
    ],
    [
      "an executor running code is never plainly allowed",
      PERMISSIVE,
      "mylang -e 'print 1'",
      { action: "ask", rule: "<opaque-bash-wrapper>" },
    ],
    [
      "an executor running a script file is judged as written",
      PERMISSIVE,
      "mylang main.ml",
      {
        action: "allow",
        rule: null,
      },
    ],
    [
      "a recursive program's directory meets the deny of what may lie below",
      PERMISSIVE,
      "backup -r .",
      { action: "ask", rule: "**/.env" },
    ],
  ])("%s: %s", async (_note, permission, command, expected) => {
    expect(await decide(permission, command, PROGRAMS)).toEqual(expected);
  });

  it.each<[string, string]>([
    ["with-retry -n 3 rm -rf build", "deny"],
    ["mylang -e 'print 1'", "ask"],
    ["backup -r .", "ask"],
  ])("without the declaration %j is judged looser than %s", async (command, declared) => {
    const rank: Record<string, number> = { allow: 0, ask: 1, deny: 2 };
    const { action } = await decide(PERMISSIVE, command);
    expect(rank[action]).toBeLessThan(rank[declared] as number);
  });
});
