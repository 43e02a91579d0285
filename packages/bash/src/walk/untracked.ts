import { STEP, tick } from "../check/deadline.ts";

/**
 * Assignments bash makes without an assignment word the walk follows (attack round 11, corpus
 * fix11i-*): the descriptor number `{NAME}>file` stores in NAME, the default `${NAME:=word}`
 * and `${NAME=word}` store, and every assignment inside arithmetic (`(( IFS = 5 ))`,
 * `$((n++))`, `$[x=1]`, a subscript `a[IFS=5]`, `[[ 1 -eq IFS=5 ]]`, `let`, `${x:IFS=1}`).
 * Each is found in the text with where it stands, so the walk can make the name unknown at
 * that point of the flow (a later plain `IFS=` then decides it again, an earlier one does not
 * survive). An arithmetic name built by an expansion (`${n}IGNORE=1`, `$n=0`) may be any
 * name: PATH, IFS, GLOBIGNORE and the rest.
 *
 * The search over-approximates where arithmetic is evaluated (any `((`, `$[`, `${…}`, a
 * subscript, a `[[ … ]]`, the words after `let`): a name it finds that bash does not assign
 * only costs that name's value. Only text bash never reads as code is left out, as
 * {@link QuotedText} marks it: a `((` in a TypeScript heredoc or a commit message
 * (`setTimeout(() => …)`) opens no arithmetic. A quoted word can still be read as arithmetic
 * as a whole (`let 'x=1'`, `[[ 1 -eq 'x=1' ]]`) or as a name with a subscript
 * (`read 'a[x=1]'`, `declare -n r='a[x=1]'`); those are found from outside the quotes or by
 * their `[`, which quotes do not hide.
 */

/** The name an assignment below stands for when it may be any variable. */
export const ANY_ASSIGNED = "*";

const NO_QUOTING = () => null;

export interface UntrackedAssignment {
  /** Where the assignment is written. */
  readonly at: number;
  /** The variable assigned (an array's name for an element), or {@link ANY_ASSIGNED}. */
  readonly name: string;
  /** Whether the name surely holds an integer afterwards (arithmetic, a descriptor number). */
  readonly integer: boolean;
  /**
   * For `${NAME:=word}`: the word when it is plain text (the name then holds it or what it
   * held before), null when it is computed. Absent for the other mechanisms.
   */
  readonly word?: string | null;
}

const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
/** After `${`: a parameter and a `:` that starts an offset (`${x:1}`, `${x: -1}`, `${@:2}`). */
const OFFSET = /(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])(?:\[[^\]]*\])?:(?![-=+?])/y;

/** The blank-separated words of `text` in `[from, to)`, quotes kept whole, as spans. */
function testWords(text: string, from: number, to: number): Array<[number, number]> {
  const words: Array<[number, number]> = [];
  let start = -1;
  for (let i = from; i < to; i++) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      if (start !== -1) words.push([start, i]);
      start = -1;
      continue;
    }
    if (start === -1) start = i;
    if (c === "\\") i++;
    else if (c === "'" || c === '"') {
      const close = text.indexOf(c, i + 1);
      i = close === -1 || close >= to ? to - 1 : close;
    }
  }
  if (start !== -1) words.push([start, to]);
  return words;
}

/** Where each bracket of the text is matched: `(`, `[`, `{` to their closer and back. */
function matchBrackets(text: string): Map<number, number> {
  const pairs = new Map<number, number>();
  const stacks: Record<string, number[]> = { "(": [], "[": [], "{": [] };
  const opener: Record<string, string> = { ")": "(", "]": "[", "}": "{" };
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "\\") i++;
    else if (c === "(" || c === "[" || c === "{") (stacks[c] as number[]).push(i);
    else if (c === ")" || c === "]" || c === "}") {
      const open = (stacks[opener[c] as string] as number[]).pop();
      if (open !== undefined) {
        pairs.set(open, i);
        pairs.set(i, open);
      }
    }
  }
  return pairs;
}

