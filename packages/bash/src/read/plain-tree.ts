import type { TokenCommand } from "../check/crosscheck.ts";
import { STEP, tick } from "../check/deadline.ts";
import type { LogicalLine, ScannedSource } from "./source.ts";
import { SyntaxNode } from "./syntax-tree.ts";
import { wordFromText } from "./words.ts";

/**
 * The fast path for plain commands: the tree tree-sitter-bash would build, built without it.
 *
 * Most commands an agent sends are a few literal words, sometimes joined by `&&`, `||`, `;`,
 * `&` or `|`, with a simple redirect or a comment at the end (`git status -s`,
 * `npm test && git push origin main`, `git diff > /tmp/x.patch`). For those the grammar's
 * parse and the copy of its tree out of wasm are more than a third of the analysis. A text
 * qualifies only when it is lines of words from a conservative set (letters, digits,
 * `_ . / : , @ + = - ~ %`, `*` and `?` in a word without quotes (`rm -f *.log`), and quoted
 * strings with nothing bash expands inside), `$NAME` and `${NAME}` in arguments, bare or in
 * `"…"` (`cat "$PWD/a.ts"`, `echo $HOME`), brackets and braces that close inside an argument
 * (`ls src/{a,b}.ts`, `cat .en[v]`, find's `{}`), find's `\;` standing alone, leading
 * `NAME=value` assignments of such words (`NODE_ENV=test npm test`), those operators,
 * trailing `>`/`>>`/`<`/`&>`/`N>&M` redirects to plain words, and comments at the ends of
 * lines, and statements of such assignments alone (`f=src/a.ts; cat "$f"`); a newline ends a
 * statement as `;` does (`set -e⏎npm run build⏎npm test`): no other `$`, no backtick, no
 * other backslash, no bracket or brace in a name or an assignment or left open in its word,
 * no keyword, no redirect of assignments alone, no statement going on past a newline.
 * Anything else, and
 * every shape the grammar reads in its own way (see the comments below), returns null and is
 * parsed by the grammar.
 *
 * Only the parse is skipped: the walk, the tree inspection and the token cross-check run on
 * this tree exactly as they run on the grammar's, so the analysis is the same by construction
 * once the tree is. `test/plain-tree.test.ts` proves it over generated commands: the tree
 * equals the copy of tree-sitter-bash's node by node, the token reading equals the cross-check's,
 * and the analysis equals the full one.
 */

/** Longest text the fast path takes (a longer one is never an everyday command). */
const MAX_PLAIN = 1024;

/**
 * Words tree-sitter-bash reads as keywords, declarations or `in`, and the words bash treats as
 * reserved: any of them anywhere sends the text to the grammar.
 */
export const RESERVED: ReadonlySet<string> = new Set([
  "case",
  "coproc",
  "declare",
  "do",
  "done",
  "elif",
  "else",
  "esac",
  "export",
  "fi",
  "for",
  "function",
  "if",
  "in",
  "local",
  "readonly",
  "select",
  "then",
  "time",
  "typeset",
  "unset",
  "unsetenv",
  "until",
  "while",
]);

/**
 * Character classes, by char code: 1 word character, 2 blank, 3 glob character (`*`, `?`:
 * tree-sitter-bash reads a bare word holding them as a plain `word`; the walk sees the glob
 * in its text), 0 anything else.
 */
