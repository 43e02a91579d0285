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
// directory") matches any run of segments. The policy side follows minimatch with
// `dot: true`, as path rules are matched: `**` as a whole segment spans segments, `{a,b}`
// alternatives are expanded first. A pattern with an extglob (`@(…)`, `!(…)`, …) is assumed to
// meet any glob: the answer may only err towards "it can".
import { spendWork } from "@pi-permission/policy";
import { braceExpand } from "minimatch";

type Token =
  | { kind: "char"; char: number }
  | { kind: "star" }
  | { kind: "one" }
  | { kind: "class"; negated: boolean; ranges: [number, number][] }
  | { kind: "globstar" };

interface Compiled {
  tokens: Token[];
  /** Bash's rule: wildcards do not match a `.` at the start of a segment. */
  hidesDots: boolean;
}

const SLASH = 47;
const DOT = 46;

/** Compiles a glob; `null` when the syntax is beyond what is modelled. */
function compile(pattern: string, hidesDots: boolean): Compiled | null {
  const tokens: Token[] = [];
  const chars = [...pattern];
  for (let i = 0; i < chars.length; i++) {
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
      const parsed = parseClass(chars, i);
      if (parsed !== null) {
        tokens.push(parsed.token);
        i = parsed.end;
        continue;
      }
    }
    if ((c === "@" || c === "!" || c === "+") && chars[i + 1] === "(") return null;
    tokens.push({ kind: "char", char: c.codePointAt(0) as number });
  }
  return { tokens, hidesDots };
}

const ANY: [number, number][] = [[0, 0x10ffff]];

/** The index of the `]` of the `X]` that closes a `[X…X]` opened before `from`, or -1. */
function closingOf(chars: readonly string[], from: number, mark: string): number {
  for (let i = from; i + 1 < chars.length; i++) {
    if (chars[i] === mark && chars[i + 1] === "]") return i + 1;
  }
  return -1;
}

function parseClass(chars: readonly string[], open: number): { token: Token; end: number } | null {
  let i = open + 1;
  let negated = false;
  if (chars[i] === "!" || chars[i] === "^") {
    negated = true;
    i++;
  }
  const ranges: [number, number][] = [];
  let first = true;
  // An equivalence class (`[=e=]`) or a collating symbol (`[.e.]`, `[.hyphen.]`), alone or as a
  // range end, is read by bash's matcher (lib/glob/sm_loop.c) by locale rules this model does
  // not follow: such a bracket may match any one character, negated or not.
  let collating = false;
  for (; i < chars.length; i++) {
    const c = chars[i] as string;
    if (c === "]" && !first) {
      if (collating) return { token: { kind: "class", negated: false, ranges: ANY }, end: i };
      return { token: { kind: "class", negated, ranges }, end: i };
    }
    first = false;
    const after = chars[i + 1];
    if (c === "[" && (after === "=" || after === ".")) {
      const close = closingOf(chars, i + 2, after);
      if (close === -1) return null;
      collating = true;
      i = close;
      continue;
    }
    if (c === "-" && chars[i + 1] === "[" && (chars[i + 2] === "=" || chars[i + 2] === ".")) {
      collating = true;
      continue;
    }
    if (c === "[" && chars[i + 1] === ":") {
      // A POSIX class ([:alpha:], …): any character may be in it, so stand for all of them.
      const close = chars.indexOf("]", i + 2);
      if (close === -1) return null;
      ranges.push([0, 0x10ffff]);
      i = close;
      continue;
    }
    let lo = c;
    if (c === "\\") lo = chars[++i] ?? "\\";
    const end = chars[i + 3];
    if (chars[i + 1] === "-" && chars[i + 2] === "[" && (end === "=" || end === ".")) {
      const close = closingOf(chars, i + 4, end);
      if (close === -1) return null;
      collating = true;
      i = close;
      continue;
    }
    let hi = lo;
    if (chars[i + 1] === "-" && chars[i + 2] !== undefined && chars[i + 2] !== "]") {
      i += 2;
      hi = chars[i] as string;
      if (hi === "\\") hi = chars[++i] ?? "\\";
    }
    const a = lo.codePointAt(0) as number;
    const b = hi.codePointAt(0) as number;
    ranges.push(a <= b ? [a, b] : [b, a]);
  }
  return null;
}

function classHas(token: Extract<Token, { kind: "class" }>, char: number): boolean {
  const inside = token.ranges.some(([lo, hi]) => char >= lo && char <= hi);
  return token.negated ? !inside : inside;
}

