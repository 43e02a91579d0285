import { STEP, tick } from "../check/deadline.ts";
import {
  DATE_WORD,
  GIT_ONE_ID,
  GIT_REF_NAMES,
  PGREP_PIDS,
  SEQ_NUMBERS,
} from "../programs/inert-output.ts";
import { backquoteReadings, backtickClose, dollarParen } from "../read/substitutions.ts";
import { DEFAULTED, type ExpandEnv } from "./expand.ts";
import { assignsInArithmetic } from "./untracked.ts";

/**
 * Strings bash evaluates later. A variable's value reaching an arithmetic context is itself
 * evaluated as arithmetic, and an array subscript in it runs its command substitutions:
 * `x='a[$(rm -rf build)]'; echo $((x))` runs rm. The same holds for `${!x}` (the name it holds
 * may carry a subscript), `${x@P}` (prompt expansion runs substitutions), `let`, `(( ))`,
 * `[[ x -eq y ]]`, subscripts and `${x:offset}`, and a name with a subscript handed to a
 * builtin (`read 'a[$(id)]'`, `[[ -v 'a[$(id)]' ]]`).
 *
 * A value is trusted when the string itself set it to something that cannot hold code, or when
 * it comes untouched from the environment (the user's own, not the agent's). A value the
 * string computed, read, or lost track of (after `eval`, `source`, a function call) is not.
 */

/** The marker the walker puts in its variables once any variable may hold anything. */
export const ANY_NAME = "*";

/**
 * The marker (prefix of a name) the walker puts in its variables for a name whose value it
 * does not know but which is surely a decimal integer: every assignment that reached this
 * point gave it the result of a safe arithmetic expansion (`n=$((n+1))`) or an integer
 * literal. Such a value holds no letter, blank, glob or `$`: evaluated as arithmetic it runs
 * nothing, and split it never becomes an option or a name. Any other assignment of the name
 * drops it (see `assign` in walk.ts), and two paths keep it only when both hold an integer.
 */
export const INTEGER_VALUE = "%integer-value:";

/**
 * The marker (prefix of a name) for an array whose elements the walk does not list but which
 * surely hold no code: every element and key was written as literal text without `$`, a
 * backquote or a glob (`declare -A m=([a]=1 [b.c]=x/y)`). Evaluated as arithmetic, such a
 * value names variables at most. Kept as {@link INTEGER_VALUE} is: any other assignment of the
 * name drops it, and two paths keep it only when both hold it.
 */
export const CODE_FREE = "%code-free:";

/** Whether `name` surely holds a decimal integer in `vars` (literal values or the marker). */
export function holdsInteger(name: string, vars: ExpandEnv["vars"]): boolean {
  // bash rewrites these itself (`$_` after every command, BASH_REMATCH at each `=~`): a value
  // the string gave them earlier says nothing of what they hold later (see IMPLICIT).
  if (IMPLICIT.has(name)) return false;
  if (!vars.has(name) || vars.has(DEFAULTED + name) || vars.has(DEFAULTED + ANY_NAME)) return false;
  const values = vars.get(name) ?? null;
  if (values === null) return vars.has(INTEGER_VALUE + name);
  return values.length > 0 && values.every((value) => !value.glob && /^-?[0-9]+$/.test(value.text));
}

// Names whose value bash sets to a number when read or refuses to take (an assignment of
// RANDOM, SRANDOM or OPTIND is itself evaluated, and judged where it is written). COLUMNS and
// LINES are plain variables in a shell that is not interactive: `COLUMNS='a[$(id)]'` runs id
// once evaluated.
const SPECIAL = new Set([
  "RANDOM",
  "SRANDOM",
  "LINENO",
  "SECONDS",
  "EPOCHSECONDS",
  "BASHPID",
  "PPID",
  "UID",
  "EUID",
  "OPTIND",
]);

const MAX_DEPTH = 6;

/**
 * Values bash sets by itself from what the string did, never from the user's environment:
 * the last word of the previous command (`$_`), what a regex matched, what `read`, `mapfile`,
 * `getopts` and `select` read, the command being run, the string itself, and the positional
 * parameters (`set --`, a function's arguments, `shift`). Whatever the string wrote can be
 * in them (`echo 'a[$(rm x)]'; (( _ ))` runs rm), so in a context that evaluates them they
 * are unknown whatever the walk knows of the name.
 */
