// Tools whose argument is a shell command: Pi's `bash`, and the tools a policy declares in
// `shellTools` (an `exec_command` tool with `cmd` and `workdir`, for example). A call of any
// of them is judged as a bash command: the bash gate, the path gates, external_directory.
import type { AnalyzeOptions, BashAnalysis, BashAnalyzer } from "@pi-permission/bash";
import {
  type ProgramMap,
  type ShellToolMap,
  type ShellToolSpec,
  SURFACES,
  type SurfaceSpec,
} from "@pi-permission/policy";
import { linkTargetOf } from "./links.ts";
import { resolvePath, writtenPath } from "./tool-paths.ts";

/**
 * Pi's own shell tools, from the catalogue of surfaces: `bash`, whose `command` runs in the
 * session's working directory.
 */
export const BUILTIN_SHELL_TOOLS: ShellToolMap = Object.freeze(
  Object.fromEntries(
    Object.entries(SURFACES).flatMap(([name, spec]: [string, SurfaceSpec]) =>
      spec.shell ? [[name, Object.freeze([{ ...spec.shell }])]] : [],
    ),
  ),
);

/** One command a shell tool call runs, and where. */
export interface ShellInvocation {
  /** The command, or `null` when the input holds none the analyzer can read. */
  command: string | null;
  /** The absolute directory it runs in (the session's when the call names none). */
  cwd: string;
  /** The working-directory argument as written, or `null` when the call gave none. */
  cwdShown: string | null;
}

/**
 * The commands a shell tool call runs, or `null` when the tool is not a shell tool. A tool
 * declared more than once gives one invocation per declaration. A number or a boolean given
 * to Pi's own shell tool is the text Pi coerces it to (`123`); a command that is missing, or
 * of any other type but a string or an array of strings, is `null` (judged as unparseable,
 * so at least ask); an argv array is quoted into the command it runs. A working directory that is
 * not a string makes its command unreadable too, since its relative paths cannot be placed.
 *
 * @example
 * ```ts
 * shellCallOf("exec_command", { cmd: "cat .env", workdir: "api" },
 *   { exec_command: [{ command: "cmd", cwd: "workdir" }] }, "/repo", "/home/u");
 * // [{ command: "cat .env", cwd: "/repo/api", cwdShown: "api" }]
 * ```
 */
export function shellCallOf(
  toolName: string,
  input: unknown,
  declared: ShellToolMap | undefined,
  cwd: string,
  home: string,
): ShellInvocation[] | null {
  const builtin = Object.hasOwn(BUILTIN_SHELL_TOOLS, toolName)
    ? (BUILTIN_SHELL_TOOLS[toolName] ?? [])
    : [];
  const specs = [
    ...builtin,
    ...(declared && Object.hasOwn(declared, toolName) ? (declared[toolName] ?? []) : []),
  ];
  if (specs.length === 0) return null;
  const invocations: ShellInvocation[] = [];
  for (const spec of specs) {
    for (const invocation of invocationsOf(spec, input, cwd, home, builtin.includes(spec))) {
      const same = (i: ShellInvocation) =>
        i.command === invocation.command && i.cwd === invocation.cwd;
      if (!invocations.some(same)) invocations.push(invocation);
    }
  }
  return invocations;
}

/**
 * The command of one declaration, in the directory its working-directory argument names: as
 * the path reads (`keys/..` is the working directory) and, where symbolic links make it
 * another folder, the folder the process really starts in (the kernel climbs `..` from where
 * `keys` really is, and the command's own `../x` climbs from there too): the command is judged
 * in each.
 */
