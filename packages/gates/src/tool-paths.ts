import { existsSync } from "node:fs";
import { posix } from "node:path";
import { fileURLToPath } from "node:url";
import { FILE_TOOLS, surfaceSpec, type ToolPathAccess } from "@pi-permission/policy";
import { argumentPathsOf, isGlobTool } from "./argument-paths.ts";
import { cachedLookups, linkTargetOf } from "./links.ts";

/** The path a tool call names, as written, and how the tool uses it. */
export interface ToolPath {
  raw: string;
  access: ToolPathAccess;
}

/**
 * The path a tool call touches, if any. Built-in file tools use `path` with a known
 * direction (an empty or missing `path` of `ls`, `find` and `grep` is the working
 * directory, as Pi reads it); any other tool that passes a string `path` is assumed to read
 * and write it, because its direction cannot be proven. `toolPathsOf` lists every
 * path a call names.
 */
export function toolPathOf(toolName: string, input: unknown): ToolPath | null {
  const raw = isRecord(input) && typeof input.path === "string" ? input.path : undefined;
  const file = surfaceSpec(toolName)?.file;
  const known = file?.access;
  if (raw !== undefined && raw !== "") return { raw, access: known ?? "read_write" };
  if (known && (raw === "" || file?.optionalPath)) {
    // Pi opens the working directory for an empty path (`path || "."`, or `resolve(cwd, "")`).
    return { raw: raw ?? ".", access: known };
  }
  return null;
}

/**
 * Every path a tool call names: a built-in file tool's `path`, or, for any other tool (an
 * MCP server's, an extension's), every argument whose key names a path (`path`, `file`,
 * `uri`, `filename`, `file_path`, `dir`, `source`, …, nested ones too), each assumed to be
 * read and written. Shell tools are not listed here: their paths come from the analyzer.
 */
export function toolPathsOf(
  toolName: string,
  input: unknown,
  place?: { readonly cwd: string; readonly home: string },
): ToolPath[] {
  if (Object.hasOwn(FILE_TOOLS, toolName)) {
    const path = toolPathOf(toolName, input);
    return path ? [path] : [];
  }
  return argumentPathsOf(
    remoteRepositoryFree(toolName, input),
    isGlobTool(toolName, input),
    place === undefined ? undefined : throughLinkIn(place),
  ).map((raw) => ({
    raw,
    access: "read_write",
  }));
}

/**
 * Whether a relative string under a key of the server's own choosing (`target`, `to`,
 * `location`) reaches another place through a symbolic link on disk: a server that opens it
 * relative to the working directory follows the link (T32 foreign-relative-link: `ext/x` with
 * a committed `ext -> /etc` opens `/etc/x`). Such a string is a path; one that meets no link
 * is left as text. The lookups spend the judging's work budget (links.ts), past which the
 * call asks.
 */
function throughLinkIn(place: { readonly cwd: string; readonly home: string }) {
  // Each distinct string is looked up once, each folder on the way once (a call repeating a
  // value, or naming many files of one folder, costs one lookup for it).
  const disk = cachedLookups();
  const known = new Map<string, boolean>();
  return (text: string): boolean => {
    const path = text.trim();
    if (path === "" || path.length > 4096 || /[\n\r\0]/.test(path)) return false;
    // Absolute and home paths are read by their look already; a scheme names no local file.
    if (/^[/~]/.test(path) || /^[A-Za-z][\w+.-]*:/.test(path)) return false;
    let linked = known.get(path);
    if (linked === undefined) {
      linked = linkTargetOf(posix.resolve(place.cwd, path), place.cwd, place.home, disk) !== null;
      known.set(path, linked);
    }
    return linked;
  };
}

/** Servers of a code host, whose `path` names a file in the remote repository. */
const CODE_HOSTS: ReadonlySet<string> = new Set([
  ...["github", "gitlab", "gitea", "forgejo", "codeberg", "bitbucket", "gogs", "sourcehut"],
]);
/** Keys naming the repository the call works on (`owner` and `repo`, GitLab's `project_id`). */
const REPOSITORY_KEYS: ReadonlySet<string> = new Set([
  ...["repo", "repository", "project_id", "projectId", "repo_name", "repository_name"],
]);
/** Keys of a file in that repository. */
const REMOTE_PATH_KEYS: ReadonlySet<string> = new Set(["path", "file_path", "filePath"]);
/** Words of a code host's tool that moves files between the repository and this machine. */
const LOCAL_FILE_WORDS =
  /(upload|download|attach|import|export|local|save|clone|checkout|sync|pull|mirror)/i;

