/**
 * What is wrong with a policy, as data. Every code is stable: hosts, the CLI's `--json`
 * output and tests rely on it. Errors make their policy file fail closed; warnings do not.
 */
export const POLICY_ISSUE_CODES = {
  /** The file could not be read (permissions, a directory, …). */
  unreadable: "error",
  /** `pi-permission validate` was given a file that does not exist. */
  fileNotFound: "error",
  /** The text is not JSON (comments and trailing commas are fine). */
  invalidJson: "error",
  /** The same key appears twice in one object, so one of the two would be lost. */
  duplicateKey: "error",
  /** A value has the wrong JSON type. */
  wrongType: "error",
  /** A key the schema does not know. */
  unknownKey: "error",
  /** A misspelled surface: an empty key, or `path_…` / `external_directory_…` that is not a known variant. */
  unknownSurface: "error",
  /** An action that is not `allow`, `ask` or `deny`. */
  unknownAction: "error",
  /** A required key is absent. */
  missingKey: "error",
  /** A number below its minimum. */
  outOfRange: "error",
  /** A value outside the ones a field accepts (a program's `kind`, an access). */
  unknownValue: "error",
  /** An empty pattern or hook id. */
  emptyKey: "error",
  /** An empty string where text is required. */
  emptyValue: "error",
  /** A declared program that the bash analysis already knows: its reading cannot be changed. */
  builtinProgram: "error",
  /** A declared program that cannot be read: a bad name, option grammar or field. */
  invalidProgram: "error",
  /** An example that does not hold: a declared program's, or one of the file's `examples`. */
  exampleFails: "error",
  /** A dialog key that is not one printable character, is reserved (`j`, `k`) or collides with another. */
  invalidPromptKey: "error",
  /** A deny glob whose last segment is `*`, so it misses files in nested folders. */
  denyGlobMissesNested: "warning",
  /** Rules that never apply because a later, broader rule of the same file covers them. */
  shadowedRule: "warning",
  /** The universal default is allow and no rule mentions `bash`, so every command runs. */
  bashAllowedByDefault: "warning",
  /** `external_directory` allows every path outside the working directory. */
  externalDirectoryAllowsEverything: "warning",
  /** A permission hook whose every rule allows: it can never change a verdict. */
  hookAllowsOnly: "warning",
  /** A reason on an allow or ask rule, which is never shown. */
  reasonIgnored: "warning",
  /** A surface key one typo away from a known surface or built-in tool. */
  surfaceNearMiss: "warning",
  /** `promptKeys` in a project file, which is ignored: only the user's own files set the keys. */
  promptKeysIgnored: "warning",
  /** A program declared by an earlier file too, differently: the earlier declaration stands. */
  programRedeclared: "warning",
  /** A bash pattern holding `&&`, `||` or `|` as a word: it is matched against one command, so it never matches. */
  bashPatternOperator: "warning",
  /**
   * A pattern that can never match what it is written for: a path pattern with a blank at the
   * edge of a name, `~user`, or a backslash used as a folder separator; a bash pattern with
   * quotes (commands are matched after quote removal).
   */
  deadPattern: "warning",
} as const;

/** A stable issue code. */
export type PolicyIssueCode = keyof typeof POLICY_ISSUE_CODES;

/** Whether an issue makes its file fail closed (`error`) or is advice (`warning`). */
export type PolicyIssueSeverity = "error" | "warning";

/**
 * One problem in a policy: a code, a place, a message, what was expected, what came in and
 * a help line.
 */
export interface PolicyIssue {
  readonly severity: PolicyIssueSeverity;
  readonly code: PolicyIssueCode;
  /** The policy file, or `null` for a policy that came from memory. */
  readonly file: string | null;
  /** Where in the document, as written by `formatJsonPath` (`""` is the whole document). */
  readonly jsonPath: string;
  /** 1-based line of the offending text, when known. */
  readonly line: number | null;
  /** 1-based column of the offending text, when known. */
  readonly column: number | null;
  /** One lowercase sentence; the user's values in backticks. */
  readonly message: string;
  /** What the schema or rule wanted, when that is a thing. */
  readonly expected: string | null;
  /** What came in instead, when that is a thing. */
  readonly received: string | null;
  /** What to do about it. */
  readonly help: string;
}

/** The parts of an issue a check decides; the severity follows from the code. */
export interface IssueDraft {
  readonly code: PolicyIssueCode;
  readonly jsonPath: string;
  readonly message: string;
  readonly expected?: string | null;
  readonly received?: string | null;
  readonly help: string;
}

/** Complete a draft with its severity and its place in a file. */
export function issue(
  draft: IssueDraft,
  file: string | null,
  position: { line: number; column: number } | null = null,
): PolicyIssue {
  return {
    severity: POLICY_ISSUE_CODES[draft.code],
    code: draft.code,
    file,
    jsonPath: draft.jsonPath,
    line: position?.line ?? null,
    column: position?.column ?? null,
    message: draft.message,
    expected: draft.expected ?? null,
    received: draft.received ?? null,
    help: draft.help,
  };
}

/**
 * Whether any of the issues is an error (the file fails closed), not just warnings.
 *
 * @example
 * ```ts
 * if (hasErrors(result.issues)) ui.notify("pi-permission: the policy has errors; allows are asks until fixed");
 * ```
 */
export function hasErrors(issues: readonly PolicyIssue[]): boolean {
  return issues.some((i) => i.severity === "error");
}

/**
 * Render one issue as the lines a human reads:
 *
 * ```text
 * error[unknownKey]: unknown key `yollo`
 *   --> /repo/.pi/permissions.json:3:3
 *   at: yollo
 *   expected: a known key
 *   received: `yollo`
 *   help: did you mean `yolo`?
 * ```
 *
 * @example
 * ```ts
 * for (const i of result.issues) process.stderr.write(`${formatPolicyIssue(i)}\n`);
 * ```
 */
export function formatPolicyIssue(issue: PolicyIssue): string {
  const place =
    issue.file === null
      ? "(in memory)"
      : issue.line === null
        ? issue.file
        : `${issue.file}:${issue.line}:${issue.column}`;
  const lines = [
    `${issue.severity}[${issue.code}]: ${issue.message}`,
    `  --> ${place}`,
    `  at: ${issue.jsonPath === "" ? "(the whole file)" : issue.jsonPath}`,
  ];
  if (issue.expected !== null) lines.push(`  expected: ${issue.expected}`);
  if (issue.received !== null) lines.push(`  received: ${issue.received}`);
  lines.push(`  help: ${issue.help}`);
  return lines.join("\n");
}
