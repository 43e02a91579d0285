/**
 * A shell-quote-compatible lexer. The analyzer reads every line, and many words, a second time
 * through shell-quote's `parse` (the token cross-check, quote removal, git's alias values).
 * shell-quote compiles its chunking expression on every call and splits every result with
 * another one; on the analyzer's hot path that was a tenth of the work. This module gives the
 * same answer for every input, in one linear pass with no regular expression built per call;
 * a property test holds it to shell-quote 1.12.0's output on generated and corpus text.
 *
 * The answer keeps shell-quote's own readings, including those bash does not share (a `#`
 * anywhere in an unquoted word starts a comment; an unterminated quote is skipped): callers
 * were written against them and escape or mask what they need first.
 */

/** One entry of the result, as shell-quote's `parse` returns it. */
export type LexEntry =
  | string
  | { op: string }
  | { op: "glob"; pattern: string }
  | { comment: string };

/** How `$NAME` is replaced: a function of the name, or shell-quote's default (unset is empty). */
export type LexEnv = ((name: string) => string) | undefined;

/** Control operators, longest first, as shell-quote's CONTROL alternation lists them. */
const OPERATORS = [
  "||",
  "&&",
  "&>>",
  "&>",
  ";;&",
  ";;",
  ";&",
  "|&",
  "<(",
  "<<<",
  "<<-",
  "<<",
  ">>",
  ">&",
  ">|",
  ">(",
  "<&",
  "<>",
  "&",
  ";",
  "(",
  ")",
  "|",
  "<",
  ">",
] as const;

const OPERATOR_SET: ReadonlySet<string> = new Set(OPERATORS);

/** shell-quote's META characters: they end a bare word. */
function isMeta(c: string): boolean {
  return (
    c === "|" ||
    c === "&" ||
    c === ";" ||
    c === "(" ||
    c === ")" ||
    c === "<" ||
    c === ">" ||
    c === " " ||
    c === "\t"
  );
}

/** What JavaScript's `\s` matches: shell-quote's word boundary. */
const WHITESPACE = /\s/;
function isSpace(c: string): boolean {
  return (
    c === " " ||
    c === "\t" ||
    c === "\n" ||
    c === "\r" ||
    c === "\v" ||
    c === "\f" ||
    (c > "\x7f" && WHITESPACE.test(c))
  );
}

/** The operator starting at `i`, or null. `<<(` is `<` then `<(`, as shell-quote reads it. */
function operatorAt(text: string, i: number): string | null {
  const c = text[i];
  if (c !== "|" && c !== "&" && c !== ";" && c !== "(" && c !== ")" && c !== "<" && c !== ">")
    return null;
  for (const op of OPERATORS) {
    if (text.startsWith(op, i)) {
      if (op === "<<" && text[i + 2] === "(") continue;
      return op;
    }
  }
  return null;
}

/** The end (after the closing quote) of the `$'…'` starting at `i`, or -1 when it never closes. */
function ansiCEnd(text: string, i: number): number {
  for (let j = i + 2; j < text.length; j++) {
    const c = text[j];
    if (c === "\\") {
      j++;
      continue;
    }
    if (c === "'") return j + 1;
  }
  return -1;
}

/** The end of the `"…"` starting at `i`, or -1 when it never closes. */
function doubleQuoteEnd(text: string, i: number): number {
  for (let j = i + 1; j < text.length; j++) {
    const c = text[j];
    if (c === "\\") {
      j++;
      continue;
    }
    if (c === '"') return j + 1;
  }
  return -1;
}

/** Characters a backslash escapes inside a bare word, for chunking. */
function isBareEscapable(c: string | undefined): boolean {
  return c === "'" || c === '"' || c === "$" || c === "\\" || (c !== undefined && isMeta(c));
}

/**
 * The end of the word chunk starting at `i` (shell-quote's `(ANSI_C | BAREWORD | "…" | '…')+`),
 * or `i` when no chunk starts there.
 */
