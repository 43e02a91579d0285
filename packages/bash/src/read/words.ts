import { shellLex as shellParse } from "./shell-lex.ts";
import type { SyntaxNode as Node } from "./syntax-tree.ts";

/**
 * One shell word as bash would see it before expansion, with what can be known statically.
 *
 * `text` is what the analyzer shows and matches: quotes removed, every expansion left as
 * written (`"test:$t"` is `test:$t`). `literal` says whether bash would produce exactly that
 * text: no parameter, command or arithmetic expansion, no unquoted glob or brace expansion.
 * A leading tilde does not make a word computed; path resolution expands it.
 */
export interface Word {
  text: string;
  /** No expansion of any kind (a leading `~` aside). */
  literal: boolean;
  /** Unquoted `*`, `?` or `[…]`: pathname expansion applies. */
  glob: boolean;
  /** Unquoted brace expansion (`{a,b}`, `{1..3}`): one word may become several. */
  brace: boolean;
  /**
   * Whether the word can become several words or none at run time: an unquoted expansion
   * (word splitting), a glob or a brace expansion. `"$X"` is computed but not splittable.
   */
  splittable: boolean;
  /** An unquoted `~` starts the word: tilde expansion applies. */
  tilde: boolean;
  /** The whole word is a process substitution (`<(…)`, `>(…)`): bash passes a `/dev/fd/N` name. */
  processSubstitution: boolean;
  /**
   * The word as a glob pattern (quoted pattern characters escaped), when `glob` is set and
   * pathname expansion is the word's only expansion.
   */
  pattern: string | null;
  /**
   * A word of the form `$HOME…` / `${HOME}…` / `$PWD…` whose remainder is literal: the
   * variable and the literal rest, so that path resolution can substitute the known value.
   */
  leadingVariable: { name: "HOME" | "PWD"; rest: string } | null;
  /** The word as written (after quote removal), when `text` is what expansion made of it. */
  written?: string;
  /**
   * The word stands for this directory or any path below it (find's `{}` written out as
   * `START/**`): its files are the directory and everything below it, dot-files included,
   * whatever bash's glob options would make of the text.
   */
  standsBelow?: Word;
  /** With {@link standsBelow}: the word never stands for that directory itself. */
  strictlyBelow?: true;
  /**
   * The pieces the word is made of, for expansion against what the command string itself
   * assigns (`f=.env; cat $f`). Absent on words built from other words.
   */
  pieces?: readonly Piece[];
  /**
   * Every expansion in the word is a variable the string never assigns: the value is the
   * environment's, which the user gave the shell (see walk/expand.ts `inheritedVariable`).
   */
  inherited?: true;
  /** Start index of the word in the parsed text. */
  start: number;
  /** End index (exclusive) of the word in the parsed text. */
  end: number;
}

/** One quoted, unquoted or expanded stretch of a word. */
export interface Piece {
  kind: "unquoted" | "quoted" | "expansion";
  /** For expansions: inside double quotes, so never split into several words. */
  inQuotes?: boolean;
  /** Text after quote removal (expansions: as written). */
  text: string;
  /** For unquoted pieces: the raw text, backslashes kept, for glob and brace detection. */
  raw?: string;
  /** A plain `$NAME` / `${NAME}` expansion. */
  variable?: string;
  /**
   * `$(pwd)` (or `` `pwd` ``, `$(pwd -L)`): bash's working directory, which the walk knows as
   * it knows `$PWD`'s, but not the variable (`PWD=/etc; pwd` still prints the folder).
   */
  cwd?: true;
  /**
   * `$(dirname WORD)` or `$(basename WORD [SUFFIX])` of one word that is never split (written
   * out, or one double-quoted variable): what they print follows from the word's value.
   */
  pathPart?: { program: "dirname" | "basename"; word: Word; suffix: string | null };
  /**
   * What `$(cat <<'EOF' … EOF)` prints: the body of a here-document whose delimiter is
   * quoted, which bash leaves as written (trailing newlines dropped, as a substitution does).
   */
  literalOutput?: string;
  /**
   * `${NAME%WORD}` and its kin, `${NAME/PAT/REP}`, `${NAME:-WORD}`, `${NAME:+WORD}` with
   * written-out operands (no quote, expansion, backslash or `~`): the value follows from
   * NAME's.
   */
  operator?: { name: string; op: string; pattern: string; replacement: string | null };
}

