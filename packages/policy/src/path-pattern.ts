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
 * - `~` and `~/…` start at the home directory (so do `$HOME` and `${HOME}`); `/…` is absolute.
 * - A trailing `/` names what is inside a folder: `secrets/` is `secrets/**`.
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
export function resolvePathPattern(pattern: string, context: PathPatternContext): string {
  const { base, rest } = anchored(pattern, context);
  if (base === null) return rest;
  // The folder's own name is no glob: `/tmp/app [old]` holds a `[`, `/w/*draft*` a `*`.
  return rest === "" ? escapeGlob(base) : posix.join(escapeGlob(base), rest);
}

/**
 * A pattern split into the folder it is anchored at (the working or home directory, as a
 * name; `null` for an absolute pattern or `**`) and the pattern written below it.
 */
function anchored(
  pattern: string,
  context: PathPatternContext,
): { base: string | null; rest: string } {
  const { cwd, home } = context;
  if (pattern === "*") return { base: null, rest: "*" };
  // A folder written with its trailing slash (`secrets/`) stands for what is inside it.
  if (pattern.length > 1 && pattern.endsWith("/") && !pattern.endsWith("**/")) {
    return anchored(`${pattern}**`, context);
  }
  // `$HOME` is written for `~` as often as not; no one names a folder `$HOME`.
  const homeWord = /^\$(?:HOME|\{HOME\})(?=\/|$)/.exec(pattern);
  if (homeWord) return anchored(`~${pattern.slice(homeWord[0].length)}`, context);
  if (pattern === "~") return { base: home, rest: "" };
  if (pattern.startsWith("~/")) return { base: home, rest: pattern.slice(2) };
  if (pattern.startsWith("/")) return { base: null, rest: pattern };
  if (pattern.startsWith("**")) return { base: null, rest: `/${pattern}` };
  return { base: cwd, rest: pattern };
}

/** A folder's name as a glob that matches exactly it: each glob character escaped. */
function escapeGlob(name: string): string {
  return name.replace(/[*?[\]{}()!+@\\]/g, "\\$&");
}

const GLOB_CHARACTERS = /[*?[\]{}()!+@]/;

/**
 * What lies below a path pattern that names one file or folder without a glob (`~/.ssh`,
 * `/etc`, `secrets`), as a glob: a deny or ask rule written that way also covers the files
 * inside the folder, which is what it is written for (a rule on a folder that refused the
 * folder's name but let its files be read would protect nothing). `null` for a pattern with a
 * glob, which says itself what it covers.
 *
 * @example
 * ```ts
 * pathPatternBelow("~/.ssh", { cwd: "/repo", home: "/home/u" }); // "/home/u/.ssh/**"
 * pathPatternBelow("**\/.env", { cwd: "/repo", home: "/home/u" }); // null
 * ```
 */
export function pathPatternBelow(pattern: string, context: PathPatternContext): string | null {
  const resolved = resolvePathPattern(pattern, context);
  // The pattern as written decides, not the folder it is anchored at (escaped in `resolved`).
  if (resolved === "*" || GLOB_CHARACTERS.test(anchored(pattern, context).rest)) return null;
  return resolved === "/" ? "/**" : `${resolved}/**`;
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
  return pathPatternMatcher(pattern, context)(posix.resolve(context.cwd, path));
}

/** Whether a path, absolute and normalised, matches: one pattern under one context. */
export type PathMatcher = (absolute: string) => boolean;

const everyPath: PathMatcher = () => true;

// The matchers of the last working and home directory asked about (a session keeps one): a
// gate meets every path of a call against every path rule, and resolving the pattern each
// time cost more than the match (issue 18).
let matchersCwd = "";
let matchersHome = "";
let matchers = new Map<string, PathMatcher>();

/**
 * {@link matchesPathPattern} for a path already resolved against `cwd` and normalised
 * (`posix.resolve(cwd, path)`): the pattern is resolved and compiled once per context, so a
 * caller meeting one path against many rules resolves the path once.
 *
 * @example
 * ```ts
 * pathPatternMatcher("~/.ssh/**", { cwd: "/repo", home: "/home/user" })("/home/user/.ssh/id_rsa"); // true
 * ```
 */
export function pathPatternMatcher(pattern: string, context: PathPatternContext): PathMatcher {
  if (context.cwd !== matchersCwd || context.home !== matchersHome) {
    matchersCwd = context.cwd;
    matchersHome = context.home;
    matchers = new Map();
  }
  let found = matchers.get(pattern);
  if (found === undefined) {
    if (matchers.size >= CACHE_LIMIT) matchers.clear();
    const glob = resolvePathPattern(pattern, context);
    if (glob === "*") found = everyPath;
    else {
      let matcher = compiled.get(glob);
      if (matcher === undefined) {
        if (compiled.size >= CACHE_LIMIT) compiled.clear();
        matcher = new Minimatch(glob, { dot: true });
        compiled.set(glob, matcher);
      }
      const glued = matcher;
      found = (absolute) => glued.match(absolute);
    }
    matchers.set(pattern, found);
  }
  return found;
}
