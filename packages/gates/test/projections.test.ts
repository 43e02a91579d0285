// Every projection of the verdict names the same determining source: the agent text, the
// review line and the decision event of the deciding request, and the verdict record the CLI
// prints (issue 14's disagreements are rows here).

import { mergeScopes, type PermissionMap, parsePolicyText } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { type RunnerPolicy, type ToolCallFacts, verdictRecord } from "../src/index.ts";
import { bash, call, policyOf, runOnce } from "./fixtures.ts";

const T = "[pi-permission-system]";

/** Run a call with nobody to ask, and read every projection of its deciding request. */
async function projections(policy: RunnerPolicy, facts: ToolCallFacts) {
  const { outcome, reporter } = await runOnce(policy, facts);
  const { verdict } = outcome;
  const record = verdictRecord(verdict, {
    tool: facts.toolName,
    fieldMaxWidth: policy.promptFieldMaxWidth,
    failClosed: false,
  });
  const id = outcome.requestIds[verdict.deciding ? verdict.requests.indexOf(verdict.deciding) : -1];
  const text = outcome.action === "block" ? outcome.reason : null;
  return {
    record,
    text,
    event: reporter.decisions.find((d) => d.requestId === id),
    lines: reporter.reviews.filter((r) => r.details.requestId === id).map((r) => r.details),
  };
}

const cautious: PermissionMap = {
  "*": "ask",
  read: "allow",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "rm *": "deny" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

describe("the projections of a verdict agree on what decided it", () => {
  it.each<[string, PermissionMap, ToolCallFacts]>([
    [
      "`sudo rm x` under a universal allow: the wrapper's sentinel",
      { "*": "allow" },
      bash("sudo rm x"),
    ],
    ["a deny rule", cautious, bash("git status && rm -rf build")],
    [
      "a deny rule with a reason",
      { "*": "allow", bash: { "git push *": { action: "deny", reason: "use CI" } } },
      bash("git push origin main"),
    ],
    ["a path deny on a file tool", cautious, call("read", { path: ".env" })],
    ["a path deny preempting an external-directory ask", cautious, bash("cat ~/.ssh/id_rsa")],
    ["the universal default's ask", cautious, call("write", { path: "a.txt", content: "" })],
    ["a bash catch-all ask", cautious, bash("make")],
    [
      "a certain ask before a glob's ask: the runner refuses in the verdict's words",
      cautious,
      bash("wc -l .en?"),
    ],
    ["an external path's ask", cautious, bash("git diff /etc/hosts")],
    ["an allow", cautious, bash("git status")],
    ["an unparseable command", { "*": "allow" }, bash("echo 'unterminated")],
    [
      "an MCP target",
      { "*": "ask", mcp: { "github:*": "allow" } },
      call("mcp", { server: "x", tool: "y" }),
    ],
    ["a tool the host does not have", { "*": "allow" }, call("exec", {}, { knownTools: ["bash"] })],
  ])("%s", async (_note, permission, facts) => {
    const { record, text, event, lines } = await projections(policyOf(permission), facts);
    // The agent text is the record's, and names the record's pattern (when it names one).
    expect(text).toBe(record.agentText);
    const named = /\(rule '([^']*)'/.exec(text ?? "")?.[1] ?? null;
    if (record.decision !== "allow" && record.surface !== "exec") {
      expect(named).toBe(record.matchedPattern);
    }
    // The deciding request's decision event names the same pattern and the same rule scope.
    expect([event?.matchedPattern, event?.origin]).toEqual([
      record.matchedPattern,
      record.origin?.scope ?? null,
    ]);
    // Every review line of the deciding request names the same pattern and rule.
    for (const line of lines) {
      expect([line.matchedPattern ?? null, line.origin]).toEqual([
        record.matchedPattern,
        record.origin,
      ]);
    }
  });
});

describe("issue 14's disagreements", () => {
  it("`sudo rm x` under `{ '*': 'allow' }`: the sentinel decides, no rule is blamed", async () => {
    const { record, event, lines } = await projections(
      policyOf({ "*": "allow" }),
      bash("sudo rm x"),
    );
    expect({
      source: record.source,
      matchedPattern: record.matchedPattern,
      origin: record.origin,
      floored: record.flooredRule?.origin.jsonPath,
      event: [event?.matchedPattern, event?.origin],
      line: [lines[0]?.matchedPattern, lines[0]?.origin],
    }).toEqual({
      source: "sentinel",
      matchedPattern: "<indirection-bash-wrapper>",
      origin: null,
      floored: 'permission["*"]',
      event: ["<indirection-bash-wrapper>", null],
      line: ["<indirection-bash-wrapper>", null],
    });
  });

  it("a broken file's ask names the broken file, never the allow it floors", async () => {
    const scope = parsePolicyText(
      '{ "permission": { "*": "allow", "bash": { "git *": "allow" } }, "yollo": true }',
      { scope: "project", file: "/repo/.pi/permissions.json" },
    );
    const broken: RunnerPolicy = { ...policyOf({}), rules: mergeScopes([scope]).policy.rules };
    const { record, text, event, lines } = await projections(broken, bash("git status"));
    expect({
      source: record.source,
      origin: record.origin,
      floored: record.flooredRule?.pattern,
      event: event?.origin,
      line: lines.map((l) => l.origin),
    }).toEqual({
      source: "sentinel",
      origin: null,
      floored: "git *",
      event: null,
      line: [null],
    });
    // The CLI's agent text is the one the agent reads, broken-file reason included.
    expect(text).toBe(
      `${T} This 'bash' call (rule '<broken-policy-file>') requires approval, but no interactive UI is available. Reason: the policy file /repo/.pi/permissions.json is broken (line 1, yollo: unknown key \`yollo\`), so it asks here until it is fixed.`,
    );
  });

  it("a deny's review line carries the operator's reason", async () => {
    const { lines } = await projections(
      policyOf({ "*": "allow", bash: { "git push *": { action: "deny", reason: "use CI" } } }),
      bash("git push"),
    );
    expect(lines.map((l) => [l.resolution, l.reason])).toEqual([["policy_deny", "use CI"]]);
  });

  it("a preempted ask's review line names the request that refused the call", async () => {
    const { outcome, reporter } = await runOnce(policyOf(cautious), bash("cat ~/.ssh/id_rsa"));
    expect(
      reporter.reviews.map((r) => [r.event, r.details.requestId, r.details.preemptedBy]),
    ).toEqual([
      ["permission_request.blocked", outcome.requestIds[0], undefined],
      ["permission_request.preempted", outcome.requestIds[1], outcome.requestIds[0]],
    ]);
  });
});