/**
 * The operator expansions {@link Piece.operator} reads. A replacement's pattern may be empty
 * (`${x/#/.}` puts a dot in front), and `#`/`%` right after the `/` anchor it: they are never
 * its first character.
 */
const TRIM_EXPANSION = /^\$\{([A-Za-z_][A-Za-z0-9_]*)(%%|%|##|#)([^"'`$\\{}~]*)\}$/;
// After `//` a leading `/` belongs to the pattern, and the next `/` ends it: `${x///x}`
// removes every `/x`, `${x///}` every `/` (R33 patsub-slash-pattern, traced).
const REPLACE_EXPANSION =
  /^\$\{([A-Za-z_][A-Za-z0-9_]*)(\/\/(?!\/)|\/#|\/%|\/(?![#%/]))([^"'`$\\{}~/&]*)(?:\/([^"'`$\\{}~/&]*))?\}$/;
const SLASH_REPLACE_EXPANSION =
  /^\$\{([A-Za-z_][A-Za-z0-9_]*)(\/\/)(\/[^"'`$\\{}~/&]*)(?:\/([^"'`$\\{}~/&]*))?\}$/;
const DEFAULT_EXPANSION = /^\$\{([A-Za-z_][A-Za-z0-9_]*)(:-|:\+)([^"'`$\\{}~]*)\}$/;

/** The piece of a `${…}` expansion node: its variable, or the operator it applies. */
function expansionPiece(node: Node, inQuotes: boolean): Piece {
  const piece: Piece = { kind: "expansion", text: node.text };
  if (inQuotes) piece.inQuotes = true;
  const variable = plainVariable(node);
  if (variable !== undefined) {
    piece.variable = variable;
    return piece;
  }
  const match =
    TRIM_EXPANSION.exec(node.text) ??
    REPLACE_EXPANSION.exec(node.text) ??
    SLASH_REPLACE_EXPANSION.exec(node.text) ??
    DEFAULT_EXPANSION.exec(node.text);
  if (match !== null) {
    piece.operator = {
      name: match[1] as string,
      op: match[2] as string,
      pattern: match[3] as string,
      replacement: match[4] ?? null,
    };
  }
  return piece;
}

/** A command substitution that only runs `pwd` (logical, the default). */
const PWD_SUBSTITUTION = /^(?:\$\(\s*pwd(?:\s+-L)?\s*\)|`\s*pwd(?:\s+-L)?\s*`)$/;

/**
 * `$(dirname WORD)`, `$(basename WORD)` and `$(basename WORD SUFFIX)`: WORD written out
 * (no quote, expansion, glob or leading `-`) or one double-quoted `"$NAME"`/`"${NAME}"`;
 * SUFFIX written out.
 */
const PATH_PART_SUBSTITUTION =
  /^\$\(\s*(dirname|basename)\s+(?:"\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})"|([A-Za-z0-9_./@%+,:=][A-Za-z0-9_./@%+,:=-]*))(?:\s+([A-Za-z0-9_.][A-Za-z0-9_.-]*))?\s*\)$/;

/**
 * The piece of a substitution node: its working directory when it only runs `pwd`, the part
 * of a path when it only runs dirname or basename.
 */
function substitutionPiece(node: Node, inQuotes: boolean): Piece {
  const piece: Piece = { kind: "expansion", text: node.text };
  if (inQuotes) piece.inQuotes = true;
  if (node.type !== "command_substitution") return piece;
  if (PWD_SUBSTITUTION.test(node.text)) piece.cwd = true;
  const body = literalHeredocOutput(node.text);
  if (body !== null) piece.literalOutput = body;
  const part = PATH_PART_SUBSTITUTION.exec(node.text);
  if (part !== null) {
    const program = part[1] as "dirname" | "basename";
    const suffix = part[5] ?? null;
    if (program === "dirname" && suffix !== null) return piece;
    const name = part[2] ?? part[3];
    const word =
      name === undefined
        ? wordFromText(part[4] as string)
        : fromPieces(
            [{ kind: "expansion", text: `$${name}`, inQuotes: true, variable: name }],
            -1,
            -1,
          );
    piece.pathPart = { program, word, suffix };
  }
  return piece;
}

/**
 * The output of `$(cat <<'EOF'⏎BODY⏎EOF⏎)` (also `"EOF"`, `\EOF`): BODY up to the first line
 * that is the delimiter alone, trailing newlines dropped; null for any other substitution.
 */
function literalHeredocOutput(text: string): string | null {
  const head =
    /^\$\(\s*cat\s*<<\s*(?:'([A-Za-z_][A-Za-z0-9_]*)'|"([A-Za-z_][A-Za-z0-9_]*)"|\\([A-Za-z_][A-Za-z0-9_]*))[ \t]*\n/.exec(
      text,
    );
  if (head === null) return null;
  const delimiter = head[1] ?? head[2] ?? head[3];
  const lines = text.slice(head[0].length).split("\n");
  const end = lines.indexOf(delimiter as string);
  if (end === -1 || !/^\s*\)$/.test(lines.slice(end + 1).join("\n"))) return null;
  return lines.slice(0, end).join("\n").replace(/\n+$/, "");
}

const GLOB_SPECIALS = /[*?[\]{}()!+@\\]/g;

/** Evaluates a word-like node of the grammar. */
export function evaluateWord(node: Node): Word {
  const pieces: Piece[] = [];
  collectPieces(node, pieces);
  const word = fromPieces(pieces, node.startIndex, node.endIndex);
  word.processSubstitution = node.type === "process_substitution";
  return word;
}

/**
 * Builds a word from text that did not come from the grammar (the token cross-check).
 * `computed` marks text that stood for an expansion.
 */
export function wordFromText(
  text: string,
  options: { computed?: boolean; glob?: boolean; start?: number; tilde?: boolean } = {},
): Word {
  const start = options.start ?? -1;
  const piece: Piece = options.computed
    ? { kind: "expansion", text, inQuotes: false }
    : { kind: options.glob ? "unquoted" : "quoted", text, raw: text };
  const word = fromPieces([piece], start, start < 0 ? -1 : start + text.length);
  if (options.tilde && !options.computed) word.tilde = true;
  return word;
}

/**
 * Joins words that touch. tree-sitter-bash 0.25.1 ends a word at a `[` followed by a backslash
 * (`.[\e]nv` comes back as `.[` and `\e]nv`, the plain fast path copies it) where bash reads
 * one word, a glob that matches `.env`: words with no blank between them are one word again.
 */
export function joinTouching(words: Word[]): Word[] {
  let touching = false;
  for (let i = 1; i < words.length && !touching; i++) {
    touching = (words[i] as Word).start === (words[i - 1] as Word).end;
  }
  if (!touching) return words;
  // Each run of touching words is built once, from all its pieces: joining them one by one
  // rebuilt the word so far for every piece (quadratic in a word of thousands of pieces).
  const out: Word[] = [];
  let run: Word[] = [];
  const flush = () => {
    const first = run[0];
    const last = run[run.length - 1];
    if (first === undefined || last === undefined) return;
    if (run.length === 1) out.push(first);
    else {
      const pieces: Piece[] = [];
      for (const word of run) for (const piece of word.pieces ?? []) pieces.push(piece);
      out.push(fromPieces(pieces, first.start, last.end));
    }
    run = [];
  };
  for (const word of words) {
    const last = run[run.length - 1];
    const joins =
      last !== undefined &&
      last.end === word.start &&
      last.pieces !== undefined &&
      word.pieces !== undefined &&
      !last.processSubstitution &&
      !word.processSubstitution;
    if (!joins) flush();
    run.push(word);
  }
  flush();
  return out;
}

/**
 * Builds the word the grammar reads for unquoted plain text at `start` (no quote, expansion,
 * glob or brace): the analysis fast path's words (fast-path.ts).
 */
export function plainWord(text: string, start: number): Word {
  return fromPieces([{ kind: "unquoted", text, raw: text }], start, start + text.length);
}

/** Builds a word from pieces another pass made (an assignment value with its tildes expanded). */
export function wordFromPieces(pieces: Piece[], start: number, end: number): Word {
  return fromPieces(pieces, start, end);
}

function fromPieces(pieces: Piece[], start: number, end: number): Word {
  let text = "";
  let literal = true;
  let splittable = false;
  let expanded = false;
  // The unquoted raw text with every quoted or expanded part replaced by a neutral letter:
  // tree-sitter splits `{5,sudo}` into three pieces, and bash sees one brace expansion.
  let shape = "";
  for (const piece of pieces) {
    text += piece.text;
    if (piece.kind === "expansion") {
      literal = false;
      expanded = true;
      if (!piece.inQuotes) splittable = true;
      shape += "x";
      continue;
    }
    shape += piece.kind === "unquoted" ? (piece.raw ?? piece.text) : "x";
  }
  const glob = hasUnquotedGlob(shape);
  const brace = hasBraceExpansion(shape);
  if (glob || brace) {
    literal = false;
    splittable = true;
  }
  const first = pieces[0];
  // Tilde expansion follows brace expansion: a `~` that starts an alternative (`{~,x}/f`,
  // `{/dev/null,~/f}`) starts a word of its own and is expanded there.
  const tilde =
    (first?.kind === "unquoted" &&
      (first.raw ?? first.text).startsWith("~") &&
      plainPrefix(pieces)) ||
    (brace && /[{,]~/.test(shape));
  return {
    text,
    literal,
    glob,
    brace,
    splittable,
    tilde,
    processSubstitution: false,
    // Built only for the words that need it: most words hold no glob at all.
    pattern: glob && !brace && !expanded ? globPattern(pieces) : null,
    leadingVariable: leadingVariable(pieces),
    pieces,
    start,
    end,
  };
}

/**
 * Whether a word's tilde-prefix (its leading `~` up to the first unquoted `/`, or the whole
 * word) holds no quoted or escaped character and no expansion: bash expands it only then
 * (`~"/x"`, `~'/x'`, `~\/x` and `~$U/x` stay as written, `~/"x"` is the home folder's `x`).
 */
function plainPrefix(pieces: readonly Piece[]): boolean {
  for (const [index, piece] of pieces.entries()) {
    if (piece.kind !== "unquoted") return false;
    const raw = piece.raw ?? piece.text;
    for (let k = index === 0 ? 1 : 0; k < raw.length; k++) {
      if (raw[k] === "\\") return false;
      if (raw[k] === "/") return true;
    }
  }
  return true;
}

/** The word as a glob pattern: unquoted parts as written, quoted pattern characters escaped. */
function globPattern(pieces: readonly Piece[]): string {
  let pattern = "";
  for (const piece of pieces) {
    pattern +=
      piece.kind === "unquoted"
        ? (piece.raw ?? piece.text)
        : piece.text.replace(GLOB_SPECIALS, "\\$&");
  }
  return pattern;
}

function leadingVariable(pieces: Piece[]): Word["leadingVariable"] {
  const first = pieces[0];
  if (first?.kind !== "expansion" || (first.variable !== "HOME" && first.variable !== "PWD")) {
    return null;
  }
  let rest = "";
  for (const piece of pieces.slice(1)) {
    if (piece.kind === "expansion") return null;
    if (piece.kind === "unquoted") {
      const raw = piece.raw ?? piece.text;
      if (hasUnquotedGlob(raw) || hasBraceExpansion(raw)) return null;
    }
    rest += piece.text;
  }
  return { name: first.variable, rest };
}

function collectPieces(node: Node, out: Piece[]): void {
  switch (node.type) {
    case "word":
    case "number":
    // Digits against a redirect past the largest descriptor: a plain word to bash.
    case "file_descriptor":
    case "extglob_pattern": {
      const raw = node.text;
      out.push({ kind: "unquoted", text: dequote(raw, true), raw });
      return;
    }
    // A sequence expression (`{1..3}`, `{a..c}`): brace expansion of the text as written,
    // which the word's reading expands as bash does (`for i in {1..3}` is 1, 2 and 3).
    case "brace_expression": {
      const raw = node.text;
      out.push({ kind: "unquoted", text: raw, raw });
      return;
    }
    case "raw_string":
      out.push({ kind: "quoted", text: node.text.slice(1, -1) });
      return;
    case "ansi_c_string":
      out.push({ kind: "quoted", text: dequote(node.text, false) });
      return;
    case "string":
      collectString(node, out);
      return;
    case "translated_string": {
      const inner = node.namedChildren[0];
      if (inner) collectString(inner, out);
      return;
    }
    case "concatenation":
      for (const child of node.children) if (child) collectPieces(child, out);
      return;
    case "simple_expansion":
    case "expansion":
      out.push(expansionPiece(node, false));
      return;
    case "command_substitution":
      out.push(substitutionPiece(node, false));
      return;
    default:
      // Command, process and arithmetic substitutions, arrays, anything
      // new: their value is only known at run time.
      out.push({ kind: "expansion", text: node.text });
  }
}

function collectString(node: Node, out: Piece[]): void {
  const parts = node.namedChildren;
  if (parts.every((part) => part?.type === "string_content")) {
    out.push({ kind: "quoted", text: dequote(node.text, false) });
    return;
  }
  const children = node.children;
  // Text of the string no child covers (blanks between expansions: `"$y "`) is text of the
  // string too (R34 dq-string-gaps, traced: `x="$y "; cat ${x:+.env}` read .env).
  const base = node.startIndex;
  let covered = base + 1;
  const gap = (until: number) => {
    if (until > covered) {
      out.push({
        kind: "quoted",
        text: unquoteDouble(node.text.slice(covered - base, until - base)),
      });
    }
  };
  for (let i = 0; i < children.length; i++) {
    const part = children[i];
    if (!part) continue;
    // The quotes around the string: the grammar's closing one may hold the blanks before it
    // (`"$y "` ends in the token ` "`), which are text of the string.
    if ((i === 0 || i === children.length - 1) && !part.isNamed && part.type === '"') {
      if (i === 0) {
        covered = Math.max(covered, part.endIndex);
        continue;
      }
      gap(part.endIndex - 1);
      covered = part.endIndex;
      continue;
    }
    gap(part.startIndex);
    covered = Math.max(covered, part.endIndex);
    if (!part.isNamed) {
      // Any other token is text of the string: a `$` that starts no expansion (`"${y}$'.env"`
      // is `$'.env`; R34 dq-dollar-quote-after-expansion, traced), which the named children
      // leave out.
      out.push({ kind: "quoted", text: part.text });
      continue;
    }
    if (part.type === "string_content") {
      out.push({ kind: "quoted", text: dequote(`"${part.text}"`, false) });
    } else if (part.type === "command_substitution") {
      out.push(substitutionPiece(part, true));
    } else if (part.type === "simple_expansion" || part.type === "expansion") {
      out.push(expansionPiece(part, true));
    } else {
      out.push({ kind: "expansion", text: part.text, inQuotes: true });
    }
  }
  gap(node.endIndex - 1);
}

/**
 * The name of a `$NAME` or `${NAME}` expansion, else undefined. `${NAME:?…}` and `${NAME?…}`
 * count as `${NAME}`: when NAME is unset they stop the command instead of giving a value.
 */
function plainVariable(node: Node): string | undefined {
  // A positional parameter (`$1`, `${10}`) too: a literal `set --` may have decided it.
  const match =
    /^\$(?:([A-Za-z_][A-Za-z0-9_]*|[0-9])|\{([A-Za-z_][A-Za-z0-9_]*|[0-9]+)(?::?\?[^}]*)?\})$/.exec(
      node.text,
    );
  return match ? (match[1] ?? match[2]) : undefined;
}

/**
 * Quote removal for one word through shell-quote. Mid-word `#` is escaped first in unquoted
 * text, because shell-quote would read it as a comment where bash does not.
 */
export function dequote(raw: string, unquoted: boolean): string {
  // Nothing to remove: an unquoted word without backslashes is already its own value.
  if (unquoted && !raw.includes("\\")) return raw;
  // A double-quoted string's content (its expansions are separate nodes) is read as bash reads
  // it, not through shell-quote, which keeps the backslash of `\``
  // (R34 dq-escaped-backquote, traced: `x="\`.env"; cat ${x#?}` read .env).
  if (!unquoted && raw.startsWith('"') && raw.endsWith('"') && raw.length >= 2) {
    return unquoteDouble(raw.slice(1, -1));
  }
  const guard = protectBlanks(unquoted ? raw.replace(/#/g, "\\#") : raw);
  const parsed = shellParse(guard.text, (name) => `$${name}`);
  if (parsed.length === 1) {
    const only = parsed[0];
    if (typeof only === "string") return guard.restore(only);
    if (only && typeof only === "object" && "op" in only && only.op === "glob") {
      return guard.restore((only as { pattern: string }).pattern);
    }
  }
  if (parsed.length === 0) return "";
  // shell-quote split the word (an operator character inside an extglob, for example):
  // fall back to plain backslash removal, which is all an unquoted word needs.
  return unquoted ? raw.replace(/\\(.)/gs, "$1") : raw;
}

/**
 * The value of the text between a double-quoted string's quotes: a backslash quotes only `$`,
 * `` ` ``, `"`, `\` and a newline (which goes with it); before any other character it stays.
 *
 * @example
 * ```ts
 * unquoteDouble("a\\b\\$c\\`d"); // "a\\b$c`d"
 * ```
 */
export function unquoteDouble(content: string): string {
  if (!content.includes("\\")) return content;
  let out = "";
  for (let i = 0; i < content.length; i++) {
    const c = content[i] as string;
    const next = content[i + 1];
    if (c === "\\" && next !== undefined && '$`"\\\n'.includes(next)) {
      if (next !== "\n") out += next;
      i++;
      continue;
    }
    out += c;
  }
  return out;
}

/** Unescaped `*`, `?`, or a `[` with a closing `]`, in unquoted raw text. */
export function hasUnquotedGlob(raw: string): boolean {
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "*" || c === "?") return true;
    if (c === "[" && raw.indexOf("]", i + 2) !== -1) return true;
  }
  return false;
}

/** Unescaped `{…,…}` or `{a..b}` in unquoted raw text. */
export function hasBraceExpansion(raw: string): boolean {
  let depth = 0;
  let open = -1;
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i];
    if (c === "\\") {
      i++;
      continue;
    }
    if (c === "{") {
      if (depth === 0) open = i;
      depth++;
    } else if (c === "}" && depth > 0) {
      depth--;
      if (depth === 0) {
        const inner = raw.slice(open + 1, i);
        if (inner.includes(",") || /^[^.]+\.\.[^.]+/.test(inner)) return true;
      }
    }
  }
  return false;
}

/** Characters JavaScript's `\\s` matches that bash does not treat as blanks (NBSP, …). */
const NON_BASH_BLANKS = /[\v\f\r\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff]/g;

/**
 * shell-quote splits words on every character `\\s` matches; bash splits only on space, tab
 * and newline. The other blanks are swapped for private-use characters around a shell-quote
 * call and restored after it.
 */
export function protectBlanks(text: string): { text: string; restore: (value: string) => string } {
  if (!NON_BASH_BLANKS.test(text)) return { text, restore: (value) => value };
  NON_BASH_BLANKS.lastIndex = 0;
  const seen: string[] = [];
  const protectedText = text.replace(NON_BASH_BLANKS, (blank) => {
    let index = seen.indexOf(blank);
    if (index === -1) index = seen.push(blank) - 1;
    return String.fromCharCode(0xf000 + index);
  });
  return {
    text: protectedText,
    restore: (value) =>
      value.replace(/[\uf000-\uf0ff]/g, (mark) => seen[mark.charCodeAt(0) - 0xf000] ?? mark),
  };
}
