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
 * `exec` with redirections and no program (descriptors kept for the rest of the shell; not
 * find's `-exec`, nor `exec prog > f`, which replaces the shell), a `{name}>…` redirection,
 * which keeps its descriptor too, or a `coproc` (two of them).
 */
const KEPT_DESCRIPTORS =
  /(?<![-\w])exec\s+(?:-\S*\s+)*(?:[0-9]+|\{[A-Za-z_][A-Za-z0-9_]*\})?[<>&]|\{[A-Za-z_][A-Za-z0-9_]*\}[<>]|\bcoproc\b/;

/** A function definition (`f() …`, `function f …`): it may call itself under redirections. */
const DEFINES_FUNCTION = /\bfunction\s|[\w-]\s*\(\s*\)/;

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
    const bare = text.replace(/['"\\]/g, "");
    known =
      LIMITS.test(bare) ||
      KEPT_DESCRIPTORS.test(bare) ||
      (DEFINES_FUNCTION.test(bare) && /[<>]/.test(bare)) ||
      UNSEEN.test(bare) ||
      SPELLED.test(text);
    if (SCANNED.size >= SCANNED_TEXTS) SCANNED.clear();
    SCANNED.set(text, known);
  }
  return known;
}