const CLASS = new Uint8Array(128);
for (const ch of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:,@+=-~%")
  CLASS[ch.charCodeAt(0)] = 1;
CLASS[" ".charCodeAt(0)] = 2;
CLASS["\t".charCodeAt(0)] = 2;
CLASS["*".charCodeAt(0)] = 3;
CLASS["?".charCodeAt(0)] = 3;

/** The characters a command name may have on the fast path. */
const NAME = /^[A-Za-z0-9_./][A-Za-z0-9_./-]*$/;

/** A redirect: optional one-digit descriptor, operator, and its plain target. */
interface Redirect {
  kind: "redirect";
  /** Where the descriptor starts, or -1. */
  descriptor: number;
  op: string;
  at: number;
  target: { start: number; end: number };
}

/** One part of a quoted word: a bare run, a `'…'` or a `"…"`. */
interface Piece {
  type: "word" | "raw_string" | "string" | "simple_expansion" | "expansion";
  start: number;
  end: number;
  /** A `"…"`'s `$NAME` and `${NAME}` parts, in order. */
  inner?: Piece[];
  /** A `[`, `]`, `{` or `}` of a bare word: tree-sitter-bash makes each a word of its own. */
  bracket?: true;
}

interface WordToken {
  kind: "word";
  start: number;
  end: number;
  /** The parts of a word with quotes; null for a bare word. */
  pieces: Piece[] | null;
  /** Whether the (bare) word holds `*` or `?`. */
  glob: boolean;
  /**
   * The token pass reads this word in its own way: `\;` (it removes the backslash), a word
   * with `[…]` or `{…}` (a pattern or a brace expansion to it).
   */
  escaped?: true;
}

type Token =
  | WordToken
  | { kind: "op"; op: string; at: number }
  | Redirect
  | { kind: "comment"; start: number; end: number };

/**
 * The tree tree-sitter-bash 0.25.1 builds for a plain command line, or null when the text is
 * not plain (then the grammar must read it).
 */
export function plainTree(text: string): SyntaxNode | null {
  const tokens = plainTokens(text);
  return tokens === null ? null : treeOf(tokens, text);
}

/** What the fast path hands the analysis for a plain line: everything the grammar's path reads. */
export interface PlainParse {
  /** The tree tree-sitter-bash would build. */
  root: SyntaxNode;
  /** What `scanSource` gives for the line. */
  scanned: ScannedSource;
  /**
   * The keys of the commands the token cross-check reads (`tokenCommands(…).map(c => c.key)`),
   * or null when it must read the line: most lines are confirmed by the keys alone, without
   * building the commands' words.
   */
  keys: string[] | null;
  /** What the token cross-check reads (`tokenCommands`), or null when it must read the line. */
  commands(): TokenCommand[] | null;
}

/** The fast path in one pass over the line, or null when the grammar must read it. */
export function plainParse(text: string): PlainParse | null {
  const tokens = plainTokens(text);
  if (tokens === null) return null;
  const root = treeOf(tokens, text);
  if (root === null) return null;
  return {
    root,
    scanned: scannedOf(tokens, text),
    keys: keysOf(tokens, text),
    commands: () => commandsOf(tokens, text),
  };
}

/**
 * What `scanSource` gives for plain lines: no continuation to cut, one logical line for each
 * line that holds more than blanks before its comment, its token text stopping at the comment.
 */
function scannedOf(tokens: readonly Token[], text: string): ScannedSource {
  const lines: LogicalLine[] = [];
  let start = 0;
  let comment = -1;
  for (const token of tokens) {
    if (token.kind === "comment") comment = token.start;
    else if (token.kind === "op" && token.op === "\n") {
      pushLine(lines, text, start, token.at, comment);
      start = token.at + 1;
      comment = -1;
    }
  }
  pushLine(lines, text, start, text.length, comment);
  return { source: { original: text, text, cuts: [] }, lines, heredocs: [], arithmeticHashes: [] };
}

/** A logical line `[start, end)` whose tokens stop at `comment` (-1: none), unless blank. */
function pushLine(
  lines: LogicalLine[],
  text: string,
  start: number,
  end: number,
  comment: number,
): void {
  const tokens = text.slice(start, comment === -1 ? end : comment);
  if (tokens.trim() !== "") lines.push({ start, end, tokens });
}

function treeOf(tokens: readonly Token[], text: string): SyntaxNode | null {
  // program := (statement ((";" | "&") | newline) | comment)*, children in text order
  // statement := commands joined by && and ||, or one pipeline
  // A newline ends a statement as `;` does but leaves no leaf; a comment runs to the end of
  // its line and ends the statement before it.
  const items: (Token[] | { kind: "comment"; start: number; end: number })[] = [];
  /** The `;` or `&` after each item, or null (parallel to `items`). */
  const terminators: ({ op: string; at: number } | null)[] = [];
  let statements = 0;
  let current: Token[] = [];
  for (const token of tokens) {
    if (token.kind === "comment") {
      // A comment only after a whole statement (`a && # x` goes on on the next line).
      const last = current[current.length - 1];
      if (last !== undefined && last.kind === "op") return null;
      if (endsInAssignments(current, text)) return null;
      if (current.length > 0) {
        items.push(current);
        terminators.push(null);
        statements++;
      }
      current = [];
      items.push(token);
      terminators.push(null);
    } else if (token.kind === "op" && token.op === "\n") {
      if (current.length === 0) continue;
      // `a &&⏎b`, `a |⏎b`: the statement goes on past the newline; the grammar reads those.
      const last = current[current.length - 1];
      if (last !== undefined && last.kind === "op") return null;
      if (endsInAssignments(current, text)) return null;
      items.push(current);
      terminators.push(null);
      statements++;
      current = [];
    } else if (token.kind === "op" && (token.op === ";" || token.op === "&")) {
      if (current.length === 0) return null;
      items.push(current);
      terminators.push(token);
      statements++;
      current = [];
    } else current.push(token);
  }
  if (current.length > 0) {
    items.push(current);
    terminators.push(null);
    statements++;
  }
  const first = tokens[0];
  // The program starts at its first word or comment; a line of comments alone is the grammar's.
  if (first === undefined || (first.kind !== "word" && first.kind !== "comment")) return null;
  if (statements === 0) return null;
  tick(STEP.input * text.length);
  const root = new SyntaxNode("program", first.start, text.length, true, false, null, text);
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as (typeof items)[number];
    if (!Array.isArray(item)) {
      root.adopt(new SyntaxNode("comment", item.start, item.end, true, false, null, text), null);
      continue;
    }
    if (!statement(root, item, text)) return null;
    const terminator = terminators[i];
    if (terminator) leaf(root, terminator.op, terminator.at, terminator.at + 1, text);
  }
  return root;
}

/**
 * Whether the statement's last command is two or more assignments alone: tree-sitter-bash
 * joins what follows a newline or a comment after them to that command (`X=1 Y=2⏎git`).
 */
