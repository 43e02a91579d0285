// The verdict record `pi-permission check` prints: the gates' own Evaluation, projected to
// JSON. Nothing here judges; every field is read from the Evaluation (style rules 1 and 5).
import type { BashCommandContext, ParseStatus, PathAccess, WrapperKind } from "@pi-permission/bash";
import type {
  GateName,
  JudgedItem,
  Policy,
  RequestVerdict,
  Rule,
  RuleFloor,
  RuleOrigin,
  Verdict,
} from "@pi-permission/gates";
import type { PermissionHookRef, PermissionState } from "@pi-permission/payload";
import { renderPolicyDenial, renderUnavailableDenial } from "@pi-permission/renderers";

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

/** What one gate said about the call. */
export interface JudgementRecord {
  readonly gate: GateName;
  /** The surface named in texts and events (`bash`, `path`, `external_directory`, `read`, …). */
  readonly surface: string;
  readonly action: PermissionState;
  /** The matched pattern the gate's prompt payload names (sentinels included). */
  readonly matchedPattern: string | null;
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

/** What `pi-permission check` prints for one tool call. */
export interface CheckRecord {
  /** The policy's verdict, before any human, session grant or yolo. */
  readonly decision: PermissionState;
  readonly tool: string;
  /**
   * The deciding judgement's surface: the first deny, else the first ask; for an allow, the
   * call's own gate (bash, the tool, mcp or skill). `null` when no gate judged anything.
   */
  readonly surface: string | null;
  /** The pattern that decided, sentinels included (`rm *`, `<opaque-bash-wrapper>`). */
  readonly matchedPattern: string | null;
  /** The sentinel of the deciding item, or `null`. */
  readonly sentinel: string | null;
  /** Where the matched rule is written; `null` when a sentinel, not a rule, is named. */
  readonly origin: RuleOrigin | null;
  /** The operator's reason on the deny rule that decided, or `null`. */
  readonly reason: string | null;
  /** The fail-closed floor on the deciding rule, or `null`. */
  readonly floor: RuleFloor | null;
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
  /** Every gate that judged the call, in order. */
  readonly judgements: readonly JudgementRecord[];
}

/**
 * The request that decides: the Verdict's own (first deny, else first ask; for an allow, the
 * call's own gate).
 *
 * @deprecated Read `verdict.deciding`.
 */
export function decidingJudgement(evaluation: Verdict): RequestVerdict | null {
  return evaluation.deciding;
}

/**
 * The record of one evaluated tool call.
 *
 * @example
 * ```ts
 * const evaluation = evaluateToolCall(policy, facts, analyzer);
 * checkRecord(evaluation, policy, "bash").matchedPattern; // "rm *"
 * ```
 */
export function checkRecord(evaluation: Verdict, policy: Policy, tool: string): CheckRecord {
  const judgement = decidingJudgement(evaluation);
  const item = judgement?.decidingItem ?? null;
  const matchedPattern = judgement?.payload.request.matchedPattern ?? null;
  const rule = item?.rule ?? null;
  // When a sentinel is what the texts name, no policy rule is the one to look up.
  const sentinelNamed = item !== null && item.sentinel !== null && matchedPattern === item.sentinel;
  const reason = evaluation.action === "deny" ? (judgement?.reason ?? null) : null;
  const analysis = evaluation.bash;
  return {
    decision: evaluation.action,
    tool,
    surface: judgement?.surface ?? null,
    matchedPattern,
    sentinel: item?.sentinel ?? null,
    origin: rule !== null && !sentinelNamed ? rule.origin : null,
    reason,
    floor: rule?.floor ?? null,
    hook: judgement ? hookOf(judgement) : null,
    agentText: agentText(evaluation.action, judgement, reason, policy),
    failClosed: policy.brokenScopes.length > 0,
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
    judgements: evaluation.requests.map(judgementRecord),
  };
}

/** The agent-facing text the verdict would produce, rendered by the shared renderers. */
function agentText(
  action: PermissionState,
  judgement: RequestVerdict | null,
  reason: string | null,
  policy: Policy,
): string | null {
  if (judgement === null || action === "allow") return null;
  const width = { fieldMaxWidth: policy.settings.promptFieldMaxWidth };
  return action === "deny"
    ? renderPolicyDenial(judgement.payload, reason, width)
    : renderUnavailableDenial(judgement.payload, null, width);
}

function judgementRecord(judgement: RequestVerdict): JudgementRecord {
  return {
    gate: judgement.gate,
    surface: judgement.surface,
    action: judgement.action,
    matchedPattern: judgement.payload.request.matchedPattern,
    rule: ruleRecord(judgement.decidingItem?.rule ?? null),
    hook: hookOf(judgement),
    items: judgement.items.map(itemRecord),
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

function hookOf(request: RequestVerdict): PermissionHookRef | null {
  return request.source.kind === "hook" ? request.source.hook : null;
}