function invocationsOf(
  spec: ShellToolSpec,
  input: unknown,
  cwd: string,
  home: string,
  builtin: boolean,
): ShellInvocation[] {
  const record =
    typeof input === "object" && input !== null ? (input as Record<string, unknown>) : {};
  const value = Object.hasOwn(record, spec.command) ? record[spec.command] : undefined;
  // Pi coerces a number or a boolean given for its own tool's string argument before its
  // tool_call hook and the tool see it (pi-schema's coercion): `{"command": 123}` runs `123`.
  // Another tool's schema is not known, so there it stays unreadable.
  const given =
    builtin && (typeof value === "number" || typeof value === "boolean")
      ? String(value)
      : commandText(value);
  // Another tool's `env` object is the command's environment, judged as `export`s before it
  // (a `GIT_SSH_COMMAND` there runs what it names). Pi's own tool takes none.
  const command = builtin ? given : withEnvironment(viaShell(given, record, spec), record);
  if (spec.cwd === null) return [{ command, cwd, cwdShown: null }];
  const dir = Object.hasOwn(record, spec.cwd) ? record[spec.cwd] : undefined;
  if (dir === undefined || dir === null || dir === "") return [{ command, cwd, cwdShown: null }];
  if (typeof dir !== "string") return [{ command: null, cwd, cwdShown: String(dir) }];
  const lexical = resolvePath(dir, cwd, home);
  const physical = linkTargetOf(writtenPath(dir, cwd, home), cwd, home);
  return [
    { command, cwd: lexical, cwdShown: dir },
    ...(physical === null || physical === lexical
      ? []
      : [{ command, cwd: physical, cwdShown: dir }]),
  ];
}

/**
 * A declared tool's command run by the program its `shell` argument names (Codex's
 * `exec_command {"cmd", "shell"}` starts `SHELL -c CMD`): judged as that program given the
 * command, so `{"shell": "./evil"}` is `./evil -c 'ls'`; a system shell (`/bin/bash`, `zsh`)
 * runs the command line as the tool gives it. A `shell` that is not a string is unreadable.
 */
function viaShell(
  command: string | null,
  record: Record<string, unknown>,
  spec: ShellToolSpec,
): string | null {
  if (command === null || spec.command === "shell" || !Object.hasOwn(record, "shell")) {
    return command;
  }
  const shell = record.shell;
  if (shell === undefined || shell === null || shell === "") return command;
  if (typeof shell !== "string") return null;
  if (SYSTEM_SHELL.test(shell)) return command;
  return `${quoteWord(shell)} -c ${quoteWord(command)}`;
}

// A shell of the system, by name or in a system folder: the command line as the tool gives it.
const SYSTEM_SHELL = /^(?:\/(?:usr\/(?:local\/)?)?bin\/|\/opt\/homebrew\/bin\/)?(?:ba|z|da|k)?sh$/;

function commandText(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (Array.isArray(value) && value.length > 0 && value.every((w) => typeof w === "string")) {
    return value.map(quoteWord).join(" ");
  }
  return null;
}

/** Keys of the environment a command runs with (compared without case, `-` or `_`). */
const ENVIRONMENT_KEYS: ReadonlySet<string> = new Set([
  ...["env", "environment", "envvars", "environmentvariables", "envs", "extraenv"],
  ...["envvariables", "environ"],
]);

/** Whether an input key holds the environment a command runs with (`env`, `env_vars`, …). */
export function isEnvironmentKey(key: string): boolean {
  return key.length <= 64 && ENVIRONMENT_KEYS.has(key.toLowerCase().replace(/[-_]/g, ""));
}

/**
 * A command with the environment its tool's input gives it (`{"env": {"K": "v"}}`, a list of
 * `K=v`, a list of `{"name", "value"}`), as `export K='v'; ` before it: the command is judged
 * as it would be with those assignments written in it (`GIT_SSH_COMMAND`, `GIT_CONFIG_*`,
 * `BASH_ENV`, `HOME`). `null` (unreadable: at least ask) when the environment is of another
 * shape, or names a variable no assignment can (`BASH_FUNC_ls%%`, an exported function).
 *
 * @example
 * ```ts
 * withEnvironment("git status", { env: { GIT_DIR: "/x" } }); // "export GIT_DIR=/x; git status"
 * ```
 */
