// Tools other agents' extensions name for running a shell command. Undeclared, such a tool's
// command is only text to the policy: under a policy that allows unknown tools,
// `exec_command {"cmd": "rm -rf /"}` would run unjudged. A call to one of these names whose
// input holds a command is also judged as a shell call, and the stricter verdict stands, so
// the guess can only tighten: a tool of that name that runs no shell loses nothing it had.
import type { ShellToolSpec } from "@pi-permission/policy";

/**
 * Names of shell tools in common agents and extensions: Codex (`exec_command`, `shell`,
 * `local_shell`), Claude Code (`Bash`), Cursor (`run_terminal_cmd`), Gemini CLI
 * (`run_shell_command`), Cline and Roo (`execute_command`), and the usual generic names.
 * Matched without regard to case, `-` or `_`.
 */
const KNOWN_SHELL_TOOLS: ReadonlySet<string> = new Set(
  [
    "exec_command",
    "shell",
    "local_shell",
    "bash",
    "sh",
    "zsh",
    "run_terminal_cmd",
    "run_shell_command",
    "execute_command",
    "run_command",
    "terminal",
    "shell_exec",
    "exec",
    "execute_bash",
    "bash_tool",
    "run_bash",
    "run_shell",
    // Desktop Commander, and the usual names of process-starting tools.
    "start_process",
    "run_process",
    "spawn",
    "spawn_process",
    "run_cmd",
    "exec_cmd",
    "shell_command",
    "execute_shell",
    "execute_shell_command",
    "run_in_terminal",
    // Script and code runners whose input names a shell language or is a shell command line.
    "run_script",
    "execute_script",
  ].map(normal),
);

/** The input keys that hold the command, first present first (compared like tool names). */
const COMMAND_KEYS = [
  "command",
  "cmd",
  "script",
  "commandLine",
  "command_line",
  "argv",
  "code",
].map(normal);
/** The input keys that may hold the command's arguments, given apart from it. */
const ARGS_KEYS = ["args", "arguments", "argv"].map(normal);
/** The input keys that hold the directory it runs in. */
const CWD_KEYS = [
  "workdir",
  "cwd",
  "working_directory",
  "workingDirectory",
  "directory",
  "dir",
].map(normal);
/** The keys under which a tool may nest its real input (`{"params": {"command": …}}`). */
const NESTED_KEYS = ["params", "parameters", "arguments", "args", "input"].map(normal);

function normal(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, "");
}

/** A shell call a tool's input may be: the input to judge and where it keeps the command. */
export interface GuessedShellCall {
  readonly input: Readonly<Record<string, unknown>>;
  readonly spec: ShellToolSpec;
}

/**
 * How to read a call of an undeclared tool as a shell call, or `null` when its name is no
 * known shell tool's or its input names no command.
 *
 * @example
 * ```ts
 * knownShellTool("exec_command", { cmd: "ls", workdir: "/tmp" }); // { command: "cmd", cwd: "workdir" }
 * knownShellTool("Bash", { command: "git push" });                // { command: "command", cwd: null }
 * knownShellTool("search", { command: "x" });                     // null
 * ```
 */
export function knownShellTool(toolName: string, input: unknown): ShellToolSpec | null {
  if (!isShellName(toolName) || !isRecord(input)) return null;
  const command = keyOf(input, COMMAND_KEYS);
  if (command === undefined) return null;
  return { command, cwd: keyOf(input, CWD_KEYS) ?? null };
}

/**
 * Every shell call an undeclared tool's call may be: a known shell tool's own, or the one an
 * MCP proxy call (`mcp {"tool": "exec_command", "args": "{…}"}`) hands its target tool. A
 * command word with an `args` array is read both as that argv and as the text alone, and a
 * command nested under `params` (or the like) is read too; the caller keeps the strictest.
 *
 * @example
 * ```ts
 * guessedShellCalls("mcp__x__run_command", { command: "git", args: ["push"] });
 * // includes { input: { command: ["git", "push"] }, spec: { command: "command", cwd: null } }
 * ```
 */
