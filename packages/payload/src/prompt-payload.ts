import type { PermissionHookRef } from "./state-entry.ts";

/**
 * The complete, structured description of one permission ask. Gates build it; renderers turn
 * it into text for the human (the prompt dialog), the agent (a denial) and the review log.
 * Nothing in it is prose: every field is a fact, so each audience can be told exactly what it
 * needs and no more.
 *
 * The payload is always complete. Shortening happens only when a renderer draws it, never
 * here, so a consumer that receives a payload can always show the whole request.
 *
 * What `request.value` holds and which evidence a gate attaches depends on the kind:
 *
 * | kind | what was asked | `request.value` | typical evidence |
 * |---|---|---|---|
 * | `bash` | a bash command, judged by the `bash` surface | the command unit the rule fired on | `full command` when the unit is part of a longer command |
 * | `mcp` | an MCP tool call | the MCP target (`github:create_issue`) | `input` |
 * | `tool` | any other tool, judged by its own surface | the tool name | `input` |
 * | `path` | a file a call touches, judged by `path` | the path | `full command`, `resolves to` |
 * | `external_directory` | a path outside the working directory | the path | `working directory`, `resolves to` |
 * | `bash_external_directory` | a bash command touching paths outside the working directory | the command | `working directory`, one `external path` per path |
 * | `skill` | a `/skill:<name>` invocation | the skill name | none |
 * | `skill_read` | a read of a skill's files | the skill name | `read path` |
 * | `forwarded` | a subagent's ask that arrived without a payload | what the requester sent | `requested` |
 *
 * Stability: fields are only ever added. A removal or a rename is a major release with a
 * migration note, so a consumer written against this version keeps working.
 *
 * @example
 * ```ts
 * const payload: PromptPayload = {
 *   kind: "bash",
 *   request: {
 *     requester: { agentName: null, forwarded: false, sessionId: null },
 *     surface: "bash",
 *     toolName: "bash",
 *     invokedToolName: null,
 *     value: "rm -rf build",
 *     matchedPattern: "rm *",
 *     commandContext: null,
 *     executedUnit: null,
 *   },
 *   evidence: [],
 *   annotations: [],
 * };
 * ```
 */
export interface PromptPayload {
  /** Which shape of ask this is; see the table above. */
  kind: PromptPayloadKind;
  /** The facts of the request. Renderers may shorten them but never drop them. */
  request: PromptRequestFacts;
  /** Supporting material, in the order the gate found it. Renderers may elide it, marked. */
  evidence: PromptEvidence[];
  /** Model-generated notes. Always shown as such; they never decide anything. */
  annotations: PromptAnnotation[];
}

/** The nine shapes of permission ask. */
export type PromptPayloadKind =
  | "bash"
  | "mcp"
  | "tool"
  | "path"
  | "external_directory"
  | "bash_external_directory"
  | "skill"
  | "skill_read"
  | "forwarded";

/** Every {@link PromptPayloadKind}, in the order the contract lists them. */
export const PROMPT_PAYLOAD_KINDS: readonly PromptPayloadKind[] = [
  "bash",
  "mcp",
  "tool",
  "path",
  "external_directory",
  "bash_external_directory",
  "skill",
  "skill_read",
  "forwarded",
];

/**
 * Where a bash command unit runs, relative to the top level of the command string; `null`
 * is the top level. The bash analyzer uses exactly these strings.
 */
export type BashCommandContext =
  | "command_substitution"
  | "process_substitution"
  | "subshell"
  | null;

/** The facts that identify one permission request. */
export interface PromptRequestFacts {
  /** Who asked. */
  requester: PromptRequester;
  /** The surface the rule fired on: `bash`, `read`, `path_write`, `external_directory`, … */
  surface: string;
  /** The tool that was called, or `null` when no tool was (a `/skill:` invocation). */
  toolName: string | null;
  /** The name the agent used when it differs from `toolName` (a bash alias such as `exec_command`). */
  invokedToolName: string | null;
  /** The value the rule was matched against: a command, a path, an MCP target, a skill name. */
  value: string;
  /** The rule pattern that decided, sentinels such as `<opaque-bash-wrapper>` included. */
  matchedPattern: string | null;
  /** Where the bash unit runs, or `null` at the top level or outside bash. */
  commandContext: BashCommandContext;
  /** What actually runs inside a wrapper (`rm -rf x` inside `sudo rm -rf x`), or `null`. */
  executedUnit: string | null;
  /**
   * The spelling of the bash command unit the matched rule met, when the rule met neither
   * `value` as written nor `executedUnit`: `rm /tmp/builds/x` for `rm builds/x` after
   * `cd /tmp` under `rm /tmp/builds/*`. `null` or absent otherwise, and in payloads written
   * before spellings were recorded.
   */
  matchedAs?: MatchedSpelling | null;
  /**
   * The permission hook whose verdict this request carries, or `null` / absent when the
   * policy's own rules decided. Absent in payloads written before permission hooks existed.
   */
  hook?: PermissionHookRef | null;
}

