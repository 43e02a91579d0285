import { gitEnvInjection, gitEnvPaths, settingInjections } from "../programs/git.ts";
import type { PathUse } from "../programs/paths.ts";
import { type Word, wordFromText } from "../read/words.ts";

/**
 * Commands hidden in values: an environment variable or a git setting whose value another
 * program runs (`GIT_SSH_COMMAND="rm -rf ~" git fetch`), or code it loads
 * (`LD_PRELOAD=/tmp/x.so ls`). The analyzer lists each as a unit of its own, carrying the
 * opaque sentinel; a literal command value is analysed like a `bash -c` payload. git's own
 * variables and settings are in git.ts's table of executor surfaces.
 */

/** Variables whose value some program runs as a command line (git's are in git.ts). */
const COMMAND_VARIABLES = new Set([
  "SSH_ASKPASS",
  "SUDO_ASKPASS",
  "PAGER",
  "MANPAGER",
  "EDITOR",
  "VISUAL",
  "PROMPT_COMMAND",
  "LESSOPEN",
  "LESSCLOSE",
  // xdg-open and friends run $BROWSER; sudoedit $SUDO_EDITOR; fc $FCEDIT.
  "BROWSER",
  "SUDO_EDITOR",
  "FCEDIT",
  // rsync and cvs reach the remote through this command; cargo runs rustc through a wrapper.
  "RSYNC_RSH",
  "RSYNC_CONNECT_PROG",
  "CVS_RSH",
  "RUSTC_WRAPPER",
  "RUSTC_WORKSPACE_WRAPPER",
  "CARGO_BUILD_RUSTC_WRAPPER",
  "CARGO_BUILD_RUSTC",
  "RUSTC",
]);

/**
 * Variables build tools (make, pip, cargo's cc, configure) run as a compiler or linker. A bare
 * program name (`CC=clang`) is judged where the build runs; a value with a blank or a shell
 * character is a command line of its own (`CC='git push' pip install .`).
 */
const TOOL_VARIABLES = new Set([
  ...["CC", "CXX", "CPP", "LD", "AR", "AS", "FC", "F77", "NM", "RANLIB", "STRIP", "OBJCOPY"],
  ...["HOSTCC", "HOSTCXX", "CC_FOR_BUILD", "CXX_FOR_BUILD", "LDSHARED", "CCACHE_PREFIX"],
]);

/** cargo's per-target runner and linker from the environment: commands it runs. */
const COMMAND_VARIABLE_PATTERN = /^CARGO_TARGET_[A-Z0-9_]+_(RUNNER|LINKER)$/;

/** Variables whose value names code a program loads before it runs. */
const CODE_VARIABLES = new Set([
  // Configuration files that can turn on a command-running option: rg's --pre, a lesskey
  // file's LESSOPEN, wget's and curl's settings.
  "RIPGREP_CONFIG_PATH",
  "LESSKEYIN",
  "LESSKEY",
  "LESSKEYIN_SYSTEM",
  "WGETRC",
  "CURL_HOME",
  "LD_PRELOAD",
  "LD_AUDIT",
  "DYLD_INSERT_LIBRARIES",
  "BASH_ENV",
  "ENV",
]);

/**
 * The directories a system's own PATH is made of. A PATH of these and the environment's
 * `$PATH` finds the programs the user's PATH finds; any other element (`.`, `/tmp/evil`, an
 * empty element, which is the working directory) lets a bare name such as `cat` run a file of
 * the string's choosing, which `./cat` written out would have asked for.
 */
const STANDARD_PATH_DIRS = new Set([
  "/bin",
  "/usr/bin",
  "/usr/local/bin",
  "/sbin",
  "/usr/sbin",
  "/usr/local/sbin",
  "/opt/homebrew/bin",
]);

/** Whether a PATH value, as written, names only `$PATH` and the standard program directories. */
export function standardPath(text: string): boolean {
  const braced = "$" + "{PATH}";
  return text
    .split(":")
    .every((dir) => dir === "$PATH" || dir === braced || STANDARD_PATH_DIRS.has(dir));
}

/**
 * Variables that decide which file a bare command name runs: `PATH`, and `BASH_CMDS` (bash's
 * table of remembered command locations, `hash -p` by assignment).
 */
export const LOOKUP_VARIABLES: ReadonlySet<string> = new Set(["PATH", "BASH_CMDS", "BASH_ALIASES"]);

/** One command hidden in a value. */
export interface Injection {
  /** The variable or setting that carries it. */
  name: string;
  /** The text as written after `=`. */
  value: Word;
  /** The value is a shell command line (analysed when literal), not a file of code. */
  command: boolean;
}