function endsInAssignments(statement: readonly Token[], text: string): boolean {
  let from = statement.length;
  while (from > 0 && statement[from - 1]?.kind !== "op") from--;
  if (statement.length - from < 2) return false;
  for (let k = from; k < statement.length; k++) {
    const token = statement[k] as Token;
    if (token.kind !== "word" || assignmentOf(token, text) === undefined) return false;
  }
  return true;
}

/**
 * What the token cross-check's reading (`tokenCommands`) finds on a plain line without quotes,
 * read off the same tokens: each simple command's words, redirects and their targets left out,
 * as shell-quote leaves out a digit word before a redirect (`a 2 > f`). Only for a line
 * `plainTree` took; null when a quoted part holds more than plain characters (then the token
 * pass reads the line).
 * `test/plain-tree.test.ts` holds it equal to `tokenCommands` over generated lines.
 */
export function plainTokenCommands(text: string): TokenCommand[] | null {
  const tokens = plainTokens(text);
  return tokens === null ? null : commandsOf(tokens, text);
}

function commandsOf(tokens: readonly Token[], text: string): TokenCommand[] | null {
  const commands: TokenCommand[] = [];
  let current: TokenCommand | null = null;
  const read = readCommands(tokens, text, (value, first, line) => {
    const word = wordFromText(value, { computed: false, tilde: value.startsWith("~") });
    if (first) {
      current = { line, key: value, words: [word], context: null };
      commands.push(current);
    } else current?.words.push(word);
  });
  return read ? commands : null;
}

/**
 * The first word of each command the token pass reads: the keys, without the other words.
 * Only a command's first word decides its key: a later word may hold a glob or any quoted
 * text the fast path takes (shell-quote splits the line at the same operators around it).
 */
function keysOf(tokens: readonly Token[], text: string): string[] | null {
  const keys: string[] = [];
  const read = readCommands(
    tokens,
    text,
    (value, first) => {
      if (first) keys.push(value);
    },
    true,
  );
  return read ? keys : null;
}

/**
 * Hands each word the token pass reads on a plain line to `take`, with whether it starts a
 * command; false when the token pass must read the line itself. With `firstOnly`, only the
 * words that start a command are read.
 */
function readCommands(
  tokens: readonly Token[],
  text: string,
  take: (value: string, first: boolean, line: number) => void,
  firstOnly = false,
): boolean {
  let inCommand = false;
  // The index of the logical line (scannedOf): lines of blanks and comments alone are none.
  let line = 0;
  let lineUsed = false;
  for (let k = 0; k < tokens.length; k++) {
    const token = tokens[k] as Token;
    if (token.kind === "op") {
      inCommand = false;
      if (token.op === "\n" && lineUsed) {
        line++;
        lineUsed = false;
      }
      continue;
    }
    if (token.kind === "comment") continue;
    lineUsed = true;
    if (token.kind === "redirect") {
      // The descriptor was taken into the redirect; shell-quote splits it off and skips it.
      continue;
    }
    if (firstOnly && inCommand) continue;
    // shell-quote reads a glob as an operator object, not a word, and removes a backslash: the
    // token pass reads the line.
    if (token.glob || token.escaped) return false;
    const value =
      token.pieces === null ? text.slice(token.start, token.end) : unquoted(token.pieces, text);
    if (value === null) return false;
    // shell-quote skips a digit word right before a redirect operator (its descriptor); with
    // a descriptor (`10 2>f`) the word before the operator is the descriptor, not this one.
    const next = tokens[k + 1];
    if (inCommand && isDigits(value) && next?.kind === "redirect" && next.descriptor === -1)
      continue;
    // A leading assignment is not a command word to the token pass: it reads the line itself.
    if (
      !inCommand &&
      hasEquals(text, token.start, token.end) &&
      ASSIGNED_NAME.test(text.slice(token.start, token.end))
    )
      return false;
    take(value, !inCommand, line);
    inCommand = true;
  }
  return true;
}

/**
 * Characters a quoted part may hold for the fast token reading (letters, digits, blanks, …);
 * not `=`: after quote removal `'a='` is an assignment to the token pass.
 */
const QUOTED_PLAIN = /^[A-Za-z0-9_./:,@+ \t-]+$/;

/**
 * A quoted word after quote removal, as shell-quote reads it, or null when a quoted part is
 * empty or holds anything beyond letters, digits, blanks and `_ . / : , @ + -` (then the
 * token pass reads the line itself).
 */
function unquoted(pieces: readonly Piece[], text: string): string | null {
  let value = "";
  for (const piece of pieces) {
    if (piece.type === "word") {
      value += text.slice(piece.start, piece.end);
      continue;
    }
    // The token pass reads an expansion as a computed word of its own making.
    if (expands(piece)) return null;
    const inner = text.slice(piece.start + 1, piece.end - 1);
    if (!QUOTED_PLAIN.test(inner)) return null;
    value += inner;
  }
  return value;
}

function isDigits(word: string): boolean {
  if (word.length === 0) return false;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c < 48 || c > 57) return false;
  }
  return true;
}

