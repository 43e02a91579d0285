// Whether a file a shell glob names can also be named by a policy's path pattern: the glob is
// judged by every file it could match (corpus README rule 6), not by one sample string.
//
// Both sides are compiled to small automata over characters and their product is searched
// for a string both accept. The search is exact for the syntax below and linear in the
// product's size: no backtracking, whatever the input.
//
// The shell side (what the analyzer reports as `glob`) follows bash without `dotglob`: `*`,
// `?` and `[…]` never match `/` and never match a `.` that starts a path segment; a
// backslash quotes the next character; `**` (the analyzer's own notation for "under some
// directory") matches any run of segments, and when the glob's `**` are bash's own (globstar
// on, dotglob off) any run of segments none of which starts with a `.`. The policy side follows minimatch with
// `dot: true`, as path rules are matched: `**` as a whole segment spans segments, `{a,b}`
// alternatives are expanded first. A pattern with an extglob (`@(…)`, `!(…)`, …) is assumed to
// meet any glob: the answer may only err towards "it can". A bracket stands for every character
// it may match: a POSIX class (`[:upper:]`) holds what the locale puts in it, so a bracket
// holding one may match any character, and a negated one any character but those it surely
// holds (SURE_CLASS_MEMBERS) and those listed beside it. A bracket bash reads in more than one
// way (see SUBTLE) is compiled once for each reading, and never spans a `/`.
import { spendWork } from "@pi-permission/policy";
import { braceExpand } from "minimatch";

/** Characters as sorted, disjoint, non-adjacent inclusive ranges of code points. */
type CharSet = readonly (readonly [number, number])[];

type Token =
  | { kind: "char"; char: number }
  | { kind: "star" }
  | { kind: "one" }
  /** A bracket expression: `set` is every character it may match (negation applied). */
  | { kind: "class"; set: CharSet }
  | { kind: "globstar" };

type ClassToken = Extract<Token, { kind: "class" }>;

interface Compiled {
  tokens: Token[];
  /** Bash's rule: wildcards do not match a `.` at the start of a segment. */
  hidesDots: boolean;
  /** The same for `**`: bash's own under `globstar`, which enters no dot folder. */
  starsHideDots: boolean;
}

const SLASH = 47;
const DOT = 46;
const OPEN = 91;
const LAST_CHAR = 0x10ffff;
const ANY: CharSet = [[0, LAST_CHAR]];

/**
 * A bracket whose reading by bash's matcher (lib/glob/sm_loop.c) depends on the character it is
 * tried on: a `[` followed by `=`, `.` or `:` inside it that is not one plain POSIX class
 * (`[[=e]`, `[[=x=]]`, `[:[:]`, `+-[:digit:]`). bash may read its `[` as a literal character, or
 * as a bracket that matches some character and ends at any later `]` of the segment: the glob
 * is compiled once for each of those readings ({@link MAX_READINGS} at most).
 */
const SUBTLE = Symbol("subtle");

/** A bracket expression beyond the model: the glob is not compiled (it may meet anything). */
const UNMODELLED = Symbol("unmodelled");

/** Readings of one glob kept apart; past this many the glob may meet anything. */
const MAX_READINGS = 64;

/**
 * Compiles a glob into its readings (one unless a bracket is {@link SUBTLE}); `null` when the
 * syntax is beyond what is modelled. Linear in the glob's length per reading (every `[` that
 * opens no bracket is read once), and paid for from the call's budget.
 */
