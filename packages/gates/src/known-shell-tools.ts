// Tools other agents' extensions name for running a shell command. Undeclared, such a tool's
// command is only text to the policy: under a policy that allows unknown tools,
// `exec_command {"cmd": "rm -rf /"}` would run unjudged. A call to one of these names whose
// input holds a command is also judged as a shell call, and the stricter verdict stands, so
// the guess can only tighten: a tool of that name that runs no shell loses nothing it had.
import type { ShellToolSpec } from "@pi-permission/policy";
import { isEnvironmentKey, withEnvironment } from "./shell-tools.ts";
import { expandedVariables } from "./tool-paths.ts";

/** Longer than any key or name compared: such a key is none of them, and is not normalised. */
const LONGEST_COMPARED = 64;

/**
 * Names of shell tools in common agents and extensions: Codex (`exec_command`, `shell`,
 * `local_shell`), Claude Code (`Bash`), Cursor (`run_terminal_cmd`), Gemini CLI
 * (`run_shell_command`), Cline and Roo (`execute_command`), and the usual generic names.
 * Matched without regard to case, `-` or `_`, as the whole name, its tail after a word
 * boundary (`box_exec_command`) or its head before one (`run_command_async`).
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
    // Background runners: the command runs detached, and is judged the same.
    "run_background",
    "run_in_background",
    "background_process",
    "background_run",
    "start_background",
    "start_background_process",
    "background_task",
    // Script and code runners whose input names a shell language or is a shell command line.
    "run_script",
    "execute_script",
    // The APIs that start a program, as a tool names itself after them.
    "child_process",
    "subprocess_run",
    "exec_sync",
    "spawn_sync",
    "execvp",
    "execve",
    "shell_run",
    "ssh_exec",
    "ssh_command",
    "ssh_run",
    "remote_exec",
    "remote_command",
    "run_remote",
  ].map(normal),
);

/**
 * Names of a shell tool only as the whole name (`run`, `mcp__box__execute`): as a head or a
 * tail they name too much else (`run_tests`, `query_execute`).
 */
const WHOLE_NAMES_ONLY: ReadonlySet<string> = new Set(
  [
    ...["run", "execute", "command", "run_it", "runner", "invoke_shell"],
    // A program that runs the command it is handed: elsewhere in a name they mean more.
    ...["system", "os_system", "ssh", "tmux", "screen", "su", "nohup", "xargs", "env"],
  ].map(normal),
);

/** The longest known name, normalised: no longer tail or head of a name can be one. */
const LONGEST_KNOWN = Math.max(...[...KNOWN_SHELL_TOOLS].map((name) => name.length));

/**
 * Words that make a tool name a shell's wherever they stand in it (`bash-exec`, `shell_run`,
 * `fish`, `mcp__box__ksh_runner`): the shells themselves and a terminal.
 */
const SHELL_WORDS: ReadonlySet<string> = new Set([
  ...["bash", "sh", "zsh", "fish", "ksh", "mksh", "dash", "csh", "tcsh", "rbash", "yash"],
  ...["xonsh", "elvish", "nushell", "oksh", "loksh", "busybox", "shell", "terminal"],
  ...["powershell", "pwsh", "cmd", "subprocess", "popen", "sudo", "doas", "pkexec"],
]);

/**
 * Verbs a shell's word is glued to in a name of one word (`bashrun`, `runsh`, `zshexec`);
 * a shell's word glued to anything else (`shard`, `bashful`) is no shell.
 */
const GLUED_VERBS: ReadonlySet<string> = new Set([
  ...["run", "runner", "exec", "execute", "executor", "cmd", "command", "tool", "spawn"],
]);

/** Words of a PowerShell tool's name (Pi's own `powershell` on Windows): its text is not bash. */
const POWERSHELL_WORDS: ReadonlySet<string> = new Set(["powershell", "pwsh"]);

/**
 * Words of a tool that types into a running process (Codex's `write_stdin`, `send_input`,
 * Desktop Commander's `interact_with_process`, tmux's `send-keys`): one that says so alone,
 * or a word for the typing with another for where it goes.
 */
const TYPING_ALONE: ReadonlySet<string> = new Set(["stdin", "keys", "keystrokes", "keystroke"]);
const TYPING_VERBS: ReadonlySet<string> = new Set([
  "send",
  "write",
  "type",
  "interact",
  "feed",
  "input",
  "enter",
  "paste",
]);
const TYPING_TARGETS: ReadonlySet<string> = new Set([
  ...["input", "process", "proc", "terminal", "pty", "tty", "session", "shell", "repl"],
  ...["console", "stdin", "tmux", "pane", "screen"],
]);

/** The input keys that hold a command (compared like tool names); every one present is judged. */
const COMMAND_KEYS: ReadonlySet<string> = new Set(
  [
    ...["command", "cmd", "script", "commandLine", "command_line", "cmdline", "argv", "code"],
    ...["commands", "cmds", "scripts", "shell_command", "bash_command", "shell_cmd", "bash_cmd"],
    ...["full_command", "raw_command", "command_text", "command_string"],
  ].map(normal),
);
/** Keys holding a list of commands run one after another. */
const LIST_KEYS: ReadonlySet<string> = new Set(["commands", "cmds", "scripts", "lines"]);
/** The input keys that name the program a spawn-style tool runs with its `args`. */
const PROGRAM_KEYS: ReadonlySet<string> = new Set(
  ["program", "executable", "exe", "binary", "bin", "file", "prog"].map(normal),
);
/** The keys a typing tool keeps the typed text in (`chars`, `input`, `keys`, …). */
const TYPED_KEYS: ReadonlySet<string> = new Set(
  [
    ...["chars", "input", "keys", "text", "data", "stdin", "line", "lines", "keystrokes"],
    ...["content", "value", "message"],
  ].map(normal),
);
/**
 * Keys that hold no command whatever tool holds them, left out when a tool names its command
 * under no known key and each of its other strings is read as one.
 */
const NOT_COMMAND_KEYS: ReadonlySet<string> = new Set(
  [
    ...["description", "title", "name", "id", "session", "session_id", "sessionId", "pid"],
    ...["timeout", "timeout_ms", "yield_time_ms", "max_output_tokens", "shell", "language"],
    ...["lang", "encoding", "mode", "justification", "reason", "explanation", "env", "user"],
    ...["sandbox_permissions", "with_escalated_permissions", "login", "tty", "is_background"],
    // What a search looks for, not what it runs (`shell {"query": "rm -rf"}` looks up docs).
    ...["query", "q", "search", "pattern", "regex", "prompt", "question", "filter"],
  ].map(normal),
);
/**
 * Last words of keys that name, count or time something, never a command (`shell_id`,
 * `sessionName`, `timeout_ms`). Whole words only: `valid`, `account` and `rename` end in
 * such letters and may still hold one.
 */
const NOT_COMMAND_LAST_WORDS: ReadonlySet<string> = new Set([
  ...["id", "ids", "uuid", "guid", "name", "names", "timeout", "ms", "seconds", "secs"],
  ...["limit", "offset", "count"],
]);
/** Words that make a key a command's wherever they stand in it (`shell_command_and_timeout`). */
const COMMAND_WORDS: ReadonlySet<string> = new Set([
  ...["command", "commands", "cmd", "cmds", "cmdline", "commandline", "script", "scripts"],
  ...["code", "line", "lines", "input", "run", "exec", "execute"],
]);
/** The input keys that may hold the command's arguments, given apart from it. */
const ARGS_KEYS = ["args", "arguments", "argv"].map(normal);
/** The input keys that hold the directory it runs in. */
const CWD_KEYS = [
  ...["workdir", "cwd", "working_directory", "workingDirectory", "directory", "dir"],
  // Other spellings of the same folder (D15): `working_dir`, `cd`, `chdir`, …
  ...["working_dir", "work_dir", "chdir", "cd", "current_dir", "current_directory"],
  ...["working_folder", "work_folder", "cwd_path", "run_dir", "exec_dir"],
].map(normal);
/**
 * Keys a tool may keep a program's words in, apart from the program (`{"command": "git",
 * "subcommand": "push"}`, `{"bin": "git", "params": ["push"]}`).
 */
const WORDS_KEYS: ReadonlySet<string> = new Set(
  [
    ...["args", "arguments", "argv", "arg", "flags", "options", "opts", "params", "parameters"],
    ...["subcommand", "subcommands", "sub_command", "action", "operation", "verb", "switches"],
    ...["extra_args", "cli_args", "command_args", "cmd_args", "positional", "rest"],
  ].map(normal),
);
/** Of those, the keys whose words come first after the program (`git push --force`). */
const FIRST_WORDS_KEYS: ReadonlySet<string> = new Set(
  ["subcommand", "subcommands", "sub_command", "action", "operation", "verb"].map(normal),
);
/** A command that is one plain word: a program whose arguments may be under other keys. */
const BARE_PROGRAM = /^[A-Za-z0-9_./+@%=:,-]+$/;
/**
 * Keys that hold a command only as a string or a list of strings (`{"steps": [{"run": …}]}`;
 * `{"run": true}` is a switch).
 */