/** Splits a plain line into words and operators, or null when it is not plain. */
function plainTokens(text: string): Token[] | null {
  if (text.length === 0 || text.length > MAX_PLAIN) return null;
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const code = text.charCodeAt(i);
    const kind = code < 128 ? (CLASS[code] as number) : 0;
    if (kind === 2) {
      i++;
      continue;
    }
    const ch = text[i];
    if (
      kind === 1 ||
      kind === 3 ||
      ch === "'" ||
      ch === '"' ||
      ch === "$" ||
      ch === "[" ||
      ch === "]" ||
      ch === "{" ||
      ch === "}"
    ) {
      const word = plainWord(text, i);
      if (word === null) return null;
      tokens.push(word);
      i = word.end;
      continue;
    }
    const next = text[i + 1];
    if (ch === "\\" && next === ";") {
      // find's `\;` between blanks (`find . -exec cat {} \;`): a word to tree-sitter-bash.
      // Glued to anything, the grammar reads it.
      const before = text[i - 1];
      const after = text[i + 2];
      if (before !== " " && before !== "\t") return null;
      if (after !== undefined && after !== " " && after !== "\t" && after !== "\n") return null;
      tokens.push({ kind: "word", start: i, end: i + 2, pieces: null, glob: false, escaped: true });
      i += 2;
      continue;
    }
    if (ch === ">" || ch === "<" || (ch === "&" && next === ">")) {
      const redirect = plainRedirect(text, i, tokens);
      if (redirect === null) return null;
      tokens.push(redirect);
      i = redirect.target.end;
      continue;
    }
    if (ch === "&" && next === "&") {
      tokens.push({ kind: "op", op: "&&", at: i });
      i += 2;
    } else if (ch === "|" && next === "|") {
      tokens.push({ kind: "op", op: "||", at: i });
      i += 2;
    } else if (ch === "|" && next !== "&") {
      tokens.push({ kind: "op", op: "|", at: i });
      i++;
    } else if (ch === ";" && next !== ";" && next !== "&") {
      tokens.push({ kind: "op", op: ";", at: i });
      i++;
    } else if (ch === "&" && next !== "|") {
      tokens.push({ kind: "op", op: "&", at: i });
      i++;
    } else if (ch === "\n") {
      tokens.push({ kind: "op", op: "\n", at: i });
      i++;
    } else if (
      ch === "#" &&
      (i === 0 || text[i - 1] === " " || text[i - 1] === "\t" || text[i - 1] === "\n")
    ) {
      // A comment runs to the end of its line: printable ASCII and tabs only.
      let j = i + 1;
      for (; j < text.length && text[j] !== "\n"; j++) {
        const c = text.charCodeAt(j);
        if ((c < 32 && c !== 9) || c > 126) return null;
      }
      tokens.push({ kind: "comment", start: i, end: j });
      i = j;
    } else return null;
  }
  return tokens;
}

/**
 * A word at `i`: bare runs and quoted strings with nothing bash expands inside. A `'…'` holds
 * printable ASCII and tabs; a `"…"` the same without `$`, `` ` `` and `\\`. `*` and `?` only in
 * a word without quotes. Null when a quote is not closed on the line or holds anything else.
 */
function plainWord(text: string, i: number): WordToken | null {
  const start = i;
  let pieces: Piece[] | null = null;
  let glob = false;
  let bracketed = false;
  let bare = -1;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    const kind = c < 128 ? CLASS[c] : 0;
    if (kind === 1 || kind === 3) {
      if (kind === 3) glob = true;
      if (bare === -1) bare = i;
      i++;
      continue;
    }
    if (c === 91 || c === 93 || c === 123 || c === 125) {
      // `.en[v]`, `src/{a,b}.ts`: each bracket is a word of its own in a concatenation.
      pieces ??= [];
      if (bare !== -1) pieces.push({ type: "word", start: bare, end: i });
      bare = -1;
      pieces.push({ type: "word", start: i, end: i + 1, bracket: true });
      bracketed = true;
      i++;
      continue;
    }
    if (c === 36) {
      // `$NAME` or `${NAME}`: a part of its own, as a quote is.
      const end = expansionEnd(text, i);
      if (end === -1) return null;
      pieces ??= [];
      if (bare !== -1) pieces.push({ type: "word", start: bare, end: i });
      bare = -1;
      pieces.push({ type: text[i + 1] === "{" ? "expansion" : "simple_expansion", start: i, end });
      i = end;
      continue;
    }
    if (c !== 39 && c !== 34) break;
    // A quote: what came before it is a bare piece of a concatenation.
    pieces ??= [];
    if (bare !== -1) pieces.push({ type: "word", start: bare, end: i });
    bare = -1;
    const from = i;
    let inner: Piece[] | undefined;
    i++;
    for (;;) {
      const q = text.charCodeAt(i);
      if (Number.isNaN(q)) return null;
      if (q === c) break;
      if ((q < 32 && q !== 9) || q > 126) return null;
      if (c === 34 && q === 36) {
        const end = expansionEnd(text, i);
        // `"$a[0]"`: a subscript the grammar may read in its own way.
        if (end === -1 || text[end] === "[") return null;
        inner ??= [];
        inner.push({ type: text[i + 1] === "{" ? "expansion" : "simple_expansion", start: i, end });
        i = end;
        continue;
      }
      if (c === 34 && (q === 96 || q === 92)) return null;
      i++;
    }
    i++;
    // The grammar reads `" "` as a quote and a two-character closing quote: to the grammar.
    if (c === 34 && i - from > 2 && text.slice(from + 1, i - 1).trim() === "") return null;
    // Blanks alone between an expansion and a quote or another expansion (`"$a $b"`) go into
    // the grammar's next token, not a string_content: to the grammar.
    if (inner !== undefined && !contentOnly(text, from, i, inner)) return null;
    pieces.push(
      inner === undefined
        ? { type: c === 39 ? "raw_string" : "string", start: from, end: i }
        : { type: "string", start: from, end: i, inner },
    );
  }
  if (bare !== -1) pieces?.push({ type: "word", start: bare, end: i });
  // A glob glued to a quote is left to the grammar.
  if (glob && pieces !== null) return null;
  if (!bracketed) return { kind: "word", start, end: i, pieces, glob };
  // The grammar's lexer reads an unclosed `[` or `{` in its own ways (`[ {` is one word to
  // it): only words whose brackets and braces close in the word are taken.
  if (!balanced(pieces as Piece[], text)) return null;
  return { kind: "word", start, end: i, pieces, glob, escaped: true };
}

