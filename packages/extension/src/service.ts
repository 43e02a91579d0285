import type { BashAnalyzer } from "@pi-permission/bash";
import {
  evaluatePermission,
  evaluateToolCall,
  type HookCheck,
  type HookState,
  isToolFullyDenied,
  type VerdictRecord,
  verdictRecord,
} from "@pi-permission/gates";
import type { PermissionAction } from "@pi-permission/policy";
import type { SessionState } from "./session-state.ts";

/**
 * What another extension may ask of a session's permission system. Every answer is the
 * policy's verdict before anyone is asked: no prompt, no session grant, no yolo, nothing
 * logged or published.
 */
export interface PermissionsService {
  /** The session this service belongs to. */
  readonly sessionId: string;
  /**
   * Judge a would-be tool call against the session's policy and its enabled hooks: the
   * verdict record `pi-permission check` prints for the same call (its decision, the rule or
   * sentinel that decided and where it is written, the agent text, every gate's request).
   */
  checkToolCall(toolName: string, input: unknown): VerdictRecord;
  /**
   * Judge a value on one surface directly: `("bash", "git push origin main")`,
   * `("mcp", "github:create_issue")`, `("skill", "deploy")`, `("path_write", "/etc/hosts")`,
   * `("external_directory", "/tmp/x")`, `("read", "/etc/passwd")`. A command is judged on the
   * bash rules, a target on the `mcp` rules, a path on the path surface's rules (no matching
   * rule: allow), a file tool's path on that tool's rules; any other tool by its `*` rules.
   * With `agentName`, that agent's sections of the policy apply (the rules its calls meet).
   */
  checkPermission(surface: string, value: string, agentName?: string): PermissionAction;
  /** The action for a tool when no input narrows it: its surface's catch-all. */
  getToolPermission(toolName: string): PermissionAction;
  /**
   * Whether the policy denies every call of a tool, whatever its input (every rule of its
   * surface denies, and what no rule matches falls to a deny). Such a tool is withheld from
   * the model.
   */
  isToolFullyDenied(toolName: string): boolean;
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
  const place = (agentName: string | null = null) => ({
    cwd: state.location.cwd,
    home: state.location.home,
    agentName,
    sessionId,
  });
  const facts = (toolName: string, input: unknown) => ({
    toolName,
    toolCallId: null,
    input,
    ...place(),
  });
  const service: PermissionsService = {
    sessionId,
    checkToolCall(toolName, input) {
      const policy = state.runnerPolicy();
      return verdictRecord(evaluateToolCall(policy, facts(toolName, input), analyzer), {
        tool: toolName,
        fieldMaxWidth: policy.promptFieldMaxWidth,
        failClosed: state.policy.brokenScopes.length > 0,
      });
    },
    checkPermission(surface, value, agentName) {
      // The agent's sections of the policy apply to what that agent would do (configuration
      // docs, "Agent sections").
      const agent = agentName ?? null;
      const query = { surface, value };
      return evaluatePermission(state.runnerPolicy(agent), place(agent), query, analyzer).action;
    },
    getToolPermission(toolName) {
      return evaluateToolCall(state.runnerPolicy(), facts(toolName, {}), analyzer).action;
    },
    isToolFullyDenied: (toolName) => isToolFullyDenied(state.policy.rules, toolName),
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
