import { STEP, tick } from "../check/deadline.ts";
import { decodeAnsi } from "../read/substitutions.ts";
import { hasUnquotedGlob, type Piece, type Word } from "../read/words.ts";
import { substitutionsMayFail } from "./failing-substitutions.ts";

/**
 * Word expansion as far as the command string itself decides it: brace expansion, the
 * variables the string assigns (`f=.env; cat $f`, a `for` list), `HOME` and `PWD`, word
 * splitting on `IFS` (`rm${IFS}-rf` is `rm -rf`), and which parts stay globs. A variable the
 * string does not decide (one from the environment, one `read` assigns) makes the word
 * unknown: the caller then treats it as computed, never as a value it guessed.
 */

/** A value a variable may hold: text, or a file name known only as a glob (a `for` over `*.ts`). */
export interface VarValue {
  readonly text: string;
  readonly glob?: true;
}

/** What the string has assigned so far; a name not in the map comes from the environment. */
export type Vars = ReadonlyMap<string, readonly VarValue[] | null>;

/** Where a word is expanded. */
export interface ExpandEnv {
  readonly vars: Vars;
  readonly home: string | null;
  /** The working directory when it is one known directory, else null. */
  readonly cwd: string | null;
}

/** One word after expansion. */
export interface Field {
  /** The word's text after quote removal. */
  text: string;
  /** The word as a glob pattern (quoted characters escaped), when it has unquoted globs. */
  pattern: string | null;
}

/** At most this many words or alternatives come out of one word; past it the word is unknown. */
const MAX_RESULTS = 32;
const DEFAULT_IFS = " \t\n";

/**
 * The marker (prefix of a name) the walker puts in its variables for a name some `${NAME:=…}`
 * or `${NAME=…}` of the string may assign: that assignment happens inside a word, wherever it
 * stands, so the name's value is unknown throughout.
 */
export const DEFAULTED = "%defaulted:";

/**
 * Variables bash (or a builtin) writes itself, with no `NAME=` statement the walk could follow:
 * `[[ =~ ]]` sets BASH_REMATCH, `cd`/`pushd`/`popd` set OLDPWD, `read`/`select` REPLY, `getopts`
 * OPTARG and OPTIND, `mapfile` MAPFILE, `coproc` COPROC, every command `_` (its last argument),
 * PIPESTATUS, DIRSTACK, and the counters and call-stack arrays; readonly ones ignore an
 * assignment. An earlier literal assignment to one of them says nothing about its later value
 * (`BASH_REMATCH=README.md; [[ .env =~ .+ ]]; cat $BASH_REMATCH` reads .env).
 */
const WRITTEN_BY_BASH = new Set([
  "_",
  "BASH_REMATCH",
  "OLDPWD",
  "REPLY",
  "OPTARG",
  "OPTIND",
  "MAPFILE",
  "COPROC",
  "COPROC_PID",
  "BASH_COMMAND",
  "BASH_EXECUTION_STRING",
  "LINENO",
  "RANDOM",
  "SRANDOM",
  "SECONDS",
  "EPOCHSECONDS",
  "EPOCHREALTIME",
  "BASHPID",
  "BASH_SUBSHELL",
  "PIPESTATUS",
  "DIRSTACK",
  "FUNCNAME",
  "BASH_ARGV",
  "BASH_ARGC",
  "BASH_ARGV0",
  "BASH_LINENO",
  "BASH_SOURCE",
  "BASH_CMDS",
  "BASH_ALIASES",
  "HISTCMD",
  "PPID",
  "UID",
  "EUID",
  "GROUPS",
  "BASH_VERSINFO",
  "SHELLOPTS",
  "BASHOPTS",
  "READLINE_LINE",
  "READLINE_POINT",
  "READLINE_MARK",
  "COMP_LINE",
  "COMP_POINT",
  "COMP_WORDS",
  "COMP_CWORD",
  "COMP_KEY",
  "COMP_TYPE",
]);

/** Whether bash itself writes `name` (see WRITTEN_BY_BASH): no assignment the walk saw decides it. */
export function writtenByBash(name: string): boolean {
  return WRITTEN_BY_BASH.has(name);
}

/**
 * The marker a variable of a name only known at run time sets (`read "$n"`, `declare -n`,
 * `printf -v "$n"`): after it, any name may hold what the string gave it.
 */
export const COMPUTED_NAME = "%computed-name";

/**
 * Whether NAME's value is the one the shell inherited: a named variable (no positional or
 * special parameter, none bash writes itself) that the string never assigns, directly or
 * through a name only known at run time, and no code the walk could not follow ran before.
 * The environment is the user's: Pi starts every call's shell from its own, and nothing a
 * call runs changes the next call's.
 */
export function inheritedVariable(name: string, env: ExpandEnv): boolean {
  return (
    /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) &&
    !WRITTEN_BY_BASH.has(name) &&
    !env.vars.has(name) &&
    !env.vars.has("*") &&
    !env.vars.has(COMPUTED_NAME)
  );
}

/** The walker's mark of a working directory a `cd` made unknown (`LEFT_BY_CD` in walk.ts). */
const LEFT_BY_CD = "%left-by-cd";

/**
 * OLDPWD as the walk keeps it: every `cd`, `pushd` and `popd` it follows sets it to the folder
 * left (null when that folder is unknown), as a `cd -` reads it (`oldDirectory` in walk.ts);
 * one it cannot follow (a function's body, `eval`) leaves every name unknown. Known only when
 * the string set it on every path here to absolute folders, and no name only known at run
 * time, `${OLDPWD:=…}` or a folder a cd made unknown stands in between (A18
 * return-to-string-decided-directory-not-followed: `cd src && cat "$OLDPWD/README.md"` reads
 * /repo/README.md, traced).
 */
