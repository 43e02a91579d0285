// The bash pattern language: `*` is any run of characters (none, spaces and `/` included),
// everything else is literal, and a pattern ending in ` *` also matches the bare command.

const compiled = new Map<string, RegExp>();
const CACHE_LIMIT = 2048;

/**
 * A pattern as it is matched: trimmed, every run of blanks one space, every run of `*` one `*`.
 *
 * @example
 * ```ts
 * normalizeBashPattern("  git   push  **"); // "git push *"
 * ```
 */
export function normalizeBashPattern(pattern: string): string {
  return pattern.trim().replace(/\s+/g, " ").replace(/\*+/g, "*");
}

function escapeRegExp(literal: string): string {
  return literal.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
}

function compile(pattern: string): RegExp {
  const normalized = normalizeBashPattern(pattern);
  // `git *` is `git` alone or `git ` followed by anything: the trailing ` *` is optional as a whole.
  const bare = normalized.endsWith(" *") ? normalized.slice(0, -2) : undefined;
  const body = (bare ?? normalized).split("*").map(escapeRegExp).join("[\\s\\S]*");
  return new RegExp(bare === undefined ? `^${body}$` : `^${body}(?: [\\s\\S]*)?$`);
}

/**
 * Whether a bash pattern matches one executed command unit. `text` is the unit's normalised
 * text: its words after quote removal, joined by one space, with leading assignments,
 * redirects and execution-modifier wrappers already removed by the analyser. The pattern is
 * matched against the whole text, from its first character to its last.
 *
 * - `*` matches any run of characters, including none, spaces and `/`; `?`, `[` and every
 *   other character are literal. There is no escape for a literal `*`.
 * - A pattern ending in ` *` also matches the text before it: `git *` matches `git`.
 * - Runs of blanks in the pattern count as one space, and `**` as `*`.
 *
 * @example
 * ```ts
 * matchesBashPattern("git *", "git");            // true
 * matchesBashPattern("git *", "gitk");           // false
 * matchesBashPattern("rm *", "rmdir x");         // false
 * matchesBashPattern("git status", "git status -s"); // false
 * matchesBashPattern("npm publish*", "npm publish --dry-run"); // true
 * ```
 */
export function matchesBashPattern(pattern: string, text: string): boolean {
  let regex = compiled.get(pattern);
  if (regex === undefined) {
    if (compiled.size >= CACHE_LIMIT) compiled.clear();
    regex = compile(pattern);
    compiled.set(pattern, regex);
  }
  return regex.test(text);
}
