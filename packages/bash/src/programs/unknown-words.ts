import { backquoteReadings } from "../read/substitutions.ts";
import type { Piece, Word } from "../read/words.ts";
import { DATE_REVISION_WORD, GIT_ONE_ID, PGREP_PIDS, SEQ_NUMBERS } from "./inert-output.ts";

/**
 * Words only known at run time in the readers that programs with option grammars of their own
 * use (git, find, npm): whether such a word may be an option, or may become several words. The
 * file-command tables decide the same with `roleUnknown` (paths.ts); both keep a word's role
 * when it is the user's environment (`Word.inherited`), a glob (its names are file names: the
 * glob-names rule decides when one may be an option), a process substitution, or the output
 * of a command that prints only plain words.
 */

/**
 * One revision as written in a substitution: no option, no blank, no glob character, and no
 * `:`: `git rev-parse HEAD:.env` prints the id of the committed .env, which `git cat-file -p`
 * prints (A18 blob-id-of-protected-path-via-rev-parse-substitution), and a `:` in the output
 * would move where a blob name glued to it ends its revision.
 */
const REVISION = "[A-Za-z0-9_./~^@{}][A-Za-z0-9_./~^@{}-]*";

/**
 * Command substitutions whose output is only words that start with no `-` and hold no blank
 * and no glob character: object names (`git rev-parse HEAD`, `git merge-base main HEAD`, a
 * revision git cannot resolve is printed back as written, one of the words above) and numbers
 * (`git rev-list --count`, `wc -l` of a pipe or a redirected file, `nproc`, `date +%s`,
 * `id -u`), and inert-output.ts: `date +%F`, `seq 1 3`, `pgrep -x NAME`, `git rev-list -1 REV`. A branch or tag name is not among them: a cloned repository may hold one named
 * `--output=x`. A `|` after a backslash or a `#` may be text, not a pipe to wc
 * (`$(echo HEAD:.env \|wc -l)` prints `HEAD:.env |wc -l`, `#|wc -l` is a comment).
 */
const PLAIN_WORDS_OUTPUT = new RegExp(
  String.raw`^\s*(?:git[ \t]+rev-parse(?:[ \t]+(?:--verify|-q|--quiet|--short(?:=[0-9]+)?))*(?:[ \t]+${REVISION})+` +
    String.raw`|git[ \t]+merge-base(?:[ \t]+(?:-a|--all|--fork-point|--octopus|--independent))*(?:[ \t]+${REVISION})+` +
    String.raw`|git[ \t]+rev-list[ \t]+--count(?:[ \t]+${REVISION})+` +
    String.raw`|(?:[^;&|\n>\\#]+\|)+\s*wc[ \t]+-[lcmw]|wc[ \t]+-[lcmw][ \t]*<[ \t]*[^\s;&|<>()\x60$]+` +
    String.raw`|nproc|${DATE_REVISION_WORD}|${SEQ_NUMBERS}|${PGREP_PIDS}|${GIT_ONE_ID}|id[ \t]+-[ug])\s*$`,
);

/** `$@`, `${@…}`, `${a[@]…}`, `${!p@}`: several words, quoted or not. */
const SEVERAL_WORDS = /^\$(?:@|\{@|\{[A-Za-z_][A-Za-z0-9_]*\[@\]|\{![A-Za-z_][A-Za-z0-9_]*@\})/;

/** Whether an expansion piece is a command substitution that prints only plain words. */
export function plainOutput(piece: Piece): boolean {
  const text = piece.text;
  let body: string | null = null;
  if (text.startsWith("$(") && !text.startsWith("$((") && text.endsWith(")")) {
    body = text.slice(2, -1);
  } else if (text.length > 1 && text.startsWith("`") && text.endsWith("`")) {
    // The code bash parses, its backslash layer gone (`\\|` is then an escaped `|`).
    const readings = backquoteReadings(text.slice(1, -1), null);
    return readings.every((code) => PLAIN_WORDS_OUTPUT.test(code));
  }
  return body !== null && PLAIN_WORDS_OUTPUT.test(body);
}

/** Whether the word's value is fixed by what the string shows (or trusted: the environment's). */
function known(word: Word): boolean {
  return word.literal || word.processSubstitution || word.pattern !== null || !!word.inherited;
}

/**
 * Whether a word's value is only known at run time and may be anything: not {@link known}, and
 * not made of literal text and substitutions that print plain words alone.
 *
 * @example
 * unknownValue(word('"${a[0]}"')); // true
 * unknownValue(word("x")); // false
 */
export function unknownValue(word: Word): boolean {
  if (known(word)) return false;
  if (word.pieces === undefined) return true;
  return word.pieces.some((piece) => piece.kind === "expansion" && !plainOutput(piece));
}

/**
 * Whether a word only known at run time may become several words: an unquoted expansion
 * (split at blanks, globbed), `"$@"` or `"${a[@]}"`, a brace expansion.
 *
 * @example
 * mayBeSeveral(word("$x")); // true
 * mayBeSeveral(word('"$x"')); // false
 */
export function mayBeSeveral(word: Word): boolean {
  if (known(word)) return false;
  if (word.pieces === undefined || word.brace) return true;
  return word.pieces.some(
    (piece) =>
      piece.kind === "expansion" &&
      (SEVERAL_WORDS.test(piece.text) || (!piece.inQuotes && !plainOutput(piece))),
  );
}

/**
 * Whether a word only known at run time, where a program still reads options, may be one:
 * its value may start with `-` (the first thing in it is an expansion), or it completes an
 * option whose name is not fixed yet (`-$x`, `--out$x`). `fixed` says whether a literal start
 * that begins with `-` already decides the option, its value being the rest (`--author=$x`,
 * `-m$x` when `-m` takes a value).
 *
 * @example
 * mayBeOption(word('"$o"')); // true
 * mayBeOption(word('"x$o"')); // false
 */
export function mayBeOption(word: Word, fixed: (start: string) => boolean = longValue): boolean {
  if (known(word)) return false;
  const pieces = word.pieces;
  if (pieces === undefined) return true;
  let start = "";
  for (const piece of pieces) {
    if (piece.kind !== "expansion") {
      start += piece.text;
      continue;
    }
    if (start === "") return !plainOutput(piece);
    return start.startsWith("-") && !fixed(start);
  }
  // No expansion: a glob with a brace, or a brace alone (one word may become `-x`).
  return true;
}

/** A long option written up to its `=`: the rest is its value. */
export function longValue(start: string): boolean {
  return /^--[^=]+=/.test(start);
}
