// The paths in the arguments of a tool whose meaning the gates do not know (an MCP server's,
// an extension's): every string held by a key that names a path, at any depth.

import { existsSync } from "node:fs";
import { posix } from "node:path";
import { spendWork } from "@pi-permission/policy";
import { braceExpand } from "minimatch";
import { expandedVariables } from "./tool-paths.ts";

/** The last word of a key that names a path: `path`, `file_path`, `outputFile`, `rootDir`, … */
const PATH_WORDS: ReadonlySet<string> = new Set([
  "path",
  "paths",
  "pathname",
  "filepath",
  "filepaths",
  "file",
  "files",
  "filename",
  "filenames",
  "dir",
  "dirs",
  "dirname",
  "directory",
  "directories",
  "folder",
  "folders",
  "uri",
  "uris",
  "cwd",
  "workdir",
  // Where a tool writes or what it loads: `output`, `outFile`, `logfile`, `db`, … (not
  // `target` or `image`, which name deployments and containers as often as files)
  "output",
  "outputs",
  "out",
  "outfile",
  "infile",
  "logfile",
  "attachment",
  "attachments",
  "db",
  "database",
  "socket",
  "archive",
]);

/** Words that name a path when they follow `file`, `dir`, `folder` or `path` (`fileName`). */
const NAME_WORDS: ReadonlySet<string> = new Set(["name", "names"]);
const NAME_OWNERS: ReadonlySet<string> = new Set(["file", "dir", "folder", "path", "directory"]);

/** Whole keys that name a path although their last word does not (`move_file`'s operands). */
const PATH_KEYS: ReadonlySet<string> = new Set([
  ...["source", "destination", "src", "dest", "dst", "root"],
]);

/**
 * The path words a key may end in glued to the word before it, with no `_`, `-` or capital
 * between (`keyfile`, `configfile`, `dbpath`, `outdir`, `logdir`, `basedir`).
 */
const GLUED_TAILS =
  /^[a-z0-9]+(?:file|files|filename|filenames|path|paths|pathname|dir|dirs|dirname|directory|directories|folder|folders)$/;

/** Words that end in a path word and name no path. */
const NOT_GLUED: ReadonlySet<string> = new Set(["profile", "profiles"]);

/**
 * Keys whose strings are text a tool writes, sends or searches for, never a file it opens:
 * their values are not read as paths by their look (see {@link looksLikeFilePath}).
 */
const TEXT_KEYS: ReadonlySet<string> = new Set([
  ...["content", "contents", "text", "body", "data", "message", "description", "title"],
  ...["comment", "prompt", "query", "search", "pattern", "regex", "replace", "replacement"],
  ...["old_string", "new_string", "old_str", "new_str", "old_text", "new_text"],
]);

/**
 * The top folders of Unix and macOS file systems, and those containers put a project in (`/app`,
 * `/data`, `/code`, `/work`), the files a Linux root holds (`/swapfile`, `/vmlinuz`,
 * `/initrd.img`), or a dot name (`/.dockerenv`): `/etc/x` is a file, `/api/x` a route.
 */
const FILE_SYSTEM_ROOTS =
  /^\/(home|Users|root|etc|tmp|var|usr|opt|srv|mnt|media|dev|proc|sys|bin|sbin|lib|lib32|lib64|boot|run|private|Volumes|Library|System|nix|snap|workspace|workspaces|app|apps|data|code|work|repo|repos|project|projects|src|swapfile|swap\.img|vmlinuz(?:\.old)?|initrd\.img(?:\.old)?|lost\+found|cdrom|efi|selinux|cores|\.[^/]+)(\/|$)/;

/**
 * Whether a string under a key that does not name a path still names a file by its look, on
 * one line once the blanks around it are trimmed (blanks inside are part of a name), once `.`,
 * `..` and repeated slashes collapse as an open collapses them: it is the home directory (`~`,
 * `~/…`, `~user/…`), a folder variable of the user's environment (`$HOME/…`, `${PWD}/…`,
 * `$TMPDIR/…`), climbs out of the working directory (`..`, `../…`, `./../…`), or it is
 * absolute (`/etc/passwd`, `//keys/id`, `/repo/../secrets/x`, `/secrets/prod.key`, `/`). A
 * server's own key for a file (`target`, `location`, `to`) is read this way, whatever folder
 * the path starts at: the server may run on another machine, or create the folder. An
 * absolute string that is no file (`/api/users`, `/help`) is read as one too: the cost of
 * never missing a file under a key of the server's own choosing.
 */
