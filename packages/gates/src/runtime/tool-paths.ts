import { posix } from "node:path";

/** How a tool uses the file it names. */
export type ToolPathAccess = "read" | "write" | "read_write";

/** Pi's built-in file tools and how each uses its `path`. */
export const FILE_TOOLS: Readonly<Record<string, ToolPathAccess>> = {
  read: "read",
  ls: "read",
  find: "read",
  grep: "read",
  write: "write",
  edit: "read_write",
};

/** Tools that read their path but may omit it, meaning the working directory. */
const OPTIONAL_PATH_TOOLS = new Set(["ls", "find", "grep"]);

/** The path a tool call names, as written, and how the tool uses it. */
export interface ToolPath {
  raw: string;
  access: ToolPathAccess;
}

/**
 * The path a tool call touches, if any. Built-in file tools use `path` with a known
 * direction; any other tool that passes a string `path` is assumed to read and write it,
 * because its direction cannot be proven.
 */
export function toolPathOf(toolName: string, input: unknown): ToolPath | null {
  const raw = isRecord(input) && typeof input.path === "string" ? input.path : undefined;
  const known = FILE_TOOLS[toolName];
  if (raw !== undefined && raw !== "") return { raw, access: known ?? "read_write" };
  if (known && OPTIONAL_PATH_TOOLS.has(toolName)) return { raw: ".", access: known };
  return null;
}

/**
 * Resolve a path lexically, as the corpus rules say: `~`, `$HOME` and `${HOME}` expand,
 * relative paths resolve against `cwd`, `.` and `..` collapse. Symlinks are not followed.
 */
export function resolvePath(raw: string, cwd: string, home: string): string {
  let path = raw;
  const homePrefix = /^(~|\$HOME|\$\{HOME\})(?=\/|$)/.exec(path);
  if (homePrefix) path = home + path.slice(homePrefix[0].length);
  return posix.resolve(cwd, path);
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
