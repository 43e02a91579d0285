// The path pattern language: minimatch globs with `dot: true`, resolved against the working
// directory and the home directory first.
import { posix } from "node:path";
import { Minimatch } from "minimatch";

/** The directories a path pattern is resolved against. */
export interface PathPatternContext {
  /** The working directory: relative patterns are relative to it. */
  readonly cwd: string;
  /** The home directory: `~` stands for it. */
  readonly home: string;
}

const compiled = new Map<string, Minimatch>();
const CACHE_LIMIT = 2048;

/**
 * The absolute glob a path pattern stands for, or `"*"` for the pattern that matches every
 * path.
 *
 * - `*` alone matches every path.
 * - `~` and `~/…` start at the home directory; `/…` is absolute.
 * - A pattern starting with `**` matches at any depth of any absolute path, outside the working
 *   directory too: a `.env` rule written that way matches `/repo/.env` and `/home/user/.env`.
 * - Any other pattern is relative to the working directory (`secrets/**` is
 *   `<cwd>/secrets/**`, `*.env` only the working directory's own `*.env` files).
 *
 * @example
 * ```ts
 * resolvePathPattern("secrets/**", { cwd: "/repo", home: "/home/u" }); // "/repo/secrets/**"
 * ```
 */
export function resolvePathPattern(pattern: string, { cwd, home }: PathPatternContext): string {
  if (pattern === "*") return "*";
  if (pattern === "~") return home;
  if (pattern.startsWith("~/")) return posix.join(home, pattern.slice(2));
  if (pattern.startsWith("/")) return pattern;
  if (pattern.startsWith("**")) return `/${pattern}`;
  return posix.join(cwd, pattern);
}

/**
 * Whether a path pattern matches a path. The path is resolved against `cwd` and normalised
 * lexically (`src/../.env` is `<cwd>/.env`); symbolic links are not followed. Globs are
 * minimatch's with `dot: true`: `*` and `?` stay inside one segment, `**` spans any number of
 * segments (none included: a `**`-then-`/.env` pattern matches `/repo/.env`), `[…]` and `{a,b}` work as in
 * a shell. `dir/**` matches what is inside `dir`, not `dir` itself. See
 * {@link resolvePathPattern} for how the pattern is anchored.
 *
 * @example
 * ```ts
 * const where = { cwd: "/repo", home: "/home/user" };
 * matchesPathPattern("*", "/anything/at/all", where);           // true
 * matchesPathPattern("secrets/*", "/repo/secrets/a/key", where); // false
 * matchesPathPattern("~/.ssh/**", "/home/user/.ssh/id_rsa", where); // true
 * ```
 */
export function matchesPathPattern(
  pattern: string,
  path: string,
  context: PathPatternContext,
): boolean {
  const glob = resolvePathPattern(pattern, context);
  if (glob === "*") return true;
  let matcher = compiled.get(glob);
  if (matcher === undefined) {
    if (compiled.size >= CACHE_LIMIT) compiled.clear();
    matcher = new Minimatch(glob, { dot: true });
    compiled.set(glob, matcher);
  }
  return matcher.match(posix.resolve(context.cwd, path));
}
