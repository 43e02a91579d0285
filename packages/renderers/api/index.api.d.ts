import { PromptPayload, MatchedSpelling, BashCommandContext, PermissionHookRef, PermissionsStateEntry } from "@pi-permission/payload";
declare const EXTENSION_TAG = "[pi-permission-system]";
declare const DEFAULT_PROMPT_FIELD_MAX_WIDTH = 400;
interface AgentTextOptions {
    fieldMaxWidth?: number;
}
declare function renderPolicyDenial(payload: PromptPayload, ruleReason: string | null, options?: AgentTextOptions): string;
declare function renderUserDenial(payload: PromptPayload, denialReason: string | null, options?: AgentTextOptions): string;
declare function renderUnavailableDenial(payload: PromptPayload, denialReason: string | null, options?: AgentTextOptions): string;
interface GateErrorFacts {
    toolName: string | null;
    error: string | null;
}
declare function renderGateErrorDenial(facts: GateErrorFacts, options?: AgentTextOptions): string;
declare function renderUnregisteredToolDenial(toolName: string, knownTools: readonly string[]): string;
type TextStyle<Role extends string> = (role: Role, text: string) => string;
declare const DEFAULT_PROMPT_MAX_ROWS = 24;
type PromptDialogRole = "title" | "label" | "value" | "flagged" | "evidence" | "annotation" | "elision";
interface PromptDialogOptions {
    width: number;
    maxRows?: number;
    fieldMaxWidth?: number;
    style?: TextStyle<PromptDialogRole>;
}
interface PromptDialogExpandedOptions {
    width: number;
    style?: TextStyle<PromptDialogRole>;
}
declare function renderPromptDialog(payload: PromptPayload, options: PromptDialogOptions): string[];
declare function renderPromptDialogExpanded(payload: PromptPayload, options: PromptDialogExpandedOptions): string[];
interface GrantLine {
    surface: string;
    pattern: string;
    match: "exact" | "pattern";
    requestId?: string | null;
}
interface GrantRenderOptions {
    width: number;
    maxRows?: number;
    fieldMaxWidth?: number;
}
declare function renderGrantPreview(heading: string, grants: readonly GrantLine[], options: GrantRenderOptions): string[];
declare function renderGrantList(grants: readonly GrantLine[], options: GrantRenderOptions): string[];
interface ReviewLogFacts {
    surface: string;
    matchedPattern?: string;
    executedUnit?: string;
    matchedAs?: MatchedSpelling;
    commandContext?: NonNullable<BashCommandContext>;
    invokedToolName?: string;
    hook?: PermissionHookRef;
    forwarded?: true;
    requesterSessionId?: string;
}
declare function renderReviewLogFacts(payload: PromptPayload): ReviewLogFacts;
interface PermissionStateSummary {
    active: number;
    total: number;
    changed: number;
    direction: "enabled" | "disabled" | "changed" | null;
}
type PermissionCardRole = "title" | "enabled" | "disabled" | "metadata";
interface PermissionCardOptions {
    style?: TextStyle<PermissionCardRole>;
    width?: number;
}
declare function summarizePermissionState(entry: PermissionsStateEntry): PermissionStateSummary;
declare function renderPermissionStateCompact(entry: PermissionsStateEntry, options?: PermissionCardOptions): string;
declare function renderPermissionStateExpanded(entry: PermissionsStateEntry, options?: PermissionCardOptions): string[];
declare function flaggedElements(payload: PromptPayload): readonly string[];
declare function flaggedElementLabel(payload: PromptPayload): string;
declare function describeBashCommandContext(context: BashCommandContext): string | undefined;
export { type AgentTextOptions, DEFAULT_PROMPT_FIELD_MAX_WIDTH, DEFAULT_PROMPT_MAX_ROWS, EXTENSION_TAG, type GateErrorFacts, type GrantLine, type GrantRenderOptions, type PermissionCardOptions, type PermissionCardRole, type PermissionStateSummary, type PromptDialogExpandedOptions, type PromptDialogOptions, type PromptDialogRole, type ReviewLogFacts, type TextStyle, describeBashCommandContext, flaggedElementLabel, flaggedElements, renderGateErrorDenial, renderGrantList, renderGrantPreview, renderPermissionStateCompact, renderPermissionStateExpanded, renderPolicyDenial, renderPromptDialog, renderPromptDialogExpanded, renderReviewLogFacts, renderUnavailableDenial, renderUnregisteredToolDenial, renderUserDenial, summarizePermissionState };
