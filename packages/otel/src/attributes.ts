import { maskWithinStrings, prepareReviewLogRecord, type Scrubbed } from "@pi-permission/log-cap";
import {
  DECISION_RESOLUTIONS,
  type PermissionDecisionEvent,
  type PermissionUiPromptEvent,
} from "@pi-permission/payload";

/** The OpenTelemetry event name of every record this package emits: one per permission request. */
export const DECISION_EVENT_NAME = "pi_permission.decision";

/**
 * The attribute names of a decision record. Where an OpenTelemetry semantic convention names
 * the fact (`session.id`, `gen_ai.agent.name`, `gen_ai.tool.name`) its name is used; the rest
 * live under the `pi_permission.` namespace. An attribute whose value is unknown is left out,
 * never sent as an empty string.
 */
export const DECISION_ATTRIBUTES = {
  /** The Pi session that decided (semantic convention `session.id`). */
  sessionId: "session.id",
  /** The agent profile the request ran under (GenAI semantic convention `gen_ai.agent.name`). */
  agentName: "gen_ai.agent.name",
  /** The tool that was called, when the session asked a human about it (`gen_ai.tool.name`). */
  toolName: "gen_ai.tool.name",
  /** The permission request id (`perm-<uuid>`), the review log's join key. */
  requestId: "pi_permission.request.id",
  /** The surface the rule fired on: `bash`, `read`, `path_write`, `external_directory`, … */
  surface: "pi_permission.surface",
  /** `allow` or `deny`: what happens to the request. */
  result: "pi_permission.result",
  /** How it was resolved: `policy_allow`, `user_denied`, `confirmation_unavailable`, … */
  resolution: "pi_permission.resolution",
  /** Who or what decided: `policy`, `user`, `session`, `yolo`, `parent`, `nobody`, `error`, … */
  decidedBy: "pi_permission.decided_by",
  /** The rule pattern that decided, sentinels such as `<opaque-bash-wrapper>` included. */
  rulePattern: "pi_permission.rule.pattern",
  /** The config scope of that rule: `global`, `project`, … */
  ruleScope: "pi_permission.rule.scope",
  /** The id of the permission hook that decided. */
  hookId: "pi_permission.hook.id",
  /** The id of the request that refused the call before this one's verdict took effect. */
  preemptedBy: "pi_permission.preempted_by",
  /** Whether the whole tool call runs. */
  callResult: "pi_permission.call.result",
  /** The request that decided the whole tool call. */
  callDecidingRequestId: "pi_permission.call.deciding_request.id",
  /** Whether a human was asked (a `permissions:ui_prompt` event came first). */
  prompted: "pi_permission.prompted",
  /** Whether another session forwarded the request to the deciding one. */
  forwarded: "pi_permission.forwarded",
  /** The agent profile of the session that forwarded the request. */
  forwardingAgentName: "pi_permission.forwarding.requester.agent.name",
  /** The session id of the session that forwarded the request. */
  forwardingSessionId: "pi_permission.forwarding.requester.session.id",
  /** Opt-in only: the value judged (a command, a path, an MCP target), capped and masked. */
  value: "pi_permission.value",
  /** The names of the attributes the width cap shortened. */
  capped: "pi_permission.capped",
  /** The names of the attributes masked whole, or that had secrets hidden inside them. */
  masked: "pi_permission.masked",
} as const;

/** An attribute value as a log record carries it. */
export type DecisionAttributeValue = string | boolean | string[];

/** How a decision record is built. */
export interface DecisionRecordOptions {
  /** The Pi session id, or `null` when unknown. */
  sessionId: string | null;
  /** Whether the value judged is exported (off by default: it can hold commands and paths). */
  exportValues: boolean;
  /** The width cap of every string, as the review log's `reviewLogFieldMaxWidth`. */
  fieldMaxWidth: number;
  /** Hides secrets inside strings (the review log's command-secret search), when given. */
  scrub?: (text: string) => Scrubbed;
}

