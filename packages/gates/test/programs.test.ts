// Programs a policy declares reach the bash analysis: a wrapper's inner command, an executor's
// floor and a recursive program's operands are judged, and without the declaration they are not.

import type { PermissionMap, ProgramMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { type EvaluationPolicy, evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, decideBash, policyOf } from "./fixtures.ts";

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
    expect(await decideBash(permission, command, PROGRAMS)).toEqual(expected);
  });

  it.each<[string, string]>([
    ["with-retry -n 3 rm -rf build", "deny"],
    ["mylang -e 'print 1'", "ask"],
    ["backup -r .", "ask"],
  ])("without the declaration %j is judged looser than %s", async (command, declared) => {
    const rank: Record<string, number> = { allow: 0, ask: 1, deny: 2 };
    const { action } = await decideBash(PERMISSIVE, command);
    expect(rank[action]).toBeLessThan(rank[declared] as number);
  });
});

// An untrusted project file's declarations are judged as a second reading: whatever they say,
// the verdict is never looser than without them (a wrapper's grammar replaces the search of an
// unknown program's later words, so the declared reading alone can be looser).
describe("declared programs of an untrusted project file", () => {
  const P3: PermissionMap = {
    "*": "allow",
    bash: { "*": "allow", "git push *": "deny", "npm publish*": "deny", "rm -rf /*": "deny" },
    path: { "**/.env": "deny" },
  };
  const DECLARED: ProgramMap = {
    eatmydata: { kind: "wrapper", positionals: 1 },
    gosu: { kind: "wrapper", positionals: 2 },
    retry: { kind: "wrapper", options: { short: "n:" }, query: ["n"] },
    chronic: { kind: "wrapper", unsafe: [], fileOptions: {} },
    lang: { kind: "executor", options: { short: "e:" }, codeOptions: ["e"] },
    pack: { kind: "files", operands: "write", options: { short: "o:" } },
    scan: { kind: "files", operands: "read", recursive: true },
  };
  const rank: Record<string, number> = { allow: 0, ask: 1, deny: 2 };

  async function judge(command: string, settings: EvaluationPolicy["settings"]) {
    const policy: EvaluationPolicy = { ...policyOf(P3), settings };
    return evaluateToolCall(policy, bash(command), await analyzerOnce()).action;
  }

  it.each([
    "eatmydata git push origin",
    "gosu root git push origin",
    "gosu root npm publish",
    "retry -n git push origin",
    "chronic git push origin",
    "lang x git push origin",
    "pack -o out git push origin",
    "scan git push origin",
    "eatmydata x rm -rf /",
    "scan .env",
    "pack .env",
  ])("%j is judged no looser than without the declarations", async (command) => {
    const without = await judge(command, {});
    const untrusted = await judge(command, { programs: DECLARED, trustedPrograms: null });
    expect(rank[untrusted]).toBeGreaterThanOrEqual(rank[without] as number);
  });

  it("would loosen a call if the declaration applied alone", async () => {
    expect([
      await judge("eatmydata git push origin", {}),
      await judge("eatmydata git push origin", { programs: DECLARED }),
      await judge("eatmydata git push origin", { programs: DECLARED, trustedPrograms: null }),
    ]).toEqual(["ask", "allow", "ask"]);
  });

  it("keeps the declaration's tightening", async () => {
    const programs: ProgramMap = { "with-retry": { kind: "wrapper", options: { short: "n:" } } };
    expect([
      await judge("with-retry -n 3 rm -rf /x", {}),
      await judge("with-retry -n 3 rm -rf /x", { programs, trustedPrograms: null }),
    ]).toEqual(["ask", "deny"]);
  });

  it("judges with the other files' declarations in the plain reading", async () => {
    const trusted: ProgramMap = { backup: { kind: "files", operands: "read", recursive: true } };
    expect(
      await judge("backup .", {
        programs: { ...trusted, eatmydata: { kind: "wrapper", positionals: 1 } },
        trustedPrograms: trusted,
      }),
    ).toBe("ask");
  });
});
