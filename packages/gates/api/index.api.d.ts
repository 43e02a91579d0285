import { PermissionHookRef, PermissionsStateEntry, PermissionState, MatchedSpelling, PromptPayload, PermissionRequestSource, AllowResolution, DenyResolution, PermissionDecisionEvent, PermissionUiPromptEvent } from "@pi-permission/payload";
import { Sentinel, BashCommandContext, ParseStatus, BashAnalysis, BashAnalyzer, PathAccess, WrapperKind } from "@pi-permission/bash";
import { Rule, ToolPathAccess, PermissionAction, PolicyHookDefinition, ShellToolMap, ProgramMap, PolicyExample, ScopeLoad, PolicyIssue, RuleOrigin, RuleFloor } from "@pi-permission/policy";
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
    knownTools?: readonly string[];
    concurrent?: readonly ConcurrentCall[];
    running?: readonly ConcurrentCall[];
    shellPath?: string | null;
    unguardedLaunches?: readonly UnguardedLaunch[];
}
interface UnguardedLaunch {
    agent: string;
    definition: string;
    why: string;
}
interface ConcurrentCall {
    toolName: string;
    input: unknown;
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
    unfixed?: true;
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
interface ToolPath {
    raw: string;
    access: ToolPathAccess;
}
declare function toolPathOf(toolName: string, input: unknown): ToolPath | null;
declare function resolvePath(raw: string, cwd: string, home: string): string;
declare function resolveReadPath(raw: string, cwd: string, home: string): string;
interface TouchedFile {
    shown: string;
    path: string;
    access: ToolPathAccess;
    glob?: true;
    computed?: true;
    listing?: true;
    dots?: true;
    starsSkipDots?: true;
    joined?: string;
    linksBelowUnread?: true;
    hostedBy?: string;
    concurrent?: true;
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
interface GatePolicy {
    rules: readonly Rule[];
    hooks?: readonly PermissionHook[];
    scrutinyOnly?: boolean;
}
interface EvaluationPolicy extends GatePolicy {
    readonly settings?: {
        readonly shellTools?: ShellToolMap;
        readonly programs?: ProgramMap;
        readonly trustedPrograms?: ProgramMap | null;
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
interface ExampleBudget {
    readonly cpuMs?: number;
    readonly wallMs?: number;
    readonly max?: number;
}
interface ExampleOutcome {
    readonly index: number;
    readonly example: PolicyExample;
    readonly decision: string;
    readonly matchedPattern: string | null;
    readonly holds: boolean;
}
declare function checkPolicyExamples(scope: ScopeLoad, analyzer: BashAnalyzer, budget?: ExampleBudget): {
    readonly outcomes: readonly ExampleOutcome[];
    readonly issues: readonly PolicyIssue[];
};
declare function isToolFullyDenied(rules: readonly Rule[], toolName: string): boolean;
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
    subagents?: true;
}
interface GrantOptions {
    requestId?: string | null;
    wider?: boolean;
    subagents?: boolean;
}
declare class SessionGrants {
    #private;
    list(): readonly RecordedGrant[];
    grant(judgement: RequestVerdict, options?: GrantOptions): RecordedGrant[];
    revoke(index: number): RecordedGrant | null;
    revokeAll(): number;
    covering(judgement: RequestVerdict, facts: ToolCallFacts): RecordedGrant | null;
    coveringSubagent(judgement: RequestVerdict, facts: ToolCallFacts): RecordedGrant | null;
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
declare const SUBAGENT_LAUNCH_SURFACE = "subagent_launch";
declare function unguardedLaunchRequest(facts: ToolCallFacts): RequestVerdict | null;
declare function widerBashPattern(argv: readonly string[], viaWrapper?: boolean): string | null;
declare function widerPathPattern(path: string, access: JudgedItem["access"]): string | null;
export { type AskRequest, type Authority, type AuthorityAnswer, type CallOutcome, type CheckHook, type ConcurrentCall, type DeterminingSource, type EvaluationPolicy, type ExampleBudget, type ExampleOutcome, type GateErrorContext, type GateFacts, type GateName, type GatePolicy, GateRunner, type GateRunnerDeps, type GrantOptions, type HookCheck, HookEnablement, type HookError, type HookFacts, type HookState, type HookVerdict, type ItemRecord, type JudgedItem, type PathRecord, type PermissionHook, type ProjectionOptions, type QueryPlace, type RecordedGrant, type Refusal, type RequestOutcome, type RequestRecord, type RequestVerdict, type ReviewContext, type RuleRecord, type RunOutcome, type RunnerPolicy, type RunnerReporter, SUBAGENT_LAUNCH_SURFACE, type SessionGrant, SessionGrants, type SkillLocation, type SurfaceQuery, type ToolCallFacts, type ToolPath, type TouchedFile, type UnguardedLaunch, type UnitRecord, VERDICT_SUMMARY_FIELDS, type Verdict, type VerdictRecord, type VerdictRecordOptions, type VerdictSummary, agentText, checkPolicyExamples, decisionEvent, evaluatePermission, evaluateSkillInput, evaluateToolCall, gateErrorRecords, isToolFullyDenied, resolvePath, resolveReadPath, reviewDetails, toggleAll, toolPathOf, unguardedLaunchRequest, verdictRecord, verdictSummary, widerBashPattern, widerPathPattern };
