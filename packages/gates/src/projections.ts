// Projections of the verdict record: the agent text, the review-log details, the decision
// event and the verdict record the CLI prints and the service returns. Each one reads the
// request's determining source, reason, payload and facts; none works the reason out again,
// so they cannot disagree about what decided (style rules 1 and 5). Pure: nothing here writes,
// asks or mints.
import type { BashCommandContext, ParseStatus, PathAccess, WrapperKind } from "@pi-permission/bash";
import type {
  AllowResolution,
  DenyResolution,
  PermissionDecisionEvent,
  PermissionHookRef,
  PermissionRequestSource,
  PermissionState,
} from "@pi-permission/payload";
import type { Rule, RuleFloor, RuleOrigin } from "@pi-permission/policy";
import {
  renderGateErrorDenial,
  renderPolicyDenial,
  renderReviewLogFacts,
  renderUnavailableDenial,
  renderUnregisteredToolDenial,
  renderUserDenial,
} from "@pi-permission/renderers";
import type {
  DeterminingSource,
  GateFacts,
  GateName,
  JudgedItem,
  RequestVerdict,
  ToolCallFacts,
  Verdict,
} from "./model.ts";
import { determiningRule } from "./verdict.ts";

/** How the texts are bounded: the widest any one value is shown (`promptFieldMaxWidth`). */
export interface ProjectionOptions {
  readonly fieldMaxWidth: number;
}

// ---------------------------------------------------------------------------------------------
// The agent text

/**
 * Who refused a request, for the agent text: the policy (a rule, a sentinel can only ask, or
 * a hook), a human or the parent session (`reason`: what they typed), or nobody, because no
 * one could be asked (`reason`: why not, when known).
 */
export type Refusal =
  | { readonly by: "policy" }
  | { readonly by: "user"; readonly reason: string | null }
  | { readonly by: "unavailable"; readonly reason: string | null };

/**
 * What the agent reads when the request refuses its call, rendered by the renderers from the
 * request's payload and its reason. A tool the host does not have gets the pre-check text.
 *
 * @example
 * ```ts
 * agentText(verdict.deciding, { by: "policy" }, { fieldMaxWidth: 400 });
 * // "[pi-permission-system] Denied by policy: 'bash' (rule 'rm *')."
 * ```
 */
export function agentText(
  request: RequestVerdict,
  refusal: Refusal,
  options: ProjectionOptions,
): string {
  const width = { fieldMaxWidth: options.fieldMaxWidth };
  if (request.facts.kind === "unregistered_tool") {
    return renderUnregisteredToolDenial(request.surface, request.facts.knownTools);
  }
  switch (refusal.by) {
    case "policy":
      return renderPolicyDenial(request.payload, request.reason, width);
    case "user": {
      // The human's words first; a broken policy file that decided the ask is still named.
      const reasons = [refusal.reason, request.reason].filter((r) => r !== null);
      return renderUserDenial(request.payload, reasons.join("; ") || null, width);
    }
    case "unavailable":
      return renderUnavailableDenial(request.payload, refusal.reason ?? request.reason, width);
  }
}

/**
 * The text an agent would read for a call the verdict does not allow: the policy-deny text
 * for a deny, the text for an ask no one could answer for an ask; `null` for an allow.
 */
export function verdictAgentText(verdict: Verdict, options: ProjectionOptions): string | null {
  const deciding = verdict.deciding;
  if (deciding === null || verdict.action === "allow") return null;
  return agentText(
    deciding,
    verdict.action === "deny" ? { by: "policy" } : { by: "unavailable", reason: null },
    options,
  );
}

// ---------------------------------------------------------------------------------------------
// The review log

/** Whose request a review-log line is about. */
export interface ReviewContext {
  readonly requestId: string;
  readonly source: PermissionRequestSource;
  readonly call: ToolCallFacts;
}

