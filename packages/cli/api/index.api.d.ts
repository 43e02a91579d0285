import { PermissionState, PermissionHookRef } from "@pi-permission/payload";
import { ParseStatus, BashCommandContext, WrapperKind, PathAccess } from "@pi-permission/bash";
import { RuleOrigin, RuleFloor, GateName, Verdict, Policy, RequestVerdict, PolicyIssue, PolicyValidation } from "@pi-permission/gates";
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
interface JudgementRecord {
    readonly gate: GateName;
    readonly surface: string;
    readonly action: PermissionState;
    readonly matchedPattern: string | null;
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
interface CheckRecord {
    readonly decision: PermissionState;
    readonly tool: string;
    readonly surface: string | null;
    readonly matchedPattern: string | null;
    readonly sentinel: string | null;
    readonly origin: RuleOrigin | null;
    readonly reason: string | null;
    readonly floor: RuleFloor | null;
    readonly hook: PermissionHookRef | null;
    readonly agentText: string | null;
    readonly failClosed: boolean;
    readonly parseStatus: ParseStatus | null;
    readonly units: readonly UnitRecord[] | null;
    readonly paths: readonly PathRecord[] | null;
    readonly judgements: readonly JudgementRecord[];
}
declare function decidingJudgement(evaluation: Verdict): RequestVerdict | null;
declare function checkRecord(evaluation: Verdict, policy: Policy, tool: string): CheckRecord;
type BatchLine = ({
    readonly id: unknown;
} & Pick<CheckRecord, "decision" | "surface" | "matchedPattern" | "origin" | "reason" | "failClosed">) | {
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
}
declare function formatExplanation(evaluation: Verdict, context: ExplainContext): string;
interface CliIo {
    stdout: (text: string) => void;
    stderr: (text: string) => void;
    stdin?: AsyncIterable<string | Uint8Array>;
    cwd?: string;
    home?: string;
    env?: Readonly<Record<string, string | undefined>>;
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
export { type BatchLine, type BatchSummary, type CheckRecord, type CliIo, EXIT, type ExplainContext, type ItemRecord, type JudgementRecord, type PathRecord, type RuleRecord, type UnitRecord, type ValidateReport, checkRecord, decidingJudgement, formatBatchSummary, formatExplanation, formatValidateReport, runCli, validateReport };
