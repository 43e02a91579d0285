import { STEP, tick } from "../check/deadline.ts";
import { substitutionClose } from "./source.ts";

/**
 * Finds the substitutions bash would run inside a piece of text the grammar handed back
 * without parsing it: an unquoted heredoc body (tree-sitter-bash leaves `<<-` bodies and
 * backticks in bodies as text), a word inside `${x/…/…}`, single quotes inside a
 * double-quoted `${x:-'…'}` (they do not quote there). Whatever bash expands must be found,
 * whatever form the grammar hands back.
 *
 * One pass, no backtracking; a substitution whose end cannot be found runs to the end of the
 * text, so its body is analysed (and most likely found unparseable) rather than skipped.
 */

/** How the text is quoted where it stands. */
export type QuotingMode =
  /** An unquoted word: quotes and backslashes work as on a command line. */
  | "word"
  /** Inside double quotes: `\` escapes only `$`, `` ` ``, `"`, `\` and newline. */
  | "dquote"
  /**
   * An unquoted heredoc body, or the operand of a `${…}` inside double quotes: both quote
   * characters are ordinary, `\` escapes only `$`, `` ` `` and `\`.
   */
  | "heredoc";

/** One substitution found in the text. */
export interface FoundSubstitution {
  kind: "command" | "backtick" | "arithmetic" | "process" | "expansion";
  /**
   * The shell text that runs (backtick escapes already removed); for `arithmetic` the
   * expression, for `expansion` the whole `${…}`, which may evaluate a variable's value.
   */
  body: string;
  /** Offset of the substitution's first character in the scanned text. */
  start: number;
  end: number;
  /**
   * Set when where bash closes the substitution is not certain (see
   * {@link substitutionClose}): what runs there cannot be told from the text.
   */
  doubt?: true;
}

/** Every substitution bash would run in `text`, outermost first, in order. */
export function findSubstitutions(text: string, mode: QuotingMode): FoundSubstitution[] {
  const found: FoundSubstitution[] = [];
  scan(text, 0, text.length, mode, found);
  return found;
}