function chunkEnd(text: string, i: number): number {
  let j = i;
  for (;;) {
    const c = text[j];
    if (c === undefined) return j;
    if (c === "$" && text[j + 1] === "$") {
      // `$$` is one bare pair: a `'` after it opens a plain single-quoted string.
      j += 2;
      continue;
    }
    if (c === "$" && text[j + 1] === "'") {
      const end = ansiCEnd(text, j);
      if (end !== -1) {
        j = end;
        continue;
      }
      // An unclosed `$'`: the `$` is a bare character, the `'` is looked at next.
      j++;
      continue;
    }
    if (c === '"') {
      const end = doubleQuoteEnd(text, j);
      if (end === -1) return j;
      j = end;
      continue;
    }
    if (c === "'") {
      const end = text.indexOf("'", j + 1);
      if (end === -1) return j;
      j = end + 1;
      continue;
    }
    if (c === "\\" && isBareEscapable(text[j + 1])) {
      j += 2;
      continue;
    }
    if (isSpace(c) || isMeta(c)) return j;
    j++;
  }
}

const ANSI_C_LETTERS = "abeEfnrtv";
const ANSI_C_CHARS = "\x07\b\x1B\x1B\f\n\r\t\v";

/** Decodes the body of `$'…'` as shell-quote does (a NUL ends the string, as in bash). */
function expandAnsiC(body: string): string {
  let out = "";
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c !== "\\" || i + 1 >= body.length) {
      out += c;
      continue;
    }
    const kind = body[i + 1] as string;
    const octal = /^[0-7]{1,3}/.exec(body.slice(i + 1, i + 4));
    if (octal) {
      out += String.fromCharCode(Number.parseInt(octal[0], 8) & 0xff);
      i += octal[0].length;
      continue;
    }
    const hexLength = kind === "x" ? 2 : kind === "u" ? 4 : kind === "U" ? 8 : 0;
    if (hexLength > 0) {
      const digits = /^[0-9A-Fa-f]+/.exec(body.slice(i + 2, i + 2 + hexLength));
      if (digits) {
        const code = Number.parseInt(digits[0], 16);
        out +=
          code > 0x10ffff ? body.slice(i, i + 2 + digits[0].length) : String.fromCodePoint(code);
        i += 1 + digits[0].length;
        continue;
      }
      out += c;
      continue;
    }
    if (kind === "c" && i + 2 < body.length) {
      const control = body.slice(i + 2, i + 4) === "\\\\" ? "\\" : (body[i + 2] as string);
      out += control === "?" ? "\x7F" : String.fromCharCode(control.charCodeAt(0) & 0x1f);
      i += control === "\\" && body.slice(i + 2, i + 4) === "\\\\" ? 3 : 2;
      continue;
    }
    const letter = ANSI_C_LETTERS.indexOf(kind);
    if (letter >= 0) {
      out += ANSI_C_CHARS[letter];
      i++;
      continue;
    }
    if (kind === "\\" || kind === "'" || kind === '"' || kind === "?") {
      out += kind;
      i++;
      continue;
    }
    out += c;
  }
  const nul = out.indexOf("\0");
  return nul === -1 ? out : out.slice(0, nul);
}

class BadSubstitution extends Error {}

function isNameChar(c: string | undefined): boolean {
  return (
    c !== undefined &&
    ((c >= "a" && c <= "z") || (c >= "A" && c <= "Z") || (c >= "0" && c <= "9") || c === "_")
  );
}

/**
 * Reads one chunk char by char, shell-quote's quoting rules. Returns the entries it yields and
 * whether a comment began (which ends the whole parse).
 */
