// The determining source of a request, worked out once where the gate judges it. Every text,
// log line, event and CLI field names the source through the few functions here, so they
// cannot disagree about which rule or sentinel decided (style rules 1 and 5).
import type { PermissionState } from "@pi-permission/payload";
import { BROKEN_POLICY_SENTINEL, brokenPolicyNote, type Rule } from "@pi-permission/policy";
import type {
  DeterminingSource,
  GateFacts,
  GateName,
  JudgedItem,
  RequestVerdict,
  ToolCallFacts,
} from "./model.ts";
import { buildPayload, type PayloadFacts } from "./payloads.ts";

/**
 * What decided an item's action: a broken policy file's floor, else the analyzer's sentinel
 * where the rule alone would have allowed, else the rule (the universal default when the
 * rule is the `"*"` one); with no item or no rule, the gate's own default.
 *
 * @example
 * ```ts
 * // `sudo rm x` under { "*": "allow" }: the wrapper holds the universal allow at ask
 * sourceOf(item); // { kind: "sentinel", sentinel: "<indirection-bash-wrapper>", floored: <the "*" rule> }
 * ```
 */
export function sourceOf(item: JudgedItem | null): DeterminingSource {
  const rule = item?.rule ?? null;
  if (rule?.floor && rule.pattern === BROKEN_POLICY_SENTINEL) {
    // INVARIANT: a broken file's floor is named as its sentinel, never as the allow it overrules.
    return {
      kind: "sentinel",
      sentinel: BROKEN_POLICY_SENTINEL,
      floored: { ...rule, pattern: rule.floor.pattern ?? rule.pattern },
    };
  }
  if (item && item.sentinel !== null && (rule === null || rule.action === "allow")) {
    return { kind: "sentinel", sentinel: item.sentinel, floored: rule };
  }
  if (rule === null) return { kind: "default", rule: null };
  return rule.surface === "*" ? { kind: "default", rule } : { kind: "rule", rule };
}

/** What the texts name as the matched rule: the rule's pattern, or the sentinel. */
export function matchedPatternOf(source: DeterminingSource): string | null {
  switch (source.kind) {
    case "sentinel":
      return source.sentinel;
    case "hook":
      return source.pattern;
    default:
      return source.rule?.pattern ?? null;
  }
}

/**
 * The rule whose origin the records name: the determining rule (a hook's own rule included).
 * A sentinel names no rule: the rule it floored is not what decided.
 */
export function determiningRule(source: DeterminingSource): Rule | null {
  return source.kind === "sentinel" ? null : source.rule;
}

/**
 * The reason the texts give beside the source (a request's `reason`): for a deny,
 * the hook's or the rule's; for an ask a broken policy file decided, where that file is broken.
 */
export function reasonOf(action: PermissionState, source: DeterminingSource): string | null {
  if (action === "deny") {
    if (source.kind === "hook") return source.reason;
    if (source.kind === "sentinel") return null;
    return source.rule?.reason ?? null;
  }
  if (action === "ask" && source.kind === "sentinel") return brokenPolicyNote(source.floored);
  return null;
}

/** What a gate knows of its request; the source, reason and payload are derived here. */
export interface RequestParts {
  gate: GateName;
  surface: string;
  value: string;
  action: PermissionState;
  decidingItem: JudgedItem | null;
  items: readonly JudgedItem[];
  /** The payload facts but the matched pattern, which is the source's. */
  payload: Omit<PayloadFacts, "matchedPattern">;
  facts: GateFacts;
}

/**
 * An item no unit or path stands behind (a tool, a target, a whole call): its value shown as
 * written, no context, no executed unit, no sentinel unless the caller adds one.
 */
export function judgedItem(
  verdict: { action: JudgedItem["action"]; rule: JudgedItem["rule"] },
  surface: string,
  value: string,
  shown: string = value,
  suggestion: string = value,
): JudgedItem {
  return {
    ...verdict,
    sentinel: null,
    value,
    shown,
    surface,
    context: null,
    executedUnit: null,
    suggestion,
  };
}

/**
 * A gate's request: its determining source worked out from the deciding item, and the
 * payload naming exactly that source.
 */
export function requestOf(call: ToolCallFacts, parts: RequestParts): RequestVerdict {
  const source = sourceOf(parts.decidingItem);
  const { payload } = parts;
  return {
    gate: parts.gate,
    surface: parts.surface,
    value: parts.value,
    action: parts.action,
    source,
    reason: reasonOf(parts.action, source),
    hookErrors: [],
    decidingItem: parts.decidingItem,
    items: parts.items,
    // The payload's facts named one by one, not spread: a spread of objects of several shapes
    // is one of the slowest steps of a call under cold caches (issue 18).
    payload: buildPayload(call, {
      kind: payload.kind,
      surface: payload.surface,
      value: payload.value,
      matchedPattern: matchedPatternOf(source),
      commandContext: payload.commandContext,
      executedUnit: payload.executedUnit,
      // A spelling is what a rule met: a sentinel that decided met nothing.
      matchedAs: source.kind === "sentinel" ? null : (payload.matchedAs ?? null),
      evidence: payload.evidence,
    }),
    facts: parts.facts,
  };
}