/**
 * The details of one review-log line of a request: who and what (ids, tool, agent), the
 * payload's request facts, the value (only when no gate fact already holds it), the
 * determining rule's `origin` (`null` when a sentinel or no rule decided), the reason, the
 * gate's facts and any hook errors, then `extra` (the resolution and what the event adds).
 * The log's one write path caps and masks them.
 *
 * @example
 * ```ts
 * reviewDetails(request, { requestId, source: "tool_call", call }, { resolution: "policy_deny" });
 * // { requestId, source, toolCallId, toolName, agentName, surface: "bash", matchedPattern: "rm *",
 * //   origin: { scope: "global", … }, command: "rm -rf build", parseStatus: "ok",
 * //   resolution: "policy_deny" }
 * ```
 */
export function reviewDetails(
  request: RequestVerdict,
  context: ReviewContext,
  extra: Record<string, unknown>,
): Record<string, unknown> {
  const { call } = context;
  const facts = gateLogFacts(request.facts);
  return {
    requestId: context.requestId,
    source: context.source,
    toolCallId: call.toolCallId,
    toolName: call.toolName,
    agentName: call.agentName,
    ...renderReviewLogFacts(request.payload),
    // No field is written twice: the value is usually the command, path or target a gate
    // fact already carries, so it is written only when no fact holds it.
    ...(Object.values(facts).includes(request.value) ? {} : { value: request.value }),
    origin: determiningRule(request.source)?.origin ?? null,
    ...(request.reason === null ? {} : { reason: request.reason }),
    ...facts,
    ...hookErrorFacts(request),
    ...extra,
  };
}

// The field names the review log has always used for each gate's facts.
function gateLogFacts(facts: GateFacts): Record<string, unknown> {
  switch (facts.kind) {
    case "bash":
      return { command: facts.command, parseStatus: facts.parseStatus };
    case "path":
      return { path: facts.path, ...(facts.access === null ? {} : { access: facts.access }) };
    case "external_directory":
      return { externalPaths: facts.externalPaths };
    case "tool_path":
      return { path: facts.path };
    case "tool_input":
      return { input: facts.input };
    case "unregistered_tool":
      return { unregisteredTool: true, input: facts.input };
    case "mcp":
      return { target: facts.target, input: facts.input };
    case "skill":
      return { skillName: facts.skillName, ...(facts.path === null ? {} : { path: facts.path }) };
  }
}