function oldDirectoryValues(env: ExpandEnv): readonly VarValue[] | null {
  const vars = env.vars;
  if (vars.has("*") || vars.has(COMPUTED_NAME) || vars.has(LEFT_BY_CD)) return null;
  if (vars.has(`${DEFAULTED}OLDPWD`) || vars.has(`${DEFAULTED}*`)) return null;
  const values = vars.get("OLDPWD") ?? null;
  if (values === null || values.length === 0) return null;
  return values.every((value) => value.glob !== true && value.text.startsWith("/")) ? values : null;
}

/** The possible values of a variable, or null when the string does not decide them. */
export function valuesOf(name: string, env: ExpandEnv): readonly VarValue[] | null {
  if (name === "OLDPWD") return oldDirectoryValues(env);
  // INVARIANT: a value bash writes itself is never the string's stale literal.
  if (WRITTEN_BY_BASH.has(name)) return null;
  if (env.vars.has(name)) {
    // `x=; echo ${x:=.env}; cat $x`: the word's own assignment outlives the `x=` the walk saw.
    if (env.vars.has(DEFAULTED + name) || env.vars.has(`${DEFAULTED}*`)) return null;
    const values = env.vars.get(name) ?? null;
    // Unless the locale is UTF-8 (the string does not say) bash splits on bytes: `IFS=é` is
    // the two separators C3 and A9, and `$'\xa9'` in a word is one of them.
    if (name === "IFS" && values?.some((value) => [...value.text].some((c) => c > "\u007f"))) {
      return null;
    }
    // A file name pathname expansion gave it (`for IFS in [4-6]`): the walk holds the pattern,
    // bash splits on the name's characters.
    if (name === "IFS" && values?.some((value) => value.glob === true)) return null;
    return values;
  }
  // After code the analyzer could not follow, no name keeps a known value.
  if (env.vars.has("*")) return null;
  if (name === "HOME") return env.home === null ? null : [{ text: env.home }];
  if (name === "PWD") return env.cwd === null ? null : [{ text: env.cwd }];
  // bash sets IFS itself at startup; it never takes it from the environment.
  if (name === "IFS") return [{ text: DEFAULT_IFS }];
  return null;
}

/**
 * The marker (a name in the variables) the analysis sets when the string may make `pwd` run
 * something else than bash's builtin: a function of that name, `enable`, `source`.
 */
export const PWD_REDEFINED = "%pwd-redefined";

/**
 * Set when the string may change bash's pattern options (any `shopt`): under `nocasematch`
 * `${x/PAT/REP}` ignores case, under `extglob` an unquoted value holding `@(…)`, `+(…)` or
 * `!(…)` is a glob (`x='.@(env)'; cat $x` reads .env).
 */
export const PATTERN_CASE_UNKNOWN = "%pattern-case-unknown";

/** The same for `dirname` and `basename` (a function of that name, `enable`, `source`). */
export const PATH_PARTS_REDEFINED = "%path-parts-redefined";

/**
 * The marker the analysis sets when the string may make `cat` run something else than the
 * program (a function or alias of that name, `enable`, `source`).
 */
export const CAT_REDEFINED = "%cat-redefined";

/** What `$(cat <<'EOF' … EOF)` prints, while `cat` is the program and PATH the user's. */
function literalOutputOf(text: string, env: ExpandEnv): readonly VarValue[] | null {
  if (env.vars.has("*") || env.vars.has(CAT_REDEFINED) || env.vars.has("PATH")) return null;
  return [{ text }];
}

/**
 * A substitution's known output, and nothing where bash may not be able to run it (S33
 * empty-trusted-output: under `ulimit -n 4` `"$(pwd)/etc/hostname"` is `/etc/hostname`, see
 * failing-substitutions.ts).
 */
function withFailedRun(values: readonly VarValue[] | null): readonly VarValue[] | null {
  if (values === null || !substitutionsMayFail()) return values;
  return values.some((value) => value.text === "") ? values : [...values, { text: "" }];
}

/** What `$(pwd)` prints: the one known working directory, while `pwd` is bash's builtin. */
function cwdOf(env: ExpandEnv): readonly VarValue[] | null {
  if (env.cwd === null || env.vars.has("*") || env.vars.has(PWD_REDEFINED)) return null;
  return [{ text: env.cwd }];
}

/**
 * What `$(dirname WORD)` or `$(basename WORD [SUFFIX])` prints (trailing newlines dropped),
 * for each value WORD may have: GNU coreutils' reading of the text. Unknown when a value may
 * start with `-` (an option), starts with `//`, is empty or all slashes, or is a glob whose
 * part kept holds an escape; a glob's last name stays a glob for basename.
 */
function pathPartOf(part: NonNullable<Piece["pathPart"]>, env: ExpandEnv): VarValue[] | null {
  if (env.vars.has("*") || env.vars.has(PATH_PARTS_REDEFINED)) return null;
  const expanded = expandWord(part.word, env, { split: false });
  if (expanded === null) return null;
  const out: VarValue[] = [];
  for (const fields of expanded) {
    if (fields.length !== 1) return null;
    const field = fields[0] as Field;
    const glob = field.pattern !== null;
    const text = glob ? (field.pattern as string) : field.text;
    if (text === "" || text.startsWith("-") || text.startsWith("//") || /^\/+$/.test(text))
      return null;
    if (glob && /^[*?[\\]/.test(text)) return null;
    const trimmed = text.replace(/\/+$/, "");
    const slash = trimmed.lastIndexOf("/");
    let result: string;
    if (part.program === "dirname") {
      result = slash === -1 ? "." : trimmed.slice(0, slash).replace(/\/+$/, "") || "/";
      if (glob && /[*?[\]\\]/.test(result)) return null;
      out.push({ text: result.replace(/\n+$/, "") });
      continue;
    }
    result = trimmed.slice(slash + 1);
    if (glob && result.includes("\\")) return null;
    const suffix = part.suffix;
    if (suffix !== null && result !== suffix && result.endsWith(suffix)) {
      if (glob && /[*?[\]]/.test(result)) return null;
      result = result.slice(0, -suffix.length);
    }
    result = result.replace(/\n+$/, "");
    const pattern = glob && /[*?[\]]/.test(result);
    out.push(pattern ? { text: result, glob: true } : { text: result });
  }
  return out;
}

/** Whether every character of `text` is ASCII. */
function ascii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false;
  return true;
}

