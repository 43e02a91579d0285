import type { PermissionDecisionEvent } from "@pi-permission/payload";
import { describe, expect, it } from "vitest";
import { refuseOnGateError } from "../src/gate-error.ts";

function sinks() {
  const reviews: Array<{ event: string; details: Record<string, unknown> }> = [];
  const decisions: PermissionDecisionEvent[] = [];
  return {
    reviews,
    decisions,
    review: (event: string, details: Record<string, unknown>) => reviews.push({ event, details }),
    decision: (event: PermissionDecisionEvent) => decisions.push(event),
  };
}

describe("a failed permission check", () => {
  it("records typed /skill: input as skill_input, with one id on its line and its event", () => {
    const recorded = sinks();
    const text = refuseOnGateError(
      recorded,
      { toolName: "skill", toolCallId: null, source: "skill_input" },
      new Error("policy unreadable"),
      () => "perm-1",
    );
    expect(text).toBe(
      "[pi-permission-system] The permission check failed, so this 'skill' call was blocked (fail-closed): policy unreadable",
    );
    expect(recorded.reviews).toEqual([
      {
        event: "permission_request.blocked",
        details: {
          requestId: "perm-1",
          source: "skill_input",
          toolCallId: null,
          toolName: "skill",
          resolution: "gate_error",
          error: "policy unreadable",
        },
      },
    ]);
    expect(recorded.decisions).toEqual([
      {
        requestId: "perm-1",
        surface: "skill",
        value: "skill",
        result: "deny",
        resolution: "gate_error",
        origin: null,
        agentName: null,
        matchedPattern: null,
        forwarding: null,
        hook: null,
        preemptedBy: null,
        call: { result: "deny", decidingRequestId: "perm-1" },
      },
    ]);
  });

  it("still refuses, and still publishes, when the review log cannot be written", () => {
    const recorded = sinks();
    const text = refuseOnGateError(
      {
        review: () => {
          throw new Error("disk full");
        },
        decision: recorded.decision,
      },
      { toolName: "bash", toolCallId: "call_1", source: "tool_call" },
      "not an Error",
    );
    expect(text).toBe(
      "[pi-permission-system] The permission check failed, so this 'bash' call was blocked (fail-closed): not an Error",
    );
    expect(recorded.decisions.map((d) => [d.resolution, d.requestId.startsWith("perm-")])).toEqual([
      ["gate_error", true],
    ]);
  });
});
