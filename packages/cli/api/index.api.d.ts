import { PolicyIssue, PolicyValidation } from "@pi-permission/gates";
interface CliIo {
    stdout: (text: string) => void;
    stderr: (text: string) => void;
}
declare const EXIT: {
    readonly ok: 0;
    readonly invalid: 1;
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
export { type CliIo, EXIT, type ValidateReport, formatValidateReport, runCli, validateReport };