/**
 * A code host's call (`mcp__github__get_file_contents {"owner", "repo", "path": "/"}`) without
 * the `path` or `file_path` that names a file of the remote repository, a leading `/` being
 * its root, not this machine's; every other key is read as before. Left whole when the tool's
 * name says it moves files to or from this machine (`upload_markdown`, `download_attachment`)
 * or no key names the repository.
 */
function remoteRepositoryFree(toolName: string, input: unknown): unknown {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return input;
  if (toolName.length > 256 || LOCAL_FILE_WORDS.test(toolName)) return input;
  const parts = toolName.split(/__|[:/.]/);
  const server = parts.slice(0, -1).some((part) =>
    part
      .toLowerCase()
      .split(/[-_]/)
      .some((word) => CODE_HOSTS.has(word)),
  );
  if (!server) return input;
  const record = input as Record<string, unknown>;
  if (!Object.keys(record).some((key) => REPOSITORY_KEYS.has(key))) return input;
  return Object.fromEntries(Object.entries(record).filter(([key]) => !REMOTE_PATH_KEYS.has(key)));
}

// The spaces Pi turns into a plain space before it opens a path: no-break, the typographic
// spaces U+2000–U+200A, narrow no-break, medium mathematical and ideographic.
const UNICODE_SPACES = /[\u00A0\u2000-\u200A\u202F\u205F\u3000]/g;

/**
 * The absolute path Pi 1.x opens for a file tool's `path` argument, resolved the way Pi
 * resolves it, so the gates judge the file the tool really touches:
 *
 * 1. Unicode spaces (no-break, narrow no-break, ideographic, …) become a plain space;
 * 2. one leading `@` is dropped (`@/etc/passwd` is `/etc/passwd`);
 * 3. `~` and `~/…` start at `home` (`~user` does not);
 * 4. otherwise a `file://` URL is decoded, percent escapes and `..` segments included
 *    (`file:///repo/%2e%2e/etc/passwd` is `/etc/passwd`);
 * 5. the result is resolved against `cwd`, and `.` and `..` collapse.
 *
 * Nothing else expands: `$HOME/x` is the file `<cwd>/$HOME/x`, as Pi opens it. Symbolic
 * links are not followed here (see `linkTargetOf`). The comparison with Pi's own resolver
 * on the same inputs is a test in packages/extension.
 *
 * @example
 * ```ts
 * resolvePath("@~/.ssh/id_rsa", "/repo", "/home/u"); // "/home/u/.ssh/id_rsa"
 * resolvePath("$HOME/x", "/repo", "/home/u"); // "/repo/$HOME/x"
 * ```
 */
export function resolvePath(raw: string, cwd: string, home: string): string {
  let path = raw.replace(UNICODE_SPACES, " ");
  if (path.startsWith("@")) path = path.slice(1);
  if (path === "~") path = home;
  else if (path.startsWith("~/")) path = posix.join(home, path.slice(2));
  else if (path.startsWith("file://")) path = fileUrlPath(path);
  return posix.resolve(cwd, path);
}

/**
 * The paths a tool Pi does not ship (an MCP server's, an extension's) may open for a path
 * argument. Its own rules are unknown, so each plausible reading is judged: Pi's
 * ({@link resolvePath}), the argument taken literally against `cwd` (no `@`, no `~`), a `file:`
 * URL decoded as a URL parser decodes it (any case of the scheme, with or without the slashes:
 * `file:/etc/passwd`, `file:../x`) and with the scheme merely cut off, and, where a name is
 * followed by `..`, the file the kernel reaches when it climbs from where that name really is
 * (`ext/../etc/x` with `ext -> /etc` is `/etc/x`; see `physicalPath`).
 *
 * @example
 * ```ts
 * foreignPathReadings("~/x", "/repo", "/home/u"); // ["/home/u/x", "/repo/~/x"]
 * ```
 */