function compile(pattern: string, hidesDots: boolean, starsHideDots = false): Compiled[] | null {
  const chars = [...pattern];
  spendWork(chars.length, "a glob compiled");
  const scan = new BracketScan(chars);
  // For each position, the next `]` at or after it in its segment (-1: none).
  const closes = new Int32Array(chars.length + 1).fill(-1);
  for (let k = chars.length - 1; k >= 0; k--) {
    const c = chars[k];
    closes[k] = c === "]" ? k : c === "/" ? -1 : (closes[k + 1] as number);
  }
  const readings: Compiled[] = [];
  const pending: { from: number; tokens: Token[] }[] = [{ from: 0, tokens: [] }];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const { from, tokens } = next;
    const stop = compileFrom(chars, scan, from, tokens);
    if (stop === null) return null;
    if (stop === "done") {
      readings.push({ tokens, hidesDots, starsHideDots: hidesDots && starsHideDots });
      continue;
    }
    // The subtle bracket opened at `stop`: a literal `[`, or any one character up to each
    // later `]` of its segment.
    const ends: number[] = [];
    for (let k = closes[stop + 1] as number; k !== -1; k = closes[k + 1] as number) {
      if (readings.length + pending.length + ends.length + 1 >= MAX_READINGS) return null;
      ends.push(k);
    }
    // Only a branching copies the tokens read so far (at most MAX_READINGS times).
    if (ends.length > 0) spendWork(ends.length * (tokens.length + 1), "a glob compiled");
    for (const end of ends) pending.push({ from: end + 1, tokens: [...tokens, classOf(ANY)] });
    tokens.push({ kind: "char", char: OPEN });
    pending.push({ from: stop + 1, tokens });
  }
  return readings;
}

/**
 * Reads `chars` from `from` on into `tokens`: `"done"` at the end, the index of a
 * {@link SUBTLE} bracket's `[` when one is met, `null` for syntax beyond the model.
 */
function compileFrom(
  chars: readonly string[],
  scan: BracketScan,
  from: number,
  tokens: Token[],
): "done" | number | null {
  for (let i = from; i < chars.length; i++) {
    const c = chars[i] as string;
    if (c === "\\") {
      const next = chars[++i];
      if (next !== undefined) tokens.push({ kind: "char", char: next.codePointAt(0) as number });
      continue;
    }
    if (c === "*") {
      const atSegmentStart = i === 0 || chars[i - 1] === "/";
      if (chars[i + 1] === "*") {
        while (chars[i + 1] === "*") i++;
        const atSegmentEnd = i + 1 === chars.length || chars[i + 1] === "/";
        if (atSegmentStart && atSegmentEnd) {
          // `**/**` accepts what `**` does: consecutive `**` segments are one, so that the
          // positions reachable without consuming stay a handful however many are written.
          const last = tokens.length - 1;
          const slash = tokens[last];
          if (
            tokens[last - 1]?.kind === "globstar" &&
            slash?.kind === "char" &&
            slash.char === SLASH
          ) {
            tokens.pop();
            continue;
          }
          tokens.push({ kind: "globstar" });
          continue;
        }
      }
      tokens.push({ kind: "star" });
      continue;
    }
    if (c === "?") {
      tokens.push({ kind: "one" });
      continue;
    }
    if (c === "[") {
      const parsed = scan.parse(i);
      if (parsed === UNMODELLED) return null;
      if (parsed === SUBTLE) return i;
      if (parsed !== null) {
        tokens.push(parsed.token);
        i = parsed.end;
        continue;
      }
    }
    if ((c === "@" || c === "!" || c === "+") && chars[i + 1] === "(") return null;
    tokens.push({ kind: "char", char: c.codePointAt(0) as number });
  }
  return "done";
}

/**
 * Characters every locale puts in a POSIX class (the portable character set's letters,
 * digits and blanks). A class's other members depend on the locale: a bracket is modelled by
 * what it may match, so a class stands for every character, and in a negated bracket only
 * these (and the bracket's own characters) are surely excluded.
 */
const SURE_CLASS_MEMBERS: Readonly<Record<string, CharSet>> = {
  upper: [[0x41, 0x5a]],
  lower: [[0x61, 0x7a]],
  digit: [[0x30, 0x39]],
  alpha: [
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  alnum: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x61, 0x7a],
  ],
  word: [
    [0x30, 0x39],
    [0x41, 0x5a],
    [0x5f, 0x5f],
    [0x61, 0x7a],
  ],
  xdigit: [
    [0x30, 0x39],
    [0x41, 0x46],
    [0x61, 0x66],
  ],
  space: [
    [0x09, 0x0d],
    [0x20, 0x20],
  ],
  blank: [
    [0x09, 0x09],
    [0x20, 0x20],
  ],
};

