// The shell the host runs a bash call's command with. Pi runs every `bash` call (and every
// `!` command) as `<shellPath> -c '<shellCommandPrefix>\n<command>'`, both from its settings,
// which a subagent's child reads from the project's `.pi/settings.json` (S33 host-shell,
// r33f F3). The host puts the prefix into the command it gives the gates (the text the shell
// runs); the shell itself is a fact here: the analysis is of bash, so a call another program
// runs, or one whose shell the host could not read, asks, naming why.
import type { RequestVerdict, ToolCallFacts } from "./model.ts";
import { inputEvidence, jsonText } from "./payloads.ts";
import { BUILTIN_SHELL_TOOLS } from "./shell-tools.ts";
import { judgedItem, requestOf } from "./verdict.ts";

/** The bash programs the analysis models, by the absolute paths a system installs them at. */
export const MODELLED_SHELLS: ReadonlySet<string> = new Set([
  "/bin/bash",
  "/usr/bin/bash",
  "/usr/local/bin/bash",
  "/opt/homebrew/bin/bash",
]);

/** The evidence label naming the shell a call runs in. */
export const HOST_SHELL_LABEL = "shell";

/**
 * Why the host's shell is not one the analysis models, or `null` when it is (or the host
 * names none: the system's bash).
 */
export function unmodelledShell(facts: ToolCallFacts): string | null {
  if (facts.shellPath === undefined || !Object.hasOwn(BUILTIN_SHELL_TOOLS, facts.toolName)) {
    return null;
  }
  if (facts.shellPath === null) {
    return "the host's shell settings (shellPath, shellCommandPrefix) could not be read, so what runs before the command and in which shell is unknown";
  }
  if (MODELLED_SHELLS.has(facts.shellPath)) return null;
  return `the command runs in ${jsonText(facts.shellPath)} (Pi's shellPath setting), not a bash the analysis models: its rules were judged as bash`;
}

/**
 * The ask a call makes when its shell is not a modelled bash, or `null`. It stands beside the
 * gates' requests (a deny still refuses); its only item is the call as given, so only an
 * approval of exactly this command in exactly this shell covers it again.
 */
export function hostShellRequest(facts: ToolCallFacts): RequestVerdict | null {
  const why = unmodelledShell(facts);
  if (why === null) return null;
  const shell = facts.shellPath ?? "<unknown-shell>";
  const value = `${shell} -c ${commandOf(facts.input)}`;
  const item = {
    ...judgedItem({ action: "ask", rule: null }, "shell", value),
    exact: true as const,
  };
  return requestOf(facts, {
    gate: "tool",
    surface: "shell",
    value: shell,
    action: "ask",
    decidingItem: item,
    items: [item],
    payload: {
      kind: "tool",
      surface: "shell",
      value: shell,
      evidence: [{ label: HOST_SHELL_LABEL, text: why, detail: null }, inputEvidence(facts.input)],
    },
    facts: { kind: "tool_input", input: facts.input },
  });
}

function commandOf(input: unknown): string {
  const command =
    typeof input === "object" && input !== null
      ? (input as Record<string, unknown>).command
      : undefined;
  return typeof command === "string" ? command : jsonText(command);
}