export function foreignPathReadings(raw: string, cwd: string, home: string): string[] {
  const readings = spelledReadings(raw, cwd, home);
  // A server that strips the blanks around its argument (Python's `.strip()`) opens the path
  // inside them, and one that expands variables as a shell or `os.path.expandvars` does opens
  // `$HOME/x` in the home folder (a variable it cannot know makes the path computed; see
  // `expandedVariables`).
  const trimmed = raw.trim();
  if (trimmed !== raw && trimmed !== "") readings.push(...spelledReadings(trimmed, cwd, home));
  const expanded = expandedVariables(trimmed, cwd, home);
  for (const text of expanded?.texts ?? []) readings.push(...spelledReadings(text, cwd, home));
  return [...new Set(readings)];
}

/** The environment variables a foreign tool's path may name whose value is known here. */
function knownVariables(cwd: string, home: string): Readonly<Record<string, string>> {
  const user = posix.basename(home);
  return {
    HOME: home,
    PWD: cwd,
    USER: user,
    LOGNAME: user,
    XDG_CONFIG_HOME: `${home}/.config`,
    XDG_DATA_HOME: `${home}/.local/share`,
    XDG_CACHE_HOME: `${home}/.cache`,
    XDG_STATE_HOME: `${home}/.local/state`,
  };
}

/** How many readings of a path's expansions are kept; past it the path is computed. */
const MAX_EXPANDED_READINGS = 16;

/**
 * A path with its expansions read as the user's environment and a shell would expand them:
 * `$NAME` and `${NAME}` of a known variable (`$HOME`, `$PWD`, `$USER`, the XDG folders at
 * their defaults) as its value; `${NAME:-word}` (`-`, `:=`, `=` alike) as the value and as
 * the word (a server's environment may lack the variable); `${NAME:+word}` (`+`) as the word
 * and as nothing. `unknown` when it names a variable whose value cannot be known here
 * (`$TMPDIR`, `$PROJECT`), or holds an expansion no value settles: another operator
 * (`${HOME%/}`, `${HOME:0}`, `${HOME/x/y}`, `${#HOME}`, `${!NAME}`), `$((…))`, `$(…)` or
 * backticks; such a part is left as written. `null` when it holds no expansion.
 *
 * @example
 * ```ts
 * expandedVariables("${HOME:-/x}/.ssh", "/repo", "/home/u"); // { texts: ["/home/u/.ssh", "/x/.ssh"], unknown: false }
 * ```
 */
export function expandedVariables(
  raw: string,
  cwd: string,
  home: string,
): { texts: string[]; unknown: boolean } | null {
  if (!raw.includes("$") && !raw.includes("`")) return null;
  const state: ExpansionState = { unknown: false, named: false, depth: 0 };
  const texts = expansions(raw, knownVariables(cwd, home), state);
  return state.named ? { texts, unknown: state.unknown } : null;
}

interface ExpansionState {
  unknown: boolean;
  named: boolean;
  /** How deep in `${…:-word}` words the reading is (a deeper one is not followed). */
  depth: number;
}

/** How deep `${…:-${…:-…}}` words are followed; deeper, the path is computed. */
const MAX_EXPANSION_DEPTH = 4;

/** Every reading of `text`'s expansions (at most {@link MAX_EXPANDED_READINGS}). */
function expansions(
  text: string,
  known: Readonly<Record<string, string>>,
  state: ExpansionState,
): string[] {
  let readings = [""];
  const add = (choices: readonly string[]) => {
    const next: string[] = [];
    for (const reading of readings) for (const choice of choices) next.push(reading + choice);
    if (next.length > MAX_EXPANDED_READINGS) {
      state.unknown = true;
      readings = next.slice(0, MAX_EXPANDED_READINGS);
    } else readings = next;
  };
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    const next = text[i + 1] ?? "";
    if (c === "`") {
      // Command substitution: its output is not known here.
      state.named = true;
      state.unknown = true;
      const close = text.indexOf("`", i + 1);
      const end = close < 0 ? text.length : close + 1;
      add([text.slice(i, end)]);
      i = end;
    } else if (c === "$" && next === "(") {
      state.named = true;
      state.unknown = true;
      const end = closing(text, i + 1, "(", ")");
      add([text.slice(i, end)]);
      i = end;
    } else if (c === "$" && next === "{") {
      state.named = true;
      const end = closing(text, i + 1, "{", "}");
      const whole = text.slice(i, end);
      const inner = end <= text.length && text[end - 1] === "}" ? text.slice(i + 2, end - 1) : null;
      if (inner === null) state.unknown = true;
      add(inner === null ? [whole] : braced(inner, whole, known, state));
      i = end;
    } else if (c === "$" && /[A-Za-z_]/.test(next)) {
      state.named = true;
      let end = i + 1;
      while (end < text.length && /\w/.test(text[end] as string)) end++;
      const name = text.slice(i + 1, end);
      if (Object.hasOwn(known, name)) add([known[name] as string]);
      else {
        state.unknown = true;
        add([text.slice(i, end)]);
      }
      i = end;
    } else {
      let end = i + 1;
      while (end < text.length && text[end] !== "$" && text[end] !== "`") end++;
      add([text.slice(i, end)]);
      i = end;
    }
  }
  return readings;
}

