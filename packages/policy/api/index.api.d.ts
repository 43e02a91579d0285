import { PermissionHookRef } from "@pi-permission/payload";
import Type from "typebox";
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
    readonly bashPatternOperator: "warning";
    readonly deadPattern: "warning";
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
declare function formatPolicyIssue(issue: PolicyIssue): string;
type JsonPathSegment = string | number;
declare function formatJsonPath(segments: readonly JsonPathSegment[]): string;
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
declare const DEFAULT_RULE: Rule;
declare function permissionRules(permission: PermissionMap, source: {
    readonly scope: PolicyScope;
    readonly file: string | null;
}, keyOrder?: KeyOrder, at?: readonly string[]): Rule[];
declare function evaluateSurface(rules: readonly Rule[], surface: string, matches: (pattern: string) => boolean): Rule | undefined;
declare function universalDefault(rules: readonly Rule[]): Rule;
declare function applyFailClosedFloor(rules: readonly Rule[], brokenScopes: readonly BrokenScope[]): Rule[];
declare function floored(rule: Rule, configured: RuleFloor["configured"], brokenScopes: readonly BrokenScope[]): Rule;
declare function decideSurface(rules: readonly Rule[], surface: string, matches: (pattern: string) => boolean, fallback: boolean, head?: string): Rule | undefined;
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
    readonly trustedPrograms?: ProgramMap | null;
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
declare const DEFAULT_PROMPT_KEYS: PromptKeys;
declare const RESERVED_PROMPT_KEYS: readonly string[];
declare const PROMPT_NOTIFICATIONS: readonly [
    "off",
    "bell",
    "osc9",
    "osc777"
];
type PromptNotification = (typeof PROMPT_NOTIFICATIONS)[number];
declare const DEFAULT_POLICY_SETTINGS: PolicySettings;
type ProgramMap = Readonly<Record<string, PolicyProgram>>;
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
declare function projectLoosening(rules: readonly Rule[], base: readonly Rule[], document: PolicyDocument | undefined, baseSettings?: PolicySettings): Loosening[];
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
declare function managedPolicyFile(env: Readonly<Record<string, string | undefined>>): string;
declare function loadPolicy(options: LoadPolicyOptions): PolicyLoadResult;
interface PolicyValidation {
    readonly file: string;
    readonly issues: readonly PolicyIssue[];
}
declare function validatePolicyFile(file: string, readFile?: PolicyFileReader): PolicyValidation;
type AgentRules = ReadonlyMap<string, readonly Rule[]>;
declare function policyForAgent(policy: Policy, agentName: string | null): Policy;
declare function agentSectionKey(name: string): string;
declare function matchesBashPattern(pattern: string, text: string): boolean;
declare function bashPatternMeets(pattern: string, shape: string): boolean;
declare const NAME_RUN = "\u0001";
declare function bashPatternMeetsWithOptions(pattern: string, text: string, argv?: readonly string[]): string | null;
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
declare const denyGlobMissesNested: PolicyCheck;
declare const shadowedRule: PolicyCheck;
declare const bashAllowedByDefault: PolicyCheck;
declare const externalDirectoryAllowsEverything: PolicyCheck;
declare const bashPatternOperator: PolicyCheck;
declare const deadPattern: PolicyCheck;
declare const DEFAULT_POLICY_TEXT = "{\n  // The pi-permission built-in default policy. It applies when you have no policy file of\n  // your own; `pi-permission init` writes this file for you to edit. The docs explain each\n  // surface: docs/configuration.md in the pi-permission repository.\n  \"$schema\": \"https://unpkg.com/@pi-permission/policy/schema/permissions.schema.json\",\n  \"permission\": {\n    // Anything no rule below names asks.\n    \"*\": \"ask\",\n    // Reading and searching are allowed; outside the project they still ask (below).\n    \"read\": \"allow\",\n    \"grep\": \"allow\",\n    \"find\": \"allow\",\n    \"ls\": \"allow\",\n    // Changes and commands ask.\n    \"write\": \"ask\",\n    \"edit\": \"ask\",\n    \"bash\": \"ask\",\n    // Every path outside the working directory asks, reads included.\n    \"external_directory\": \"ask\",\n    // Secrets are denied to every tool, bash included, read or written.\n    \"path\": {\n      \"**/.env\": \"deny\",\n      \"**/.env.*\": \"deny\",\n      \"~/.ssh/**\": \"deny\",\n      \"~/.aws/**\": \"deny\",\n      \"~/.azure/**\": \"deny\",\n      \"~/.config/gcloud/**\": \"deny\",\n      \"~/.kube/config\": \"deny\",\n      \"~/.docker/config.json\": \"deny\",\n      \"~/.netrc\": \"deny\"\n    }\n  }\n}\n";
interface PathPatternContext {
    readonly cwd: string;
    readonly home: string;
}
declare function resolvePathPattern(pattern: string, context: PathPatternContext): string;
declare function pathPatternBelow(pattern: string, context: PathPatternContext): string | null;
declare function matchesPathPattern(pattern: string, path: string, context: PathPatternContext): boolean;
type PathMatcher = (absolute: string) => boolean;
declare function pathPatternMatcher(pattern: string, context: PathPatternContext): PathMatcher;
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
        bash: Type.TOptional<Type.TUnion<[
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
declare const POLICY_SCHEMA_URL = "https://unpkg.com/@pi-permission/policy/schema/permissions.schema.json";
declare function policyJsonSchema(): Record<string, unknown>;
type ToolPathAccess = "read" | "write" | "read_write";
type PatternLanguage = "bash" | "path" | "name";
interface SurfaceSpec {
    readonly kind: "tool" | "special";
    readonly language: PatternLanguage;
    readonly description: string;
    readonly paths?: {
        readonly family: "path" | "external_directory";
        readonly access: ToolPathAccess;
    };
    readonly directions?: readonly [
        read: string,
        write: string
    ];
    readonly file?: {
        readonly access: ToolPathAccess;
        readonly optionalPath: boolean;
        readonly readsBelow?: true;
        readonly lists?: "entries" | "below";
    };
    readonly shell?: {
        readonly command: string;
        readonly cwd: string | null;
    };
}
declare const SURFACES: {
    readonly path: {
        readonly kind: "special";
        readonly language: "path";
        readonly paths: {
            readonly family: "path";
            readonly access: "read_write";
        };
        readonly directions: readonly [
            "path_read",
            "path_write"
        ];
        readonly description: "Every file a call touches, read or written. Sugar for `path_read` plus `path_write`. Path patterns.";
    };
    readonly path_read: {
        readonly kind: "special";
        readonly language: "path";
        readonly paths: {
            readonly family: "path";
            readonly access: "read";
        };
        readonly description: "Every file a call reads. Path patterns.";
    };
    readonly path_write: {
        readonly kind: "special";
        readonly language: "path";
        readonly paths: {
            readonly family: "path";
            readonly access: "write";
        };
        readonly description: "Every file a call writes (bash redirects included). Path patterns.";
    };
    readonly external_directory: {
        readonly kind: "special";
        readonly language: "path";
        readonly paths: {
            readonly family: "external_directory";
            readonly access: "read_write";
        };
        readonly directions: readonly [
            "external_directory_read",
            "external_directory_write"
        ];
        readonly description: "Every touched path outside the working directory. Sugar for `external_directory_read` plus `external_directory_write`. Path patterns.";
    };
    readonly external_directory_read: {
        readonly kind: "special";
        readonly language: "path";
        readonly paths: {
            readonly family: "external_directory";
            readonly access: "read";
        };
        readonly description: "Every path outside the working directory that a call reads. Path patterns.";
    };
    readonly external_directory_write: {
        readonly kind: "special";
        readonly language: "path";
        readonly paths: {
            readonly family: "external_directory";
            readonly access: "write";
        };
        readonly description: "Every path outside the working directory that a call writes. Path patterns.";
    };
    readonly mcp: {
        readonly kind: "special";
        readonly language: "name";
        readonly description: "MCP tool calls, matched by target name (for example `github:*`).";
    };
    readonly skill: {
        readonly kind: "special";
        readonly language: "name";
        readonly description: "Skills, matched by skill name.";
    };
    readonly read: SurfaceSpec;
    readonly write: SurfaceSpec;
    readonly edit: SurfaceSpec;
    readonly bash: {
        readonly kind: "tool";
        readonly language: "bash";
        readonly shell: {
            readonly command: "command";
            readonly cwd: null;
        };
        readonly description: "Each command the `bash` tool would execute, matched by bash patterns (`git *`).";
    };
    readonly grep: SurfaceSpec;
    readonly find: SurfaceSpec;
    readonly ls: SurfaceSpec;
};
declare function surfaceSpec(surface: string): SurfaceSpec | undefined;
declare const FILE_TOOLS: Readonly<Record<string, ToolPathAccess>>;
declare function patternLanguage(surface: string): PatternLanguage;
declare class WorkBudgetSpent extends Error {
    readonly what: string;
    constructor(what: string);
}
declare const WORK_BUDGET_STEPS = 1000000;
declare const WORK_BUDGET_WALL_MS = 1000;
declare function withWorkBudget<T>(work: () => T, steps?: number, wallMs?: number): T;
declare function spendWork(steps: number, what: string): void;
export { type AgentRules, BROKEN_POLICY_SENTINEL, type BrokenPlace, type BrokenScope, type CheckedDocument, DEFAULT_POLICY_SETTINGS, DEFAULT_POLICY_TEXT, DEFAULT_PROMPT_KEYS, DEFAULT_RULE, type DocumentCheck, FILE_TOOLS, type FileScope, type IssueDraft, type JsonPathSegment, type KeyOrder, type LoadPolicyOptions, type Loosening, type MergeOptions, NAME_RUN, POLICY_ISSUE_CODES, POLICY_SCHEMA_URL, PROMPT_NOTIFICATIONS, type PathMatcher, type PathPatternContext, type PatternLanguage, type PatternMap, type PatternValue, type PermissionAction, type PermissionMap, type Policy, type PolicyAgent, type PolicyCheck, type PolicyDocument, PolicyDocumentSchema, type PolicyExample, type PolicyFileReader, type PolicyFinding, type PolicyHook, type PolicyHookDefinition, type PolicyIssue, type PolicyIssueSeverity, type PolicyLoadResult, type PolicyLocation, type PolicyProgram, type PolicyScope, type PolicySettings, type PolicyValidation, type ProgramFileAccess, type ProgramMap, type ProjectTrust, type ProjectTrustState, type PromptKeys, type PromptNotification, RESERVED_PROMPT_KEYS, type Rule, type RuleFloor, type RuleObject, type RuleOrigin, SURFACES, type ScopeLoad, type ShellToolDeclaration, type ShellToolMap, type ShellToolSpec, type SurfaceSpec, type SurfaceValue, type ToolPathAccess, WORK_BUDGET_STEPS, WORK_BUDGET_WALL_MS, WorkBudgetSpent, agentDir, agentSectionKey, applyFailClosedFloor, bashAllowedByDefault, bashPatternMeets, bashPatternMeetsWithOptions, bashPatternOperator, brokenPolicyNote, builtinProgram, deadPattern, decideSurface, denyGlobMissesNested, evaluateSurface, exampleFails, externalDirectoryAllowsEverything, floored, formatJsonPath, formatPolicyIssue, hookAllowsOnly, invalidProgram, isTrustedProjectFile, issueInScope, loadPolicy, loadPolicyFile, managedPolicyFile, matchesBashPattern, matchesPathPattern, mergeScopes, mergeShellTools, parsePolicyText, pathPatternBelow, pathPatternMatcher, patternLanguage, permissionRules, policyFiles, policyForAgent, policyHash, policyHooks, policyJsonSchema, projectLoosening, readPolicyFile, reasonIgnored, recordProjectTrust, resolvePathPattern, shadowedRule, spendWork, strictest, surfaceNearMiss, surfaceSpec, trustStoreFile, universalDefault, validatePolicyFile, withWorkBudget };