/**
 * A spelling of a bash command unit: the unit's words with some of them read the way bash or
 * the program reads them. A rule meets every spelling of a unit, so writing a command
 * differently never steps around a deny.
 */
export interface MatchedSpelling {
  /** The text the rule's pattern matched. */
  text: string;
  /** How the text was made from the unit's words, in the order applied; never empty. */
  steps: SpellingStep[];
}

/**
 * One way a spelling differs from the words as written:
 *
 * - `command_name`: the command word without its directory (`/bin/rm` is `rm`).
 * - `options_set_aside`: the options before the first operand set aside, with or without
 *   the word after each (`npm --prefix . publish` is `npm publish`).
 * - `operands_resolved`: path operands replaced by the absolute paths they name from the
 *   working directory, after a `cd` (`rm builds/x` after `cd /tmp` is `rm /tmp/builds/x`).
 * - `later_words`: a program no table knows, read from a later word that starts a command
 *   (`pkexec rm x` holds `rm x`).
 */
export type SpellingStep =
  | "command_name"
  | "options_set_aside"
  | "operands_resolved"
  | "later_words";

/** Every {@link SpellingStep}, in the order the contract lists them. */
export const SPELLING_STEPS: readonly SpellingStep[] = [
  "command_name",
  "options_set_aside",
  "operands_resolved",
  "later_words",
];

/** Who raised a permission request. */
export interface PromptRequester {
  /** The agent profile the request ran under, or `null` for the default agent. */
  agentName: string | null;
  /** Whether the request came from another session (a subagent) rather than this one. */
  forwarded: boolean;
  /** The requesting session's id, when known. */
  sessionId: string | null;
}

/** One piece of supporting material, such as the full command or the working directory. */
export interface PromptEvidence {
  /** What the text is; one of {@link EVIDENCE_LABELS} for evidence pi-permission produces. */
  label: string;
  /** The material itself, complete. */
  text: string;
  /** A qualifier, such as the canonical form of an external path, or `null`. */
  detail: string | null;
}

/** A model-generated note attached to an ask. It informs the human; it never decides. */
export interface PromptAnnotation {
  /** Who wrote it, for example the name of a model judge. */
  source: string;
  /** The note. */
  text: string;
}

/**
 * The evidence labels pi-permission's own gates use. Renderers read some of them by name
 * (the working directory, the external paths), so gates must use these strings.
 *
 * @example
 * ```ts
 * const cwd = payload.evidence.find((e) => e.label === EVIDENCE_LABELS.workingDirectory);
 * ```
 */
export const EVIDENCE_LABELS = {
  /** The whole bash command, when the asked value is only part of it. */
  fullCommand: "full command",
  /** The working directory a boundary was judged against. */
  workingDirectory: "working directory",
  /** A path outside the working directory; `detail` holds its canonical form when it differs. */
  externalPath: "external path",
  /** The canonical (symlink-resolved) form of the asked path. */
  resolvesTo: "resolves to",
  /** The file a skill read touches. */
  readPath: "read path",
  /** A preview of the tool input. */
  input: "input",
  /** What a forwarded request said it wanted, when it arrived without a payload. */
  requested: "requested",
  /** The reason a registered permission hook gave for its ask. */
  hookReason: "hook reason",
  /** Why a permission hook failed, so that it asks instead (fail closed). */
  hookError: "hook error",
  /**
   * A call that runs at the same time as the asked one and may make a symbolic link on its
   * path (`<concurrent-call>`): the shell command, or the tool and its input.
   */
  concurrentCall: "concurrent call",
} as const;