/** Whether the token at `index` can consume `char` (`atStart`: the char starts a segment). */
function consumes(side: Compiled, index: number, char: number, atStart: boolean): boolean {
  const token = side.tokens[index];
  if (token === undefined) return false;
  if (token.kind === "char") return token.char === char;
  if (token.kind === "globstar") return true;
  if (char === SLASH) return false;
  if (side.hidesDots && atStart && char === DOT) return false;
  if (token.kind === "star" || token.kind === "one") return true;
  return classHas(token, char);
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

/** One character of every class of characters the two sides tell apart. */
function alphabet(a: Compiled, b: Compiled): number[] {
  const bounds = new Set<number>([0, SLASH, SLASH + 1, DOT, DOT + 1, 0x61]);
  for (const side of [a, b]) {
    for (const token of side.tokens) {
      if (token.kind === "char") {
        bounds.add(token.char);
        bounds.add(token.char + 1);
      } else if (token.kind === "class") {
        for (const [lo, hi] of token.ranges) {
          bounds.add(lo);
          bounds.add(hi + 1);
        }
      }
    }
  }
  return [...bounds].filter((c) => c > 0 && c <= 0x10ffff);
}

/** For each position, where it goes after consuming a character ({@link advance}). */
function advances(side: Compiled): number[][] {
  return Array.from({ length: side.tokens.length + 1 }, (_, index) => advance(side, index));
}

function meetCompiled(a: Compiled, b: Compiled): boolean {
  const chars = alphabet(a, b);
  const nextA = advances(a);
  const nextB = advances(b);
  // A state is (position in a, position in b, whether the next char starts a segment),
  // numbered densely so that the search keeps one byte per state and a plain array queue.
  const width = b.tokens.length + 1;
  const seen = new Uint8Array((a.tokens.length + 1) * width * 2);
  const queue: number[] = [];
  const visit = (i: number, j: number, atStart: boolean) => {
    const state = (i * width + j) * 2 + (atStart ? 1 : 0);
    if (seen[state] === 1) return;
    seen[state] = 1;
    queue.push(state);
  };
  for (const i of closure(a, 0)) for (const j of closure(b, 0)) visit(i, j, true);
  for (let head = 0; head < queue.length; head++) {
    // The product grows with both globs: a glob of hundreds of levels met against every rule
    // of a policy is bounded by the call's work budget, not by its shape.
    if ((head & 255) === 255) spendWork(256 * chars.length, "a glob met against a path rule");
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
    // A literal on either side can only consume itself: no need to try every class.
    const candidates =
      tokenA.kind === "char" ? [tokenA.char] : tokenB.kind === "char" ? [tokenB.char] : chars;
    for (const char of candidates) {
      if (!consumes(a, i, char, atStart) || !consumes(b, j, char, atStart)) continue;
      const nextStart = char === SLASH;
      for (const ni of nextA[i] as number[]) {
        for (const nj of nextB[j] as number[]) visit(ni, nj, nextStart);
      }
    }
  }
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
 * (gitignore) glob's do.
 */
export function globsMeet(shellGlob: string, policyGlob: string, dots = false): boolean {
  // A path rule meets the same globs call after call: the answer is a pure function of the
  // two strings, so recent answers are kept.
  const key = `${shellGlob}\u0000${policyGlob}${dots ? "\u0000." : ""}`;
  const known = recentMeets.get(key);
  if (known !== undefined) return known;
  const meets = searchMeet(shellGlob, policyGlob, true, dots);
  recentMeets.set(key, meets);
  if (recentMeets.size > RECENT_MEETS)
    recentMeets.delete(recentMeets.keys().next().value as string);
  return meets;
}

const RECENT_MEETS = 512;
const recentMeets = new Map<string, boolean>();

/** A `.` or `..` segment anywhere in a glob. */
const DOT_SEGMENT = /(^|\/)\.\.?(\/|$)/;

function searchMeet(shellGlob: string, policyGlob: string, shortcut = true, dots = false): boolean {
  // Bash resolves `.` and `..` against the folders on disk, one at a time (`x*/..` is any
  // folder `x*` names, then its parent); the search reads a glob's segments as text, so a glob
  // holding such a segment may meet anything: the answer can only tighten the verdict.
  if (DOT_SEGMENT.test(shellGlob) || DOT_SEGMENT.test(policyGlob)) return true;
  const shell = compile(shellGlob, !dots);
  if (shell === null) return true;
  for (const policy of policySides(policyGlob)) {
    if (policy === null) return true;
    if (shortcut && !literalEndsAgree(shell, policy)) continue;
    if (meetCompiled(shell, policy)) return true;
  }
  return false;
}

/**
 * {@link globsMeet} by the search alone: no remembered answers, no shortcut. The reference the
 * shortcut is held to in tests; not part of the package's API.
 */
export function globsMeetBySearch(shellGlob: string, policyGlob: string): boolean {
  return searchMeet(shellGlob, policyGlob, false);
}

/**
 * The policy side's alternatives, compiled (`null` for one beyond the model). A policy has a
 * few path patterns and every glob of every call meets them, so each is compiled once.
 */
function policySides(policyGlob: string): readonly (Compiled | null)[] {
  let sides = compiledPolicies.get(policyGlob);
  if (sides === undefined) {
    sides = braceExpand(policyGlob).map((alternative) => compile(alternative, false));
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
