import { NUMBER_LISTING } from "../programs/inert-output.ts";
import { plainOutput } from "../programs/unknown-words.ts";
import type { Piece, Word } from "../read/words.ts";
import { ANY_NAME, DEFAULTED, numericOutput, plainSubstitutions } from "./evaluated.ts";
import { COMPUTED_NAME, type ExpandEnv, type Vars, valuesOf, writtenByBash } from "./expand.ts";

/**
 * A variable that holds what one trusted substitution printed (S31 assigned-inert-value, R42:
 * `SHA=$(git rev-parse HEAD); git show --stat "$SHA"` asked while `git show --stat
 * "$(git rev-parse HEAD)"` was allowed). The walker keeps the name's value unknown and puts
 * this marker (prefix of the name) beside it, holding the substitution's text; a use of the
 * plain `$NAME` is then read as that substitution written in its place, so every trust list
 * (unknown-words.ts, evaluated.ts, paths.ts) judges it as it judges the inline spelling. Kept
 * as INTEGER_VALUE is: any assignment of the name drops it (`assign` in walk.ts), two paths
 * keep it only when both hold the same one, and code the walk cannot follow drops it.
 */
export const INERT_OUTPUT = "%inert-output:";

/**
 * Whether a substitution's text (`$(BODY)`) prints the same shape of words wherever it runs:
 * a body that a trust list reads as inert output and that holds no expansion, so its output
 * does not follow from the variables or the directory at the assignment (`$(pwd)`,
 * `$(basename "$f")` would: the walk reads those from the state where they stand).
 */
