/**
 * A lexical pre-pass over the raw command string, independent of the grammar.
 *
 * It does two jobs:
 * 1. It removes bash's line continuations (backslash-newline) where bash removes them, so that
 *    `r\⏎m` reaches the grammar as `rm` (tree-sitter-bash splits it into two words). Offsets of
 *    the cleaned text map back to the original, so unit texts are always quoted as written.
 * 2. It cuts the text into logical lines for the token cross-check: comments dropped, heredoc
 *    bodies set aside, mid-word `#` escaped (shell-quote would read it as a comment).
 *
 * It tracks only what bash's lexer tracks at this level: quotes, `$( )`, `${ }`, backticks,
 * comments and heredocs. It never decides what executes; the grammar does that.
 */

import { STEP, tick } from "../check/deadline.ts";

/**
 * Where bash closes the `$(`, `<(` or `>(` at `at` in `text` (read no further than `to`): the
 * index of its `)`, found with the same reading bash's parser gives code (parse_comsub):
 * quotes, comments (`$(echo a #)` is not closed on that line), heredocs opened inside it
 * (whose bodies may hold a `)` line), nested expansions. `close` is `to` when it is not closed
 * there. `doubt` is set when that reading is not certain: a `#` inside a `$((` that bash may
 * read again as `$( (` with a comment (`$((echo a) #)`) or as arithmetic text.
 */
export function substitutionClose(
  text: string,
  at: number,
  to: number,
): { close: number; doubt: boolean } {
  const scanner = new Scanner(text.slice(at, to), true);
  scanner.run();
  const doubt = scanner.arithmeticHashes.length > 0;
  if (scanner.closedAt === -1) return { close: to, doubt };
  return { close: at + scanner.closedAt - 1, doubt };
}

/** The command text the grammar parses, with a map back to the text as written. */
export interface SourceText {
  /** The text as the caller wrote it. */
  readonly original: string;
  /** `original` without the backslash-newline pairs bash removes before parsing. */
  readonly text: string;
  /** Normalised indices at which a backslash-newline pair was removed, ascending. */
  readonly cuts: readonly number[];
}

/** One line of shell input as bash's parser sees it: comments removed, heredoc bodies elsewhere. */
export interface LogicalLine {
  /** Start index in {@link SourceText.text}. */
  start: number;
  /** End index (exclusive) in {@link SourceText.text}. */
  end: number;
  /** The line prepared for shell-quote: comments dropped, mid-word `#` escaped. */
  tokens: string;
}

/**
 * A heredoc whose operator stands at the top level of the string (outside quotes and `$( )`)
 * with a delimiter of plain characters, and whose body was cut out by bash's rules: after the
 * newline that ends the operator's line, up to the first line that is exactly the delimiter
 * (after leading tabs for `<<-`). Indices are in {@link SourceText.text}.
 */
export interface HeredocSpan {
  /** Where `<<` stands. */
  opStart: number;
  /** The end of the delimiter word. */
  opEnd: number;
  bodyStart: number;
  /** The start of the delimiter line (or the end of the text when there is none). */
  bodyEnd: number;
  /** The end of the delimiter line, its newline included. */
  end: number;
  quoted: boolean;
  stripTabs: boolean;
}

/** Everything the pre-pass found. */
export interface ScannedSource {
  source: SourceText;
  lines: LogicalLine[];
  heredocs: HeredocSpan[];
  /**
   * Indices in {@link SourceText.text} of each `#` bash reads as arithmetic text, where a
   * comment would start outside arithmetic: in `(( ))`, `for (( ))`, `$(( ))`, `<(( ))`,
   * `$[ ]` and an assignment's subscript. tree-sitter-bash reads a comment there; bash reads
   * on to the closing `))` and runs what follows it on the line.
   */
  arithmeticHashes: number[];
}

/** Maps a start index of the normalised text to the original text. */
export function originalStart(source: SourceText, index: number): number {
  return index + 2 * countCuts(source.cuts, index, true);
}

