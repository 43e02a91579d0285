/** Where a command of the text ends: a `;`, `&`, `|` or newline. */
const COMMAND_END = /[;&|\n]/g;

/** What a scan looked at, for tests that bound the work by the text's length. */
export interface MentionScan {
  chars: number;
}

const atEnd = new WeakMap<RegExp, RegExp>();

/**
 * Whether some match of `word` (a regex with the `g` flag) is followed, in the rest of its
 * command, by a match of `then`: the linear form of `/WORD[^;&|\n]*THEN/.test(text)`, for a
 * `then` that looks at nothing before its start. As in that form, `then` may start at the
 * newline that ends the command (`\s` matches it: `set\n-x`).
 *
 * The whole-text form ran `[^;&|\n]*` from every mention to the end of its command, quadratic
 * in the mentions of one command (`echo "shopt shopt …"`). A later mention in the same command
 * sees a part of what an earlier one saw, so the scan goes on from the end of that command:
 * each character is looked at once (`scan.chars` counts them).
 */
export function mentionedInCommand(
  text: string,
  word: RegExp,
  then: RegExp,
  scan?: MentionScan,
): boolean {
  word.lastIndex = 0;
  for (let match = word.exec(text); match !== null; match = word.exec(text)) {
    const from = match.index + match[0].length;
    COMMAND_END.lastIndex = from;
    const end = COMMAND_END.exec(text)?.index ?? text.length;
    if (scan !== undefined) scan.chars += end - match.index;
    if (then.test(text.slice(from, end))) return true;
    if (text[end] === "\n") {
      let sticky = atEnd.get(then);
      if (sticky === undefined) {
        sticky = new RegExp(then.source, `${then.flags.replace(/[gy]/g, "")}y`);
        atEnd.set(then, sticky);
      }
      sticky.lastIndex = end;
      if (sticky.test(text)) return true;
    }
    word.lastIndex = Math.max(end, match.index + 1);
  }
  return false;
}

/**
 * An operand only known at run time: an expansion, or a pattern a file name may complete
 * (`lastp?pe`, `@(lastpipe)`).
 */
const OPERAND = "(?:[$`*?[]|[@!+]\\()";
/** Such an operand after a `shopt`: it may set any option (`-o` the `set` ones too). */
export const OPERAND_IN = new RegExp(OPERAND);
/** A mention of `shopt`. */
export const SHOPT_WORD = /(?<![\w.$-])shopt\b/g;
/** A mention of `set` (not `x.set(…)`: a word that goes on before it is another). */
export const SET_WORD = /(?<![\w.$-])set\b/g;

/** What may set the `set` option of letter `flag` after a `set`: a cluster holding it, or an operand. */
export function setFlag(flag: string): RegExp {
  return new RegExp(`\\s[-+][A-Za-z]*${flag}|${OPERAND}`);
}

/** A mention of `set` for xtrace: only a word character or `-` before it makes another word. */
export const TRACE_SET_WORD = /(?<![\w-])set\b/g;
/** What turns xtrace on after `set`: a flag cluster holding `x`, or a computed word. */
export const TRACE_FLAG = /\s[-+][A-Za-z]*x|\$/;

