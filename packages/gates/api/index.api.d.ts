import { PermissionHookRef, PermissionsStateEntry, PermissionState, MatchedSpelling, PromptPayload, PermissionRequestSource, AllowResolution, DenyResolution, PermissionDecisionEvent, PermissionUiPromptEvent } from "@pi-permission/payload";
import Type from "typebox";
import { Sentinel, BashCommandContext, ParseStatus, BashAnalysis, BashAnalyzer, PathAccess, WrapperKind } from "@pi-permission/bash";
type PermissionAction = "allow" | "ask" | "deny";
declare function strictest(actions: Iterable<PermissionAction>): PermissionAction | undefined;
type ShellToolDeclaration = string | {
    command: string;
    cwd?: string;
};
interface ShellToolSpec {
    readonly command: string;
    readonly cwd: string | null;
}
type ShellToolMap = Readonly<Record<string, readonly ShellToolSpec[]>>;
declare function mergeShellTools(base: ShellToolMap, declared: Readonly<Record<string, ShellToolDeclaration>>): ShellToolMap;
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
interface PolicyAgent {
    permission: PermissionMap;
}
type ProgramFileAccess = "read" | "write" | "read_write";
interface PolicyExample {
    tool: string;
    input: object;
    expect: "allow" | "ask" | "deny";
    rule?: string;
    cwd?: string;
    home?: string;
    note?: string;
}
interface PolicyProgram {
    kind: "wrapper" | "executor" | "files";
    options?: {
        short?: string;
        long?: {
            [option: string]: "none" | "required" | "optional";
        };
        abbreviations?: boolean;
    };
    positionals?: number;
    unsafe?: string[];
    query?: string[];
    codeOptions?: string[];
    operands?: ProgramFileAccess;
    recursive?: boolean | string[];
    fileOptions?: {
        [option: string]: ProgramFileAccess;
    };
    match?: string[] | {
        [command: string]: string | string[];
    };
    notMatch?: string[];
    note?: string;
}
interface PolicyDocument {
    $schema?: string;
    permission?: PermissionMap;
    hooks?: {
        [hookId: string]: PolicyHook;
    };
    agents?: {
        [agentName: string]: PolicyAgent;
    };
    shellTools?: {
        [tool: string]: ShellToolDeclaration;
    };
    programs?: {
        [program: string]: PolicyProgram;
    };
    examples?: PolicyExample[];
    yolo?: boolean;
    permissionReviewLog?: boolean;
    debugLog?: boolean;
    promptMaxRows?: number;
    promptFieldMaxWidth?: number;
    promptKeys?: {
        once?: string;
        session?: string;
        always?: string;
        deny?: string;
        denyWithReason?: string;
        wider?: string;
        expand?: string;
    };
    promptDoublePress?: boolean;
    promptNotification?: "off" | "bell" | "osc9" | "osc777";
    reviewLogFieldMaxWidth?: number;
    reviewLogMaxBytes?: number;
    reviewLogFiles?: number;
    forwardingTimeoutMs?: number;
    analysisDeadlineMs?: number;
    allowYolo?: boolean;
    allowProjectLoosening?: boolean;
    judgeUserBash?: boolean;
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
    readonly unknownValue: "error";
    readonly emptyKey: "error";
    readonly emptyValue: "error";
    readonly builtinProgram: "error";
    readonly invalidProgram: "error";
    readonly exampleFails: "error";
    readonly invalidPromptKey: "error";
    readonly denyGlobMissesNested: "warning";
    readonly shadowedRule: "warning";
    readonly bashAllowedByDefault: "warning";
    readonly externalDirectoryAllowsEverything: "warning";
    readonly hookAllowsOnly: "warning";
    readonly reasonIgnored: "warning";
    readonly surfaceNearMiss: "warning";
    readonly promptKeysIgnored: "warning";
    readonly programRedeclared: "warning";
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
type PolicyScope = "default" | "managed" | "global" | "project" | "session";
interface RuleOrigin {
    readonly scope: PolicyScope;
    readonly file: string | null;
    readonly jsonPath: string;
}
interface BrokenPlace {
    readonly jsonPath: string;
    readonly line: number | null;
    readonly column: number | null;
    readonly message: string;
}
interface BrokenScope {
    readonly scope: PolicyScope;
    readonly file: string;
    readonly errorCount: number;
    readonly kept?: boolean;
    readonly firstError?: BrokenPlace;
}
interface RuleFloor {
    readonly configured: "allow" | "invalid" | "default";
    readonly pattern?: string;
    readonly brokenScopes: readonly BrokenScope[];
}
declare const BROKEN_POLICY_SENTINEL = "<broken-policy-file>";
interface Rule {
    readonly surface: string;
    readonly pattern: string;
    readonly action: PermissionAction;
    readonly reason?: string;
    readonly origin: RuleOrigin;
    readonly floor?: RuleFloor;
    readonly onlyTightens?: true;
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
declare function floored(rule: Rule, configured: RuleFloor["configured"], brokenScopes: readonly BrokenScope[]): Rule;
declare function decideSurface(rules: readonly Rule[], surface: string, matches: (pattern: string) => boolean, fallback: boolean): Rule | undefined;
declare function brokenPolicyNote(rule: Rule | null | undefined): string | null;
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
    readonly promptKeys: PromptKeys;
    readonly promptDoublePress: boolean;
    readonly promptNotification: PromptNotification;
    readonly reviewLogFieldMaxWidth: number;
    readonly reviewLogMaxBytes: number;
    readonly reviewLogFiles: number;
    readonly forwardingTimeoutMs: number;
    readonly analysisDeadlineMs: number;
    readonly shellTools?: ShellToolMap;
    readonly programs?: ProgramMap;
    readonly allowYolo: boolean;
    readonly allowProjectLoosening: boolean;
    readonly judgeUserBash: boolean;
}
interface PromptKeys {
    readonly once: string;
    readonly session: string;
    readonly always: string;
    readonly deny: string;
    readonly denyWithReason: string;
    readonly wider: string;
    readonly expand: string;
}
type PromptKeyName = keyof PromptKeys;
declare const DEFAULT_PROMPT_KEYS: PromptKeys;
declare const PROMPT_KEY_NAMES: PromptKeyName[];
declare const RESERVED_PROMPT_KEYS: readonly string[];
declare const ALWAYS_TARGET_KEYS: readonly string[];
declare const PROMPT_NOTIFICATIONS: readonly [
    "off",
    "bell",
    "osc9",
    "osc777"
];
type PromptNotification = (typeof PROMPT_NOTIFICATIONS)[number];
type PolicySettingKey = keyof PolicySettings;
declare const DEFAULT_POLICY_SETTINGS: PolicySettings;
declare const RESTRICTING_SETTING_KEYS: readonly [
    "allowYolo",
    "allowProjectLoosening"
];
declare const SAFEGUARD_SETTING_KEYS: readonly [
    "promptDoublePress"
];
declare const POLICY_SETTING_KEYS: PolicySettingKey[];
declare function resolveSettings(documents: readonly PolicyDocument[]): PolicySettings;
type ProgramMap = Readonly<Record<string, PolicyProgram>>;
declare function mergePrograms(documents: readonly PolicyDocument[]): ProgramMap | undefined;
interface Loosening {
    readonly jsonPath: string;
    readonly what: string;
}
type ProjectTrustState = "not-needed" | "trusted" | "untrusted" | "forbidden";
interface ProjectTrust {
    readonly state: ProjectTrustState;
    readonly file: string;
    readonly hash: string;
    readonly loosening: readonly Loosening[];
}
declare function policyHash(text: string): string;
declare function projectLoosening(rules: readonly Rule[], base: readonly Rule[], document: PolicyDocument | undefined): Loosening[];
declare function trustStoreFile(agentDir: string): string;
declare function isTrustedProjectFile(agentDir: string, file: string, hash: string): boolean;
declare function recordProjectTrust(agentDir: string, file: string, hash: string | null, now?: Date): void;
type FileScope = "managed" | "global" | "default" | "project";
type ScopeLoad = {
    readonly scope: FileScope;
    readonly file: string;
    readonly status: "loaded";
    readonly document: PolicyDocument;
    readonly rules: readonly Rule[];
    readonly hooks: readonly PolicyHookDefinition[];
    readonly agents?: AgentRules;
    readonly issues: readonly PolicyIssue[];
    readonly hash?: string;
    readonly trust?: ProjectTrust;
} | {
    readonly scope: FileScope;
    readonly file: string;
    readonly status: "broken";
    readonly issues: readonly PolicyIssue[];
    readonly parsed?: boolean;
    readonly rules?: readonly Rule[];
    readonly hooks?: readonly PolicyHookDefinition[];
    readonly agents?: AgentRules;
    readonly settings?: PolicyDocument;
    readonly hash?: string;
} | {
    readonly scope: FileScope;
    readonly file: string;
    readonly status: "missing" | "untrusted";
    readonly issues: readonly PolicyIssue[];
};
interface Policy {
    readonly rules: readonly Rule[];
    readonly hooks: readonly PolicyHookDefinition[];
    readonly agents?: ReadonlyMap<string, readonly Rule[]>;
    readonly settings: PolicySettings;
    readonly brokenScopes: readonly BrokenScope[];
}
interface PolicyLoadResult {
    readonly policy: Policy;
    readonly scopes: readonly ScopeLoad[];
    readonly issues: readonly PolicyIssue[];
    readonly projectTrust?: ProjectTrust;
    readonly usesDefaultPolicy?: boolean;
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
declare function issueInScope(scope: ScopeLoad, draft: IssueDraft): PolicyIssue;
declare function parsePolicyText(text: string, source: {
    readonly scope: FileScope;
    readonly file: string;
}): ScopeLoad;
declare function loadPolicyFile(source: {
    readonly scope: FileScope;
    readonly file: string;
}, readFile?: PolicyFileReader): ScopeLoad;
declare function defaultPolicyScope(): ScopeLoad;
interface MergeOptions {
    readonly projectTrusted?: (file: string, hash: string) => boolean;
}
declare function mergeScopes(scopes: readonly ScopeLoad[], options?: MergeOptions): PolicyLoadResult;
interface LoadPolicyOptions extends PolicyLocation {
    readonly projectTrusted?: boolean;
    readonly agentDir?: string;
    readonly managedFile?: string | null;
    readonly readFile?: PolicyFileReader;
}
declare const MANAGED_POLICY_FILE = "/etc/pi-permission/permissions.json";
declare function managedPolicyFile(env: Readonly<Record<string, string | undefined>>): string;
declare function loadPolicy(options: LoadPolicyOptions): PolicyLoadResult;
interface PolicyValidation {
    readonly file: string;
    readonly issues: readonly PolicyIssue[];
}
declare function validatePolicyFile(file: string, readFile?: PolicyFileReader): PolicyValidation;
type AgentRules = ReadonlyMap<string, readonly Rule[]>;
declare function policyAgentRules(document: PolicyDocument, source: {
    readonly scope: PolicyScope;
    readonly file: string | null;
}, keyOrder?: KeyOrder): Map<string, Rule[]>;
declare function policyForAgent(policy: Policy, agentName: string | null): Policy;
declare function normalizeBashPattern(pattern: string): string;
declare function matchesBashPattern(pattern: string, text: string): boolean;
declare function bashPatternMeets(pattern: string, shape: string): boolean;
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
declare const builtinProgram: DocumentCheck;
declare const invalidProgram: DocumentCheck;
declare const exampleFails: DocumentCheck;
declare const DOCUMENT_CHECKS: readonly DocumentCheck[];
declare const denyGlobMissesNested: PolicyCheck;
declare function patternCovers(language: "bash" | "path" | "name", broad: string, narrow: string): boolean;
declare const shadowedRule: PolicyCheck;
declare const bashAllowedByDefault: PolicyCheck;
declare const externalDirectoryAllowsEverything: PolicyCheck;
declare const POLICY_CHECKS: readonly PolicyCheck[];
declare const DEFAULT_POLICY_TEXT = "{\n  // The pi-permission built-in default policy. It applies when you have no policy file of\n  // your own; `pi-permission init` writes this file for you to edit. The docs explain each\n  // surface: docs/configuration.md in the pi-permission repository.\n  \"$schema\": \"https://unpkg.com/@pi-permission/gates/schema/permissions.schema.json\",\n  \"permission\": {\n    // Anything no rule below names asks.\n    \"*\": \"ask\",\n    // Reading and searching are allowed; outside the project they still ask (below).\n    \"read\": \"allow\",\n    \"grep\": \"allow\",\n    \"find\": \"allow\",\n    \"ls\": \"allow\",\n    // Changes and commands ask.\n    \"write\": \"ask\",\n    \"edit\": \"ask\",\n    \"bash\": \"ask\",\n    // Every path outside the working directory asks, reads included.\n    \"external_directory\": \"ask\",\n    // Secrets are denied to every tool, bash included, read or written.\n    \"path\": {\n      \"**/.env\": \"deny\",\n      \"**/.env.*\": \"deny\",\n      \"~/.ssh/**\": \"deny\",\n      \"~/.aws/**\": \"deny\",\n      \"~/.azure/**\": \"deny\",\n      \"~/.config/gcloud/**\": \"deny\",\n      \"~/.kube/config\": \"deny\",\n      \"~/.docker/config.json\": \"deny\",\n      \"~/.netrc\": \"deny\"\n    }\n  }\n}\n";
declare const DEFAULT_POLICY_NAME = "(built-in default policy)";
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
        find: Type.TOptional<Type.TUnion<[
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
    agents: Type.TOptional<Type.TObject<{}>>;
    shellTools: Type.TOptional<Type.TObject<{}>>;
    programs: Type.TOptional<Type.TObject<{}>>;
    examples: Type.TOptional<Type.TArray<Type.TObject<{
        tool: Type.TString;
        input: Type.TObject<{}>;
        expect: Type.TEnum<[
            "allow",
            "ask",
            "deny"
        ]>;
        rule: Type.TOptional<Type.TString>;
        cwd: Type.TOptional<Type.TString>;
        home: Type.TOptional<Type.TString>;
        note: Type.TOptional<Type.TString>;
    }>>>;
    yolo: Type.TOptional<Type.TBoolean>;
    permissionReviewLog: Type.TOptional<Type.TBoolean>;
    debugLog: Type.TOptional<Type.TBoolean>;
    promptMaxRows: Type.TOptional<Type.TInteger>;
    promptFieldMaxWidth: Type.TOptional<Type.TInteger>;
    promptKeys: Type.TOptional<Type.TObject<{
        once: Type.TOptional<Type.TString>;
        session: Type.TOptional<Type.TString>;
        always: Type.TOptional<Type.TString>;
        deny: Type.TOptional<Type.TString>;
        denyWithReason: Type.TOptional<Type.TString>;
        wider: Type.TOptional<Type.TString>;
        expand: Type.TOptional<Type.TString>;
    }>>;
    promptDoublePress: Type.TOptional<Type.TBoolean>;
    promptNotification: Type.TOptional<Type.TEnum<[
        "off",
        "bell",
        "osc9",
        "osc777"
    ]>>;
    reviewLogFieldMaxWidth: Type.TOptional<Type.TInteger>;
    reviewLogMaxBytes: Type.TOptional<Type.TInteger>;
    reviewLogFiles: Type.TOptional<Type.TInteger>;
    forwardingTimeoutMs: Type.TOptional<Type.TInteger>;
    analysisDeadlineMs: Type.TOptional<Type.TInteger>;
    allowYolo: Type.TOptional<Type.TBoolean>;
    allowProjectLoosening: Type.TOptional<Type.TBoolean>;
    judgeUserBash: Type.TOptional<Type.TBoolean>;
}>;
declare const POLICY_SCHEMA_URL = "https://unpkg.com/@pi-permission/gates/schema/permissions.schema.json";
declare function policyJsonSchema(): Record<string, unknown>;
declare function isPathKey(key: string): boolean;
declare function argumentPathsOf(input: unknown): string[];
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
type ToolPathAccess = "read" | "write" | "read_write";
declare const FILE_TOOLS: Readonly<Record<string, ToolPathAccess>>;
interface ToolPath {
    raw: string;
    access: ToolPathAccess;
}
declare function toolPathOf(toolName: string, input: unknown): ToolPath | null;
declare function toolPathsOf(toolName: string, input: unknown): ToolPath[];
declare function resolvePath(raw: string, cwd: string, home: string): string;
declare function foreignPathReadings(raw: string, cwd: string, home: string): string[];
declare function resolveReadPath(raw: string, cwd: string, home: string): string;
interface ToolCallFacts {
    toolName: string;
    toolCallId: string | null;
    input: unknown;
    cwd: string;
    home: string;
    agentName: string | null;
    sessionId: string | null;
    skills?: readonly SkillLocation[];
    knownTools?: readonly string[];
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
    matchedAs?: MatchedSpelling;
    suggestion: string;
    exact?: true;
    speculative?: true;
}
type DeterminingSource = {
    readonly kind: "rule";
    readonly rule: Rule;
} | {
    readonly kind: "default";
    readonly rule: Rule | null;
} | {
    readonly kind: "sentinel";
    readonly sentinel: string;
    readonly floored: Rule | null;
} | {
    readonly kind: "hook";
    readonly hook: PermissionHookRef;
    readonly rule: Rule | null;
    readonly pattern: string | null;
    readonly reason: string | null;
};
interface HookError {
    readonly hook: PermissionHookRef;
    readonly error: string;
}
type GateFacts = {
    readonly kind: "bash";
    readonly command: string;
    readonly parseStatus: ParseStatus;
} | {
    readonly kind: "path";
    readonly path: string;
    readonly access: ToolPathAccess | null;
} | {
    readonly kind: "external_directory";
    readonly externalPaths: readonly string[];
} | {
    readonly kind: "tool_path";
    readonly path: string;
} | {
    readonly kind: "tool_input";
    readonly input: unknown;
} | {
    readonly kind: "unregistered_tool";
    readonly input: unknown;
    readonly knownTools: readonly string[];
} | {
    readonly kind: "mcp";
    readonly target: string;
    readonly input: unknown;
} | {
    readonly kind: "skill";
    readonly skillName: string;
    readonly path: string | null;
};
interface RequestVerdict {
    gate: GateName;
    surface: string;
    value: string;
    action: PermissionState;
    source: DeterminingSource;
    reason: string | null;
    hookErrors: readonly HookError[];
    decidingItem: JudgedItem | null;
    items: readonly JudgedItem[];
    payload: PromptPayload;
    facts: GateFacts;
}
interface Verdict {
    action: PermissionState;
    requests: readonly RequestVerdict[];
    deciding: RequestVerdict | null;
    bash: BashAnalysis | null;
}
interface TouchedFile {
    shown: string;
    path: string;
    access: ToolPathAccess;
    glob?: true;
    computed?: true;
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
interface EvaluationPolicy extends GatePolicy {
    readonly settings?: {
        readonly shellTools?: ShellToolMap;
        readonly programs?: ProgramMap;
        readonly analysisDeadlineMs?: number;
    };
}
declare function evaluateToolCall(policy: EvaluationPolicy, facts: ToolCallFacts, analyzer: BashAnalyzer): Verdict;
declare function evaluateSkillInput(policy: GatePolicy, facts: ToolCallFacts, skill: string): Verdict;
interface SurfaceQuery {
    readonly surface: string;
    readonly value: string;
}
type QueryPlace = Pick<ToolCallFacts, "cwd" | "home" | "agentName" | "sessionId">;
declare function evaluatePermission(policy: EvaluationPolicy, place: QueryPlace, query: SurfaceQuery, analyzer: BashAnalyzer): Verdict;
declare const EXAMPLE_PLACE: {
    readonly cwd: "/project";
    readonly home: "/home/user";
};
interface ExampleOutcome {
    readonly index: number;
    readonly example: PolicyExample;
    readonly decision: string;
    readonly matchedPattern: string | null;
    readonly holds: boolean;
}
declare function checkPolicyExamples(scope: ScopeLoad, analyzer: BashAnalyzer): {
    readonly outcomes: readonly ExampleOutcome[];
    readonly issues: readonly PolicyIssue[];
};
declare function isToolFullyDenied(rules: readonly Rule[], toolName: string): boolean;
declare function physicalPath(path: string): string | null;
declare function linkTargetOf(path: string, cwd: string, home: string): string | null;
declare function mcpTargetsOf(toolName: string, input: unknown): string[] | null;
interface ProjectionOptions {
    readonly fieldMaxWidth: number;
}
type Refusal = {
    readonly by: "policy";
} | {
    readonly by: "user";
    readonly reason: string | null;
} | {
    readonly by: "unavailable";
    readonly reason: string | null;
};
declare function agentText(request: RequestVerdict, refusal: Refusal, options: ProjectionOptions): string;
declare function verdictAgentText(verdict: Verdict, options: ProjectionOptions): string | null;
interface ReviewContext {
    readonly requestId: string;
    readonly source: PermissionRequestSource;
    readonly call: ToolCallFacts;
}
declare function reviewDetails(request: RequestVerdict, context: ReviewContext, extra: Record<string, unknown>): Record<string, unknown>;
type RequestOutcome = {
    readonly result: "allow";
    readonly resolution: AllowResolution;
} | {
    readonly result: "deny";
    readonly resolution: DenyResolution;
};
interface CallOutcome {
    readonly result: "allow" | "deny";
    readonly decidingRequestId: string;
}
declare function decisionEvent(request: RequestVerdict, requestId: string, outcome: RequestOutcome, context: {
    readonly call: CallOutcome;
    readonly preemptedBy: string | null;
}): PermissionDecisionEvent;
interface GateErrorContext {
    readonly requestId: string;
    readonly source: PermissionRequestSource;
    readonly toolName: string;
    readonly toolCallId: string | null;
    readonly error: string;
}
declare function gateErrorRecords(context: GateErrorContext): {
    agentText: string;
    review: {
        event: string;
        details: Record<string, unknown>;
    };
    decision: PermissionDecisionEvent;
};
type SourceKind = DeterminingSource["kind"];
interface RuleRecord {
    readonly surface: string;
    readonly pattern: string;
    readonly action: PermissionState;
    readonly reason: string | null;
    readonly origin: RuleOrigin;
    readonly floor: RuleFloor | null;
}
interface ItemRecord {
    readonly value: string;
    readonly surface: string;
    readonly access: PathAccess | null;
    readonly action: PermissionState;
    readonly sentinel: string | null;
    readonly executedUnit: string | null;
    readonly rule: RuleRecord | null;
}
interface RequestRecord {
    readonly gate: GateName;
    readonly surface: string;
    readonly action: PermissionState;
    readonly source: SourceKind;
    readonly matchedPattern: string | null;
    readonly origin: RuleOrigin | null;
    readonly reason: string | null;
    readonly rule: RuleRecord | null;
    readonly hook: PermissionHookRef | null;
    readonly items: readonly ItemRecord[];
}
interface UnitRecord {
    readonly text: string;
    readonly argv: readonly string[];
    readonly context: BashCommandContext;
    readonly wrappers: readonly {
        readonly name: string;
        readonly kind: WrapperKind;
    }[];
    readonly executed: readonly string[] | null;
    readonly sentinel: string | null;
}
interface PathRecord {
    readonly raw: string;
    readonly path: string | null;
    readonly glob: string | null;
    readonly access: PathAccess;
    readonly via: "redirect" | "operand";
    readonly unit: number;
}
interface VerdictRecord {
    readonly decision: PermissionState;
    readonly tool: string;
    readonly surface: string | null;
    readonly source: SourceKind | null;
    readonly matchedPattern: string | null;
    readonly sentinel: string | null;
    readonly origin: RuleOrigin | null;
    readonly reason: string | null;
    readonly floor: RuleFloor | null;
    readonly flooredRule: RuleRecord | null;
    readonly hook: PermissionHookRef | null;
    readonly agentText: string | null;
    readonly failClosed: boolean;
    readonly parseStatus: ParseStatus | null;
    readonly units: readonly UnitRecord[] | null;
    readonly paths: readonly PathRecord[] | null;
    readonly judgements: readonly RequestRecord[];
}
interface VerdictRecordOptions extends ProjectionOptions {
    readonly tool: string;
    readonly failClosed: boolean;
}
declare function verdictRecord(verdict: Verdict, options: VerdictRecordOptions): VerdictRecord;
declare const VERDICT_SUMMARY_FIELDS: readonly [
    "decision",
    "surface",
    "source",
    "matchedPattern",
    "origin",
    "reason",
    "failClosed"
];
type VerdictSummary = Pick<VerdictRecord, (typeof VERDICT_SUMMARY_FIELDS)[number]>;
declare function verdictSummary(record: VerdictRecord): VerdictSummary;
interface SessionGrant {
    surface: string;
    pattern: string;
    match: "exact" | "pattern";
}
interface RecordedGrant extends SessionGrant {
    requestId: string | null;
}
interface GrantOptions {
    requestId?: string | null;
    wider?: boolean;
}
declare class SessionGrants {
    #private;
    list(): readonly RecordedGrant[];
    grant(judgement: RequestVerdict, options?: GrantOptions): RecordedGrant[];
    revoke(index: number): RecordedGrant | null;
    revokeAll(): number;
    covering(judgement: RequestVerdict, facts: ToolCallFacts): RecordedGrant | null;
}
interface RunnerPolicy extends EvaluationPolicy {
    yolo: boolean;
    promptFieldMaxWidth: number;
}
interface AskRequest {
    requestId: string;
    source: PermissionRequestSource;
    payload: PromptPayload;
    verdict: RequestVerdict;
    sessionGrants: readonly SessionGrant[];
    widerGrants: readonly SessionGrant[] | null;
    facts: ToolCallFacts;
}
type AuthorityAnswer = {
    kind: "approved";
    forSession: boolean;
    wider?: boolean;
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
    verdict: Verdict;
    requestIds: string[];
} | {
    action: "block";
    reason: string;
    verdict: Verdict;
    requestIds: string[];
};
interface GateRunnerDeps {
    policy: (agentName: string | null) => RunnerPolicy;
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
    runVerdict(facts: ToolCallFacts, source: PermissionRequestSource, verdict: Verdict): Promise<RunOutcome>;
}
declare const BUILTIN_SHELL_TOOLS: ShellToolMap;
interface ShellInvocation {
    command: string | null;
    cwd: string;
    cwdShown: string | null;
}
declare function shellCallOf(toolName: string, input: unknown, declared: ShellToolMap | undefined, cwd: string, home: string): ShellInvocation[] | null;
declare function suggestBashPattern(argv: readonly string[], viaWrapper: boolean): string;
declare function suggestPathPattern(path: string): string;
declare function widerBashPattern(argv: readonly string[], viaWrapper?: boolean): string | null;
declare function widerPathPattern(path: string, access: JudgedItem["access"]): string | null;
declare function unregisteredToolReason(toolName: string, knownTools: readonly string[]): string;
declare function sourceOf(item: JudgedItem | null): DeterminingSource;
declare function matchedPatternOf(source: DeterminingSource): string | null;
declare function determiningRule(source: DeterminingSource): Rule | null;
declare function reasonOf(action: PermissionState, source: DeterminingSource): string | null;
export { ALWAYS_TARGET_KEYS, type AgentRules, type AskRequest, type Authority, type AuthorityAnswer, BROKEN_POLICY_SENTINEL, BUILTIN_SHELL_TOOLS, BUILTIN_TOOL_SURFACES, type BrokenPlace, type BrokenScope, type CallOutcome, type CheckHook, type CheckedDocument, DEFAULT_POLICY_NAME, DEFAULT_POLICY_SETTINGS, DEFAULT_POLICY_TEXT, DEFAULT_PROMPT_KEYS, DEFAULT_RULE, DIRECTIONAL_SURFACES, DOCUMENT_CHECKS, type DeterminingSource, type DocumentCheck, EXAMPLE_PLACE, type EvaluationPolicy, type ExampleOutcome, FILE_TOOLS, type FileScope, type GateErrorContext, type GateFacts, type GateName, type GatePolicy, GateRunner, type GateRunnerDeps, type GrantOptions, type HookCheck, HookEnablement, type HookError, type HookFacts, type HookState, type HookVerdict, type IssueDraft, type ItemRecord, type ItemVerdict, type JsonPathSegment, type JudgedItem, type KeyOrder, type LoadPolicyOptions, type Loosening, MANAGED_POLICY_FILE, type MergeOptions, POLICY_CHECKS, POLICY_ISSUE_CODES, POLICY_SCHEMA_URL, POLICY_SETTING_KEYS, PROMPT_KEY_NAMES, PROMPT_NOTIFICATIONS, type PathPatternContext, type PathRecord, type PatternMap, type PatternValue, type PermissionAction, type PermissionHook, type PermissionMap, type Policy, type PolicyAgent, type PolicyCheck, type PolicyDocument, PolicyDocumentSchema, type PolicyExample, type PolicyFileReader, type PolicyFinding, type PolicyHook, type PolicyHookDefinition, type PolicyIssue, type PolicyIssueCode, type PolicyIssueSeverity, type PolicyLoadResult, type PolicyLocation, type PolicyProgram, type PolicyScope, type PolicySettingKey, type PolicySettings, type PolicyValidation, type ProgramFileAccess, type ProgramMap, type ProjectTrust, type ProjectTrustState, type ProjectionOptions, type PromptKeyName, type PromptKeys, type PromptNotification, type QueryPlace, RESERVED_PROMPT_KEYS, RESTRICTING_SETTING_KEYS, type RecordedGrant, type Refusal, type RequestOutcome, type RequestRecord, type RequestVerdict, type ReviewContext, type Rule, type RuleFloor, type RuleObject, type RuleOrigin, type RuleRecord, type RunOutcome, type RunnerPolicy, type RunnerReporter, SAFEGUARD_SETTING_KEYS, SHELL_TOOLS, SPECIAL_SURFACES, type ScopeLoad, type SessionGrant, SessionGrants, type ShellInvocation, type ShellToolDeclaration, type ShellToolMap, type ShellToolSpec, type SkillLocation, type SourceKind, type SurfaceQuery, type SurfaceValue, type SurfaceVerdict, type ToolCallFacts, type ToolPath, type ToolPathAccess, type TouchedFile, type UnitRecord, VERDICT_SUMMARY_FIELDS, type Verdict, type VerdictRecord, type VerdictRecordOptions, type VerdictSummary, agentDir, agentText, applyFailClosedFloor, argumentPathsOf, bashAllowedByDefault, bashPatternMeets, brokenPolicyNote, builtinProgram, checkPolicyExamples, decideSurface, decisionEvent, defaultPolicyScope, denyGlobMissesNested, determiningRule, evaluatePermission, evaluateSkillInput, evaluateSurface, evaluateToolCall, exampleFails, externalDirectoryAllowsEverything, floored, foreignPathReadings, formatJsonPath, formatPolicyIssue, gateErrorRecords, hasErrors, hookAllowsOnly, invalidProgram, isPathKey, isToolFullyDenied, isTrustedProjectFile, issueInScope, linkTargetOf, loadPolicy, loadPolicyFile, managedPolicyFile, matchedPatternOf, matchesBashPattern, matchesPathPattern, mcpTargetsOf, mergePrograms, mergeScopes, mergeShellTools, normalizeBashPattern, parseJsonPath, parsePolicyText, patternCovers, patternLanguage, permissionRules, physicalPath, policyAgentRules, policyFiles, policyForAgent, policyHash, policyHooks, policyJsonSchema, projectLoosening, readPolicyFile, reasonIgnored, reasonOf, recordProjectTrust, resolvePath, resolvePathPattern, resolveReadPath, resolveSettings, reviewDetails, shadowedRule, shellCallOf, sourceOf, strictest, suggestBashPattern, suggestPathPattern, surfaceNearMiss, toggleAll, toolPathOf, toolPathsOf, transitionEntry, trustStoreFile, universalDefault, unregisteredToolReason, validatePolicyFile, verdictAgentText, verdictRecord, verdictSummary, widerBashPattern, widerPathPattern };
