import type { BashUnit } from "@pi-permission/bash";

/**
 * Bash builtins that run no program and open no file of their own: a command string made of
 * them (`cd src && npm test`, `[ -d dist ] || npm run build`, `set -euo pipefail; git status`)
 * executes only its other commands. What they change (the working directory, `$?`, the
 * shell's error options, a variable `read` or `unset` gives a new value) the analysis already
 * follows, and a function of the same name is judged through the units of its body. So they
 * meet only rules that name them; the catch-all `*` does not make them ask or deny, as it
 * does not for `X=1`.
 */
const INERT_BUILTINS: ReadonlySet<string> = new Set(["pwd", "true", "false", ":"]);

// A change of directory is followed by the analysis only where its operand says where it
// goes: one literal folder, no option, no `CDPATH` search, no assignment in front (`HOME=x
// cd` goes to x), `cd -` to an OLDPWD the string decided, or `popd` alone back to a folder
// the string's `pushd DIR` left (the analysis reads that folder, or one nobody knows, as a
// path of the unit). `cd` alone, `dirs` and `pushd +N` go where the environment or the
// stack says, and meet the catch-all as before.
const DIRECTORY_CHANGES: ReadonlySet<string> = new Set(["cd", "pushd"]);

// `set` options that only decide when the shell stops or what it counts as an error. `-x`
// is left out: it expands `PS4` for every command. `posix` runs and opens nothing either, as
// `POSIXLY_CORRECT=1` (which turns the same mode on) does not: what the mode changes in later
// lines the analysis reads for any spelling of it (aliases on in every shell, an alias and
// `BASH_ALIASES` floored anyway; `time -p` no keyword, the name after it judged as a program;
// a special builtin found before a function of its name, such a function floored; prefix
// assignments kept after a special builtin; GNU option parsing once POSIXLY_CORRECT is
// exported; tildes after `=` in an argument left as written, which the analysis keeps).
const INERT_SET_WORDS: ReadonlySet<string> = new Set([
  "-o",
  "+o",
  "pipefail",
  "errexit",
  "nounset",
  "posix",
  "noclobber",
  "verbose",
  "noglob",
]);
// `-C` (noclobber) only makes `>` refuse to overwrite a file: it writes less, never more.
// `-v` (verbose) echoes each line bash reads to stderr. `-f` (noglob) passes a glob as the
// word it is written: the file named by the pattern itself, which the glob the analysis
// judges already names, as when the pattern matches nothing; `+f` is bash's default.
const INERT_SET_FLAGS = /^[-+][euCvf]+o?$/;
// `+x` turns tracing off: no PS4 is expanded after it (A18 set-plus-x-not-inert, traced:
// `set +x; git status`, `set +o xtrace; …` run only git status). Only with `+`: `-x` and
// `-o xtrace` turn it on.
const INERT_SET_OFF_FLAGS = /^\+[euCvfx]+o?$/;

const NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

