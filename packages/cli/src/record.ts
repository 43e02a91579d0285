// The verdict record `pi-permission check` prints: the gates' own projection of the Verdict
// (`verdictRecord`), so the CLI, the extension's events and review log, and the service can
// never name a different rule for the same call. Nothing here judges (style rules 1 and 5).

import {
  type ItemRecord,
  type PathRecord,
  type RequestRecord,
  type RequestVerdict,
  type RuleRecord,
  type UnitRecord,
  type Verdict,
  type VerdictRecord,
  verdictRecord,
} from "@pi-permission/gates";
import type { Policy } from "@pi-permission/policy";

export type { ItemRecord, PathRecord, RuleRecord, UnitRecord };

/** What `pi-permission check` prints for one tool call: the gates' `VerdictRecord`. */
export type CheckRecord = VerdictRecord;

/** What one gate said about the call: the gates' `RequestRecord`. */
export type JudgementRecord = RequestRecord;

/**
 * The request that decides: the Verdict's own (first deny, else first ask; for an allow, the
 * call's own gate).
 *
 * @deprecated Read `verdict.deciding`.
 */
export function decidingJudgement(verdict: Verdict): RequestVerdict | null {
  return verdict.deciding;
}

/**
 * The record of one evaluated tool call, under the policy it was judged with.
 *
 * @example
 * ```ts
 * const verdict = evaluateToolCall(policy, facts, analyzer);
 * checkRecord(verdict, policy, "bash").matchedPattern; // "rm *"
 * ```
 */
export function checkRecord(verdict: Verdict, policy: Policy, tool: string): CheckRecord {
  return verdictRecord(verdict, {
    tool,
    fieldMaxWidth: policy.settings.promptFieldMaxWidth,
    failClosed: policy.brokenScopes.length > 0,
  });
}
