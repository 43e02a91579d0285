// Permission hooks: named checks that add scrutiny to the policy. Each enabled hook judges the
// call on its own; where it is stricter than the verdict of the same gate, its request takes
// that gate's place and names the hook. On a tie of asks the two requests become one, asking
// about every item either asks about, so a hook never adds a second prompt, never loses an
// item to the policy's ask, and a hook can only tighten, never loosen.
import type { BashAnalysis } from "@pi-permission/bash";
import {
  EVIDENCE_LABELS,
  type PermissionHookRef,
  type PromptEvidence,
} from "@pi-permission/payload";
import type { PermissionAction, PolicyHookDefinition, Rule } from "@pi-permission/policy";
import { isStricter } from "./judge.ts";
import type { DeterminingSource, JudgedItem, RequestVerdict, ToolCallFacts } from "./model.ts";
import type { TouchedFile } from "./path-gates.ts";
import { buildPayload, inputEvidence, jsonText } from "./payloads.ts";
import { determiningRule, judgedItem, matchedPatternOf, reasonOf, sourceOf } from "./verdict.ts";

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
export type JudgeUnderRules = (rules: readonly Rule[]) => readonly RequestVerdict[];

/**
 * Compose the enabled hooks into the policy's requests: for each gate, a hook's request
 * replaces the current one when it is strictly stricter, is merged with it when both ask, and
 * is added when the gate had no request. A registered check judges the call as a whole, on its primary gate.
 */
export function applyHooks(
  requests: readonly RequestVerdict[],
  hooks: readonly PermissionHook[],
  facts: ToolCallFacts,
  context: { bash: BashAnalysis | null; paths: readonly TouchedFile[]; judge: JudgeUnderRules },
): RequestVerdict[] {
  const current = [...requests];
  for (const hook of hooks) {
    const found =
      hook.kind === "rules"
        ? context
            .judge(hook.rules)
            .filter((j) => j.action !== "allow")
            .map((j) => tagged(j, hook.ref, determiningRule(j.source)?.reason ?? null))
        : checkRequests(hook, facts, current, context);
    for (const candidate of found) {
      const at = current.findIndex((j) => j.gate === candidate.gate);
      const kept = current[at];
      // A failing hook is never silent: whichever verdict stands, its error stays with the
      // request of that gate, beside the errors of hooks consulted before it.
      const hookErrors = [...(kept?.hookErrors ?? []), ...candidate.hookErrors];
      if (kept === undefined) current.push(candidate);
      else if (isStricter(candidate.action, kept.action))
        current[at] = { ...candidate, hookErrors };
      else if (candidate.action === "ask" && kept.action === "ask")
        current[at] = { ...mergedAsks(kept, candidate), hookErrors };
      else if (candidate.hookErrors.length > 0) current[at] = { ...kept, hookErrors };
    }
  }
  return current;
}

/**
 * One request for a gate both the policy (or an earlier hook) and a hook ask about. S33
 * hook-tie (r33f F5): keeping only the policy's request dropped the units the hook asks about,
 * so a session grant for the policy's unit (`touch a`) approved `touch a && git push`, the push
 * unseen. Every item either asks about now asks, and a grant must cover each. When the hook
 * asks about nothing the kept request does not already ask about as strictly, the kept request
 * stands as it was (one prompt, about the policy's rule); otherwise the hook's request presents
 * the call (its rule, its name) and carries the kept request's asking items beside its own.
 */
function mergedAsks(kept: RequestVerdict, hook: RequestVerdict): RequestVerdict {
  const items = [...kept.items];
  let added = false;
  for (const item of hook.items) {
    if (item.action !== "ask") continue;
    const same = items.flatMap((k, i) => (sameItem(k, item) ? [i] : []));
    if (same.length === 0) {
      items.push(item);
      added = true;
      continue;
    }
    for (const i of same) {
      const k = items[i] as JudgedItem;
      // An item the kept request allows, or asks about under a wider grant than the hook's
      // exact one (a registered check's), takes the hook's item.
      if (k.action !== "ask" || (item.exact === true && k.exact !== true)) {
        items[i] = item;
        added = true;
      }
    }
  }
  return added ? { ...hook, items } : kept;
}

