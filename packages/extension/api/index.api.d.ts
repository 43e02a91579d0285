import { ExtensionAPI } from "@earendil-works/pi-coding-agent";
import { HookCheck, VerdictRecord, HookState } from "@pi-permission/gates";
import { PermissionAction } from "@pi-permission/policy";
interface BlockResult {
    block: true;
    reason: string;
}
interface GateFailure {
    error: unknown;
}
declare function failClosed<T>(gate: () => T | Promise<T>, onFailure: (failure: GateFailure) => string): Promise<T | BlockResult>;
interface CommandSecret {
    readonly name: string;
    readonly pattern: RegExp;
}
declare const STATUS_KEY = "pi-permission";
declare function piPermission(pi: ExtensionAPI): void;
interface LogSettings {
    permissionReviewLog: boolean;
    debugLog: boolean;
    reviewLogFieldMaxWidth?: number;
    reviewLogMaxBytes?: number;
    reviewLogFiles?: number;
}
interface LogPaths {
    dir: string;
    review: string;
    debug: string;
}
interface LogWriter {
    readonly paths: LogPaths;
    review(event: string, details: Record<string, unknown>): void;
    debug(event: string, details: Record<string, unknown>): void;
    flush(): void;
}
interface LogWriterOptions {
    agentDir: string;
    settings: () => LogSettings;
    onError?: (message: string) => void;
    now?: () => Date;
    commandSecrets?: (command: string) => readonly CommandSecret[];
}
declare function logPaths(agentDir: string): LogPaths;
declare function createLogWriter(options: LogWriterOptions): LogWriter;
interface PermissionsService {
    readonly sessionId: string;
    checkToolCall(toolName: string, input: unknown): VerdictRecord;
    checkPermission(surface: string, value: string, agentName?: string): PermissionAction;
    getToolPermission(toolName: string): PermissionAction;
    isToolFullyDenied(toolName: string): boolean;
    registerHook(hook: PermissionHookRegistration): () => void;
    getHooks(): HookState[];
}
interface PermissionHookRegistration {
    id: string;
    name: string;
    package?: string;
    check: HookCheck;
}
declare function getPermissionsService(sessionId: string): PermissionsService | undefined;
export { type BlockResult, type CommandSecret, type GateFailure, type LogPaths, type LogSettings, type LogWriter, type LogWriterOptions, type PermissionHookRegistration, type PermissionsService, STATUS_KEY, createLogWriter, piPermission as default, failClosed, getPermissionsService, logPaths };