/**
 * What `${NAME%WORD}`, `${NAME/PAT/REP}`, `${NAME:-WORD}` or `${NAME:+WORD}` gives for each
 * value the string gave NAME. Unknown when NAME's value is not the string's, is a glob's (a
 * file name, which the string does not know), or the pattern holds a bracket expression.
 */
function operatorOf(operator: NonNullable<Piece["operator"]>, env: ExpandEnv): VarValue[] | null {
  const { name, op, pattern, replacement } = operator;
  // NAME's values as the string gave them (HOME and PWD the walk knows); an inherited one
  // is unknown.
  const values = valuesOf(name, env);
  if (values === null) return null;
  if (values.some((value) => value.glob === true)) return globTrimmed(values, op, pattern, env);
  if (op === ":-" || op === ":+") {
    return values.map((value) => {
      if (op === ":-") return { text: value.text === "" ? pattern : value.text };
      return { text: value.text === "" ? "" : pattern };
    });
  }
  // A bracket expression, an extglob group; `shopt -s nocasematch` makes `/` ignore case.
  if (/[[()|]/.test(pattern)) return null;
  if (op.startsWith("/") && env.vars.has(PATTERN_CASE_UNKNOWN)) return null;
  // Past ASCII, what `?` or `*` matches is one character in a UTF-8 locale and one byte in
  // the C locale, which the string does not decide (`x='💩.env'; cat "${x#?}"`).
  if (!ascii(pattern) || values.some(({ text }) => !ascii(text))) {
    return null;
  }
  const matcher = patternMatcher(pattern);
  const out: VarValue[] = [];
  for (const { text } of values) {
    if (op.startsWith("/")) {
      out.push({ text: replaced(text, matcher, op, replacement ?? "") });
      continue;
    }
    // The shortest or longest prefix (`#`, `##`) or suffix (`%`, `%%`) the pattern matches.
    const longest = op.length === 2;
    let result = text;
    if (op.startsWith("#")) {
      for (let end = longest ? text.length : 0; longest ? end >= 0 : end <= text.length; ) {
        if (matcher.test(text.slice(0, end))) {
          result = text.slice(end);
          break;
        }
        end += longest ? -1 : 1;
      }
    } else {
      for (let start = longest ? 0 : text.length; longest ? start <= text.length : start >= 0; ) {
        if (matcher.test(text.slice(start))) {
          result = text.slice(0, start);
          break;
        }
        start += longest ? 1 : -1;
      }
    }
    out.push({ text: result });
  }
  return out;
}

/** Characters that make a glob's text more than plain characters. */
const GLOB_SPECIAL = /[*?[\]\\@+!()$`"'{}~]/;

/**
 * `${f%.ts}` / `${f%%.ts}` on a name a glob made (`for f in src/*.ts`), and `${f#src/}` /
 * `${f##src/}` (S32 F-prec glob-trimmed-names: `mv "$f" "${f%.ts}.js"` asked): with a plain
 * pattern that the glob's own plain end (or start) spells, every name the glob matches ends
 * (starts) with that text, so each trims it and nothing else: the names are the glob's with
 * that text cut off. A prefix is cut only at a `/`, so what follows starts a path segment as
 * before (a leading `*` there skips dot files as it did). Null (unknown) for any other
 * operator or pattern, when `shopt` may have changed how patterns match (nocaseglob would
 * match `A.TS` that `%.ts` does not trim), or when any value is not a glob's.
 */
function globTrimmed(
  values: readonly VarValue[],
  op: string,
  pattern: string,
  env: ExpandEnv,
): VarValue[] | null {
  if (env.vars.has(PATTERN_CASE_UNKNOWN) || pattern === "" || GLOB_SPECIAL.test(pattern)) {
    return null;
  }
  const suffix = op === "%" || op === "%%";
  if (!suffix && !((op === "#" || op === "##") && pattern.endsWith("/"))) return null;
  const out: VarValue[] = [];
  for (const value of values) {
    if (value.glob !== true) return null;
    const text = value.text;
    if (text.length <= pattern.length) return null;
    // The cut text is plain (the pattern has no special character) and, cut from the end, no
    // backslash before it escapes its first character.
    const cut = suffix
      ? text.endsWith(pattern) && text.at(-pattern.length - 1) !== "\\"
      : text.startsWith(pattern);
    if (!cut) return null;
    const rest = suffix ? text.slice(0, -pattern.length) : text.slice(pattern.length);
    if (!hasUnquotedGlob(rest)) return null;
    out.push({ text: rest, glob: true });
  }
  return out;
}

/** Whether a whole string matches a pattern. */
interface Matcher {
  test(text: string): boolean;
}

/**
 * A pattern of `*`, `?` and plain characters, matched against a whole string (`*` crosses
 * `/`). The string is read once, with the set of places in the pattern it may have reached, so
 * a test costs the string's length times the pattern's, counted (never a backtracking regular
 * expression: `${x#*a*a*a*a*a*a*a*a*a*ab}` on a 3,000-character value ran for minutes).
 */
function patternMatcher(pattern: string): Matcher {
  const pieces: string[] = [];
  for (const c of pattern) {
    if (c === "*" && pieces[pieces.length - 1] === "*") continue;
    pieces.push(c);
  }
  const size = pieces.length;
  return {
    test(text: string): boolean {
      tick(STEP.char * (1 + ((text.length * (size + 1)) >> 5)));
      let places = new Uint8Array(size + 1);
      const close = (set: Uint8Array) => {
        for (let j = 0; j < size; j++) if (set[j] === 1 && pieces[j] === "*") set[j + 1] = 1;
      };
      places[0] = 1;
      close(places);
      for (const c of text) {
        const next = new Uint8Array(size + 1);
        let any = false;
        for (let j = 0; j < size; j++) {
          if (places[j] !== 1) continue;
          const piece = pieces[j];
          if (piece === "*") next[j] = 1;
          else if (piece === "?" || piece === c) next[j + 1] = 1;
          else continue;
          any = true;
        }
        if (!any) return false;
        close(next);
        places = next;
      }
      return places[size] === 1;
    },
  };
}

/** `${NAME/PAT/REP}`: the first (`/`), every (`//`), a leading (`/#`) or trailing (`/%`) match. */
function replaced(text: string, matcher: Matcher, op: string, replacement: string): string {
  // An empty value that the pattern matches (`*`) is replaced whole, as bash's pat_subst does
  // for a null string (R33 empty-value-star, traced: `x=; cat ${x//*/.env}` reads .env).
  if (text === "" && matcher.test("")) return replacement;
  // The longest match at the first place one starts, as bash takes it.
  const matchAt = (from: number, anchoredEnd: boolean): number => {
    for (let end = text.length; end >= from; end--) {
      if (anchoredEnd && end !== text.length) return -1;
      if (matcher.test(text.slice(from, end))) return end;
    }
    return -1;
  };
  if (op === "/#") {
    const end = matchAt(0, false);
    return end === -1 ? text : replacement + text.slice(end);
  }
  if (op === "/%") {
    for (let start = 0; start <= text.length; start++) {
      if (matcher.test(text.slice(start))) return text.slice(0, start) + replacement;
    }
    return text;
  }
  let out = "";
  let at = 0;
  while (at <= text.length) {
    const end = matchAt(at, false);
    // An empty match replaces nothing and moves on one character.
    if (end === -1 || end === at) {
      if (at < text.length) out += text[at];
      at++;
      continue;
    }
    out += replacement;
    at = end;
    if (op === "/") return out + text.slice(at);
  }
  return out;
}

/**
 * Every way `word` can expand: one list of words per alternative (a variable assigned in two
 * branches gives two). `split: false` for assignment values and redirect targets, where bash
 * neither splits nor (for assignments) globs; `braces: false` for a `NAME=value` statement,
 * whose value bash does not brace-expand (`f={a,b}` holds the text `{a,b}`; a declaration
 * builtin's word is brace-expanded before it assigns). `null` when some part is unknown.
 */
export function expandWord(
  word: Word,
  env: ExpandEnv,
  options: { split: boolean; braces?: boolean } = { split: true },
): Field[][] | null {
  if (word.pieces === undefined) {
    return word.literal ? [[{ text: word.text, pattern: null }]] : null;
  }
  const spread = positionalWords(word, env) ?? arrayWords(word, env);
  if (spread !== null) return [spread];
  const braced = options.braces === false ? [word.pieces] : braceExpand(word.pieces);
  if (braced === null) return null;
  // IFS only matters to an unquoted expansion: a word without one (`{~/.ssh,/srv}/*`) expands
  // the same whatever IFS holds, even where nothing about it is known (a function body).
  const splits =
    options.split && word.pieces.some((piece) => piece.kind === "expansion" && !piece.inQuotes);
  const ifs = splits ? (valuesOf("IFS", env) ?? null) : [{ text: "" }];
  if (ifs === null || ifs.length !== 1) return null;
  const separators = (ifs[0] as VarValue).text;
  const results: Field[][] = [];
  for (const pieces of braced) {
    const alternatives = expandPieces(pieces, env, separators);
    if (alternatives === null) return null;
    results.push(...alternatives);
    if (results.length > MAX_RESULTS) return null;
  }
  if (braced.length > 1) {
    // Brace expansion makes separate words: `{a,b}` is two words of one alternative.
    return [results.flat()];
  }
  return results;
}

/** The walker's key for an array's elements (`ARRAY_ELEMENTS` in walk.ts): `%array:@` for `"$@"`. */
const POSITIONAL_ELEMENTS = "%array:@";

/**
 * The key the walker sets beside an array's elements where two paths that assigned it
 * different elements meet: the merged list is every value the array's elements may hold
 * (what a `for` over it needs), no longer the array's words.
 */
export const ARRAY_MERGED = "%array-merged:";

/**
 * `"${NAME[@]}"` alone in a word, where the string assigned NAME plain words on every path
 * here (`files=(a b); cat "${files[@]}"`): one quoted word per element, never split or
 * globbed, as a `for` over the same array takes them (walk.ts `loopValues`). Not where two
 * paths assigned it different lists, nor after a variable of a name known only at run time.
 */
function arrayWords(word: Word, env: ExpandEnv): Field[] | null {
  const pieces = word.pieces;
  const only = pieces?.length === 1 ? pieces[0] : undefined;
  if (only === undefined || only.kind !== "expansion" || only.inQuotes !== true) return null;
  const name = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\[@\]\}$/.exec(only.text)?.[1];
  if (name === undefined || writtenByBash(name)) return null;
  if (env.vars.has("*") || env.vars.has(COMPUTED_NAME) || env.vars.has(ARRAY_MERGED + name)) {
    return null;
  }
  const elements = env.vars.get(`%array:${name}`);
  if (elements === undefined || elements === null) return null;
  // A glob element is the names it matched, each a word, never split again: the word is
  // the pattern, as a quoted `"$f"` of a `for` over the glob is (`files=(src/*.ts)`).
  return elements.map((element) => ({
    text: element.text,
    pattern: element.glob === true && hasUnquotedGlob(element.text) ? element.text : null,
  }));
}

/**
 * `"$@"` (or `"${@}"`) alone in a word, where the string set the positional parameters on
 * every path here (`set -- README.md src; ls "$@"`): one quoted word per parameter, never
 * split or globbed. The list is taken only when each `$N` holds that one element too, so two
 * paths with different parameters (whose lists the walk merges) stay unknown (M19
 * positional-params-from-set-or-function-call-unresolved, traced: `set -- README.md; cat "$@"`
 * runs cat README.md).
 */
function positionalWords(word: Word, env: ExpandEnv): Field[] | null {
  const pieces = word.pieces;
  const only = pieces?.length === 1 ? pieces[0] : undefined;
  if (only === undefined || only.kind !== "expansion" || only.inQuotes !== true) return null;
  // `"$*"` joins the parameters with IFS's first character: one parameter is that word.
  const star = /^\$(?:\*|\{\*\})$/.test(only.text);
  if (!star && !/^\$(?:@|\{@\})$/.test(only.text)) return null;
  if (env.vars.has("*")) return null;
  const elements = env.vars.get(POSITIONAL_ELEMENTS);
  if (elements === undefined || elements === null) return null;
  const fields: Field[] = [];
  for (const [i, element] of elements.entries()) {
    const at = env.vars.get(String(i + 1));
    const single = at?.length === 1 ? at[0] : undefined;
    if (element.glob === true || single === undefined || single.glob === true) return null;
    if (single.text !== element.text) return null;
    fields.push({ text: element.text, pattern: null });
  }
  if (env.vars.has(String(elements.length + 1))) return null;
  if (star && fields.length !== 1) return null;
  return fields;
}

interface Building extends Field {
  /** A quoted part stands in it: the word stays even when empty (`""`). */
  quoted?: true;
}

interface Partial {
  fields: Building[];
  /** The field being built, or null right after a split (nothing started yet). */
  current: Building | null;
  /**
   * The last field ended at IFS white space: a non-blank IFS character right after it is the
   * same delimiter, not one more (`a :b` with IFS ' :' is `a` `b`).
   */
  afterBlank?: boolean;
}

function expandPieces(
  pieces: readonly Piece[],
  env: ExpandEnv,
  separators: string,
): Field[][] | null {
  let partials: Partial[] = [{ fields: [], current: null }];
  let anyGlob = false;
  for (const piece of pieces) {
    tick(STEP.expression);
    if (piece.kind === "quoted") {
      for (const p of partials) append(p, piece.text, escapeGlob(piece.text), true);
      continue;
    }
    if (piece.kind === "unquoted") {
      const raw = piece.raw ?? piece.text;
      // A bracket may close in another piece (`.["e"]nv`, `.[$x]nv`): the whole field's
      // pattern decides below.
      if (hasUnquotedGlob(raw) || raw.includes("[")) anyGlob = true;
      for (const p of partials) append(p, piece.text, raw);
      continue;
    }
    const output =
      piece.cwd === true
        ? cwdOf(env)
        : piece.literalOutput !== undefined
          ? literalOutputOf(piece.literalOutput, env)
          : piece.pathPart !== undefined
            ? pathPartOf(piece.pathPart, env)
            : undefined;
    const values =
      output !== undefined
        ? withFailedRun(output)
        : piece.operator !== undefined
          ? operatorOf(piece.operator, env)
          : piece.variable === undefined
            ? null
            : valuesOf(piece.variable, env);
    if (values === null) return null;
    tick(STEP.char * values.reduce((sum, value) => sum + value.text.length, 0));
    const next: Partial[] = [];
    for (const p of partials) {
      for (const value of values) {
        const copy: Partial = {
          fields: [...p.fields],
          current: p.current === null ? null : { ...p.current },
          afterBlank: p.afterBlank === true,
        };
        if (piece.inQuotes) {
          append(copy, value.text, value.glob ? value.text : escapeGlob(value.text), true);
          if (value.glob) anyGlob = true;
        } else {
          // An extended pattern the walk does not match: the word is unknown.
          if (env.vars.has(PATTERN_CASE_UNKNOWN) && /[@+!*?]\(/.test(value.text)) return null;
          if (value.glob || hasUnquotedGlob(value.text) || value.text.includes("[")) anyGlob = true;
          if (value.glob === true) {
            // A file name a glob made is split where IFS characters stand in the name, not
            // in the pattern's text (`IFS=:; for f in .[[:lower:]]nv; do cat $f; done` reads
            // .env; `IFS=c; for f in s*/a.ts` splits src/a.ts): whole when no name the
            // pattern matches can hold one, else unknown. Blanks in the names of files the
            // string did not create are the one thing assumed away (a name it may have
            // created is floored by the glob-made rules, glob-names.ts).
            const blanksOnly = [...separators].every((char) => " \t\n".includes(char));
            const inText = [...separators].some((char) => value.text.includes(char));
            if ((inText || !blanksOnly) && globNameMayHold(value.text, separators)) return null;
            splitInto(copy, value.text, "");
          } else {
            splitInto(copy, value.text, separators);
          }
        }
        next.push(copy);
      }
    }
    if (next.length > MAX_RESULTS) return null;
    partials = next;
  }
  return partials.map((p) => {
    const fields = p.current === null ? p.fields : [...p.fields, p.current];
    // An unquoted expansion that comes out empty leaves no word; a quoted empty one does.
    return fields
      .filter((field) => field.text !== "" || field.quoted)
      .map((field) => ({
        text: field.text,
        pattern:
          anyGlob && field.pattern !== null && hasUnquotedGlob(field.pattern)
            ? field.pattern
            : null,
      }));
  });
}

function append(partial: Partial, text: string, pattern: string, quoted = false): void {
  partial.current ??= { text: "", pattern: "" };
  partial.afterBlank = false;
  if (quoted) partial.current.quoted = true;
  partial.current.text += text;
  partial.current.pattern = (partial.current.pattern ?? "") + pattern;
}

/**
 * Unquoted expansion: the value is split on IFS characters into several words, as bash does:
 * IFS white space (space, tab, newline) in a run is one delimiter and starts nothing at the
 * start; every other IFS character, with the white space around it, ends a field even an
 * empty one (`IFS=:; x=':.env'` is the two words '' and `.env`, `a::b` is `a` '' `b`); a
 * trailing one makes no empty field after it.
 */
/**
 * Whether a file name matched by `pattern` may hold one of `separators`: a `*`, a `?` or an
 * extended group may match any character but `/`; a bracket expression the characters it
 * lists, any under negation, a range or a class beyond letters and digits; any other
 * character stands in the name as written.
 */
export function globNameMayHold(pattern: string, separators: string): boolean {
  if (separators === "") return false;
  // No file name holds `/`: only another separator can stand where a wildcard matches.
  const wild = [...separators].some((char) => char !== "/");
  // An equivalence class or a collating symbol (alone or as a range end: `[+-[.=.]]` holds
  // `:`), a class beside a `-`, or an odd `[:`: bash 5.2 reads such a bracket in more than
  // one way, and may match more than its text shows.
  if (wild && (/\[[=.]/.test(pattern) || oddClass(pattern))) return true;
  for (let i = 0; i < pattern.length; i++) {
    const char = pattern[i] as string;
    if (char === "\\") {
      i++;
      if (i < pattern.length && separators.includes(pattern[i] as string)) return true;
      continue;
    }
    if (char === "*" || char === "?" || (char === "(" && /[@+!*?]/.test(pattern[i - 1] ?? ""))) {
      if (wild) return true;
      continue;
    }
    const end = char === "[" ? bracketEnd(pattern, i) : -1;
    if (end !== -1) {
      const inside = pattern.slice(i + 1, end);
      const classes = inside.match(/\[[:=.][^\]]*[:=.]\]/g) ?? [];
      const listed = inside.replace(/\[[:=.][^\]]*[:=.]\]/g, "");
      const mayMatch =
        /^[!^]/.test(inside) ||
        /.-./.test(listed) ||
        classes.some((name) => [...separators].some((sep) => classMayHold(name, sep))) ||
        [...separators].some((sep) => listed.includes(sep));
      if (wild && mayMatch) return true;
      i = end;
      continue;
    }
    if (separators.includes(char)) return true;
  }
  return false;
}

/** Whether a `[:` of the pattern is not a lone plain class `[:name:]` (no `-` beside it). */
function oddClass(pattern: string): boolean {
  for (let at = pattern.indexOf("[:"); at !== -1; at = pattern.indexOf("[:", at + 1)) {
    const plain = /^\[:[a-z]+:\]/.exec(pattern.slice(at, at + 32));
    if (plain === null || pattern[at - 1] === "-" || pattern[at + plain[0].length] === "-") {
      return true;
    }
  }
  return false;
}

/** The characters of the classes a bracket expression may name (any locale's letters). */
const CLASS_CHARS: Readonly<Record<string, RegExp>> = {
  alpha: /\p{L}/u,
  alnum: /[\p{L}\p{N}]/u,
  digit: /\p{N}/u,
  lower: /\p{L}/u,
  upper: /\p{L}/u,
  xdigit: /[0-9A-Fa-f]/,
};

/** Whether `[:name:]`, `[=c=]` or `[.c.]` may match `char` (an unknown class may). */
function classMayHold(name: string, char: string): boolean {
  const inner = name.slice(2, -2);
  if (name[1] !== ":") return inner === char || inner.length !== 1;
  const chars = CLASS_CHARS[inner];
  return chars === undefined || chars.test(char);
}

/** The index of the `]` closing the bracket expression opened at `open`, or -1. */
function bracketEnd(pattern: string, open: number): number {
  let i = open + 1;
  if (pattern[i] === "!" || pattern[i] === "^") i++;
  if (pattern[i] === "]") i++;
  for (; i < pattern.length; i++) {
    const char = pattern[i];
    if (char === "]") return i;
    if (char === "[" && /[:=.]/.test(pattern[i + 1] ?? "")) {
      const close = pattern.indexOf(`${pattern[i + 1]}]`, i + 2);
      if (close === -1) return -1;
      i = close + 1;
    }
  }
  return -1;
}

function splitInto(partial: Partial, value: string, separators: string): void {
  if (separators === "") {
    append(partial, value, value);
    return;
  }
  let piece = "";
  for (const char of value) {
    if (!separators.includes(char)) {
      piece += char;
      continue;
    }
    if (piece !== "") append(partial, piece, piece);
    piece = "";
    const blank = char === " " || char === "\t" || char === "\n";
    if (partial.current !== null) {
      partial.fields.push(partial.current);
      partial.current = null;
      partial.afterBlank = blank;
    } else if (!blank) {
      // A delimiter with no field before it (at the start, or right after another one)
      // delimits an empty field, unless it continues the white space that ended the last.
      if (partial.afterBlank !== true) partial.fields.push({ text: "", pattern: "", quoted: true });
      partial.afterBlank = false;
    }
  }
  if (piece !== "") append(partial, piece, piece);
}

function escapeGlob(text: string): string {
  return text.replace(/[*?[\]\\]/g, "\\$&");
}

/**
 * A character of the word's text, or a quoted or expanded part of it as one atom. `generated`
 * marks a character a sequence expression made (`{Z..a}` holds `\` and a backquote).
 */
type Token = { char: string; generated?: true } | { piece: Piece };

/**
 * Brace expansion over the unquoted characters of the word (quoted and expanded parts are
 * atoms): `{a,b}c` is `ac bc`, `x{1..3}` is `x1 x2 x3`. Null when the word expands into more
 * than {@link MAX_RESULTS} words.
 */
function braceExpand(pieces: readonly Piece[]): Piece[][] | null {
  // Most words hold no `{` outside quotes and expansions: nothing to expand, the pieces as
  // the token round trip below leaves them, without a token a character.
  if (!pieces.some((piece) => piece.kind === "unquoted" && (piece.raw ?? piece.text).includes("{")))
    return [joinedUnquoted(pieces)];
  const tokens: Token[] = [];
  for (const piece of pieces) {
    if (piece.kind === "unquoted") {
      const raw = piece.raw ?? piece.text;
      for (let i = 0; i < raw.length; i++) {
        if (raw[i] === "\\") {
          tokens.push({ char: raw.slice(i, i + 2) });
          i++;
        } else tokens.push({ char: raw[i] as string });
      }
    } else tokens.push({ piece });
  }
  const expanded = expandTokens(tokens, 0);
  if (expanded === null) return null;
  // A word bash reads again (see rereadHazard) is not the one these pieces spell.
  if (expanded.some(rereadHazard)) return null;
  return expanded.map(toPieces);
}

/**
 * Whether bash reads a word a sequence expression made otherwise than its pieces say. bash
 * expands braces on the word's text, quotes and all, and reads the result again: a character
 * range across `Z`..`a` puts a bare `\` or backquote into that text. A backquote opens a
 * command substitution; a `\` escapes whatever comes next, so before a quote, an expansion
 * or an escape of the text the quoting bash reads is not the parsed one
 * (`{a..Z..5}'$(rm y)'` holds `\'$(rm y)'`, which runs rm). Before a plain character, or
 * at the end, it is the escape (or the backslash) the unquoted text spells.
 */
function rereadHazard(tokens: readonly Token[]): boolean {
  let escaped = false;
  for (const token of tokens) {
    if (escaped) {
      escaped = false;
      if (!("char" in token) || (token.char.length > 1 && token.generated !== true)) return true;
      continue;
    }
    if (!("char" in token) || token.generated !== true) continue;
    // A backquote with nothing after it has no closing one: an expansion error, no code.
    if (token.char === "`") return token !== tokens[tokens.length - 1];
    if (token.char === "\\") escaped = true;
  }
  return false;
}

/**
 * A part's text as bash's parser leaves it in the word: it decodes `$'…'` into single quotes
 * (`$'x'` is `'x'`) and `$"…"` into double quotes before any expansion.
 */
function parsedText(type: string, text: string): string {
  if (type === "ansi_c_string") {
    const body = text.endsWith("'") && text.length > 2 ? text.slice(2, -1) : text.slice(2);
    return `'${decodeAnsi(body).replace(/'/g, "'\\''")}'`;
  }
  return type === "translated_string" ? text.slice(1) : text;
}

/** How many words a brace expansion read again is followed into (a range runs to 58). */
const MAX_REREAD = 256;

/** The node types whose text is one atom of a word, for {@link rereadBraceWords}. */
const ATOM_TYPES: ReadonlySet<string> = new Set([
  "raw_string",
  "string",
  "ansi_c_string",
  "translated_string",
  "expansion",
  "simple_expansion",
  "command_substitution",
  "process_substitution",
  "arithmetic_expansion",
]);

/**
 * The texts bash reads again after brace-expanding a word (see rereadHazard), each as bash
 * would scan it: `{a..Z..5}'$(rm y)'` gives `\'$(rm y)'`. `source` is the word's text, `parts`
 * its children (type and span, relative to the word); quoted and expanded parts stay whole.
 * Each text once; empty when no word is read again, null when the word expands into more
 * than {@link MAX_REREAD}.
 */
export function rereadBraceWords(
  source: string,
  parts: readonly { type: string; start: number; end: number }[],
): string[] | null {
  if (!source.includes("{") || !source.includes("..")) return [];
  const tokens: Token[] = [];
  let at = 0;
  const chars = (end: number) => {
    for (; at < end; at++) {
      if (source[at] === "\\") {
        tokens.push({ char: source.slice(at, at + 2) });
        at++;
      } else tokens.push({ char: source[at] as string });
    }
  };
  for (const part of parts) {
    if (!ATOM_TYPES.has(part.type) || part.start < at) continue;
    chars(part.start);
    tokens.push({
      piece: { kind: "quoted", text: parsedText(part.type, source.slice(part.start, part.end)) },
    });
    at = part.end;
  }
  chars(source.length);
  const expanded = expandTokens(tokens, 0, MAX_REREAD);
  if (expanded === null) return null;
  const texts = new Set<string>();
  for (const word of expanded) {
    if (!rereadHazard(word)) continue;
    texts.add(word.map((token) => ("char" in token ? token.char : token.piece.text)).join(""));
  }
  return [...texts];
}

function expandTokens(
  tokens: readonly Token[],
  depth: number,
  limit = MAX_RESULTS,
): Token[][] | null {
  if (depth > 8) return null;
  const open = findBrace(tokens, limit);
  if (open === null) return [[...tokens]];
  const { start, end, parts } = open;
  // Brace expansion is textual and comes first: `$x{b,}` is `$xb $x`, so an alternative that
  // starts with a name character lengthens the variable's name into one the walk did not read.
  const before = tokens[start - 1];
  if (before !== undefined && "piece" in before && growsName(before.piece, parts)) return null;
  const prefix = tokens.slice(0, start);
  const suffix = tokens.slice(end + 1);
  const out: Token[][] = [];
  for (const part of parts) {
    const expanded = expandTokens([...prefix, ...part, ...suffix], depth + 1, limit);
    if (expanded === null) return null;
    out.push(...expanded);
    if (out.length > limit) return null;
  }
  return out;
}

/** Whether `piece` is an unbraced `$NAME` that one of `parts` continues with a name character. */
function growsName(piece: Piece, parts: readonly Token[][]): boolean {
  if (piece.kind !== "expansion" || piece.inQuotes || !/^\$[A-Za-z_]\w*$/.test(piece.text)) {
    return false;
  }
  return parts.some((part) => /^\w/.test(charOf(part[0]) ?? ""));
}

/** The first brace group that expands: its span and its alternatives. */
function findBrace(
  tokens: readonly Token[],
  limit: number,
): { start: number; end: number; parts: Token[][] } | null {
  for (let start = 0; start < tokens.length; start++) {
    if (charOf(tokens[start]) !== "{") continue;
    let depth = 0;
    const commas: number[] = [];
    for (let i = start; i < tokens.length; i++) {
      const c = charOf(tokens[i]);
      if (c === "{") depth++;
      else if (c === "}") {
        depth--;
        if (depth === 0) {
          if (commas.length > 0) {
            const bounds = [start, ...commas, i];
            const parts: Token[][] = [];
            for (let k = 0; k + 1 < bounds.length; k++) {
              parts.push(tokens.slice((bounds[k] as number) + 1, bounds[k + 1] as number));
            }
            return { start, end: i, parts };
          }
          const sequence = rangeParts(tokens.slice(start + 1, i), limit);
          if (sequence !== null) return { start, end: i, parts: sequence };
          break;
        }
      } else if (c === "," && depth === 1) commas.push(i);
    }
  }
  return null;
}

/**
 * A sequence expression as bash 5.2 reads one: `{1..3}`, `{a..c}`, `{1..9..2}`. Numbers may
 * carry a sign (`{+1..3}`, `{d..f..+1}`); the step's sign is ignored and a zero step is one;
 * a bound written with a leading zero (`01`, `-03`) pads every number to the longer padded
 * bound's length (`{1..03}` is `01 02 03`). Letters are single ASCII letters, and run through
 * the characters between them (`{Z..b}` holds `[` and `\`). Anything else is no sequence and
 * stays as written.
 */
function rangeParts(inner: readonly Token[], limit: number): Token[][] | null {
  if (inner.some((token) => !("char" in token))) return null;
  const text = inner.map((token) => (token as { char: string }).char).join("");
  const match = /^([-+]?\d+|[A-Za-z])\.\.([-+]?\d+|[A-Za-z])(?:\.\.([-+]?\d+))?$/.exec(text);
  if (match === null) return null;
  const [, from, to, stepText] = match as unknown as [string, string, string, string | undefined];
  const numeric = /\d/.test(from) && /\d/.test(to);
  if (numeric !== (/\d/.test(from) || /\d/.test(to))) return null;
  // Past what a double holds exactly (bash's intmax_t bounds, overflow leaves it as written):
  // not followed.
  if ([from, to, stepText ?? ""].some((n) => n.replace(/^[-+]?0*/, "").length > 15)) {
    return tooMany(limit);
  }
  const a = numeric ? Number(from) : from.charCodeAt(0);
  const b = numeric ? Number(to) : to.charCodeAt(0);
  const step = Math.abs(Number(stepText ?? 1)) || 1;
  if (Math.abs(b - a) / step > limit) return tooMany(limit);
  const padded = (bound: string) => (/^-?0./.test(bound) ? bound.length : 0);
  const width = numeric ? Math.max(padded(from), padded(to)) : 0;
  const parts: Token[][] = [];
  for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) {
    const value = numeric ? zeroPadded(v, width) : String.fromCharCode(v);
    parts.push([...value].map((char) => (numeric ? { char } : { char, generated: true as const })));
  }
  return parts;
}

