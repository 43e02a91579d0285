// The verdict record: each request carries exactly one determining source, the reason chosen
// once, typed hook errors and typed gate facts, and the verdict says which request decides.

import { mergeScopes, type PermissionMap, parsePolicyText } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import type { DeterminingSource } from "../src/index.ts";
import type { ToolCallFacts } from "../src/model.ts";
import type { RunnerPolicy } from "../src/runner.ts";
import { analyzerOnce, bash, call, policyOf } from "./fixtures.ts";

async function verdictOf(policy: RunnerPolicy, facts: ToolCallFacts) {
  return evaluateToolCall(policy, facts, await analyzerOnce());
}

/** A source in one line: its kind, the pattern or sentinel, and the rule's JSON path. */
function shown(source: DeterminingSource | undefined) {
  if (source === undefined) return null;
  switch (source.kind) {
    case "sentinel":
      return [source.kind, source.sentinel, source.floored?.origin.jsonPath ?? null];
    case "hook":
      return [source.kind, source.hook.id, source.rule?.origin.jsonPath ?? null];
    default:
      return [source.kind, source.rule?.pattern ?? null, source.rule?.origin.jsonPath ?? null];
  }
}

describe("each request names exactly one determining source", () => {
  it.each<[string, PermissionMap, ToolCallFacts, unknown[]]>([
    [
      "a rule of the judged surface",
      { "*": "allow", bash: { "rm *": "deny" } },
      bash("rm -rf build"),
      ["rule", "rm *", 'permission.bash["rm *"]'],
    ],
    [
      "the universal default when no rule of the surface matches",
      { "*": "ask", bash: { "git *": "allow" } },
      call("write", { path: "notes.md", content: "x" }),
      ["default", "*", 'permission["*"]'],
    ],
    [
      "the surface's own catch-all is a rule, not the default",
      { "*": "allow", bash: { "*": "ask" } },
      bash("make"),
      ["rule", "*", 'permission.bash["*"]'],
    ],
    [
      "a wrapper's sentinel, with the universal allow it floored (`sudo rm x` under allow)",
      { "*": "allow" },
      bash("sudo rm x"),
      ["sentinel", "<indirection-bash-wrapper>", 'permission["*"]'],
    ],
    [
      "a deny rule, not the wrapper's sentinel, when the rule denies the inner command",
      { "*": "allow", bash: { "rm *": "deny" } },
      bash("sudo rm x"),
      ["rule", "rm *", 'permission.bash["rm *"]'],
    ],
    [
      "an ask rule, not the sentinel, when the rule already asks",
      { "*": "allow", bash: { "*": "ask", "ls *": "allow" } },
      bash("sudo ls"),
      ["rule", "*", 'permission.bash["*"]'],
    ],
    [
      "the gate's own default when nothing runs",
      { "*": "deny" },
      bash("X=1"),
      ["default", null, null],
    ],
  ])("%s", async (_note, permission, facts, expected) => {
    const verdict = await verdictOf(policyOf(permission), facts);
    expect(shown(verdict.deciding?.source)).toEqual(expected);
  });

  it("a broken file's floor is its sentinel, flooring the allow as written", async () => {
    const scope = parsePolicyText(
      '{ "permission": { "bash": { "git *": "allow" } }, "yollo": 1 }',
      {
        scope: "project",
        file: "/repo/.pi/permissions.json",
      },
    );
    const rules = mergeScopes([scope]).policy.rules;
    const verdict = await verdictOf({ ...policyOf({}), rules }, bash("git status"));
    const source = verdict.deciding?.source;
    expect([verdict.action, shown(source)]).toEqual([
      "ask",
      ["sentinel", "<broken-policy-file>", 'permission.bash["git *"]'],
    ]);
    expect(source?.kind === "sentinel" && source.floored?.pattern).toBe("git *");
    expect(verdict.deciding?.reason).toMatch(
      /^the policy file \/repo\/\.pi\/permissions\.json is broken \(line 1, yollo: unknown key `yollo`\)/,
    );
  });

  it("the payload names the same pattern the source does", async () => {
    const verdict = await verdictOf(policyOf({ "*": "allow" }), bash("sudo rm x"));
    expect(verdict.deciding?.payload.request.matchedPattern).toBe("<indirection-bash-wrapper>");
  });
});

describe("the reason is chosen once, on the request", () => {
  it("a deny rule's reason", async () => {
    const verdict = await verdictOf(
      policyOf({ "*": "allow", bash: { "git push *": { action: "deny", reason: "use CI" } } }),
      bash("git push origin main"),
    );
    expect([verdict.action, verdict.deciding?.reason]).toEqual(["deny", "use CI"]);
  });

  it("no reason on an ask a rule decided", async () => {
    const verdict = await verdictOf(policyOf({ "*": "ask" }), bash("make"));
    expect([verdict.action, verdict.deciding?.reason]).toEqual(["ask", null]);
  });
});

describe("the deciding request", () => {
  it("is the first deny, whatever the order of asks before it", async () => {
    const verdict = await verdictOf(
      policyOf({ "*": "allow", external_directory: "ask", path: { "**/.ssh/**": "deny" } }),
      bash("cat ~/.ssh/id_rsa"),
    );
    expect([verdict.action, verdict.requests.map((r) => r.gate), verdict.deciding?.gate]).toEqual([
      "deny",
      ["path", "external_directory", "bash"],
      "path",
    ]);
  });

  it("is the call's own gate for an allow", async () => {
    const verdict = await verdictOf(policyOf({ "*": "allow" }), call("read", { path: "a.txt" }));
    expect([verdict.action, verdict.deciding?.gate, verdict.deciding?.surface]).toEqual([
      "allow",
      "tool",
      "read",
    ]);
  });
});

describe("each request carries its gate's typed facts", () => {
  it.each<[string, ToolCallFacts, unknown]>([
    ["bash", bash("ls"), { kind: "bash", command: "ls", parseStatus: "ok" }],
    ["a file tool", call("read", { path: "a.txt" }), { kind: "tool_path", path: "/repo/a.txt" }],
    [
      "an MCP call",
      call("mcp", { server: "github", tool: "list" }),
      { kind: "mcp", target: "github:list", input: { server: "github", tool: "list" } },
    ],
    [
      "a tool the host does not have",
      call("exec", { x: 1 }, { knownTools: ["read", "bash"] }),
      { kind: "unregistered_tool", input: { x: 1 }, knownTools: ["read", "bash"] },
    ],
  ])("%s", async (_note, facts, expected) => {
    const verdict = await verdictOf(policyOf({ "*": "allow" }), facts);
    expect(verdict.deciding?.facts).toEqual(expected);
  });

  it("a failing hook's error is typed and stays with the request it judged", async () => {
    const ref = { id: "package:guard:h", name: "Guard", source: "package:guard" as const };
    const verdict = await verdictOf(
      {
        ...policyOf({ "*": "allow", bash: { "rm *": "deny" } }),
        hooks: [
          {
            ref,
            kind: "check",
            check: () => {
              throw new Error("boom");
            },
          },
        ],
      },
      bash("rm -rf build"),
    );
    expect([shown(verdict.deciding?.source), verdict.deciding?.hookErrors]).toEqual([
      ["rule", "rm *", 'permission.bash["rm *"]'],
      [{ hook: ref, error: "threw: boom" }],
    ]);
  });
});
