import { checkPolicyExamples } from "@pi-permission/gates";
import {
  formatPolicyIssue,
  loadPolicyFile,
  type PolicyIssue,
  type PolicyValidation,
  validatePolicyFile,
} from "@pi-permission/policy";
import { analyzerOrError } from "./judge.ts";

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

/**
 * The file's checks, then its own `examples` judged with the file alone (only when it loads
 * without errors: a broken file's verdicts are its fail-closed floors, not its rules).
 */
export async function validatePolicyWithExamples(file: string): Promise<PolicyValidation> {
  const validation = validatePolicyFile(file);
  if (validation.issues.some((i) => i.severity === "error")) return validation;
  const scope = loadPolicyFile({ scope: "global", file });
  if (scope.status !== "loaded" || (scope.document.examples ?? []).length === 0) return validation;
  const analyzer = await analyzerOrError();
  if ("error" in analyzer) throw new Error(analyzer.error);
  return { file, issues: [...validation.issues, ...checkPolicyExamples(scope, analyzer).issues] };
}

/** Run `validate FILE [--json]` on already-split arguments; returns the report, or a usage error. */
export async function validateCommand(
  args: readonly string[],
): Promise<{ report: ValidateReport; json: boolean } | { usage: string }> {
  const json = args.includes("--json");
  const rest = args.filter((a) => a !== "--json");
  const unknown = rest.find((a) => a.startsWith("-") && a !== "-");
  if (unknown !== undefined) return { usage: `unknown option \`${unknown}\` for \`validate\`` };
  const [file, ...extra] = rest;
  if (file === undefined) return { usage: "`validate` needs the policy file to check" };
  if (extra.length > 0)
    return { usage: `\`validate\` checks one file; unexpected \`${extra[0]}\`` };
  return { report: validateReport(await validatePolicyWithExamples(file)), json };
}
