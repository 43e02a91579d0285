import type { Piece, Word } from "../read/words.ts";
import type { Vars, VarValue } from "./expand.ts";

/**
 * A glob stands for file names, and a file name is any text but `/` and NUL: one the same
 * string created (`echo > ./--output=.env; git log *`, `echo > 'x .env'; for f in x*; do cat
 * $f; done`) may start with `-` and be read as an option, or hold blanks an unquoted expansion
 * splits into other paths. The walk keeps a glob's PATTERN as its value, which shows neither;
 * what this module finds is judged only when an earlier command of the string may have created
 * a file (see `mayHaveCreated` in written-code.ts).
 */

/** What the glob-made words of a command may become. */
export interface GlobNames {
  /** A word that may be a file name starting with `-`, where the program still reads options. */
  option: boolean;
  /** Words holding an unquoted expansion of a glob-made value: split at unknown places. */
  split: Word[];
  /** A direct glob of the command reads the working directory (not some variable's folder). */
  folderKnown: boolean;
}

/** Whether a glob pattern's first character may be a `-`: it does not start with another literal. */
export function patternMayStartDash(pattern: string): boolean {
  const first = pattern[0];
  if (first === undefined) return false;
  if (first === "\\") return pattern[1] === "-";
  return first === "*" || first === "?" || first === "[" || first === "-";
}

/** The name an expansion piece reads (`$f`, `${f#./}`, `"${a[@]}"`, `$@`), or null. */
function expandedName(piece: Piece): string | null {
  if (piece.variable !== undefined) return piece.variable;
  const match = /^\$\{?[!#]?([A-Za-z_][A-Za-z0-9_]*|[@*0-9])/.exec(piece.text);
  return match ? (match[1] as string) : null;
}

/**
 * The marker (prefix of a name) for a name whose value a glob made, through an expansion the
 * walk does not follow (`g=${f#./}`, `a=(--o*)`, `set -- --u*`: `@` stands for every positional
 * parameter). Any assignment of the name drops it.
 */
export const GLOB_MADE = "%globmade:";

/** A name's key under {@link GLOB_MADE}: the positional parameters share `@`. */
export function globMadeKey(name: string): string {
  return GLOB_MADE + (/^[@*0-9]$|^[1-9][0-9]*$/.test(name) ? "@" : name);
}

/** The values a name holds that pathname expansion made (a `for` list, an array, `set --`). */
function globValues(name: string, vars: Vars): VarValue[] {
  const out: VarValue[] = [];
  for (const key of [name, `%array:${name}`]) {
    for (const value of vars.get(key) ?? []) if (value.glob === true) out.push(value);
  }
  // What it became is not known: it may start with `-`.
  if (vars.has(globMadeKey(name))) out.push({ text: "-", glob: true });
  return out;
}

/**
 * Whether a word (an assigned value, an array element, an operand of `set`) holds a file name
 * pathname expansion made: an unquoted glob, an expansion of a glob-made name, or a command
 * substitution with a glob in it.
 */
export function globMade(word: Word, vars: Vars): boolean {
  if (word.glob) return true;
  return (word.pieces ?? []).some((piece) => {
    if (piece.kind !== "expansion") return false;
    const name = expandedName(piece);
    return (name !== null && globValues(name, vars).length > 0) || globSubstitution(piece);
  });
}

/** A command substitution whose script holds an unquoted-looking glob (`$(echo --o*)`). */
function globSubstitution(piece: Piece): boolean {
  // `$((c*2))` is arithmetic, no substitution.
  return /^(\$\((?!\()|`)/.test(piece.text) && /[*?[]/.test(piece.text);
}

/**
 * The glob-made words among `words` (the command's words as written, before expansion):
 * from the second word on, up to a literal `--`.
 */
export function globNames(words: readonly Word[], vars: Vars): GlobNames {
  const out: GlobNames = { option: false, split: [], folderKnown: true };
  let options = true;
  for (const word of words.slice(1)) {
    if (word.literal && word.text === "--") options = false;
    const pieces = word.pieces;
    if (pieces === undefined) {
      if (options && word.glob && patternMayStartDash(word.pattern ?? word.text)) {
        out.option = true;
      }
      continue;
    }
    let leading = true;
    for (const piece of pieces) {
      if (piece.kind !== "expansion") {
        if (leading && piece.text !== "") {
          const raw = piece.kind === "unquoted" ? (piece.raw ?? piece.text) : "";
          if (options && piece.kind === "unquoted" && patternMayStartDash(raw) && word.glob) {
            out.option = true;
          }
          leading = false;
        }
        continue;
      }
      const name = expandedName(piece);
      const values = name === null ? [] : globValues(name, vars);
      if (values.length > 0 && !piece.inQuotes) out.split.push(word);
      if (leading && options) {
        if (values.length > 0) {
          // `$f` keeps the file name's start; `${f#./}`, `${f:2}` may take it away.
          const plain = piece.variable !== undefined;
          if (!plain || values.some((value) => patternMayStartDash(value.text))) {
            out.option = true;
            out.folderKnown = false;
          }
        } else if (globSubstitution(piece)) {
          out.option = true;
          out.folderKnown = false;
        }
      }
      leading = false;
    }
  }
  return out;
}