export function inertSubstitution(text: string): boolean {
  if (!text.startsWith("$(") || text.startsWith("$((") || !text.endsWith(")")) return false;
  const body = text.slice(2, -1);
  if (/[$`\\\n]|[<>]\(/.test(body)) return false;
  return (
    plainOutput({ kind: "expansion", text }) || plainSubstitutions(text) || numericOutput(body)
  );
}

/**
 * The trusted substitution a `NAME=VALUE` value (its sole node, quotes taken off) leaves in
 * NAME, or null (S32 F-prec inert-value-sources): a `$(…)` {@link inertSubstitution} trusts;
 * the same body in backquotes (`` X=`date +%s` ``), which bash runs as `$(…)` when the body
 * holds no backslash, `$` or backquote (the only characters backquotes read otherwise); or a
 * plain `$OTHER` / `${OTHER}` whose name holds such an output (`TS=$(date +%s); T=$TS`): an
 * assignment neither splits nor globs, so the new name holds the same text.
 */
export function inertSourceOf(type: string, text: string, vars: Vars): string | null {
  if (type === "command_substitution") {
    const body = /^`([^`$\\]*)`$/.exec(text)?.[1];
    const spelled = body === undefined ? text : `$(${body})`;
    return inertSubstitution(spelled) ? spelled : null;
  }
  if (type !== "simple_expansion" && type !== "expansion") return null;
  // The last background job's pid (`PID=$!`, S33 numeric-variable): `$PID` is read as `$!`
  // is, digits or nothing (before any job), whichever job it was.
  if (text === "$!" || text === "${!}") return "$!";
  const name = /^\$(?:([A-Za-z_][A-Za-z0-9_]*)|\{([A-Za-z_][A-Za-z0-9_]*)\})$/.exec(text);
  const source = name?.[1] ?? name?.[2];
  return source === undefined ? null : inertOutputOf(source, vars);
}

/**
 * Names bash or the walk sets besides a plain assignment: `cd` writes PWD and OLDPWD (the walk
 * records them itself, not through an assignment that would drop the marker), and the others
 * change how words expand or where programs are found.
 */
const SHELL_MANAGED: ReadonlySet<string> = new Set([
  "PWD",
  "OLDPWD",
  "HOME",
  "IFS",
  "PATH",
  "CDPATH",
  "GLOBIGNORE",
]);

/**
 * The substitution `name` holds the output of (see {@link INERT_OUTPUT}), or null: the name is
 * set by the string to a value the walk does not know (no name bash manages, see
 * SHELL_MANAGED), nothing made every name or a name only
 * known at run time assignable since (`eval`, `declare -n`, a function call), no
 * `${NAME:=…}` may assign it, and bash does not write it itself.
 */
export function inertOutputOf(name: string, vars: Vars): string | null {
  const marker = vars.get(INERT_OUTPUT + name);
  if (marker === undefined || marker === null || marker.length !== 1) return null;
  if (!vars.has(name) || vars.get(name) !== null || writtenByBash(name)) return null;
  if (SHELL_MANAGED.has(name)) return null;
  // Every way the walk makes every name unknown (anyAssigned, havoc, a function body's entry)
  // starts from a map without the markers, so a marker beside ANY_NAME was set after it (a
  // function's own `local X=$(git rev-parse HEAD)`, S32 F-prec); a computed name is assigned
  // beside the markers, which then may no longer hold.
  if (vars.has(COMPUTED_NAME)) return null;
  if (vars.has(DEFAULTED + name) || vars.has(DEFAULTED + ANY_NAME)) return null;
  return (marker[0] as { text: string }).text;
}

/** Whether IFS is bash's own (blank, tab, newline): what the `seq` loop reading assumes. */
function defaultIfs(env: ExpandEnv): boolean {
  const ifs = valuesOf("IFS", env);
  return ifs?.length === 1 && ifs[0]?.glob !== true && ifs[0]?.text === " \t\n";
}

/**
 * Whether IFS may hold a character other than blank, tab and newline: unknown, one of several
 * values, or a value with such a character (S33 ifs-name-token). Every "one token" reading of
 * an unquoted expansion (a trusted substitution, `$$`, `$?`, `$((…))`, `${#x}`, an integer or
 * inert variable, the environment's values) assumes the value holds no IFS character, which
 * only blanks can promise: a number, an object id or a date holds none, but `IFS=0123456789`
 * cuts `x$(date +%s)/etc/hostname` into `x`, empty words and `/etc/hostname`, and `IFS=1` makes
 * `HEAD$(git rev-list --count HEAD)--output=.env` the two words `HEAD` `--output=.env`
 * (traced, r33a). An IFS of blanks only (`IFS=$'\n'`) or an empty one splits no such value.
 */
export function ifsSplitsTokens(env: ExpandEnv): boolean {
  const ifs = valuesOf("IFS", env);
  if (ifs === null || ifs.length !== 1) return true;
  const only = ifs[0] as { text: string; glob?: boolean };
  return only.glob === true || /[^ \t\n]/.test(only.text);
}

/**
 * The word with each plain `$NAME` / `${NAME}` whose name holds a trusted substitution's output
 * written as that substitution (`"out-$TS.txt"` as `"out-$(date +%s).txt"`). An unquoted use is
 * rewritten only while IFS holds blanks alone (see {@link ifsSplitsTokens}), which the inline
 * spelling's trust assumes. Any
 * other word (an operator `${NAME%…}`, `${NAME:-…}`, which may give other text) is returned as
 * it is.
 */
export function withInertUses(word: Word, env: ExpandEnv): Word {
  const pieces = word.pieces;
  if (pieces === undefined || word.written !== undefined || word.literal) return word;
  let changed = false;
  let splitChecked: boolean | null = null;
  const out = pieces.map((piece): Piece => {
    const name = piece.variable;
    if (piece.kind !== "expansion" || name === undefined) return piece;
    const output = inertOutputOf(name, env.vars);
    if (output === null) return piece;
    if (!piece.inQuotes) {
      splitChecked ??= !ifsSplitsTokens(env);
      if (!splitChecked) return piece;
    }
    changed = true;
    return piece.inQuotes
      ? { kind: "expansion", text: output, inQuotes: true }
      : { kind: "expansion", text: output };
  });
  if (!changed) return word;
  // Only a word whose text is its pieces' is rewritten (the text is what the lists read).
  if (pieces.map((piece) => piece.text).join("") !== word.text) return word;
  return { ...word, pieces: out, text: out.map((piece) => piece.text).join("") };
}

/**
 * Whether a `for` list that is this one word gives the variable one number a round (S32
 * F-prec2 seq-loop): an unquoted `$(seq 1 5)` (or the same body in backquotes) of a
 * {@link NUMBER_LISTING}, split by bash's own IFS (IFS=1 would cut `12` into pieces and
 * empty words). The caller checks that the program bash finds by name runs.
 */
export function numberListing(type: string, text: string, env: ExpandEnv): boolean {
  if (type !== "command_substitution") return false;
  const body = /^\$\(([^()$`\\]*)\)$|^`([^`$\\]*)`$/.exec(text);
  const inner = body?.[1] ?? body?.[2];
  if (inner === undefined || inner.startsWith("(") || !NUMBER_LISTING.test(inner)) return false;
  return defaultIfs(env);
}
