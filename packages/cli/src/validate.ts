import {
  formatPolicyIssue,
  type PolicyIssue,
  type PolicyValidation,
  validatePolicyFile,
} from "@pi-permission/gates";

/** What `pi-permission validate --json` prints: the file, the verdict and every issue. */
export interface ValidateReport {
  readonly file: string;
  /** `true` when the file has no error (warnings allowed): pi would load it as written. */
  readonly valid: boolean;
  readonly errors: number;
  readonly warnings: number;
  readonly issues: readonly PolicyIssue[];
}

/**
 * The report of one validated file.
 *
 * @example
 * ```ts
 * validateReport(validatePolicyFile("permissions.json")).valid; // true or false
 * ```
 */
export function validateReport({ file, issues }: PolicyValidation): ValidateReport {
  const errors = issues.filter((i) => i.severity === "error").length;
  return { file, valid: errors === 0, errors, warnings: issues.length - errors, issues };
}

function plural(count: number, noun: string): string {
  return `${count} ${noun}${count === 1 ? "" : "s"}`;
}

/**
 * The report as a human reads it: each issue (see `formatPolicyIssue`), then one summary line.
 *
 * @example
 * ```ts
 * formatValidateReport({ file: "p.json", valid: true, errors: 0, warnings: 0, issues: [] });
 * // "p.json: no problems found\n"
 * ```
 */
export function formatValidateReport(report: ValidateReport): string {
  const issues = report.issues.map((i) => `${formatPolicyIssue(i)}\n\n`).join("");
  const summary =
    report.issues.length === 0
      ? `${report.file}: no problems found`
      : `${report.file}: ${plural(report.errors, "error")}, ${plural(report.warnings, "warning")}${report.valid ? "" : " (pi fails closed on this file: its allows become asks)"}`;
  return `${issues}${summary}\n`;
}

/** Run `validate FILE [--json]` on already-split arguments; returns the report, or a usage error. */
export function validateCommand(
  args: readonly string[],
): { report: ValidateReport; json: boolean } | { usage: string } {
  const json = args.includes("--json");
  const rest = args.filter((a) => a !== "--json");
  const unknown = rest.find((a) => a.startsWith("-") && a !== "-");
  if (unknown !== undefined) return { usage: `unknown option \`${unknown}\` for \`validate\`` };
  const [file, ...extra] = rest;
  if (file === undefined) return { usage: "`validate` needs the policy file to check" };
  if (extra.length > 0)
    return { usage: `\`validate\` checks one file; unexpected \`${extra[0]}\`` };
  return { report: validateReport(validatePolicyFile(file)), json };
}