export function looksLikeFilePath(text: string): boolean {
  return looksLike(text, false);
}

/**
 * {@link looksLikeFilePath} for a key that names a web route or address (`route`, `url`,
 * `endpoint`, …), where `/` starts the site's routes: an absolute string is a path only when it
 * starts at a file system's top folder (`/etc/…`, `/home/…`, `/app/…`), or one that exists on
 * this machine; `/api/users` and `/` are routes.
 */
export function looksLikeRoutedFilePath(text: string): boolean {
  return looksLike(text, true);
}

function looksLike(text: string, route: boolean): boolean {
  // Blanks around it are stripped by many servers; blanks inside are a file's name (`my job`),
  // but a line break inside makes it text.
  const path = text.trim();
  if (path === "" || /[\n\r]/.test(path)) return false;
  // `~user/…` too: a server that expands it as a shell or Python does opens that user's home.
  // A user's name starts with a letter or `_`, and a bare `~name` is a folder no file tool
  // names alone: `~4.17.21` and `~18` are version ranges, `~name` a sort key.
  if (path === "~" || /^~([A-Za-z_][\w.-]*)?\//.test(path)) return true;
  // A variable of the user's environment that names a folder (`$HOME/.bashrc`, `${PWD}/..`).
  // With an operator too (`${HOME:-/x}/…`, `${PWD%/*}/…`, `${#HOME}`).
  if (/^\$\{?[!#]?(HOME|PWD|OLDPWD|TMPDIR|TMP|TEMP|XDG_[A-Z_]+_HOME)(?![A-Za-z0-9_])/.test(path)) {
    return true;
  }
  // A path one of its expansions makes (`${DIR:-/etc}/x` is `/etc/x` where DIR is unset).
  const expanded = expandedVariables(path, "/", "/");
  if (expanded?.texts.some((t) => t !== path && !/[$`]/.test(t) && looksLike(t, route))) {
    return true;
  }
  const normal = posix.normalize(path);
  if (normal === ".." || normal.startsWith("../")) return true;
  if (!normal.startsWith("/")) return false;
  if (!route) return true;
  if (normal === "/") return false;
  if (FILE_SYSTEM_ROOTS.test(normal)) return true;
  const top = normal.slice(1).split("/", 1)[0] as string;
  return topFolderExists(top);
}

// Whether `/<name>` exists here, asked once per name: a route's first word is asked once.
const topFolders = new Map<string, boolean>();
function topFolderExists(name: string): boolean {
  let found = topFolders.get(name);
  if (found === undefined) {
    found = existsSync(`/${name}`);
    if (topFolders.size < 1024) topFolders.set(name, found);
  }
  return found;
}

/**
 * How many values an argument walk visits before it gives up. An input this large is not a
 * tool call anyone can review; the walk throws, and the call fails closed.
 */
export const ARGUMENT_WALK_LIMIT = 100_000;

/** The work of one value of the walk, in steps of the judging's budget, and its name. */
const WALK_STEPS = 8;
const WALK_WORK = "the arguments of a tool call read for paths";

/** Longer than any key of a known kind: only such a key's tail is read for its kind. */
const LONG_KEY = 64;

/**
 * Whether an argument key names a path: its last word (split at `_`, `-`, `.`, spaces and
 * camelCase) is one of the path words, or ends in `file`, `path`, `dir`, `folder` (a plural,
 * `filename`, `pathname`, `dirname`, `directory`) glued to the word before it (`keyfile`,
 * `dbpath`, `outdir`), or the whole key is `source`, `destination`, `src`, `dest`, `dst` or
 * `root`. `profile` and `filter` are not paths; `configFile`, `configfile` and `file_path` are.
 *
 * @example
 * ```ts
 * isPathKey("filePath"); // true
 * isPathKey("profile"); // false
 * ```
 */
export function isPathKey(key: string): boolean {
  // Only the last words decide, and no path word is long: a long key's tail is enough.
  const words = (key.length > LONG_KEY ? key.slice(-LONG_KEY) : key)
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_.-]+/)
    .filter((w) => w !== "");
  const last = words.at(-1);
  if (last === undefined) return false;
  if (NAME_WORDS.has(last) && NAME_OWNERS.has(words.at(-2) ?? "")) return true;
  if (GLUED_TAILS.test(last) && !NOT_GLUED.has(last)) return true;
  return PATH_WORDS.has(last) || PATH_KEYS.has(words.join("_"));
}

/**
 * Every string an argument object holds under a path key, in document order: a string
 * value, or the strings of an array value, at any depth (`{ "options": { "paths": ["a"] } }`
 * gives `a`); under any other key that does not hold text, the strings that look like a file
 * system path ({@link looksLikeFilePath}) or that `throughLink` says a link on disk leads
 * elsewhere (a relative `ext/x` with `ext -> /etc`). URLs of other schemes (`https://…`) name no local file and are left out;
 * `file:` URLs stay, under any key. A string that is a JSON object or array (an argument
 * list handed on as text) is parsed and walked too, except under a key that holds text. For a
 * `globTool`, `pattern` does not hold text: it is the glob of the files the tool lists. No string is left out for its length: a server may normalise a
 * long spelling into a short path. The walk is iterative and visits each object once, so deep or shared values cannot
 * exhaust the stack; past 100 000 values it throws (fail closed).
 *
 * @example
 * ```ts
 * argumentPathsOf({ source: "a.txt", destination: "/tmp/b.txt" }); // ["a.txt", "/tmp/b.txt"]
 * argumentPathsOf({ uri: "https://example.com", file: { path: ".env" } }); // [".env"]
 * ```
 */
export function argumentPathsOf(
  input: unknown,
  globTool = false,
  throughLink: (text: string) => boolean = () => false,
): string[] {
  // The limit is checked on the input's shape before any value is read, so that an input too
  // large is refused the same way on any machine, not stopped by the judging's wall clock
  // first on a busy one.
  if (valueCountExceeds(input, ARGUMENT_WALK_LIMIT)) {
    throw new Error(`the tool input holds more than ${ARGUMENT_WALK_LIMIT} values to examine`);
  }
  const found: string[] = [];
  const seen = new Set<object>();
  // Each entry: a value, and what the key that holds it says of it.
  const stack: Array<[unknown, KeyKind]> = [[input, "text"]];
  let visited = 0;
  while (stack.length > 0) {
    const [value, held] = stack.pop() as [unknown, KeyKind];
    // A glob tool's pattern is read as any other key's string, each of its brace
    // alternatives too (`{/etc/*,src/*}` lists /etc).
    const kind: KeyKind = held === "glob" ? "other" : held;
    if (held === "glob" && typeof value === "string") found.push(...braceAlternatives(value));
    if (++visited > ARGUMENT_WALK_LIMIT) {
      throw new Error(`the tool input holds more than ${ARGUMENT_WALK_LIMIT} values to examine`);
    }
    // Counted as it is spent, so that a call of tens of thousands of paths runs out of the
    // judging's budget here, not after each has been read every way.
    spendWork(WALK_STEPS + (typeof value === "string" ? value.length >> 4 : 0), WALK_WORK);
    if (typeof value === "string") {
      if (kind === "patch") {
        found.push(...patchPaths(value));
        continue;
      }
      // A patch under a key of no known kind (apply_patch's `input`) is a patch all the same.
      if (kind === "other" && /^(?:\s*\*\*\* Begin Patch|diff --git |--- \S)/m.test(value)) {
        found.push(...patchPaths(value));
      }
      // SQL text opens the files it names (`ATTACH '/x'`, `COPY … TO '/x'`).
      if (kind === "sql") {
        found.push(...sqlPaths(value));
        continue;
      }
      // An option word's value (`--output=/etc/passwd`) is opened like the path alone.
      const option = kind === "text" ? null : /^--?[A-Za-z0-9][\w.-]*=(.+)$/s.exec(value);
      if (option && looksLike(option[1] as string, kind === "route")) {
        found.push(option[1] as string);
      }
      // The other spellings a server may open the string as (see serverSpellings); JSON text
      // is read as the arguments it holds, below.
      if (kind !== "text" && jsonArguments(value) === undefined) {
        for (const spelling of serverSpellings(value, kind === "args")) {
          if (spelling === value || spelling === option?.[1] || spelling.trim() === "") continue;
          const opened =
            kind === "path"
              ? isLocalPathText(spelling)
              : /^file:/i.test(spelling) || looksLike(spelling, kind === "route");
          if (opened) found.push(spelling);
        }
      }
      // A file: URL names a local file whatever key holds it (`file:/etc/passwd` too: the
      // slashes after the scheme are optional).
      if (
        (kind === "path" && isLocalPathText(value)) ||
        /^file:/i.test(value) ||
        ((kind === "other" || kind === "args") &&
          (looksLikeFilePath(value) || throughLink(value))) ||
        (kind === "route" && looksLikeRoutedFilePath(value))
      ) {
        found.push(value);
      }
      // Arguments handed on as a JSON text (pi-mcp-adapter's `args`) are the tool's arguments
      // all the same, once parsed.
      if (kind !== "text") {
        const parsed = jsonArguments(value);
        if (parsed !== undefined) stack.push([parsed, "other"]);
      }
      continue;
    }
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    const children: Array<[unknown, KeyKind]> = Array.isArray(value)
      ? value.map((item) => [item, held])
      : Object.entries(value).map(([key, item]) => [item, keyKind(key, globTool)]);
    // A map keyed by file (`{"files": {"/etc/cron.d/job": "…"}}`) names its files in its keys.
    if (!Array.isArray(value)) {
      for (const key of Object.keys(value)) {
        spendWork(WALK_STEPS + (key.length >> 4), WALK_WORK);
        if (isKeyPath(key, kind)) found.push(key);
      }
    }
    // Reversed onto the stack, so the walk reads the input in document order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as [unknown, KeyKind]);
  }
  return found;
}

/** Whether `input` holds more than `limit` values (each object once), counted without reading them. */
function valueCountExceeds(input: unknown, limit: number): boolean {
  const seen = new Set<object>();
  const stack: unknown[] = [input];
  let count = 0;
  while (stack.length > 0) {
    const value = stack.pop();
    if (++count > limit) return true;
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    for (const item of Array.isArray(value) ? value : Object.values(value)) stack.push(item);
  }
  return false;
}

/**
 * The brace alternatives of a glob tool's pattern that look like paths (`{/etc/*,src/*}` gives
 * `/etc/*`). A pattern too long or with too many braces, or with a `{a..b}` range, is not
 * expanded: each text between its braces and commas that looks like a path stands for it.
 */
function braceAlternatives(pattern: string): string[] {
  if (!pattern.includes("{")) return [];
  const braces = pattern.split("{").length - 1;
  const alternatives =
    pattern.length <= 512 && braces <= 6 && !/\{[^}]*\.\.[^}]*\}/.test(pattern)
      ? braceExpand(pattern)
      : pattern.split(/[{},]/);
  return alternatives.filter((a) => a !== pattern && looksLikeFilePath(a));
}

/**
 * A key that names a path, one that holds text, one that holds a patch, a web route, a glob
 * tool's glob, SQL, a program's arguments, or any other.
 */
type KeyKind = "path" | "text" | "patch" | "route" | "glob" | "sql" | "args" | "other";

/** Keys of SQL text: the files its statements attach, copy to or read are opened. */
const SQL_KEYS: ReadonlySet<string> = new Set([
  ...["query", "sql", "statement", "statements", "sql_query", "queries", "sql_statement"],
]);
/** Keys of a program's arguments, as a list or as one text of words. */
const ARGS_KEYS: ReadonlySet<string> = new Set([
  ...["args", "arguments", "argv", "flags", "options", "opts", "params", "cmdline"],
  ...["command_args", "cmd_args", "extra_args", "cli_args", "arg_string", "args_string"],
]);

/** How long a string may be to be read in its other spellings (a path is far shorter). */
const MAX_SPELLED = 16_384;
/** How many spellings of one string are read. */
const MAX_SPELLINGS = 64;

/**
 * The spellings a server may open a string as, besides the string itself: without the quotes
 * around it (`'/etc/passwd'`), without one leading `@` (`@/etc/passwd`, curl's `-d @file`),
 * percent-decoded (`%2e%2e/etc/passwd`, `%2Fetc%2Fpasswd`), a `file:` URL nested in another
 * scheme (`view-source:file:///…`, `jar:file:…`, `git+file:…`), a database URL's file
 * (`sqlite:////home/u/x.db`), an option's value glued to it (`-f/x`, `-o../x`) or after `=`
 * (`--out=/x`, dd's `if=/x`), each part of a `:`-separated list (`src:/home/u/.ssh`), and,
 * for a program's arguments given as one text (`words`), each of its words. Each spelling is
 * read again the same ways, up to {@link MAX_SPELLINGS}.
 */
export function serverSpellings(value: string, words = false): string[] {
  if (value.length > MAX_SPELLED) return [value];
  const out = new Set<string>();
  const queue = [value];
  if (words && /\s/.test(value.trim())) queue.push(...value.trim().split(/\s+/));
  while (queue.length > 0 && out.size < MAX_SPELLINGS) {
    const text = queue.shift() as string;
    if (out.has(text)) continue;
    out.add(text);
    const t = text.trim();
    if (t === "") continue;
    const quoted = /^(['"])(.*)\1$/s.exec(t);
    if (quoted) queue.push(quoted[2] as string);
    if (t.startsWith("@")) queue.push(t.slice(1));
    if (/%[0-9A-Fa-f]{2}/.test(t)) {
      queue.push(
        t.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) =>
          String.fromCharCode(Number.parseInt(hex, 16)),
        ),
      );
    }
    const nested = /^[A-Za-z][\w+.-]*?[:+](file:.*)$/is.exec(t);
    if (nested) queue.push(nested[1] as string);
    const database = /^(?:jdbc:)?(?:sqlite3?|duckdb|spatialite|libsql)(?:\+\w+)?:(.*)$/is.exec(t);
    if (database) {
      const rest = (database[1] as string).replace(/[?#].*$/s, "");
      queue.push(rest.startsWith("///") ? rest.slice(3) : rest.replace(/^\/\/[^/]*/, ""));
    }
    const assigned = /^(?:--?)?[A-Za-z_][\w.-]*=(.+)$/s.exec(t);
    if (assigned) queue.push(assigned[1] as string);
    if (/^-[A-Za-z]/.test(t)) {
      for (let i = 2; i < t.length && i <= 9 && /[A-Za-z]/.test(t[i - 1] as string); i++) {
        queue.push(t.slice(i));
      }
    }
    // Not within `${NAME:-word}`, whose colon is the expansion's.
    if (
      t.includes(":") &&
      !t.includes("${") &&
      !/^[A-Za-z][\w+.-]*:\/\//.test(t) &&
      !/^[A-Za-z]:[\\/]/.test(t)
    ) {
      queue.push(...t.split(":"));
    }
  }
  out.delete(value);
  return [...out];
}

/**
 * The files SQL text opens: the string after `ATTACH [DATABASE]`, `TO`, `FROM`, `INTO
 * [OUT|DUMP]FILE`, `INFILE`, `VACUUM INTO` and in a file-reading function's first argument
 * (`read_csv('…')`, `load_extension('…')`, `pg_read_file('…')`), whatever it looks like, and
 * any other string literal that looks like a file system path.
 */
function sqlPaths(text: string): string[] {
  if (text.length > MAX_SPELLED * 4) return [];
  const found = new Set<string>();
  const operand =
    /\b(?:attach(?:\s+database)?|to|from|into|outfile|dumpfile|infile|read_\w+\s*\(|load_extension\s*\(|readfile\s*\(|writefile\s*\(|pg_read_\w*file\s*\(|lo_import\s*\(|lo_export\s*\([^,']*,|sqlite_\w+\s*\()\s*'((?:[^']|'')*)'/gi;
  for (const match of text.matchAll(operand)) {
    const path = (match[1] as string).replaceAll("''", "'");
    if (path.trim() !== "" && isLocalPathText(path)) found.add(path);
  }
  for (const match of text.matchAll(/'((?:[^']|'')*)'/g)) {
    const literal = (match[1] as string).replaceAll("''", "'");
    if (looksLikeFilePath(literal)) found.add(literal);
  }
  return [...found];
}

/** Keys of a web route or address: `/` there is the site's root, not the file system's. */
const ROUTE_KEYS: ReadonlySet<string> = new Set([
  ...["route", "routes", "endpoint", "href", "url", "link", "base_path", "basepath", "prefix"],
  ...["mount_path", "redirect", "redirect_to", "location_path"],
]);

/** Keys whose text is a patch: the files its headers name are the files it writes. */
const PATCH_KEYS: ReadonlySet<string> = new Set(["diff", "patch", "patches", "diffs"]);

/** The keys of a glob tool's own glob of paths (`Glob {"pattern": "~/.ssh/*"}`). */
const GLOB_KEYS: ReadonlySet<string> = new Set(["pattern", "patterns"]);

// `globTool`: the tool finds files by a glob (see `isGlobTool`), so its `pattern` is paths.
function keyKind(key: string, globTool = false): KeyKind {
  if (isPathKey(key)) return "path";
  // No key of a known kind is this long.
  if (key.length > LONG_KEY) return "other";
  const words = key.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toLowerCase();
  if (PATCH_KEYS.has(words)) return "patch";
  if (ROUTE_KEYS.has(words)) return "route";
  if (SQL_KEYS.has(words)) return "sql";
  if (ARGS_KEYS.has(words)) return "args";
  if (globTool && GLOB_KEYS.has(words)) return "glob";
  return TEXT_KEYS.has(words) ? "text" : "other";
}

/**
 * Whether a tool finds files by a glob: its name (or, for the MCP proxy, the name of the tool
 * it calls) holds `glob` in any case (`Glob`, `mcp__fs__glob`, `glob_files`). Its `pattern`
 * names the files it lists, where another tool's `pattern` is a text to search for.
 */
export function isGlobTool(toolName: string, input: unknown): boolean {
  if (/glob/i.test(toolName)) return true;
  const called = (input as { tool?: unknown } | null)?.tool;
  return toolName === "mcp" && typeof called === "string" && /glob/i.test(called);
}

/**
 * Whether an object's key is itself a file: one that looks like a path anywhere, a `file:` URL
 * (an LSP WorkspaceEdit's `changes` is keyed by document URI), or, in an object held by a path
 * key, a name with a `/` or a `.` in it that is no key of a known kind.
 */
function isKeyPath(key: string, parent: KeyKind): boolean {
  if (looksLike(key, parent === "route") || /^file:/i.test(key)) return true;
  return parent === "path" && /[/.]/.test(key) && !/\s/.test(key) && keyKind(key) === "other";
}

/**
 * The files a patch text names in its headers: the apply_patch format's `*** Add File:`,
 * `*** Update File:`, `*** Delete File:` and `*** Move to:` (on a line with blanks around it
 * too, as Codex reads them), and a unified diff's `--- a/x`,
 * `+++ b/x` and `diff --git a/x b/y`, each with and without the `a/`/`b/` prefix (a tool may
 * apply it with or without stripping one level). `/dev/null` names no file.
 */
export function patchPaths(text: string): string[] {
  const found = new Set<string>();
  const add = (raw: string) => {
    const path = raw.replace(/\t.*$/, "").trim();
    if (path === "" || path === "/dev/null") return;
    found.add(path);
    const stripped = /^[ab]\/(.+)$/.exec(path)?.[1];
    if (stripped !== undefined) found.add(stripped);
  };
  for (const line of text.split(/\r?\n/)) {
    // Codex's parser trims a hunk's header line (Unicode blanks too) before it reads the
    // marker, and takes the rest of the line as the name, a tab and blanks inside included.
    const hunk = /^\*\*\* (?:(?:Add|Update|Delete) File|Move to): (.+)$/.exec(line.trim());
    if (hunk) {
      const name = hunk[1] as string;
      if (name !== "/dev/null") found.add(name);
      add(name);
      continue;
    }
    const header = /^(?:\+\+\+|---) (.+)$/.exec(line);
    if (header) {
      add(header[1] as string);
      continue;
    }
    const git = /^diff --git (\S+) (\S+)$/.exec(line);
    if (git) {
      add(git[1] as string);
      add(git[2] as string);
    }
  }
  return [...found];
}

/** A string's JSON object or array, when it is one; `undefined` otherwise. */
function jsonArguments(text: string): object | undefined {
  // JSON text encoded more than once (`"\"{\\\"path\\\": …}\""`) is unwrapped a few times.
  let current: unknown = text;
  for (let depth = 0; depth < 3 && typeof current === "string"; depth++) {
    const start = current.trimStart()[0];
    if (start !== "{" && start !== "[" && start !== '"') return undefined;
    try {
      current = JSON.parse(current);
    } catch {
      return undefined;
    }
  }
  return typeof current === "object" && current !== null ? current : undefined;
}

function isLocalPathText(text: string): boolean {
  if (text === "") return false;
  const scheme = /^([a-z][a-z0-9+.-]+):\/\//i.exec(text)?.[1];
  return scheme === undefined || scheme.toLowerCase() === "file";
}