/** The readings of `${inner}` (`whole` as written). */
function braced(
  inner: string,
  whole: string,
  known: Readonly<Record<string, string>>,
  state: ExpansionState,
): string[] {
  const parts = /^([A-Za-z_][A-Za-z0-9_]*)(?:(:?[-=+?])([\s\S]*))?$/.exec(inner);
  if (parts === null) {
    // `${#NAME}`, `${!NAME}`, `${1}`, `${NAME%…}`, `${NAME:0}`, `${NAME/x/y}`, …
    state.unknown = true;
    return [whole];
  }
  const name = parts[1] as string;
  const operator = parts[2];
  const value = Object.hasOwn(known, name) ? (known[name] as string) : null;
  if (value === null) state.unknown = true;
  const own = value ?? whole;
  if (operator === undefined) return [own];
  const word = parts[3] as string;
  // Quotes and escapes in the word change what it says: not followed here.
  if (/["'\\]/.test(word) || state.depth >= MAX_EXPANSION_DEPTH) {
    state.unknown = true;
    return [own];
  }
  state.depth++;
  const words = expansions(word, known, state);
  state.depth--;
  if (operator.endsWith("-") || operator.endsWith("=")) return [own, ...words];
  if (operator.endsWith("+")) return ["", ...words];
  return [own];
}

/**
 * The end (after the closing character) of the group opened at `open`, nested groups of the
 * same characters counted; the text's length when it is not closed.
 */
function closing(text: string, open: number, opener: string, closer: string): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === opener) depth++;
    else if (text[i] === closer && --depth === 0) return i + 1;
  }
  return text.length;
}

/** Every reading of one spelling of a foreign tool's path argument. */
function spelledReadings(raw: string, cwd: string, home: string): string[] {
  const readings = [resolvePath(raw, cwd, home), posix.resolve(cwd, raw)];
  const written = [writtenPath(raw, cwd, home), raw.startsWith("/") ? raw : `${cwd}/${raw}`];
  // `~name/…`, as a shell or Python's expanduser opens it: that user's home, next to the
  // session's (`/home/name`), or `/root` for root.
  const user = /^@?~([\w.-]+)(\/.*)?$/.exec(raw);
  if (user) {
    const name = user[1] as string;
    const homes = [posix.join(posix.dirname(home), name), ...(name === "root" ? ["/root"] : [])];
    for (const userHome of homes) {
      const path = `${userHome}${user[2] ?? ""}`;
      readings.push(posix.resolve(path));
      written.push(path);
    }
  }
  if (/^file:/i.test(raw)) {
    const parsed = fileUrlOf(raw);
    if (parsed !== null) readings.push(parsed);
    // A server that only cuts the scheme (and a host) off opens the rest as a path.
    const cut = percentDecoded(raw.replace(/^file:(?:\/\/[^/]*)?/i, ""));
    readings.push(posix.resolve(cwd, cut));
    written.push(cut.startsWith("/") ? cut : `${cwd}/${cut}`);
  }
  if (raw.includes("..")) {
    for (const path of written) {
      if (!path.split("/").includes("..")) continue;
      // Named under the working or home directory as the policy writes them; `null` when no
      // link makes it another file than the lexical reading (or the links loop).
      const physical = linkTargetOf(path, cwd, home);
      if (physical !== null) readings.push(physical);
    }
  }
  return readings;
}

/**
 * The absolute path Pi's resolution of `raw` ({@link resolvePath}) starts from, before `.` and
 * `..` collapse: the spelling the kernel walks when a tool opens the text as it stands.
 */
export function writtenPath(raw: string, cwd: string, home: string): string {
  let path = raw.replace(UNICODE_SPACES, " ");
  if (path.startsWith("@")) path = path.slice(1);
  if (path === "~") return home;
  if (path.startsWith("~/")) return `${home}/${path.slice(2)}`;
  if (path.startsWith("file://")) return fileUrlPath(path);
  return path.startsWith("/") ? path : `${cwd}/${path}`;
}