/** One `NAME=value` assignment: a prefix, a statement, a declaration or an `env` word. */
export interface Assignment {
  name: string;
  value: Word;
  /** Written `NAME+=value`: the value is appended to what the variable held. */
  append?: boolean;
}

/**
 * npm's configuration from the environment (any case): the shell every script runs through,
 * and the options and configuration files that can load code or name that shell.
 */
const NPM_COMMAND_SETTINGS = new Set(["npm_config_script_shell"]);
const NPM_CODE_SETTINGS = new Set([
  "npm_config_node_options",
  "npm_config_userconfig",
  "npm_config_globalconfig",
]);

/** Variables whose value is options for a runtime that may name code it loads first. */
const OPTION_VARIABLES = new Set([
  "NODE_OPTIONS",
  "PERL5OPT",
  "RUBYOPT",
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
]);

/**
 * Variables whose value is options for a tool, and the options in them that run a command:
 * tar's `--to-command`/`--checkpoint-action=exec`/`-I`, zip's `-TT`, Go's `-toolexec`/`-exec`,
 * rustc's `-C linker=`, and a prompt string's command substitution (bash expands PS4 for
 * each traced command, PS0/PS1/PS2 in an interactive shell).
 */
const RUNNING_OPTIONS: ReadonlyMap<string, RegExp> = new Map([
  [
    "TAR_OPTIONS",
    /--to-com|--checkpoint-a|--use-com|--rsh-com|--info-s|--new-v|(^|\s)-[A-Za-z]*[IF]/,
  ],
  ["ZIPOPT", /-TT|--unzip-command/],
  ["GOFLAGS", /(^|\s)--?(toolexec|exec)\b/],
  ["RUSTFLAGS", /linker|-Clink-arg|-C\s*link/],
  ["CARGO_ENCODED_RUSTFLAGS", /linker|link-arg/],
  ["PS0", /\$\(|`/],
  ["PS1", /\$\(|`/],
  ["PS2", /\$\(|`/],
  ["PS4", /\$\(|`/],
]);

/**
 * Variables that name directories (or files) a program loads code from: each element is
 * read, so one outside the working directory meets `external_directory`.
 */
const LOAD_PATH_VARIABLES = new Set([
  "PYTHONPATH",
  "PYTHONSTARTUP",
  "PYTHONHOME",
  "PYTHONUSERBASE",
  "PERL5LIB",
  "PERLLIB",
  "RUBYLIB",
  "NODE_PATH",
  "LD_LIBRARY_PATH",
  "GCONV_PATH",
  "CLASSPATH",
  "GEM_PATH",
  "GEM_HOME",
]);

/**
 * Options that load code or hand control to a debugger: node `-r`/`--require`/`--import`/
 * `--loader`, perl `-M`/`-m`/`-d`/`-I`, ruby `-r`/`-I`, java `-javaagent`/`-agentpath`.
 * `NODE_OPTIONS=--max-old-space-size=4096` loads nothing and stays proven.
 */
const LOADING_OPTION =
  /(^|\s)(-r|--require|--import|--loader|--experimental-loader|--experimental-specifier-resolution|-M|-m|-d|-I|-javaagent|-agentpath|-agentlib|-XX:OnOutOfMemoryError|-XX:OnError)/;

/** The commands one assignment hides (none for most variables). */
export function injectedByAssignment(name: string, value: Word, append = false): Injection[] {
  // A child bash defines this function from it: its body runs wherever the name is called.
  if (name.startsWith("BASH_FUNC_")) return [{ name, value, command: false }];
  // `PATH=.`, `PATH[0]=…`, `PATH+=…`, `BASH_CMDS[cat]=…`: a bare name may now run any file.
  const base = /^[A-Za-z_][A-Za-z0-9_]*/.exec(name)?.[0] ?? name;
  if (
    LOOKUP_VARIABLES.has(base) &&
    (base !== "PATH" || name !== base || append || !standardPath(value.text))
  ) {
    return [{ name, value, command: false }];
  }
  const git = gitEnvInjection(name, value);
  if (git !== null) return git;
  if (COMMAND_VARIABLES.has(name) || COMMAND_VARIABLE_PATTERN.test(name)) {
    return [{ name, value, command: true }];
  }
  if (TOOL_VARIABLES.has(name) && (!value.literal || /[\s;&|`$()<>\\'"]/.test(value.text))) {
    return [{ name, value, command: true }];
  }
  const running = RUNNING_OPTIONS.get(name);
  if (running !== undefined && (!value.literal || running.test(value.text))) {
    // A prompt string is expanded as shell words: its substitutions are analysed as a script.
    return [{ name, value, command: /^PS[0-4]$/.test(name) }];
  }
  if (CODE_VARIABLES.has(name)) return [{ name, value, command: false }];
  // A library path with a relative or empty element loads libraries from where the string
  // may have built or written them (`LD_LIBRARY_PATH=. ls` after `gcc -shared -o libx.so`).
  if (
    (name === "LD_LIBRARY_PATH" || name === "GCONV_PATH") &&
    (!value.literal || value.text.split(":").some((dir) => !/^[/~]/.test(dir)))
  ) {
    return [{ name, value, command: false }];
  }
  const lower = name.toLowerCase();
  if (NPM_COMMAND_SETTINGS.has(lower)) return [{ name, value, command: true }];
  if (NPM_CODE_SETTINGS.has(lower)) return [{ name, value, command: false }];
  if (OPTION_VARIABLES.has(name) && (!value.literal || LOADING_OPTION.test(value.text))) {
    return [{ name, value, command: false }];
  }
  return [];
}

/**
 * The commands a group of assignments hides. `GIT_CONFIG_KEY_n` and `GIT_CONFIG_VALUE_n` set
 * in the same group are read as one setting, judged like `git -c KEY=VALUE`.
 */
export function injectedByAssignments(assignments: readonly Assignment[]): Injection[] {
  const found: Injection[] = [];
  const keys = new Map<string, Word>();
  const values = new Map<string, Word>();
  for (const { name, value, append } of assignments) {
    const pair = /^GIT_CONFIG_(KEY|VALUE)_(\d+)$/.exec(name);
    if (pair) (pair[1] === "KEY" ? keys : values).set(pair[2] as string, value);
    else found.push(...injectedByAssignment(name, value, append));
  }
  for (const [index, key] of keys) {
    const value = values.get(index);
    if (value !== undefined && key.literal)
      found.push(...settingInjections(key.text, value).injections);
    else found.push(...injectedByAssignment(`GIT_CONFIG_KEY_${index}`, key));
  }
  for (const [index, value] of values) {
    if (!keys.has(index)) found.push(...injectedByAssignment(`GIT_CONFIG_VALUE_${index}`, value));
  }
  return found;
}

/**
 * Variables that name a folder a program writes (or reads and writes) its data in: python's
 * bytecode cache, gpg's home, npm's cache.
 */
const DATA_PATH_VARIABLES: ReadonlyMap<string, "write" | "read_write"> = new Map([
  ["PYTHONPYCACHEPREFIX", "write"],
  ["GNUPGHOME", "read_write"],
  ["npm_config_cache", "read_write"],
  ["NPM_CONFIG_CACHE", "read_write"],
]);

/** The files a group of assignments names for git (`GIT_DIR`, `GIT_INDEX_FILE`, trace targets). */
export function pathsOfAssignments(assignments: readonly Assignment[]): PathUse[] {
  return assignments.flatMap(({ name, value }): PathUse[] => {
    if (LOAD_PATH_VARIABLES.has(name)) return loadPaths(value);
    const data = DATA_PATH_VARIABLES.get(name);
    if (data !== undefined)
      return value.text === "" ? [] : [{ word: value, access: data, below: true }];
    return gitEnvPaths(name, value);
  });
}

/** The elements of a `:`-separated load path, each read (a computed value is one path). */
function loadPaths(value: Word): PathUse[] {
  if (value.text === "") return [];
  if (!value.literal || !value.text.includes(":")) return [{ word: value, access: "read" }];
  const uses: PathUse[] = [];
  let offset = 0;
  for (const element of value.text.split(":")) {
    // An empty element is the working directory, as for PATH.
    const text = element === "" ? "." : element;
    uses.push({
      word: wordFromText(text, {
        start: value.start < 0 ? -1 : value.start + offset,
        tilde: text.startsWith("~"),
      }),
      access: "read",
    });
    offset += element.length + 1;
  }
  return uses;
}

/** The `NAME=value` words a wrapper carries (`env GIT_SSH_COMMAND=… git fetch`, `sudo VAR=…`). */
export function assignmentsOfWords(words: readonly Word[]): Assignment[] {
  const found: Assignment[] = [];
  for (const word of words) {
    // `BASH_FUNC_NAME%%=() { …; }` (an `env` word) is how bash passes a function to a child bash.
    const match = /^([A-Za-z_][A-Za-z0-9_]*|BASH_FUNC_[^=]*%%)=/.exec(word.text);
    if (!match) continue;
    const name = match[1] as string;
    const text = word.text.slice(name.length + 1);
    found.push({
      name,
      value: {
        ...word,
        text,
        tilde: word.literal && text.startsWith("~"),
        pattern: null,
        leadingVariable: null,
        start: word.start < 0 ? word.start : word.start + name.length + 1,
      },
    });
  }
  return found;
}

/** The commands the `NAME=value` words of a wrapper hide. */
export function injectedByWords(words: readonly Word[]): Injection[] {
  return injectedByAssignments(assignmentsOfWords(words));
}
