// What Pi's settings add to a bash call (S33 host-shell, r33f F3). Pi runs every `bash` tool
// call and every `!` command as `<shellPath> -c '<shellCommandPrefix>\n<command>'`, both from
// its effective settings (global merged with the project's `.pi/settings.json`, which a
// subagent's child reads whether or not anyone trusted the project). The gates judge only what
// they are given, so the command they judge is the text the shell runs, prefix included, and
// the shell is handed to them as a fact (an unmodelled one asks, see gates host-shell.ts).
import type { ExtensionAPI } from "@earendil-works/pi-coding-agent";

/** The shell settings of the session, or `null` when they could not be read (fail closed). */
export interface HostShell {
  /** The text Pi runs before every command, on its own line; `null` when none. */
  prefix: string | null;
  /** The shell Pi runs commands with; `undefined` when the settings name none. */
  shellPath: string | undefined;
}

/** Read the shell settings through the extension API; `null` when that fails in any way. */
export function readHostShell(pi: Pick<ExtensionAPI, "getSettings">): HostShell | null {
  try {
    const settings = pi.getSettings() as { shellCommandPrefix?: unknown; shellPath?: unknown };
    const shellPath = shellOf(settings.shellPath);
    if (shellPath === null) return null;
    // Pi adds the prefix when it is truthy, joined as text: `${prefix}\n${command}`.
    const prefix = settings.shellCommandPrefix;
    return { prefix: prefix ? String(prefix) : null, shellPath };
  } catch {
    return null;
  }
}

// Pi uses a truthy shellPath as a path; a non-string one cannot be judged.
function shellOf(value: unknown): string | undefined | null {
  if (!value) return undefined;
  return typeof value === "string" ? value : null;
}

/**
 * The facts of a bash call as its shell runs it: the input with the prefix before the command,
 * and the shell. Unreadable settings give `shellPath: null`, which asks.
 */
export function bashAsRun(
  input: unknown,
  shell: HostShell | null,
): { input: unknown; shellPath?: string | null } {
  if (shell === null) return { input, shellPath: null };
  const withShell = shell.shellPath === undefined ? {} : { shellPath: shell.shellPath };
  if (shell.prefix === null) return { input, ...withShell };
  const record =
    typeof input === "object" && input !== null ? (input as Record<string, unknown>) : null;
  const command = record?.command;
  // Pi coerces a number or a boolean given for the command into its text before the call.
  const text =
    typeof command === "string" || typeof command === "number" || typeof command === "boolean"
      ? String(command)
      : null;
  // A command of no readable shape stays as it is: the gates judge it unparseable (ask).
  if (record === null || text === null) return { input, ...withShell };
  return { input: { ...record, command: `${shell.prefix}\n${text}` }, ...withShell };
}
