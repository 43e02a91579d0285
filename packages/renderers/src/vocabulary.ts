// The fact vocabulary the dialog and the agent renderer share, so that the human and the
// agent are told about the same element under the same name.
import {
  type BashCommandContext,
  EVIDENCE_LABELS,
  type PromptPayload,
  type PromptPayloadKind,
  type SpellingStep,
} from "@pi-permission/payload";

/**
 * What the ask flags: the value the rule fired on, or, for a bash command that reaches
 * outside the working directory, each escaping path (its `external path` evidence). Empty
 * values are not elements, so the list can be empty.
 *
 * @example
 * ```ts
 * flaggedElements(readEtcPasswd); // ["/etc/passwd"]
 * flaggedElements(diffOutsideRepo); // ["/etc/hosts", "~/.ssh/known_hosts"]
 * ```
 */
export function flaggedElements(payload: PromptPayload): readonly string[] {
  if (payload.kind === "bash_external_directory") {
    // INVARIANT: never fall back to `value` here: for this kind it is the command, which the
    // agent text must not reproduce.
    return payload.evidence
      .filter((e) => e.label === EVIDENCE_LABELS.externalPath && e.text !== "")
      .map((e) => e.text);
  }
  return payload.request.value === "" ? [] : [payload.request.value];
}

const ELEMENT_LABELS: { readonly [K in PromptPayloadKind]: string } = {
  bash: "command",
  mcp: "target",
  tool: "tool",
  path: "path",
  external_directory: "path",
  bash_external_directory: "path",
  skill: "skill",
  skill_read: "skill",
  forwarded: "value",
};

/**
 * What a flagged element of this ask is called: `command`, `target`, `tool`, `path`,
 * `skill`, or `value` for a forwarded ask whose shape is unknown.
 *
 * @example
 * ```ts
 * flaggedElementLabel(mcpPayload); // "target"
 * ```
 */
export function flaggedElementLabel(payload: PromptPayload): string {
  return ELEMENT_LABELS[payload.kind];
}

const CONTEXT_LABELS = {
  command_substitution: "command substitution",
  process_substitution: "process substitution",
  subshell: "subshell",
} as const;

/**
 * The human-readable name of a nested bash execution context, or `undefined` at the top
 * level (`null`).
 *
 * @example
 * ```ts
 * describeBashCommandContext("command_substitution"); // "command substitution"
 * describeBashCommandContext(null); // undefined
 * ```
 */
export function describeBashCommandContext(context: BashCommandContext): string | undefined {
  return context === null ? undefined : CONTEXT_LABELS[context];
}

const SPELLING_STEP_LABELS: { readonly [S in SpellingStep]: string } = {
  command_name: "the command word without its directory",
  options_set_aside: "its options set aside",
  operands_resolved: "its path operands resolved",
  later_words: "a later word read as the command",
};

/**
 * How a spelling of a command was made, as a clause that names no word of the command.
 *
 * @example
 * ```ts
 * describeSpelling(["operands_resolved"]); // "met with its path operands resolved"
 * describeSpelling(["command_name", "options_set_aside"]);
 * // "met with the command word without its directory and its options set aside"
 * ```
 */
export function describeSpelling(steps: readonly SpellingStep[]): string {
  const labels = steps.map((step) => SPELLING_STEP_LABELS[step]);
  const last = labels.pop();
  return `met with ${labels.length > 0 ? `${labels.join(", ")} and ` : ""}${last ?? "another spelling"}`;
}