function scan(
  text: string,
  from: number,
  to: number,
  mode: QuotingMode,
  found: FoundSubstitution[],
  arithmeticInDouble = false,
): void {
  let i = from;
  while (i < to) {
    tick(STEP.char);
    const c = text[i];
    if (c === "\\") {
      i += 2;
      continue;
    }
    if (mode === "word" && c === "'") {
      i = closingQuote(text, i + 1, to, "'") + 1;
      continue;
    }
    if (mode === "word" && c === "$" && text[i + 1] === "'") {
      i = closingAnsi(text, i + 2, to) + 1;
      continue;
    }
    if (mode === "word" && c === '"') {
      const close = closingDouble(text, i + 1, to);
      scan(text, i + 1, close, "dquote", found);
      i = close + 1;
      continue;
    }
    if (mode === "dquote" && c === '"') {
      i++;
      continue;
    }
    if (c === "`") {
      const close = closingBacktick(text, i + 1, to);
      // Right in double quotes bash also takes `\"` for `"`; in `$[ ]` there it may.
      const quoted = mode === "dquote" ? true : arithmeticInDouble ? null : false;
      for (const body of backquoteReadings(text.slice(i + 1, close), quoted)) {
        found.push({ kind: "backtick", body, start: i, end: Math.min(close + 1, to) });
      }
      i = close + 1;
      continue;
    }
    if (c === "$" && text[i + 1] === "(") {
      // INVARIANT: bash reads a `$( )` as code wherever it stands (parse_comsub), in a heredoc
      // body too: a comment hides a `)` and a heredoc opened inside takes the lines after it,
      // so the substitution closes where bash's code reading closes it, not at a matching `)`.
      const read = dollarParen(text, i, to);
      const close = read.close;
      if (read.arithmetic) {
        // `$(( … ))`: the expression's own substitutions run; its text is not a command.
        const found2: FoundSubstitution[] = [];
        scan(text, i + 3, Math.max(i + 3, close - 1), "heredoc", found2);
        found.push({
          kind: "arithmetic",
          body: text.slice(i + 3, close - 1),
          start: i,
          end: close + 1,
        });
        found.push(...found2);
      } else {
        found.push({
          kind: "command",
          body: text.slice(i + 2, close),
          start: i,
          end: close + 1,
          ...(read.doubt ? { doubt: true as const } : {}),
        });
      }
      i = close + 1;
      continue;
    }
    if (mode === "word" && (c === "<" || c === ">") && text[i + 1] === "(") {
      const read = substitutionClose(text, i, to);
      const close = read.close;
      found.push({
        kind: "process",
        body: text.slice(i + 2, close),
        start: i,
        end: close + 1,
        ...(read.doubt ? { doubt: true as const } : {}),
      });
      i = close + 1;
      continue;
    }
    if (mode === "heredoc" && c === "$" && text[i + 1] === "'") {
      // Inside a double-quoted `${…}`, bash decodes `$'…'` and expands what it decodes to.
      const close = closingAnsi(text, i + 2, to);
      const decoded = decodeAnsi(text.slice(i + 2, close));
      for (const inner of findSubstitutions(decoded, "heredoc")) {
        found.push({ ...inner, start: i, end: Math.min(close + 1, to) });
      }
      i = close + 1;
      continue;
    }
    if (c === "$" && text[i + 1] === "[") {
      // `$[ … ]`, bash's old arithmetic expansion.
      const close = closingPair(text, i + 2, to, "[", "]");
      found.push({ kind: "arithmetic", body: text.slice(i + 2, close), start: i, end: close + 1 });
      // bash takes a `\"` in a backquote inside `"$[ … ]"` for `"` (traced; not in `"$(( ))"`).
      scan(text, i + 2, close, "heredoc", found, arithmeticInDouble || mode === "dquote");
      i = close + 1;
      continue;
    }
    if (c === "$" && text[i + 1] === "{") {
      const close = closingBrace(text, i + 2, to);
      found.push({ kind: "expansion", body: text.slice(i, close + 1), start: i, end: close + 1 });
      // Inside double quotes (and heredoc bodies) single quotes in `${…}` do not quote.
      scan(text, i + 2, close, mode === "word" ? "word" : "heredoc", found);
      i = close + 1;
      continue;
    }
    i++;
  }
}

/** The text an ANSI-C quoted string stands for (`\x24` is `$`, `\044` is `$`, `\n`, …). */
export function decodeAnsi(body: string): string {
  return body.replace(
    /\\(x[0-9a-fA-F]{1,2}|u[0-9a-fA-F]{1,4}|U[0-9a-fA-F]{1,8}|[0-7]{1,3}|c.|.)/gs,
    (_, code: string) => {
      const kind = code[0] as string;
      if (kind === "x" || kind === "u" || kind === "U") {
        // Past the last code point bash keeps the escape as written; fromCodePoint would throw.
        const point = Number.parseInt(code.slice(1), 16);
        return point > 0x10ffff ? `\\${code}` : String.fromCodePoint(point);
      }
      if (/[0-7]/.test(kind)) return String.fromCharCode(Number.parseInt(code, 8));
      const simple: Record<string, string> = {
        n: "\n",
        t: "\t",
        r: "\r",
        a: "\u0007",
        b: "\b",
        e: "\u001b",
        E: "\u001b",
        f: "\f",
        v: "\v",
      };
      return simple[kind] ?? code;
    },
  );
}

function closingQuote(text: string, from: number, to: number, quote: string): number {
  const at = text.indexOf(quote, from);
  return at === -1 || at >= to ? to : at;
}

function closingAnsi(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === "'") return i;
  }
  return to;
}

function closingDouble(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    const c = text[i];
    if (c === "\\") i++;
    else if (c === '"') return i;
    else if (c === "$" && text[i + 1] === "(") i = substitutionClose(text, i, to).close;
    else if (c === "$" && text[i + 1] === "{") i = closingBrace(text, i + 2, to);
    else if (c === "`") i = closingBacktick(text, i + 1, to);
  }
  return to;
}

