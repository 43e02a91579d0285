// The bash pattern language: `*` is any run of characters (none, spaces and `/` included),
// everything else is literal, and a pattern ending in ` *` also matches the bare command.

// A compiled pattern: the literal runs between its stars. Matching never builds a regular
// expression: `^a.*b.*c$` backtracks polynomially in the number of stars over a long command
// (a 400-character command against `git * * * * z` took seconds), and the command is the
// agent's input. The scan below is linear in the text for each literal run.
interface Compiled {
  /** The literal runs of the pattern, split at its stars (a pattern without stars has one). */
  readonly runs: readonly string[];
  /** A pattern ending in ` *` also matches the text before it: the runs of that text. */
  readonly bare: readonly string[] | null;
}

const cache = new Map<string, Compiled>();
const CACHE_LIMIT = 2048;

function compiled(pattern: string): Compiled {
  let found = cache.get(pattern);
  if (found === undefined) {
    if (cache.size >= CACHE_LIMIT) cache.clear();
    found = compile(pattern);
    cache.set(pattern, found);
  }
  return found;
}

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

function compile(pattern: string): Compiled {
  const normalized = normalizeBashPattern(pattern);
  // `git *` is `git` alone or `git ` followed by anything: the trailing ` *` is optional as a whole.
  const bare = normalized.endsWith(" *") ? normalized.slice(0, -2).split("*") : null;
  return { runs: normalized.split("*"), bare };
}

// Whether `text` is the runs joined by any runs of characters. The first run is a prefix and
// the last a suffix; each run between them is taken at its leftmost place after the one
// before, which is never worse than a later place, so no choice is ever revisited.
function matchesRuns(runs: readonly string[], text: string): boolean {
  const first = runs[0] as string;
  if (runs.length === 1) return text === first;
  const last = runs[runs.length - 1] as string;
  if (text.length < first.length + last.length) return false;
  if (!text.startsWith(first) || !text.endsWith(last)) return false;
  let at = first.length;
  const end = text.length - last.length;
  for (let i = 1; i < runs.length - 1; i++) {
    const run = runs[i] as string;
    const found = text.indexOf(run, at);
    if (found === -1 || found + run.length > end) return false;
    at = found + run.length;
  }
  return true;
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
  const { runs, bare } = compiled(pattern);
  return matchesRuns(runs, text) || (bare !== null && matchesRuns(bare, text));
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
  // The same two readings as matchesBashPattern: the pattern, and its text before a trailing ` *`.
  const { runs, bare } = compiled(pattern);
  return starsMeet(runs.join("*"), shape) || (bare !== null && starsMeet(bare.join("*"), shape));
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