/**
 * What kind of quoted text each character of the string stands in, as the grammar read it
 * (an array as long as the text): {@link IN_DOUBLE} for the literal text of a `"…"` (a `$((`
 * there is arithmetic, a bare `((` or `[[` is not), {@link IN_SINGLE} for a `'…'` or `$'…'`
 * (nothing opens arithmetic there; a subscript of a word used as a name still counts),
 * {@link IN_LITERAL_BODY} for the body of a heredoc with a quoted delimiter (bash reads none of
 * it), 0 elsewhere. Text that reaches `eval`, `bash -c`, a trap or a later `$((x))` is read
 * again from its own value where it runs; this marks only where the string itself is read.
 */
export type QuotedText = Uint8Array;
export const IN_DOUBLE = 1;
export const IN_SINGLE = 2;
export const IN_LITERAL_BODY = 3;

/** How quoted text must be for an opener of each kind to open nothing there. */
const BARE_OPENER = IN_DOUBLE;
const DOLLAR_OPENER = IN_SINGLE;
const SUBSCRIPT_OPENER = IN_LITERAL_BODY;

interface Spans {
  /** Per character: inside text bash may evaluate as arithmetic. */
  readonly arithmetic: Uint8Array;
  readonly pairs: Map<number, number>;
}

/**
 * Where in the text bash may evaluate arithmetic; linear in the text's length. `quoted` (asked
 * for at the first opener, see {@link QuotedText}): an opener standing in quoted text of at
 * least its kind opens nothing.
 */
