// The agent-facing denial text. It identifies the refused call; it never reproduces it.
//
// The agent wrote the call, and Pi returns this text as that call's own result, so echoing
// the command or the tool input would tell it nothing new and cost it tokens (a 72 KB
// heredoc would come back whole). What it cannot see for itself is the verdict: who refused,
// which rule decided (sentinels included), which permission hook (when one decided), which
// operand of the call the rule fired on, and any reason an operator or the user gave. That is
// all this text says, one clause per fact, each clause omitted when its fact is absent. It gives no behavioural orders ("Hard stop",
// "Do not retry"): a scoped, attributed statement lets the agent adapt instead of giving up
// on a whole class of work.
//
// Naming the flagged operand reintroduces a piece of agent input, so that operand (like
// every value here) is capped at the prompt field width and kept on one line.
import { EVIDENCE_LABELS, type PromptPayload } from "@pi-permission/payload";
import { columns, oneLine, resolveCount, truncateToWidth } from "./text.ts";
import {
  describeBashCommandContext,
  describeSpelling,
  flaggedElementLabel,
  flaggedElements,
} from "./vocabulary.ts";

/** Prefix of every agent-facing text, so the agent knows which extension decided. */
export const EXTENSION_TAG = "[pi-permission-system]";

/** The default `promptFieldMaxWidth`: the widest any one value is shown, in columns. */
export const DEFAULT_PROMPT_FIELD_MAX_WIDTH = 400;

/** Options of the agent-facing renderers. */
export interface AgentTextOptions {
  /** The widest any one value (and the list of flagged elements) is shown, in columns. Defaults to 400. */
  fieldMaxWidth?: number;
}

type Verdict = "policy" | "user" | "unavailable";

/**
 * The agent-facing text of a policy deny: `[pi-permission-system] Denied by policy: …`, or
 * `Denied by hook '<name>': …` when the payload names the permission hook that decided.
 * `ruleReason` is the operator's reason from a deny-with-reason rule (or the hook's), or `null`.
 *
 * @example
 * ```ts
 * renderPolicyDenial(rmBuildPayload, null);
 * // "[pi-permission-system] Denied by policy: 'bash' (rule 'rm *')."
 * ```
 */
export function renderPolicyDenial(
  payload: PromptPayload,
  ruleReason: string | null,
  options: AgentTextOptions = {},
): string {
  return renderDenial("policy", payload, ruleReason, options);
}

/**
 * The agent-facing text of a human's denial at a prompt: `[pi-permission-system] The user
 * denied this … call …`. `denialReason` is what the user typed, or `null`.
 *
 * @example
 * ```ts
 * renderUserDenial(readEtcPasswdPayload, "not that file");
 * // "[pi-permission-system] The user denied this 'path' call for tool 'read' for path
 * //  '/etc/passwd' (rule '/etc/*'). Reason: not that file."  (one line)
 * ```
 */
export function renderUserDenial(
  payload: PromptPayload,
  denialReason: string | null,
  options: AgentTextOptions = {},
): string {
  return renderDenial("user", payload, denialReason, options);
}

/**
 * The agent-facing text when a call needed approval and no one could give it (no UI, no
 * serving parent): `[pi-permission-system] This … call … requires approval, but no
 * interactive UI is available.` `denialReason` says why no one could answer, or is `null`.
 *
 * @example
 * ```ts
 * renderUnavailableDenial(rmBuildPayload, null);
 * // "[pi-permission-system] This 'bash' call (rule 'rm *') requires approval, but no
 * //  interactive UI is available."  (one line)
 * ```
 */
export function renderUnavailableDenial(
  payload: PromptPayload,
  denialReason: string | null,
  options: AgentTextOptions = {},
): string {
  return renderDenial("unavailable", payload, denialReason, options);
}

const OPENINGS: { readonly [V in Verdict]: string } = {
  policy: "Denied by policy:",
  user: "The user denied this",
  unavailable: "This",
};

// For these kinds the flagged element would repeat something the agent must not be sent
// (the bash command), something an earlier clause already said (the tool name), or a value
// of unknown shape (a payload-less forwarded ask, which the child renders for itself).
const NO_FLAGGED_CLAUSE = new Set(["bash", "tool", "forwarded"]);

// Only these kinds are about the working-directory boundary.
const BOUNDARY_KINDS = new Set(["external_directory", "bash_external_directory"]);

