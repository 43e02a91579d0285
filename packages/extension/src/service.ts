import type { BashAnalyzer } from "@pi-permission/bash";
import {
  evaluateToolCall,
  type HookCheck,
  type HookState,
  type PermissionAction,
  type Verdict,
} from "@pi-permission/gates";
import type { SessionState } from "./session-state.ts";

/** What another extension may ask of a session's permission system. */
export interface PermissionsService {
  /** The session this service belongs to. */
  readonly sessionId: string;
  /**
   * Judge a would-be tool call against the session's policy, without asking anyone or
   * recording anything: the verdict the gates would reach before any human is asked.
   */
  checkToolCall(toolName: string, input: unknown): Verdict;
  /** Judge a surface and value: `("bash", "git push")`, `("read", "/etc/passwd")`. */
  checkPermission(surface: string, value: string): PermissionAction;
  /** The action for a tool when no input narrows it: its surface's catch-all. */
  getToolPermission(toolName: string): PermissionAction;
  /**
   * Register a permission hook: a named check that can tighten the verdict of every tool
   * call while the user keeps it enabled. Its id is `package:<package>:<id>` and its source
   * `package:<package>`. Registering an id again replaces the earlier check in its place.
   * Returns the function that removes it. Throws a `TypeError` on invalid input.
   */
  registerHook(hook: PermissionHookRegistration): () => void;
  /** Every loaded hook (policy files' and registered), in runtime order, with its enablement. */
  getHooks(): HookState[];
}

/** What another extension registers as a permission hook. */
export interface PermissionHookRegistration {
  /** Stable across sessions (enablement is remembered by it); no whitespace. */
  id: string;
  /** Shown to the human in `/permissions`, the prompt and the transcript cards. */
  name: string;
  /** The registering package's name, for the source `package:<package>`; defaults to `extension`. */
  package?: string;
  /**
   * Judges one tool call: `{ action, reason? }`, or nothing for no opinion. Synchronous; a
   * check that throws or returns a promise makes its verdict ask, naming the hook.
   */
  check: HookCheck;
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
  onHooksChanged: () => void,
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
    registerHook(registration) {
      const { id, name, check } = validRegistration(registration);
      const pkg = registration.package ?? "extension";
      const remove = state.register({
        ref: { id: `package:${pkg}:${id}`, name, source: `package:${pkg}` },
        kind: "check",
        check,
      });
      onHooksChanged();
      return () => {
        remove();
        onHooksChanged();
      };
    },
    getHooks: () => state.hookStates(),
  };
  registry().set(sessionId, service);
  return () => {
    if (registry().get(sessionId) === service) registry().delete(sessionId);
  };
}

function validRegistration(value: PermissionHookRegistration): PermissionHookRegistration {
  const problems: string[] = [];
  const text = (v: unknown) => typeof v === "string" && v.trim() !== "";
  if (typeof value !== "object" || value === null) {
    throw new TypeError("registerHook: expected { id, name, check, package? }");
  }
  if (!text(value.id) || /\s/.test(value.id))
    problems.push("`id` must be a non-empty string without whitespace");
  if (!text(value.name)) problems.push("`name` must be a non-empty string");
  if (typeof value.check !== "function") problems.push("`check` must be a function");
  if (value.package !== undefined && (!text(value.package) || /\s/.test(value.package))) {
    problems.push("`package` must be a non-empty string without whitespace");
  }
  if (problems.length > 0) throw new TypeError(`registerHook: ${problems.join("; ")}`);
  return value;
}
