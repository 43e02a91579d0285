// Permission hooks: named checks that add scrutiny to the policy. Each enabled hook judges the
// call on its own; where it is stricter than the verdict of the same gate, its judgement takes
// that gate's place and names the hook. Ties go to the policy, so a hook never adds a second
// prompt for what the policy already asks, and a hook can only tighten, never loosen.
import type { BashAnalysis } from "@pi-permission/bash";
import {
  EVIDENCE_LABELS,
  type PermissionHookRef,
  type PromptEvidence,
} from "@pi-permission/payload";
import type { PermissionAction } from "../action.ts";
import type { PolicyHookDefinition, Rule } from "../policy/index.ts";
import { isStricter } from "./judge.ts";
import type { JudgedItem, Judgement, ToolCallFacts } from "./model.ts";
import type { TouchedFile } from "./path-gates.ts";
import { buildPayload, inputEvidence, jsonText } from "./payloads.ts";

/** What a registered hook's check receives about one tool call. Read-only; never the host. */
export interface HookFacts {
  /** The tool called (`skill` for a typed `/skill:` command). */
  readonly toolName: string;
  readonly input: unknown;
  readonly cwd: string;
  readonly agentName: string | null;
  readonly sessionId: string | null;
  /** For a bash call, the analysis: every executed command unit, wrappers and sentinels. */
  readonly bash: BashAnalysis | null;
  /** Every file the call touches, resolved, with its access. */
  readonly paths: readonly TouchedFile[];
}

/** A registered hook's answer. `reason` is shown to the human (ask) or the agent (deny). */
export interface HookVerdict {
  action: PermissionAction;
  reason?: string;
}

/**
 * A registered hook's check: a verdict, or nothing when it has no opinion. It must be
 * synchronous; a check that throws, returns a promise or returns anything else fails
 * closed: its verdict becomes ask, naming the hook.
 */
export type HookCheck = (facts: HookFacts) => HookVerdict | null | undefined;

/** A check a host registers as a permission hook (another extension's, in Pi). */
export interface CheckHook {
  readonly kind: "check";
  readonly ref: PermissionHookRef;
  readonly check: HookCheck;
}

/** A loaded permission hook: a policy file's rules, or a registered check. */
export type PermissionHook = PolicyHookDefinition | CheckHook;

/** How the evaluation judges a call under a hook's rules (the same gates, scrutiny only). */
export type JudgeUnderRules = (rules: readonly Rule[]) => readonly Judgement[];

/**
 * Compose the enabled hooks into the policy's judgements: for each gate, a hook's judgement
 * replaces the current one when it is strictly stricter, and is added when the gate had no
 * judgement. A registered check judges the call as a whole, on its primary gate.
 */
export function applyHooks(
  judgements: readonly Judgement[],
  hooks: readonly PermissionHook[],
  facts: ToolCallFacts,
  context: { bash: BashAnalysis | null; paths: readonly TouchedFile[]; judge: JudgeUnderRules },
): Judgement[] {
  const current = [...judgements];
  for (const hook of hooks) {
    const found =
      hook.kind === "rules"
        ? context
            .judge(hook.rules)
            .filter((j) => j.action !== "allow")
            .map((j) => tagged(j, hook.ref, j.deciding?.rule?.reason ?? null))
        : checkJudgements(hook, facts, current, context);
    for (const tagged of found) {
      const at = current.findIndex((j) => j.gate === tagged.gate);
      const kept = current[at];
      if (kept === undefined) current.push(tagged);
      else if (isStricter(tagged.action, kept.action)) current[at] = tagged;
      else if (typeof tagged.logContext.hookError === "string") {
        // The policy's verdict stands, but a failing hook is never silent: its error goes to
        // the review log of the request that decided instead.
        current[at] = withHookError(kept, hook.ref.id, tagged.logContext.hookError);
      }
    }
  }
  return current;
}

function withHookError(judgement: Judgement, hook: string, error: string): Judgement {
  const earlier = judgement.logContext.hookErrors;
  return {
    ...judgement,
    logContext: {
      ...judgement.logContext,
      hookErrors: [...(Array.isArray(earlier) ? earlier : []), { hook, error }],
    },
  };
}

