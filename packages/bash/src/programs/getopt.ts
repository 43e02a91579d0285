import type { Word } from "../read/words.ts";

/**
 * A getopt-faithful option grammar: what one tool accepts before its operands, parsed the
 * way the tool itself parses it (clustered short options, attached and separate values,
 * long options with `=`, GNU unambiguous abbreviations, `--`).
 */
export interface OptionGrammar {
  /**
   * Short options in getopt's optstring notation: a letter alone takes no value, `x:` takes a
   * value (attached or the next word), `x::` takes an optional value (attached only).
   */
  short: string;
  /** Long options by name, with how they take a value. */
  long?: Readonly<Record<string, "none" | "required" | "optional">>;
  /** GNU getopt_long accepts any unambiguous prefix of a long option (`--sig` for `--signal`). */
  abbreviations?: boolean;
  /**
   * Whether options may follow operands (GNU permutation). The wrappers all stop at the first
   * operand (`+` in their optstring), which is the default here.
   */
  permute?: boolean;
}

/** One option as parsed: its canonical name (a letter or a long name) and its value. */
export interface ParsedOption {
  name: string;
  value: Word | string | null;
  /** Index of the word the option is written in (its cluster's word for a short option). */
  at?: number;
}

/** The result of parsing options at the start of a word list. */
export type OptionParse =
  | {
      ok: true;
      options: ParsedOption[];
      /** Index of the first word after the options (and after a `--`). */
      next: number;
      /** Operand words seen before `next` when the grammar permutes. */
      operands: Word[];
    }
  | {
      ok: false;
      /** Why the options cannot be proven. */
      reason: "unknown-option" | "ambiguous-option" | "computed-word" | "missing-value";
      /** Index of the word where parsing stopped. */
      at: number;
    };

/**
 * Parses the options of `words`, starting at index `from`.
 *
 * INVARIANT: any word that is not literal where an option could stand makes the parse fail,
 * because brace expansion or word splitting could turn it into several options.
 */
export function parseOptions(
  words: readonly Word[],
  from: number,
  grammar: OptionGrammar,
): OptionParse {
  const options: ParsedOption[] = [];
  const operands: Word[] = [];
  let i = from;
  while (i < words.length) {
    const word = words[i] as Word;
    // A computed word could expand to an option (or to several words), so where an option
    // may stand nothing after it can be placed.
    if (!word.literal) return { ok: false, reason: "computed-word", at: i };
    const text = word.text;
    if (text === "--") return { ok: true, options, next: i + 1, operands };
    if (!text.startsWith("-") || text === "-") {
      if (!grammar.permute) return { ok: true, options, next: i, operands };
      operands.push(word);
      i++;
      continue;
    }
    if (text.startsWith("--")) {
      const parsed = parseLong(words, i, grammar);
      if (!parsed.ok) return parsed;
      parsed.option.at = i;
      options.push(parsed.option);
      i = parsed.next;
      continue;
    }
    const parsed = parseCluster(words, i, grammar);
    if (!parsed.ok) return parsed;
    for (const option of parsed.options) {
      option.at = i;
      options.push(option);
    }
    i = parsed.next;
  }
  return { ok: true, options, next: i, operands };
}

function parseLong(
  words: readonly Word[],
  i: number,
  grammar: OptionGrammar,
): { ok: true; option: ParsedOption; next: number } | Extract<OptionParse, { ok: false }> {
  const text = (words[i] as Word).text;
  const eq = text.indexOf("=");
  const written = text.slice(2, eq === -1 ? undefined : eq);
  const attached = eq === -1 ? null : text.slice(eq + 1);
  const long = grammar.long ?? {};
  let name = Object.hasOwn(long, written) ? written : null;
  if (name === null && grammar.abbreviations) {
    const candidates = Object.keys(long).filter((candidate) => candidate.startsWith(written));
    if (candidates.length > 1) return { ok: false, reason: "ambiguous-option", at: i };
    name = candidates[0] ?? null;
  }
  if (name === null || written === "") return { ok: false, reason: "unknown-option", at: i };
  const arity = long[name];
  if (arity === "none") {
    if (attached !== null) return { ok: false, reason: "unknown-option", at: i };
    return { ok: true, option: { name, value: null }, next: i + 1 };
  }
  if (attached !== null || arity === "optional") {
    return { ok: true, option: { name, value: attached }, next: i + 1 };
  }
  const value = words[i + 1];
  if (value === undefined) return { ok: false, reason: "missing-value", at: i };
  if (!value.literal) return { ok: false, reason: "computed-word", at: i + 1 };
  return { ok: true, option: { name, value }, next: i + 2 };
}

function parseCluster(
  words: readonly Word[],
  i: number,
  grammar: OptionGrammar,
): { ok: true; options: ParsedOption[]; next: number } | Extract<OptionParse, { ok: false }> {
  const text = (words[i] as Word).text;
  const options: ParsedOption[] = [];
  for (let k = 1; k < text.length; k++) {
    const letter = text[k] as string;
    const arity = shortArity(grammar.short, letter);
    if (arity === null) return { ok: false, reason: "unknown-option", at: i };
    if (arity === "none") {
      options.push({ name: letter, value: null });
      continue;
    }
    const rest = text.slice(k + 1);
    if (rest !== "" || arity === "optional") {
      options.push({ name: letter, value: rest === "" ? null : rest });
      return { ok: true, options, next: i + 1 };
    }
    const value = words[i + 1];
    if (value === undefined) return { ok: false, reason: "missing-value", at: i };
    if (!value.literal) return { ok: false, reason: "computed-word", at: i + 1 };
    options.push({ name: letter, value });
    return { ok: true, options, next: i + 2 };
  }
  return { ok: true, options, next: i + 1 };
}

/** How a short option takes a value in a getopt optstring, or null for no such option. */
export function shortArity(
  optstring: string,
  letter: string,
): "none" | "required" | "optional" | null {
  if (letter === ":" || letter === "+") return null;
  const at = optstring.indexOf(letter);
  if (at === -1) return null;
  if (optstring[at + 1] !== ":") return "none";
  return optstring[at + 2] === ":" ? "optional" : "required";
}

/** The text of a parsed option value. */
export function valueText(value: Word | string | null): string | null {
  if (value === null) return null;
  return typeof value === "string" ? value : value.text;
}