export function guessedShellCalls(toolName: string, input: unknown): GuessedShellCall[] {
  if (toolName === "mcp" && isRecord(input)) {
    const target = typeof input.tool === "string" ? input.tool : input.name;
    if (typeof target === "string") {
      const args = input.args ?? input.arguments;
      return callsOf(target, typeof args === "string" ? parsedJson(args) : args);
    }
  }
  return callsOf(toolName, input);
}

function callsOf(toolName: string, input: unknown): GuessedShellCall[] {
  if (!isShellName(toolName) || !isRecord(input)) return [];
  const last = toolName.split(/__|[:/.]/).pop() ?? toolName;
  const shellItself = SHELL_NAMES.has(normal(last));
  const calls = commandsIn(input, shellItself);
  for (const key of Object.keys(input)) {
    const nested = input[key];
    if (NESTED_KEYS.includes(normal(key)) && isRecord(nested)) {
      calls.push(...commandsIn(nested, shellItself));
    }
  }
  return calls;
}

/** Tool names that are a shell itself, whose `code` is shell code whatever language says. */
const SHELL_NAMES = new Set(["bash", "sh", "zsh", "shell"]);
const SHELL_LANGUAGES = /^(bash|sh|shell|zsh|dash|ksh)$/i;

function commandsIn(record: Record<string, unknown>, shellItself: boolean): GuessedShellCall[] {
  const commandKey = keyOf(record, COMMAND_KEYS);
  if (commandKey === undefined) return [];
  // `code` is a shell command only for a shell, or a runner told its language is a shell's.
  if (normal(commandKey) === "code" && !shellItself) {
    const language = record[keyOf(record, ["language", "lang"].map(normal)) ?? ""];
    if (typeof language !== "string" || !SHELL_LANGUAGES.test(language)) return [];
  }
  const command = record[commandKey];
  const cwdKey = keyOf(record, CWD_KEYS);
  const place = cwdKey === undefined ? {} : { cwd: record[cwdKey] };
  const spec: ShellToolSpec = { command: "command", cwd: cwdKey === undefined ? null : "cwd" };
  const calls: GuessedShellCall[] = [{ input: { command, ...place }, spec }];
  const argsKey = Object.keys(record).find(
    (key) => key !== commandKey && ARGS_KEYS.includes(normal(key)),
  );
  const args = argsKey === undefined ? undefined : record[argsKey];
  // Arguments as one text (`{"command": "git", "args": "push origin main"}`) follow the word.
  if (typeof command === "string" && typeof args === "string" && args.trim() !== "") {
    calls.push({ input: { command: `${command} ${args}`, ...place }, spec });
    return calls;
  }
  if (!Array.isArray(args) || !args.every((a) => typeof a === "string")) return calls;
  // A spawn-style tool runs the command word as the program and `args` as its arguments; a
  // tool that hands both to a shell runs the words joined.
  if (typeof command === "string") {
    calls.push({ input: { command: [command, ...args], ...place }, spec });
    calls.push({ input: { command: [command, ...args.map(quoted)].join(" "), ...place }, spec });
  } else if (Array.isArray(command)) {
    calls.push({ input: { command: [...command, ...args], ...place }, spec });
  }
  return calls;
}

/** A tool name's own part (`mcp__box__exec_command`, `box:exec_command`, `box_exec_command`). */
function isShellName(toolName: string): boolean {
  const last = toolName.split(/__|[:/.]/).pop() ?? toolName;
  if (KNOWN_SHELL_TOOLS.has(normal(last))) return true;
  // A proxy may join server and tool with one `_`: any tail after a `_` may be the tool.
  for (let at = last.indexOf("_"); at >= 0; at = last.indexOf("_", at + 1)) {
    if (KNOWN_SHELL_TOOLS.has(normal(last.slice(at + 1)))) return true;
  }
  return false;
}

function keyOf(record: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const wanted of keys) {
    const key = Object.keys(record).find((k) => normal(k) === wanted);
    if (key !== undefined) return key;
  }
  return undefined;
}

function quoted(word: string): string {
  return `'${word.replaceAll("'", "'\\''")}'`;
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