// The deciding hook's own failure is `hookError`; the failures of hooks whose verdict did
// not stand are `hookErrors`, so a failing hook is never silent.
function hookErrorFacts(request: RequestVerdict): Record<string, unknown> {
  const deciding = request.source.kind === "hook" ? request.source.hook.id : null;
  const own = request.hookErrors.find((e) => e.hook.id === deciding);
  const others = request.hookErrors.filter((e) => e !== own);
  return {
    ...(own ? { hookError: own.error } : {}),
    ...(others.length > 0
      ? { hookErrors: others.map((e) => ({ hook: e.hook.id, error: e.error })) }
      : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// The decision event

/** A request's final outcome: the result and the resolution that always agrees with it. */
export type RequestOutcome =
  | { readonly result: "allow"; readonly resolution: AllowResolution }
  | { readonly result: "deny"; readonly resolution: DenyResolution };

/** The outcome of the tool call a request belongs to, and the request that decided it. */
export interface CallOutcome {
  readonly result: "allow" | "deny";
  readonly decidingRequestId: string;
}

/**
 * The `permissions:decision` event of a request (payload README, "What a decision event
 * means"): its surface and value, the pattern or sentinel that decided and the determining
 * rule's scope (`null` when a sentinel or no rule decided), the hook when one decided, its
 * outcome, the request that preempted it (`null` when the outcome is its own) and the call's
 * outcome.
 */
export function decisionEvent(
  request: RequestVerdict,
  requestId: string,
  outcome: RequestOutcome,
  context: { readonly call: CallOutcome; readonly preemptedBy: string | null },
): PermissionDecisionEvent {
  const { source } = request;
  // One literal per result, no spreads: an event is built for every request of every call
  // (issue 18).
  const call: CallOutcome = {
    result: context.call.result,
    decidingRequestId: context.call.decidingRequestId,
  };
  const origin = determiningRule(source)?.origin.scope ?? null;
  const { agentName } = request.payload.request.requester;
  const { matchedPattern } = request.payload.request;
  const hook = source.kind === "hook" ? source.hook : null;
  return outcome.result === "allow"
    ? {
        requestId,
        surface: request.surface,
        value: request.value,
        origin,
        agentName,
        matchedPattern,
        forwarding: null,
        hook,
        preemptedBy: context.preemptedBy,
        call,
        result: "allow",
        resolution: outcome.resolution,
      }
    : {
        requestId,
        surface: request.surface,
        value: request.value,
        origin,
        agentName,
        matchedPattern,
        forwarding: null,
        hook,
        preemptedBy: context.preemptedBy,
        call,
        result: "deny",
        resolution: outcome.resolution,
      };
}

// ---------------------------------------------------------------------------------------------
// A failed permission check

/** What is known of a call whose permission check threw. */
export interface GateErrorContext {
  readonly requestId: string;
  /** What raised the request: a tool call, or a typed `/skill:` command. */
  readonly source: PermissionRequestSource;
  readonly toolName: string;
  readonly toolCallId: string | null;
  /** The thrown error's message. */
  readonly error: string;
}

/**
 * Every record of a call refused because its permission check failed (fail closed): the
 * agent text, the `permission_request.blocked` review line and the decision event, all naming
 * the one request id minted for it. No rule decided, so no pattern or origin is named.
 */
export function gateErrorRecords(context: GateErrorContext): {
  agentText: string;
  review: { event: string; details: Record<string, unknown> };
  decision: PermissionDecisionEvent;
} {
  return {
    agentText: renderGateErrorDenial({ toolName: context.toolName, error: context.error }),
    review: {
      event: "permission_request.blocked",
      details: {
        requestId: context.requestId,
        source: context.source,
        toolCallId: context.toolCallId,
        toolName: context.toolName,
        resolution: "gate_error",
        error: context.error,
      },
    },
    decision: {
      requestId: context.requestId,
      surface: context.toolName,
      value: context.toolName,
      result: "deny",
      resolution: "gate_error",
      origin: null,
      agentName: null,
      matchedPattern: null,
      forwarding: null,
      hook: null,
      preemptedBy: null,
      call: { result: "deny", decidingRequestId: context.requestId },
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The verdict record: what `pi-permission check` prints and the service returns

/** The kind of a request's determining source (see {@link DeterminingSource}). */
export type SourceKind = DeterminingSource["kind"];

/** A policy rule as the record shows it: what it says, where it is written, any floor. */
export interface RuleRecord {
  readonly surface: string;
  readonly pattern: string;
  /** The action enforced (after any fail-closed floor). */
  readonly action: PermissionState;
  /** The operator's deny reason, or `null`. */
  readonly reason: string | null;
  readonly origin: RuleOrigin;
  /** Present when a broken policy file turned this rule's allow into ask. */
  readonly floor: RuleFloor | null;
}

/** One value a gate judged: a bash unit, a path, a tool, an MCP target, a skill. */
export interface ItemRecord {
  /** What the patterns were matched against (a unit's words, an absolute path, a name). */
  readonly value: string;
  /** The surface whose rules judged it (`bash`, `path_read`, `write`, …). */
  readonly surface: string;
  /** For a path, how the call uses it; otherwise `null`. */
  readonly access: PathAccess | null;
  /** The action: the rule's, raised to ask when a sentinel holds the item (see `sentinel`). */
  readonly action: PermissionState;
  /** What the analyzer could not prove about this item, or `null`. */
  readonly sentinel: string | null;
  /** The command a wrapper runs, when it differs from `value`. */
  readonly executedUnit: string | null;
  readonly rule: RuleRecord | null;
}

/** What one gate said about the call: one permission request. */
export interface RequestRecord {
  readonly gate: GateName;
  /** The surface named in texts and events (`bash`, `path`, `external_directory`, `read`, …). */
  readonly surface: string;
  readonly action: PermissionState;
  /** What decided the request: `rule`, `default`, `sentinel` or `hook`. */
  readonly source: SourceKind;
  /** The matched pattern the request names (sentinels included). */
  readonly matchedPattern: string | null;
  /** Where the determining rule is written; `null` when a sentinel or no rule decided. */
  readonly origin: RuleOrigin | null;
  /** The reason the texts give (see the record's `reason`), or `null`. */
  readonly reason: string | null;
  /** The rule of the item that decided the gate, or `null`. */
  readonly rule: RuleRecord | null;
  /** The permission hook whose verdict replaced the policy's for this gate, or `null`. */
  readonly hook: PermissionHookRef | null;
  readonly items: readonly ItemRecord[];
}

/** One command unit the bash analyzer found. */
export interface UnitRecord {
  /** The unit's source text as written. */
  readonly text: string;
  /** Its words after quote removal, without assignments and redirects. */
  readonly argv: readonly string[];
  readonly context: BashCommandContext;
  /** Wrapper layers, outermost first. */
  readonly wrappers: readonly { readonly name: string; readonly kind: WrapperKind }[];
  /** The words it finally runs once every wrapper is peeled, or `null` when unproven. */
  readonly executed: readonly string[] | null;
  readonly sentinel: string | null;
}

/** One path a bash command touches. */
export interface PathRecord {
  readonly raw: string;
  /** Absolute and normalised, or `null` when computed or only known as a glob. */
  readonly path: string | null;
  /** The pattern the path is known as, when it is one (`/repo/.env*`), else `null`. */
  readonly glob: string | null;
  readonly access: PathAccess;
  readonly via: "redirect" | "operand";
  /** Index (from 0) of the unit in `units` that touches it. */
  readonly unit: number;
}

/** The verdict on one tool call as JSON: what `pi-permission check` prints. */
export interface VerdictRecord {
  /** The policy's verdict, before any human, session grant or yolo. */
  readonly decision: PermissionState;
  readonly tool: string;
  /**
   * The deciding request's surface: the first deny, else the first ask; for an allow, the
   * call's own gate (bash, the tool, mcp or skill). `null` when no gate judged anything.
   */
  readonly surface: string | null;
  /** What decided: `rule`, `default` (the universal default), `sentinel` or `hook`. */
  readonly source: SourceKind | null;
  /** The pattern that decided, sentinels included (`rm *`, `<opaque-bash-wrapper>`). */
  readonly matchedPattern: string | null;
  /** The sentinel that decided, or `null` when a rule, the default or a hook did. */
  readonly sentinel: string | null;
  /** Where the determining rule is written; `null` when a sentinel or no rule decided. */
  readonly origin: RuleOrigin | null;
  /**
   * The reason the texts give: the operator's (or hook's) reason on a deny, or, for an ask a
   * broken policy file decided, which file is broken and where; `null` otherwise.
   */
  readonly reason: string | null;
  /** The fail-closed floor on the deciding rule, or `null`. */
  readonly floor: RuleFloor | null;
  /** The rule whose allow the deciding sentinel held at ask, as written, or `null`. */
  readonly flooredRule: RuleRecord | null;
  /** The permission hook that decided (its rule is then one of the hook's), or `null`. */
  readonly hook: PermissionHookRef | null;
  /**
   * What the agent would read: the policy-deny text for a deny, the no-UI text for an ask
   * (what an agent gets when no one can answer), `null` for an allow.
   */
  readonly agentText: string | null;
  /** `true` when a broken policy file made the policy fail closed. */
  readonly failClosed: boolean;
  /** For bash, how far the parse can be trusted; `null` for other tools. */
  readonly parseStatus: ParseStatus | null;
  /** For bash, every executed unit; `null` for other tools. */
  readonly units: readonly UnitRecord[] | null;
  /** For bash, every touched path; `null` for other tools. */
  readonly paths: readonly PathRecord[] | null;
  /** Every gate that judged the call, in order: one entry per permission request. */
  readonly judgements: readonly RequestRecord[];
}

/** What the verdict record needs beside the verdict. */
export interface VerdictRecordOptions extends ProjectionOptions {
  /** The tool called. */
  readonly tool: string;
  /** Whether a broken policy file made the policy fail closed. */
  readonly failClosed: boolean;
}

/**
 * The verdict record of one evaluated tool call.
 *
 * @example
 * ```ts
 * const verdict = evaluateToolCall(policy, facts, analyzer);
 * verdictRecord(verdict, { tool: "bash", fieldMaxWidth: 400, failClosed: false }).matchedPattern; // "rm *"
 * ```
 */
export function verdictRecord(verdict: Verdict, options: VerdictRecordOptions): VerdictRecord {
  const deciding = verdict.deciding;
  const source = deciding?.source ?? null;
  const floored = source?.kind === "sentinel" ? source.floored : null;
  const rule = source ? determiningRule(source) : null;
  const analysis = verdict.bash;
  return {
    decision: verdict.action,
    tool: options.tool,
    surface: deciding?.surface ?? null,
    source: source?.kind ?? null,
    matchedPattern: deciding?.payload.request.matchedPattern ?? null,
    sentinel: source?.kind === "sentinel" ? source.sentinel : null,
    origin: rule?.origin ?? null,
    reason: deciding?.reason ?? null,
    floor: (floored ?? rule)?.floor ?? null,
    flooredRule: ruleRecord(floored),
    hook: source?.kind === "hook" ? source.hook : null,
    agentText: verdictAgentText(verdict, options),
    failClosed: options.failClosed,
    parseStatus: analysis?.status ?? null,
    units:
      analysis?.units.map((u) => ({
        text: u.text,
        argv: u.argv,
        context: u.context,
        wrappers: u.wrappers.map((w) => ({ name: w.name, kind: w.kind })),
        executed: u.executed,
        sentinel: u.sentinel,
      })) ?? null,
    paths:
      analysis?.paths.map((p) => ({
        raw: p.raw,
        path: p.path,
        glob: p.glob ?? null,
        access: p.access,
        via: p.via,
        unit: p.unit,
      })) ?? null,
    judgements: verdict.requests.map(requestRecord),
  };
}

/** The fields of the verdict record one `check --batch` line carries. */
export const VERDICT_SUMMARY_FIELDS = [
  "decision",
  "surface",
  "source",
  "matchedPattern",
  "origin",
  "reason",
  "failClosed",
] as const;

/** The verdict in one line: the fields `check --batch` prints for a case. */
export type VerdictSummary = Pick<VerdictRecord, (typeof VERDICT_SUMMARY_FIELDS)[number]>;

/** The summary of a verdict record, for a `check --batch` line. */
export function verdictSummary(record: VerdictRecord): VerdictSummary {
  return Object.fromEntries(
    VERDICT_SUMMARY_FIELDS.map((field) => [field, record[field]]),
  ) as unknown as VerdictSummary;
}

function requestRecord(request: RequestVerdict): RequestRecord {
  const { source } = request;
  return {
    gate: request.gate,
    surface: request.surface,
    action: request.action,
    source: source.kind,
    matchedPattern: request.payload.request.matchedPattern,
    origin: determiningRule(source)?.origin ?? null,
    reason: request.reason,
    rule: ruleRecord(request.decidingItem?.rule ?? null),
    hook: source.kind === "hook" ? source.hook : null,
    items: request.items.map(itemRecord),
  };
}

function itemRecord(item: JudgedItem): ItemRecord {
  return {
    value: item.value,
    surface: item.surface,
    access: item.access ?? null,
    action: item.action,
    sentinel: item.sentinel,
    executedUnit: item.executedUnit,
    rule: ruleRecord(item.rule),
  };
}

function ruleRecord(rule: Rule | null): RuleRecord | null {
  if (rule === null) return null;
  return {
    surface: rule.surface,
    pattern: rule.pattern,
    action: rule.action,
    reason: rule.reason ?? null,
    origin: rule.origin,
    floor: rule.floor ?? null,
  };
}