/** The OpenTelemetry log record of one decision, ready for `logger.emit`. */
export interface DecisionRecord {
  eventName: typeof DECISION_EVENT_NAME;
  /** INFO for allow, WARN for deny, ERROR when the permission check itself failed. */
  severityNumber: 9 | 13 | 17;
  severityText: "INFO" | "WARN" | "ERROR";
  /** One line that names the outcome and never the value judged. */
  body: string;
  attributes: Record<string, DecisionAttributeValue>;
}

/**
 * The log record of one decision event. `prompt` is the `permissions:ui_prompt` event of the
 * same request, when a human was asked. The value judged is included only when
 * `exportValues` is set; every string then goes through the review log's own pipeline
 * (secrets inside strings hidden by `scrub`, then every string capped to `fieldMaxWidth` and
 * every sensitive-keyed value masked), so a collector never receives more than the review
 * log writes.
 *
 * @example
 * ```ts
 * decisionRecord(event, null, { sessionId: "s-1", exportValues: false, fieldMaxWidth: 1000 });
 * // { eventName: "pi_permission.decision", severityText: "WARN", body: "permission deny: policy_deny on bash",
 * //   attributes: { "session.id": "s-1", "pi_permission.request.id": "perm-…", … } }
 * ```
 */
export function decisionRecord(
  event: PermissionDecisionEvent,
  prompt: PermissionUiPromptEvent | null,
  options: DecisionRecordOptions,
): DecisionRecord {
  const A = DECISION_ATTRIBUTES;
  const raw: Record<string, string | boolean> = {};
  const put = (name: string, value: string | boolean | null | undefined) => {
    if (value !== null && value !== undefined) raw[name] = value;
  };
  put(A.sessionId, options.sessionId);
  put(A.agentName, event.agentName);
  put(A.toolName, prompt?.request.toolName);
  put(A.requestId, event.requestId);
  put(A.surface, event.surface);
  put(A.result, event.result);
  put(A.resolution, event.resolution);
  put(A.decidedBy, DECISION_RESOLUTIONS[event.resolution]?.decidedBy);
  put(A.rulePattern, event.matchedPattern);
  put(A.ruleScope, event.origin);
  put(A.hookId, event.hook?.id);
  put(A.preemptedBy, event.preemptedBy);
  put(A.callResult, event.call?.result);
  put(A.callDecidingRequestId, event.call?.decidingRequestId);
  put(A.prompted, prompt !== null);
  put(A.forwarded, event.forwarding !== null);
  put(A.forwardingAgentName, event.forwarding?.requesterAgentName);
  put(A.forwardingSessionId, event.forwarding?.requesterSessionId);
  // INVARIANT: the value judged (command text, a path, a tool's target) leaves the machine
  // only when the user opted in.
  if (options.exportValues) put(A.value, event.value);

  // The review log's order (packages/extension log-files): secrets inside strings first,
  // then the width cap and key-name masking at one choke point.
  const within =
    options.scrub && options.exportValues
      ? maskWithinStrings(raw, options.scrub)
      : { record: raw as Record<string, unknown>, within: [] };
  const prepared = prepareReviewLogRecord(within.record, options.fieldMaxWidth);
  const attributes = prepared.record as Record<string, DecisionAttributeValue>;
  const capped = prepared.capped.map(pointerName);
  const masked = [...new Set([...prepared.masked, ...within.within.map((w) => w.at)])].map(
    pointerName,
  );
  if (capped.length > 0) attributes[A.capped] = capped;
  if (masked.length > 0) attributes[A.masked] = masked;

  const failed = event.resolution === "gate_error";
  return {
    eventName: DECISION_EVENT_NAME,
    severityNumber: failed ? 17 : event.result === "deny" ? 13 : 9,
    severityText: failed ? "ERROR" : event.result === "deny" ? "WARN" : "INFO",
    body: `permission ${event.result}: ${event.resolution} on ${event.surface}`,
    attributes,
  };
}

/** The attribute name of a top-level RFC 6901 pointer (`/pi_permission.value`). */
function pointerName(pointer: string): string {
  return pointer.slice(1).replaceAll("~1", "/").replaceAll("~0", "~");
}
