import { describe, expect, it } from "vitest";
import { renderReviewLogFacts } from "../src/index.ts";
import { evidence, payload } from "./payloads.ts";

describe("renderReviewLogFacts", () => {
  it.each([
    { kind: "bash", facts: { surface: "bash", matchedPattern: "rm *" } },
    { kind: "mcp", facts: { surface: "mcp", matchedPattern: "github:*" } },
    { kind: "tool", facts: { surface: "write", matchedPattern: "write" } },
    { kind: "path", facts: { surface: "path", matchedPattern: "/etc/*" } },
    { kind: "external_directory", facts: { surface: "external_directory", matchedPattern: "*" } },
    {
      kind: "bash_external_directory",
      facts: { surface: "external_directory", matchedPattern: "*" },
    },
    { kind: "skill", facts: { surface: "skill", matchedPattern: "*" } },
    { kind: "skill_read", facts: { surface: "skill", matchedPattern: "*" } },
    {
      kind: "forwarded",
      facts: {
        surface: "bash",
        matchedPattern: "*",
        forwarded: true,
        requesterSessionId: "child-7",
      },
    },
  ] as const)("records only the request facts of a $kind ask", ({ kind, facts }) => {
    expect(renderReviewLogFacts(payload(kind))).toEqual(facts);
  });

  it("records every optional fact that has a value, in a fixed order", () => {
    const facts = renderReviewLogFacts(
      payload("bash", {
        request: {
          value: "sudo rm -rf /srv/app",
          matchedPattern: "<indirection-bash-wrapper>",
          executedUnit: "rm -rf /srv/app",
          commandContext: "command_substitution",
          invokedToolName: "exec_command",
          requester: { forwarded: true, sessionId: "child-1", agentName: "builder" },
        },
      }),
    );
    expect(Object.entries(facts)).toEqual([
      ["surface", "bash"],
      ["matchedPattern", "<indirection-bash-wrapper>"],
      ["executedUnit", "rm -rf /srv/app"],
      ["commandContext", "command_substitution"],
      ["invokedToolName", "exec_command"],
      ["forwarded", true],
      ["requesterSessionId", "child-1"],
    ]);
  });

  it("records the hook that decided as its id, name and source", () => {
    const hook = {
      id: "project:deploy",
      name: "Production deployment",
      source: "project" as const,
    };
    expect(
      renderReviewLogFacts(payload("bash", { request: { matchedPattern: "kubectl *", hook } })),
    ).toEqual({ surface: "bash", matchedPattern: "kubectl *", hook });
  });

  it("omits null facts rather than writing null", () => {
    expect(renderReviewLogFacts(payload("tool", { request: { matchedPattern: null } }))).toEqual({
      surface: "write",
    });
  });

  it("keeps this session's own id out: session provenance is only for forwarded requests", () => {
    const p = payload("bash", {
      request: { requester: { forwarded: false, sessionId: "self-1" } },
    });
    expect(renderReviewLogFacts(p)).toEqual({ surface: "bash", matchedPattern: "rm *" });
  });

  it("marks a forwarded request even when the requester's session is unknown", () => {
    const p = payload("forwarded", { request: { requester: { sessionId: null } } });
    expect(renderReviewLogFacts(p)).toEqual({
      surface: "bash",
      matchedPattern: "*",
      forwarded: true,
    });
  });

  it("writes no evidence and no annotation, however large", () => {
    const p = payload("bash", {
      evidence: [evidence("full command", "x".repeat(72_000))],
      annotations: [{ source: "judge", text: "looks destructive" }],
    });
    expect(renderReviewLogFacts(p)).toEqual({ surface: "bash", matchedPattern: "rm *" });
  });
});
