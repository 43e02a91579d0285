import { VerdictSummary, Verdict, VerdictRecord, RequestRecord, RequestVerdict } from "@pi-permission/gates";
export { ItemRecord, PathRecord, RuleRecord, UnitRecord } from "@pi-permission/gates";
import { PermissionState } from "@pi-permission/payload";
import { Policy, PolicyIssue, PolicyValidation } from "@pi-permission/policy";
type BatchLine = ({
    readonly id: unknown;
} & VerdictSummary) | ({
    readonly id: unknown;
    readonly line: number;
    readonly error: string;
} & VerdictSummary) | {
    readonly id: unknown;
    readonly line: number;
    readonly error: string;
};
interface BatchSummary {
    readonly cases: number;
    readonly counts: Record<PermissionState, number>;
    readonly errors: number;
}
declare function formatBatchSummary({ cases, counts, errors }: BatchSummary): string;
interface ExplainContext {
    readonly tool: string;
    readonly cwd: string;
    readonly home: string;
    readonly policy: Policy;
    readonly file: string;
    readonly agentName?: string | null;
}
declare function formatExplanation(evaluation: Verdict, context: ExplainContext): string;
interface CliIo {
    stdout: (text: string) => void;
    stderr: (text: string) => void;
    stdin?: AsyncIterable<string | Uint8Array>;
    cwd?: string;
    home?: string;
    env?: Readonly<Record<string, string | undefined>>;
    stdoutIsTTY?: boolean;
    stderrIsTTY?: boolean;
    columns?: number;
    now?: () => number;
    signal?: AbortSignal;
    progressAfterMs?: number;
    followIntervalMs?: number;
}
declare const EXIT: {
    readonly ok: 0;
    readonly allow: 0;
    readonly invalid: 1;
    readonly error: 1;
    readonly ask: 2;
    readonly deny: 3;
    readonly usage: 64;
};
type CheckRecord = VerdictRecord;
type JudgementRecord = RequestRecord;
declare function decidingJudgement(verdict: Verdict): RequestVerdict | null;
declare function checkRecord(verdict: Verdict, policy: Policy, tool: string): CheckRecord;
declare function runCli(argv: readonly string[], io: CliIo): Promise<number>;
interface ValidateReport {
    readonly file: string;
    readonly valid: boolean;
    readonly errors: number;
    readonly warnings: number;
    readonly issues: readonly PolicyIssue[];
}
declare function validateReport({ file, issues }: PolicyValidation): ValidateReport;
declare function formatValidateReport(report: ValidateReport): string;
export { type BatchLine, type BatchSummary, type CheckRecord, type CliIo, EXIT, type ExplainContext, type JudgementRecord, type ValidateReport, checkRecord, decidingJudgement, formatBatchSummary, formatExplanation, formatValidateReport, runCli, validateReport };
