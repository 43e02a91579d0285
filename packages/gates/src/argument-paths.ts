// The paths in the arguments of a tool whose meaning the gates do not know (an MCP server's,
// an extension's): every string held by a key that names a path, at any depth.

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
const PATH_KEYS: ReadonlySet<string> = new Set(["source", "destination", "src", "dest", "root"]);

/**
 * How many values an argument walk visits before it gives up. An input this large is not a
 * tool call anyone can review; the walk throws, and the call fails closed.
 */
export const ARGUMENT_WALK_LIMIT = 100_000;

/**
 * Whether an argument key names a path: its last word (split at `_`, `-`, `.`, spaces and
 * camelCase) is one of the path words, or the whole key is `source`, `destination`, `src`,
 * `dest` or `root`. `profile` and `filter` are not paths; `configFile` and `file_path` are.
 *
 * @example
 * ```ts
 * isPathKey("filePath"); // true
 * isPathKey("profile"); // false
 * ```
 */
export function isPathKey(key: string): boolean {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .split(/[\s_.-]+/)
    .filter((w) => w !== "");
  const last = words.at(-1);
  if (last === undefined) return false;
  if (NAME_WORDS.has(last) && NAME_OWNERS.has(words.at(-2) ?? "")) return true;
  return PATH_WORDS.has(last) || PATH_KEYS.has(words.join("_"));
}

/**
 * Every string an argument object holds under a path key, in document order: a string
 * value, or the strings of an array value, at any depth (`{ "options": { "paths": ["a"] } }`
 * gives `a`). URLs of other schemes (`https://…`) name no local file and are left out;
 * `file://` URLs stay. No string is left out for its length: a server may normalise a
 * long spelling into a short path. The walk is iterative and visits each object once, so deep or shared values cannot
 * exhaust the stack; past 100 000 values it throws (fail closed).
 *
 * @example
 * ```ts
 * argumentPathsOf({ source: "a.txt", destination: "/tmp/b.txt" }); // ["a.txt", "/tmp/b.txt"]
 * argumentPathsOf({ uri: "https://example.com", file: { path: ".env" } }); // [".env"]
 * ```
 */
export function argumentPathsOf(input: unknown): string[] {
  const found: string[] = [];
  const seen = new Set<object>();
  // Each entry: a value, and whether the key that holds it names a path.
  const stack: Array<[unknown, boolean]> = [[input, false]];
  let visited = 0;
  while (stack.length > 0) {
    const [value, underPathKey] = stack.pop() as [unknown, boolean];
    if (++visited > ARGUMENT_WALK_LIMIT) {
      throw new Error(`the tool input holds more than ${ARGUMENT_WALK_LIMIT} values to examine`);
    }
    if (typeof value === "string") {
      // A file: URL names a local file whatever key holds it.
      if ((underPathKey && isLocalPathText(value)) || /^file:\/\//i.test(value)) found.push(value);
      continue;
    }
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    const children: Array<[unknown, boolean]> = Array.isArray(value)
      ? value.map((item) => [item, underPathKey])
      : Object.entries(value).map(([key, item]) => [item, isPathKey(key)]);
    // Reversed onto the stack, so the walk reads the input in document order.
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i] as [unknown, boolean]);
  }
  return found;
}

function isLocalPathText(text: string): boolean {
  if (text === "") return false;
  const scheme = /^([a-z][a-z0-9+.-]+):\/\//i.exec(text)?.[1];
  return scheme === undefined || scheme.toLowerCase() === "file";
}
