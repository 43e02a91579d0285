/**
 * Whether a command substitution of the analysed string may print nothing because bash cannot
 * run it (S33 empty-trusted-output, r33a). The trust lists read some substitutions as always
 * printing (`$(pwd)`, `$(date +%s)`, `$(id -u)`, `$(nproc)`, `$(cat <<'EOF' … EOF)`,
 * `$(dirname …)`), but bash needs a pipe (two descriptors) for each: when it gets none it says
 * so on stderr, the substitution expands to NOTHING and the command still runs.
 *
 * Traced under bash 5.2 in the oracle: `ulimit -n 4` or `ulimit -Sn 4` ("cannot make pipe for
 * command substitution: Too many open files") made `cat "$(pwd)/etc/hostname"` read
 * /etc/hostname and `cat "..$(date +%s)/etc/hostname"` read ../etc/hostname; so did
 * `prlimit --pid $$ --nofile=4`, `ulimit -n 8` with four descriptors kept by `exec 3<…`, and,
 * with no limit lowered at all, 20100 `exec {fd}</dev/null` in a loop followed by `exec 3<…
 * 9<…` (every descriptor in use: the loop alone leaves 3 to 9 free, as `{fd}` takes one from
 * 10 up, and there the substitution still printed). A function may do the same by calling
 * itself under redirections (bash keeps a copy of each descriptor a redirection replaces until
 * the call returns). Running out of processes does not empty a substitution: with `ulimit -u 3`
 * and two background jobs bash retried the fork, then gave up the whole string (exit 254,
 * nothing after it ran).
 *
 * The answer is a fact of the whole text, the host's included (a nested script inherits the
 * host's limits): a loop or a function may run a `ulimit` that stands after the substitution.
 * While it holds, every such substitution is read both with its output and empty, as the git
 * object names already are (S32 F-empty).
 */

/** Whether the text being analysed may exhaust bash's descriptors. */
let failing = false;

/** Whether a substitution of the string now analysed may print nothing (see the module). */
export function substitutionsMayFail(): boolean {
  return failing;
}

/**
 * Runs `run` with the substitutions of `texts` (the analysed text and its host) read as
 * possibly empty when any of them {@link mayExhaustResources}, or an outer text did.
 */
export function withFailingSubstitutions<T>(texts: readonly string[], run: () => T): T {
  const before = failing;
  failing = before || texts.some(mayExhaustResources);
  try {
    return run();
  } finally {
    failing = before;
  }
}

/**
 * Programs and builtins that set resource limits: bash's `ulimit`, util-linux `prlimit` (also
 * on a running shell, `--pid $$`), runit's `chpst -o`, daemontools' `softlimit`, and the
 * `setrlimit` call a script may make before it runs bash again.
 */
const LIMITS = /\b(?:ulimit|prlimit|setrlimit|chpst|softlimit)\b/;

/**
 * A `{name}` redirection in any form bash reads as one (S34 fd-exhaust-forms, r34a): a name or
 * an array element (`{a}`, `{a[1]}`, `{a[$i]}`, `{a[b[1]]}`) written against `<`, `>`, `<>`,
 * `>|`, `<<<`, `<&`, `>&`. Bash gives it a fresh descriptor from 10 up and keeps it after ANY
 * command, `:`, `echo`, a group or a function definition alike (traced: `echo -n
 * {a[1]}</dev/null` three times left 10, 11 and 12 open), so a loop of them fills the table.
 * Not `${a}>` (an expansion). An element is taken as soon as the text has `{name[` and `]}`
 * against a redirection anywhere (two linear tests, not one that may rescan the line).
 */
const NAMED_DESCRIPTOR = /(?<![$\w])\{[A-Za-z_]\w*\}[<>&]/;
const ELEMENT_OPENS = /(?<![$\w])\{[A-Za-z_]\w*\[/;
const ELEMENT_REDIRECTS = /\]\}[<>&]/;

/**
 * Where a multiplied process substitution is possible: a `<(…)`/`>(…)` and a brace expansion
 * (`{1..200}`, `{a,b}`). Bash keeps each substitution's descriptor open until its command is
 * done and brace expansion copies the word, so `cat <(:){1..200}{1..101} "$(pwd)/x"` holds
 * 20200 of them while it expands the last word (traced: `f <(:){1..5}` ran with 59 to 63 open).
 */