/** Whether every `[` and `{` of the word closes after it, and nothing closes unopened. */
function balanced(pieces: readonly Piece[], text: string): boolean {
  let squares = 0;
  let braces = 0;
  for (const piece of pieces) {
    if (piece.bracket !== true) continue;
    const c = text[piece.start];
    if (c === "[") squares++;
    else if (c === "{") braces++;
    else if (c === "]" && --squares < 0) return false;
    else if (c === "}" && --braces < 0) return false;
  }
  return squares === 0 && braces === 0;
}

/**
 * Where `$NAME` or `${NAME}` at `i` ends (a name of a letter and then letters, digits or `_`),
 * or -1 when `$` starts anything else (`$1`, `$?`, `$_`, `${x:-y}`, `$(`).
 */
function expansionEnd(text: string, i: number): number {
  const braced = text[i + 1] === "{";
  let j = braced ? i + 2 : i + 1;
  const first = text.charCodeAt(j);
  if (!((first >= 65 && first <= 90) || (first >= 97 && first <= 122))) return -1;
  j++;
  for (;;) {
    const c = text.charCodeAt(j);
    if ((c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95) j++;
    else break;
  }
  if (!braced) return j;
  return text[j] === "}" ? j + 1 : -1;
}

/** Whether each stretch of a `"…"` between its expansions and quotes is empty or not all blank. */
function contentOnly(text: string, from: number, end: number, inner: readonly Piece[]): boolean {
  let at = from + 1;
  for (const part of inner) {
    if (!contentGap(text, at, part.start)) return false;
    at = part.end;
  }
  return contentGap(text, at, end - 1);
}

function contentGap(text: string, start: number, end: number): boolean {
  if (start === end) return true;
  for (let k = start; k < end; k++) if (text[k] !== " " && text[k] !== "\t") return true;
  return false;
}

/**
 * A redirect at `i`: `>`, `>>`, `<`, `&>` to a plain word, `>&` to a descriptor's digits, each
 * after a blank or after a one-digit descriptor that follows a blank (the digit word is taken
 * back from `tokens`). Anything rarer (`<<`, `<>`, `>|`, `>&-`, `&>>`, `<&`) is null.
 */
function plainRedirect(text: string, i: number, tokens: Token[]): Redirect | null {
  let descriptor = -1;
  const before = text[i - 1];
  const previous = tokens[tokens.length - 1];
  if (before !== " " && before !== "\t") {
    // `2>`: a one-digit word that ends at the operator is the descriptor, not an argument.
    if (previous?.kind !== "word" || previous.end !== i || previous.end - previous.start !== 1)
      return null;
    const digit = text.charCodeAt(previous.start);
    const blank = text[previous.start - 1];
    // `0<x` reads as an argument `0` to the grammar: descriptors 1 to 9 only.
    if (digit < 49 || digit > 57 || (blank !== " " && blank !== "\t") || text[i] === "&")
      return null;
    descriptor = previous.start;
    tokens.pop();
  }
  let op: string;
  const next = text[i + 1];
  const after = text[i + 2];
  if (text[i] === "&") op = "&>";
  else if (text[i] === "<") op = "<";
  else if (next === ">") op = ">>";
  else if (next === "&") op = ">&";
  else op = ">";
  let j = i + op.length;
  const following = text[j];
  if (following === ">" || following === "<" || following === "&" || following === "|") return null;
  if (op === "<" && (next === "(" || after === undefined)) return null;
  while (text[j] === " " || text[j] === "\t") j++;
  const start = j;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c >= 128 || CLASS[c] !== 1) break;
    j++;
  }
  // A glob character after the target would be read as the start of a word: the grammar reads it.
  if (
    j === start ||
    text[j] === "'" ||
    text[j] === '"' ||
    text[j] === "$" ||
    text[j] === "[" ||
    text[j] === "]" ||
    text[j] === "{" ||
    text[j] === "}" ||
    CLASS[text.charCodeAt(j)] === 3
  )
    return null;
  const target = text.slice(start, j);
  // `>&2` duplicates a descriptor; `>&file` and a numeric file name are left to the grammar.
  if (op === ">&" ? !/^[0-9]$/.test(target) : isNumber(target) || target.startsWith("-"))
    return null;
  if (RESERVED.has(target) || target.startsWith("==") || target.startsWith("=~")) return null;
  return { kind: "redirect", descriptor, op, at: i, target: { start, end: j } };
}

