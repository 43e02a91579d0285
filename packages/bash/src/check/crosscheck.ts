import { shellLex as shellParse } from "../read/shell-lex.ts";
import type { LogicalLine } from "../read/source.ts";
import { maskParameterExpansions } from "../read/substitutions.ts";
import { hasBraceExpansion, protectBlanks, type Word, wordFromText } from "../read/words.ts";
import type { BashCommandContext } from "../types.ts";
import { STEP, tick } from "./deadline.ts";

/** A redirect's descriptor: a number, or `{name}` where bash puts the one it opens. */
const DESCRIPTOR = /^(?:\d+|\{[a-z_][a-z0-9_]*\})$/;

/**
 * The token cross-check: an independent reading of the command through shell-quote's
 * operator stream. Every word that stands where a command starts (after a control operator,
 * a keyword, `(`, `$(`, `<(`) must match a unit the grammar enumerated on the same line.
 * tree-sitter-bash is known to drop units (`git commit -F - <<'MSG' 2>&1 | rm -rf /tmp/x`);
 * a command seen here but missing there makes the analysis partial and is recovered as a
 * unit carrying `<unparseable-bash-command>`.
 *
 * The pass errs towards seeing fewer commands (shell-quote knows no heredocs, backticks or
 * keywords), never more: a missed command here is harmless, a phantom one would be a
 * pointless ask.
 */

/** A command start found by the token pass. */
export interface TokenCommand {
  /** Index into the logical lines. */
  line: number;
  /** The command word after quote removal, or `?` when it is computed. */
  key: string;
  /** The command's words up to the next operator (redirect targets excluded). */
  words: Word[];
  context: BashCommandContext;
}

/** A token; `glued` marks a word written right after the token before it, with no blank between. */
type Token = { word: Word; raw: string; glued?: boolean } | { op: string };

/** The key of a line the token pass could not read (no unit ever has it). */
export const UNREADABLE = "\u0000unreadable";

const MARK = "\u{E000}";

/** Splits one line into shell-quote tokens; `$NAME` stays visible as a computed word. */
export function tokenize(text: string): Token[] {
  return tokenizeOrNull(text) ?? [];
}

/**
 * The tokens of a text, or null when shell-quote cannot read it. A `${…}` is masked first: its
 * operand belongs to the word (shell-quote stops at `${x/$(…)}` with "Bad substitution").
 */
export function tokenizeOrNull(text: string): Token[] | null {
  // Paid before reading too, not only by the tokens after: a text may be read again for each
  // of its parts (R25: the nested nodes of 120 KB of `<<a=(`; see the walk's `error`).
  tick(STEP.char * text.length);
  const guard = protectBlanks(unquoteSubstitutions(maskParameterExpansions(text)));
  let parsed: ReturnType<typeof shellParse>;
  const spans: [number, number][] = [];
  try {
    parsed = shellParse(guard.text, (name) => `${MARK}${name}`, spans);
  } catch {
    return null;
  }
  const tokens: Token[] = [];
  for (const [index, entry] of parsed.entries()) {
    if (typeof entry === "string") {
      const glued = index > 0 && spans[index]?.[0] === spans[index - 1]?.[1];
      const marked = entry.includes(MARK);
      const computed = marked || entry.includes("`");
      const restored = guard.restore(entry);
      const shown = marked ? restored.split(MARK).join("$") : restored;
      tokens.push({
        // shell-quote has removed the quotes: a leading `~` is read as a tilde, the reading that
        // touches more (these words only matter where the grammar failed).
        word: wordFromText(shown, {
          computed: computed || hasBraceExpansion(entry),
          tilde: shown.startsWith("~"),
        }),
        raw: shown,
        ...(glued ? { glued } : {}),
      });
      continue;
    }
    if ("comment" in entry) break;
    if ("op" in entry) {
      if (entry.op === "glob") {
        const pattern = guard.restore((entry as { pattern: string }).pattern);
        tokens.push({ word: wordFromText(pattern, { glob: true }), raw: pattern });
      } else tokens.push({ op: entry.op });
    }
  }
  return tokens;
}