const TEXT_COMMAND_KEYS: ReadonlySet<string> = new Set(
  ["run", "exec", "execute", "shell_script", "bash_script", "sh"].map(normal),
);
/**
 * The keys that name the tool a proxy or batch call hands its input to (`mcp {"tool": …}`,
 * `{"recipient_name": "functions.exec_command"}`), and the keys of that input.
 */
const TARGET_KEYS: ReadonlySet<string> = new Set(
  ["tool", "name", "tool_name", "recipient_name", "function", "function_name", "tool_id"].map(
    normal,
  ),
);
/**
 * Keys of a proxy call that name the server of the tool it hands on to, as the proxies spell
 * them (pi-mcp-adapter's `server`, Cline/Roo's `server_name`, `serverName`, `mcp_server`, …).
 */
const SERVER_KEYS: ReadonlySet<string> = new Set(
  [
    ...["server", "server_name", "server_id", "server_label", "server_key", "mcp_server"],
    ...["mcp_server_name", "mcp_server_id", "mcp_name", "mcp"],
  ].map(normal),
);
const TARGET_INPUT_KEYS: ReadonlySet<string> = new Set(
  [
    ...["args", "arguments", "input", "params", "parameters", "tool_input", "tool_args"],
    ...["tool_arguments", "tool_params", "payload", "kwargs", "call_args", "request"],
  ].map(normal),
);

/**
 * How many shell calls one tool call may be guessed to hold. Each is judged in full, so a call
 * holding more (a batch of hundreds) is judged as one more, unreadable command: at least ask.
 */
const MAX_GUESSED_CALLS = 16;
/**
 * How many characters the splicing readings of one program tool's input may search and build
 * (each reading is a copy of the whole command line): past them the input is unreadable (ask).
 */
const MAX_SPLICED_CHARS = 1 << 23;
/** How many values the look for calls handed on visits before it stops (fail closed). */
const MAX_VALUES_WALKED = 100_000;
/** How often a string of JSON text may wrap a tool's arguments (`"\"{…}\""` is twice). */
const MAX_JSON_DEPTH = 3;

function normal(name: string): string {
  if (name.length > LONGEST_COMPARED) return "\u0000";
  return name.toLowerCase().replace(/[-_]/g, "");
}

/** A shell call a tool's input may be: the input to judge and where it keeps the command. */
export interface GuessedShellCall {
  readonly input: Readonly<Record<string, unknown>>;
  readonly spec: ShellToolSpec;
  /**
   * The program (`git`) whose subcommand the call runs but nobody can tell: the reading is
   * judged only under a policy with a bash rule that refuses some command (an ask or deny
   * other than on `*` alone), where that subcommand may be the refused one.
   */
  readonly anySubcommand?: string;
}

/**
 * How to read a call of an undeclared tool as a shell call, or `null` when its name is no
 * known shell tool's or its input names no command (the first command key present; see
 * {@link guessedShellCalls} for every reading).
 *
 * @example
 * ```ts
 * knownShellTool("exec_command", { cmd: "ls", workdir: "/tmp" }); // { command: "cmd", cwd: "workdir" }
 * knownShellTool("Bash", { command: "git push" });                // { command: "command", cwd: null }
 * knownShellTool("search", { command: "x" });                     // null
 * ```
 */
export function knownShellTool(toolName: string, input: unknown): ShellToolSpec | null {
  if (nameKind(toolName) === null || !isRecord(input)) return null;
  const keys = Object.keys(input);
  const command = keys.find((key) => COMMAND_KEYS.has(normal(key)));
  if (command === undefined) return null;
  return { command, cwd: keys.find((key) => CWD_KEYS.includes(normal(key))) ?? null };
}

/**
 * Every shell call an undeclared tool's call may be: a known shell tool's own (each command
 * key present, a program with its arguments, the typed text of a tool that types into a
 * running shell), and those a proxy or batch call hands on to a shell tool at any depth
 * (`mcp {"tool": "exec_command", "args": "{…}"}`, `{"tool_uses": [{"recipient_name":
 * "functions.exec_command", "parameters": {…}}]}`), arguments as an object or JSON text. A
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
  const found = callsOf(toolName, input, true);
  const walked = handedOn(input);
  for (const [target, args, loose] of walked.calls) found.push(...callsOf(target, args, loose));
  // The same reading found twice (a nested command read for its tool and for a proxy) counts once.
  // Past the first readings judged one by one the rest only make the call ask: they are not
  // looked at (each may be a copy of the whole input, D17-01).
  const seen = new Set<string>();
  const calls: GuessedShellCall[] = [];
  for (const call of found) {
    if (calls.length > MAX_GUESSED_CALLS) break;
    const text = JSON.stringify([call.input, call.spec]);
    if (seen.has(text)) continue;
    seen.add(text);
    calls.push(call);
  }
  if (walked.cut || calls.length > MAX_GUESSED_CALLS) {
    // More than can be judged one by one: the first ones, and one no analysis can read.
    return [...calls.slice(0, MAX_GUESSED_CALLS), UNREADABLE];
  }
  return calls;
}

const UNREADABLE: GuessedShellCall = {
  input: { command: null },
  spec: { command: "command", cwd: null },
};

/**
 * The calls an input hands on to a shell-named tool, at any depth: each object with a key
 * naming one (`tool`, `name`, `recipient_name`, …) and one holding its input (or, without one,
 * the object itself, read for its command keys only). `cut` when the input held more values
 * or calls than are looked through.
 */
function handedOn(input: unknown): {
  calls: Array<[string, unknown, boolean]>;
  cut: boolean;
} {
  const calls: Array<[string, unknown, boolean]> = [];
  const seen = new Set<object>();
  const stack: unknown[] = [input];
  let visited = 0;
  while (stack.length > 0) {
    if (++visited > MAX_VALUES_WALKED) return { calls, cut: true };
    const value = stack.pop();
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    const record = value as Record<string, unknown>;
    const keys = Object.keys(record);
    const targetKey = keys.find((k) => TARGET_KEYS.has(normal(k)) && typeof record[k] === "string");
    // Any target: whatever its name, an input holding a command is read as one (see callsOf).
    const inputKey = keys.find((k) => TARGET_INPUT_KEYS.has(normal(k)));
    if (targetKey !== undefined) {
      // The proxy's server (`server`, `server_name`, `serverName`, …) is a part of the tool's
      // name (`{"server": "git", "tool": "push"}` is `git:push`): what the name says of the
      // tool may be said by the server's part.
      const server = keys.find(
        (k) => SERVER_KEYS.has(normal(k)) && typeof record[k] === "string" && record[k] !== "",
      );
      const tool = record[targetKey] as string;
      const target =
        server === undefined || tool.length > LONGEST_COMPARED
          ? tool
          : `${record[server] as string}:${tool}`;
      if (inputKey !== undefined) calls.push([target, decoded(record[inputKey]), true]);
      else {
        if (nameKind(tool) !== null) calls.push([target, record, false]);
        // No input key is an empty input (a push tool needs none): a program's tool still runs
        // its commands, its words any the call gives beside the tool's and server's names.
        const rest = Object.fromEntries(
          keys.filter((k) => k !== targetKey && k !== server).map((k) => [k, record[k]]),
        );
        if (programToolCalls(target, rest).length > 0) calls.push([target, rest, true]);
      }
      if (calls.length > MAX_GUESSED_CALLS) return { calls, cut: true };
    }
    for (const key of keys) {
      const item = record[key];
      // Arguments handed on as JSON text, once or more (`"\"{\\\"cmd\\\": …}\""`).
      stack.push(
        typeof item === "string" && TARGET_INPUT_KEYS.has(normal(key)) ? decoded(item) : item,
      );
    }
  }
  return { calls, cut: false };
}

/** A value, with JSON text parsed as often as it is JSON text (a few times at most). */
function decoded(value: unknown): unknown {
  let current = value;
  for (let depth = 0; depth < MAX_JSON_DEPTH && typeof current === "string"; depth++) {
    const start = current.trimStart()[0];
    if (start !== "{" && start !== "[" && start !== '"') break;
    const parsed = parsedJson(current);
    if (parsed === undefined) break;
    current = parsed;
  }
  return current;
}

/**
 * The shell calls of one tool's input, when its name is a shell's, a runner's or a typist's.
 * `loose`: a command under no known key may be any of its strings.
 */