/** A statement: commands joined left to right by `&&` and `||`, or one pipeline. */
function statement(parent: SyntaxNode, tokens: Token[], text: string): boolean {
  const pipelines: Token[][] = [];
  const joins: { op: string; at: number }[] = [];
  let current: Token[] = [];
  for (const token of tokens) {
    if (token.kind === "op" && (token.op === "&&" || token.op === "||")) {
      if (current.length === 0) return false;
      pipelines.push(current);
      joins.push(token);
      current = [];
    } else current.push(token);
  }
  if (current.length === 0) return false;
  pipelines.push(current);
  // tree-sitter-bash sometimes nests a list inside a pipeline (`a | b|c && d`) and binds a
  // redirect after an operator to all that comes before it in the statement (`a && b > f`,
  // `a | b 2>&1 | c`), shapes the walk regroups: a statement that mixes `|` with `&&` or `||`,
  // or has a redirect after its first operator, goes to the grammar. A redirect of the first
  // command stays that command's (`a 2>/dev/null | b`, `a > f && b`).
  const joined = pipelines.length > 1;
  const piped = tokens.some((token) => token.kind === "op" && token.op === "|");
  if (joined && piped) return false;
  const firstOp = tokens.findIndex((token) => token.kind === "op");
  if (firstOp !== -1) {
    for (let k = firstOp + 1; k < tokens.length; k++) {
      if (tokens[k]?.kind === "redirect") return false;
    }
  }
  const built: SyntaxNode[] = [];
  for (const pipeline of pipelines) {
    const node = pipelineNode(pipeline, text);
    if (node === null) return false;
    built.push(node);
  }
  let left = built[0] as SyntaxNode;
  for (let i = 0; i < joins.length; i++) {
    const right = built[i + 1] as SyntaxNode;
    const join = joins[i] as { op: string; at: number };
    const list = new SyntaxNode("list", left.startIndex, right.endIndex, true, false, null, text);
    list.adopt(left, null);
    leaf(list, join.op, join.at, join.at + join.op.length, text);
    list.adopt(right, null);
    left = list;
  }
  parent.adopt(left, null);
  return true;
}

/** A pipeline of simple commands, or the one command when there is no `|`. */
function pipelineNode(tokens: Token[], text: string): SyntaxNode | null {
  const commands: SyntaxNode[] = [];
  const pipes: number[] = [];
  let words: Token[] = [];
  for (const token of tokens) {
    if (token.kind === "op") {
      const command = commandNode(words, text);
      if (command === null) return null;
      commands.push(command);
      pipes.push(token.at);
      words = [];
    } else words.push(token);
  }
  const last = commandNode(words, text);
  if (last === null) return null;
  commands.push(last);
  if (commands.length === 1) return last;
  const start = (commands[0] as SyntaxNode).startIndex;
  const pipeline = new SyntaxNode("pipeline", start, last.endIndex, true, false, null, text);
  commands.forEach((command, index) => {
    pipeline.adopt(command, null);
    const pipe = pipes[index];
    if (pipe !== undefined) leaf(pipeline, "|", pipe, pipe + 1, text);
  });
  return pipeline;
}

