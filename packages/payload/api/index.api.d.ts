declare const PERMISSION_CHANNELS: {
    readonly decision: "permissions:decision";
    readonly uiPrompt: "permissions:ui_prompt";
    readonly ready: "permissions:ready";
};
type PermissionChannel = (typeof PERMISSION_CHANNELS)[keyof typeof PERMISSION_CHANNELS];
type PermissionSource = "user" | "project" | `package:${string}`;
interface PermissionHookRef {
    id: string;
    name: string;
    source: PermissionSource;
}
interface PersistedPermissionHook {
    id: string;
    name: string;
    source: PermissionSource;
    enabled: boolean;
    changed: boolean;
}
interface PermissionsStateEntry {
    hooks: PersistedPermissionHook[];
}
declare const PERMISSIONS_STATE_ENTRY_TYPE = "permissions";
interface PromptPayload {
    kind: PromptPayloadKind;
    request: PromptRequestFacts;
    evidence: PromptEvidence[];
    annotations: PromptAnnotation[];
}
type PromptPayloadKind = "bash" | "mcp" | "tool" | "path" | "external_directory" | "bash_external_directory" | "skill" | "skill_read" | "forwarded";
declare const PROMPT_PAYLOAD_KINDS: readonly PromptPayloadKind[];
type BashCommandContext = "command_substitution" | "process_substitution" | "subshell" | null;
interface PromptRequestFacts {
    requester: PromptRequester;
    surface: string;
    toolName: string | null;
    invokedToolName: string | null;
    value: string;
    matchedPattern: string | null;
    commandContext: BashCommandContext;
    executedUnit: string | null;
    matchedAs?: MatchedSpelling | null;
    hook?: PermissionHookRef | null;
}
interface MatchedSpelling {
    text: string;
    steps: SpellingStep[];
}
type SpellingStep = "command_name" | "options_set_aside" | "operands_resolved" | "later_words";
declare const SPELLING_STEPS: readonly SpellingStep[];
interface PromptRequester {
    agentName: string | null;
    forwarded: boolean;
    sessionId: string | null;
}
interface PromptEvidence {
    label: string;
    text: string;
    detail: string | null;
}
interface PromptAnnotation {
    source: string;
    text: string;
}
declare const EVIDENCE_LABELS: {
    readonly fullCommand: "full command";
    readonly workingDirectory: "working directory";
    readonly externalPath: "external path";
    readonly resolvesTo: "resolves to";
    readonly readPath: "read path";
    readonly input: "input";
    readonly requested: "requested";
    readonly hookReason: "hook reason";
    readonly hookError: "hook error";
    readonly concurrentCall: "concurrent call";
};
type PermissionState = "allow" | "ask" | "deny";
declare const PERMISSION_STATES: readonly PermissionState[];
declare function isPermissionState(value: unknown): value is PermissionState;
type PermissionDecisionResult = "allow" | "deny";
type AllowResolution = "policy_allow" | "session_approved" | "infrastructure_auto_allowed" | "user_approved" | "user_approved_for_session" | "auto_approved" | "parent_approved" | "parent_approved_for_session";
type DenyResolution = "policy_deny" | "user_denied" | "confirmation_unavailable" | "gate_error" | "parent_denied";
type PermissionDecisionResolution = AllowResolution | DenyResolution;
type DecisionAuthority = "policy" | "session" | "infrastructure" | "user" | "yolo" | "parent" | "nobody" | "error";
interface DecisionResolutionInfo<Result extends PermissionDecisionResult = PermissionDecisionResult> {
    result: Result;
    decidedBy: DecisionAuthority;
    summary: string;
}
declare const DECISION_RESOLUTIONS: {
    readonly [R in PermissionDecisionResolution]: DecisionResolutionInfo<R extends AllowResolution ? "allow" : "deny">;
};
declare const PERMISSION_DECISION_RESOLUTIONS: readonly PermissionDecisionResolution[];
interface PermissionDecisionEventFields {
    requestId: string;
    surface: string;
    value: string;
    origin: string | null;
    agentName: string | null;
    matchedPattern: string | null;
    forwarding: ForwardedPromptContext | null;
    hook?: PermissionHookRef | null;
    preemptedBy?: string | null;
    call?: DecisionCallOutcome;
}
interface DecisionCallOutcome {
    result: PermissionDecisionResult;
    decidingRequestId: string;
}
interface AllowDecisionEvent extends PermissionDecisionEventFields {
    result: "allow";
    resolution: AllowResolution;
}
interface DenyDecisionEvent extends PermissionDecisionEventFields {
    result: "deny";
    resolution: DenyResolution;
}
type PermissionDecisionEvent = AllowDecisionEvent | DenyDecisionEvent;
interface ForwardedPromptContext {
    requesterAgentName: string | null;
    requesterSessionId: string | null;
}
type PermissionRequestSource = "tool_call" | "skill_input" | "skill_read";
interface PermissionUiPromptEvent {
    requestId: string;
    source: PermissionRequestSource;
    kind: PromptPayloadKind;
    request: PromptRequestFacts;
    forwarding: ForwardedPromptContext | null;
}
interface PermissionsReadyEvent {
    sessionId: string | null;
    adjudicatesLocally: boolean;
}
declare function isPromptPayload(value: unknown): value is PromptPayload;
declare function asPromptPayload(value: unknown): PromptPayload | null;
declare function isPermissionDecisionEvent(value: unknown): value is PermissionDecisionEvent;
declare function isPermissionUiPromptEvent(value: unknown): value is PermissionUiPromptEvent;
declare function isPermissionsReadyEvent(value: unknown): value is PermissionsReadyEvent;
declare function isPermissionsStateEntry(value: unknown): value is PermissionsStateEntry;
declare function asPermissionsStateEntry(value: unknown): PermissionsStateEntry | null;
export { type AllowDecisionEvent, type AllowResolution, type BashCommandContext, DECISION_RESOLUTIONS, type DecisionAuthority, type DecisionCallOutcome, type DecisionResolutionInfo, type DenyDecisionEvent, type DenyResolution, EVIDENCE_LABELS, type ForwardedPromptContext, type MatchedSpelling, PERMISSIONS_STATE_ENTRY_TYPE, PERMISSION_CHANNELS, PERMISSION_DECISION_RESOLUTIONS, PERMISSION_STATES, PROMPT_PAYLOAD_KINDS, type PermissionChannel, type PermissionDecisionEvent, type PermissionDecisionEventFields, type PermissionDecisionResolution, type PermissionDecisionResult, type PermissionHookRef, type PermissionRequestSource, type PermissionSource, type PermissionState, type PermissionUiPromptEvent, type PermissionsReadyEvent, type PermissionsStateEntry, type PersistedPermissionHook, type PromptAnnotation, type PromptEvidence, type PromptPayload, type PromptPayloadKind, type PromptRequestFacts, type PromptRequester, SPELLING_STEPS, type SpellingStep, asPermissionsStateEntry, asPromptPayload, isPermissionDecisionEvent, isPermissionState, isPermissionUiPromptEvent, isPermissionsReadyEvent, isPermissionsStateEntry, isPromptPayload };
