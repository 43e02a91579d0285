import { PermissionHookRef, PermissionsStateEntry, PermissionState, PromptPayload, PermissionRequestSource, PermissionDecisionEvent, PermissionUiPromptEvent } from "@pi-permission/payload";
import Type from "typebox";
import { Sentinel, BashCommandContext, BashAnalysis, BashAnalyzer } from "@pi-permission/bash";
type PermissionAction = "allow" | "ask" | "deny";
declare function strictest(actions: Iterable<PermissionAction>): PermissionAction | undefined;
declare function normalizeBashPattern(pattern: string): string;
declare function matchesBashPattern(pattern: string, text: string): boolean;
type PatternValue = PermissionAction | RuleObject;
interface RuleObject {
    action: PermissionAction;
    reason?: string;
}
interface PatternMap {
    [pattern: string]: PatternValue;
}
type SurfaceValue = PermissionAction | PatternMap;
interface PermissionMap {
    "*"?: PermissionAction;
    [surface: string]: SurfaceValue | undefined;
}
interface PolicyHook {
    name: string;
    permission: {
        [surface: string]: SurfaceValue;
    };
}
interface PolicyDocument {
    $schema?: string;
    permission?: PermissionMap;
    hooks?: {
        [hookId: string]: PolicyHook;
    };
    yolo?: boolean;
    permissionReviewLog?: boolean;
    debugLog?: boolean;
    promptMaxRows?: number;
    promptFieldMaxWidth?: number;
    reviewLogFieldMaxWidth?: number;
    forwardingTimeoutMs?: number;
}
declare const POLICY_ISSUE_CODES: {
    readonly unreadable: "error";
    readonly fileNotFound: "error";
    readonly invalidJson: "error";
    readonly duplicateKey: "error";
    readonly wrongType: "error";
    readonly unknownKey: "error";
    readonly unknownSurface: "error";
    readonly unknownAction: "error";
    readonly missingKey: "error";
    readonly outOfRange: "error";
    readonly emptyKey: "error";
    readonly emptyValue: "error";
    readonly denyGlobMissesNested: "warning";
    readonly shadowedRule: "warning";
    readonly bashAllowedByDefault: "warning";
    readonly externalDirectoryAllowsEverything: "warning";
    readonly hookAllowsOnly: "warning";
    readonly reasonIgnored: "warning";
    readonly surfaceNearMiss: "warning";
};
type PolicyIssueCode = keyof typeof POLICY_ISSUE_CODES;
type PolicyIssueSeverity = "error" | "warning";
interface PolicyIssue {
    readonly severity: PolicyIssueSeverity;
    readonly code: PolicyIssueCode;
    readonly file: string | null;
    readonly jsonPath: string;
    readonly line: number | null;
    readonly column: number | null;
    readonly message: string;
    readonly expected: string | null;
    readonly received: string | null;
    readonly help: string;
}
interface IssueDraft {
    readonly code: PolicyIssueCode;
    readonly jsonPath: string;
    readonly message: string;
    readonly expected?: string | null;
    readonly received?: string | null;
    readonly help: string;
}
declare function hasErrors(issues: readonly PolicyIssue[]): boolean;
declare function formatPolicyIssue(issue: PolicyIssue): string;
type JsonPathSegment = string | number;
declare function formatJsonPath(segments: readonly JsonPathSegment[]): string;
declare function parseJsonPath(path: string): JsonPathSegment[] | undefined;
type KeyOrder = (object: Record<string, unknown>) => readonly string[];
type PolicyScope = "default" | "global" | "project" | "session";
interface RuleOrigin {
    readonly scope: PolicyScope;
    readonly file: string | null;
    readonly jsonPath: string;
}
interface BrokenScope {
    readonly scope: PolicyScope;
    readonly file: string;
    readonly errorCount: number;
}
interface RuleFloor {
    readonly configured: "allow";
    readonly brokenScopes: readonly BrokenScope[];
}
interface Rule {
    readonly surface: string;
    readonly pattern: string;
    readonly action: PermissionAction;
    readonly reason?: string;
    readonly origin: RuleOrigin;
    readonly floor?: RuleFloor;
}
declare const DIRECTIONAL_SURFACES: {
    readonly path: readonly [
        "path_read",
        "path_write"
    ];
    readonly external_directory: readonly [
        "external_directory_read",
        "external_directory_write"
    ];
};
declare const DEFAULT_RULE: Rule;
declare function permissionRules(permission: PermissionMap, source: {
    readonly scope: PolicyScope;
    readonly file: string | null;
}, keyOrder?: KeyOrder, at?: readonly string[]): Rule[];
declare function evaluateSurface(rules: readonly Rule[], surface: string, matches: (pattern: string) => boolean): Rule | undefined;
declare function universalDefault(rules: readonly Rule[]): Rule;
declare function patternLanguage(surface: string): "bash" | "path" | "name";
declare function applyFailClosedFloor(rules: readonly Rule[], brokenScopes: readonly BrokenScope[]): Rule[];
interface CheckedDocument {
    readonly document: PolicyDocument;
    readonly keyOrder: KeyOrder;
}
interface PolicyFinding {
    readonly file: string | null;
    readonly draft: IssueDraft;
}
interface DocumentCheck {
    readonly name: PolicyIssueCode;
    readonly check: (input: CheckedDocument) => IssueDraft[];
}
interface PolicyCheck {
    readonly name: PolicyIssueCode;
    readonly check: (rules: readonly Rule[]) => PolicyFinding[];
}
declare const hookAllowsOnly: DocumentCheck;
declare const reasonIgnored: DocumentCheck;
declare const surfaceNearMiss: DocumentCheck;
declare const DOCUMENT_CHECKS: readonly DocumentCheck[];
declare const denyGlobMissesNested: PolicyCheck;
declare function patternCovers(language: "bash" | "path" | "name", broad: string, narrow: string): boolean;
declare const shadowedRule: PolicyCheck;
declare const bashAllowedByDefault: PolicyCheck;
declare const externalDirectoryAllowsEverything: PolicyCheck;
declare const POLICY_CHECKS: readonly PolicyCheck[];
interface PolicyHookDefinition {
    readonly kind: "rules";
    readonly ref: PermissionHookRef & {
        readonly source: "user" | "project";
    };
    readonly key: string;
    readonly rules: readonly Rule[];
}
declare function policyHooks(document: PolicyDocument, origin: {
    readonly scope: PolicyScope;
    readonly file: string | null;
}, keyOrder?: KeyOrder): PolicyHookDefinition[];
interface PolicySettings {
    readonly yolo: boolean;
    readonly permissionReviewLog: boolean;
    readonly debugLog: boolean;
    readonly promptMaxRows: number;
    readonly promptFieldMaxWidth: number;
    readonly reviewLogFieldMaxWidth: number;
    readonly forwardingTimeoutMs: number;
}
type PolicySettingKey = keyof PolicySettings;
declare const DEFAULT_POLICY_SETTINGS: PolicySettings;
declare const POLICY_SETTING_KEYS: PolicySettingKey[];
declare function resolveSettings(documents: readonly PolicyDocument[]): PolicySettings;
type FileScope = "global" | "project";
type ScopeLoad = {
    readonly scope: FileScope;
    readonly file: string;
    readonly status: "loaded";
    readonly document: PolicyDocument;
    readonly rules: readonly Rule[];
    readonly hooks: readonly PolicyHookDefinition[];
    readonly issues: readonly PolicyIssue[];
} | {
    readonly scope: FileScope;
    readonly file: string;
    readonly status: "missing" | "untrusted" | "broken";
    readonly issues: readonly PolicyIssue[];
};
interface Policy {
    readonly rules: readonly Rule[];
    readonly hooks: readonly PolicyHookDefinition[];
    readonly settings: PolicySettings;
    readonly brokenScopes: readonly BrokenScope[];
}
interface PolicyLoadResult {
    readonly policy: Policy;
    readonly scopes: readonly ScopeLoad[];
    readonly issues: readonly PolicyIssue[];
}
type PolicyFileReader = (file: string) => string | undefined;
interface PolicyLocation {
    readonly env: Readonly<Record<string, string | undefined>>;
    readonly home: string;
    readonly cwd: string;
}
declare function agentDir({ env, home, cwd }: PolicyLocation): string;
declare function policyFiles(location: PolicyLocation): {
    global: string;
    project: string;
};
declare const readPolicyFile: PolicyFileReader;
declare function parsePolicyText(text: string, source: {
    readonly scope: FileScope;
    readonly file: string;
}): ScopeLoad;
declare function loadPolicyFile(source: {
    readonly scope: FileScope;
    readonly file: string;
}, readFile?: PolicyFileReader): ScopeLoad;
declare function mergeScopes(scopes: readonly ScopeLoad[]): PolicyLoadResult;
interface LoadPolicyOptions extends PolicyLocation {
    readonly projectTrusted: boolean;
    readonly readFile?: PolicyFileReader;
}
declare function loadPolicy(options: LoadPolicyOptions): PolicyLoadResult;
interface PolicyValidation {
    readonly file: string;
    readonly issues: readonly PolicyIssue[];
}
declare function validatePolicyFile(file: string, readFile?: PolicyFileReader): PolicyValidation;
interface PathPatternContext {
    readonly cwd: string;
    readonly home: string;
}
declare function resolvePathPattern(pattern: string, { cwd, home }: PathPatternContext): string;
declare function matchesPathPattern(pattern: string, path: string, context: PathPatternContext): boolean;
declare const SPECIAL_SURFACES: readonly [
    "path",
    "path_read",
    "path_write",
    "external_directory",
    "external_directory_read",
    "external_directory_write",
    "mcp",
    "skill"
];
declare const BUILTIN_TOOL_SURFACES: readonly [
    "read",
    "write",
    "edit",
    "bash",
    "grep",
    "find",
    "ls"
];
declare const PolicyDocumentSchema: Type.TObject<{
    $schema: Type.TOptional<Type.TString>;
    permission: Type.TOptional<Type.TObject<{
        external_directory: Type.TOptional<Type.TUnion<[
            Type.TEnum<[
                "allow",
                "ask",
                "deny"
            ]>,
            Type.TObject<{}>
        ]>>;
        path: Type.TOptional<Type.TUnion<[
            Type.TEnum<[
                "allow",
                "ask",
                "deny"
            ]>,
            Type.TObject<{}>
        ]>>;
        find: Type.TOptional<Type.TUnion<[
            Type.TEnum<[
                "allow",
                "ask",
                "deny"
            ]>,
            Type.TObject<{}>
        ]>>;
        path_read: Type.TOptional<Type.TUnion<[
            Type.TEnum<[
                "allow",
                "ask",
                "deny"
            ]>,
            Type.TObject<{}>
        ]>>;
        path_write: Type.TOptional<Type.TUnion<[
            Type.TEnum<[
                "allow",
                "ask",
                "deny"
            ]>,
            Type.TObject<{}>
        ]>>;
        external_directory_read: Type.TOptional<Type.TUnion<[
            Type.TEnum<[
                "allow",
                "ask",
                "deny"
            ]>,
            Type.TObject<{}>
        ]>>;
        external_directory_write: Type.TOptional<Type.TUnion<[
            Type.TEnum<[
                "allow",
                "ask",
                "deny"
            ]>,
            Type.TObject<{}>
        ]>>;
        bash: Type.TOptional<Type.TUnion<[
            Type.TEnum<[
                "allow",
                "ask",
                "deny"
            ]>,
            Type.TObject<{}>
        ]>>;
        read: Type.TOptional<Type.TUnion<[
            Type.TEnum<[
                "allow",
                "ask",
                "deny"
            ]>,
            Type.TObject<{}>
        ]>>;
        write: Type.TOptional<Type.TUnion<[
            Type.TEnum<[
                "allow",
                "ask",
                "deny"
            ]>,
            Type.TObject<{}>
        ]>>;
        edit: Type.TOptional<Type.TUnion<[
            Type.TEnum<[
                "allow",
                "ask",
                "deny"
            ]>,
            Type.TObject<{}>
        ]>>;
        grep: Type.TOptional<Type.TUnion<[
            Type.TEnum<[
                "allow",
                "ask",
                "deny"
            ]>,
            Type.TObject<{}>
        ]>>;
        ls: Type.TOptional<Type.TUnion<[
            Type.TEnum<[
                "allow",
                "ask",
                "deny"
            ]>,
            Type.TObject<{}>
        ]>>;
        mcp: Type.TOptional<Type.TUnion<[
            Type.TEnum<[
                "allow",
                "ask",
                "deny"
            ]>,
            Type.TObject<{}>
        ]>>;
        skill: Type.TOptional<Type.TUnion<[
            Type.TEnum<[
                "allow",
                "ask",
                "deny"
            ]>,
            Type.TObject<{}>
        ]>>;
        "*": Type.TOptional<Type.TEnum<[
            "allow",
            "ask",
            "deny"
        ]>>;
    }>>;
    hooks: Type.TOptional<Type.TObject<{}>>;
    yolo: Type.TOptional<Type.TBoolean>;
    permissionReviewLog: Type.TOptional<Type.TBoolean>;
    debugLog: Type.TOptional<Type.TBoolean>;
    promptMaxRows: Type.TOptional<Type.TInteger>;
    promptFieldMaxWidth: Type.TOptional<Type.TInteger>;
    reviewLogFieldMaxWidth: Type.TOptional<Type.TInteger>;
    forwardingTimeoutMs: Type.TOptional<Type.TInteger>;
}>;
declare const POLICY_SCHEMA_URL = "https://unpkg.com/@pi-permission/gates/schema/permissions.schema.json";
declare function policyJsonSchema(): Record<string, unknown>;
interface HookState extends PermissionHookRef {
    enabled: boolean;
}
declare class HookEnablement {
    #private;
    restore(data: unknown): void;
    isEnabled(id: string): boolean;
    states(loaded: readonly PermissionHookRef[]): HookState[];
    commit(loaded: readonly PermissionHookRef[], after: Readonly<Record<string, boolean>>): PermissionsStateEntry | null;
}
declare function transitionEntry(before: readonly HookState[], after: Readonly<Record<string, boolean>>): PermissionsStateEntry | null;
declare function toggleAll(states: readonly HookState[]): Record<string, boolean>;
interface ToolCallFacts {
    toolName: string;
    toolCallId: string | null;
    input: unknown;
    cwd: string;
    home: string;
    agentName: string | null;
    sessionId: string | null;
    skills?: readonly SkillLocation[];
}
interface SkillLocation {
    name: string;
    dir: string;
}
type GateName = "skill" | "skill_read" | "path" | "external_directory" | "mcp" | "tool" | "bash" | "hook";
interface ItemVerdict {
    action: PermissionState;
    rule: Rule | null;
    sentinel: Sentinel | null;
}
interface JudgedItem extends ItemVerdict {
    value: string;
    shown: string;
    surface: string;
    context: BashCommandContext;
    access?: "read" | "write" | "read_write";
    executedUnit: string | null;
    suggestion: string;
    exact?: true;
}
interface Judgement {
    gate: GateName;
    surface: string;
    value: string;
    action: PermissionState;
    deciding: JudgedItem | null;
    items: readonly JudgedItem[];
    payload: PromptPayload;
    logContext: Record<string, unknown>;
    hook?: HookDecision;
}
interface HookDecision {
    ref: PermissionHookRef;
    reason: string | null;
}
interface Evaluation {
    action: PermissionState;
    judgements: readonly Judgement[];
    deciding: Judgement | null;
    bash: BashAnalysis | null;
}
type ToolPathAccess = "read" | "write" | "read_write";
declare const FILE_TOOLS: Readonly<Record<string, ToolPathAccess>>;
interface ToolPath {
    raw: string;
    access: ToolPathAccess;
}
declare function toolPathOf(toolName: string, input: unknown): ToolPath | null;
declare function resolvePath(raw: string, cwd: string, home: string): string;
interface TouchedFile {
    shown: string;
    path: string;
    access: ToolPathAccess;
}
interface HookFacts {
    readonly toolName: string;
    readonly input: unknown;
    readonly cwd: string;
    readonly agentName: string | null;
    readonly sessionId: string | null;
    readonly bash: BashAnalysis | null;
    readonly paths: readonly TouchedFile[];
}
interface HookVerdict {
    action: PermissionAction;
    reason?: string;
}
type HookCheck = (facts: HookFacts) => HookVerdict | null | undefined;
interface CheckHook {
    readonly kind: "check";
    readonly ref: PermissionHookRef;
    readonly check: HookCheck;
}
type PermissionHook = PolicyHookDefinition | CheckHook;
interface SurfaceVerdict {
    action: PermissionState;
    rule: Rule | null;
}
interface GatePolicy {
    rules: readonly Rule[];
    hooks?: readonly PermissionHook[];
    scrutinyOnly?: boolean;
}
declare const SHELL_TOOLS: ReadonlySet<string>;
declare function evaluateToolCall(policy: GatePolicy, facts: ToolCallFacts, analyzer: BashAnalyzer): Evaluation;
declare function evaluateSkillInput(policy: GatePolicy, facts: ToolCallFacts, skill: string): Evaluation;
declare function isToolFullyDenied(rules: readonly Rule[], toolName: string): boolean;
declare function mcpTargetsOf(toolName: string, input: unknown): string[] | null;
interface SessionGrant {
    surface: string;
    pattern: string;
}
declare class SessionGrants {
    #private;
    list(): readonly SessionGrant[];
    grant(judgement: Judgement): SessionGrant[];
    covering(judgement: Judgement, facts: ToolCallFacts): SessionGrant | null;
}
interface RunnerPolicy extends GatePolicy {
    yolo: boolean;
    promptFieldMaxWidth: number;
}
interface AskRequest {
    requestId: string;
    source: PermissionRequestSource;
    payload: PromptPayload;
    judgement: Judgement;
    sessionGrants: readonly SessionGrant[];
}
type AuthorityAnswer = {
    kind: "approved";
    forSession: boolean;
} | {
    kind: "denied";
    reason: string | null;
} | {
    kind: "unavailable";
    reason: string | null;
};
interface Authority {
    kind: "user" | "parent" | "none";
    ask(request: AskRequest): Promise<AuthorityAnswer>;
}
interface RunnerReporter {
    review(event: string, details: Record<string, unknown>): void;
    decision(event: PermissionDecisionEvent): void;
    uiPrompt(event: PermissionUiPromptEvent): void;
}
type RunOutcome = {
    action: "allow";
    evaluation: Evaluation;
    requestIds: string[];
} | {
    action: "block";
    reason: string;
    evaluation: Evaluation;
    requestIds: string[];
};
interface GateRunnerDeps {
    policy: () => RunnerPolicy;
    analyzer: BashAnalyzer;
    authority: () => Authority;
    reporter: RunnerReporter;
    grants: SessionGrants;
    mintId?: () => string;
}
declare class GateRunner {
    #private;
    constructor(deps: GateRunnerDeps);
    run(facts: ToolCallFacts): Promise<RunOutcome>;
    runSkillInput(facts: ToolCallFacts, skill: string): Promise<RunOutcome>;
}
declare function suggestBashPattern(argv: readonly string[], viaWrapper: boolean): string;
declare function suggestPathPattern(path: string): string;
export { type AskRequest, type Authority, type AuthorityAnswer, BUILTIN_TOOL_SURFACES, type BrokenScope, type CheckHook, type CheckedDocument, DEFAULT_POLICY_SETTINGS, DEFAULT_RULE, DIRECTIONAL_SURFACES, DOCUMENT_CHECKS, type DocumentCheck, type Evaluation, FILE_TOOLS, type FileScope, type GateName, type GatePolicy, GateRunner, type GateRunnerDeps, type HookCheck, type HookDecision, HookEnablement, type HookFacts, type HookState, type HookVerdict, type IssueDraft, type ItemVerdict, type JsonPathSegment, type JudgedItem, type Judgement, type KeyOrder, type LoadPolicyOptions, POLICY_CHECKS, POLICY_ISSUE_CODES, POLICY_SCHEMA_URL, POLICY_SETTING_KEYS, type PathPatternContext, type PatternMap, type PatternValue, type PermissionAction, type PermissionHook, type PermissionMap, type Policy, type PolicyCheck, type PolicyDocument, PolicyDocumentSchema, type PolicyFileReader, type PolicyFinding, type PolicyHook, type PolicyHookDefinition, type PolicyIssue, type PolicyIssueCode, type PolicyIssueSeverity, type PolicyLoadResult, type PolicyLocation, type PolicyScope, type PolicySettingKey, type PolicySettings, type PolicyValidation, type Rule, type RuleFloor, type RuleObject, type RuleOrigin, type RunOutcome, type RunnerPolicy, type RunnerReporter, SHELL_TOOLS, SPECIAL_SURFACES, type ScopeLoad, type SessionGrant, SessionGrants, type SkillLocation, type SurfaceValue, type SurfaceVerdict, type ToolCallFacts, type ToolPath, type ToolPathAccess, type TouchedFile, agentDir, applyFailClosedFloor, bashAllowedByDefault, denyGlobMissesNested, evaluateSkillInput, evaluateSurface, evaluateToolCall, externalDirectoryAllowsEverything, formatJsonPath, formatPolicyIssue, hasErrors, hookAllowsOnly, isToolFullyDenied, loadPolicy, loadPolicyFile, matchesBashPattern, matchesPathPattern, mcpTargetsOf, mergeScopes, normalizeBashPattern, parseJsonPath, parsePolicyText, patternCovers, patternLanguage, permissionRules, policyFiles, policyHooks, policyJsonSchema, readPolicyFile, reasonIgnored, resolvePath, resolvePathPattern, resolveSettings, shadowedRule, strictest, suggestBashPattern, suggestPathPattern, surfaceNearMiss, toggleAll, toolPathOf, transitionEntry, universalDefault, validatePolicyFile };