/** `printf '%0*d'`: the sign, then zeros up to `width` characters in all. */
function zeroPadded(n: number, width: number): string {
  const digits = String(Math.abs(n));
  const sign = n < 0 ? "-" : "";
  return sign + digits.padStart(width - sign.length, "0");
}

/** More alternatives than are followed: a list long enough to make the caller give up. */
function tooMany(limit: number): Token[][] {
  return Array.from({ length: limit + 1 }, () => []);
}

function charOf(token: Token | undefined): string | null {
  return token !== undefined && "char" in token ? token.char : null;
}

/** What `toPieces` gives for the tokens of `pieces` when no brace expands: runs joined. */
function joinedUnquoted(pieces: readonly Piece[]): Piece[] {
  const out: Piece[] = [];
  let raw = "";
  for (const piece of pieces) {
    if (piece.kind === "unquoted") {
      raw += piece.raw ?? piece.text;
      continue;
    }
    if (raw !== "") out.push(unquotedPiece(raw));
    raw = "";
    out.push(piece);
  }
  if (raw !== "") out.push(unquotedPiece(raw));
  return out;
}

function unquotedPiece(raw: string): Piece {
  return { kind: "unquoted", text: raw.replace(/\\(.)/gs, "$1"), raw };
}

function toPieces(tokens: readonly Token[]): Piece[] {
  const pieces: Piece[] = [];
  let raw = "";
  const flush = () => {
    if (raw === "") return;
    pieces.push(unquotedPiece(raw));
    raw = "";
  };
  for (const token of tokens) {
    if ("char" in token) raw += token.char;
    else {
      flush();
      pieces.push(token.piece);
    }
  }
  flush();
  return pieces;
}