function sameItem(a: JudgedItem, b: JudgedItem): boolean {
  return (
    a.surface === b.surface &&
    a.value === b.value &&
    a.suggestion === b.suggestion &&
    a.access === b.access
  );
}

function tagged(
  request: RequestVerdict,
  ref: PermissionHookRef,
  reason: string | null,
): RequestVerdict {
  const source: DeterminingSource = {
    kind: "hook",
    hook: ref,
    rule: determiningRule(request.source),
    pattern: matchedPatternOf(request.source),
    reason,
  };
  return {
    ...request,
    source,
    reason: reasonOf(request.action, source),
    payload: { ...request.payload, request: { ...request.payload.request, hook: ref } },
  };
}

function checkRequests(
  hook: CheckHook,
  facts: ToolCallFacts,
  current: readonly RequestVerdict[],
  context: { bash: BashAnalysis | null; paths: readonly TouchedFile[] },
): RequestVerdict[] {
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
  const request = wholeCallRequest(facts, current, outcome);
  return [
    {
      ...tagged(request, hook.ref, outcome.reason),
      hookErrors: outcome.error === null ? [] : [{ hook: hook.ref, error: outcome.error }],
    },
  ];
}

type CheckOutcome = { action: PermissionAction; reason: string | null; error: string | null };

/** Run a registered check; whatever goes wrong fails closed as ask. */
export function runCheck(hook: CheckHook, facts: HookFacts): CheckOutcome | null {
  const failed = (error: string): CheckOutcome => ({ action: "ask", reason: null, error });
  const thrown = (error: unknown) => (error instanceof Error ? error.message : String(error));
  let verdict: unknown;
  try {
    verdict = hook.check(facts);
  } catch (error) {
    return failed(`threw: ${thrown(error)}`);
  }
  if (verdict === null || verdict === undefined) return null;
  // INVARIANT: reading the answer fails closed too: a getter or proxy trap that throws makes
  // the hook's verdict ask, naming it, rather than failing the whole permission check.
  try {
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
  } catch (error) {
    return failed(`returned an answer that cannot be read: ${thrown(error)}`);
  }
}

// A check judges the whole call, so its request is the call's primary gate (the command,
// the MCP target, the tool), and only that exact value can be approved for the session.
function wholeCallRequest(
  facts: ToolCallFacts,
  current: readonly RequestVerdict[],
  outcome: CheckOutcome,
): RequestVerdict {
  const primary =
    current.find((j) => j.gate === "bash" || j.gate === "mcp" || j.gate === "tool") ??
    current.at(-1) ??
    null;
  const value = primary?.value ?? facts.toolName;
  const surface = primary?.surface ?? facts.toolName;
  const item: JudgedItem = {
    ...judgedItem({ action: outcome.action, rule: null }, surface, value),
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
  const source = sourceOf(item);
  return {
    gate: primary?.gate ?? "hook",
    surface,
    value,
    action: outcome.action,
    source,
    reason: reasonOf(outcome.action, source),
    hookErrors: [],
    decidingItem: item,
    items: [item],
    payload: base
      ? {
          ...base,
          request: {
            ...base.request,
            value,
            matchedPattern: matchedPatternOf(source),
            commandContext: null,
            executedUnit: null,
            matchedAs: null,
          },
          evidence: [...notes, ...base.evidence],
        }
      : buildPayload(facts, {
          kind: "tool",
          surface,
          value,
          matchedPattern: matchedPatternOf(source),
          evidence: [...notes, inputEvidence(facts.input)],
        }),
    facts: primary?.facts ?? { kind: "tool_input", input: facts.input },
  };
}