const PROCESS_SUBSTITUTION = /[<>]\(/;

/** Whether `bare` may hold a brace expansion: a `{` and a `,` or `..` (nested ones included). */
function mayExpandBraces(bare: string): boolean {
  return bare.includes("{") && /,|\.\./.test(bare);
}

/**
 * How many redirection operators a string may hold at once before it can fill the table
 * without keeping any: a compound command's redirections stay open while it runs (and a
 * builtin's keep a saved copy), a command's process substitutions until it ends, so one
 * string holds at most about two descriptors per operator it spells (loops re-open the same
 * ones; only `{name}`, `coproc`, a multiplied substitution or recursion add more, each read
 * apart). Under 64 operators that is far below any table bash gets (macOS's soft default is
 * 256, Linux's 1024, the oracle's 20000).
 */
const HELD_REDIRECTIONS = 64;

/** `coproc` (two descriptors each, kept while it runs). */
const COPROC = /\bcoproc\b/;

/**
 * A function definition (`f() …`, `function f …`, any name bash takes: `:()`, `a.b()`), not
 * `$()`, `<()` or `x=()`: it may call itself under redirections (each call level keeps its own).
 */
const DEFINES_FUNCTION = /\bfunction\s|[^\s$<>|&;()=]\s*\(\s*\)/;

/**
 * `lastpipe` runs a pipeline's last command in the shell itself, holding the pipe and a saved
 * stdin while it runs; a function calling itself that way holds two more per level (traced:
 * `shopt -s lastpipe; f(){ … echo | f; }` had 250 to 255 open four levels down). The option may
 * come from `shopt`, `bash -O` or BASHOPTS.
 */
const LASTPIPE = /lastpipe|shopt|BASHOPTS|\s[-+]O/;

/** `exec` as a word (not find's `-exec`, `./exec`, `x.exec`). */
const EXEC_WORD = /(?<![-\w./])exec(?![-\w.])/;

/**
 * Where a simple command may end, before or after an `exec`: not the `&`, `|` and `(` of the
 * redirections `&>`, `>&`, `<&`, `>|` and the substitutions `<(`, `>(`.
 */
const COMMAND_BREAK = /[;)\n]|(?<![<>])&(?!>)|(?<!>)\||(?<![<>])\(/;

/**
 * An `exec` that is the subcommand of a program which has one (`npm exec`, `docker compose
 * exec`), at the start of its command with only plain words between: that is the program's
 * argument, not bash's builtin.
 */
const SUBCOMMAND_EXEC =
  /^\s*(?:[A-Za-z_]\w*=\S*\s+)*(?:npm|pnpm|yarn|bun|bundle|docker|podman|nerdctl|kubectl|mise|pixi|poetry|pipenv|uv)(?:\s+[-\w.=/:@]+)*?\s+exec$/;

/**
 * Whether an `exec` of `bare` keeps descriptors: bash's builtin `exec` with redirections and no
 * program keeps them for the rest of the shell, whichever way it is reached (`command exec`,
 * `builtin exec`, `time exec`, after a `;` with no space), with its redirections written before
 * it (`3</dev/null exec;`, r34a) or among its words (`exec -- 3<x`, `exec -a n 3<x`), and with
 * words that may expand to nothing (`exec $e 3<x`, `exec "" 3<x`). `exec prog > f` replaces the
 * shell and keeps nothing, unless `execfail` lets the shell go on when prog is not found. Each
 * command is read once, from its first `exec` (a later one is an argument, or the program).
 */
function execKeeps(bare: string): boolean {
  const execfail = bare.includes("execfail");
  for (const command of bare.split(COMMAND_BREAK)) {
    if (!/[<>]/.test(command)) continue;
    const match = EXEC_WORD.exec(command);
    if (match === null) continue;
    const after = match.index + 4;
    if (SUBCOMMAND_EXEC.test(command.slice(0, after))) continue;
    if (execfail || !runsProgram(command.slice(after))) return true;
  }
  return false;
}

/**
 * Whether the words after an `exec` surely name a program: a word that is neither an option,
 * a redirection (or its target) nor one that may expand to nothing (`$e`, a glob, braces).
 */
function runsProgram(words: string): boolean {
  let options = true;
  let skip = false;
  for (const word of words.split(/\s+/)) {
    if (word === "") continue;
    if (skip) {
      skip = false;
      continue;
    }
    if (/[<>]/.test(word)) {
      // `3<`, `>&`, `<<` wait for their target in the next word.
      skip = /[<>&]$/.test(word);
      continue;
    }
    if (options && word.startsWith("-")) {
      if (word === "--") options = false;
      // `-a name`: the name is the option's.
      else if (word.includes("a")) skip = true;
      continue;
    }
    options = false;
    // `exec exec 3<x` is read as the builtin again.
    if (word !== "exec" && !/[$`*?[\]{}~]/.test(word)) return true;
  }
  return false;
}

/** `source`, `.` and `enable` run code the text does not show (as walk.ts `runsUnseenCode`). */
const UNSEEN = /\b(?:enable|source)\b|(?:^|[;&|(){}\n]|\b(?:then|do|else)\s)\s*\.\s/;

/** `$'…'` with an escape that may spell a letter (`$'\x75limit'`). */
const SPELLED = /\$'(?:[^'\\]|\\.)*\\(?:x|u|U|[0-7])/;

const SCANNED = new Map<string, boolean>();
const SCANNED_TEXTS = 8;

/**
 * Whether `text` may leave bash without a descriptor for a substitution: it names a limit
 * setter (in any spelling bash reads as the word, quotes and backslashes aside, or one a
 * `$'…'` may spell), keeps descriptors (`exec` redirections, `{name}` redirections, `coproc`),
 * defines a function and redirects, or runs code it does not show. Kept for the few texts an
 * analysis asks about.
 */
export function mayExhaustResources(text: string): boolean {
  let known = SCANNED.get(text);
  if (known === undefined) {
    // A backslash-newline joins the lines (`exec \⏎ 3<x` is one command); quotes and the
    // other backslashes go, as bash reads `e\xec` and `"exec"` as the word.
    const bare = text.replace(/\\\n/g, "").replace(/['"\\]/g, "");
    known =
      LIMITS.test(bare) ||
      NAMED_DESCRIPTOR.test(bare) ||
      (ELEMENT_OPENS.test(bare) && ELEMENT_REDIRECTS.test(bare)) ||
      COPROC.test(bare) ||
      execKeeps(bare) ||
      (bare.match(/[<>]+/g)?.length ?? 0) >= HELD_REDIRECTIONS ||
      (PROCESS_SUBSTITUTION.test(bare) && mayExpandBraces(bare)) ||
      (DEFINES_FUNCTION.test(bare) &&
        (/[<>]/.test(bare) || (/\|/.test(bare) && LASTPIPE.test(bare)))) ||
      UNSEEN.test(bare) ||
      SPELLED.test(text);
    if (SCANNED.size >= SCANNED_TEXTS) SCANNED.clear();
    SCANNED.set(text, known);
  }
  return known;
}