function callsOf(toolName: string, input: unknown, loose: boolean): GuessedShellCall[] {
  const named = nameKind(toolName);
  const record = decoded(input);
  if (!isRecord(record)) return [];
  // A tool of any other name is read for its command keys too (`launch-process {"command":
  // …}`, `run_program`, `mcp__shell__invoke`): a name never proves that a command it is
  // handed does not run. Only its named keys: its other strings are its own.
  const kind = named ?? UNNAMED;
  const runner = codeRunnerOf(toolName, named);
  let calls = [
    ...commandsIn(record, kind, named !== null && loose, runner),
    ...splicedTextCalls(toolName, named, record, programToolCalls(toolName, record)),
  ];
  // A command nested at any depth (`{"options": {"command": …}}`, `{"steps": [{"run": …}]}`,
  // `{"shell": "{\"cmd\": …}"}`): every object below the input is read for its command keys.
  const nested = recordsBelow(record);
  // An environment nested in the call's settings (`{"command": …, "options": {"env": …}}`, as
  // Node's spawn takes it) is the top command's too.
  for (const inner of nested.records) {
    const innerKeys = Object.keys(inner);
    if (!innerKeys.some(isEnvironmentKey)) continue;
    if (innerKeys.some((key) => COMMAND_KEYS.has(normal(key)))) continue;
    calls = withEnvironmentOf(calls, inner);
  }
  for (const inner of nested.records) {
    calls.push(...commandsIn(inner, kind, false, runner));
    if (calls.length > MAX_GUESSED_CALLS) break;
  }
  if (nested.cut) calls.push(UNREADABLE);
  if (kind.powershell) calls.push(...calls.flatMap(powershellReading));
  return calls;
}

/**
 * The objects below a shell tool's input, at any depth, arrays and JSON text of an object or
 * an array included, but not the list of calls a command key holds (read as such already);
 * `cut` when there were more values than are looked through.
 */
