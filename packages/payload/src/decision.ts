import type { PromptPayloadKind, PromptRequestFacts } from "./prompt-payload.ts";
import type { PermissionHookRef } from "./state-entry.ts";

/**
 * What a rule, a gate or a hook says about a request: run it, ask someone, or refuse it.
 * Ordered by restrictiveness: `allow` < `ask` < `deny`.
 */
export type PermissionState = "allow" | "ask" | "deny";

/** Every {@link PermissionState}, least restrictive first. */
export const PERMISSION_STATES: readonly PermissionState[] = ["allow", "ask", "deny"];

/**
 * Whether a value is one of the three permission states.
 *
 * @example
 * ```ts
 * isPermissionState("ask"); // true
 * isPermissionState("prompt"); // false
 * ```
 */
export function isPermissionState(value: unknown): value is PermissionState {
  return value === "allow" || value === "ask" || value === "deny";
}

/** The final outcome of a permission request: the call runs, or it does not. */
export type PermissionDecisionResult = "allow" | "deny";

/** How a request that ends in `allow` was resolved. */
export type AllowResolution =
  | "policy_allow"
  | "session_approved"
  | "infrastructure_auto_allowed"
  | "user_approved"
  | "user_approved_for_session"
  | "auto_approved"
  | "parent_approved"
  | "parent_approved_for_session";

/** How a request that ends in `deny` was resolved. */
export type DenyResolution =
  | "policy_deny"
  | "user_denied"
  | "confirmation_unavailable"
  | "gate_error"
  | "parent_denied";

/** How a permission request was resolved: who or what decided, and how. */
export type PermissionDecisionResolution = AllowResolution | DenyResolution;

/** Who or what made a decision. */
export type DecisionAuthority =
  | "policy"
  | "session"
  | "infrastructure"
  | "user"
  | "yolo"
  | "parent"
  | "nobody"
  | "error";

/** What one resolution means. */
export interface DecisionResolutionInfo<
  Result extends PermissionDecisionResult = PermissionDecisionResult,
> {
  /** The outcome this resolution always has. */
  result: Result;
  /** Who or what decided. */
  decidedBy: DecisionAuthority;
  /** One sentence for documentation and `explain` output. */
  summary: string;
}

/**
 * The decision-resolution vocabulary. Each resolution fixes its result, so an event can
 * never say `allow` and `user_denied` at once; {@link isPermissionDecisionEvent} checks it.
 *
 * @example
 * ```ts
 * DECISION_RESOLUTIONS.user_denied.result; // "deny"
 * DECISION_RESOLUTIONS.auto_approved.decidedBy; // "yolo"
 * ```
 */
export const DECISION_RESOLUTIONS: {
  readonly [R in PermissionDecisionResolution]: DecisionResolutionInfo<
    R extends AllowResolution ? "allow" : "deny"
  >;
} = {
  policy_allow: {
    result: "allow",
    decidedBy: "policy",
    summary: "A policy rule allows the request.",
  },
  policy_deny: {
    result: "deny",
    decidedBy: "policy",
    summary: "A policy rule denies the request.",
  },
  session_approved: {
    result: "allow",
    decidedBy: "session",
    summary: "An approval the user granted earlier in this session covers the request.",
  },
  infrastructure_auto_allowed: {
    result: "allow",
    decidedBy: "infrastructure",
    summary: "Pi's own infrastructure read, allowed without asking.",
  },
  user_approved: {
    result: "allow",
    decidedBy: "user",
    summary: "The user approved the request once.",
  },
  user_approved_for_session: {
    result: "allow",
    decidedBy: "user",
    summary: "The user approved the request and similar ones for the rest of the session.",
  },
  user_denied: {
    result: "deny",
    decidedBy: "user",
    summary: "The user denied the request.",
  },
  auto_approved: {
    result: "allow",
    decidedBy: "yolo",
    summary: "Yolo mode approved a request that would have been asked.",
  },
  confirmation_unavailable: {
    result: "deny",
    decidedBy: "nobody",
    summary: "The request needed approval, but no one could be asked.",
  },
  gate_error: {
    result: "deny",
    decidedBy: "error",
    summary: "The permission check failed, so the request was blocked.",
  },
  parent_approved: {
    result: "allow",
    decidedBy: "parent",
    summary: "The parent session the request was escalated to approved it once.",
  },
  parent_approved_for_session: {
    result: "allow",
    decidedBy: "parent",
    summary: "The parent session approved the request and similar ones for the session.",
  },
  parent_denied: {
    result: "deny",
    decidedBy: "parent",
    summary: "The parent session the request was escalated to denied it.",
  },
};

/** Every {@link PermissionDecisionResolution}, in the order of {@link DECISION_RESOLUTIONS}. */
export const PERMISSION_DECISION_RESOLUTIONS = Object.keys(
  DECISION_RESOLUTIONS,
) as readonly PermissionDecisionResolution[];

