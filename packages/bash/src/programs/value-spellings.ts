/**
 * Values that one program takes in several spellings: a signal (`kill -9`, `kill -KILL`,
 * `kill -s sigkill`, `kill -n 9`), a file mode (`chmod 777`, `chmod 0777`, `chmod a=rwx`,
 * `chmod u=rwx,go=rwx`), an owner (`chown root`, `chown 0`, `chown root:root`). A deny or ask
 * rule writes one; the gates read the command with the value written as the rule writes it,
 * so `kill -s KILL 1` meets `kill -9 *` (G16 kill-signal-spelling, chmod-mode-spelling,
 * chown-owner-spelling). Like the option synonyms, an allow rule is never read this way.
 */

/** Signal numbers on Linux (x86 and arm, `kill -l` in bash 5.2). */
const SIGNALS: Readonly<Record<string, number>> = {
  HUP: 1,
  INT: 2,
  QUIT: 3,
  ILL: 4,
  TRAP: 5,
  ABRT: 6,
  IOT: 6,
  BUS: 7,
  FPE: 8,
  KILL: 9,
  USR1: 10,
  SEGV: 11,
  USR2: 12,
  PIPE: 13,
  ALRM: 14,
  TERM: 15,
  STKFLT: 16,
  CHLD: 17,
  CLD: 17,
  CONT: 18,
  STOP: 19,
  TSTP: 20,
  TTIN: 21,
  TTOU: 22,
  URG: 23,
  XCPU: 24,
  XFSZ: 25,
  VTALRM: 26,
  PROF: 27,
  WINCH: 28,
  IO: 29,
  POLL: 29,
  PWR: 30,
  SYS: 31,
};

/** The number a signal name or number stands for (case and a `SIG` prefix aside). */
function signalNumber(text: string): number | null {
  if (/^[0-9]{1,2}$/.test(text)) return Number(text);
  const name = text.toUpperCase().replace(/^SIG/, "");
  return SIGNALS[name] ?? null;
}

/** The signal the words at `at` give, and how many words give it; null when they give none. */
function signalAt(words: readonly string[], at: number): { signal: number; length: number } | null {
  const word = words[at];
  if (word === undefined) return null;
  const valued = /^(?:-s|-n|--signal)$/.exec(word);
  if (valued !== null) {
    const signal = signalNumber(words[at + 1] ?? "");
    return signal === null ? null : { signal, length: 2 };
  }
  const joined = /^--signal=(.+)$/.exec(word) ?? /^-([A-Za-z0-9]+)$/.exec(word);
  if (joined === null) return null;
  const signal = signalNumber(joined[1] as string);
  return signal === null ? null : { signal, length: 1 };
}

/** The signal `kill`, `pkill` and `killall` send when none is given. */
const DEFAULT_SIGNAL = 15;

function signalReading(argv: readonly string[], ruleWords: readonly string[]): string[] | null {
  const rule = signalAt(ruleWords, 1);
  if (rule === null) return null;
  const given = signalAt(argv, 1);
  const ruleSpelling = ruleWords.slice(1, 1 + rule.length);
  if (given === null) {
    // `kill 123` sends TERM: it meets a rule that names TERM.
    return rule.signal === DEFAULT_SIGNAL && argv.length > 1
      ? [argv[0] as string, ...ruleSpelling, ...argv.slice(1)]
      : null;
  }
  if (given.signal !== rule.signal) return null;
  const spelled = [argv[0] as string, ...ruleSpelling, ...argv.slice(1 + given.length)];
  return spelled.join("\0") === argv.join("\0") ? null : spelled;
}

/** The index of a command's first word that is not an option (after `--`, the next). */
function firstOperand(words: readonly string[]): number {
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as string;
    if (word === "--") return i + 1;
    if (!word.startsWith("-")) return i;
  }
  return words.length;
}

const CLASS_SHIFT: Readonly<Record<string, number>> = { u: 6, g: 3, o: 0 };

/**
 * A mode as the permission bits it sets, when the text decides them all: an octal number
 * (special bits included), or symbolic clauses that name who they change (`a=rwx`,
 * `u=rwx,go=rx`, `ugo+rwx`). Null when the result depends on the file or the umask.
 */