function tagged(judgement: Judgement, ref: PermissionHookRef, reason: string | null): Judgement {
  return {
    ...judgement,
    payload: { ...judgement.payload, request: { ...judgement.payload.request, hook: ref } },
    hook: { ref, reason },
  };
}

function checkJudgements(
  hook: CheckHook,
  facts: ToolCallFacts,
  current: readonly Judgement[],
  context: { bash: BashAnalysis | null; paths: readonly TouchedFile[] },
): Judgement[] {
  const outcome = runCheck(hook, {
    toolName: facts.toolName,
    input: facts.input,
    cwd: facts.cwd,
    agentName: facts.agentName,
    sessionId: facts.sessionId,
    bash: context.bash,
    paths: context.paths,
  });
  if (outcome === null || outcome.action === "allow") return [];
  return [tagged(wholeCallJudgement(facts, current, outcome), hook.ref, outcome.reason)];
}

type CheckOutcome = { action: PermissionAction; reason: string | null; error: string | null };

/** Run a registered check; whatever goes wrong fails closed as ask. */
export function runCheck(hook: CheckHook, facts: HookFacts): CheckOutcome | null {
  const failed = (error: string): CheckOutcome => ({ action: "ask", reason: null, error });
  let verdict: unknown;
  try {
    verdict = hook.check(facts);
  } catch (error) {
    return failed(`threw: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (verdict === null || verdict === undefined) return null;
  if (typeof (verdict as { then?: unknown }).then === "function") {
    // Nothing may run while a promise settles; and its rejection would go unobserved.
    (verdict as Promise<unknown>).then(undefined, () => {});
    return failed("returned a promise; a hook's check must answer synchronously");
  }
  const { action, reason } = verdict as { action?: unknown; reason?: unknown };
  if (action !== "allow" && action !== "ask" && action !== "deny") {
    return failed(`returned ${jsonText(verdict)}; expected { action: "allow" | "ask" | "deny" }`);
  }
  return {
    action,
    reason: typeof reason === "string" && reason.trim() !== "" ? reason : null,
    error: null,
  };
}

// A check judges the whole call, so its request is the call's primary gate (the command,
// the MCP target, the tool), and only that exact value can be approved for the session.
function wholeCallJudgement(
  facts: ToolCallFacts,
  current: readonly Judgement[],
  outcome: CheckOutcome,
): Judgement {
  const primary =
    current.find((j) => j.gate === "bash" || j.gate === "mcp" || j.gate === "tool") ??
    current.at(-1) ??
    null;
  const value = primary?.value ?? facts.toolName;
  const surface = primary?.surface ?? facts.toolName;
  const item: JudgedItem = {
    action: outcome.action,
    rule: null,
    sentinel: null,
    value,
    shown: value,
    surface,
    context: null,
    executedUnit: null,
    suggestion: value,
    exact: true,
  };
  const notes: PromptEvidence[] = [];
  if (outcome.reason !== null) {
    notes.push({ label: EVIDENCE_LABELS.hookReason, text: outcome.reason, detail: null });
  }
  if (outcome.error !== null) {
    notes.push({ label: EVIDENCE_LABELS.hookError, text: outcome.error, detail: null });
  }
  const base = primary?.payload;
  return {
    gate: primary?.gate ?? "hook",
    surface,
    value,
    action: outcome.action,
    deciding: item,
    items: [item],
    payload: base
      ? {
          ...base,
          request: {
            ...base.request,
            value,
            matchedPattern: null,
            commandContext: null,
            executedUnit: null,
          },
          evidence: [...notes, ...base.evidence],
        }
      : buildPayload(facts, {
          kind: "tool",
          surface,
          value,
          matchedPattern: null,
          evidence: [...notes, inputEvidence(facts.input)],
        }),
    logContext: {
      ...(primary?.logContext ?? {}),
      ...(outcome.error === null ? {} : { hookError: outcome.error }),
    },
  };
}