/** A simple command: a name and its arguments, each a `word` (or a `number` for digits). */
function commandNode(tokens: Token[], text: string): SyntaxNode | null {
  // Redirects only after the last word (`a >> b c` makes `c` a second destination).
  let cut = tokens.length;
  while (cut > 0 && tokens[cut - 1]?.kind === "redirect") cut--;
  // Most commands have no redirect and no assignment: no copies of their tokens for those.
  const all = cut === tokens.length ? tokens : tokens.slice(0, cut);
  const redirects = (cut === tokens.length ? NO_TOKENS : tokens.slice(cut)) as Redirect[];
  // Leading `NAME=value` words are the command's assignments (`NODE_ENV=test npm test`), or
  // the whole statement (`x=1`).
  const assignments: Assignment[] = [];
  for (const token of all) {
    if (token.kind !== "word") break;
    const assignment = assignmentOf(token, text);
    if (assignment === undefined) break;
    if (assignment === null) return null;
    assignments.push(assignment);
  }
  const words = assignments.length === 0 ? all : all.slice(assignments.length);
  if (words.length === 0 && assignments.length > 0 && cut === tokens.length) {
    // A statement of assignments alone (`f=src/a.ts; cat "$f"`): the grammar's
    // variable_assignment, or variable_assignments around several. With a redirect the
    // grammar reads an ERROR.
    const lastAssignment = assignments[assignments.length - 1] as Assignment;
    // `A=|git`, `A=||git`: an empty value glued to a pipe is an ERROR to the grammar.
    if (lastAssignment.value.length === 0 && text[lastAssignment.word.end] === "|") return null;
    tick(STEP.copy * (4 * assignments.length + 1));
    if (assignments.length === 1) return assignmentNode(lastAssignment, text);
    const group = new SyntaxNode(
      "variable_assignments",
      (assignments[0] as Assignment).word.start,
      lastAssignment.word.end,
      true,
      false,
      null,
      text,
    );
    for (const assignment of assignments) group.adopt(assignmentNode(assignment, text), null);
    return group;
  }
  const head = all[0];
  const first = words[0];
  const last = words[words.length - 1];
  if (head?.kind !== "word" || first?.kind !== "word" || last?.kind !== "word") return null;
  for (const word of words) {
    if (word.kind !== "word") return null;
    const value = text.slice(word.start, word.end);
    // The grammar drops a lone `-` before a numbered redirect (`git commit -F - 2>&1`).
    if (value === "-" && redirects.length > 0) return null;
    // `==` and `=~` are test operators to the grammar: an ERROR where they end a command.
    if (value.startsWith("==") || value.startsWith("=~")) return null;
    if (word.pieces === null ? RESERVED.has(value) : !plainPieces(word.pieces, text)) return null;
  }
  // The grammar reads some names otherwise: `X+=1 cmd` is an assignment, `a@b` and `a+:` start
  // an ERROR, `00` is a number, a lone `-` is dropped. A name's bare parts keep to letters,
  // digits and `_ . / -`, and the name does not start with `-`.
  if (text[first.start] === "-") return null;
  if (first.pieces === null) {
    if (!plainName(text.slice(first.start, first.end))) return null;
  } else {
    for (const piece of first.pieces) {
      if (piece.type === "word" && !plainName(text.slice(piece.start, piece.end))) return null;
      // A name only known when it runs (`$EDITOR f`, `"$x"`) is the grammar's.
      if (expands(piece)) return null;
    }
  }
  tick(STEP.copy * (4 * words.length + 4 * assignments.length + 1));
  const command = new SyntaxNode("command", head.start, last.end, true, false, null, text);
  for (const assignment of assignments) command.adopt(assignmentNode(assignment, text), null);
  const nameNode = new SyntaxNode("command_name", first.start, first.end, true, false, null, text);
  command.adopt(nameNode, "name");
  nameNode.adopt(wordNode(first, text), null);
  for (let i = 1; i < words.length; i++) {
    command.adopt(wordNode(words[i] as WordToken, text), "argument");
  }
  const lastRedirect = redirects[redirects.length - 1];
  if (lastRedirect === undefined) return command;
  tick(STEP.copy * 4 * redirects.length);
  const end = lastRedirect.target.end;
  const statement = new SyntaxNode(
    "redirected_statement",
    head.start,
    end,
    true,
    false,
    null,
    text,
  );
  statement.adopt(command, "body");
  for (const redirect of redirects) {
    const start = redirect.descriptor === -1 ? redirect.at : redirect.descriptor;
    const { target } = redirect;
    const node = new SyntaxNode("file_redirect", start, target.end, true, false, null, text);
    if (redirect.descriptor !== -1) {
      const fd = redirect.descriptor;
      node.adopt(
        new SyntaxNode("file_descriptor", fd, fd + 1, true, false, null, text),
        "descriptor",
      );
    }
    leaf(node, redirect.op, redirect.at, redirect.at + redirect.op.length, text);
    const type = redirect.op === ">&" ? "number" : "word";
    node.adopt(
      new SyntaxNode(type, target.start, target.end, true, false, null, text),
      "destination",
    );
    statement.adopt(node, "redirect");
  }
  return statement;
}

const NO_TOKENS: readonly Token[] = Object.freeze([]);

/** Whether a bare part of a command name keeps to the characters the grammar reads as a name. */
function plainName(bare: string): boolean {
  return NAME.test(bare) && !isNumber(bare);
}

/** A leading `NAME=value` word: where its `=` is, and its value's pieces (none when empty). */
interface Assignment {
  word: WordToken;
  equals: number;
  value: Piece[];
}

/** What the token pass may read as an assignment at a command's start. */
const ASSIGNED_NAME = /^[A-Za-z_][A-Za-z0-9_]*=/;
/** The names the fast path reads as assigned: tree-sitter-bash reads `_=x cmd` as a command. */
const ASSIGNMENT_NAME = /^[A-Za-z][A-Za-z0-9_]*=/;

/**
 * The word as an assignment: `undefined` when it is not one (no `NAME=` at its start), null
 * when it is one whose value the grammar may read in its own way (a value starting with `=`,
 * a number glued to a quote).
 */
function assignmentOf(word: WordToken, text: string): Assignment | null | undefined {
  const firstPiece = word.pieces?.[0] ?? {
    type: "word" as const,
    start: word.start,
    end: word.end,
  };
  if (firstPiece.type !== "word" || !hasEquals(text, firstPiece.start, firstPiece.end))
    return undefined;
  const match = ASSIGNMENT_NAME.exec(text.slice(firstPiece.start, firstPiece.end));
  if (match === null) return undefined;
  const equals = word.start + match[0].length - 1;
  const value: Piece[] = [];
  if (firstPiece.end > equals + 1)
    value.push({ type: "word", start: equals + 1, end: firstPiece.end });
  for (const piece of word.pieces?.slice(1) ?? []) value.push(piece);
  if (text[equals + 1] === "=") return null;
  if (value.length > 1 && !plainPieces(value, text)) return null;
  // A value with an expansion (`X=$HOME cmd`) or a bracket (`X=[a]`) is the grammar's.
  if (value.some((piece) => expands(piece) || piece.bracket === true)) return null;
  return { word, equals, value };
}