// `IFS=` with a value written out (empty, plain characters, single quotes, double quotes
// without `$`, backquote or backslash, or a `$'…'` of plain characters and `\t`/`\n`), then
// blanks: bash assigns it for `read` alone, which only splits the line it reads with it.
const READ_IFS =
  /^IFS=(?:[^\s'"`$\\;&|<>(){}*?[\]#~]|'[^']*'|"[^"`$\\]*"|\$'(?:[^'\\]|\\[tn])*')*[ \t]+/;
const NUMBER = /^[0-9]+$/;

// The status bash keeps (`$?`, `${?}`, `${PIPESTATUS[N]}`), bare or in double quotes: a
// decimal number 0-255 whatever the string assigned, since bash sets PIPESTATUS again after
// every command (traced: `PIPESTATUS=(x); echo ${PIPESTATUS[0]}` prints 0). Unquoted it is
// never a glob; an IFS holding digits may split it into digits or nothing, which neither
// `exit`/`return` nor `test` reads as anything but numbers and strings.
const STATUS_VALUE = /^("?)\$(?:\?|\{\?\}|\{PIPESTATUS\[[0-9]+\]\})\1$/;
// The same in a text, not after a backslash or another `$` (`\$?`, `$$?` end in a glob `?`).
const STATUS_IN_TEXT = /(?<![\\$])\$(?:\?|\{\?\}|\{PIPESTATUS\[[0-9]+\]\})/g;
// A prefix assignment of plain characters (no expansion, quote, glob or subscript), then blanks.
const PLAIN_PREFIX = /^[A-Za-z_][A-Za-z0-9_]*=[A-Za-z0-9_./:,@%+=-]*[ \t]+/;
const NO_OP_BUILTINS: ReadonlySet<string> = new Set(["true", "false", ":"]);
const PLAIN_ARRAY_DECLARATION =
  /^(?:declare|typeset|local)(?:[ \t]+-a)?(?:[ \t]+[a-z_][a-z0-9_]*=\((?:[ \t]*[A-Za-z0-9_./@%+,:-]+)*[ \t]*\))+$/;
// `declare -A m=([key]=value)`: an associative array of plain keys and values. Its keys are
// strings, not arithmetic (an indexed array's `[a]=1` evaluates the variable `a`), and bash
// refuses to make an indexed array associative (traced: nothing runs or is opened).
const PLAIN_ASSOCIATIVE_DECLARATION =
  /^(?:declare|typeset|local)[ \t]+-A(?:[ \t]+[a-z_][a-z0-9_]*=\((?:[ \t]*\[[A-Za-z0-9_./@%+,:-]+\]=[A-Za-z0-9_./@%+,:-]*)*[ \t]*\))+$/;

// Builtins that leave a loop, a function or the shell. bash reads their count or status as a
// plain number (`exit 'a[$(id)]'` is refused as not numeric, nothing is evaluated); only a
// literal one is taken, so the words say exactly what happens.
const LEAVING: ReadonlySet<string> = new Set(["exit", "return", "break", "continue"]);

// Unary operators of `test` whose operand is a string or a file that is only looked at
// (`stat`, `isatty`, a shell option's name). `-v` and `-R` are left out: they take a
// variable name, and bash evaluates the subscript of one (`test -v 'a[$(id)]'` runs id).
const TEST_UNARY: ReadonlySet<string> = new Set(
  [..."abcdefghkprstuwxOGLSNnzo"].map((letter) => `-${letter}`),
);
// Binary operators of `test`: strings compared, files' times or inodes compared, and numbers
// that `test` (unlike `[[ … ]]`) reads as plain numbers, never as arithmetic.
const TEST_BINARY: ReadonlySet<string> = new Set([
  "=",
  "==",
  "!=",
  "<",
  ">",
  "-eq",
  "-ne",
  "-lt",
  "-le",
  "-gt",
  "-ge",
  "-nt",
  "-ot",
  "-ef",
  "-a",
  "-o",
]);

// One double-quoted word (so one argument: no splitting, no glob) made of literal characters
// and plain variable expansions (`"$f"`, `"${CI:-}"`, `"$1"`). `"$@"` (many words), `${!x}`
// and substitutions are not in it. `${X:=v}` assigns X (the analysis follows it, and floors
// what a variable that loads code or finds programs then reaches); `${X:?msg}` may stop the
// shell with a message. Blanks in the operand stay in the one quoted word.
const QUOTED_VALUE =
  /^"(?:[^"\s`\\$]|\$[A-Za-z_][A-Za-z0-9_]*|\$[0-9#?!$-]|\$\{(?:[A-Za-z_][A-Za-z0-9_]*|[0-9]+)(?::?[-+=?][^"\n\r`\\${}]*)?\})*"$/;

// One double-quoted command substitution and nothing else, with no quote, backquote or
// nested substitution inside (`"$(git status --porcelain)"`).
const QUOTED_SUBSTITUTION = /^"\$\([^"'`$()\\]*\)"$/;

/**
 * Whether a unit runs nothing that a rule could be about: an inert builtin, called by its
 * own name (no wrapper, no word only known at run time in its command position) and proven
 * (no sentinel).
 */
export function isInertUnit(unit: BashUnit, command: string): boolean {
  const words = unit.executed;
  // bash's `time` keyword (`time cd src`) runs the builtin in this shell, as without it, and
  // `command` runs the builtin itself, never a function of its name.
  const timed = timeKeyword(unit) ?? commandWord(unit);
  if (words === null || unit.sentinel !== null) return false;
  if (unit.wrappers.length > 0 && timed === null) return false;
  const argv = timed === null ? unit.argv : unit.argv.slice(timed.words);
  if (words !== unit.argv && words.join(" ") !== argv.join(" ")) return false;
  const computed = unit.computed?.executed ?? [];
  if ((unit.computed?.argv.length ?? 0) !== computed.length) return false;
  // Only redirects (`> out.txt`, `2> err.log`): bash opens the files, judged as paths, and
  // runs no program.
  if (words.length === 0) return computed.length === 0;
  const name = words[0] ?? "";
  // Called by its own name, with nothing in front of it (an assignment, a redirect), but for
  // `IFS=…` written out in front of `read`: it only says where the line is split.
  let text = joinedLines(unit.text).trimStart();
  if (timed !== null) text = text.slice(timed.length);
  // The unit as if written without the keyword: the checks below read its words from its text.
  const bare: BashUnit = timed === null ? unit : { ...unit, text };
  if (name === "read") text = text.replace(READ_IFS, "");
  // `X=1 true`, `LC_ALL=C false`: plain values given to a builtin that runs nothing live only
  // while it runs (the walk follows the ones a special builtin keeps).
  if (NO_OP_BUILTINS.has(name))
    while (PLAIN_PREFIX.test(text)) text = text.replace(PLAIN_PREFIX, "");
  if (!calledAs(text, name) && !switchVariable(text, words, computed)) return false;
  // `[key]=value` in a compound assignment is a subscript, not a glob (see the pattern).
  if (PLAIN_ASSOCIATIVE_DECLARATION.test(text.trim()) && !mentionsEnable(command)) return true;
  // A glob character after the name outside quotes: bash may expand it by listing a folder.
  // The `?` of `$?` and the `[` of `${PIPESTATUS[0]}` are no glob characters.
  if (/[*?[]/.test(unquoted(text.slice(name.length).replace(STATUS_IN_TEXT, "0")))) return false;
  // A function the string surely defined before: bash runs its body, whose commands are
  // units of their own, and no program of that name.
  // Its arguments are only the body's positional parameters, which the body's units take as
  // unknown: each double-quoted (`main "$@"`, `log "$(git rev-parse HEAD)"`) is never split
  // or globbed, so nothing is listed to make them.
  if (unit.callsFunction === true) {
    if (timed !== null && unit.wrappers[0]?.name === "command") return false;
    return computed.length === 0 || quotedValuesOnly(bare, words, computed, true);
  }
  // `enable -n NAME` turns a builtin off: NAME then runs the program of that name.
  if (mentionsEnable(command)) return false;
  const operands = words.slice(1);
  // `declare -a dirs=(src tests)`: an array of plain words given a lower-case name (no
  // variable a program reads from the environment), written out exactly so. The analysis
  // marks the `(…)` word computed; bash assigns it and runs nothing, as for `dirs=(src tests)`.
  if (PLAIN_ARRAY_DECLARATION.test(text.trim())) return true;
  if (computed.length > 0) {
    // A word only known at run time may be anything, a glob included (`: ~/.ssh/*` lists the
    // folder to expand it); what is left is three exact shapes.
    if (name === "test" || name === "[") return testOperandsOnly(bare, words, computed);
    // `exit $?`, `return "${PIPESTATUS[0]}"`, `exit "$rc"`: bash reads the word as a number
    // only (`exit "a[$(id)]"` is refused as not numeric, traced: nothing runs).
    // `rc=$?; …; exit $rc`: one unquoted variable too. Split, its words make `exit` refuse
    // (too many arguments) and run nothing; a value that may hold a glob makes bash list
    // folders, which the analysis gives as a path of its own (an unknown one asks).
    if (LEAVING.has(name)) {
      return (
        words.length === 2 &&
        (quotedValuesOnly(bare, words, computed) || unquotedVariableOnly(bare, words))
      );
    }
    // printf's arguments each one double-quoted value (`printf '%s\n' "$h" "$a"`): one word
    // each, never split or globbed, and never the format's `-v NAME` (fixed words only).
    // true, false and `:` ignore their arguments: each one double-quoted value (no split, no
    // glob) lists nothing (`true "$FILE"`, the editor git runs for GIT_EDITOR=true).
    if (INERT_BUILTINS.has(name) && name !== "pwd") return quotedValuesOnly(bare, words, computed);
    // `git status & wait $!`: the last background job's process id, digits or nothing.
    if (name === "wait") return lastJobsOnly(bare, words, computed);
    if (name === "printf") {
      return (
        printfIsInert(words) &&
        computed.every((i) => i > printfFormatAt(words)) &&
        quotedValuesOnly(bare, words, computed)
      );
    }
    // The grammar calls every name of `unset` a variable name, and the analysis marks it as
    // computed: one written out plainly is what it says.
    if (name === "unset") return writtenPlainly(text, words) && unsetIsInert(operands);
    // `export V="$(git describe)"`, `local out="$(git status)"`, `export X`: a plain name given
    // one double-quoted value, as `V="$(git describe)"` is. What bash does with the value
    // beyond keeping it (an integer variable evaluates it, an array reads a `(…)` value again,
    // PATH or PS4 change what runs) the analysis gives its own floored unit.
    if (DECLARERS.has(name)) return declaresQuotedValues(bare, words, computed, name);
    return false;
  }
  if (INERT_BUILTINS.has(name) || name === "test" || name === "[") return true;
  if (LEAVING.has(name))
    return words.length === 1 || (words.length === 2 && NUMBER.test(operands[0] ?? ""));
  if (name === "wait") return waitIsInert(operands);
  // `let i=i+1` is `(( i=i+1 ))`: arithmetic on written-out words. The analysis floors a name
  // whose value may hold code, a subscript or expansion in the words, and an assignment to
  // PATH; what it assigns it takes as unknown.
  if (name === "let") return words.length > 1;
  // `shift` with no count or a literal one: after it the analysis takes the positional
  // parameters as unknown (`"$1"` is a computed path), so it changes nothing it relies on.
  if (name === "shift") {
    return words.length === 1 || (words.length === 2 && NUMBER.test(operands[0] ?? ""));
  }
  // `exec` with no command only applies its redirects to the shell: their files are the
  // unit's paths. One that reads (`exec < f`, `exec 0<&3`) gives later commands their stdin,
  // which the analysis does not follow, and meets the catch-all.
  if (name === "exec") return words.length === 1 && !unquoted(text).includes("<");
  // `trap - SIGNAL…` puts the signals' actions back to the default: it runs nothing, now or
  // later (a trap's code, which may run later, is judged where a trap sets it), and
  // `trap '' SIGNAL…` ignores them: an empty action runs nothing either.
  if (name === "trap") {
    return (
      (operands[0] === "-" || operands[0] === "") &&
      operands.length > 1 &&
      operands.slice(1).every(isSignal)
    );
  }
  // `ulimit` with options and literal limits only lowers or reads what the shell may use.
  if (name === "ulimit") {
    return operands.every(
      (word) => /^-[A-Za-z]+$/.test(word) || /^([0-9]+|unlimited|soft|hard)$/.test(word),
    );
  }
  // `dirs` prints the directory stack (`-l`, `-p`, `-v`, an entry `+N`/`-N`); `-c` clears it.
  if (name === "dirs") return operands.every((word) => /^-[lpv]+$|^[-+][0-9]+$/.test(word));
  // `umask` prints the mask (`-S`, `-p`), or sets one that keeps group and others from
  // writing (`022`, `077`): later files are made with no more access than by default.
  if (name === "umask") return umaskIsInert(operands);
  // `local -` keeps the shell's options local to the function: they come back on return.
  if (name === "local" && operands.length === 1 && operands[0] === "-") return true;
  if (name === "printf") return printfIsInert(words);
  if (DECLARERS.has(name)) return declaresPlainly(operands, name);
  if (name === "shopt") return shoptIsInert(operands);
  if (name === "mapfile" || name === "readarray") return mapfileIsInert(operands);
  if (name === "unset") return unsetIsInert(operands);
  if (name === "read") return readIsInert(operands);
  if (name === "type") return lookupIsInert(operands, /^-[afpPt]+$/, true);
  if (name === "hash") return hashIsInert(operands);
  if (name === "command") return lookupIsInert(operands, /^-[pvV]+$/, false);
  if (DIRECTORY_CHANGES.has(name)) {
    // `-L` is cd's default and `-e` only changes its status after `-P`: the analysis follows
    // `cd -L src` as `cd src` (R36 cd-option-needless). `-P` resolves links, after which the
    // analysis no longer knows `$PWD`: not set aside.
    let first = 1;
    if (name === "cd") while (/^-[Le]+$/.test(words[first] ?? "")) first++;
    const rest = words.slice(first);
    const operand = rest[0] ?? "";
    // `cd -` goes to OLDPWD: the analysis marks the word computed unless the string decided
    // that folder, which it then judges as the folder read, as for `cd DIR`.
    if (name === "cd" && operand === "-" && rest.length === 1) return true;
    // `cd -- DIR` is `cd DIR` (the analysis follows it the same way); `cd -- -` goes to OLDPWD.
    if (name === "cd" && operand === "--" && rest.length === 2) {
      const target = rest[1] ?? "";
      return target !== "" && target !== "-" && !command.includes("CDPATH");
    }
    return (
      rest.length === 1 &&
      operand !== "" &&
      !operand.startsWith("-") &&
      !operand.startsWith("+") &&
      !command.includes("CDPATH")
    );
  }
  if (name === "popd") return words.length === 1;
  if (name !== "set" || words.length < 2) return false;
  // The words after `--` become the positional parameters, which the analysis follows
  // (`set -- README.md; cat "$1"` reads README.md): they run and open nothing themselves.
  const end = words.indexOf("--");
  const options = end === -1 ? words.slice(1) : words.slice(1, end);
  return options.every(
    (w, i) =>
      INERT_SET_WORDS.has(w) ||
      INERT_SET_FLAGS.test(w) ||
      INERT_SET_OFF_FLAGS.test(w) ||
      (w === "xtrace" && /^\+[A-Za-z]*o$/.test(options[i - 1] ?? "")),
  );
}

/**
 * Whether the text's first word (up to its first blank) is `name`: `text.split(/\s/, 1)[0]`
 * without the split.
 */
/** The `time` keyword with its options, as written in front of a command. */
const TIME_KEYWORD = /^time(?:\s+-p)*(?:\s+--)?\s+/;

/**
 * Where the command after a leading `time` keyword starts (in words and in the unit's text),
 * when `time` (with `-p`, `--`) is the unit's only wrapper and spelled so in its text; else
 * null. (`/usr/bin/time`, `command time` are programs and stay wrappers.)
 */
function timeKeyword(unit: BashUnit): { words: number; length: number } | null {
  const only = unit.wrappers.length === 1 ? unit.wrappers[0] : undefined;
  if (only === undefined || only.name !== "time" || only.kind !== "transparent") return null;
  if (only.argv.some((word, i) => (i === 0 ? word !== "time" : !/^(-p|--)$/.test(word)))) {
    return null;
  }
  const prefix = TIME_KEYWORD.exec(joinedLines(unit.text).trimStart());
  if (prefix === null || prefix[0].trim().split(/\s+/).length !== only.argv.length) return null;
  return { words: only.argv.length, length: prefix[0].length };
}

/**
 * Where the command after a leading `command` starts (in words and in the unit's text), when
 * `command` with no option is the unit's only wrapper and written so in its text; else null.
 */
function commandWord(unit: BashUnit): { words: number; length: number } | null {
  const only = unit.wrappers.length === 1 ? unit.wrappers[0] : undefined;
  if (only === undefined || only.name !== "command" || only.kind !== "transparent") return null;
  if (only.argv.length !== 1 || only.argv[0] !== "command") return null;
  const prefix = /^command[ \t]+/.exec(joinedLines(unit.text).trimStart());
  return prefix === null ? null : { words: 1, length: prefix[0].length };
}

/**
 * The text with bash's line continuations (a backslash before a newline) taken out, as bash
 * takes them out before it splits words (`test \⏎-n "$CI"`), but in single quotes and
 * `$'…'`, where they stay as written.
 */
function joinedLines(text: string): string {
  if (!text.includes("\\\n")) return text;
  let out = "";
  let double = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "\\") {
      if (text[i + 1] !== "\n") out += c + (text[i + 1] ?? "");
      i++;
    } else if (c === '"') {
      double = !double;
      out += c;
    } else if (!double && (c === "'" || (c === "$" && text[i + 1] === "'"))) {
      // Single quotes (and `$'…'`, whose backslash escapes a quote) keep every character.
      let j = c === "$" ? i + 2 : i + 1;
      while (j < text.length && text[j] !== "'") j += c === "$" && text[j] === "\\" ? 2 : 1;
      if (j >= text.length) return text;
      out += text.slice(i, j + 1);
      i = j;
    } else out += c;
  }
  return out;
}

/** `umask` with print options only, or one octal mask that has the group and other write bits. */
function umaskIsInert(operands: readonly string[]): boolean {
  let i = 0;
  while (i < operands.length && /^-[Sp]+$/.test(operands[i] as string)) i++;
  const rest = operands.slice(i);
  if (rest.length === 0) return true;
  if (rest.length > 1 || !/^0?[0-7]{3}$/.test(rest[0] as string)) return false;
  return (Number.parseInt(rest[0] as string, 8) & 0o022) === 0o022;
}

/** A signal as trap names it: a name (`ERR`, `SIGINT`, `INT`, `EXIT`) or a number. */
function isSignal(word: string): boolean {
  return /^(SIG)?[A-Z][A-Z0-9+-]*$|^[0-9]+$/.test(word);
}

/**
 * `$ok` alone, whose value the analysis knows to be `true` or `false` (`ok=true; if $ok; …`,
 * `VERBOSE=false; $VERBOSE && …`): bash runs that builtin with no argument. Any other word,
 * an argument or a redirect keeps the command by its written name.
 */
function switchVariable(text: string, words: readonly string[], computed: readonly number[]) {
  return (
    /^\$(\{[A-Za-z_][A-Za-z0-9_]*\}|[A-Za-z_][A-Za-z0-9_]*)\s*$/.test(text) &&
    words.length === 1 &&
    computed.length === 0 &&
    (words[0] === "true" || words[0] === "false")
  );
}

function calledAs(text: string, name: string): boolean {
  if (!text.startsWith(name) || /\s/.test(name)) return false;
  return text.length === name.length || BLANK.test(text.charAt(name.length));
}

const BLANK = /^\s$/;

// A call judges every unit of one command: whether the command mentions `enable` is read
// once, not once per unit (a scan of the whole command per unit grew with units times size).
let enableCommand: string | undefined;
let enableMentioned = false;
function mentionsEnable(command: string): boolean {
  if (command !== enableCommand) {
    enableCommand = command;
    enableMentioned = /\benable\b/.test(command);
  }
  return enableMentioned;
}

/** Whether every word of the unit stands in its text as written, with no quote and no redirect. */
function writtenPlainly(text: string, words: readonly string[]): boolean {
  const tokens = withoutRedirects(text.trim().split(/\s+/));
  return (
    tokens !== null &&
    tokens.length === words.length &&
    tokens.every((token, i) => token === words[i])
  );
}

/**
 * A redirect written as a token of its own (`2>/dev/null`, `>out.txt`, `2>&1`, `<<<"$x"`,
 * `{fd}>f`), or as an operator whose target is the next token (`> out.txt`). A heredoc's `<<`
 * is not one of them (its body may stand in the text).
 */
const REDIRECT_TOKEN =
  /^(?:\d+|\{[A-Za-z_][A-Za-z0-9_]*\})?(?:&>>|&>|>>|>\||>&|<&|<>|<<<|>|<)(.*)$/;

/**
 * The tokens of a command's text without its redirects: bash opens their files (judged as
 * paths of the analysis) and gives the command none of their words. Null when an operator has
 * no target after it.
 */
function withoutRedirects(tokens: readonly string[]): string[] | null {
  const out: string[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    const redirect = i === 0 ? null : REDIRECT_TOKEN.exec(token);
    if (redirect === null) {
      out.push(token);
      continue;
    }
    if (redirect[1] === "") {
      if (i + 1 >= tokens.length) return null;
      i++;
    }
  }
  return out;
}

/**
 * The text with every quoted part left out: single quotes, `$'…'` (whose backslash escapes a
 * quote), double quotes and a backslash-escaped character. A glob character there is text.
 */
function unquoted(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (c === "\\") {
      i++;
    } else if (c === "'") {
      const close = text.indexOf("'", i + 1);
      if (close === -1) return text;
      i = close;
    } else if (c === "$" && text[i + 1] === "'") {
      let j = i + 2;
      while (j < text.length && text[j] !== "'") j += text[j] === "\\" ? 2 : 1;
      if (j >= text.length) return text;
      i = j;
    } else if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      if (j >= text.length) return text;
      i = j;
    } else {
      out += c;
    }
  }
  return out;
}