const IMPLICIT = new Set([
  "_",
  "BASH_REMATCH",
  "REPLY",
  "MAPFILE",
  "OPTARG",
  "BASH_ARGV",
  "BASH_COMMAND",
  "BASH_EXECUTION_STRING",
  "BASH_SOURCE",
  "FUNCNAME",
  "COPROC",
  "READLINE_LINE",
  "COMP_LINE",
  "COMP_WORDS",
]);

/** A positional parameter's name: `1`, `10`, `@`, `*` (`0` too: `BASH_ARGV0` sets it). */
const POSITIONAL = /^(?:[0-9]+|[@*])$/;

export { DEFAULTED } from "./expand.ts";

/** Whether bash, not the string's assignments, decides the value of `name` (see IMPLICIT). */
function implicitValue(name: string, env: ExpandEnv): boolean {
  return (
    IMPLICIT.has(name) ||
    POSITIONAL.test(name) ||
    env.vars.has(DEFAULTED + name) ||
    env.vars.has(DEFAULTED + ANY_NAME)
  );
}

/**
 * Whether an unquoted expansion's text may split into words the string did not decide: a
 * substitution's output, or a variable the string gave an unknown value (or bash did). One
 * from the environment is the user's own and stays trusted, as in {@link valueIsSafe}.
 */
