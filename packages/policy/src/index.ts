/**
 * The policy language of pi-permission.
 *
 * The policy file's schema and types ({@link PolicyDocumentSchema}, {@link PolicyDocument}),
 * loading and merging the global and project files with fail-closed handling of broken ones
 * ({@link loadPolicy}), the ordered rule list with provenance and the last-match evaluation of
 * a surface ({@link evaluateSurface}), the two pattern languages ({@link matchesBashPattern},
 * {@link matchesPathPattern}), the resolved runtime settings ({@link PolicySettings}) and the
 * validation issues with stable codes ({@link PolicyIssue}).
 *
 * @packageDocumentation
 */
export { type PermissionAction, strictest } from "./action.ts";
export { type AgentRules, agentSectionKey, policyForAgent } from "./agents.ts";
export {
  bashPatternMeets,
  bashPatternMeetsWithOptions,
  matchesBashPattern,
  NAME_RUN,
} from "./bash-pattern.ts";
export {
  bashAllowedByDefault,
  bashPatternOperator,
  builtinProgram,
  type CheckedDocument,
  type DocumentCheck,
  deadPattern,
  denyGlobMissesNested,
  exampleFails,
  externalDirectoryAllowsEverything,
  hookAllowsOnly,
  invalidProgram,
  type PolicyCheck,
  type PolicyFinding,
  reasonIgnored,
  shadowedRule,
  surfaceNearMiss,
} from "./checks.ts";
export { DEFAULT_POLICY_TEXT } from "./default-policy.ts";
export type {
  PatternMap,
  PatternValue,
  PermissionMap,
  PolicyAgent,
  PolicyDocument,
  PolicyExample,
  PolicyHook,
  PolicyProgram,
  ProgramFileAccess,
  RuleObject,
  SurfaceValue,
} from "./document.ts";
export { type PolicyHookDefinition, policyHooks } from "./hooks.ts";
export {
  formatPolicyIssue,
  type IssueDraft,
  POLICY_ISSUE_CODES,
  type PolicyIssue,
  type PolicyIssueSeverity,
} from "./issues.ts";
export { formatJsonPath, type JsonPathSegment } from "./json-path.ts";
export {
  agentDir,
  type FileScope,
  issueInScope,
  type LoadPolicyOptions,
  loadPolicy,
  loadPolicyFile,
  type MergeOptions,
  managedPolicyFile,
  mergeScopes,
  type Policy,
  type PolicyFileReader,
  type PolicyLoadResult,
  type PolicyLocation,
  type PolicyValidation,
  parsePolicyText,
  policyFiles,
  readPolicyFile,
  type ScopeLoad,
  validatePolicyFile,
} from "./load.ts";
export {
  matchesPathPattern,
  type PathMatcher,
  type PathPatternContext,
  pathPatternBelow,
  pathPatternMatcher,
  resolvePathPattern,
} from "./path-pattern.ts";
export {
  applyFailClosedFloor,
  BROKEN_POLICY_SENTINEL,
  type BrokenPlace,
  type BrokenScope,
  brokenPolicyNote,
  DEFAULT_RULE,
  decideSurface,
  evaluateSurface,
  floored,
  type PolicyScope,
  permissionRules,
  type Rule,
  type RuleFloor,
  type RuleOrigin,
  universalDefault,
} from "./rules.ts";
export { POLICY_SCHEMA_URL, PolicyDocumentSchema, policyJsonSchema } from "./schema.ts";
export type { KeyOrder } from "./schema-check.ts";
export {
  DEFAULT_POLICY_SETTINGS,
  DEFAULT_PROMPT_KEYS,
  type PolicySettings,
  PROMPT_NOTIFICATIONS,
  type ProgramMap,
  type PromptKeys,
  type PromptNotification,
  RESERVED_PROMPT_KEYS,
} from "./settings.ts";
export {
  mergeShellTools,
  type ShellToolDeclaration,
  type ShellToolMap,
  type ShellToolSpec,
} from "./shell-tools.ts";
export {
  FILE_TOOLS,
  type PatternLanguage,
  patternLanguage,
  SURFACES,
  type SurfaceSpec,
  surfaceSpec,
  type ToolPathAccess,
} from "./surfaces.ts";
export {
  isTrustedProjectFile,
  type Loosening,
  type ProjectTrust,
  type ProjectTrustState,
  policyHash,
  projectLoosening,
  recordProjectTrust,
  trustStoreFile,
} from "./trust.ts";
export {
  spendWork,
  WORK_BUDGET_STEPS,
  WORK_BUDGET_WALL_MS,
  WorkBudgetSpent,
  withWorkBudget,
} from "./work-budget.ts";