/** The fields every decision event carries, whatever its result. */
export interface PermissionDecisionEventFields {
  /** The id minted when the request was created (`perm-<uuid>`); the review log carries the same id. */
  requestId: string;
  /** The surface the rule fired on: `bash`, `read`, `path_write`, `external_directory`, … */
  surface: string;
  /** The value judged: a command, a path, an MCP target, a skill or tool name. */
  value: string;
  /** The config scope of the deciding rule (`global`, `project`, …), or `null` when no rule decided. */
  origin: string | null;
  /** The agent profile the request ran under, or `null` for the default agent. */
  agentName: string | null;
  /** The pattern that decided, sentinels included, or `null`. */
  matchedPattern: string | null;
  /** Set when this session decided a request another session forwarded to it. */
  forwarding: ForwardedPromptContext | null;
  /**
   * The permission hook that decided, or `null` / absent when the policy's own rules (or no
   * rule) decided. Absent in events written before permission hooks existed.
   */
  hook?: PermissionHookRef | null;
  /**
   * Set when another request of the same tool call refused the call before this request's
   * own verdict could take effect: that request's id. `result` is then `deny` and
   * `resolution` says how the call was refused (the refusing request's resolution), while
   * `matchedPattern`, `origin` and `hook` still describe this request's own verdict. `null`
   * when this request's outcome is its own. Absent in events written before it existed.
   */
  preemptedBy?: string | null;
  /**
   * The outcome of the whole tool call this request belongs to. Every event of one call
   * carries the same `call`, so `call.decidingRequestId` groups them, and the event whose
   * `requestId` equals it is the one that decided the call. Absent in events written before
   * it existed.
   */
  call?: DecisionCallOutcome;
}

/** The outcome of the tool call a permission request belongs to. */
export interface DecisionCallOutcome {
  /** Whether the call runs. */
  result: PermissionDecisionResult;
  /** The request whose outcome decided the call: the one that refused it, or for a call that runs, the one the verdict names. */
  decidingRequestId: string;
}

/** A decision event whose request runs. */
export interface AllowDecisionEvent extends PermissionDecisionEventFields {
  result: "allow";
  resolution: AllowResolution;
}

/** A decision event whose request is refused. */
export interface DenyDecisionEvent extends PermissionDecisionEventFields {
  result: "deny";
  resolution: DenyResolution;
}

/**
 * Published on `permissions:decision`, exactly once per permission request, when the outcome
 * of its tool call is final; the events of one call are published together. One tool call can
 * raise several requests (one per gate), each with its own `requestId`.
 *
 * `result` is what happens to the request: `allow` only when the whole call runs. A request
 * whose own verdict would let it run (a policy allow, an approval, an ask never put) while
 * another request refused the call is published `deny` with `preemptedBy` naming that
 * request. `call` carries the call's outcome and the request that decided it.
 *
 * Stability: fields are only ever added. A removal or a rename is a major release with a
 * migration note.
 *
 * @example
 * ```ts
 * pi.events.on(PERMISSION_CHANNELS.decision, (data) => {
 *   if (isPermissionDecisionEvent(data) && data.result === "deny") audit(data.requestId, data.resolution);
 * });
 * ```
 */
export type PermissionDecisionEvent = AllowDecisionEvent | DenyDecisionEvent;

/** Who forwarded a request to the session that decided it. */
export interface ForwardedPromptContext {
  /** The agent profile of the requesting session, when known. */
  requesterAgentName: string | null;
  /** The requesting session's id, when known. */
  requesterSessionId: string | null;
}

/** What raised a permission request: a tool call, a typed `/skill:` command, or a skill file read. */
export type PermissionRequestSource = "tool_call" | "skill_input" | "skill_read";

/**
 * Published on `permissions:ui_prompt` immediately before a human is asked, and only then
 * (never for a decision a rule, a session grant or yolo made). The same `requestId` later
 * arrives on `permissions:decision`. It carries the request facts, not the evidence, so a
 * notifier never receives a 72 KB heredoc.
 *
 * @example
 * ```ts
 * pi.events.on(PERMISSION_CHANNELS.uiPrompt, (data) => {
 *   if (isPermissionUiPromptEvent(data)) notify(`Permission required: ${data.request.surface}`);
 * });
 * ```
 */
export interface PermissionUiPromptEvent {
  /** The id of the request being asked about. */
  requestId: string;
  /** What raised the request. */
  source: PermissionRequestSource;
  /** The payload kind of the ask. */
  kind: PromptPayloadKind;
  /** The request facts of the ask's payload. */
  request: PromptRequestFacts;
  /** Set when the ask was forwarded to this session by another one. */
  forwarding: ForwardedPromptContext | null;
}

/**
 * Published on `permissions:ready` when gating is live in a session. At least once; it may
 * repeat (after a reload, or at the first agent turn), so handlers must be idempotent.
 *
 * @example
 * ```ts
 * pi.events.on(PERMISSION_CHANNELS.ready, (data) => {
 *   if (isPermissionsReadyEvent(data)) subscribeOnce(data.sessionId);
 * });
 * ```
 */
export interface PermissionsReadyEvent {
  /** The session whose gating is live, when known. */
  sessionId: string | null;
  /** Whether this session can ask its own human (`false`: it escalates or refuses). */
  adjudicatesLocally: boolean;
}
