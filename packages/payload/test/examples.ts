// One valid example of every published shape, shared by the guard, schema and parity tests.
import type {
  PermissionDecisionEvent,
  PermissionsReadyEvent,
  PermissionsStateEntry,
  PermissionUiPromptEvent,
  PromptPayload,
} from "../src/index.ts";

export const bashPayload: PromptPayload = {
  kind: "bash",
  request: {
    requester: { agentName: "builder", forwarded: false, sessionId: null },
    surface: "bash",
    toolName: "bash",
    invokedToolName: null,
    value: "rm -rf build",
    matchedPattern: "rm *",
    commandContext: null,
    executedUnit: null,
  },
  evidence: [{ label: "full command", text: "cd app && rm -rf build", detail: null }],
  annotations: [{ source: "judge", text: "deletes the build output" }],
};

export const denyEvent: PermissionDecisionEvent = {
  requestId: "perm-0d29880d-a1ec-4e44-a356-6da665db3cef",
  surface: "bash",
  value: "rm -rf build",
  result: "deny",
  resolution: "policy_deny",
  origin: "project",
  agentName: null,
  matchedPattern: "rm *",
  forwarding: null,
};

/** A read the policy allows, in a call a path deny refused: preempted, never an allow. */
export const preemptedEvent: PermissionDecisionEvent = {
  requestId: "perm-5a7c1f00-0000-4000-8000-000000000002",
  surface: "read",
  value: "/repo/.env",
  result: "deny",
  resolution: "policy_deny",
  origin: "global",
  agentName: null,
  matchedPattern: "*",
  forwarding: null,
  hook: null,
  preemptedBy: "perm-5a7c1f00-0000-4000-8000-000000000001",
  call: { result: "deny", decidingRequestId: "perm-5a7c1f00-0000-4000-8000-000000000001" },
};

export const forwardedAllowEvent: PermissionDecisionEvent = {
  requestId: "perm-5a7c1f00-0000-4000-8000-000000000001",
  surface: "read",
  value: "/repo/README.md",
  result: "allow",
  resolution: "user_approved_for_session",
  origin: null,
  agentName: "reviewer",
  matchedPattern: "*",
  forwarding: { requesterAgentName: "reviewer", requesterSessionId: "child-1" },
};

export const uiPromptEvent: PermissionUiPromptEvent = {
  requestId: "perm-0d29880d-a1ec-4e44-a356-6da665db3cef",
  source: "tool_call",
  kind: "bash",
  request: bashPayload.request,
  forwarding: null,
};

export const readyEvent: PermissionsReadyEvent = { sessionId: "s-1", adjudicatesLocally: true };

export const stateEntry: PermissionsStateEntry = {
  hooks: [
    { id: "user:git", name: "Git mutations", source: "user", enabled: false, changed: true },
    {
      id: "pkg:release",
      name: "Release",
      source: "package:release-guard",
      enabled: true,
      changed: false,
    },
  ],
};
