import { shellLex as shellParse } from "../read/shell-lex.ts";
import type { LogicalLine } from "../read/source.ts";
import { maskParameterExpansions } from "../read/substitutions.ts";
import { hasBraceExpansion, protectBlanks, type Word, wordFromText } from "../read/words.ts";
import type { BashCommandContext } from "../types.ts";
import { STEP, tick } from "./deadline.ts";

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

type Token = { word: Word; raw: string } | { op: string };

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
  const guard = protectBlanks(maskParameterExpansions(text));
  let parsed: ReturnType<typeof shellParse>;
  try {
    parsed = shellParse(guard.text, (name) => `${MARK}${name}`);
  } catch {
    return null;
  }
  const tokens: Token[] = [];
  for (const entry of parsed) {
    if (typeof entry === "string") {
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

  for (let k = 0; k < stream.length; k++) {
    tick(STEP.token);
    const { token, line } = stream[k] as { token: Token; line: number };
    const inner = frames[frames.length - 1];
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
        close();
        continue;
      }
      continue;
    }

    const word = token.word;
    inner?.parts.push(word.text);
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
        if (!(/^\d+$/.test(word.text) && REDIRECTS.has(opAt(k + 1) ?? "")))
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
    if (/^\d+$/.test(text) && REDIRECTS.has(opAt(k + 1) ?? "")) continue;
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
