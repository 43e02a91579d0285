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
  ].map(normal),
);

/** The input keys that hold the command, first present first. */
const COMMAND_KEYS = ["command", "cmd", "script", "commandLine", "command_line"];
/** The input keys that hold the directory it runs in. */
const CWD_KEYS = ["workdir", "cwd", "working_directory", "workingDirectory", "directory", "dir"];

function normal(name: string): string {
  return name.toLowerCase().replace(/[-_]/g, "");
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
  // An MCP tool's name ends with the server's own name for it (`mcp__box__exec_command`).
  const last = toolName.split("__").pop() ?? toolName;
  if (!KNOWN_SHELL_TOOLS.has(normal(last))) return null;
  if (typeof input !== "object" || input === null) return null;
  const record = input as Record<string, unknown>;
  const command = COMMAND_KEYS.find((key) => Object.hasOwn(record, key));
  if (command === undefined) return null;
  const cwd = CWD_KEYS.find((key) => Object.hasOwn(record, key)) ?? null;
  return { command, cwd };
}
