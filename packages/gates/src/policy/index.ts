// The policy layer's door: everything the gate runtime and the package index import from it.
export { type AgentRules, policyAgentRules, policyForAgent } from "./agents.ts";
export { bashPatternMeets, matchesBashPattern, normalizeBashPattern } from "./bash-pattern.ts";
export {
  bashAllowedByDefault,
  builtinProgram,
  type CheckedDocument,
  DOCUMENT_CHECKS,
  type DocumentCheck,
  denyGlobMissesNested,
  exampleFails,
  externalDirectoryAllowsEverything,
  hookAllowsOnly,
  invalidProgram,
  POLICY_CHECKS,
  type PolicyCheck,
  type PolicyFinding,
  patternCovers,
  reasonIgnored,
  shadowedRule,
  surfaceNearMiss,
} from "./checks.ts";
export { DEFAULT_POLICY_NAME, DEFAULT_POLICY_TEXT } from "./default-policy.ts";
export type {
  PatternMap,
  PatternValue,
  PermissionMap,
  PolicyAgent,
  PolicyDocument,
  PolicyHook,
  PolicyExample,
  PolicyProgram,
  ProgramFileAccess,
  RuleObject,
  SurfaceValue,
} from "./document.ts";
export { type PolicyHookDefinition, policyHooks } from "./hooks.ts";
export {
  formatPolicyIssue,
  hasErrors,
  type IssueDraft,
  POLICY_ISSUE_CODES,
  type PolicyIssue,
  type PolicyIssueCode,
  type PolicyIssueSeverity,
} from "./issues.ts";
export { formatJsonPath, type JsonPathSegment, parseJsonPath } from "./json-path.ts";
export {
  agentDir,
  defaultPolicyScope,
  type FileScope,
  issueInScope,
  type LoadPolicyOptions,
  loadPolicy,
  loadPolicyFile,
  MANAGED_POLICY_FILE,
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
  type PathPatternContext,
  resolvePathPattern,
} from "./path-pattern.ts";
export {
  applyFailClosedFloor,
  BROKEN_POLICY_SENTINEL,
  type BrokenPlace,
  type BrokenScope,
  brokenPolicyNote,
  DEFAULT_RULE,
  DIRECTIONAL_SURFACES,
  decideSurface,
  evaluateSurface,
  floored,
  type PolicyScope,
  patternLanguage,
  permissionRules,
  type Rule,
  type RuleFloor,
  type RuleOrigin,
  universalDefault,
} from "./rules.ts";
export {
  BUILTIN_TOOL_SURFACES,
  POLICY_SCHEMA_URL,
  PolicyDocumentSchema,
  policyJsonSchema,
  SPECIAL_SURFACES,
} from "./schema.ts";
export type { KeyOrder } from "./schema-check.ts";
export {
  DEFAULT_POLICY_SETTINGS,
  mergePrograms,
  POLICY_SETTING_KEYS,
  type PolicySettingKey,
  type PolicySettings,
  type ProgramMap,
  RESTRICTING_SETTING_KEYS,
  resolveSettings,
} from "./settings.ts";
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
