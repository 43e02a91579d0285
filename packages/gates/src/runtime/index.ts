// The gate runtime's door: evaluation, the runner and the facts they read.

export {
  mergeShellTools,
  type ShellToolDeclaration,
  type ShellToolMap,
  type ShellToolSpec,
} from "../policy/shell-tools.ts";
export { argumentPathsOf, isPathKey } from "./argument-paths.ts";
export { HookEnablement, type HookState, toggleAll, transitionEntry } from "./enablement.ts";
export {
  type EvaluationPolicy,
  evaluatePermission,
  evaluateSkillInput,
  evaluateToolCall,
  type QueryPlace,
  SHELL_TOOLS,
  type SurfaceQuery,
} from "./evaluate.ts";
export { checkPolicyExamples, EXAMPLE_PLACE, type ExampleOutcome } from "./examples.ts";
export { isToolFullyDenied } from "./exposure.ts";
export type {
  CheckHook,
  HookCheck,
  HookFacts,
  HookVerdict,
  PermissionHook,
} from "./hooks.ts";
export type { GatePolicy, SurfaceVerdict } from "./judge.ts";
export { linkTargetOf, physicalPath } from "./links.ts";
export { mcpTargetsOf } from "./mcp-targets.ts";
export type {
  DeterminingSource,
  GateFacts,
  GateName,
  HookError,
  ItemVerdict,
  JudgedItem,
  RequestVerdict,
  SkillLocation,
  ToolCallFacts,
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
  type SourceKind,
  type UnitRecord,
  VERDICT_SUMMARY_FIELDS,
  type VerdictRecord,
  type VerdictRecordOptions,
  type VerdictSummary,
  verdictAgentText,
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
export { BUILTIN_SHELL_TOOLS, type ShellInvocation, shellCallOf } from "./shell-tools.ts";
export {
  suggestBashPattern,
  suggestPathPattern,
  widerBashPattern,
  widerPathPattern,
} from "./suggest.ts";
export { unregisteredToolReason } from "./tool-gates.ts";
export {
  FILE_TOOLS,
  foreignPathReadings,
  resolvePath,
  resolveReadPath,
  type ToolPath,
  type ToolPathAccess,
  toolPathOf,
  toolPathsOf,
} from "./tool-paths.ts";
export { determiningRule, matchedPatternOf, reasonOf, sourceOf } from "./verdict.ts";