/**
 * printf that only prints, or assigns with `-v NAME` a plain name written out (`printf -v msg
 * "%s-%s" a b`): the analysis takes NAME as unknown afterwards and floors an integer one or
 * one that finds programs (PATH). A subscript (`-v 'a[$(id)]'`) is evaluated: not inert.
 */
function printfIsInert(words: readonly string[]): boolean {
  const first = words[1] ?? "";
  if (first === "-v") return words.length > 3 && NAME.test(words[2] ?? "");
  if (first.startsWith("-v")) return words.length > 2 && NAME.test(first.slice(2));
  return words.length > 1;
}

/** Where printf's format stands: after `-v NAME` (or `-vNAME`) when there is one. */
function printfFormatAt(words: readonly string[]): number {
  const first = words[1] ?? "";
  return first === "-v" ? 3 : first.startsWith("-v") ? 2 : 1;
}

/**
 * Every word only known at run time is one double-quoted value standing alone in the text,
 * and every other word is written as it reads (bare or in plain quotes).
 */
function quotedValuesOnly(
  unit: BashUnit,
  words: readonly string[],
  computed: readonly number[],
  spread = false,
): boolean {
  const written = shellTokens(joinedLines(unit.text).trim());
  const tokens = written === null ? null : withoutRedirects(written);
  if (tokens === null || tokens.length !== words.length) return false;
  for (let i = 1; i < words.length; i++) {
    const token = tokens[i] as string;
    const word = words[i] as string;
    if (computed.includes(i)) {
      // A lone quoted substitution too: its command is a unit of its own.
      const value =
        STATUS_VALUE.test(token) ||
        QUOTED_VALUE.test(token) ||
        QUOTED_SUBSTITUTION.test(token) ||
        (spread && /^"\$[@*]"$/.test(token));
      const inner = token.startsWith('"') ? token.slice(1, -1) : token;
      if (!value || inner !== word) return false;
    } else if (token !== word && token !== `'${word}'` && token !== `"${word}"`) return false;
  }
  return true;
}

