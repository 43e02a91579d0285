// The gate runtime's door: evaluation, the runner and the facts they read.

export { HookEnablement, type HookState, toggleAll, transitionEntry } from "./enablement.ts";
export { evaluateSkillInput, evaluateToolCall, SHELL_TOOLS } from "./evaluate.ts";
export { isToolFullyDenied } from "./exposure.ts";
export type {
  CheckHook,
  HookCheck,
  HookFacts,
  HookVerdict,
  PermissionHook,
} from "./hooks.ts";
export type { GatePolicy, SurfaceVerdict } from "./judge.ts";
export { mcpTargetsOf } from "./mcp-targets.ts";
export type {
  Evaluation,
  GateName,
  HookDecision,
  ItemVerdict,
  JudgedItem,
  Judgement,
  SkillLocation,
  ToolCallFacts,
} from "./model.ts";
export type { TouchedFile } from "./path-gates.ts";
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
export { type SessionGrant, SessionGrants } from "./session-grants.ts";
export { suggestBashPattern, suggestPathPattern } from "./suggest.ts";
export {
  FILE_TOOLS,
  resolvePath,
  type ToolPath,
  type ToolPathAccess,
  toolPathOf,
} from "./tool-paths.ts";
