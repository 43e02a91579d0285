/**
 * The gate runtime: judges a tool call against a policy from `@pi-permission/policy`.
 *
 * {@link evaluateToolCall} returns the call's {@link Verdict} (one request per judging gate,
 * each with exactly one determining source); the projections beside it ({@link agentText},
 * {@link reviewDetails}, {@link decisionEvent}, {@link verdictRecord}) turn that one record
 * into every text, log line, event and CLI answer. {@link GateRunner} adds the control around
 * it: ids, preemption, session grants and the authority that answers an ask.
 *
 * @packageDocumentation
 */

export { HookEnablement, type HookState, toggleAll } from "./enablement.ts";
export {
  type EvaluationPolicy,
  evaluatePermission,
  evaluateSkillInput,
  evaluateToolCall,
  type QueryPlace,
  type SurfaceQuery,
} from "./evaluate.ts";
export { checkPolicyExamples, type ExampleBudget, type ExampleOutcome } from "./examples.ts";
export { isToolFullyDenied } from "./exposure.ts";
export type { CheckHook, HookCheck, HookFacts, HookVerdict, PermissionHook } from "./hooks.ts";
export type { GatePolicy } from "./judge.ts";
export type {
  ConcurrentCall,
  DeterminingSource,
  GateFacts,
  GateName,
  HookError,
  JudgedItem,
  RequestVerdict,
  SkillLocation,
  ToolCallFacts,
  UnguardedLaunch,
  Verdict,
} from "./model.ts";
export type { TouchedFile } from "./path-gates.ts";
export {
  agentText,
  type CallOutcome,
  decisionEvent,
  type GateErrorContext,
  gateErrorRecords,
  type ItemRecord,
  type PathRecord,
  type ProjectionOptions,
  type Refusal,
  type RequestOutcome,
  type RequestRecord,
  type ReviewContext,
  type RuleRecord,
  reviewDetails,
  type UnitRecord,
  VERDICT_SUMMARY_FIELDS,
  type VerdictRecord,
  type VerdictRecordOptions,
  type VerdictSummary,
  verdictRecord,
  verdictSummary,
} from "./projections.ts";
export {
  type AskRequest,
  type Authority,
  type AuthorityAnswer,
  GateRunner,
  type GateRunnerDeps,
  type RunnerPolicy,
  type RunnerReporter,
  type RunOutcome,
} from "./runner.ts";
export {
  type GrantOptions,
  type RecordedGrant,
  type SessionGrant,
  SessionGrants,
} from "./session-grants.ts";
export { SUBAGENT_LAUNCH_SURFACE, unguardedLaunchRequest } from "./subagent-launch.ts";
export { widerBashPattern, widerPathPattern } from "./suggest.ts";
export { resolvePath, resolveReadPath, type ToolPath, toolPathOf } from "./tool-paths.ts";