/** Whether `text[start, end)` holds `=` (most words do not: no slice, no regular expression). */
function hasEquals(text: string, start: number, end: number): boolean {
  for (let i = start; i < end; i++) if (text.charCodeAt(i) === 61) return true;
  return false;
}

/** tree-sitter-bash's `variable_assignment`: the name, `=`, and the value when there is one. */
function assignmentNode(assignment: Assignment, text: string): SyntaxNode {
  const { word, equals, value } = assignment;
  const node = new SyntaxNode("variable_assignment", word.start, word.end, true, false, null, text);
  node.adopt(new SyntaxNode("variable_name", word.start, equals, true, false, null, text), "name");
  leaf(node, "=", equals, equals + 1, text);
  if (value.length === 0) return node;
  let valueNode: SyntaxNode;
  if (value.length === 1) {
    const piece = value[0] as Piece;
    valueNode =
      piece.type === "word"
        ? new SyntaxNode(
            isNumber(text.slice(piece.start, piece.end)) ? "number" : "word",
            piece.start,
            piece.end,
            true,
            false,
            null,
            text,
          )
        : pieceNode(piece, text);
  } else {
    valueNode = new SyntaxNode("concatenation", equals + 1, word.end, true, false, null, text);
    for (const piece of value) valueNode.adopt(pieceNode(piece, text), null);
  }
  node.adopt(valueNode, "value");
  return node;
}

/** Whether a piece is, or holds, a `$NAME` or `${NAME}`. */
function expands(piece: Piece): boolean {
  return (
    piece.type === "simple_expansion" || piece.type === "expansion" || piece.inner !== undefined
  );
}

/** A concatenation's bare parts: no number (`5'x'`), no `=` first (`='x'`). */
function plainPieces(pieces: readonly Piece[], text: string): boolean {
  if (text[pieces[0]?.start ?? 0] === "=") return false;
  for (const piece of pieces) {
    if (piece.type === "word" && pieces.length > 1 && isNumber(text.slice(piece.start, piece.end)))
      return false;
  }
  return true;
}

/** A word's node: `word`/`number`, a quoted string, or a concatenation of its pieces. */
function wordNode(word: WordToken, text: string): SyntaxNode {
  const pieces = word.pieces;
  if (pieces === null) {
    const type = isNumber(text.slice(word.start, word.end)) ? "number" : "word";
    return new SyntaxNode(type, word.start, word.end, true, false, null, text);
  }
  if (pieces.length === 1) return pieceNode(pieces[0] as Piece, text);
  const node = new SyntaxNode("concatenation", word.start, word.end, true, false, null, text);
  for (const piece of pieces) node.adopt(pieceNode(piece, text), null);
  return node;
}

function pieceNode(piece: Piece, text: string): SyntaxNode {
  const node = new SyntaxNode(piece.type, piece.start, piece.end, true, false, null, text);
  if (piece.type === "simple_expansion" || piece.type === "expansion") {
    expansionChildren(node, piece, text);
    return node;
  }
  if (piece.inner !== undefined) {
    // `"a $b c"`: the quotes, the text between the expansions, the expansions.
    leaf(node, '"', piece.start, piece.start + 1, text);
    let at = piece.start + 1;
    for (const part of piece.inner) {
      if (part.start > at) node.adopt(stringContent(at, part.start, text), null);
      node.adopt(pieceNode(part, text), null);
      at = part.end;
    }
    if (piece.end - 1 > at) node.adopt(stringContent(at, piece.end - 1, text), null);
    leaf(node, '"', piece.end - 1, piece.end, text);
    return node;
  }
  if (piece.type === "string") {
    leaf(node, '"', piece.start, piece.start + 1, text);
    if (piece.end - piece.start > 2) {
      node.adopt(
        new SyntaxNode("string_content", piece.start + 1, piece.end - 1, true, false, null, text),
        null,
      );
    }
    leaf(node, '"', piece.end - 1, piece.end, text);
  }
  return node;
}

/** `$` and the name, or `${`, the name and `}`. */
function expansionChildren(node: SyntaxNode, piece: Piece, text: string): void {
  const braced = piece.type === "expansion";
  const nameStart = piece.start + (braced ? 2 : 1);
  const nameEnd = braced ? piece.end - 1 : piece.end;
  leaf(node, braced ? "${" : "$", piece.start, nameStart, text);
  node.adopt(new SyntaxNode("variable_name", nameStart, nameEnd, true, false, null, text), null);
  if (braced) leaf(node, "}", nameEnd, piece.end, text);
}

function stringContent(start: number, end: number, text: string): SyntaxNode {
  return new SyntaxNode("string_content", start, end, true, false, null, text);
}

/** tree-sitter-bash's `number` token, as far as plain characters can spell it. */
const NUMBER = /^-?(0x)?[0-9]+$/;

function isNumber(word: string): boolean {
  return NUMBER.test(word);
}

function leaf(parent: SyntaxNode, type: string, start: number, end: number, text: string): void {
  parent.adopt(new SyntaxNode(type, start, end, false, false, null, text), null);
}
