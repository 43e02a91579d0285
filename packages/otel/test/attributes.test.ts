import { describe, expect, it } from "vitest";
import { DECISION_EVENT_NAME, decisionRecord } from "../src/index.ts";
import { policyDeny, uiPrompt } from "./fixtures.ts";

const OFF = { sessionId: "sess-1", exportValues: false, fieldMaxWidth: 1000 };
// A scrubber in the shape the review log's command-secret search has.
const scrubToken = (text: string) =>
  text.includes("ghp_secret123")
    ? { text: text.replace("ghp_secret123", "[masked]"), masked: ["GITHUB_TOKEN"] }
    : { text, masked: [] };

describe("decisionRecord", () => {
  it("names every fact of a decision and never the value judged", () => {
    expect(decisionRecord(policyDeny(), null, OFF)).toEqual({
      eventName: DECISION_EVENT_NAME,
      severityNumber: 13,
      severityText: "WARN",
      body: "permission deny: policy_deny on bash",
      attributes: {
        "session.id": "sess-1",
        "gen_ai.agent.name": "reviewer",
        "pi_permission.request.id": "perm-11111111-1111-4111-8111-111111111111",
        "pi_permission.surface": "bash",
        "pi_permission.result": "deny",
        "pi_permission.resolution": "policy_deny",
        "pi_permission.decided_by": "policy",
        "pi_permission.rule.pattern": "git push *",
        "pi_permission.rule.scope": "global",
        "pi_permission.call.result": "deny",
        "pi_permission.call.deciding_request.id": "perm-11111111-1111-4111-8111-111111111111",
        "pi_permission.prompted": false,
        "pi_permission.forwarded": false,
      },
    });
  });

  it("takes the tool's name from the ask and marks the request as prompted", () => {
    const event = policyDeny({ resolution: "user_denied", matchedPattern: "*", origin: null });
    const { attributes } = decisionRecord(event, uiPrompt(event.requestId, "bash"), OFF);
    expect(attributes["gen_ai.tool.name"]).toBe("bash");
    expect(attributes["pi_permission.prompted"]).toBe(true);
    expect(attributes["pi_permission.decided_by"]).toBe("user");
    expect(attributes).not.toHaveProperty("pi_permission.rule.scope");
  });

  it("carries forwarding, preemption and the hook that decided", () => {
    const event = policyDeny({
      resolution: "user_denied",
      forwarding: { requesterAgentName: "worker", requesterSessionId: "child-9" },
      preemptedBy: "perm-22222222-2222-4222-8222-222222222222",
      hook: { id: "user:no-push", name: "no push", source: "user" },
    });
    const { attributes } = decisionRecord(event, null, OFF);
    expect(attributes).toMatchObject({
      "pi_permission.forwarded": true,
      "pi_permission.forwarding.requester.agent.name": "worker",
      "pi_permission.forwarding.requester.session.id": "child-9",
      "pi_permission.preempted_by": "perm-22222222-2222-4222-8222-222222222222",
      "pi_permission.hook.id": "user:no-push",
    });
  });

  it("is an ERROR record when the permission check itself failed, INFO for an allow", () => {
    expect(decisionRecord(policyDeny({ resolution: "gate_error" }), null, OFF).severityText).toBe(
      "ERROR",
    );
    const allow = policyDeny({
      result: "allow",
      resolution: "policy_allow",
      call: { result: "allow", decidingRequestId: "perm-11111111-1111-4111-8111-111111111111" },
    });
    expect(decisionRecord(allow, null, OFF)).toMatchObject({
      severityNumber: 9,
      severityText: "INFO",
      body: "permission allow: policy_allow on bash",
    });
  });

  it("exports the value only when opted in, with secrets hidden and the width capped", () => {
    const on = { ...OFF, exportValues: true, scrub: scrubToken };
    expect(decisionRecord(policyDeny(), null, on).attributes).toMatchObject({
      "pi_permission.value": "GITHUB_TOKEN=[masked] git push origin main",
      "pi_permission.masked": ["pi_permission.value"],
    });

    const narrow = decisionRecord(policyDeny(), null, { ...on, fieldMaxWidth: 20 }).attributes;
    expect(narrow["pi_permission.value"]).toBe("GITHUB_TOKEN=[maske…");
    expect(narrow["pi_permission.capped"]).toContain("pi_permission.value");
    expect(narrow["pi_permission.masked"]).toEqual(["pi_permission.value"]);
  });

  it("never runs the scrubber's masking over a record that carries no value", () => {
    const { attributes } = decisionRecord(policyDeny(), null, { ...OFF, scrub: scrubToken });
    expect(attributes).not.toHaveProperty("pi_permission.value");
    expect(attributes).not.toHaveProperty("pi_permission.masked");
  });
});