/**
 * The text with every `$(…)` written inside double quotes moved out of them (`"a$(b "c")d"`
 * becomes `"a"$(b "c")"d"`). Inside `$(…)` bash starts a new quoting context, so the quotes of
 * `"$(dirname "$f")"` nest; shell-quote knows no nesting and would end the string at the inner
 * quote, leaving a `)` that looks like a command of its own. Moving the substitution out keeps
 * every command start where bash has it (only the word's splitting changes, which the token
 * pass does not judge). Text this reading is unsure of (a heredoc, a backtick, a `case`,
 * arithmetic inside double quotes, an unclosed quote or substitution) is handed back unchanged.
 *
 * @example
 * ```ts
 * unquoteSubstitutions('X="$(basename "$(pwd)")"'); // 'X=$(basename $(pwd))'
 * ```
 */
export function unquoteSubstitutions(text: string): string {
  if (!text.includes('"') || !text.includes("$(")) return text;
  // A `case` pattern's `)` and a backtick's own quoting would need a reading of their own.
  if (text.includes("`") || /\b(case|esac)\b/.test(text)) return text;
  // What encloses the current character: a double-quoted string, or a `$(…)` (with the depth of
  // plain parentheses opened in it, and whether it was opened inside double quotes).
  type Frame = { kind: "dq"; opened: number } | { kind: "sub"; depth: number; quoted: boolean };
  const frames: Frame[] = [];
  let out = "";
  let i = 0;
  const top = () => frames[frames.length - 1];
  while (i < text.length) {
    tick(STEP.token);
    const c = text[i] as string;
    const frame = top();
    if (c === "\\") {
      out += text.slice(i, i + 2);
      i += 2;
      continue;
    }
    if (frame?.kind === "dq") {
      if (c === '"') {
        frames.pop();
        out += c;
        i++;
        continue;
      }
      if (c === "$" && text[i + 1] === "(") {
        if (text[i + 2] === "(") return text;
        // Close the string before the substitution; an empty string is left out entirely.
        if (out.length === frame.opened + 1) out = out.slice(0, -1);
        else out += '"';
        frames.pop();
        frames.push({ kind: "sub", depth: 0, quoted: true });
        out += "$(";
        i += 2;
        continue;
      }
      out += c;
      i++;
      continue;
    }
    // Unquoted, at the top or inside a substitution.
    if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close === -1) return text;
      out += text.slice(i, close + 1);
      i = close + 1;
      continue;
    }
    if (c === "$" && text[i + 1] === "'") {
      // `$'…'`: backslash escapes, so a `\'` does not end it.
      let j = i + 2;
      while (j < text.length && text[j] !== "'") j += text[j] === "\\" ? 2 : 1;
      if (j >= text.length) return text;
      out += text.slice(i, j + 1);
      i = j + 1;
      continue;
    }
    if (c === "<" && text[i + 1] === "<" && text[i + 2] !== "<") return text;
    if (c === "#" && (i === 0 || /[\s;&|()]/.test(text[i - 1] as string))) {
      const end = text.indexOf("\n", i);
      out += end === -1 ? text.slice(i) : text.slice(i, end);
      i = end === -1 ? text.length : end;
      continue;
    }
    if (c === '"') {
      frames.push({ kind: "dq", opened: out.length });
      out += c;
      i++;
      continue;
    }
    if (c === "$" && text[i + 1] === "(") {
      frames.push({ kind: "sub", depth: 0, quoted: false });
      out += "$(";
      i += 2;
      continue;
    }
    if (frame?.kind === "sub") {
      if (c === "(") frame.depth++;
      else if (c === ")") {
        if (frame.depth > 0) frame.depth--;
        else {
          frames.pop();
          out += ")";
          i++;
          if (frame.quoted) {
            // Back inside the string: reopen it, unless it ends right here.
            if (text[i] === '"') i++;
            else {
              frames.push({ kind: "dq", opened: out.length });
              out += '"';
            }
          }
          continue;
        }
      }
    }
    out += c;
    i++;
  }
  return frames.length === 0 ? out : text;
}

/** The words of a text as shell-quote reads them (operators dropped). */
export function tokenWords(text: string): Word[] {
  return tokenize(text).flatMap((token) => ("word" in token ? [token.word] : []));
}

const REDIRECTS = new Set(["<", ">", ">>", ">&", "<&", ">|", "&>", "&>>", "<>", "<<", "<<<"]);
const SEPARATORS = new Set([";", "&", "&&", "||", "|", "|&", "\n"]);
const CASE_SEPARATORS = new Set([";;", ";&", ";;&"]);
const STAY_IN_COMMAND = new Set([
  "if",
  "then",
  "else",
  "elif",
  "do",
  "while",
  "until",
  "!",
  "{",
  "time",
  "coproc",
]);
const CLOSERS = new Set(["fi", "done", "esac", "}"]);