// One unquoted parameter by its plain name (`$rc`, `${rc}`, `$?`, `$#`): no operator, no
// subscript, no substitution.
const UNQUOTED_VARIABLE = /^\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*\}|[?#]|\{[?#]\})$/;

/** Whether the unit is its name and one unquoted plain parameter, written as the analysis saw it. */
function unquotedVariableOnly(unit: BashUnit, words: readonly string[]): boolean {
  const written = shellTokens(joinedLines(unit.text).trim());
  const tokens = written === null ? null : withoutRedirects(written);
  if (tokens === null || tokens.length !== 2 || tokens.length !== words.length) return false;
  const token = tokens[1] as string;
  return tokens[0] === words[0] && UNQUOTED_VARIABLE.test(token) && token === words[1];
}

// The last background job's process id, bare or double-quoted: `$!`, `${!}`.
const LAST_JOB = /^("?)\$(?:!|\{!\})\1$/;

/** `wait` whose words only known at run time are each `$!` (see {@link waitIsInert}). */
function lastJobsOnly(
  unit: BashUnit,
  words: readonly string[],
  computed: readonly number[],
): boolean {
  const written = shellTokens(joinedLines(unit.text).trim());
  const tokens = written === null ? null : withoutRedirects(written);
  if (tokens === null || tokens.length !== words.length || tokens[0] !== words[0]) return false;
  const operands: string[] = [];
  for (let i = 1; i < words.length; i++) {
    if (!computed.includes(i)) operands.push(words[i] as string);
    else if (LAST_JOB.test(tokens[i] as string)) operands.push("0");
    else return false;
  }
  return waitIsInert(operands);
}

/** The text split at blanks outside quotes; null when a quote is not closed. */
function shellTokens(text: string): string[] | null {
  const tokens: string[] = [];
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (/\s/.test(c)) {
      if (start !== -1) tokens.push(text.slice(start, i));
      start = -1;
      continue;
    }
    if (start === -1) start = i;
    if (c === "\\") i++;
    else if (c === "'" || c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += c === '"' && text[j] === "\\" ? 2 : 1;
      if (j >= text.length) return null;
      i = j;
    }
  }
  if (start !== -1) tokens.push(text.slice(start));
  return tokens;
}

/**
 * `export`, `readonly`, `declare` or `typeset` of plain names, each with a value or not
 * (`export NODE_ENV=test`, `declare -r X=1`):
 * the analysis follows the variable as it follows `NAME=value`, and a value that carries a
 * command (`export GIT_SSH_COMMAND=…`) is a unit of its own. Options other than listing or
 * (for export) un-exporting, a function (`-f`) and an array are left out.
 */
function declaresPlainly(operands: readonly string[], name: string): boolean {
  // `declare -r X=1` is `readonly X=1`, `declare -x` is `export`, `-g` only says where the
  // variable lives; `-n` (a reference), arrays and functions are left out. `-i` evaluates each
  // value as arithmetic: only plain decimals (`declare -i n=5`, or a name alone, whose
  // later assignments the analysis judges) are inert.
  const options = name === "export" ? /^-[np]+$/ : name === "readonly" ? /^-p$/ : /^-[rxgpi]+$/;
  let i = 0;
  let integer = false;
  while (i < operands.length && options.test(operands[i] as string)) {
    if ((operands[i] as string).includes("i")) integer = true;
    i++;
  }
  if (operands[i] === "--") i++;
  return operands.slice(i).every((word) => {
    const eq = word.indexOf("=");
    if (eq === -1) return NAME.test(word);
    return NAME.test(word.slice(0, eq)) && (!integer || PLAIN_DECIMAL.test(word.slice(eq + 1)));
  });
}

/** A decimal integer bash stores as written when it evaluates it (`5`, `-12`; not `010`). */
const PLAIN_DECIMAL = /^(0|-?[1-9][0-9]{0,17})$/;

const DECLARERS: ReadonlySet<string> = new Set([
  "export",
  "readonly",
  "declare",
  "typeset",
  "local",
]);

/**
 * A declaration (see {@link declaresPlainly}) whose words only known at run time are each a
 * plain name, written out (`export X`), or `NAME=` and one double-quoted value standing alone
 * (`export V="$(git describe)"`, `local d="$1"`): never split or globbed, so the word stays
 * one assignment of that name, and the options before it are written out.
 */
function declaresQuotedValues(
  unit: BashUnit,
  words: readonly string[],
  computed: readonly number[],
  name: string,
): boolean {
  const written = shellTokens(joinedLines(unit.text).trim());
  const tokens = written === null ? null : withoutRedirects(written);
  if (tokens === null || tokens.length !== words.length) return false;
  if (!declaresPlainly(words.slice(1), name)) return false;
  for (let i = 1; i < words.length; i++) {
    const token = tokens[i] as string;
    const word = words[i] as string;
    if (!computed.includes(i)) {
      if (token !== word) return false;
      continue;
    }
    if (NAME.test(token) && token === word) continue;
    const eq = token.indexOf("=");
    const target = token.slice(0, eq);
    const value = token.slice(eq + 1);
    if (eq === -1 || !NAME.test(target)) return false;
    // `local rc=$?`: bash's status, a number, written bare as often as quoted.
    if (STATUS_VALUE.test(value) && !value.startsWith('"')) {
      if (token !== word) return false;
      continue;
    }
    if (!QUOTED_VALUE.test(value) && !QUOTED_SUBSTITUTION.test(value)) return false;
    if (`${target}=${value.slice(1, -1)}` !== word) return false;
  }
  return true;
}

/**
 * shopt options the analysis follows where they change what a word expands to (dotglob,
 * nocaseglob, globstar, nullglob, failglob) or how the text is read (extglob: what it cannot
 * read is unparseable); setting, unsetting or querying one runs nothing.
 */
const SHOPT_FOLLOWED: ReadonlySet<string> = new Set([
  ...["dotglob", "nocaseglob", "globstar", "nullglob", "failglob", "extglob"],
]);

function shoptIsInert(operands: readonly string[]): boolean {
  let i = 0;
  while (i < operands.length && /^-[suq]+$/.test(operands[i] as string)) i++;
  return i > 0 && i < operands.length && operands.slice(i).every((w) => SHOPT_FOLLOWED.has(w));
}

/**
 * mapfile/readarray into a plain name, with options that only say how lines are read;
 * `-C CALLBACK` runs code.
 */
function mapfileIsInert(operands: readonly string[]): boolean {
  let i = 0;
  for (; i < operands.length; i++) {
    const word = operands[i] as string;
    if (word === "--") {
      i++;
      break;
    }
    if (!word.startsWith("-") || word === "-") break;
    for (let j = 1; j < word.length; j++) {
      const letter = word[j] as string;
      if (letter === "t") continue;
      if (!"dnOsu".includes(letter)) return false;
      const value = j + 1 < word.length ? word.slice(j + 1) : operands[++i];
      if (value === undefined || (letter !== "d" && !/^[0-9]+$/.test(value))) return false;
      break;
    }
  }
  const rest = operands.slice(i);
  return rest.length <= 1 && rest.every((word) => NAME.test(word));
}

/**
 * `wait` with no operand, or process ids and job numbers written out; `-n` and `-f` change
 * only which one it waits for. `-p NAME` assigns NAME (a subscript there is evaluated).
 */
function waitIsInert(operands: readonly string[]): boolean {
  let options = true;
  for (const word of operands) {
    if (options && word === "--") {
      options = false;
      continue;
    }
    if (options && /^-[fn]+$/.test(word)) continue;
    options = false;
    if (!/^%?[0-9]+$/.test(word)) return false;
  }
  return true;
}

/** `unset` of plain names: a subscript (`unset 'a[$(id)]'`) is evaluated. */
function unsetIsInert(operands: readonly string[]): boolean {
  let options = true;
  for (const word of operands) {
    if (options && word === "--") {
      options = false;
      continue;
    }
    if (options && /^-[fvn]+$/.test(word)) continue;
    options = false;
    if (!NAME.test(word)) return false;
  }
  return true;
}

/**
 * `read` into plain names, with options that only say how the line is read. `-e` reads it
 * through readline, which loads an inputrc file; a name with a subscript is evaluated.
 */
function readIsInert(operands: readonly string[]): boolean {
  let i = 0;
  for (; i < operands.length; i++) {
    const word = operands[i] as string;
    if (word === "--") {
      i++;
      break;
    }
    if (!word.startsWith("-") || word === "-") break;
    for (let j = 1; j < word.length; j++) {
      const letter = word[j] as string;
      if (letter === "r" || letter === "s") continue;
      if (!"adinNptu".includes(letter)) return false;
      const value = j + 1 < word.length ? word.slice(j + 1) : operands[++i];
      if (value === undefined || (letter === "a" && !NAME.test(value))) return false;
      break;
    }
  }
  return operands.slice(i).every((word) => NAME.test(word));
}

/**
 * `type NAME…` and `command -v NAME…` say how a name would be found, looking at the folders
 * of `PATH` without running anything. `command` without `-v` or `-V` runs its operand and
 * is a wrapper, never this.
 */
/**
 * `hash NAME…` looks each name up in PATH and remembers the program found, `-r` forgets every
 * name, `-d` some, `-t` and `-l` print: nothing runs and no file is opened (a later command of
 * that name runs the program a lookup finds anyway). `-p FILE NAME` binds a name to another
 * file: not inert (the analysis floors it as code).
 */
function hashIsInert(operands: readonly string[]): boolean {
  const i = afterOptions(operands, (word) => /^-[rdlt]+$/.test(word));
  return i !== -1 && operands.slice(i).every((word) => /^[A-Za-z0-9_.+-]+$/.test(word));
}

function lookupIsInert(operands: readonly string[], option: RegExp, bare: boolean): boolean {
  const i = afterOptions(operands, (word) => option.test(word));
  if (i === -1) return false;
  const describes = bare || operands.slice(0, i).some((word) => /[vV]/.test(word));
  return describes && i < operands.length;
}

/** Where the operands start after the leading options (and a `--`), or -1 when `accepts` refuses one. */
function afterOptions(operands: readonly string[], accepts: (word: string) => boolean): number {
  let i = 0;
  for (; i < operands.length && (operands[i] as string).startsWith("-"); i++) {
    const word = operands[i] as string;
    if (word === "--") return i + 1;
    if (!accepts(word)) return -1;
  }
  return i;
}

/**
 * A `test` or `[ … ]` whose words only known at run time are each one double-quoted value in
 * an operand's place: the operators are written out, so none can become `-v` (which
 * evaluates a subscript) and the count of words cannot change.
 */
function testOperandsOnly(
  unit: BashUnit,
  words: readonly string[],
  computed: readonly number[],
): boolean {
  // One double-quoted value each: plain variables, or a command substitution alone.
  if (!quotedValuesOnly(unit, words, computed)) return false;
  const args = words.slice(1);
  if (words[0] === "[") {
    if (args.pop() !== "]" || computed.includes(words.length - 1)) return false;
  }
  const fixed = (i: number) => !computed.includes(i + 1);
  switch (args.length) {
    case 1:
      return true;
    case 2:
      return fixed(0) && (TEST_UNARY.has(args[0] as string) || args[0] === "!");
    case 3:
      if (fixed(1) && TEST_BINARY.has(args[1] as string)) return true;
      return fixed(0) && args[0] === "!" && fixed(1) && TEST_UNARY.has(args[1] as string);
    default:
      return false;
  }
}

/** Whether a bash pattern names the command `name` literally as its first word. */
export function patternNames(pattern: string, name: string): boolean {
  const first = pattern.trimStart().split(/\s+/, 1)[0] ?? "";
  return first === name;
}