/** A builtin that may make a variable an array. */
export const ARRAY_BUILTIN = /\b(?:declare|typeset|local|readonly|read)\b/g;
/** After one, an option cluster holding `a` or `A`, or a computed word. */
export const ARRAY_OPTION = /\s(?:-[A-Za-z]*[aA]|[$`])/;

/** A declaration builtin's name, anywhere (`xlocal` too: the check over-approximates). */
export const DECLARATION_WORD = /declare|typeset|local/g;
/**
 * After one, an option cluster giving the integer attribute (`-i`, `-gi`, `+i`), in the
 * quote-free text: a word of its own (blanks before it), up to the end of that command.
 * Options of other programs (`grep -i`, `git status --porcelain`) do not count; a line
 * continuation is joined in the spelled copy of the text, and a computed option word counts
 * elsewhere.
 */
export const DECLARED_INTEGER = /\s[-+][A-Za-z]*i/;
/** The same for a case attribute (`-l`, `-u`, `-c`). */
export const DECLARED_CASED = /\s[-+][A-Za-z]*[luc]/;
/** After one, an option cluster giving the associative attribute (`-A`, `-gA`). */
export const DECLARED_ASSOCIATIVE = /\s[-+][A-Za-z]*A/;

const NAME_CHAR = /[-+A-Za-z0-9_]/;
const VALUE_END = /[\s;&|]/;

/**
 * Whether a declaration builtin's name is followed by words of names and assignments, then a
 * word that starts computed (`local -$f x`, `declare $o`): the linear form of
 * `/(?:declare|typeset|local)(?:[ \t]+[-+A-Za-z0-9_]+(?:=[^\s;&|]*)?)*[ \t]+\$/.test(text)`.
 * That regex retried its words from every mention (`echo "local local …"`), quadratic; the
 * words it reads are read one way only, so a mention inside ones already read goes the same
 * way, and the search goes on from where the last reading stopped.
 */
export function declaresComputedWord(text: string, scan?: MentionScan): boolean {
  DECLARATION_WORD.lastIndex = 0;
  for (
    let match = DECLARATION_WORD.exec(text);
    match !== null;
    match = DECLARATION_WORD.exec(text)
  ) {
    let at = match.index + match[0].length;
    for (;;) {
      if (text[at] !== " " && text[at] !== "\t") break;
      while (text[at] === " " || text[at] === "\t") at++;
      if (text[at] === "$") return true;
      const name = at;
      while (at < text.length && NAME_CHAR.test(text[at] as string)) at++;
      if (at === name) break;
      if (text[at] === "=") {
        at++;
        while (at < text.length && !VALUE_END.test(text[at] as string)) at++;
      }
    }
    if (scan !== undefined) scan.chars += at - match.index;
    // A mention that ends before `at` lies among the words just read; one may end past it.
    DECLARATION_WORD.lastIndex = Math.max(match.index + 1, at - "declare".length + 1);
  }
  return false;
}

/** Where an unquoted assignment's value ends: a blank or a command's end. */
const HOST_VALUE_END = /[\s;&|]/g;

/**
 * Whether the text assigns BASHOPTS or SHELLOPTS a value holding `$` or a backquote before
 * the value ends: the linear form of `/(?:BASHOPTS|SHELLOPTS)=[^\s;&|]*[$`]/.test(text)`.
 * A later assignment inside a value already read sees a part of it, so the scan goes on from
 * where that value ended (`BASHOPTS=BASHOPTS=…` once, not once per mention).
 */
export function assignsHostOptions(text: string, scan?: MentionScan): boolean {
  const name = /(?:BASHOPTS|SHELLOPTS)=/g;
  for (let match = name.exec(text); match !== null; match = name.exec(text)) {
    const from = match.index + match[0].length;
    HOST_VALUE_END.lastIndex = from;
    const end = HOST_VALUE_END.exec(text)?.index ?? text.length;
    if (scan !== undefined) scan.chars += end - match.index;
    const value = text.slice(from, end);
    if (value.includes("$") || value.includes("`")) return true;
    name.lastIndex = Math.max(name.lastIndex, end);
  }
  return false;
}

/** A character of a function's name as the whole-text search for definitions reads one. */
const DEFINED_NAME_CHAR = /[^\s;&|(){}<>]/;
/** An empty pair of parentheses, as a definition `NAME ()` ends. */
const EMPTY_PARENS = /\([ \t]*\)/g;

/**
 * The names written just before an empty `()`: the linear form of the names
 * `text.matchAll(/([^\s;&|(){}<>]+)[ \t]*\([ \t]*\)/g)` captures. That regex tried every
 * position of a long name and ran it to its end before failing (`echo aaaa…`), quadratic.
 * Each `()` has one name before it, read backwards once; a name cannot reach into an earlier
 * match, which ends with `)`.
 */
export function namesBeforeEmptyParens(text: string, scan?: MentionScan): string[] {
  const names: string[] = [];
  EMPTY_PARENS.lastIndex = 0;
  for (let match = EMPTY_PARENS.exec(text); match !== null; match = EMPTY_PARENS.exec(text)) {
    let end = match.index;
    while (end > 0 && (text[end - 1] === " " || text[end - 1] === "\t")) end--;
    let start = end;
    while (start > 0 && DEFINED_NAME_CHAR.test(text[start - 1] as string)) start--;
    if (scan !== undefined) scan.chars += EMPTY_PARENS.lastIndex - start;
    if (start < end) names.push(text.slice(start, end));
  }
  return names;
}

/**
 * Whether a brace pair with no brace inside holds a `,` or `..` (what brace expansion may
 * expand): the linear form of `/\{[^{}]*(?:,|\.\.)[^{}]*\}/.test(text)`, which rescanned to the
 * end from every `,` after an unclosed `{`. Each stretch between two braces is read once.
 */
export function bracePairWithList(text: string, scan?: MentionScan): boolean {
  let open = -1;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (char !== "{" && char !== "}") continue;
    if (char === "}" && open !== -1) {
      const inside = text.slice(open + 1, at);
      if (scan !== undefined) scan.chars += inside.length;
      if (inside.includes(",") || inside.includes("..")) return true;
    }
    open = char === "{" ? at : -1;
  }
  return false;
}

/** Words after which a `/` in awk opens a regex rather than dividing. */
const AWK_REGEX_AFTER = new Set([
  "print",
  "printf",
  "return",
  "if",
  "while",
  "for",
  "do",
  "else",
  "in",
  "delete",
  "exit",
  "getline",
]);
/**
 * Words after which a `/` may divide or open a regex: `length` may be called without
 * parentheses, and `case` is gawk's keyword (`case /re/:`) but a plain variable to mawk, which
 * divides (R46 awk-lexing-drift, traced with mawk writing /etc/x).
 */
const AWK_BARE_CALL = new Set(["length", "case"]);

/** Index after the `"` closing an awk string opened before `from`; -1 if not on its line. */
function awkStringEnd(text: string, from: number): number {
  for (let k = from; k < text.length; k++) {
    const ch = text[k];
    if (ch === "\n") return -1;
    if (ch === "\\") k++;
    else if (ch === '"') return k + 1;
  }
  return -1;
}

/**
 * Index after the `/` closing an awk regex opened before `from`; -1 if not on its line or when
 * a `/` stands inside a bracket expression (whether it ends the regex there differs between
 * awks). `[:…:]` and friends are skipped whole, so `/[[:space:]]/` is read.
 */
function awkRegexEnd(text: string, from: number): number {
  let inBracket = false;
  for (let k = from; k < text.length; k++) {
    const ch = text[k];
    if (ch === "\n") return -1;
    if (ch === "\\") {
      k++;
      continue;
    }
    if (!inBracket) {
      if (ch === "/") return k + 1;
      if (ch === "[") {
        inBracket = true;
        if (text[k + 1] === "^") k++;
        if (text[k + 1] === "]") k++;
      }
      continue;
    }
    const kind = text[k + 1];
    if (ch === "[" && (kind === ":" || kind === "." || kind === "=")) {
      const close = text.indexOf(`${kind}]`, k + 2);
      if (close === -1 || /[\n/]/.test(text.slice(k + 2, close))) return -1;
      k = close + 1;
    } else if (ch === "]") inBracket = false;
    else if (ch === "/") return -1;
  }
  return -1;
}

/**
 * Whether an awk program has a `print` or `printf` followed by `>` before its statement ends
 * (`;` or `}`). The statement ends are found the way awk lexes: a `;` or `}` inside a string,
 * a regex literal or a comment ends nothing (`print "}" > "/etc/x"` writes the file: S30
 * awk-print-split, R45, traced with mawk). A `/` is a regex after an operator or a keyword and a
 * division after an operand, as awk's own lexer decides; where that is unsure (after `++`, `--`,
 * `$` or a bare `length`), or a string or regex does not end on its line, the answer is yes:
 * joining two statements can only find more, splitting one wrongly can hide a redirect.
 * Within one statement the first `print` decides. One pass, each character read once.
 */
export function printsToFile(text: string, scan?: MentionScan): boolean {
  const n = text.length;
  if (scan !== undefined) scan.chars += n;
  const statementPrints = (statement: string): boolean => {
    const print = /\bprintf?\b/.exec(statement);
    return print !== null && statement.lastIndexOf(">") > print.index;
  };
  let from = 0;
  let operand = false;
  let unsure = false;
  let i = 0;
  while (i < n) {
    const ch = text[i] as string;
    if (ch === ";" || ch === "}") {
      if (statementPrints(text.slice(from, i))) return true;
      from = i + 1;
      operand = false;
      unsure = false;
      i++;
      continue;
    }
    if (ch === "#") {
      while (i < n && text[i] !== "\n") i++;
      continue;
    }
    if (ch === "/" && unsure) return true;
    if (ch === '"' || (ch === "/" && !operand)) {
      const end = ch === '"' ? awkStringEnd(text, i + 1) : awkRegexEnd(text, i + 1);
      if (end === -1) return true;
      i = end;
      operand = true;
      unsure = false;
      continue;
    }
    if (/[A-Za-z_]/.test(ch)) {
      let k = i;
      while (k < n && /\w/.test(text[k] as string)) k++;
      const word = text.slice(i, k);
      operand = !AWK_REGEX_AFTER.has(word);
      unsure = AWK_BARE_CALL.has(word);
      i = k;
      continue;
    }
    if (/[0-9.]/.test(ch)) {
      while (i < n && /[\w.]/.test(text[i] as string)) i++;
      operand = true;
      unsure = false;
      continue;
    }
    if (ch === " " || ch === "\t" || ch === "\r") {
      i++;
      continue;
    }
    // A form feed, a vertical tab or any other character awk's lexers may read differently
    // (mawk takes `\f` and `\v` as blanks: R46 awk-lexing-drift): what follows is unsure.
    const code = ch.charCodeAt(0);
    if (ch !== "\n" && (code < 0x20 || code >= 0x7f)) {
      unsure = true;
      i++;
      continue;
    }
    if ((ch === "+" || ch === "-") && text[i + 1] === ch) {
      operand = false;
      unsure = true;
      i += 2;
      continue;
    }
    // After `)` a `/` may divide (`(a+b)/2`) or open a regex (`if (x) /re/`): unsure.
    operand = ch === "]";
    unsure = ch === "$" || ch === ")";
    i++;
  }
  return statementPrints(text.slice(from));
}
