// Under a broken policy file, an ask the broken file decided names the file and where it is
// broken, never the allow rule it was written as (docs/configuration.md, "Fail closed").

import { mergeScopes, parsePolicyText } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import type { RunnerPolicy } from "../src/runner.ts";
import { bash, human, runOnce } from "./fixtures.ts";

function brokenPolicy(text: string): RunnerPolicy {
  const scope = parsePolicyText(text, { scope: "project", file: "/repo/.pi/permissions.json" });
  const { policy } = mergeScopes([scope]);
  return { rules: policy.rules, yolo: policy.settings.yolo, promptFieldMaxWidth: 400 };
}

const TEXT =
  '{\n  "permission": { "bash": { "git *": "allow", "rm *": "deny" } },\n  "yollo": true\n}';

describe("a broken policy file's ask in the agent text", () => {
  it("without a UI: names the broken file and its first error, not the allow rule", async () => {
    const { outcome } = await runOnce(brokenPolicy(TEXT), bash("git status"));
    expect(outcome.action === "block" && outcome.reason).toBe(
      "[pi-permission-system] This 'bash' call (rule '<broken-policy-file>') requires approval, but no interactive UI is available. Reason: the policy file /repo/.pi/permissions.json is broken (line 3, yollo: unknown key `yollo`), so it asks here until it is fixed.",
    );
  });

  it("a human's denial keeps their reason and adds where the file is broken", async () => {
    const { outcome } = await runOnce(
      brokenPolicy(TEXT),
      bash("git status"),
      human({ kind: "denied", reason: "not now" }),
    );
    expect(outcome.action === "block" && outcome.reason).toBe(
      "[pi-permission-system] The user denied this 'bash' call (rule '<broken-policy-file>'). Reason: not now; the policy file /repo/.pi/permissions.json is broken (line 3, yollo: unknown key `yollo`), so it asks here until it is fixed.",
    );
  });

  it("the file's valid deny still denies with its own rule", async () => {
    const { outcome } = await runOnce(brokenPolicy(TEXT), bash("rm -rf build"));
    expect(outcome.action === "block" && outcome.reason).toBe(
      "[pi-permission-system] Denied by policy: 'bash' (rule 'rm *').",
    );
  });
});