function closingBacktick(text: string, from: number, to: number): number {
  for (let i = from; i < to; i++) {
    if (text[i] === "\\") i++;
    else if (text[i] === "`") return i;
  }
  return to;
}

/**
 * Where bash ends the `$(` at `at` in `text` (read no further than `to`; see
 * {@link substitutionClose}) and how it reads it. `$((` is arithmetic only when its second
 * parenthesis closes right before the first: `$((( 1 )); ls)` is a command substitution whose
 * script starts with `(( 1 ))`, and `$((echo a) )` one holding a subshell (bash's
 * chk_arithsub); anything else is a command substitution whose body runs as code.
 */
export function dollarParen(
  text: string,
  at: number,
  to: number,
): { close: number; arithmetic: boolean; doubt: boolean } {
  const read = substitutionClose(text, at, to);
  const arithmetic =
    text[at + 2] === "(" &&
    read.close < to &&
    closingParen(text, at + 3, read.close) === read.close - 1;
  return { close: read.close, arithmetic, doubt: read.doubt };
}

/**
 * The code bash runs for a backquoted substitution whose body is `raw` (the text between the
 * backquotes, as written). Before it parses the body bash removes one backslash layer: `\\`,
 * `` \` `` and `\$` stand for `\`, `` ` `` and `$` (so `` `echo a \\| nproc` `` runs echo
 * with a `|` word, and `` `echo \`id\`` `` runs id), and where the backquotes stand right in
 * double quotes `\"` stands for `"` as well (`` "`cat \".env\"`" `` reads .env; in a heredoc
 * body, in `${…}` or in `$(( ))` inside double quotes the `\"` stays). `quoted` says which
 * holds; null when the caller cannot tell, and then a body holding `\"` has both readings.
 * Each reading is what bash may parse; a caller that interprets the body must take all.
 */
export function backquoteReadings(raw: string, quoted: boolean | null): string[] {
  const plain = raw.replace(/\\([`$\\])/g, "$1");
  if (quoted === false || !raw.includes('\\"')) return [plain];
  const dequoted = raw.replace(/\\([`$\\"])/g, "$1");
  return quoted === true ? [dequoted] : [plain, dequoted];
}

/** The `` ` `` that closes one opened just before `from` (`to` when none does). */
export function backtickClose(text: string, from: number, to: number): number {
  return closingBacktick(text, from, to);
}

/** The `)` that closes a `(` just before `from`, skipping quotes and nested parentheses. */
function closingParen(text: string, from: number, to: number): number {
  return closingPair(text, from, to, "(", ")");
}

/** The `}` that closes a `${` just before `from`. */
function closingBrace(text: string, from: number, to: number): number {
  return closingPair(text, from, to, "{", "}");
}

function closingPair(text: string, from: number, to: number, open: string, close: string): number {
  let depth = 1;
  for (let i = from; i < to; i++) {
    tick(STEP.char);
    const c = text[i];
    if (c === "\\") i++;
    else if (c === "'") i = closingQuote(text, i + 1, to, "'");
    else if (c === '"') i = closingDouble(text, i + 1, to);
    else if (c === "`") i = closingBacktick(text, i + 1, to);
    else if (open === "{" && c === "$" && text[i + 1] === "(")
      i = substitutionClose(text, i, to).close;
    else if (c === open) depth++;
    else if (c === close && --depth === 0) return i;
  }
  return to;
}

/**
 * The text with each `${…}` outside single quotes replaced by `$_`: the operand of a parameter
 * expansion is part of its word, whatever it holds (for tools that cannot read it).
 */
export function maskParameterExpansions(text: string): string {
  if (!text.includes("${")) return text;
  let out = "";
  let single = false;
  let double = false;
  let i = 0;
  while (i < text.length) {
    const c = text[i] as string;
    if (single) {
      if (c === "'") single = false;
      out += c;
      i++;
      continue;
    }
    if (c === "\\") {
      out += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (c === "'" && !double) single = true;
    else if (c === '"') double = !double;
    else if (c === "$" && text[i + 1] === "{") {
      out += "$_";
      i = closingBrace(text, i + 2, text.length) + 1;
      continue;
    }
    out += c;
    i++;
  }
  return out;
}
