import type { PermissionDecisionEvent, PermissionUiPromptEvent } from "@pi-permission/payload";
import type { DecisionEventSource } from "../src/index.ts";

/** A policy deny of a bash command, as the bundle publishes it. */
export function policyDeny(
  overrides: Partial<PermissionDecisionEvent> = {},
): PermissionDecisionEvent {
  return {
    requestId: "perm-11111111-1111-4111-8111-111111111111",
    surface: "bash",
    value: "GITHUB_TOKEN=ghp_secret123 git push origin main",
    origin: "global",
    agentName: "reviewer",
    matchedPattern: "git push *",
    forwarding: null,
    hook: null,
    preemptedBy: null,
    call: { result: "deny", decidingRequestId: "perm-11111111-1111-4111-8111-111111111111" },
    result: "deny",
    resolution: "policy_deny",
    ...overrides,
  } as PermissionDecisionEvent;
}

/** The ask the session put to its human before a decision on `requestId`. */
export function uiPrompt(requestId: string, toolName = "bash"): PermissionUiPromptEvent {
  return {
    requestId,
    source: "tool_call",
    kind: "bash",
    request: {
      requester: { agentName: null, forwarded: false, sessionId: null },
      surface: "bash",
      toolName,
      invokedToolName: null,
      value: "rm -rf build",
      matchedPattern: "*",
      commandContext: null,
      executedUnit: null,
    },
    forwarding: null,
  };
}

/** A synchronous bus like `pi.events`. */
export function fakeBus(): DecisionEventSource & { emit(channel: string, data: unknown): void } {
  const handlers = new Map<string, Set<(data: unknown) => void>>();
  return {
    on(channel, handler) {
      const set = handlers.get(channel) ?? new Set();
      set.add(handler);
      handlers.set(channel, set);
      return () => set.delete(handler);
    },
    emit(channel, data) {
      for (const h of handlers.get(channel) ?? []) h(data);
    },
  };
}