type Mode = "cmd" | "args" | "loop-head" | "case-subject" | "case-pattern" | "test";

interface Frame {
  restore: Mode;
  context: BashCommandContext;
  /** The command whose words continue after the frame closes. */
  host: TokenCommand | null;
  /** The host's word this substitution is part of (`$(…)`, `<(…)`), rebuilt on close. */
  word: Word | null;
  prefix: string;
  /** Token texts inside the frame, to rebuild the word. */
  parts: string[];
}

/** Runs the token state machine over every logical line. */
export function tokenCommands(lines: readonly LogicalLine[]): TokenCommand[] {
  const stream: { token: Token; line: number }[] = [];
  const unreadable: TokenCommand[] = [];
  lines.forEach((line, index) => {
    const tokens = tokenizeOrNull(line.tokens);
    // INVARIANT: a line the token pass cannot read cannot confirm the grammar: it stands as
    // a command no unit accounts for, so the analysis is floored.
    if (tokens === null) {
      unreadable.push({ line: index, key: UNREADABLE, words: [], context: null });
      return;
    }
    for (const token of tokens) stream.push({ token, line: index });
    stream.push({ token: { op: "\n" }, line: index });
  });
  const commands: TokenCommand[] = [...unreadable];
  const frames: Frame[] = [];
  let mode: Mode = "cmd";
  let current: TokenCommand | null = null;
  const context = (): BashCommandContext => frames[frames.length - 1]?.context ?? null;
  const wordAt = (k: number): Word | null => {
    const entry = stream[k]?.token;
    return entry && "word" in entry ? entry.word : null;
  };
  const opAt = (k: number): string | null => {
    const entry = stream[k]?.token;
    return entry && "op" in entry ? entry.op : null;
  };
  const skipParens = (k: number): number => {
    let depth = 0;
    for (let j = k; j < stream.length; j++) {
      tick(STEP.token);
      const op = opAt(j);
      if (op === "(" || op === "<(" || op === ">(") depth++;
      else if (op === ")" && --depth === 0) return j;
    }
    return stream.length;
  };

  const open = (frame: Omit<Frame, "host" | "parts">): void => {
    frames.push({ ...frame, host: current, parts: [] });
    current = null;
    mode = "cmd";
  };
  const close = (): void => {
    const frame = frames.pop();
    if (frame === undefined) {
      mode = "args";
      return;
    }
    const text = `${frame.prefix}${frame.parts.join(" ")})`;
    if (frame.word !== null) {
      frame.word.text = text;
      frame.word.literal = false;
      frame.word.splittable = frame.context === "command_substitution";
      frame.word.processSubstitution = frame.context === "process_substitution";
    }
    frames[frames.length - 1]?.parts.push(text);
    current = frame.host;
    mode = frame.restore;
  };

  // Whether the token before is the `)` of a substitution that belongs to a word.
  let closedWord = false;
  for (let k = 0; k < stream.length; k++) {
    tick(STEP.token);
    const { token, line } = stream[k] as { token: Token; line: number };
    const inner = frames[frames.length - 1];
    const afterWord = closedWord;
    closedWord = false;
    if ("op" in token) {
      const op = token.op;
      if (inner && op !== ")" && op !== "\n") inner.parts.push(op);
      if (op !== "(" && op !== ")" && op !== "<(" && op !== ">(" && !REDIRECTS.has(op))
        current = null;
      if (REDIRECTS.has(op)) {
        // The target is a word, not a command or an argument.
        if (wordAt(k + 1) !== null) k++;
        continue;
      }
      if (SEPARATORS.has(op)) {
        if (
          mode !== "loop-head" &&
          mode !== "case-subject" &&
          mode !== "case-pattern" &&
          mode !== "test"
        ) {
          mode = "cmd";
        }
        continue;
      }
      if (CASE_SEPARATORS.has(op)) {
        mode = "case-pattern";
        continue;
      }
      if (op === "<(" || op === ">(") {
        if (inner) inner.parts.pop();
        const word =
          mode === "args" && current !== null ? wordFromText(op, { computed: true }) : null;
        if (word !== null) current?.words.push(word);
        open({
          restore: mode === "cmd" ? "cmd" : "args",
          context: "process_substitution",
          word,
          prefix: op,
        });
        continue;
      }
      if (op === "(") {
        const previous = wordAt(k - 1);
        if (mode === "case-pattern" || mode === "loop-head" || mode === "test") continue;
        if (previous?.text.endsWith("$") && opAt(k - 1) === null) {
          if (opAt(k + 1) === "(") {
            k = skipParens(k);
            continue;
          }
          if (inner) inner.parts.pop();
          open({
            restore: mode,
            context: "command_substitution",
            word: previous,
            prefix: `${previous.text}(`,
          });
          continue;
        }
        // `name=(…)`: an array value, also as a declaration argument (`declare -a a=(…)`).
        if (previous?.text.endsWith("=") && (mode === "cmd" || mode === "args")) {
          k = skipParens(k);
          continue;
        }
        if (mode === "cmd" && opAt(k + 1) === "(") {
          k = skipParens(k);
          continue;
        }
        if (mode === "args" && opAt(k + 1) === ")") {
          // `name ( )`: a function definition, not a command.
          commands.pop();
          k++;
          mode = "cmd";
          continue;
        }
        if (inner) inner.parts.pop();
        open({ restore: "args", context: "subshell", word: null, prefix: "(" });
        continue;
      }
      if (op === ")") {
        if (mode === "case-pattern") {
          mode = "cmd";
          continue;
        }
        if (mode === "loop-head" || mode === "case-subject" || mode === "test") continue;
        closedWord = inner?.word != null;
        close();
        continue;
      }
      continue;
    }

    const word = token.word;
    inner?.parts.push(word.text);
    // `X=$(a)b`, `X="$(a) b"`: what is written right after a substitution's `)` goes on with the
    // same word (an assignment's value, a command's name or argument), never a command of its own.
    if (afterWord && token.glued === true && mode === "cmd") continue;
    switch (mode) {
      case "loop-head":
        if (word.text === "do") mode = "cmd";
        continue;
      case "case-subject":
        if (word.text === "in") mode = "case-pattern";
        continue;
      case "case-pattern":
        if (word.text === "esac") mode = "args";
        continue;
      case "test":
        if (word.text === "]]") mode = "args";
        continue;
      case "args":
        // `2>&1`: shell-quote splits the descriptor off as a word of its own.
        if (!(DESCRIPTOR.test(word.text) && REDIRECTS.has(opAt(k + 1) ?? "")))
          current?.words.push(word);
        continue;
      case "cmd":
        break;
    }
    const text = word.text;
    if (/^[A-Za-z_][A-Za-z0-9_]*(\[[^\]]*\])?\+?=/.test(text)) {
      // shell-quote knows no backticks: an assignment's `…` substitution (X=`echo q`) runs on
      // to the word that closes it, on the same line; its commands are the grammar's units.
      let open = unclosedBackticks(text);
      while (open && wordAt(k + 1) !== null && stream[k + 1]?.line === line) {
        k++;
        if (unclosedBackticks((wordAt(k) as Word).text)) open = false;
      }
      continue;
    }
    if (DESCRIPTOR.test(text) && REDIRECTS.has(opAt(k + 1) ?? "")) continue;
    if (word.literal) {
      if (STAY_IN_COMMAND.has(text)) {
        if (text === "time") {
          while (wordAt(k + 1)?.text === "-p" || wordAt(k + 1)?.text === "--") k++;
        }
        if (
          text === "coproc" &&
          wordAt(k + 1) !== null &&
          (wordAt(k + 2)?.text === "{" || opAt(k + 2) === "(")
        ) {
          k++;
        }
        continue;
      }
      if (CLOSERS.has(text)) {
        mode = "args";
        continue;
      }
      if (text === "for" || text === "select") {
        mode = "loop-head";
        continue;
      }
      if (text === "case") {
        mode = "case-subject";
        continue;
      }
      if (text === "[[") {
        mode = "test";
        continue;
      }
      if (text === "function") {
        k++;
        if (opAt(k + 1) === "(" && opAt(k + 2) === ")") k += 2;
        continue;
      }
    }
    current = { line, key: word.literal ? text : "?", words: [word], context: context() };
    commands.push(current);
    mode = "args";
  }
  return commands;
}

/** Whether a word holds an odd number of backticks (a `…` it opens and does not close). */
function unclosedBackticks(text: string): boolean {
  return (text.replace(/\\./g, "").match(/`/g)?.length ?? 0) % 2 === 1;
}