export function withEnvironment(
  command: string | null,
  record: Readonly<Record<string, unknown>>,
): string | null {
  if (command === null) return null;
  let prefix = "";
  for (const key of Object.keys(record)) {
    if (!isEnvironmentKey(key)) continue;
    const entries = environmentEntries(record[key]);
    if (entries === null) return null;
    for (const [name, value] of entries) {
      if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) return null;
      prefix += value === null ? `unset ${name}; ` : `export ${name}=${quoteWord(value)}; `;
    }
  }
  return `${prefix}${command}`;
}

/** The `[name, value]` pairs of an environment value, or `null` when it cannot be read. */
function environmentEntries(value: unknown): Array<[string, string | null]> | null {
  if (value === undefined || value === null) return [];
  if (typeof value === "string") return value.trim() === "" ? [] : null;
  const scalar = (v: unknown) =>
    typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : null;
  const entries: Array<[string, string | null]> = [];
  if (Array.isArray(value)) {
    for (const item of value) {
      if (typeof item === "string") {
        const at = item.indexOf("=");
        // A bare name hands on the variable the tool already has: nothing new.
        if (at < 0) continue;
        entries.push([item.slice(0, at), item.slice(at + 1)]);
        continue;
      }
      if (typeof item !== "object" || item === null) return null;
      const pair = item as Record<string, unknown>;
      const name = pair.name ?? pair.key;
      const text = scalar(pair.value);
      if (typeof name !== "string" || text === null) return null;
      entries.push([name, text]);
    }
    return entries;
  }
  if (typeof value !== "object") return null;
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    // A null unsets the variable.
    if (v === null) {
      entries.push([name, null]);
      continue;
    }
    const text = scalar(v);
    if (text === null) return null;
    entries.push([name, text]);
  }
  return entries;
}

/** A word as bash reads it back unchanged: bare when it is plain, single-quoted otherwise. */
function quoteWord(word: string): string {
  if (/^[A-Za-z0-9_@%+=:,./-]+$/.test(word)) return word;
  return `'${word.replace(/'/g, "'\\''")}'`;
}

/**
 * Analyse every invocation and merge them into one analysis: every unit and path of each,
 * `ok` only when each is. An unreadable command contributes an unparseable status. `programs`
 * are the policy's declared programs (the settings' own object, so the analyzer compiles it
 * once).
 */
export function analyzeInvocations(
  invocations: readonly ShellInvocation[],
  analyzer: BashAnalyzer,
  home: string,
  settings: {
    readonly programs?: ProgramMap;
    readonly analysisDeadlineMs?: number;
  } = {},
): BashAnalysis {
  const { programs, analysisDeadlineMs } = settings;
  // Each call's options built key by key: spreads cost more than the analysis's memo lookup
  // under cold caches (issue 18).
  const optionsOf = (cwd: string): AnalyzeOptions => {
    const options: AnalyzeOptions = { cwd, home };
    if (programs) options.programs = programs;
    if (analysisDeadlineMs !== undefined) options.deadlineMs = analysisDeadlineMs;
    return options;
  };
  const analyses = invocations.map(
    (i): BashAnalysis =>
      i.command === null
        ? { status: "unparseable", units: [], paths: [] }
        : analyzer.analyze(i.command, optionsOf(i.cwd)),
  );
  if (analyses.length === 1 && analyses[0]) return analyses[0];
  const status = analyses.find((a) => a.status !== "ok")?.status ?? "ok";
  const diagnostics = analyses.flatMap((a) => a.diagnostics ?? []);
  return {
    status,
    units: analyses.flatMap((a) => a.units),
    paths: analyses.flatMap((a) => a.paths),
    ...(diagnostics.length > 0 ? { diagnostics } : {}),
  };
}

/** The command text of a call: each readable command, one per line (empty when none is). */
export function commandShown(invocations: readonly ShellInvocation[]): string {
  return invocations
    .flatMap((i) => (i.command === null || i.command === "" ? [] : [i.command]))
    .join("\n");
}