export function splitsIntoUnknown(text: string, env: ExpandEnv): boolean {
  if ((text.includes("$(") || text.includes("`")) && unsafeSubstitution(text, PLAIN_OUTPUT)) {
    return true;
  }
  for (const match of text.matchAll(/\$\{?([A-Za-z_][A-Za-z0-9_]*|[0-9]|[@*])/g)) {
    const name = match[1] as string;
    if (implicitValue(name, env)) return true;
    if (env.vars.has(name) ? env.vars.get(name) === null : env.vars.has(ANY_NAME)) {
      if (!holdsInteger(name, env.vars)) return true;
    }
  }
  return false;
}

/** The names the `${NAME:=…}` and `${NAME=…}` of `text` may assign a value other than a number. */
export function defaultedNames(text: string): string[] {
  const names = new Set<string>();
  // Bounded runs keep the scan linear; an element (`${a[i]:=…}`) or a value cut off by the
  // bound counts as a value that may hold code.
  for (const match of text.matchAll(/\$\{([A-Za-z_][A-Za-z0-9_]*)(\[|:?=)([^}]{0,256})(\}?)/g)) {
    if (match[2] !== "[" && match[4] === "}" && /^[-+]?[0-9]*$/.test(match[3] as string)) continue;
    // `${m[k]}`: an element read with a plain subscript and no operator assigns nothing.
    if (match[2] === "[" && match[4] === "}" && /^[^=$`'"\\{}()[\]]*\]$/.test(match[3] as string)) {
      continue;
    }
    names.add(DEFAULTED + (match[1] as string));
  }
  // `${!n:=…}` assigns the variable n names, which may be any, PATH among them.
  if (/\$\{![A-Za-z_][A-Za-z0-9_]*(?:\[[^\]]{0,256}\])?:?=/.test(text)) {
    names.add(DEFAULTED + ANY_NAME);
    names.add(`${DEFAULTED}PATH`);
  }
  return [...names];
}

const NUMERIC_TAIL =
  /^\s*(?:id[ \t]+-[ug]|date[ \t]+\+%s|nproc|wc[ \t]+-[lcmw][ \t]*(?:<[ \t]*[^\s;&|<>()`$]+)?|git[ \t]+rev-list[ \t]+--count(?:[ \t]+[A-Za-z0-9_./~^@{}-]+)*|grep[ \t]+-c[ \t]+(?:'(?!-)[^']*'|"(?!-)[^"$`]*"|(?!-)[^\s'"|;&<>()$`]+)(?:[ \t]+(?!-)[^\s'"*?[\]{}$`;&|<>()]+)?)\s*$/;

/**
 * The stages of a pipeline, cut at each `|` bash reads as one: a `|` or `)` inside quotes or
 * after a backslash is text (`echo 'a[$(id)]' '|nproc'` is one echo). Null when the body holds
 * anything else at its top level, whose output is not that of its last stage or whose end is
 * not certain: `;`, `&`, a newline (so no group), a subshell or `case` (its `)`), a substitution
 * (in double quotes too), `$'…'`, a heredoc, a comment, a quote left open. One pass.
 */
function pipelineStages(body: string): string[] | null {
  const stages: string[] = [];
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i] as string;
    if (c === "\\") {
      i++;
    } else if (c === "'") {
      const close = body.indexOf("'", i + 1);
      if (close === -1) return null;
      i = close;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < body.length && body[j] !== '"'; j++) {
        if (body[j] === "\\") j++;
        else if (body[j] === "`" || (body[j] === "$" && body[j + 1] === "(")) return null;
      }
      if (j >= body.length) return null;
      i = j;
    } else if (c === "|") {
      stages.push(body.slice(start, i));
      start = i + 1;
    } else if (
      /[;&\n()`#]/.test(c) ||
      (c === "$" && /['"(]/.test(body[i + 1] ?? "")) ||
      (c === "<" && body[i + 1] === "<")
    ) {
      return null;
    }
  }
  stages.push(body.slice(start));
  return stages;
}

/** A stage that starts with a reserved word or a test: not a simple command. */
const RESERVED_START =
  /^\s*(?:case|esac|if|then|elif|else|fi|for|select|while|until|do|done|function|coproc|time|in|\{|\}|!|\[\[|\]\])(?:\s|$)/;

/**
 * Commands whose output is a number whatever their input, alone or last in a pipeline:
 * `$(( $(wc -l < f) + 1 ))`, `[ $(git status --porcelain | wc -l) -eq 0 ]` evaluate only
 * digits. Any other substitution's output is unknown text, evaluated (subscripts included)
 * where it stands. The pipeline is cut where bash cuts it ({@link pipelineStages}), then its
 * last stage is matched. grep's pattern and file never start with `-`: an option there
 * changes what it prints (`grep -c --label=y -H` prints `y:0`, `--help` a usage text whose
 * first word is a name).
 */
const NUMERIC_OUTPUT: BodyTest = {
  test(body) {
    const stages = pipelineStages(body);
    if (stages === null) return false;
    const last = stages.pop() as string;
    // A stage that opens a compound command (`case a in a|nproc) …;; esac`, whose `)` the
    // reading of the substitution's end does not know) is no pipeline stage.
    return (
      stages.every((stage) => /\S/.test(stage) && !RESERVED_START.test(stage)) &&
      !RESERVED_START.test(last) &&
      NUMERIC_TAIL.test(last)
    );
  },
};

/**
 * Commands whose output is a plain word (no `-` option, no `[`): a number, a user or system
 * name, a branch name (git refuses `[` in one). Split, it cannot spell `-v NAME[…]`.
 */
const PLAIN_OUTPUT =
  /^\s*(?:id[ \t]+-u?n?[ug]n?|whoami|uname(?:[ \t]+-[srmo])?|git[ \t]+branch[ \t]+--show-current|git[ \t]+rev-parse[ \t]+(?:--abbrev-ref[ \t]+|--short[ \t]+)?HEAD)\s*$/;

/**
 * Whether every command substitution in `text` (arithmetic ones aside) prints a plain word: a
 * number, a user, system or branch name (see {@link PLAIN_OUTPUT}), never a glob character.
 */
export function plainSubstitutions(text: string): boolean {
  return unsafeSubstitution(text, GLOB_FREE) === null;
}

/**
 * `echo` and `printf` of words written out that hold no glob character, no backslash (an
 * escape may print one: `echo -e '\052'`, xpg_echo) and no expansion, printf's format only
 * `%s` and `\n` (`%b` and `%c` print what an argument spells): `$(echo hi)`,
 * `$(printf '%s\n' a b)` print exactly those words.
 */
const LITERAL_PRINT = `(?:echo|printf)(?:[ \\t]+(?:[^\\s;&|<>()$\`'"\\\\*?[\\]{}~#%]|%[s%]|\\\\n|'(?:[^'*?[\\]\\\\%]|%[s%]|\\\\n)*'|"(?:[^"$\`!*?[\\]\\\\%()]|%[s%]|\\\\n)*")+)*`;

/**
 * {@link PLAIN_OUTPUT}, {@link LITERAL_PRINT}, and commands that print object names or
 * process ids: git's revisions (a ref name never holds `*`, `?` or `[`: git
 * check-ref-format), `lsof -t`'s and `pidof`'s numbers, and the shapes inert-output.ts
 * shares with the other lists (`date +%F`, `seq 1 3`, `pgrep`, `git rev-list -1`), and ref-name
 * listings (`git tag`, `git branch --format='%(refname:short)'`: inert-output.ts GIT_REF_NAMES,
 * S32 F-prec2 gitref-loop). Options that print a path
 * (`--show-toplevel`, `--git-dir`) are not among them.
 */
const GLOB_FREE_OUTPUT = new RegExp(
  `${PLAIN_OUTPUT.source}|^\\s*${LITERAL_PRINT}\\s*$|^\\s*(?:git[ \\t]+(?:merge-base|rev-parse|describe|symbolic-ref)(?:[ \\t]+(?!--(?:show|git|absolute|local|path|prefix|sq|resolve|parseopt))[A-Za-z0-9_./~^@{}=:-]+)*|pidof(?:[ \\t]+[^\\s;&|<>()$\`'"*?[\\]\\\\]+)*|${DATE_WORD}|${SEQ_NUMBERS}|${PGREP_PIDS}|${GIT_ONE_ID}|${GIT_REF_NAMES})\\s*$`,
);

/** A test of a substitution's body: a pattern, or a reading word by word. */
type BodyTest = { test(body: string): boolean };

/** The blank-separated words of a one-line body (a newline inside stays in its word). */
function lineWords(body: string): string[] {
  return body.trim().split(/[ \t]+/);
}

/** A word of `lsof -t`'s command line that expands to itself: no quote, glob or expansion. */
const LSOF_WORD = /^[^\s;&|<>()$`'"*?[\]\\]+$/;

/**
 * `lsof … -t …` prints process ids only. Read word by word: as one regular expression, each
 * `-t` word could be taken as the option or as another word, and a line that fails at its end
 * was tried every way (quadratic: D20-03).
 */
function lsofPids(body: string): boolean {
  const words = lineWords(body);
  if (words[0] !== "lsof" || words.length < 2) return false;
  let pids = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as string;
    if (!LSOF_WORD.test(word)) return false;
    if (/^-[A-Za-z]*t/.test(word)) pids = true;
  }
  return pids;
}

/**
 * The options of `git rev-list` that print only object names, counts and their markers (`<`,
 * `>`, `-`, `=`, `+`), never a subject, a message, a path or a graph: `--oneline`, `--pretty`,
 * `--format`, `--header`, `-g` print commit text, `--objects` paths and `--graph` a `*` (R20
 * git-rev-list-pretty-output-taken-as-glob-free: a subject `/home/user/.ssh/*` was listed).
 */
const REV_LIST_PLAIN_OPTION =
  /^(?:--(?:all|branches|tags|remotes|first-parent|ancestry-path|merges|no-merges|reverse|parents|children|count|abbrev-commit|left-right|left-only|right-only|boundary|cherry-mark|cherry-pick|cherry|topo-order|date-order|author-date-order|no-walk|timestamp|not|simplify-by-decoration|full-history|dense|sparse|remove-empty|quiet|use-bitmap-index|in-commit-order|disk-usage|no-min-parents|no-max-parents)|--(?:abbrev|max-count|skip|min-parents|max-parents|max-age|min-age)=[0-9]+|--(?:since|until|after|before|author|committer|grep|branches|tags|remotes|exclude)=[^\s;&|<>()$`'"*?[\]\\]+|-n|-[0-9]+|-n[0-9]+)$/;

/** A word `git rev-list` reads as a revision or a count: no option, quote, glob or expansion. */
const REV_LIST_WORD = /^[A-Za-z0-9_./~^@{}=:][A-Za-z0-9_./~^@{}=:-]*$/;

/** `git rev-list` whose every option prints only object names or numbers. */
function revListPlain(body: string): boolean {
  const words = lineWords(body);
  if (words[0] !== "git" || words[1] !== "rev-list") return false;
  return words
    .slice(2)
    .every((word) => (word.startsWith("-") ? REV_LIST_PLAIN_OPTION : REV_LIST_WORD).test(word));
}

/** Command substitutions whose output is a word that globbing leaves as it is. */
const GLOB_FREE: BodyTest = {
  test: (body) => GLOB_FREE_OUTPUT.test(body) || lsofPids(body) || revListPlain(body),
};

/**
 * How deep `$((` may nest in an expression read by {@link unsafeSubstitution}: each level is
 * read once more, so a bound keeps the reading linear; deeper nesting counts as unsafe.
 */
const MAX_NESTED_ARITHMETIC = 8;

/**
 * The first command substitution in an arithmetic expression whose output may hold code, or
 * null. The substitution itself is the walker's to list; here only its output counts. Each
 * `$(` ends where bash's code reading ends it ({@link dollarParen}: quotes, comments and
 * heredocs inside hide a `)`), and a `$((` is arithmetic only where bash takes it so:
 * `$((echo 'a[$''(id)]') )` is a command substitution holding a subshell, whose output is
 * evaluated. A substitution whose end is not certain, or that is not closed, may print
 * anything.
 */
function unsafeSubstitution(expression: string, plain: BodyTest = NUMERIC_OUTPUT): string | null {
  const to = expression.length;
  /** Where each `$((` the reading is inside ends, innermost last. */
  const inside: number[] = [];
  for (let at = expression.search(/\$\(|`/); at !== -1; ) {
    while (inside.length > 0 && at >= (inside[inside.length - 1] as number)) inside.pop();
    if (expression[at] === "`") {
      const close = backtickClose(expression, at + 1, to);
      const body = expression.slice(at + 1, close);
      // A `\`` inside opens a substitution nested in the body, read again once the body runs.
      if (close === to || body.includes("\\`")) return `\`${body}\``;
      // bash parses the body once its backslash layer is gone: `\\|` is then an escaped `|`
      // (`` `echo 'a[$(id)]' \\| nproc` `` prints the subscript). Where the backquotes stand
      // (in double quotes or not) is not known here: each reading must print a number.
      for (const code of backquoteReadings(body, null)) {
        if (!plain.test(code) && !NUMERIC_OUTPUT.test(code)) return `\`${body}\``;
      }
      at = close + 1;
    } else {
      const read = dollarParen(expression, at, to);
      const body = expression.slice(at + 2, read.close);
      if (read.arithmetic && !read.doubt) {
        // `$(( … ))`: arithmetic inside arithmetic, whose names are checked like the rest; its
        // own substitutions are read next.
        if (inside.length >= MAX_NESTED_ARITHMETIC) return `$(${body})`;
        inside.push(read.close);
        at += 3;
      } else {
        if (read.doubt || read.close >= to) return `$(${body})`;
        if (!plain.test(body) && !NUMERIC_OUTPUT.test(body)) return `$(${body})`;
        at = read.close + 1;
      }
    }
    const next = expression.slice(at).search(/\$\(|`/);
    at = next === -1 ? -1 : at + next;
  }
  return null;
}

/**
 * Whether the parentheses of an arithmetic expression pair up as bash counts them before it
 * takes `$((…))` as arithmetic (subst.c chk_arithsub): quoted text and a backslash's character
 * skipped, and never more closed than opened. A double-quoted string holding a substitution,
 * whose end that count reads as code, counts as not pairing up. One pass.
 */
function parenthesesPair(expression: string): boolean {
  let depth = 0;
  for (let i = 0; i < expression.length; i++) {
    const c = expression[i];
    if (c === "\\") i++;
    else if (c === "'") {
      i = expression.indexOf("'", i + 1);
      if (i === -1) return false;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < expression.length && expression[j] !== '"'; j++) {
        if (expression[j] === "\\") j++;
        else if (expression[j] === "`" || (expression[j] === "$" && expression[j + 1] === "(")) {
          return false;
        }
      }
      if (j >= expression.length) return false;
      i = j;
    } else if (c === "(") depth++;
    else if (c === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

/**
 * The first name in an arithmetic expression whose value may hold code, or null when every
 * name is safe. Substitutions written in the expression itself are the walker's to list.
 */
export function unsafeArithmetic(
  expression: string,
  env: ExpandEnv,
  depth = 0,
  known: Map<string, boolean> = new Map(),
): string | null {
  if (depth > MAX_DEPTH) return expression;
  if (expression.includes("$")) {
    // `$1`, `${@}`, `$*`: values bash decides (`$#`, `$?`, `$$`, `$!` are numbers); `$-`,
    // the shell's flags (`hBc`), is a name evaluated in turn.
    const positional = /\$\{?([0-9]|[@*-])/.exec(expression);
    if (positional) return `$${positional[1]}`;
  }
  if (expression.includes("$(") || expression.includes("`")) {
    // bash reads `$((X))` as `$( (X) )` when X's parentheses do not pair up: the words of its
    // substitutions' output then run as a command (`$(( $(case a in a|nproc) echo 'rm -rf
    // x';; esac) ))` runs rm). Elsewhere (`(( ))`, a subscript) such text is no arithmetic.
    if (!parenthesesPair(expression)) return expression;
    const substitution = unsafeSubstitution(expression);
    if (substitution !== null) return substitution;
  }
  if (expression.includes("$")) {
    const built = builtName(expression, env);
    if (built !== null) return built;
  }
  // A subscript of a name written right here runs whatever its substitutions say: the walker
  // lists those; the names inside are checked like any other.
  for (const match of expression.matchAll(/\$?\{?([A-Za-z_][A-Za-z0-9_]*)/g)) {
    const name = match[1] as string;
    const at = match.index ?? 0;
    // `0x1f`, `2#101`: digits before the letters make a number, not a name.
    if (at > 0 && /[0-9#]/.test(expression[at - 1] as string) && !match[0].startsWith("$"))
      continue;
    // A special name keeps bash's number only until the string assigns it after `unset`, or a
    // `local`/`declare` hides it in a function: then its text is evaluated like any other
    // (`unset SECONDS; SECONDS='a[$(id)]'; echo $((SECONDS))` runs id).
    if (SPECIAL.has(name) && !env.vars.has(name) && !env.vars.has(ANY_NAME)) continue;
    if (!valueIsSafe(name, env, depth, known)) return name;
  }
  return null;
}

/** The default forms of `${NAME…}` whose result is the value or a word written right there. */
const DEFAULT_FORM = /^:?[-=+?]/;

/**
 * The first expansion in an arithmetic expression whose result may be a name the text does not
 * show, or null. Bash expands the expression before it evaluates the names of the result:
 * `${x#x}` of `xay` is the name `ay`, and so are `${x}y`, `a$x` and `$x$y` glued to name
 * characters. A pattern operation or a glued expansion is safe only on a variable that surely
 * holds digits (then a pattern's or replacement's own letters are in the text, checked with
 * the rest); the default forms (`${n:-1}`) give the value or their word.
 */
function builtName(expression: string, env: ExpandEnv): string | null {
  for (let at = expression.indexOf("$"); at !== -1; at = expression.indexOf("$", at + 1)) {
    const next = expression[at + 1] ?? "";
    let name: string | null = null;
    let end: number;
    let transformed = false;
    if (next === "{") {
      const head = /^\$\{([#!]?)([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*#?$!-])/.exec(
        expression.slice(at),
      );
      let close = at + 2;
      for (let depth = 1; close < expression.length && depth > 0; close++) {
        if (expression[close] === "{") depth++;
        else if (expression[close] === "}") depth--;
      }
      end = close;
      if (head !== null) {
        name = head[2] as string;
        let rest = at + head[0].length;
        if (expression[rest] === "[") {
          let depth = 0;
          for (; rest < end; rest++) {
            if (expression[rest] === "[") depth++;
            else if (expression[rest] === "]" && --depth === 0) break;
          }
          rest++;
        }
        const op = expression.slice(rest, end - 1);
        // `${#x}` is a length; `${!x}` the value of the name x holds, checked as x's value.
        transformed = head[1] === "" && op !== "" && !DEFAULT_FORM.test(op);
      }
    } else if (next === "(" || next === "[") {
      continue;
    } else {
      const plain = /^\$([A-Za-z_][A-Za-z0-9_]*|[0-9@*#?$!-])/.exec(expression.slice(at));
      if (plain === null) continue;
      name = plain[1] as string;
      end = at + plain[0].length;
    }
    const before = at > 0 ? (expression[at - 1] as string) : "";
    const after = expression[end] ?? "";
    const glued = /[A-Za-z0-9_]/.test(before) || /[A-Za-z0-9_$]/.test(after);
    if ((glued || transformed) && (name === null || !holdsInteger(name, env.vars))) {
      return expression.slice(at, end);
    }
  }
  return null;
}

/**
 * Whether a variable's value, evaluated as arithmetic, can run nothing. `known` holds the
 * answers of one evaluation by depth and name: a value naming K names that each name K more
 * (`a1=a2+a2+…; a2=a3+…`) was read K^6 times without it (D18-01, 20 s on 374 bytes).
 */
export function valueIsSafe(
  name: string,
  env: ExpandEnv,
  depth = 0,
  known: Map<string, boolean> = new Map(),
): boolean {
  const key = `${depth} ${name}`;
  const answer = known.get(key);
  if (answer !== undefined) return answer;
  const safe = valueIsSafeOnce(name, env, depth, known);
  known.set(key, safe);
  return safe;
}

function valueIsSafeOnce(
  name: string,
  env: ExpandEnv,
  depth: number,
  known: Map<string, boolean>,
): boolean {
  if (implicitValue(name, env)) return false;
  // A value from the environment, or one bash sets (`SHELLOPTS`, `HOSTTYPE`, `OSTYPE`: text
  // that starts with a name), is the user's; but the names in it are evaluated in turn, and
  // the string may have given one of them code (`linux='a[$(id)]'; echo $((OSTYPE))`).
  if (!env.vars.has(name)) {
    return !env.vars.has(ANY_NAME) && !assignsCode(env);
  }
  const values = env.vars.get(name);
  if (values === null || values === undefined) {
    // A value known to hold no code may still name variables, as the environment's does.
    if (holdsInteger(name, env.vars)) return true;
    return env.vars.has(CODE_FREE + name) && !assignsCode(env);
  }
  return values.every((value) => {
    if (value.glob) return false;
    const text = value.text.trim();
    if (/^[-+]?[0-9]*$/.test(text)) return true;
    if (/[`$[\]\\'"]/.test(text)) return false;
    // `x='IFS=5'; echo $((x))` assigns IFS where no assignment is written.
    if (assignsInArithmetic(text)) return false;
    return unsafeArithmetic(text, env, depth + 1, known) === null;
  });
}

/**
 * Whether the string gave a variable a value that may hold code once evaluated as arithmetic:
 * text with an expansion in it, a glob-made name, or a value the walk does not know (a
 * substitution's output, what `read` read, a name it lost track of). An inherited value is
 * the user's, but its text names variables in turn: `TERM` holds `dumb` in a plain session,
 * so `read dumb < f; echo $((TERM))` evaluates what f holds (traced: `a[$(id)]` in f runs id).
 */
function assignsCode(env: ExpandEnv): boolean {
  // Every name is looked at: asked once per value evaluated, this grows with the names held.
  tick(STEP.char * 2 * env.vars.size);
  for (const name of env.vars.keys()) {
    if (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !codeFreeIn(name, env.vars)) return true;
  }
  return false;
}

/**
 * Whether `name` surely holds no code in `vars`, evaluated as arithmetic: the environment's
 * value (the user's), a decimal integer, a value marked {@link CODE_FREE}, or known values
 * without an expansion, a glob-made name or an assignment.
 */
export function codeFreeIn(name: string, vars: ExpandEnv["vars"]): boolean {
  if (!vars.has(name)) return !vars.has(ANY_NAME);
  const values = vars.get(name) ?? null;
  if (values === null) return holdsInteger(name, vars) || vars.has(CODE_FREE + name);
  for (const value of values) {
    let text = value.text.trim();
    // An array's elements (`([k]=v …)`): the keys were evaluated where they were written.
    if (text.startsWith("(") && text.endsWith(")")) text = text.replace(/\[[^\]]*\]=/g, "");
    if (/^[-+]?[0-9]*$/.test(text)) continue;
    // Brackets, quotes and backslashes run nothing by themselves: a subscript runs code only
    // through a `$(…)` or backquote some value holds (`s='a[i+1]'` names i, the user's).
    if (value.glob || /[`$]/.test(text) || assignsInArithmetic(text)) return false;
  }
  return true;
}

/** Whether a variable's value, prompt-expanded (`${x@P}`), can run nothing. */
export function promptIsSafe(name: string, env: ExpandEnv): boolean {
  if (implicitValue(name, env)) return false;
  // DIRSTACK holds the folder the walk is in and the ones pushd left: after a directory change
  // of the string (which sets OLDPWD) one may be a folder it named (`cd '$(id)'`).
  if (name === "DIRSTACK" && !env.vars.has(name)) {
    return !env.vars.has(ANY_NAME) && !env.vars.has("OLDPWD");
  }
  if (!env.vars.has(name)) return !env.vars.has(ANY_NAME);
  const values = env.vars.get(name);
  if (values === null || values === undefined) return false;
  // A value a glob made is a file name, which may hold `$(…)` (a cloned repository's, or one
  // the string itself created).
  return values.every((value) => !value.glob && !/[`$\\]/.test(value.text));
}

/** Whether `${!name}` can only name a plain variable (no subscript that would be evaluated). */
export function indirectionIsSafe(name: string, env: ExpandEnv): boolean {
  if (implicitValue(name, env)) return false;
  if (!env.vars.has(name)) return !env.vars.has(ANY_NAME);
  const values = env.vars.get(name);
  if (values === null || values === undefined) return false;
  return values.every(
    (value) => !value.glob && /^[A-Za-z_][A-Za-z0-9_]*$|^[0-9]+$|^$/.test(value.text),
  );
}

/**
 * What a `${…}` expansion evaluates: the name whose value is evaluated unsafely, or null.
 * Handles `${!x}`, `${x@P}`, `${x:off:len}` and subscripts `${a[i]}`.
 */
export function unsafeExpansion(text: string, env: ExpandEnv): string | null {
  const inner = text.startsWith("${") && text.endsWith("}") ? text.slice(2, -1) : null;
  if (inner === null) return null;
  const indirect = /^!([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])(.*)$/s.exec(inner);
  if (indirect) {
    const [, name, rest] = indirect as unknown as [string, string, string];
    // `${!prefix*}`, `${!prefix@}`, `${!arr[@]}` list names or keys: nothing is evaluated.
    if (/^[A-Za-z_]/.test(name) && /^(\*|@|\[[@*]\])$/.test(rest)) return null;
    if (!indirectionIsSafe(name, env)) return name;
    // `${!y@P}`: the value of the variable y names is prompt-expanded.
    if (rest.endsWith("@P")) {
      const named = rest.startsWith("[") ? null : env.vars.get(name);
      if (named === null || named === undefined) return name;
      for (const value of named) if (!promptIsSafe(value.text, env)) return value.text;
    }
  }
  const prompt = /^#?([A-Za-z_][A-Za-z0-9_]*|[0-9]+|[@*])(?:\[[^\]]*\])?@P$/.exec(inner);
  if (prompt && !promptIsSafe(prompt[1] as string, env)) return prompt[1] as string;
  const substring = /^([A-Za-z_][A-Za-z0-9_]*|[0-9@*])(?:\[[^\]]*\])?:(?![-=?+])(.*)$/s.exec(inner);
  if (substring) {
    const bad = unsafeArithmetic(substring[2] as string, env);
    if (bad !== null) return bad;
  }
  return null;
}

/**
 * The name in the subscript of a `${NAME[SUB]…}` expansion (`${!NAME[SUB]}`, `${#NAME[SUB]}`
 * too) whose value may hold code, or null: SUB is evaluated as arithmetic. Used where the text
 * is read without a tree (a heredoc body); a word's subscripts are checked on its tree.
 */
export function unsafeExpansionSubscript(text: string, env: ExpandEnv): string | null {
  const open = /^\$\{[!#]?[A-Za-z_][A-Za-z0-9_]*\[/.exec(text);
  if (open === null) return null;
  let depth = 1;
  let end = open[0].length;
  for (; end < text.length && depth > 0; end++) {
    if (text[end] === "[") depth++;
    else if (text[end] === "]") depth--;
  }
  const index = text.slice(open[0].length, depth === 0 ? end - 1 : end);
  if (index === "@" || index === "*") return null;
  // The `]` found is the first one the count closes on; a `${` left open before it, a quote or
  // a backslash may hide it from bash, whose subscript then runs on (traced: in a heredoc,
  // `${b[ ${x:-]} + $(cat f) ]}` evaluates what f holds). What it holds is then not known.
  if (
    /['"\\]/.test(index) ||
    (index.match(/\$\{/g)?.length ?? 0) > (index.match(/\}/g)?.length ?? 0)
  ) {
    return index;
  }
  if (assignsInArithmetic(index)) return index;
  return unsafeArithmetic(index, env);
}

/**
 * A word a builtin takes as a variable name, with a subscript whose expression is evaluated:
 * `read 'a[$(id)]'`, `printf -v 'a[$(id)]'`, `unset 'a[$(id)]'`, `[[ -v a[$(id)] ]]`.
 */
export function evaluatedSubscript(text: string, env: ExpandEnv): boolean {
  const match = /^[A-Za-z_][A-Za-z0-9_]*\[(.*)\](?:[+]?=.*)?$/s.exec(text);
  if (match === null) return false;
  const index = match[1] as string;
  if (index === "@" || index === "*") return false;
  if (/[`$]/.test(index)) return true;
  // `s='a[IFS=5]'; test -v "$s"` assigns IFS where the text shows no assignment.
  if (assignsInArithmetic(index)) return true;
  return unsafeArithmetic(index, env) !== null;
}

/** Whether a command substitution's body prints only a number whatever its input. */
export function numericOutput(body: string): boolean {
  return NUMERIC_OUTPUT.test(body);
}