export function modeBits(mode: string): number | null {
  if (/^[0-7]{1,4}$/.test(mode)) return Number.parseInt(mode, 8);
  const known: Record<string, number | null> = { u: null, g: null, o: null };
  for (const clause of mode.split(",")) {
    const parsed = /^([ugoa]+)((?:[-+=][rwx]*)+)$/.exec(clause);
    if (parsed === null) return null;
    const who = (parsed[1] as string).includes("a") ? "ugo" : (parsed[1] as string);
    for (const step of (parsed[2] as string).matchAll(/([-+=])([rwx]*)/g)) {
      const bits =
        (step[2]?.includes("r") ? 4 : 0) |
        (step[2]?.includes("w") ? 2 : 0) |
        (step[2]?.includes("x") ? 1 : 0);
      for (const c of new Set(who)) {
        const before = known[c] ?? null;
        if (step[1] === "=") known[c] = bits;
        else if (step[1] === "+")
          known[c] = before === null ? (bits === 7 ? 7 : null) : before | bits;
        else known[c] = before === null ? (bits === 7 ? 0 : null) : before & ~bits;
      }
    }
  }
  let out = 0;
  for (const c of ["u", "g", "o"]) {
    const bits = known[c];
    if (bits === null || bits === undefined) return null;
    out |= bits << (CLASS_SHIFT[c] as number);
  }
  return out;
}

function modeReading(argv: readonly string[], ruleWords: readonly string[]): string[] | null {
  const ruleAt = firstOperand(ruleWords);
  const ruleMode = ruleWords[ruleAt];
  if (ruleMode === undefined || ruleMode.includes("*")) return null;
  const want = modeBits(ruleMode);
  const at = firstOperand(argv);
  const mode = argv[at];
  if (want === null || mode === undefined || mode === ruleMode) return null;
  const given = modeBits(mode);
  // A rule that sets no special bit names the permissions: `chmod 1777` also opens the file
  // to everyone.
  if (given === null || (given !== want && (want > 0o777 || (given & 0o777) !== want))) {
    return null;
  }
  return [...argv.slice(0, at), ruleMode, ...argv.slice(at + 1)];
}

/** A user or group as one spelling: root by name or id 0 is `0`; `+N` is the id N. */
function principal(text: string): string {
  const id = /^\+?([0-9]+)$/.exec(text);
  if (id !== null) return String(Number(id[1]));
  return text === "root" ? "0" : text;
}

function ownerParts(word: string): { user: string; group: string | null } {
  const colon = word.indexOf(":");
  if (colon === -1) return { user: principal(word), group: null };
  const group = word.slice(colon + 1);
  return { user: principal(word.slice(0, colon)), group: group === "" ? null : principal(group) };
}

function ownerReading(argv: readonly string[], ruleWords: readonly string[]): string[] | null {
  const ruleAt = firstOperand(ruleWords);
  const ruleOwner = ruleWords[ruleAt];
  if (ruleOwner === undefined || ruleOwner.includes("*") || ruleOwner.startsWith(":")) return null;
  const at = firstOperand(argv);
  const owner = argv[at];
  if (owner === undefined || owner === ruleOwner) return null;
  const want = ownerParts(ruleOwner);
  const given = ownerParts(owner);
  // A rule that names no group meets the user whatever group is given with it.
  if (given.user !== want.user || (want.group !== null && given.group !== want.group)) return null;
  return [...argv.slice(0, at), ruleOwner, ...argv.slice(at + 1)];
}

/** The command read with its value spelled as the rule spells it; null when nothing changes. */
export function valueSpellingReading(
  argv: readonly string[],
  ruleWords: readonly string[],
): string[] | null {
  const name = argv[0]?.split("/").pop() ?? "";
  if (ruleWords[0]?.split("/").pop() !== name) return null;
  if (name === "kill" || name === "pkill" || name === "killall") {
    return signalReading(argv, ruleWords);
  }
  if (name === "chmod") return modeReading(argv, ruleWords);
  if (name === "chown") return ownerReading(argv, ruleWords);
  return null;
}
