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

/**
 * Whether a bash pattern can match some text the shape `shape` stands for, where `*` in the
 * shape is a run of characters only known at run time (a computed word). Both sides are
 * patterns over any characters; a product search decides, with no backtracking.
 *
 * @example
 * ```ts
 * bashPatternMeets("git push *", "git* origin"); // true: the computed word may be ` push`
 * bashPatternMeets("git push *", "git commit -m*"); // false
 * ```
 */
export function bashPatternMeets(pattern: string, shape: string): boolean {
  const normalized = normalizeBashPattern(pattern);
  // `git *` also matches bare `git`: the trailing ` *` is optional as a whole.
  const alternatives = normalized.endsWith(" *")
    ? [normalized, normalized.slice(0, -2)]
    : [normalized];
  return alternatives.some((alternative) => starsMeet(alternative, shape));
}

function starsMeet(a: string, b: string): boolean {
  const seen = new Set<number>();
  const width = b.length + 1;
  const stack: number[] = [];
  const push = (i: number, j: number) => {
    // A star may match nothing: step over it without consuming.
    const key = i * width + j;
    if (seen.has(key)) return;
    seen.add(key);
    stack.push(key);
    if (a[i] === "*") push(i + 1, j);
    if (b[j] === "*") push(i, j + 1);
  };
  push(0, 0);
  while (stack.length > 0) {
    const key = stack.pop() as number;
    const i = Math.floor(key / width);
    const j = key % width;
    if (i === a.length && j === b.length) return true;
    const ca = a[i];
    const cb = b[j];
    if (ca === undefined || cb === undefined) continue;
    // Consume one character that both sides accept: a star stays put, a literal moves on.
    if (ca === "*" && cb === "*") push(i, j + 1);
    else if (ca === "*") push(i, j + 1);
    else if (cb === "*") push(i + 1, j);
    else if (ca === cb) push(i + 1, j + 1);
  }
  return false;
}