/** A `file:` URL's path as Node's URL parser and `fileURLToPath` give it; `null` if refused. */
function fileUrlOf(raw: string): string | null {
  try {
    return fileURLToPath(new URL(raw));
  } catch {
    return null;
  }
}

function percentDecoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/**
 * A `file://` URL's path. Where Node's decoder refuses the URL (an encoded `/`, a remote
 * host) Pi's tool fails before it opens anything; the gates still judge the path a more
 * lenient decoder would find, so that a later, laxer Pi cannot open a file nobody judged.
 */
function fileUrlPath(url: string): string {
  try {
    return fileURLToPath(url);
  } catch {
    const rest = url.slice("file://".length);
    const slash = rest.indexOf("/");
    const pathname = slash < 0 ? "/" : rest.slice(slash);
    try {
      return decodeURIComponent(pathname);
    } catch {
      return pathname;
    }
  }
}

/**
 * The file Pi's `read` tool opens: {@link resolvePath}'s, or, when no such file exists, the
 * first existing spelling of it that macOS gives screenshots (a narrow no-break space before
 * `AM`/`PM`, NFD, a curly apostrophe, NFD with a curly apostrophe), as Pi tries them.
 *
 * @example
 * ```ts
 * resolveReadPath("Shot 10.00 AM.png", "/repo", "/home/u"); // "/repo/Shot 10.00\u202FAM.png" when only that exists
 * ```
 */
export function resolveReadPath(raw: string, cwd: string, home: string): string {
  const resolved = resolvePath(raw, cwd, home);
  if (exists(resolved)) return resolved;
  return screenshotSpellings(resolved).find(exists) ?? resolved;
}

/**
 * Every file Pi's `read` may open for `raw`: {@link resolvePath}'s, and each screenshot
 * spelling of it that exists, whether or not the named file exists now. The named file may be
 * gone by the time the read runs (a call running beside it removes it), and Pi then opens
 * the spelling (T33 read-fallback-spelling, traced: a sibling `rm "it's"` made `read it's`
 * open `it’s -> ~/.ssh/id_rsa`).
 */
export function readPathSpellings(raw: string, cwd: string, home: string): string[] {
  const resolved = resolvePath(raw, cwd, home);
  return [resolved, ...screenshotSpellings(resolved).filter(exists)];
}

/** The spellings macOS gives screenshots of a path, as Pi tries them, other than the path. */
function screenshotSpellings(resolved: string): string[] {
  const nfd = resolved.normalize("NFD");
  const variants = [
    resolved.replace(/ (AM|PM)\./gi, "\u202F$1."),
    nfd,
    resolved.replace(/'/g, "\u2019"),
    nfd.replace(/'/g, "\u2019"),
  ];
  return [...new Set(variants)].filter((v) => v !== resolved);
}

// `existsSync` asks what `access(F_OK)` does without building an exception for a missing file.
function exists(path: string): boolean {
  return existsSync(path);
}

/**
 * A folder's name as a glob that matches exactly it (`/tmp/app [old]` is `/tmp/app \\[old\\]`):
 * a glob below a folder starts with its name, whatever characters the name holds.
 */
export function globOfFolder(name: string): string {
  return name.replace(/[*?[\]{}()!+@\\]/g, "\\$&");
}

/**
 * The folder a glob of the analyzer's names when it has no wildcard (each escape removed:
 * `/tmp/app \\[old\\]` is `/tmp/app [old]`); `null` when a `*`, `?` or `[` is a wildcard.
 */
export function folderOfGlob(glob: string): string | null {
  let name = "";
  for (let i = 0; i < glob.length; i++) {
    const c = glob[i] as string;
    if (c === "\\") {
      name += glob[++i] ?? "";
      continue;
    }
    if (c === "*" || c === "?" || c === "[") return null;
    name += c;
  }
  return name;
}

/** Device nodes that touch no file (corpus rule 5). */
export function isInertDevice(path: string): boolean {
  return /^\/dev\/(null|stdin|stdout|stderr|fd\/\d+)$/.test(path);
}

/** Whether an absolute path lies outside the working directory. */
export function isOutside(path: string, cwd: string): boolean {
  const root = cwd.endsWith("/") ? cwd.slice(0, -1) : cwd;
  return path !== root && !path.startsWith(`${root}/`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