/**
 * Reads the bracket expressions of one glob. A `[` whose bracket does not close within its
 * segment is a literal character (bash matches each `/`-separated segment on its own), found
 * out only at the segment's end: the positions a failed read passed through are remembered,
 * and a later read reaching one of them fails at once (the read from there on is the same), so
 * a glob of thousands of `[` is read in linear time.
 *
 * Only plain brackets are read: members, ranges of two characters and POSIX classes
 * `[:name:]` standing alone. Any other `[` followed by `=`, `.` or `:` inside a bracket (an
 * equivalence class, a collating symbol, an unclosed or odd class, a class next to a `-`)
 * makes the bracket {@link SUBTLE}: bash's matcher reads those differently for the character
 * that matches and for one that does not, so where the bracket ends is not one place.
 */
class BracketScan {
  readonly #chars: readonly string[];
  /** Positions from which a read (past a bracket's first character) is known to fail. */
  readonly #fails: Uint8Array;
  /** For each position, the index of the next `]` at or after it (lazily built). */
  #nextClose: Int32Array | null = null;
  /** For each mark, the index of the `]` of the next `X]` at or after a position. */
  readonly #nextPair = new Map<string, Int32Array>();

  constructor(chars: readonly string[]) {
    this.#chars = chars;
    this.#fails = new Uint8Array(chars.length + 1);
  }

  /**
   * The bracket opened at `open`: its token and closing index, `null` when its `[` is a literal
   * character, {@link SUBTLE} when its reading depends on the character tried.
   */
  parse(open: number): { token: Token; end: number } | null | typeof SUBTLE | typeof UNMODELLED {
    const chars = this.#chars;
    let i = open + 1;
    let negated = false;
    if (chars[i] === "!" || chars[i] === "^") {
      negated = true;
      i++;
    }
    const ranges: [number, number][] = [];
    const passed: number[] = [];
    let first = true;
    // A POSIX class (`[:alpha:]`): its members beyond SURE_CLASS_MEMBERS depend on the locale.
    let posix = false;
    const fail = () => {
      for (const at of passed) this.#fails[at] = 1;
      return null;
    };
    for (; i < chars.length; i++) {
      if (!first) {
        if (this.#fails[i] === 1) return fail();
        passed.push(i);
      }
      const c = chars[i] as string;
      if (c === "]" && !first) {
        const end = i;
        if (posix && !negated) return { token: classOf(ANY), end };
        const set = normalise(ranges);
        return { token: classOf(negated ? complement(set) : set), end };
      }
      first = false;
      if (c === "/") return fail();
      if (c === "[" && isMark(chars[i + 1])) {
        const close = plainClassEnd(chars, i);
        // A class is no range end, and a `-` after it is read apart in bash's two readings.
        if (close === -1 && chars[i + 1] === ":") {
          // A class name that a `]` cuts short, or never closed: left unmodelled, as before.
          const pair = this.#pairAfter(i + 2, ":");
          if (pair === -1 || this.#closeAfter(i + 2) !== pair) return UNMODELLED;
        }
        if (close === -1 || chars[i - 1] === "-" || chars[close + 1] === "-") return SUBTLE;
        const name = chars.slice(i + 2, close - 1).join("");
        for (const range of SURE_CLASS_MEMBERS[name] ?? []) ranges.push([range[0], range[1]]);
        posix = true;
        i = close;
        continue;
      }
      let lo = c;
      if (c === "\\") lo = chars[++i] ?? "\\";
      if (lo === "/") return fail();
      let hi = lo;
      if (chars[i + 1] === "-" && chars[i + 2] !== undefined && chars[i + 2] !== "]") {
        if (chars[i + 2] === "[" && isMark(chars[i + 3])) return SUBTLE;
        i += 2;
        hi = chars[i] as string;
        if (hi === "\\") hi = chars[++i] ?? "\\";
        if (hi === "/") return fail();
      }
      const a = lo.codePointAt(0) as number;
      const b = hi.codePointAt(0) as number;
      // bash compares a range's ends as code points (`globasciiranges`, on by default): one
      // written high to low matches nothing, so a negated bracket excludes nothing by it.
      if (a <= b) ranges.push([a, b]);
      else if (!negated) ranges.push([b, a]);
    }
    return fail();
  }

  /** The index of the next `]` at or after `from`, or -1. */
  #closeAfter(from: number): number {
    if (this.#nextClose === null) {
      const chars = this.#chars;
      const next = new Int32Array(chars.length + 1).fill(-1);
      for (let k = chars.length - 1; k >= 0; k--) {
        next[k] = chars[k] === "]" ? k : (next[k + 1] as number);
      }
      this.#nextClose = next;
    }
    return from >= this.#chars.length ? -1 : (this.#nextClose[from] as number);
  }

  /** The index of the `]` of the first `X]` (X = `mark`) starting at or after `from`, or -1. */
  #pairAfter(from: number, mark: string): number {
    let next = this.#nextPair.get(mark);
    if (next === undefined) {
      const chars = this.#chars;
      next = new Int32Array(chars.length + 1).fill(-1);
      for (let k = chars.length - 2; k >= 0; k--) {
        next[k] = chars[k] === mark && chars[k + 1] === "]" ? k + 1 : (next[k + 1] as number);
      }
      this.#nextPair.set(mark, next);
    }
    return from >= this.#chars.length ? -1 : (next[from] as number);
  }
}