function recordsBelow(record: Record<string, unknown>): {
  records: Array<Record<string, unknown>>;
  cut: boolean;
} {
  const records: Array<Record<string, unknown>> = [];
  const seen = new Set<object>([record]);
  const stack: unknown[] = [];
  const below = (from: Record<string, unknown>) => {
    for (const key of Object.keys(from)) {
      const value = from[key];
      if (Array.isArray(value) && value.some(isRecord) && COMMAND_KEYS.has(normal(key))) continue;
      // The command's environment (`{"env": {"CMD": "x"}}`) is read with its command.
      if (isEnvironmentKey(key)) continue;
      stack.push(value);
    }
  };
  below(record);
  let visited = 0;
  while (stack.length > 0) {
    if (++visited > MAX_VALUES_WALKED) return { records, cut: true };
    let value = stack.pop();
    if (typeof value === "string") {
      if (!/^\s*[[{]/.test(value)) continue;
      value = decoded(value);
    }
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    if (Array.isArray(value)) {
      for (const item of value) stack.push(item);
      continue;
    }
    const inner = value as Record<string, unknown>;
    records.push(inner);
    if (records.length > MAX_GUESSED_CALLS * 64) return { records, cut: true };
    below(inner);
  }
  return { records, cut: false };
}

const SHELL_LANGUAGES = /^(bash|sh|shell|zsh|dash|ksh|fish|bourne|posix)$/i;

/**
 * git's subcommands (`git help -a`, git 2.4x, and the usual add-ons): a word of a git tool's
 * name that is one is a command the tool may run (`git_commit_and_push_increment` runs
 * `git commit` and `git push`). Several-word ones are matched on the name's words joined by
 * `-` (`cherry_pick`).
 */
const GIT_SUBCOMMANDS: ReadonlySet<string> = new Set(
  [
    "add am annotate apply archive bisect blame branch bugreport bundle cat-file check-attr",
    "check-ignore check-mailmap check-ref-format checkout checkout-index cherry cherry-pick",
    "citool clean clone column commit commit-graph commit-tree config count-objects credential",
    "daemon describe diagnose diff diff-files diff-index diff-tree difftool fast-export",
    "fast-import fetch fetch-pack filter-branch filter-repo fmt-merge-msg for-each-ref",
    "for-each-repo format-patch fsck gc grep gui hash-object help hook http-backend index-pack",
    "init instaweb interpret-trailers lfs log ls-files ls-remote ls-tree mailinfo mailsplit",
    "maintenance merge merge-base merge-file merge-index merge-tree mergetool mktag mktree",
    "multi-pack-index mv notes pack-objects pack-refs prune prune-packed pull push quiltimport",
    "range-diff read-tree rebase reflog remote repack replace replay request-pull rerere reset",
    "restore rev-list rev-parse revert rm send-email send-pack shortlog show show-branch",
    "show-index show-ref sparse-checkout stash status stripspace submodule svn switch",
    "symbolic-ref tag unpack-file unpack-objects update-index update-ref update-server-info var",
    "verify-commit verify-pack verify-tag version whatchanged worktree write-tree",
  ]
    .join(" ")
    .split(" "),
);
/**
 * The package managers' subcommands and their aliases (`npm help`, npm 10; `pnpm help`, pnpm 9;
 * yarn 1 and berry; bun 1): their MCP servers name tools the same ways
 * (@lamysolution/npm-mcp-server's `npm_publish {packagePath, tag, access}` runs
 * `npm publish --tag … --access …` in packagePath; a context server's `npm_command
 * {command}` and `pnpm_command` run `${executable} ${command}`).
 */
const NPM_SUBCOMMANDS: ReadonlySet<string> = new Set(
  [
    "access adduser audit bugs cache ci completion config dedupe deprecate diff dist-tag docs",
    "doctor edit exec explain explore find-dupes fund get help help-search hook init install",
    "install-ci-test install-test link ll login logout ls org outdated owner pack ping pkg",
    "prefix profile prune publish query rebuild repo restart root run run-script sbom search",
    "set shrinkwrap star stars start stop team test token uninstall unpublish unstar update",
    "version view whoami i add rm r un remove t tst x up upgrade ln c s se it cit ddp why",
  ]
    .join(" ")
    .split(" "),
);
const PNPM_SUBCOMMANDS: ReadonlySet<string> = new Set([
  ...NPM_SUBCOMMANDS,
  ..."unlink import fetch patch patch-commit licenses dlx create recursive server store".split(" "),
  ..."env setup deploy bin list".split(" "),
]);
const YARN_SUBCOMMANDS: ReadonlySet<string> = new Set([
  ..."add install remove upgrade up publish pack run exec dlx create init info link unlink npm".split(
    " ",
  ),
  ..."version workspaces workspace why config cache bin audit login logout tag owner".split(" "),
  ..."global import list outdated test start".split(" "),
]);
const BUN_SUBCOMMANDS: ReadonlySet<string> = new Set(
  "add install i remove rm update publish pm run x test build create init link unlink outdated patch".split(
    " ",
  ),
);

/**
 * Programs whose MCP servers name a tool by a subcommand: `<program>_<subcommand>`
 * (`mcp__git__git_push`, `npm_publish`), or the subcommand alone on a server named for the
 * program (`mcp__pare_git__push`, the proxy's `{"server": "git", "tool": "push"}`, `git:push`,
 * `mcp__npm__publish`), each with its subcommands.
 */
const PROGRAM_TOOL_SUBCOMMANDS: ReadonlyMap<string, ReadonlySet<string>> = new Map([
  ["git", GIT_SUBCOMMANDS],
  ["npm", NPM_SUBCOMMANDS],
  ["pnpm", PNPM_SUBCOMMANDS],
  ["yarn", YARN_SUBCOMMANDS],
  ["bun", BUN_SUBCOMMANDS],
]);

/** Keys of such a tool that name the repository it runs in. */
const REPOSITORY_FOLDER_KEYS: ReadonlySet<string> = new Set(
  [
    ...["path", "repo_path", "repository_path", "repository", "repo", "cwd", "dir", "directory"],
    ...["package_path", "package_dir", "project_path", "project_dir", "working_directory"],
  ].map(normal),
);
/** Keys of such a tool whose text is no word of the command (a commit's message). */
const PROSE_KEYS: ReadonlySet<string> = new Set(
  ["message", "msg", "description", "title", "body", "content", "text", "author"].map(normal),
);
/**
 * Keys of a tool named for the program alone (`mcp__devtools__git {"args": ["push"]}`) that
 * hold the words after the program, the subcommand's first.
 */
const PROGRAM_WORDS_KEYS: readonly string[] = [
  ...["subcommand", "sub_command", "command", "cmd", "action", "operation", "verb"],
  ...["args", "arguments", "argv", "params", "parameters", "flags", "options"],
].map(normal);

/** The subcommand a word of a program tool's name may be: itself, or its singular (`branches`). */
function subcommandOf(word: string, subcommands: ReadonlySet<string>): string | undefined {
  if (subcommands.has(word)) return word;
  for (const cut of [1, 2]) {
    const singular = word.slice(0, -cut);
    if (word.length > cut + 2 && word.endsWith("es".slice(2 - cut)) && subcommands.has(singular))
      return singular;
  }
  return undefined;
}

/**
 * The commands a program's own tool runs (`mcp__git__git_push {"path": ".", "remote":
 * "origin", "branch": "main"}` runs `git push origin main` in `.`). A tool is the program's
 * when any part of its qualified name (its server's, the proxy's `server`, its own) has the
 * program's word (`pare_git`, `git:push`, `gitPush`); then the word after the program's in
 * its own name (an unknown one may be an alias) and every git subcommand word anywhere in the
 * name are each a command: the subcommand with the tool's other strings as its words, a
 * `message` as `-m MESSAGE` and a `true` switch as `--switch`, in the folder its repository
 * key names. A tool whose name holds no subcommand takes its words from its input
 * (`{"args": ["push", "origin"]}`, `{"subcommand": "push"}`); with none there either, it runs
 * a subcommand nobody can tell, judged as `git "$SUBCOMMAND"` where a bash rule refuses some
 * command (see {@link GuessedShellCall.anySubcommand}). The stricter verdict stands, so a
 * rule on `git push` meets each.
 */
function programToolCalls(toolName: string, record: Record<string, unknown>): GuessedShellCall[] {
  if (toolName.length > LONGEST_COMPARED * 4) return [];
  const parts = toolName
    .split(/__|[:/.]/)
    .filter((part, i) => part !== "" && !(i === 0 && part.toLowerCase() === "mcp"));
  const partWords = parts.map((part) => (part.length > LONGEST_COMPARED ? [] : wordsOf(part)));
  const all = partWords.flat();
  // A program's word, alone or glued to a subcommand (`gitpush`, `npmPublish`).
  const calls: GuessedShellCall[] = [];
  for (const [program, known] of PROGRAM_TOOL_SUBCOMMANDS) {
    if (
      all.some(
        (w) => w === program || (w.startsWith(program) && known.has(w.slice(program.length))),
      )
    ) {
      calls.push(...oneProgramToolCalls(program, known, partWords, record));
    }
  }
  return calls;
}

/** {@link programToolCalls} for one program whose word the tool's name holds. */
function oneProgramToolCalls(
  program: string,
  known: ReadonlySet<string>,
  partWords: readonly string[][],
  record: Record<string, unknown>,
): GuessedShellCall[] {
  const own = partWords.at(-1) ?? [];
  const subcommands = new Set<string>();
  const at = own.lastIndexOf(program);
  const after = at < 0 ? undefined : own[at + 1];
  if (after !== undefined && /^[a-z][a-z-]*$/.test(after)) subcommands.add(after);
  for (const words of partWords) {
    for (const [i, word] of words.entries()) {
      if (word.startsWith(program) && known.has(word.slice(program.length))) {
        subcommands.add(word.slice(program.length));
      }
      for (const span of [3, 2, 1]) {
        const joined = words.slice(i, i + span).join("-");
        const found = i + span <= words.length ? subcommandOf(joined, known) : undefined;
        if (found !== undefined) {
          subcommands.add(found);
          break;
        }
      }
    }
  }
  const keys = Object.keys(record);
  const folderKey = keys.find(
    (key) => REPOSITORY_FOLDER_KEYS.has(normal(key)) && typeof record[key] === "string",
  );
  // The repository is git's `-C DIR` (GitPython's Repo(path), which expands `~`): git's table
  // reads the folder and the work tree below it, as it does for `cd DIR && git SUB`.
  const folder = folderKey === undefined ? "" : (record[folderKey] as string);
  // A package manager runs in the package's folder (`cd DIR && npm publish`).
  const head =
    folder === ""
      ? [program]
      : program === "git"
        ? [program, "-C", folderWord(folder)]
        : ["cd", folderWord(folder), "&&", program];
  const spec: ShellToolSpec = { command: "command", cwd: null };
  // The words after the program its input gives (`{"args": ["push", "origin"]}`,
  // `{"command": "publish --access public"}`, which a server splits as the shell does).
  const normalKeys = keys.map((key) => [key, normal(key)] as const);
  const given = PROGRAM_WORDS_KEYS.flatMap((name) =>
    normalKeys
      .filter(([key, normalKey]) => normalKey === name && key !== folderKey)
      .flatMap(([key]) => {
        const value = record[key];
        if (typeof value === "string") return value.split(/\s+/).filter(Boolean);
        return isStringArray(value) ? value : [];
      }),
  );
  const fromInput = (): GuessedShellCall[] =>
    given.length > 0
      ? [{ input: { command: [...head, ...given.map(quoted)].join(" ") }, spec }]
      : [];
  if (subcommands.size === 0) {
    // Named for the program alone: its words are in its input, the subcommand's first.
    if (given.length > 0) return fromInput();
    return [
      { input: { command: [...head, '"$SUBCOMMAND"'].join(" ") }, spec, anySubcommand: program },
    ];
  }
  const rest: string[] = [];
  for (const key of keys) {
    const value = record[key];
    // A commit's message is given as one (`git commit -m …`, not the editor's).
    if (/^(message|msg)$/.test(normal(key)) && typeof value === "string") {
      rest.push("-m", quoted(value));
      continue;
    }
    if (key === folderKey || PROSE_KEYS.has(normal(key)) || namesNoCommand(key)) continue;
    if (typeof value === "string" && value.trim() !== "") rest.push(quoted(value));
    else if (isStringArray(value)) rest.push(...value.map(quoted));
    else if (value === true && /^[A-Za-z][\w-]*$/.test(key)) rest.push(`--${key}`);
  }
  const calls: GuessedShellCall[] = [...subcommands].map((subcommand) => ({
    input: { command: [...head, subcommand, ...rest].join(" ") },
    spec,
  }));
  // The input may give the command itself, whatever the name says besides (`npm_command
  // {"command": "publish"}`, `run_npm {"args": ["publish"]}`, `npm_exec`): its first word
  // is a subcommand, an abbreviation of one (`pub`), or a global option before one
  // (`--loglevel silent publish`).
  const first = given[0] ?? "";
  if (
    known.has(first) ||
    first.startsWith("-") ||
    (first.length >= 2 && [...known].some((subcommand) => subcommand.startsWith(first)))
  ) {
    calls.push(...fromInput());
  }
  return calls;
}

/**
 * Text that runs or redirects something wherever a server splices it into a shell string
 * (`execSync(\`git commit -m "${message}"\`)`, `npm run ${script}`): a substitution, an
 * expansion with braces, a backtick, a command separator or pipe, a redirection, a new line.
 */
const SHELL_TEXT = /\$[({]|`|[;&|<>\n\r]/;
/** Quoting: a value holding it may close the quotes a server wraps it in. */
const QUOTING = /["'\\]/;
/** What a value changes when spliced bare, in double quotes, in single quotes. */
const SPLICE_MATTERS: ReadonlyArray<readonly [string, RegExp]> = [
  ["", /[\s"'\\*?[{~$]/],
  ['"', /["\\$`]/],
  ["'", /'/],
];
/**
 * Keys holding a document a server writes or pipes, not a word of a command line (a diff is
 * given to `git apply` on its input or in a file): left out of the splicing readings.
 */
const DOCUMENT_KEYS: ReadonlySet<string> = new Set(
  ["content", "contents", "diff", "patch", "data", "file_content", "new_content"].map(normal),
);
/** Words of a tool's name that say it runs a program it builds a command line for. */
const PROGRAM_NAME_WORDS: ReadonlySet<string> = new Set([
  ...["git", "npm", "npx", "pnpm", "yarn", "bun", "node", "deno", "python", "pip", "pipx", "uv"],
  ...["poetry", "cargo", "go", "make", "cmake", "docker", "podman", "kubectl", "helm", "gh"],
  ...["glab", "terraform", "ansible", "mvn", "maven", "gradle", "composer", "gem", "bundle"],
  ...["rake", "dotnet", "swift", "java", "ruby", "perl", "php", "rsync", "curl", "wget"],
  ...["ffmpeg", "pytest", "jest", "vitest", "tsc", "eslint", "prettier", "cli"],
]);

/**
 * The readings of a program tool's arguments as a server that builds a shell string from them
 * may run them (F17: real git and npm servers splice `git commit -m "${message}"`, `git show
 * ${ref}`, `npm run ${scriptName} -- ${args.join(' ')}` into `exec`). A tool runs a program
 * when its name names one (`git`, `npm`, …), a runner (`run`, `exec`, …) or a shell, or it
 * was read as git's (`commands`). Each of its strings (at its top, or in a list there):
 * - holding shell text ({@link SHELL_TEXT}) is judged as bash text after the no-op `:`, bare,
 *   in double and in single quotes (`: x; git push`), whatever it is (an ordinary message
 *   with `&`, `|` or `;` in it is asked about where the bash rules ask about what it would run);
 * - in a git command read, is also spliced into it bare, in double and in single quotes,
 *   where that changes anything ({@link SPLICE_MATTERS}): its words split, quotes closed
 *   (`x" --output="/etc/x` is an option of git's). A splice that leaves a quote open or puts
 *   a `(` outside quotes is a line bash refuses whole, and runs nothing: it is left out, so
 *   `don't` or `fix(parser): …` stay one word.
 * Two strings that hold quotes may pair them across a template: that is unreadable (ask).
 */
function splicedTextCalls(
  toolName: string,
  named: NameKind | null,
  record: Record<string, unknown>,
  commands: GuessedShellCall[],
): GuessedShellCall[] {
  const spec: ShellToolSpec = { command: "command", cwd: null };
  if (!runsProgram(toolName, named) && commands.length === 0) return [];
  // Each string with the places a server may splice it: a text (a message) in quotes only.
  const texts: Array<[string, ReadonlyArray<readonly [string, RegExp]>]> = [];
  for (const key of Object.keys(record)) {
    // A document is not spliced; a command or code is read as one already.
    if (DOCUMENT_KEYS.has(normal(key)) || COMMAND_KEYS.has(normal(key)) || isCodeKey(key)) {
      continue;
    }
    const value = record[key];
    const places = PROSE_KEYS.has(normal(key)) ? SPLICE_MATTERS.slice(1) : SPLICE_MATTERS;
    const strings = typeof value === "string" ? [value] : isStringArray(value) ? value : [];
    for (const text of strings) texts.push([text, places]);
  }
  const calls = [...commands];
  // Each reading is built once (the same string given twice splices the same line), and past
  // the readings judged one by one, or the characters a budget lets be searched and copied
  // (each splice is a copy of the whole line), the rest is unreadable: ask (D17-01).
  const built = new Set<string>();
  let work = 0;
  const add = (command: string): boolean => {
    work += command.length;
    if (calls.length > MAX_GUESSED_CALLS || work > MAX_SPLICED_CHARS) return false;
    if (!built.has(command)) calls.push({ input: { command }, spec });
    built.add(command);
    return true;
  };
  const cut = () => [...calls, UNREADABLE];
  const paired = texts.filter(([text]) => QUOTING.test(text)).length > 1;
  for (const [text, places] of texts) {
    if (!SHELL_TEXT.test(text)) continue;
    for (const [quote, matters] of places) {
      if ((quote === "" || matters.test(text)) && !add(`: ${quote}${text}${quote}`)) return cut();
    }
  }
  for (const command of commands) {
    const line = command.input.command;
    if (typeof line !== "string" || command.anySubcommand !== undefined) continue;
    for (const [text, places] of texts) {
      const splices = places.filter(
        ([quote, matters]) =>
          matters.test(text) && (SHELL_TEXT.test(text) || splicedParses(text, quote)),
      );
      if (splices.length === 0) continue;
      work += line.length;
      if (work > MAX_SPLICED_CHARS) return cut();
      const word = quoted(text);
      if (!line.includes(word)) continue;
      for (const [quote] of splices) {
        if (!add(line.replace(word, () => `${quote}${text}${quote}`))) return cut();
      }
    }
  }
  return paired ? cut() : calls;
}

/** Whether a tool's name says it runs a program: a program's, a runner's or a shell's word. */
function runsProgram(toolName: string, named: NameKind | null): boolean {
  if (named !== null || toolName.length > LONGEST_COMPARED * 4) return true;
  const words = wordsOf(toolName.replace(/[:./]/g, " "));
  return words.some((w) => PROGRAM_NAME_WORDS.has(w) || RUNNER_WORDS.has(w));
}

/**
 * Whether bash parses a line with `text` spliced in quotes `quote` (`""`, `'`, `"`): no quote
 * is left open and no `(` or `)` stands outside quotes (a syntax error). Only for text with no
 * substitution ({@link SHELL_TEXT}), whose own parentheses would nest.
 */
function splicedParses(text: string, quote: string): boolean {
  let state = quote;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (state === "'") {
      if (c === "'") state = "";
      continue;
    }
    if (c === "\\") {
      i++;
      continue;
    }
    if (state === '"') {
      if (c === '"') state = "";
      continue;
    }
    if (c === '"' || c === "'") state = c;
    else if (c === "(" || c === ")") return false;
  }
  return state === quote;
}

/** A folder as one shell word, a leading `~` or `~/` left to expand to the home folder. */
function folderWord(folder: string): string {
  if (folder === "~") return "~";
  if (folder.startsWith("~/")) return folder === "~/" ? "~/" : `~/${quoted(folder.slice(2))}`;
  return quoted(folder);
}

/** The kind of a tool whose name says nothing: only its command keys are read. */
const UNNAMED: NameKind = { itself: false, typing: false, powershell: false };

/**
 * Words of a tool's name (any part) that say it may run code it is handed: `execute_code`,
 * `mcp__python__run`, `jupyter_execute_cell`, `mcp__node__eval`, `run_script`.
 */
const RUNNER_WORDS: ReadonlySet<string> = new Set([
  ...["run", "runner", "exec", "execute", "executor", "eval", "evaluate", "interpret"],
  ...["interpreter", "repl", "kernel", "sandbox", "notebook", "cell", "jupyter", "ipython"],
  ...["python", "python3", "py", "node", "nodejs", "deno", "bun", "javascript", "js", "ruby"],
  ...["perl", "php", "lua", "rscript", "script", "code", "launch", "start", "invoke", "call"],
  ...["spawn", "submit", "do", "process", "program", "command", "cmd"],
]);
/** Name words of a notebook's kernel: its `source` is code, its `!cmd` lines shell commands. */
const NOTEBOOK_WORDS: ReadonlySet<string> = new Set(["jupyter", "ipython", "notebook", "cell"]);

/**
 * Languages a runner may be told (its `language`, or a word of its name), and the command that
 * runs code of it as the bash analysis reads one: opaque code, at least ask.
 */
const INTERPRETERS: ReadonlyMap<string, string> = new Map([
  ...["python", "python3", "python2", "py", "ipython", "jupyter", "notebook", "cell"].map(
    (w) => [w, "python3 -c"] as const,
  ),
  ...["javascript", "js", "node", "nodejs", "typescript", "ts", "mjs"].map(
    (w) => [w, "node -e"] as const,
  ),
  ...[
    ["deno", "deno eval"],
    ["bun", "bun -e"],
    ["ruby", "ruby -e"],
    ["rb", "ruby -e"],
    ["perl", "perl -e"],
    ["pl", "perl -e"],
    ["php", "php -r"],
    ["r", "Rscript -e"],
    ["rscript", "Rscript -e"],
    ["lua", "lua -e"],
  ].map(([w, c]) => [w as string, c as string] as const),
]);

/** What a code runner's name says: the language it names, and whether it is a notebook's. */
interface CodeRunner {
  readonly language: string | null;
  /** The name is a shell's own (`bash`): code of no language it is told is shell code. */
  readonly itself: boolean;
  readonly notebook: boolean;
}

/**
 * A tool that may run code it is handed, or `null`: a name with a runner's word in any part,
 * or any name a shell tool's.
 */
function codeRunnerOf(toolName: string, named: NameKind | null): CodeRunner | null {
  // A name too long to read word by word may be any runner's.
  if (toolName.length > LONGEST_COMPARED * 4)
    return { language: null, itself: false, notebook: true };
  const words = wordsOf(toolName.replace(/[:./]/g, " "));
  if (named === null && !words.some((w) => RUNNER_WORDS.has(w))) return null;
  const language = words.find((w) => INTERPRETERS.has(w)) ?? null;
  return {
    language,
    itself: named?.itself === true,
    notebook: words.some((w) => NOTEBOOK_WORDS.has(w)),
  };
}

/**
 * Whether a key holds code: `code`, `python_code`, `source_code`, `code_string`, … (its last
 * word `code` after a language's or `source`, or `code` before `string`, `text`, `snippet`,
 * `block`), or a notebook's `source` / `cell`.
 */
function isCodeKey(key: string): boolean {
  if (key.length > LONGEST_COMPARED) return false;
  const words = wordsOf(key);
  if (words.length === 1) return words[0] === "code";
  if (words.length !== 2) return false;
  const [first, second] = words as [string, string];
  if (second === "code")
    return first === "source" || INTERPRETERS.has(first) || SHELL_LANGUAGES.test(first);
  return first === "code" && ["string", "text", "snippet", "block", "cell"].includes(second);
}

/** The language a runner's input names (`language`, `lang`, `kernel`, …), lower-cased. */
function languageOf(record: Record<string, unknown>): string | undefined {
  for (const key of Object.keys(record)) {
    if (
      !["language", "lang", "kernel", "kernelname", "runtime", "interpreter"].includes(normal(key))
    ) {
      continue;
    }
    const value = record[key];
    if (typeof value === "string" && value.trim() !== "") {
      return value
        .trim()
        .toLowerCase()
        .replace(/^(\/usr)?\/bin\//, "")
        .replace(/[0-9.]+$/, "");
    }
  }
  return undefined;
}

/**
 * The shell calls code a runner is handed may be. Code of a shell's language is a command
 * (PowerShell's read as {@link powershellReading} reads it); code of another language is
 * opaque, judged as its interpreter's `-c CODE` is in bash (at least ask), and a notebook's
 * shell escapes in it (`!git push`, `files = !ls`, `%sx …`, a `%%bash` cell) are commands too;
 * code of no known language is read both ways.
 */
function codeReadings(
  record: Record<string, unknown>,
  runner: CodeRunner | null,
): GuessedShellCall[] {
  const told = languageOf(record);
  if (runner === null && told === undefined) return [];
  const keys = Object.keys(record);
  const language = told ?? runner?.language ?? null;
  const shell = language === null ? runner?.itself === true : SHELL_LANGUAGES.test(language);
  const powershell = language !== null && /^(powershell|pwsh|ps1|ps)$/.test(language);
  // Told another language, a runner's command keys hold code of it too (`mcp__python__run
  // {"script": …}`, `{"command": …, "language": "javascript"}`); they are read as commands too.
  // A short or shared word of the name (`node`, `js`, `r`) does not say it of a command key.
  const foreign =
    language !== null &&
    !shell &&
    !powershell &&
    (told !== undefined ||
      /^(python3?|ipython|javascript|ruby|perl|php|lua|deno|rscript)$/.test(language));
  const codeKeys = keys.filter(
    (key) =>
      isCodeKey(key) ||
      (foreign && COMMAND_KEYS.has(normal(key))) ||
      ((runner?.notebook === true || told !== undefined) &&
        ["source", "cell", "cellsource", "snippet"].includes(normal(key))),
  );
  if (codeKeys.length === 0) return [];
  const cwdKey = keys.find((key) => CWD_KEYS.includes(normal(key)));
  const place = cwdKey === undefined ? {} : { cwd: record[cwdKey] };
  const spec: ShellToolSpec = { command: "command", cwd: cwdKey === undefined ? null : "cwd" };
  const calls: GuessedShellCall[] = [];
  for (const key of codeKeys) {
    const value = record[key];
    const code = isStringArray(value) ? value.join("\n") : value;
    if (typeof code !== "string") {
      if (value !== undefined && value !== null) calls.push({ input: { command: null }, spec });
      continue;
    }
    if (code.trim() === "") continue;
    const asShell: GuessedShellCall = { input: { command: code, ...place }, spec };
    if (shell || powershell) {
      calls.push(asShell);
      if (powershell) calls.push(...powershellReading(asShell));
      continue;
    }
    const interpreter = (language !== null && INTERPRETERS.get(language)) || "python3 -c";
    calls.push({ input: { command: `${interpreter} ${quoted(code)}`, ...place }, spec });
    // A language the tool does not say may be a shell's.
    if (language === null || !INTERPRETERS.has(language)) calls.push(asShell);
    for (const line of shellEscapes(code)) calls.push({ input: { command: line, ...place }, spec });
  }
  return calls;
}

/**
 * The shell commands in notebook code: a line `!cmd` or `!!cmd` (also assigned: `out = !ls`),
 * `%sx cmd`, `%system cmd`, and the body of a `%%bash`, `%%sh`, `%%script bash`, `%%system`
 * or `%%!` cell.
 */
function shellEscapes(code: string): string[] {
  const escapes: string[] = [];
  const lines = code.split(/\r?\n/);
  let cell: string[] | null = null;
  for (const line of lines) {
    const magic = /^\s*%%(\S+)(.*)$/.exec(line);
    if (magic) {
      if (cell !== null) escapes.push(cell.join("\n"));
      const name = magic[1] as string;
      const arg = (magic[2] as string).trim().split(/\s+/)[0] ?? "";
      const runsShell =
        /^(bash|sh|zsh|system|sx|!)$/.test(name) ||
        (name === "script" && /(^|\/)(ba|z|k|da)?sh$/.test(arg));
      cell = runsShell ? [] : null;
      continue;
    }
    if (cell !== null) {
      cell.push(line);
      continue;
    }
    const bang = /^\s*(?:[\w.,\s[\]()]+=\s*)?(?:!!?|%(?:sx|system|sc)\b)(.*)$/.exec(line);
    if (bang) escapes.push(bang[1] as string);
  }
  if (cell !== null) escapes.push(cell.join("\n"));
  return escapes.filter((e) => e.trim() !== "");
}

/**
 * Control characters other than a line break: the terminal's line editing (`^U` kills the
 * line, `^W` a word, DEL and `^H` a character), readline's keys (`^A`, arrows as `ESC [ D`,
 * bracketed paste) and completion (Tab) change the line before it runs.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const EDITING_CHARACTERS = /[\u0000-\u0009\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
/**
 * A `!` followed by a word: history expansion in an interactive bash (`!git`, `!-2`), or a
 * program's shell escape (`:!cmd` in vim, `!cmd` in less, ed, gdb). Not `!=`, `! cmd`, `!(`,
 * `$!` or a `!"` closing a string.
 */
const BANG_ESCAPE = /(^|[^$\\])![^\s="(]/;
/** An editor's command line (`:r !cmd`, `:terminal git push`, `:call system(…)`). */
const EX_COMMAND = /^\s*:[A-Za-z!%]/m;
/** tmux key names besides Enter and Space: `C-u`, `BSpace`, `Left`, `Escape`, `F1`, `^U`. */
const KEY_NAME =
  /^(?:[CMS]-.+|\^.|bspace|btab|dc|delete|end|home|ic|insert|npage|ppage|pagedown|pageup|pgdn|pgup|pgdown|tab|up|down|left|right|escape|esc|f[0-9]{1,2}|kp.*|any|mouse.*|wheel.*)$/i;

/**
 * Whether text typed into a terminal is the command it reads as: no line editing, no key
 * other than Enter and Space, no history expansion or program escape. Otherwise the text is
 * not proven to be what runs: the guess also judges it unreadable (at least ask).
 */
function isProvenTyping(value: unknown): boolean {
  const texts = typeof value === "string" ? [value] : isStringArray(value) ? value : [];
  for (const text of texts) {
    if (
      typeof value !== "string" &&
      KEY_NAME.test(text.trim()) &&
      !/^(enter|c-m|kpenter|return|space)$/i.test(text.trim())
    ) {
      return false;
    }
    if (EDITING_CHARACTERS.test(text) || BANG_ESCAPE.test(text) || EX_COMMAND.test(text)) {
      return false;
    }
  }
  return true;
}

/** What a tool's name says of it. */
interface NameKind {
  /** The name is a shell's own (`bash`, `sh`): its `code` is shell code whatever language says. */
  readonly itself: boolean;
  /** The tool types into a running process: its text keys hold typed commands. */
  readonly typing: boolean;
  /** The tool runs PowerShell (see {@link powershellReading}). */
  readonly powershell: boolean;
}

/**
 * The shell calls of one object of a tool's input: its own commands and code, each given the
 * environment the object names (see {@link withEnvironment}).
 */
function commandsIn(
  record: Record<string, unknown>,
  kind: NameKind,
  loose: boolean,
  runner: CodeRunner | null,
): GuessedShellCall[] {
  const calls = [...ownCommandsIn(record, kind, loose, runner), ...codeReadings(record, runner)];
  return withEnvironmentOf(calls, record);
}

/** Calls with the environment an object names (see {@link withEnvironment}) before each. */
function withEnvironmentOf(
  calls: GuessedShellCall[],
  record: Record<string, unknown>,
): GuessedShellCall[] {
  if (!Object.keys(record).some(isEnvironmentKey)) return calls;
  return calls.map((call) => {
    const value = call.input.command;
    const text =
      typeof value === "string" ? value : isStringArray(value) ? value.map(quoted).join(" ") : null;
    return { ...call, input: { ...call.input, command: withEnvironment(text, record) } };
  });
}

function ownCommandsIn(
  record: Record<string, unknown>,
  kind: NameKind,
  loose: boolean,
  runner: CodeRunner | null,
): GuessedShellCall[] {
  const keys = Object.keys(record);
  const cwdKey = keys.find((key) => CWD_KEYS.includes(normal(key)));
  const place = cwdKey === undefined ? {} : { cwd: record[cwdKey] };
  const spec: ShellToolSpec = { command: "command", cwd: cwdKey === undefined ? null : "cwd" };
  const argsKey = keys.find((key) => ARGS_KEYS.includes(normal(key)));
  const args = argsKey === undefined ? undefined : record[argsKey];
  const wordsGiven = keys.some(
    (key) => WORDS_KEYS.has(normal(key)) && isWords(record[key]) && key !== cwdKey,
  );
  let commandKeys = keys.filter(
    (key) =>
      COMMAND_KEYS.has(normal(key)) ||
      (TEXT_COMMAND_KEYS.has(normal(key)) && isWords(record[key])) ||
      (PROGRAM_KEYS.has(normal(key)) && (args !== undefined || wordsGiven)) ||
      (kind.typing && TYPED_KEYS.has(normal(key))),
  );
  // A shell tool that names its command under no known key: each of its other strings may be
  // the command (`Shell {"input": "git push"}`, `exec_command {"program": "git"}`).
  if (commandKeys.length === 0 && loose) {
    commandKeys = keys.filter(
      (key) =>
        key !== cwdKey &&
        key !== argsKey &&
        !NOT_COMMAND_KEYS.has(normal(key)) &&
        !namesNoCommand(key) &&
        (typeof record[key] === "string" || isStringArray(record[key])),
    );
  }
  const calls: GuessedShellCall[] = [];
  let unproven = false;
  for (const commandKey of commandKeys) {
    const key = normal(commandKey);
    // Code is read as its language's (see codeReadings).
    if (isCodeKey(commandKey)) continue;
    const value = record[commandKey];
    // Typed text goes through the terminal's line editing and to whatever program reads it.
    if (kind.typing && !unproven && !isProvenTyping(value)) {
      unproven = true;
      calls.push(UNREADABLE);
    }
    // A list of calls (`{"commands": [{"cmd": …}]}`): each one's commands.
    if (Array.isArray(value) && value.some(isRecord)) {
      for (const item of value) {
        if (isRecord(item)) calls.push(...commandsIn(item, kind, false, runner));
      }
      continue;
    }
    const command = !isStringArray(value)
      ? value
      : LIST_KEYS.has(key)
        ? value.join("\n")
        : kind.typing && TYPED_KEYS.has(key)
          ? typedText(value)
          : value;
    calls.push({ input: { command, ...place }, spec });
    if (commandKey === argsKey) continue;
    // The program's words given apart: after a bare program any other key's, after a longer
    // command line or an argv only those of a key for words (`{"cmd": ["git"], "flags": …}`).
    const line =
      typeof command === "string" ? command.trim() : isStringArray(command) ? command : null;
    if (line !== null && line !== "") {
      const bare = typeof line === "string" && BARE_PROGRAM.test(line);
      const text = typeof line === "string" ? line : line.map(quoted).join(" ");
      calls.push(...wordsElsewhere(record, text, bare, commandKeys, [cwdKey, argsKey], place));
    }
    // Arguments as one text (`{"command": "git", "args": "push origin main"}`) follow the word.
    if (typeof command === "string" && typeof args === "string" && args.trim() !== "") {
      calls.push({ input: { command: `${command} ${args}`, ...place }, spec });
      continue;
    }
    if (!isStringArray(args)) continue;
    // A spawn-style tool runs the command word as the program and `args` as its arguments; a
    // tool that hands both to a shell runs the words joined.
    if (typeof command === "string") {
      calls.push({ input: { command: [command, ...args], ...place }, spec });
      calls.push({ input: { command: [command, ...args.map(quoted)].join(" "), ...place }, spec });
    } else if (Array.isArray(command)) {
      calls.push({ input: { command: [...command, ...args], ...place }, spec });
    }
  }
  // A folder a server trims or expands (`" /etc"`, `$HOME/.ssh`) is where the command may run.
  const cwd = place.cwd;
  if (typeof cwd !== "string") return calls;
  const own = calls.filter((c) => c.input.cwd === cwd);
  for (const other of new Set(folderSpellings(cwd))) {
    if (other !== cwd) calls.push(...own.map((c) => ({ ...c, input: { ...c.input, cwd: other } })));
  }
  // A folder a server hands to a shell (`cd "$workdir" && …`) is expanded as bash expands
  // it: the command is also judged after that `cd`, where the analysis reads the folder, a
  // computed one (`$(…)`, `${PWD%/*}`, an unknown variable) making its relative paths computed.
  if (/[$`]/.test(cwd)) calls.push(...own.map((c) => afterCd(c, cwd.trim())));
  return calls;
}

/**
 * A call's command run after `cd -- "FOLDER"` from the session's folder; unreadable when the
 * folder holds a quote, a backslash or a line break (it would not stay one word).
 */
function afterCd(call: GuessedShellCall, folder: string): GuessedShellCall {
  const spec: ShellToolSpec = { command: "command", cwd: null };
  const value = call.input.command;
  const text =
    typeof value === "string" ? value : isStringArray(value) ? value.map(quoted).join(" ") : null;
  if (text === null || /["\\\n\r\0]/.test(folder)) return { input: { command: null }, spec };
  return { input: { command: `cd -- "${folder}" && ${text}` }, spec };
}

/**
 * A command's calls with the words other keys hold (`{"command": "git", "subcommand":
 * "push", "flags": ["--force"]}`): the command with each key's words, and with all of them,
 * the subcommand's first; a command that is more than a bare program takes only the words of
 * a key for them (`flags`, `params`, …), its other keys being settings of the tool. Keys that hold no command (`description`, `timeout`, ids) are left
 * out; the calls past {@link MAX_GUESSED_CALLS} make the guess ask.
 */
function wordsElsewhere(
  record: Record<string, unknown>,
  program: string,
  bare: boolean,
  commandKeys: readonly string[],
  skipped: ReadonlyArray<string | undefined>,
  place: { cwd?: unknown },
): GuessedShellCall[] {
  const spec: ShellToolSpec = { command: "command", cwd: "cwd" in place ? "cwd" : null };
  const others = Object.keys(record).filter(
    (key) =>
      !commandKeys.includes(key) &&
      !skipped.includes(key) &&
      (bare || WORDS_KEYS.has(normal(key))) &&
      !NOT_COMMAND_KEYS.has(normal(key)) &&
      !namesNoCommand(key) &&
      isWords(record[key]),
  );
  if (others.length === 0) return [];
  const text = (key: string) => {
    const value = record[key] as string | string[];
    return typeof value === "string" ? value : value.map(quoted).join(" ");
  };
  const calls = others.map((key) => ({
    input: { command: `${program} ${text(key)}`, ...place },
    spec,
  }));
  if (others.length > 1) {
    const first = others.filter((key) => FIRST_WORDS_KEYS.has(normal(key)));
    const rest = others.filter((key) => !FIRST_WORDS_KEYS.has(normal(key)));
    const all = [...first, ...rest].map(text).join(" ");
    calls.push({ input: { command: `${program} ${all}`, ...place }, spec });
  }
  return calls;
}

/** A string with something in it, or a list of strings. */
function isWords(value: unknown): value is string | string[] {
  return (typeof value === "string" && value.trim() !== "") || isStringArray(value);
}

/**
 * Whether a key's last word names, counts or times something and none of its words is a
 * command's: `shell_id`, `terminalId`, `timeout_ms`, but not `bash_command_offset`.
 */
function namesNoCommand(key: string): boolean {
  if (key.length > LONGEST_COMPARED) return false;
  const words = wordsOf(key);
  const last = words.at(-1);
  if (last === undefined || !NOT_COMMAND_LAST_WORDS.has(last)) return false;
  return !words.some((word) => COMMAND_WORDS.has(word));
}

/** A key's or name's words: apart at `_`, `-`, blanks and a capital after a small letter. */
function wordsOf(text: string): string[] {
  return text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter((w) => w !== "");
}

/**
 * A working folder trimmed, and with its expansions read (`$HOME/.ssh` as `~/.ssh`,
 * `${HOME:-/x}` as `~` and as `/x`; see {@link expandedVariables}).
 */
function folderSpellings(folder: string): string[] {
  const trimmed = folder.trim();
  const expanded = expandedVariables(trimmed, ".", "~")?.texts ?? [];
  return [trimmed, ...expanded].filter((f) => f !== "");
}

/** The text tmux-like keys type: Enter's names as a new line, Space as a space. */
function typedText(keys: readonly string[]): string {
  return keys
    .map((key) =>
      /^(enter|c-m|kpenter|return)$/i.test(key) ? "\n" : /^space$/i.test(key) ? " " : key,
    )
    .join(" ");
}

/**
 * A PowerShell command read as bash is sound only for a plain command line: plain words, the
 * first naming a program, not a cmdlet (`Remove-Item`), an alias (`ri`, `sc`, `iex`), a
 * keyword or a drive. Any other text is also read as `pwsh -Command '…'`, code the analysis
 * cannot read, so the call is at least asked about (and meets any rule on `pwsh`).
 */
function powershellReading(call: GuessedShellCall): GuessedShellCall[] {
  const text = call.input.command;
  if (typeof text !== "string" || isPlainPowerShell(text)) return [];
  return [{ ...call, input: { ...call.input, command: `pwsh -Command ${quoted(text)}` } }];
}

function isPlainPowerShell(text: string): boolean {
  const line = text.trim();
  if (!/^[A-Za-z0-9_%+=:./ -]+$/.test(line)) return false;
  const words = line.split(/ +/);
  const first = words[0] ?? "";
  if (words.some((w) => w.startsWith("--%"))) return false;
  if (first === "" || /[-:%]/.test(first)) return false;
  return !POWERSHELL_ALIASES.has(first.toLowerCase().replace(/\.exe$/, ""));
}

/**
 * PowerShell's built-in aliases, functions and keywords (Windows PowerShell 5.1 and
 * PowerShell 7), and Windows' own runners of commands (`cmd /c …`): a first word PowerShell
 * does not hand to a program as bash would, or a program that runs what bash cannot read.
 */
const POWERSHELL_ALIASES: ReadonlySet<string> = new Set(
  [
    "ac asnp cat cd chdir clc clear clhy cli clp cls clv cnsn compare copy cp cpi cpp curl cvpa",
    "dbp del diff dir dnsn ebp echo epal epcsv epsn erase etsn exsn fc fhx fl foreach ft fw gal",
    "gbp gc gcb gci gcm gcs gdr ghy gi gin gjb gl gm gmo gp gps gpv group gsn gsnp gsv gtz gu gv",
    "gwmi h history icm iex ihy ii ipal ipcsv ipmo ipsn irm ise iwmi iwr kill lp ls man md",
    "measure mi mkdir more mount move mp mv nal ndr ni nmo npssc nsn nv ogv oh popd ps pushd pwd",
    "r rbp rcjb rcsn rd rdr ren ri rjb rm rmdir rmo rni rnp rp rsn rsnp rujb rv rvpa rwmi sajb",
    "sal saps sasv sbp sc scb select set shcm si sl sleep sls sort sp spjb spps spsv start stz",
    "sujb sv swmi tee trcm type wget where wjb write help pause oss prompt exit return throw",
    "break continue function filter workflow class enum if else elseif switch while do for",
    "trap try param begin process end dynamicparam data configuration using",
    // Windows programs that run another command or script bash does not know as one.
    "cmd wsl wscript cscript mshta rundll32 regsvr32 msiexec runas schtasks forfiles wmic",
    "bitsadmin certutil reg conhost explorer powershell pwsh powershell_ise",
  ]
    .join(" ")
    .split(" "),
);

/**
 * What a tool's name says of it, or `null` when it names no shell, runner or typist. Read on
 * the name's own part (`mcp__box__exec_command`, `box:exec_command`, `functions.exec_command`)
 * and on that part without the hash Pi's MCP adapter appends to a name it shortens. Linear in
 * the name's length: no tail or head longer than the longest known name is compared.
 */
function nameKind(toolName: string): NameKind | null {
  const found = partsKind(toolName, toolName);
  // The name again without a version after it (`bash5.2`, `shell@latest`), which may hold
  // the separators of parts.
  const bare = withoutVersion(toolName);
  return bare === toolName ? found : merged(found, partsKind(bare, toolName));
}

function merged(one: NameKind | null, other: NameKind | null): NameKind | null {
  if (one === null || other === null) return one ?? other;
  return {
    itself: one.itself || other.itself,
    typing: one.typing || other.typing,
    powershell: one.powershell || other.powershell,
  };
}

/** {@link nameKind} of one spelling of the name. */
function partsKind(name: string, toolName: string): NameKind | null {
  const parts = name.split(/__|[:/.]/);
  const last = parts.at(-1) ?? name;
  let found = kindOf(last, false);
  // A server that is a terminal or a shell (`mcp__wezterm__send_text`, `mcp__kitty__send_text`):
  // its tool that sends or types text types into that terminal.
  if (!found?.typing && parts.length > 1 && typesIntoServer(parts, last)) {
    found = { itself: false, typing: true, powershell: found?.powershell ?? false };
  }
  // pi-mcp names a tool `mcp__<server>__<tool>` and, past 64 characters, keeps the first 55,
  // then `_` and 8 hex digits: the tool's name may be cut short, or cut off with the server's.
  const hashed = /_[0-9a-f]{8}$/.exec(last);
  if (hashed && parts[0]?.toLowerCase() === "mcp") {
    const cut = toolName.length >= 64;
    // Cut within the server's name: the tool is unknown, and may be a shell.
    if (cut && parts.length === 2) return { itself: false, typing: false, powershell: false };
    const bare = kindOf(last.slice(0, hashed.index), cut);
    if (bare !== null) {
      found = {
        itself: (found?.itself ?? false) || bare.itself,
        typing: (found?.typing ?? false) || bare.typing,
        powershell: (found?.powershell ?? false) || bare.powershell,
      };
    }
  }
  return found;
}

/**
 * A name without the version after it: an `@` tag (`shell@latest`, `bash@5`), a Windows
 * `.exe` and dotted numbers (`bash5.2`, `run_command.v2.1`), so that a `.` in the version
 * does not make a part of the name. One scan back from the end: linear in the name's length.
 */
function withoutVersion(name: string): string {
  const at = name.lastIndexOf("@");
  let end = at > 0 ? at : name.length;
  // A Windows program's name (`bash.exe`, `cmd.exe`).
  if (/\.exe$/i.test(name.slice(Math.max(0, end - 4), end))) end -= 4;
  for (;;) {
    let i = end;
    while (i > 0 && /[0-9]/.test(name[i - 1] as string)) i--;
    if (i === end) break;
    if (i > 0 && /[vV]/.test(name[i - 1] as string)) i--;
    if (i === 0 || name[i - 1] !== ".") break;
    end = i - 1;
  }
  return name.slice(0, end);
}

/** `cut`: the part's last word may be cut short (a pi-mcp name shortened with a hash). */
function kindOf(part: string, cut: boolean): NameKind | null {
  const words = part
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    // A version after a name is a word of its own (`bash2`, `bashv2`, `zsh_v5` aside); a
    // `v` before it is the version's.
    .replace(/([a-zA-Z])(v?[0-9])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_-]+/)
    .filter((w) => w !== "");
  if (words.length === 0) return null;
  let verbs = 0;
  let targets = 0;
  let bothAt = -1;
  let shellWord = false;
  let powershell = false;
  let typingAlone = false;
  for (const [i, word] of words.entries()) {
    if (SHELL_WORDS.has(word) || isGluedShellWord(word)) shellWord = true;
    if (POWERSHELL_WORDS.has(word)) powershell = true;
    if (TYPING_ALONE.has(word)) typingAlone = true;
    const verb = TYPING_VERBS.has(word);
    const target = TYPING_TARGETS.has(word);
    if (verb) verbs++;
    if (target) targets++;
    if (verb && target) bothAt = i;
  }
  // A typing word and a place to type into, two words (`input` alone is not both).
  const typing =
    typingAlone || (verbs > 0 && targets > 0 && !(verbs === 1 && targets === 1 && bothAt >= 0));
  const shell = shellWord || WHOLE_NAMES_ONLY.has(words.join("")) || knownTailOrHead(words, cut);
  if (!shell && !typing) return null;
  const itself =
    words.length === 1 && SHELL_WORDS.has(words[0] as string) && words[0] !== "terminal";
  return { itself, typing, powershell };
}

/**
 * Whether the words end or start with a known name's words (`box_exec_command`,
 * `run_command_v2`); `cut`: the last word may be cut short, so a tail that starts a known
 * name counts too.
 */
function knownTailOrHead(words: readonly string[], cut: boolean): boolean {
  let tail = "";
  for (let i = words.length - 1; i >= 0 && tail.length <= LONGEST_KNOWN; i--) {
    tail = `${words[i]}${tail}`;
    if (KNOWN_SHELL_TOOLS.has(tail)) return true;
    if (cut && tail.length <= LONGEST_KNOWN && startsKnownName(tail)) return true;
  }
  let head = "";
  for (let i = 0; i < words.length && head.length <= LONGEST_KNOWN; i++) {
    head = `${head}${words[i]}`;
    if (KNOWN_SHELL_TOOLS.has(head)) return true;
  }
  return false;
}

/** Terminals and multiplexers an MCP server may drive, besides the shells of SHELL_WORDS. */
const TERMINAL_SERVERS: ReadonlySet<string> = new Set([
  ...["wezterm", "kitty", "tmux", "screen", "iterm", "iterm2", "alacritty", "zellij", "konsole"],
  ...["ghostty", "warp", "tty", "pty", "console", "byobu", "tabby", "hyper", "xterm", "term"],
]);

/** Whether a part before the tool's own names a terminal or shell and the tool types or sends. */
function typesIntoServer(parts: readonly string[], last: string): boolean {
  if (last.length > LONGEST_COMPARED) return false;
  const server = parts
    .slice(0, -1)
    .filter((part, i) => !(i === 0 && part.toLowerCase() === "mcp"))
    .flatMap((part) => (part.length > LONGEST_COMPARED ? [] : wordsOf(part)));
  if (!server.some((w) => TERMINAL_SERVERS.has(w) || SHELL_WORDS.has(w))) return false;
  return wordsOf(last).some((w) => TYPING_VERBS.has(w));
}

/** A shell's word glued to a verb for running in one word (`bashrun`, `runsh`, `shexec`). */
function isGluedShellWord(word: string): boolean {
  if (word.length > LONGEST_COMPARED) return false;
  for (const shell of SHELL_WORDS) {
    if (word.length <= shell.length) continue;
    if (word.startsWith(shell) && GLUED_VERBS.has(word.slice(shell.length))) return true;
    if (word.endsWith(shell) && GLUED_VERBS.has(word.slice(0, -shell.length))) return true;
  }
  return false;
}

function startsKnownName(text: string): boolean {
  for (const name of KNOWN_SHELL_TOOLS) if (name.startsWith(text)) return true;
  return false;
}

function isStringArray(value: unknown): value is string[] {
  return Array.isArray(value) && value.length > 0 && value.every((w) => typeof w === "string");
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
