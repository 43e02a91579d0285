import type { BashAnalyzer } from "@pi-permission/bash";
import { type Evaluation, evaluateToolCall, type PermissionAction } from "@pi-permission/gates";
import type { SessionState } from "./session-state.ts";

/** What another extension may ask of a session's permission system. */
export interface PermissionsService {
  /** The session this service belongs to. */
  readonly sessionId: string;
  /**
   * Judge a would-be tool call against the session's policy, without asking anyone or
   * recording anything: the verdict the gates would reach before any human is asked.
   */
  checkToolCall(toolName: string, input: unknown): Evaluation;
  /** Judge a surface and value: `("bash", "git push")`, `("read", "/etc/passwd")`. */
  checkPermission(surface: string, value: string): PermissionAction;
  /** The action for a tool when no input narrows it: its surface's catch-all. */
  getToolPermission(toolName: string): PermissionAction;
}

const REGISTRY_KEY = Symbol.for("@pi-permission/extension:services");

function registry(): Map<string, PermissionsService> {
  const holder = globalThis as unknown as Record<symbol, Map<string, PermissionsService>>;
  holder[REGISTRY_KEY] ??= new Map();
  return holder[REGISTRY_KEY];
}

/**
 * The permission service of a Pi session, or `undefined` when that session runs no
 * pi-permission. Keyed by session id, never a process-wide slot, so a child session never
 * receives its parent's policy. Resolve it per use: a reload publishes a fresh one.
 *
 * @example
 * ```ts
 * pi.events.on("permissions:ready", ({ sessionId }) => {
 *   const service = sessionId ? getPermissionsService(sessionId) : undefined;
 *   service?.checkPermission("bash", "git push"); // "ask"
 * });
 * ```
 */
export function getPermissionsService(sessionId: string): PermissionsService | undefined {
  return registry().get(sessionId);
}

export function publishService(
  sessionId: string,
  state: SessionState,
  analyzer: BashAnalyzer,
): () => void {
  const facts = (toolName: string, input: unknown) => ({
    toolName,
    toolCallId: null,
    input,
    cwd: state.location.cwd,
    home: state.location.home,
    agentName: null,
    sessionId,
  });
  const service: PermissionsService = {
    sessionId,
    checkToolCall: (toolName, input) =>
      evaluateToolCall(state.runnerPolicy(), facts(toolName, input), analyzer),
    checkPermission(surface, value) {
      const input = surface === "bash" ? { command: value } : { path: value };
      return evaluateToolCall(state.runnerPolicy(), facts(surface, input), analyzer).action;
    },
    getToolPermission(toolName) {
      return evaluateToolCall(state.runnerPolicy(), facts(toolName, {}), analyzer).action;
    },
  };
  registry().set(sessionId, service);
  return () => {
    if (registry().get(sessionId) === service) registry().delete(sessionId);
  };
}