/** Whether `char`, after a `[` inside a bracket, opens a class, an equivalence or a symbol. */
function isMark(char: string | undefined): boolean {
  return char === ":" || char === "=" || char === ".";
}

/**
 * The index of the `]` of a plain POSIX class `[:name:]` opened at `at` (a name of lower-case
 * letters), or -1 for anything else.
 */
function plainClassEnd(chars: readonly string[], at: number): number {
  if (chars[at + 1] !== ":") return -1;
  let k = at + 2;
  while (k < chars.length && /^[a-z]$/.test(chars[k] as string)) k++;
  if (k === at + 2 || chars[k] !== ":" || chars[k + 1] !== "]") return -1;
  return k + 1;
}

function classOf(set: CharSet): ClassToken {
  return { kind: "class", set };
}

/** Sorted, merged ranges. */
function normalise(ranges: [number, number][]): CharSet {
  const sorted = [...ranges].sort((x, y) => x[0] - y[0]);
  const merged: [number, number][] = [];
  for (const [lo, hi] of sorted) {
    const last = merged[merged.length - 1];
    if (last !== undefined && lo <= last[1] + 1) last[1] = Math.max(last[1], hi);
    else merged.push([lo, hi]);
  }
  return merged;
}

function complement(set: CharSet): CharSet {
  const out: [number, number][] = [];
  let from = 0;
  for (const [lo, hi] of set) {
    if (lo > from) out.push([from, lo - 1]);
    from = hi + 1;
  }
  if (from <= LAST_CHAR) out.push([from, LAST_CHAR]);
  return out;
}

function setHas(set: CharSet, char: number): boolean {
  let lo = 0;
  let hi = set.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const [a, b] = set[mid] as readonly [number, number];
    if (char < a) hi = mid - 1;
    else if (char > b) lo = mid + 1;
    else return true;
  }
  return false;
}

/**
 * Whether some character outside `excluded` lies in both sets (`null`: every character).
 * Spends one step per range pair looked at.
 */
function someShared(x: CharSet | null, y: CharSet | null, excluded: readonly number[]): boolean {
  const a = x ?? ANY;
  const b = y ?? ANY;
  let i = 0;
  let j = 0;
  let steps = 0;
  try {
    while (i < a.length && j < b.length) {
      steps++;
      const [loA, hiA] = a[i] as readonly [number, number];
      const [loB, hiB] = b[j] as readonly [number, number];
      const lo = Math.max(loA, loB);
      const hi = Math.min(hiA, hiB);
      if (lo <= hi) {
        let inside = 0;
        for (const c of excluded) if (c >= lo && c <= hi) inside++;
        if (hi - lo + 1 > inside) return true;
      }
      if (hiA < hiB) i++;
      else j++;
    }
    return false;
  } finally {
    spendWork(steps, "a glob met against a path rule");
  }
}