function arithmeticSpans(text: string, quoted: () => QuotedText | null): Spans {
  const pairs = matchBrackets(text);
  const n = text.length;
  const arithmetic = new Int32Array(n + 1);
  const mark = (into: Int32Array, from: number, to: number) => {
    if (from >= to) return;
    (into[from] as number)++;
    (into[Math.min(to, n)] as number)--;
  };
  const closing = (open: number) => pairs.get(open) ?? n;
  let testUntil = -1;
  let letUntil = -1;
  /** Whether the text at `at` is quoted at least as `level` says (an opener there is text). */
  const quotedAt = (at: number, level: number) => (quoted()?.[at] ?? 0) >= level;
  for (let i = 0; i < n; i++) {
    const c = text[i];
    const next = text[i + 1];
    if (c === "\\") {
      i++;
    } else if (c === "(" && next === "(") {
      const dollar = text[i - 1] === "$";
      if (!quotedAt(dollar ? i - 1 : i, dollar ? DOLLAR_OPENER : BARE_OPENER))
        mark(arithmetic, i + 2, closing(i));
    } else if (c === "$" && next === "[") {
      if (!quotedAt(i, DOLLAR_OPENER)) mark(arithmetic, i + 2, closing(i + 1));
    } else if (c === "$" && next === "{") {
      if (quotedAt(i, DOLLAR_OPENER)) continue;
      // `${x:off:len}`, `${@:off}`: the offset and the length (a subscript and a `$((…))`
      // in the braces are found on their own; a default's text is no arithmetic).
      OFFSET.lastIndex = i + 2;
      if (OFFSET.test(text)) mark(arithmetic, OFFSET.lastIndex, closing(i + 1));
    } else if (c === "[" && next === "[" && (i === 0 || /[\s;&|(!{]/.test(text[i - 1] as string))) {
      if (i >= testUntil && !quotedAt(i, BARE_OPENER)) {
        const end = text.indexOf("]]", i + 2);
        testUntil = end === -1 ? n : end;
        // The operands of `-eq`, `-lt`, … are arithmetic, quoted or not; `==`, `=~` compare.
        const words = testWords(text, i + 2, testUntil);
        words.forEach(([start, stop], k) => {
          if (!/^-(?:eq|ne|lt|le|gt|ge)$/.test(text.slice(start, stop))) return;
          for (const side of [words[k - 1], words[k + 1]])
            if (side) mark(arithmetic, side[0], side[1]);
        });
      }
      i++;
    } else if (c === "[" && i > 0 && /[A-Za-z0-9_}'"]/.test(text[i - 1] as string)) {
      // A subscript (`a[i++]=1`, `read 'a[x=1]'`); a glob class after a letter costs little.
      if (!quotedAt(i, SUBSCRIPT_OPENER)) mark(arithmetic, i + 1, closing(i));
    } else if (
      c === "[" &&
      (i === 0 || /[\s(]/.test(text[i - 1] as string)) &&
      /^\+?=/.test(text.slice(closing(i) + 1, closing(i) + 3))
    ) {
      // An element of a compound assignment (`a=( [IFS=5]=2 )`, `declare -a b=(x [i++]=1)`):
      // an indexed array's subscript is arithmetic.
      if (!quotedAt(i, SUBSCRIPT_OPENER)) mark(arithmetic, i + 1, closing(i));
    } else if (
      c === "l" &&
      i >= letUntil &&
      text.startsWith("let", i) &&
      (i === 0 || /[\s;&|({`]/.test(text[i - 1] as string)) &&
      /[\s"'\\]/.test(text[i + 3] ?? "") &&
      !quotedAt(i, BARE_OPENER)
    ) {
      letUntil = commandEnd(text, i + 3);
      mark(arithmetic, i + 3, letUntil);
    }
  }
  const flags = (counts: Int32Array) => {
    const out = new Uint8Array(n);
    let depth = 0;
    for (let i = 0; i < n; i++) {
      depth += counts[i] as number;
      out[i] = depth > 0 ? 1 : 0;
    }
    return out;
  };
  return { arithmetic: flags(arithmetic), pairs };
}

/** Where the simple command that goes on at `from` ends, quotes skipped. */
function commandEnd(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "'") {
      const end = text.indexOf("'", i + 1);
      if (end === -1) return text.length;
      i = end;
    } else if (c === '"') {
      for (i++; i < text.length && text[i] !== '"'; i++) if (text[i] === "\\") i++;
    } else if (c === ";" || c === "&" || c === "|" || c === "\n" || c === ")") return i;
  }
  return text.length;
}

/**
 * The variable an arithmetic assignment whose operator starts at `op` stores into: its name,
 * {@link ANY_ASSIGNED} when an expansion or a quote builds the name, or null when the left
 * side is no name (`5=1`, a comparison).
 */
function assignedBefore(
  text: string,
  op: number,
  pairs: ReadonlyMap<number, number>,
): Assigned | null {
  let i = op - 1;
  while (i >= 0 && /\s/.test(text[i] as string)) i--;
  const element = text[i] === "]";
  if (element) {
    // An element: the subscript is skipped (any assignment in it is found on its own).
    const open = pairs.get(i);
    if (open === undefined) return { name: ANY_ASSIGNED, element };
    i = open - 1;
    while (i >= 0 && /\s/.test(text[i] as string)) i--;
  }
  if (i < 0) return null;
  const any = { name: ANY_ASSIGNED, element };
  const last = text[i] as string;
  if (/[}`)"'\\]/.test(last)) return any;
  if (!/[A-Za-z0-9_]/.test(last)) return null;
  let start = i;
  while (start > 0 && /[A-Za-z0-9_]/.test(text[start - 1] as string)) start--;
  const name = text.slice(start, i + 1);
  if (/^[0-9]/.test(name)) return /[$}`)"'\\]/.test(text[start - 1] ?? "") ? any : null;
  // `$n=0`, `${n}X=0`, `"I"FS=0`: the name is what the expansion or the quotes make of it.
  if (start > 0 && /[$}`)"'\\]/.test(text[start - 1] as string)) return any;
  return { name, element };
}

interface Assigned {
  readonly name: string;
  /** An element of the array is assigned, not its first value. */
  readonly element: boolean;
}

/** The name an increment or decrement operator written at `at` (two characters) applies to. */
function incremented(
  text: string,
  at: number,
  pairs: ReadonlyMap<number, number>,
): Assigned | null {
  const before = assignedBefore(text, at, pairs);
  if (before !== null) return before;
  // A prefix operator: the name after it.
  let i = at + 2;
  while (i < text.length && /\s/.test(text[i] as string)) i++;
  const c = text[i] ?? "";
  if (/[$`"'\\]/.test(c)) return { name: ANY_ASSIGNED, element: false };
  NAME.lastIndex = i;
  const name = NAME.exec(text)?.[0] ?? null;
  if (name === null) return null;
  const after = text[i + name.length] ?? "";
  return { name: /[$`"'\\{]/.test(after) ? ANY_ASSIGNED : name, element: after === "[" };
}

/**
 * Every assignment of `text` the walk does not see as an assignment word, in text order.
 * `plainAssignments`: where the `=` of each assignment word the walk follows stands (the
 * walk assigns those itself, in order); given as a function, it is asked only when an `=`
 * stands in arithmetic (most strings hold none, and the set costs a pass over the tree).
 * `quoted`: the text's quoting ({@link QuotedText}), asked for when a place that may assign
 * is found; without it every character counts as unquoted.
 */
export function untrackedAssignments(
  text: string,
  plainAssignments: ReadonlySet<number> | (() => ReadonlySet<number>),
  quoted: () => QuotedText | null = NO_QUOTING,
): UntrackedAssignment[] {
  const out: UntrackedAssignment[] = [];
  const mayHold =
    text.includes("{") || text.includes("[") || text.includes("((") || /\blet\b/.test(text);
  if (!mayHold) return out;
  let kinds: QuotedText | null | undefined;
  const quotedOnce = () => {
    if (kinds === undefined) kinds = quoted();
    return kinds;
  };
  const quotedAt = (at: number, level: number) => (quotedOnce()?.[at] ?? 0) >= level;
  // `{NAME}>file`, `{NAME[i]}<&0`, `{NAME}>&-`: bash stores the descriptor number in NAME.
  for (const match of text.matchAll(/\{([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?\}(?=[<>])/g)) {
    if (quotedAt(match.index, BARE_OPENER)) continue;
    out.push({ at: match.index, name: match[1] as string, integer: match[2] === undefined });
  }
  // `${NAME:=word}`, `${NAME=word}`, `${a[i]:=word}`; `${!n:=word}` assigns the name n holds.
  for (const match of text.matchAll(
    /\$\{(!?)([A-Za-z_][A-Za-z0-9_]*)(\[[^\]]*\])?:?=([^}$`'"\\]{0,256})(\}?)/g,
  )) {
    if (quotedAt(match.index, DOLLAR_OPENER)) continue;
    const name = match[1] === "!" ? ANY_ASSIGNED : (match[2] as string);
    const plain = match[3] === undefined && match[5] === "}";
    out.push({ at: match.index, name, integer: false, word: plain ? (match[4] as string) : null });
  }
  if (!/[=+-]/.test(text)) return out.sort((a, b) => a.at - b.at);
  const spans = arithmeticSpans(text, quotedOnce);
  for (const match of text.matchAll(/(<<|>>|[-+*/%&^|])?=(?!=)|\+\+|--/g)) {
    const at = match.index;
    if (spans.arithmetic[at] !== 1) continue;
    tick(STEP.expression);
    const op = match[0];
    let assigned: Assigned | null;
    if (op === "++" || op === "--") {
      assigned = incremented(text, at, spans.pairs);
    } else {
      const before = text[at - 1] ?? "";
      // `<=`, `>=`, `!=` and `==` compare; `<<=` and `>>=` assign.
      if (match[1] === undefined && /[<>!=]/.test(before)) continue;
      if (typeof plainAssignments === "function") plainAssignments = plainAssignments();
      if (plainAssignments.has(at + op.length - 1)) continue;
      assigned = assignedBefore(text, at, spans.pairs);
    }
    if (assigned !== null) out.push({ at, name: assigned.name, integer: !assigned.element });
  }
  return out.sort((a, b) => a.at - b.at);
}

const NO_POSITIONS: ReadonlySet<number> = new Set();

/**
 * Whether `text`, evaluated as arithmetic (a value reaching `$((x))`, one assigned to an
 * integer variable), assigns a variable: `x='IFS=5'; echo $((x))` sets IFS.
 */
export function assignsInArithmetic(text: string): boolean {
  return /[=+-]/.test(text) && untrackedAssignments(`((${text}))`, NO_POSITIONS).length > 0;
}