/** Maps an end index (exclusive) of the normalised text to the original text. */
export function originalEnd(source: SourceText, index: number): number {
  return index + 2 * countCuts(source.cuts, index, false);
}

/** The original text of a normalised range. */
export function originalSlice(source: SourceText, start: number, end: number): string {
  if (source.cuts.length === 0) return source.original.slice(start, end);
  return source.original.slice(originalStart(source, start), originalEnd(source, end));
}

function countCuts(cuts: readonly number[], index: number, inclusive: boolean): number {
  let lo = 0;
  let hi = cuts.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const cut = cuts[mid] as number;
    if (cut < index || (inclusive && cut === index)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

type Frame =
  | Commands
  | { kind: "single" | "ansi" | "double" | "backtick" }
  | { kind: "brace"; depth: number }
  | Arithmetic;

/**
 * Text bash reads as a matched pair with no comment and no heredoc (parse.y's
 * parse_matched_pair without P_COMMAND): arithmetic, and a subscript. `depth` counts the
 * open brackets, the opening ones included; the pair ends where it reaches zero.
 */
interface Arithmetic {
  kind: "arith";
  depth: number;
  open: "(" | "[";
  close: ")" | "]";
  /**
   * An arithmetic command `((`: when its second parenthesis closes and no `)` follows, bash
   * reads the text again as a subshell inside a subshell, where `#` starts a comment again.
   */
  command: boolean;
}

/**
 * Where commands are read: the string, or a `$( )` / `<( )` body. `compounds` holds the paren
 * depths at which a compound assignment's `NAME=(` opened, innermost last.
 */
interface Commands {
  kind: "top" | "subst";
  parens: number;
  compounds?: number[];
}

/** The start of a word that a `(` right after it makes a compound assignment. */
const COMPOUND_NAME = /^[A-Za-z_][A-Za-z0-9_]*\+?=$/;

/** How far a subscript's closing bracket is looked for. */
const LOOKAHEAD = 2048;

/** Words after which `((` starts an arithmetic command even with no blank between them. */
const BEFORE_ARITHMETIC = /^(?:for|if|elif|while|until|do|then|else|time|!|\{)$/;

/** The characters of a NAME, which may take a subscript (`NAME[…]=`). */
const NAME_START = /[A-Za-z_]/;
const NAME_CHAR = /[A-Za-z0-9_]/;

interface PendingHeredoc {
  /** `null` when bash's delimiter is not certain: no line is taken to end the body. */
  delimiter: string | null;
  stripTabs: boolean;
  quoted: boolean;
  /** Set when the heredoc can be described by a {@link HeredocSpan}. */
  span: HeredocSpan | null;
}

const WORD_BREAK = new Set([" ", "\t", "\n", ";", "&", "|", "(", ")", "<", ">"]);

/**
 * Scans a command string once: continuation removal and logical lines.
 *
 * @param original - the command as written
 */
export function scanSource(original: string): ScannedSource {
  const scanner = new Scanner(original);
  scanner.run();
  return {
    source: { original, text: scanner.text(), cuts: scanner.cuts },
    lines: scanner.lines,
    heredocs: scanner.heredocs,
    arithmeticHashes: scanner.arithmeticHashes,
  };
}

/**
 * Both texts the scan makes are the source with a few edits: the normalised text drops the
 * removed continuations, a logical line also drops comments and heredoc bodies and rewrites
 * `#` and nested newlines. Each keeps the source index where its current unedited run started
 * and copies that run as one slice at the next edit (a string a character was most of the
 * garbage an analysis made).
 */
class Scanner {
  private readonly out: string[] = [];
  /** Where the run not yet copied to `out` starts in the source. */
  private outRun = 0;
  readonly cuts: number[] = [];
  readonly lines: LogicalLine[] = [];
  readonly heredocs: HeredocSpan[] = [];
  readonly arithmeticHashes: number[] = [];
  private outLength = 0;
  private i = 0;
  private readonly stack: Frame[] = [{ kind: "top", parens: 0 }];
  private pending: PendingHeredoc[] = [];
  private line: string[] = [];
  /** Where the run not yet copied to `line` starts in the source. */
  private lineRun = 0;
  private lineStart = 0;
  private wordStart = true;
  /** Where the current unquoted word started in the source. */
  private wordBegin = 0;
  /** Whether the current word so far is a NAME (kept per character: no rescan of the word). */
  private wordIsName = false;

  private readonly src: string;
  /** Stop once the expansion the text starts with is closed (see {@link substitutionClose}). */
  private readonly untilClosed: boolean;
  /** Where that expansion ended (the index after its last character); -1 while it is open. */
  closedAt = -1;

  constructor(src: string, untilClosed = false) {
    this.src = src;
    this.untilClosed = untilClosed;
  }

  run(): void {
    const src = this.src;
    while (this.i < src.length) {
      tick(STEP.char);
      const c = src[this.i] as string;
      const next = src[this.i + 1];
      const frame = this.stack[this.stack.length - 1] as Frame;
      if (c === "\\" && next === "\n" && frame.kind !== "single" && frame.kind !== "ansi") {
        // bash removes backslash-newline everywhere except inside single quotes and comments.
        this.cuts.push(this.outLength);
        this.flushOut();
        this.flushLine();
        this.i += 2;
        this.outRun = this.i;
        this.lineRun = this.i;
        continue;
      }
      switch (frame.kind) {
        case "single":
          this.take(c);
          if (c === "'") this.stack.pop();
          break;
        case "ansi":
          if (c === "\\" && next !== undefined) this.take(c + next);
          else {
            this.take(c);
            if (c === "'") this.stack.pop();
          }
          break;
        case "double":
        case "backtick":
        case "brace":
          this.inQuotedLike(frame, c, next);
          break;
        case "arith":
          this.inArithmetic(frame, c, next);
          break;
        default:
          this.inNormal(frame, c, next);
      }
      if (this.untilClosed && this.stack.length === 1) {
        this.closedAt = this.i;
        return;
      }
    }
    this.endLine();
  }

  /** The normalised text, once the scan is done. */
  text(): string {
    this.flushOut();
    return this.out.length === 1 ? (this.out[0] as string) : this.out.join("");
  }

  /** Copies the source run before `this.i` to the normalised text. */
  private flushOut(): void {
    if (this.i > this.outRun) this.out.push(this.src.slice(this.outRun, this.i));
    this.outRun = this.i;
  }

  /** Copies the source run before `this.i` to the current logical line. */
  private flushLine(): void {
    if (this.i > this.lineRun) this.line.push(this.src.slice(this.lineRun, this.i));
    this.lineRun = this.i;
  }

  /**
   * Takes the source text at `this.i` (`text` is always that text) into the normalised output
   * and, as `lineText`, into the current logical line.
   */
  private take(text: string, lineText: string = text): void {
    if (lineText !== text) {
      this.flushLine();
      this.line.push(lineText);
      this.lineRun = this.i + text.length;
    }
    this.outLength += text.length;
    this.i += text.length;
  }

  private inQuotedLike(frame: Frame, c: string, next: string | undefined): void {
    if (c === "\\" && next !== undefined) {
      this.take(c + next);
      return;
    }
    if (frame.kind === "double" && c === '"') {
      this.take(c);
      this.stack.pop();
      return;
    }
    if (frame.kind === "backtick" && c === "`") {
      this.take(c);
      this.stack.pop();
      return;
    }
    if (frame.kind === "brace") {
      if (c === "}") {
        this.take(c);
        if (frame.depth === 0) this.stack.pop();
        else frame.depth--;
        return;
      }
      if (c === "{") {
        frame.depth++;
        this.take(c);
        return;
      }
      if (c === "'") {
        this.take(c);
        this.stack.push({ kind: "single" });
        return;
      }
    }
    if (c === '"' && frame.kind !== "double") {
      this.take(c);
      this.stack.push({ kind: "double" });
      return;
    }
    if (this.openExpansion(c, next)) return;
    this.take(c);
  }

  /** `$(`, `$((`, `$[`, `${`, backticks: shared by every context that expands. */
  private openExpansion(c: string, next: string | undefined): boolean {
    if (c === "$" && next === "(" && this.src[this.i + 2] === "(") {
      // bash reads `$((` to its matching `)` with no comment (parse_comsub hands a `((` to
      // parse_matched_pair), whether it turns out arithmetic or a substitution.
      this.take("$((");
      this.openArithmetic(2, "(", false);
      return true;
    }
    if (c === "$" && next === "[") {
      this.take("$[");
      this.openArithmetic(1, "[", false);
      return true;
    }
    if (c === "$" && next === "(") {
      this.take("$(");
      this.stack.push({ kind: "subst", parens: 0 });
      // The body's first word starts here: `$(#x` is a comment, `$(a=(` an array assignment.
      this.wordStart = true;
      return true;
    }
    if (c === "$" && next === "{") {
      this.take("${");
      this.stack.push({ kind: "brace", depth: 0 });
      return true;
    }
    if (c === "`") {
      this.take(c);
      this.stack.push({ kind: "backtick" });
      return true;
    }
    return false;
  }

  /**
   * A backslash escape, or the start of a quoted string: read alike among commands and in
   * arithmetic. Whether `c` was one of them.
   */
  private openQuoting(c: string, next: string | undefined): boolean {
    if (c === "\\") {
      this.take(next === undefined ? c : c + next);
      return true;
    }
    if (c === "'") {
      this.take(c);
      this.stack.push({ kind: "single" });
      return true;
    }
    if (c === '"') {
      this.take(c);
      this.stack.push({ kind: "double" });
      return true;
    }
    if (c === "$" && next === "'") {
      this.take("$'");
      this.stack.push({ kind: "ansi" });
      return true;
    }
    if (c === "$" && next === '"') {
      this.take('$"');
      this.stack.push({ kind: "double" });
      return true;
    }
    return false;
  }

  private openArithmetic(depth: number, open: "(" | "[", command: boolean): void {
    this.stack.push({ kind: "arith", depth, open, close: open === "(" ? ")" : "]", command });
  }

  /** Inside arithmetic or a subscript: quotes and expansions as anywhere, no comment. */
  private inArithmetic(frame: Arithmetic, c: string, next: string | undefined): void {
    if (this.openQuoting(c, next)) return;
    if (this.openExpansion(c, next)) return;
    if (c === frame.open) {
      frame.depth++;
      this.take(c);
      return;
    }
    if (c === frame.close) {
      frame.depth--;
      if (frame.command && frame.depth === 1 && next !== ")") {
        // Not `))`: a subshell inside a subshell, read again with comments from here on (what
        // was read so far without them is only more text for the line, never less).
        this.stack.pop();
        const outer = this.stack[this.stack.length - 1] as Commands;
        outer.parens++;
        this.take(c);
        this.wordStart = true;
        return;
      }
      if (frame.command && frame.depth === 1) {
        this.take("))");
        frame.depth = 0;
      } else this.take(c);
      if (frame.depth === 0) {
        this.stack.pop();
        // After an arithmetic command's `))` a `#` starts a comment (`(( 1 ))#x; rm y` runs
        // no rm); after `$(( … ))`, `<(( … ))` or a subscript the word goes on, and a `#` is
        // text (`: $(( 1 ))#; (( 1 #)); git push` runs git push: fuzz seed 2424002).
        this.wordStart = frame.command;
      }
      return;
    }
    if (c === "#") {
      // bash reads it as arithmetic text (an error there); shell-quote must not see a comment.
      this.arithmeticHashes.push(this.outLength);
      this.take(c, "\\#");
      return;
    }
    if (c === "\n") {
      // A newline is a blank in arithmetic: the line goes on, no heredoc body starts here.
      this.take(c, " ");
      return;
    }
    this.take(c);
  }

  private inNormal(frame: Commands, c: string, next?: string) {
    const atWordStart = this.wordStart;
    const afterName = !atWordStart && this.wordIsName;
    if (atWordStart) {
      this.wordBegin = this.i;
      this.wordIsName = NAME_START.test(c);
    } else if (afterName && !NAME_CHAR.test(c)) this.wordIsName = false;
    this.wordStart = WORD_BREAK.has(c);
    if (this.openQuoting(c, next)) return;
    if (this.openExpansion(c, next)) return;
    if ((c === "<" || c === ">") && next === "(" && this.src[this.i + 2] === "(") {
      // Read like `$((`: to the matching `)`, no comment.
      this.take(`${c}((`);
      this.openArithmetic(2, "(", false);
      return;
    }
    if ((c === "<" || c === ">") && next === "(") {
      this.take(c + next);
      this.stack.push({ kind: "subst", parens: 0 });
      this.wordStart = true;
      return;
    }
    if (
      c === "(" &&
      next === "(" &&
      (atWordStart ||
        (this.i - this.wordBegin <= 5 &&
          BEFORE_ARITHMETIC.test(this.src.slice(this.wordBegin, this.i))))
    ) {
      // An arithmetic command, also `for ((`: bash reads it to the first `))`, no comment.
      this.take("((");
      this.openArithmetic(2, "(", true);
      return;
    }
    if (c === "(") {
      frame.parens++;
      if (!atWordStart && COMPOUND_NAME.test(this.src.slice(this.wordBegin, this.i))) {
        frame.compounds ??= [];
        frame.compounds.push(frame.parens);
      }
      this.take(c);
      return;
    }
    if (
      c === "[" &&
      (atWordStart
        ? frame.compounds?.[frame.compounds.length - 1] === frame.parens
        : afterName && commandPosition(this.src, this.wordBegin)) &&
      this.closesLater("[", "]")
    ) {
      // `a[…]=` where a command starts, and `[…]=` in a compound assignment `a=( [1]=x )`:
      // bash reads the subscript as one matched pair (an argument's `[` is a glob character).
      this.take(c);
      this.openArithmetic(1, "[", false);
      return;
    }
    if (c === ")") {
      this.take(c);
      if (frame.compounds?.[frame.compounds.length - 1] === frame.parens) frame.compounds.pop();
      if (frame.kind === "subst" && frame.parens === 0) {
        this.stack.pop();
        // The substitution's `)` ends no word: `$(true)#` and `<(true)#` are one word with a
        // `#` in it, no comment (a subshell's `)` does end one: `(true)#x` is a comment).
        this.wordStart = false;
      } else if (frame.parens > 0) frame.parens--;
      return;
    }
    if (c === "#") {
      if (atWordStart) {
        this.skipComment();
        return;
      }
      // shell-quote would start a comment here; bash does not.
      this.take(c, "\\#");
      return;
    }
    if (c === "<" && next === "<") {
      // `<<<` is a here-string: taken whole, so that its last two characters are not read
      // as a heredoc operator.
      if (this.src[this.i + 2] === "<") this.take("<<<");
      else this.noteHeredoc();
      return;
    }
    if (c === "\n") {
      this.newline();
      return;
    }
    this.take(c);
  }

  /**
   * Whether the bracket at `this.i` has its match further on (quotes skipped): only then is a
   * subscript read to it; an unclosed `[` is a glob character and ends nothing.
   */
  private closesLater(open: string, close: string): boolean {
    const src = this.src;
    if (src.indexOf(close, this.i) === -1) return false;
    // A close further than this is taken on trust (more text read as the subscript, never
    // less): each look stays bounded, so many `a[` cannot make the scan quadratic.
    const limit = Math.min(src.length, this.i + LOOKAHEAD);
    let depth = 0;
    for (let j = this.i; j < limit; j++) {
      const c = src[j];
      if (c === "\\") j++;
      else if (c === "'") {
        const end = src.indexOf("'", j + 1);
        if (end === -1) return false;
        j = end;
      } else if (c === open) depth++;
      else if (c === close && --depth === 0) {
        tick(STEP.char * (j - this.i));
        return true;
      }
    }
    tick(STEP.char * (limit - this.i));
    return limit < src.length;
  }

  private skipComment(): void {
    const end = this.src.indexOf("\n", this.i);
    const stop = end === -1 ? this.src.length : end;
    // Kept in the normalised text, left out of the logical line.
    this.flushLine();
    this.outLength += stop - this.i;
    this.i = stop;
    this.lineRun = stop;
  }

  /** Reads the delimiter after `<<` / `<<-` so that the body can be set aside at the newline. */
  private noteHeredoc(): void {
    const src = this.src;
    let j = this.i + 2;
    const stripTabs = src[j] === "-";
    if (stripTabs) j++;
    while (src[j] === " " || src[j] === "\t") j++;
    const word = readDelimiterWord(src, j);
    let span: HeredocSpan | null = null;
    // Only at the top level is the body known to start after this line's newline; inside
    // `$( )` or arithmetic (`$((1<<2))`) the grammar may read `<<` otherwise.
    if (
      this.stack.length === 1 &&
      word.delimiter !== null &&
      !src.slice(this.i, word.end).includes("\n")
    ) {
      const opStart = this.outLength;
      span = {
        opStart,
        opEnd: opStart + (word.end - this.i),
        bodyStart: -1,
        bodyEnd: -1,
        end: -1,
        quoted: word.quoted,
        stripTabs,
      };
    }
    // A `<<` with no word after it is a syntax error: bash reads no body.
    if (word.end > j) {
      this.pending.push({ delimiter: word.delimiter, stripTabs, quoted: word.quoted, span });
    }
    this.take(stripTabs ? "<<-" : "<<");
  }

  private newline(): void {
    const depth = this.stack.length;
    if (depth === 1) {
      this.endLine();
      this.take("\n", "");
      this.lineStart = this.outLength;
    } else {
      // A newline inside `$( )` separates commands just like `;`.
      this.take("\n", " ; ");
    }
    this.wordStart = true;
    if (this.pending.length > 0) {
      // Bodies read at a newline inside `$( )` keep no span: their start is the grammar's call.
      if (depth !== 1) for (const heredoc of this.pending) heredoc.span = null;
      this.readHeredocBodies();
      // At top level the next line starts after the bodies; inside `$( )` the line goes on.
      if (depth === 1) this.lineStart = this.outLength;
    }
  }

  private endLine(): void {
    this.flushLine();
    const tokens = this.line.length === 1 ? (this.line[0] as string) : this.line.join("");
    if (tokens.trim() !== "") {
      this.lines.push({ start: this.lineStart, end: this.outLength, tokens });
    }
    this.line = [];
  }

  /** Copies heredoc bodies to the output untouched by the line logic. */
  private readHeredocBodies(): void {
    const src = this.src;
    const queue = this.pending;
    this.pending = [];
    // The bodies go to the normalised text as they are read (their continuations joined), and
    // to no logical line.
    this.flushOut();
    this.flushLine();
    for (const heredoc of queue) {
      const span = heredoc.span;
      if (span !== null) span.bodyStart = this.outLength;
      let closed = false;
      while (this.i < src.length) {
        const end = src.indexOf("\n", this.i);
        const stop = end === -1 ? src.length : end;
        tick(STEP.char * (stop - this.i + 1));
        let raw = src.slice(this.i, stop);
        let consumed = stop - this.i;
        if (!heredoc.quoted) {
          // An unquoted body joins continued lines before the delimiter test, as bash does.
          while (endsWithContinuation(raw) && this.i + consumed < src.length) {
            const nextEnd = src.indexOf("\n", this.i + consumed + 1);
            const nextStop = nextEnd === -1 ? src.length : nextEnd;
            const before = this.outLength + raw.length - 1;
            this.cuts.push(before);
            raw = raw.slice(0, -1) + src.slice(this.i + consumed + 1, nextStop);
            consumed = nextStop - this.i;
          }
        }
        const candidate = heredoc.stripTabs ? raw.replace(/^\t+/, "") : raw;
        const withNewline = this.i + consumed < src.length ? `${raw}\n` : raw;
        if (span !== null && candidate === heredoc.delimiter) span.bodyEnd = this.outLength;
        this.out.push(withNewline);
        this.outLength += withNewline.length;
        this.i += consumed + (this.i + consumed < src.length ? 1 : 0);
        if (candidate === heredoc.delimiter) {
          closed = true;
          break;
        }
      }
      if (span !== null) {
        // A body that runs to the end of the string ends there (bash warns and uses it).
        if (!closed) span.bodyEnd = this.outLength;
        span.end = this.outLength;
        this.heredocs.push(span);
      }
    }
    this.outRun = this.i;
    this.lineRun = this.i;
  }
}

/** Words after which a command's first word follows. */
const BEFORE_COMMAND = new Set([
  "then",
  "do",
  "else",
  "elif",
  "if",
  "while",
  "until",
  "!",
  "time",
  "{",
]);

/**
 * Whether the word at `at` stands where bash accepts an assignment: after a control operator,
 * `(`, a newline, a keyword, or assignments that do (`a=1 b[i]=2`).
 */
function commandPosition(src: string, at: number): boolean {
  let end = at;
  for (let words = 0; words < 64; words++) {
    let j = end - 1;
    while (j >= 0 && (src[j] === " " || src[j] === "\t")) j--;
    if (j < 0 || ";&|(\n".includes(src[j] as string)) return true;
    let start = j;
    while (start > 0 && !/[\s;&|()<>]/.test(src[start - 1] as string)) start--;
    const word = src.slice(start, j + 1);
    if (BEFORE_COMMAND.has(word)) return true;
    if (!/^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.test(word)) return false;
    end = start;
  }
  return false;
}

/** Whether a line ends in an unescaped backslash (an odd run of trailing backslashes). */
function endsWithContinuation(line: string): boolean {
  let count = 0;
  for (let k = line.length - 1; k >= 0 && line[k] === "\\"; k--) count++;
  return count % 2 === 1;
}

/** The word after a heredoc operator, as bash's parser takes it. */
export interface DelimiterWord {
  /** Where the word ends (the first character after it). */
  end: number;
  /**
   * The delimiter bash compares body lines with: the word after quote removal, never
   * expanded (`<<$EOF` ends at a line `$EOF`). `null` when it cannot be told for certain: bash
   * prints a `$( )` in the word again from its parse (`$(echo  a)` becomes `$(echo a)`), and
   * escapes, nested quotes and line continuations inside the word are left unread.
   */
  delimiter: string | null;
  /**
   * Whether a quote or backslash stands in the word itself, outside any `$( )`, `${ }`,
   * `$(( ))`, `$[ ]` or backticks: then the body is literal. Quotes inside those
   * (`<<${x:-"a"}`, `<<$(echo "a")`) leave the body expanded, as bash 5.2 runs it.
   */
  quoted: boolean;
}

/**
 * Reads a heredoc delimiter word starting at `start` (after the operator and its blanks).
 * Every spelling bash takes as one word is read to its end; the delimiter is only given when
 * its quote removal is certain.
 */
export function readDelimiterWord(src: string, start: number): DelimiterWord {
  let j = start;
  let text = "";
  let quoted = false;
  let certain = true;
  const doubt = (end: number): DelimiterWord => ({ end, delimiter: null, quoted });
  while (j < src.length) {
    const c = src[j] as string;
    if (WORD_BREAK.has(c)) {
      // `@(…)` and its kind continue the word under extglob.
      if (c === "(" && j > start && "?*+@!".includes(src[j - 1] as string)) return doubt(j);
      break;
    }
    if (c === "\\") {
      quoted = true;
      const next = src[j + 1];
      if (next === undefined || next === "\n") return doubt(j + 1);
      text += next;
      j += 2;
      continue;
    }
    if (c === "'") {
      quoted = true;
      const close = src.indexOf("'", j + 1);
      if (close === -1) return doubt(src.length);
      text += src.slice(j + 1, close);
      j = close + 1;
      continue;
    }
    if (c === '"' || (c === "$" && src[j + 1] === '"')) {
      quoted = true;
      const read = readDoubleQuoted(src, c === "$" ? j + 2 : j + 1);
      if (read.text === null) return doubt(read.end);
      text += read.text;
      j = read.end;
      continue;
    }
    if (c === "$" && src[j + 1] === "'") {
      quoted = true;
      const close = src.indexOf("'", j + 2);
      if (close === -1) return doubt(src.length);
      const body = src.slice(j + 2, close);
      // An ANSI-C escape is decoded in the delimiter (`$'a\nb'`), and `\'` moves the close.
      if (body.includes("\\")) return doubt(close + 1);
      text += body;
      j = close + 1;
      continue;
    }
    if (c === "$" && (src[j + 1] === "(" || src[j + 1] === "{" || src[j + 1] === "[")) {
      const arithmetic = src[j + 1] === "(" && src[j + 2] === "(";
      const close = matchingClose(src, j + 1);
      if (close === -1) return doubt(src.length);
      const inner = src.slice(j, close + 1);
      // `$( )` is printed again from its parse; an arithmetic `$(( ))` is kept as written.
      if (src[j + 1] === "(" && !(arithmetic && inner.endsWith("))"))) certain = false;
      if (/['"\\`\n]/.test(inner)) certain = false;
      text += inner;
      j = close + 1;
      continue;
    }
    if (c === "`") {
      const close = src.indexOf("`", j + 1);
      if (close === -1) return doubt(src.length);
      const inner = src.slice(j, close + 1);
      if (/[\\\n]/.test(inner)) return doubt(close + 1);
      text += inner;
      j = close + 1;
      continue;
    }
    text += c;
    j++;
  }
  return { end: j, delimiter: certain ? text : null, quoted };
}

/**
 * The text of a double-quoted part of a delimiter from `from` (after the quote) to its
 * closing quote, with the backslashes bash removes there removed; `null` text when it holds
 * an expansion whose text bash may print again, or no closing quote.
 */
function readDoubleQuoted(src: string, from: number): { text: string | null; end: number } {
  let text = "";
  let k = from;
  while (k < src.length) {
    const c = src[k] as string;
    if (c === '"') return { text, end: k + 1 };
    if (c === "\\") {
      const next = src[k + 1];
      if (next === undefined || next === "\n") return { text: null, end: k + 1 };
      text += '$`"\\'.includes(next) ? next : c + next;
      k += 2;
      continue;
    }
    if (c === "`" || c === "\n" || (c === "$" && (src[k + 1] === "(" || src[k + 1] === "{")))
      return { text: null, end: k };
    text += c;
    k++;
  }
  return { text: null, end: src.length };
}

/** The index of the bracket closing the one at `open` (`(`, `{`, `[`), counting nesting; -1 if none. */
function matchingClose(src: string, open: number): number {
  const opener = src[open] as string;
  const closer = opener === "(" ? ")" : opener === "{" ? "}" : "]";
  let depth = 0;
  for (let k = open; k < src.length; k++) {
    const c = src[k];
    if (c === opener) depth++;
    else if (c === closer && --depth === 0) return k;
  }
  return -1;
}