function readChunk(
  chunk: string,
  chunkStart: number,
  whole: string,
  env: LexEnv,
  out: LexEntry[],
): boolean {
  let quote: "" | "'" | '"' = "";
  let esc = false;
  let value = "";
  let glob = false;
  const variable = (at: number): [string, number] => {
    // `at` is the index of `$`; returns the value and the index of the last character used.
    let i = at + 1;
    const c = chunk[i];
    let name: string;
    if (c === "{") {
      i++;
      if (chunk[i] === "}") throw new BadSubstitution();
      let depth = 1;
      let end = i;
      while (depth > 0 && end < chunk.length) {
        if (chunk[end] === "{" && chunk[end - 1] === "$") depth++;
        else if (chunk[end] === "}") depth--;
        end++;
      }
      if (depth !== 0) throw new BadSubstitution();
      end--;
      name = chunk.slice(i, end);
      i = end;
    } else if (c !== undefined && "*@#?$!-".includes(c)) {
      name = c;
    } else {
      let end = i;
      while (isNameChar(chunk[end])) end++;
      name = chunk.slice(i, end);
      i = end === i ? i - 1 : end - 1;
      if (end === chunk.length) i = chunk.length;
    }
    if (env !== undefined) return [env(name), i];
    return [name === "" ? "$" : "", i];
  };
  for (let i = 0; i < chunk.length; i++) {
    let c = chunk[i] as string;
    glob = glob || (quote === "" && (c === "*" || c === "?"));
    if (esc) {
      value += c;
      esc = false;
    } else if (quote !== "") {
      if (c === quote) quote = "";
      else if (quote === "'") value += c;
      else if (c === "\\") {
        i++;
        c = chunk[i] ?? "";
        value += c === '"' || c === "\\" || c === "$" ? c : `\\${c}`;
      } else if (c === "$") {
        const [replaced, last] = variable(i);
        value += replaced;
        i = last;
      } else value += c;
    } else if (c === '"' || c === "'") {
      quote = c;
    } else if (OPERATOR_SET.has(c)) {
      out.push({ op: chunk });
      return false;
    } else if (c === "#") {
      if (value.length > 0) out.push(value);
      out.push({ comment: whole.slice(chunkStart + i + 1) });
      return true;
    } else if (c === "\\") {
      esc = true;
    } else if (c === "$" && chunk[i + 1] === "'" && ansiCEnd(chunk, i) !== -1) {
      const end = ansiCEnd(chunk, i);
      value += expandAnsiC(chunk.slice(i + 2, end - 1));
      i = end - 1;
    } else if (c === "$") {
      const [replaced, last] = variable(i);
      value += replaced;
      i = last;
    } else value += c;
  }
  out.push(glob ? { op: "glob", pattern: value } : value);
  return false;
}

/**
 * Splits a line as shell-quote's `parse(text, env)` does.
 *
 * @throws Error on what shell-quote calls a bad substitution (`${}`, an unclosed `${`)
 */
export function shellLex(text: string, env?: LexEnv, spans?: [number, number][]): LexEntry[] {
  const out: LexEntry[] = [];
  // Where each entry was read from (`spans`, when asked for): shell-quote's answer has no
  // positions, and a word written right after `)` (`$(a)b`) is part of the same shell word.
  const spanned = (from: number, to: number) => {
    while (spans !== undefined && spans.length < out.length) spans.push([from, to]);
  };
  let i = 0;
  while (i < text.length) {
    const op = operatorAt(text, i);
    if (op !== null) {
      out.push({ op });
      spanned(i, i + op.length);
      i += op.length;
      continue;
    }
    const end = chunkEnd(text, i);
    if (end === i) {
      // Nothing starts here (a blank, or a quote that never closes): shell-quote skips it.
      i++;
      continue;
    }
    try {
      const done = readChunk(text.slice(i, end), i, text, env, out);
      spanned(i, end);
      if (done) return out;
    } catch (error) {
      if (error instanceof BadSubstitution) throw new Error("Bad substitution");
      throw error;
    }
    i = end;
  }
  return out;
}