/** Whether the token at `index` can consume `char` (`atStart`: the char starts a segment). */
function consumes(side: Compiled, index: number, char: number, atStart: boolean): boolean {
  const token = side.tokens[index];
  if (token === undefined) return false;
  if (token.kind === "char") return token.char === char;
  if (token.kind === "globstar") return !(side.starsHideDots && atStart && char === DOT);
  if (char === SLASH) return false;
  if (side.hidesDots && atStart && char === DOT) return false;
  if (token.kind === "star" || token.kind === "one") return true;
  return setHas(token.set, char);
}

/** Positions reachable without consuming: past a `*`, past a `**` (and the `/` after it). */
function closure(side: Compiled, from: number): number[] {
  const seen = new Set<number>([from]);
  const stack = [from];
  while (stack.length > 0) {
    const index = stack.pop() as number;
    const token = side.tokens[index];
    if (token?.kind !== "star" && token?.kind !== "globstar") continue;
    const next = [index + 1];
    const after = side.tokens[index + 1];
    if (token.kind === "globstar" && after?.kind === "char" && after.char === SLASH) {
      next.push(index + 2);
    }
    for (const n of next) {
      if (!seen.has(n)) {
        seen.add(n);
        stack.push(n);
      }
    }
  }
  spendWork(seen.size, "a glob met against a path rule");
  return [...seen];
}

/** Where the token at `index` goes after consuming a character. */
function advance(side: Compiled, index: number): number[] {
  const token = side.tokens[index];
  if (token?.kind === "star") return closure(side, index);
  // Once `**` has consumed something, the `/` after it must be consumed too: skipping both
  // stands for zero segments only, before anything was consumed.
  if (token?.kind === "globstar") return [index, ...closure(side, index + 1)];
  return closure(side, index + 1);
}

/** Where each position goes after consuming a character, built as the search reaches it. */
function advances(side: Compiled): (index: number) => number[] {
  const known: (number[] | undefined)[] = [];
  return (index) => {
    let next = known[index];
    if (next === undefined) {
      next = advance(side, index);
      known[index] = next;
    }
    return next;
  };
}

/** The characters a wildcard token may consume, as a set (`null`: any), for {@link someShared}. */
function wildSet(token: Token): CharSet | null {
  return token.kind === "class" ? token.set : null;
}

/** Whether a wildcard token of `side` refuses a `.` that starts a segment. */
function hidesDot(side: Compiled, token: Token): boolean {
  return token.kind === "globstar" ? side.starsHideDots : side.hidesDots;
}