function renderDenial(
  verdict: Verdict,
  payload: PromptPayload,
  reason: string | null,
  options: AgentTextOptions,
): string {
  const width = resolveCount(options.fieldMaxWidth, DEFAULT_PROMPT_FIELD_MAX_WIDTH);
  const quote = (text: string) => `'${truncateToWidth(oneLine(text, "\\n"), width)}'`;
  const { request } = payload;

  // A hook's verdict is the hook's, not the policy's: the opening says which one refused.
  const hook = request.hook ?? null;
  const opening =
    verdict === "policy" && hook !== null
      ? `Denied by hook ${quote(hook.name)}:`
      : OPENINGS[verdict];
  const clauses = [opening, quote(request.surface)];
  if (verdict !== "policy") clauses.push("call");
  if (request.toolName !== null && request.toolName !== request.surface) {
    clauses.push(`for tool ${quote(request.toolName)}`);
  }
  if (request.invokedToolName !== null && request.invokedToolName !== request.toolName) {
    clauses.push(`(invoked as ${quote(request.invokedToolName)})`);
  }

  const flagged = NO_FLAGGED_CLAUSE.has(payload.kind) ? [] : flaggedElements(payload);
  const cwd = BOUNDARY_KINDS.has(payload.kind)
    ? payload.evidence.find((e) => e.label === EVIDENCE_LABELS.workingDirectory)?.text
    : undefined;
  const named = flagged.length === 0 ? null : nameElements(payload, flagged, width, quote);
  const boundary = named !== null && cwd !== undefined;
  if (named !== null && !boundary) clauses.push(`for ${named.text}`);

  // The spelling a rule met is named by how it was made, never by its words: they are the
  // command's, which the agent text does not reproduce (seed 000).
  const spelled = request.matchedAs ? ` ${describeSpelling(request.matchedAs.steps)}` : "";
  const decided = [
    ...(request.matchedPattern === null ? [] : [`rule ${quote(request.matchedPattern)}${spelled}`]),
    ...(hook === null || verdict === "policy" ? [] : [`hook ${quote(hook.name)}`]),
  ];
  if (decided.length > 0) clauses.push(`(${decided.join(", ")})`);
  const context = describeBashCommandContext(request.commandContext);
  if (context !== undefined) clauses.push(`inside ${context}`);

  let sentence = clauses.join(" ");
  if (boundary) {
    sentence += `: ${named.text} ${named.plural ? "are" : "is"} outside working directory ${quote(cwd)}`;
  }
  if (verdict === "unavailable") {
    sentence += `${boundary ? "; this call" : ""} requires approval, but no interactive UI is available`;
  }
  sentence += ".";

  const because = reason === null ? "" : oneLine(reason, " ").replace(/\s+/g, " ").trim();
  if (because !== "") {
    const capped = truncateToWidth(because, width);
    sentence += ` Reason: ${capped}${/[.!?…]$/.test(capped) ? "" : "."}`;
  }
  return `${EXTENSION_TAG} ${sentence}`;
}

/**
 * `path '/a'`, `paths '/a', '/b'`, or, when the list would pass the field width,
 * `paths '/a', '/b' and 298 more`: a bash command with hundreds of paths stays one short
 * clause. The first element is always named.
 */
function nameElements(
  payload: PromptPayload,
  elements: readonly string[],
  width: number,
  quote: (text: string) => string,
): { text: string; plural: boolean } {
  const shown: string[] = [];
  let used = 0;
  for (const element of elements) {
    const quoted = quote(element);
    const cost = columns(quoted) + (shown.length > 0 ? 2 : 0);
    if (shown.length > 0 && used + cost > width) break;
    shown.push(quoted);
    used += cost;
  }
  const rest = elements.length - shown.length;
  const plural = elements.length > 1;
  const label = `${flaggedElementLabel(payload)}${plural ? "s" : ""}`;
  return { text: `${label} ${shown.join(", ")}${rest > 0 ? ` and ${rest} more` : ""}`, plural };
}

/** What is known of a call whose permission check itself failed. */
export interface GateErrorFacts {
  /** The tool called (`skill` for typed `/skill:` input), or `null` when not even that is known. */
  toolName: string | null;
  /** What went wrong (an exception's message), or `null`. */
  error: string | null;
}

/**
 * The agent-facing text of a call refused because its permission check failed (fail
 * closed): no rule decided, so it names the tool and what went wrong, on one line and capped
 * at the prompt field width like every value.
 *
 * @example
 * ```ts
 * renderGateErrorDenial({ toolName: "bash", error: "hostile input" });
 * // "[pi-permission-system] The permission check failed, so this 'bash' call was blocked
 * //  (fail-closed): hostile input"  (one line)
 * ```
 */
export function renderGateErrorDenial(
  facts: GateErrorFacts,
  options: AgentTextOptions = {},
): string {
  const width = resolveCount(options.fieldMaxWidth, DEFAULT_PROMPT_FIELD_MAX_WIDTH);
  const shown = (text: string) => truncateToWidth(oneLine(text, " ").trim(), width);
  const tool = facts.toolName === null ? "" : `'${shown(facts.toolName)}' `;
  const error = facts.error === null ? "" : shown(facts.error);
  return `${EXTENSION_TAG} The permission check failed, so this ${tool}call was blocked (fail-closed)${error === "" ? "." : `: ${error}`}`;
}

/**
 * What the agent is told when it calls a tool the host has not registered (seed 002's
 * pre-check text, attributed like every other text): the call is refused before any rule
 * is consulted, and the text lists up to ten registered tools, sorted.
 *
 * @example
 * ```ts
 * renderUnregisteredToolDenial("exec", ["read", "bash"]);
 * // "[pi-permission-system] Tool 'exec' is not registered in this runtime and was blocked
 * //  before permission checks. If this was intended as an MCP server tool, call the registered
 * //  'mcp' tool when available (for example: {\"tool\":\"server:tool\"}). Registered tools: bash, read."
 * ```
 */
export function renderUnregisteredToolDenial(
  toolName: string,
  knownTools: readonly string[],
): string {
  const available = [...new Set(knownTools)].sort((a, b) => a.localeCompare(b));
  const preview = available.slice(0, 10);
  const list =
    preview.length === 0
      ? "none"
      : `${preview.join(", ")}${available.length > preview.length ? ", ..." : ""}`;
  const mcpHint =
    toolName === "mcp"
      ? ""
      : ` If this was intended as an MCP server tool, call the registered 'mcp' tool when available (for example: {"tool":"server:tool"}).`;
  return `${EXTENSION_TAG} Tool '${toolName}' is not registered in this runtime and was blocked before permission checks.${mcpHint} Registered tools: ${list}.`;
}