function meetCompiled(a: Compiled, b: Compiled): boolean {
  const nextA = advances(a);
  const nextB = advances(b);
  // A state is (position in a, position in b, whether the next char starts a segment),
  // numbered densely so that the search keeps one byte per state and a plain array queue.
  const width = b.tokens.length + 1;
  const size = (a.tokens.length + 1) * width * 2;
  spendWork(size >> 4, "a glob met against a path rule");
  const seen = new Uint8Array(size);
  const queue: number[] = [];
  // Every state and every successor looked at is paid for, in batches.
  let unpaid = 0;
  const visit = (i: number, j: number, atStart: boolean) => {
    unpaid++;
    const state = (i * width + j) * 2 + (atStart ? 1 : 0);
    if (seen[state] === 1) return;
    seen[state] = 1;
    queue.push(state);
  };
  const step = (i: number, j: number, nextStart: boolean) => {
    for (const ni of nextA(i)) for (const nj of nextB(j)) visit(ni, nj, nextStart);
  };
  for (const i of closure(a, 0)) for (const j of closure(b, 0)) visit(i, j, true);
  for (let head = 0; head < queue.length; head++) {
    // The product grows with both globs: a glob of hundreds of levels met against every rule
    // of a policy is bounded by the call's work budget, not by its shape.
    if (unpaid >= 1024) {
      spendWork(unpaid, "a glob met against a path rule");
      unpaid = 0;
    }
    unpaid++;
    const state = queue[head] as number;
    const atStart = (state & 1) === 1;
    const i = Math.floor(state / 2 / width);
    const j = (state >> 1) % width;
    const tokenA = a.tokens[i];
    const tokenB = b.tokens[j];
    if (tokenA === undefined || tokenB === undefined) {
      if (tokenA === undefined && tokenB === undefined) return true;
      continue;
    }
    // A literal on either side can only consume itself.
    if (tokenA.kind === "char" || tokenB.kind === "char") {
      const char = tokenA.kind === "char" ? tokenA.char : tokenB.kind === "char" ? tokenB.char : 0;
      if (consumes(a, i, char, atStart) && consumes(b, j, char, atStart)) {
        step(i, j, char === SLASH);
      }
      continue;
    }
    // Two wildcards: where they go depends only on whether the character is a `/`, so ask
    // whether they share a `/`, and whether they share anything else (a `.` starting a
    // segment is not shared with a side that hides dot files).
    if (tokenA.kind === "globstar" && tokenB.kind === "globstar") step(i, j, true);
    const excluded = [SLASH];
    const hidden = atStart && (hidesDot(a, tokenA) || hidesDot(b, tokenB));
    if (hidden) excluded.push(DOT);
    if (someShared(wildSet(tokenA), wildSet(tokenB), excluded)) step(i, j, false);
  }
  spendWork(unpaid, "a glob met against a path rule");
  return false;
}

/**
 * Whether some path matches both `shellGlob` (an absolute bash glob, as the analyzer reports
 * it) and `policyGlob` (an absolute minimatch glob with `dot: true`, as a path rule resolves).
 *
 * @example
 * ```ts
 * globsMeet("/repo/.en?", "/**\/.env"); // true: `.en?` can name `.env`
 * globsMeet("/repo/*.ts", "/**\/.env"); // false
 * globsMeet("/repo/*", "/**\/.env");    // false: bash's `*` skips dot files
 * globsMeet("/repo/*", "/**\/.env", true); // true: a ripgrep glob's `*` does not
 * ```
 *
 * With `dots`, the shell glob's wildcards match a `.` that starts a name too, as a ripgrep
 * (gitignore) glob's do. With `starsSkipDots` (and not `dots`), its `**` segments are bash's
 * own under `globstar`: like `*`, they match no name that starts with a `.`
 * (`globsMeet("/repo/src/**\/*.ts", "/**\/.ssh/**", false, true)` is false).
 */
export function globsMeet(
  shellGlob: string,
  policyGlob: string,
  dots = false,
  starsSkipDots = false,
): boolean {
  // A path rule meets the same globs call after call: the answer is a pure function of the
  // two strings, so recent answers are kept.
  const key = `${shellGlob}\u0000${policyGlob}${dots ? "\u0000." : ""}${starsSkipDots ? "\u0000*" : ""}`;
  const known = recentMeets.get(key);
  if (known !== undefined) return known;
  const meets = searchMeet(shellGlob, policyGlob, true, dots, starsSkipDots);
  recentMeets.set(key, meets);
  if (recentMeets.size > RECENT_MEETS)
    recentMeets.delete(recentMeets.keys().next().value as string);
  return meets;
}

const RECENT_MEETS = 512;
const recentMeets = new Map<string, boolean>();

/** A `.` or `..` segment anywhere in a glob. */
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/;

function searchMeet(
  shellGlob: string,
  policyGlob: string,
  shortcut = true,
  dots = false,
  starsSkipDots = false,
): boolean {
  // Bash resolves `.` and `..` against the folders on disk, one at a time (`x*/..` is any
  // folder `x*` names, then its parent); the search reads a glob's segments as text, so a glob
  // holding such a segment may meet anything: the answer can only tighten the verdict.
  if (DOT_SEGMENT.test(shellGlob) || DOT_SEGMENT.test(policyGlob)) return true;
  const shells = compiledShell(shellGlob, !dots, starsSkipDots);
  if (shells === null) return true;
  for (const policy of policySides(policyGlob)) {
    if (policy === null) return true;
    for (const shell of shells) {
      if (shortcut && !literalEndsAgree(shell, policy)) continue;
      if (meetCompiled(shell, policy)) return true;
    }
  }
  return false;
}

/**
 * The shell glob, compiled once for all the path rules it meets in a row (one compiling per
 * rule made a 10 KB glob cost as much again per rule).
 */
function compiledShell(
  shellGlob: string,
  hidesDots: boolean,
  starsHideDots: boolean,
): readonly Compiled[] | null {
  if (
    lastShell?.glob !== shellGlob ||
    lastShell.hidesDots !== hidesDots ||
    lastShell.starsHideDots !== starsHideDots
  ) {
    lastShell = {
      glob: shellGlob,
      hidesDots,
      starsHideDots,
      compiled: compile(shellGlob, hidesDots, starsHideDots),
    };
  }
  return lastShell.compiled;
}
let lastShell: {
  glob: string;
  hidesDots: boolean;
  starsHideDots: boolean;
  compiled: readonly Compiled[] | null;
} | null = null;

/**
 * {@link globsMeet} by the search alone: no remembered answers, no shortcut. The reference the
 * shortcut is held to in tests; not part of the package's API.
 */
export function globsMeetBySearch(
  shellGlob: string,
  policyGlob: string,
  starsSkipDots = false,
): boolean {
  return searchMeet(shellGlob, policyGlob, false, false, starsSkipDots);
}

/**
 * The policy side's alternatives, compiled (`null` for one beyond the model). A policy has a
 * few path patterns and every glob of every call meets them, so each is compiled once.
 */
function policySides(policyGlob: string): readonly (Compiled | null)[] {
  let sides = compiledPolicies.get(policyGlob);
  if (sides === undefined) {
    sides = braceExpand(policyGlob).flatMap((alternative) => compile(alternative, false) ?? [null]);
    compiledPolicies.set(policyGlob, sides);
    if (compiledPolicies.size > RECENT_MEETS)
      compiledPolicies.delete(compiledPolicies.keys().next().value as string);
  }
  return sides;
}
const compiledPolicies = new Map<string, readonly (Compiled | null)[]>();

/**
 * A necessary condition for a meet, checked before the search: a string both sides accept
 * starts with the literal characters each side starts with and ends with the literal
 * characters each side ends with, so where those runs overlap they must agree
 * (`/repo/*.ts` never meets `/**\/.env`: `s` is not `v`). Exact: it only rules out
 * pairs the search would rule out too.
 */
function literalEndsAgree(a: Compiled, b: Compiled): boolean {
  const headA = leadingChars(a);
  const headB = leadingChars(b);
  for (let k = 0; k < headA && k < headB; k++) {
    if ((a.tokens[k] as CharToken).char !== (b.tokens[k] as CharToken).char) return false;
  }
  const tailA = trailingChars(a);
  const tailB = trailingChars(b);
  for (let k = 1; k <= tailA && k <= tailB; k++) {
    const charA = (a.tokens[a.tokens.length - k] as CharToken).char;
    const charB = (b.tokens[b.tokens.length - k] as CharToken).char;
    if (charA !== charB) return false;
  }
  return true;
}

type CharToken = Extract<Token, { kind: "char" }>;

/** How many tokens at the start are literal characters. */
function leadingChars(side: Compiled): number {
  let n = 0;
  while (side.tokens[n]?.kind === "char") n++;
  return n;
}

/**
 * How many tokens at the end are literal characters every accepted string ends with. The
 * `/` right after a `**` is not one of them: `**` and its `/` may both stand for nothing
 * ({@link closure}), so `**\/b` accepts `b`.
 */
function trailingChars(side: Compiled): number {
  const { tokens } = side;
  let n = 0;
  while (tokens[tokens.length - 1 - n]?.kind === "char") n++;
  const before = tokens[tokens.length - 1 - n];
  if (n > 0 && before?.kind === "globstar") n--;
  return n;
}
