import { type Word, wordFromText } from "../read/words.ts";
import type { Injection } from "../walk/injection.ts";
import { toolName } from "./wrappers.ts";

/**
 * Programs that are shell (or Perl) scripts and run `rm -rf` on an absolute path (a temporary
 * folder, a system file) or another program that asks on its own, with no word of the command
 * showing it (B22 script-helpers, exec-programs; S27 wrapper-script-helpers: a wrapper that
 * is such a script starts them besides the command it wraps). Each is a unit of its own, judged by its
 * words like any command the string runs: a policy that denies `rm -rf /*` meets it. A word
 * holding a `$` is only known at run time (a temporary name).
 */
export interface ScriptHelper {
  readonly names: readonly string[];
  /** The programs the script runs, given its words after the name (literal ones) and its name. */
  readonly runs: (literal: readonly string[], name: string) => string[][];
  readonly match: readonly string[];
  readonly notMatch: readonly string[];
}

const USAGE = /^(-h|--help|-V|--version|help)$/;

export const SCRIPT_HELPERS: readonly ScriptHelper[] = [
  {
    // tzselect makes a temporary folder (mktemp -d) and its exit trap removes it (strace:
    // rm -fr -- /tmp/tmp.X).
    names: ["tzselect"],
    runs: (literal) =>
      literal.some((text) => USAGE.test(text))
        ? []
        : [
            ["mktemp", "-d"],
            ["rm", "-fr", "--", "/tmp/$TMPNAME"],
          ],
    match: ["tzselect < /dev/null", "tzselect -c +4852+00220"],
    notMatch: ["tzselect --help"],
  },
  {
    // apt-key makes a GnuPG home in /tmp for every command but help and verify, and removes
    // it on exit (strace: mktemp --directory --tmpdir apt-key-gpghome.X, chmod 700, rm -rf).
    names: ["apt-key"],
    runs: (literal) => {
      const command = literal.find((text) => !text.startsWith("-"));
      if (command === undefined || /^(help|verify)$/.test(command)) return [];
      if (literal.some((text) => USAGE.test(text))) return [];
      const home = "/tmp/apt-key-gpghome.$NAME";
      return [
        ["mktemp", "--directory", "--tmpdir", "apt-key-gpghome.XXXXXXXXXX"],
        ["chmod", "700", home],
        ["rm", "-rf", home],
      ];
    },
    match: ["apt-key list", "apt-key finger", "apt-key --keyring k.gpg list", "apt-key add k.asc"],
    notMatch: ["apt-key", "apt-key help"],
  },
  {
    // locale-gen removes the system locale archive before it builds it again, unless
    // --keep-existing is its first word (strace: rm -rf /usr/lib/locale/locale-archive).
    names: ["locale-gen"],
    runs: (literal) =>
      literal[0] === "--keep-existing" || literal.some((text) => USAGE.test(text))
        ? []
        : [["rm", "-rf", "/usr/lib/locale/locale-archive"]],
    match: ["locale-gen", "locale-gen --purge", "locale-gen en_US.UTF-8"],
    notMatch: ["locale-gen --keep-existing"],
  },
  {
    // vimtutor copies the tutor to a temporary file (mktemp), runs vim with -c on it
    // (strace: vim -f -u NONE -c 'so $VIMRUNTIME/tutor/tutor.vim'), and its trap removes the
    // copy (`trap "rm -rf $TODELETE" 0 …`, the script's line 53).
    names: ["vimtutor", "gvimtutor"],
    runs: (literal) =>
      literal.some((text) => USAGE.test(text))
        ? []
        : [
            ["mktemp", "/tmp/tutorXXXXXX"],
            ["vim", "-f", "-u", "NONE", "-c", "so $VIMRUNTIME/tutor/tutor.vim"],
            ["rm", "-rf", "/tmp/tutor$NAME"],
          ],
    match: ["vimtutor", "vimtutor fr"],
    notMatch: [],
  },
  {
    // glibc's memusage is a bash script (S27 wrapper-script-helpers, traced): with -p/--png and
    // no -d it makes its data file with `mktemp -t memusage.XXXXXX`, runs the command, then
    // `memusagestat [-t] [-T] [-s TITLE] [-x N] [-y N] DATAFILE PNG` and `rm -f DATAFILE`;
    // with -d the data file is the user's and stays. The command's words are no part of it:
    // as a wrapper only its own words (options) are given here. memusagestat's words from
    // --title, -x and -y are pasted unquoted (split and globbed): kept as they split.
    names: ["memusage"],
    runs: (literal) => {
      const { png, data, stat } = memusageOptions(literal);
      if (png === null) return [];
      if (data !== null) return [["memusagestat", ...stat, data, png]];
      const datafile = "$TMPDIR/memusage.XXXXXX";
      return [
        ["mktemp", "-t", "memusage.XXXXXX"],
        ["memusagestat", ...stat, datafile, png],
        ["rm", "-f", datafile],
      ];
    },
    match: ["memusage -p m.png ls", "memusage --png=m.png -d m.dat ls", "memusage --pn m.png ls"],
    notMatch: ["memusage ls", "memusage -d m.dat ls", "memusage -- -p m.png"],
  },
  {
    // fakeroot is a shell script (S27 wrapper-script-helpers, traced: `fakeroot true`): it
    // checks and runs getopt on its words, splits its library path with sed, starts the faked
    // daemon (faked-sysv, faked-tcp for fakeroot-tcp) and cuts its key and pid out of the
    // answer before it runs the command; its exit trap's `kill` is the shell's builtin.
    names: ["fakeroot", "fakeroot-sysv", "fakeroot-tcp"],
    runs: (literal, name) => {
      const options = literal.slice(0, fakerootCommandAt(literal));
      if (options.some((text) => /^(-[vh]|--(version|help))$/.test(text))) return [];
      const faked = name === "fakeroot-tcp" ? "faked-tcp" : "faked-sysv";
      return [["getopt", "-T"], ["sed", "s/:/ /g"], [faked], ["cut", "-d:", "-f1"]];
    },
    match: ["fakeroot true", "fakeroot -u -- make install", "fakeroot-tcp ls"],
    notMatch: ["fakeroot --help", "fakeroot -v"],
  },
  {
    // dpkg-architecture (Perl, Dpkg::Arch) asks `dpkg --print-architecture` for the build
    // architecture and `$CC -dumpmachine` (gcc without CC) for the host's GNU type before it
    // prints, sets or runs anything (S27 wrapper-helper-env, traced under -c, -s, -l, -q,
    // -e, -i); only its help, version and known-list answers run nothing. A CC the string
    // sets is a program of its own (injection.ts judges its value by name).
    names: ["dpkg-architecture"],
    runs: (literal) => {
      const options = literal.slice(0, dpkgArchitectureCommandAt(literal));
      if (options.some((text) => /^(-\?|--help|--version|-L|--list-known)$/.test(text))) return [];
      return [
        ["dpkg", "--print-architecture"],
        ["gcc", "-dumpmachine"],
      ];
    },
    match: ["dpkg-architecture -c ls", "dpkg-architecture -qDEB_HOST_ARCH", "dpkg-architecture"],
    notMatch: ["dpkg-architecture --help", "dpkg-architecture -L", "dpkg-architecture --version"],
  },
];

/**
 * Where fakeroot's command starts: getopt's `+l:f:i:s:ub:vh` and its long options stop at the
 * first word that is no option, and after `--`.
 */
function fakerootCommandAt(literal: readonly string[]): number {
  for (let i = 0; i < literal.length; i++) {
    const text = literal[i] as string;
    if (text === "--") return i + 1;
    if (!text.startsWith("-") || text === "-") return i;
    if (/^-[lfisb]$/.test(text) || /^--(lib|faked|fd-base)$/.test(text)) i++;
  }
  return literal.length;
}

/** Where dpkg-architecture's command starts (after -c/--command), or the end. */
function dpkgArchitectureCommandAt(literal: readonly string[]): number {
  const at = literal.findIndex((text) => text === "-c" || text === "--command");
  return at === -1 ? literal.length : at + 1;
}

/**
 * memusage's -p/--png and -d/--data values and the words it hands memusagestat, read the way
 * its own loop reads them (one option per word, the abbreviations it lists); the options end
 * at the first word that is none (the command).
 */
function memusageOptions(literal: readonly string[]): {
  png: string | null;
  data: string | null;
  stat: string[];
} {
  let png: string | null = null;
  let data: string | null = null;
  const stat: string[] = [];
  const split = (value: string) => value.split(/[ \t\n]+/).filter((word) => word !== "");
  const long = (text: string, shortest: string, full: string) => {
    const name = /^--([^=]*)/.exec(text)?.[1] ?? "";
    return name.length >= shortest.length && full.startsWith(name) && name.startsWith(shortest);
  };
  for (let i = 0; i < literal.length; i++) {
    const text = literal[i] as string;
    if (text === "--" || !text.startsWith("-")) break;
    const eq = text.indexOf("=");
    const value = () => (eq !== -1 && text.startsWith("--") ? text.slice(eq + 1) : literal[++i]);
    if (text === "-p" || long(text, "pn", "png")) png = value() ?? null;
    else if (text === "-d" || long(text, "d", "data")) data = value() ?? null;
    else if (text === "-t" || long(text, "tim", "time-based")) stat.push("-t");
    else if (text === "-T" || long(text, "to", "total")) stat.push("-T");
    else if (long(text, "tit", "title")) stat.push("-s", ...split(value() ?? ""));
    else if (text === "-x" || long(text, "x", "x-size")) stat.push("-x", ...split(value() ?? ""));
    else if (text === "-y" || long(text, "y", "y-size")) stat.push("-y", ...split(value() ?? ""));
    else if (/^(-[nb]|--(pr|b))/.test(text) && eq === -1) i++;
  }
  return { png, data, stat };
}

const BY_NAME: ReadonlyMap<string, ScriptHelper> = new Map(
  SCRIPT_HELPERS.flatMap((entry) => entry.names.map((name) => [name, entry] as const)),
);

/** The programs the script `words` runs starts by itself (literal words after its name). */
function helperLines(words: readonly Word[]): string[][] {
  const head = words[0];
  if (head === undefined || !head.literal) return [];
  const entry = BY_NAME.get(toolName(head.text) ?? "");
  if (entry === undefined) return [];
  const literal = words
    .slice(1)
    .filter((word) => word.literal)
    .map((word) => word.text);
  return entry.runs(literal, toolName(head.text) ?? "");
}

/**
 * The helpers a wrapper that is a script starts besides the command it wraps (S27
 * wrapper-script-helpers: `memusage -p m.png ls` also runs memusagestat and `rm -f` on its
 * temporary file), given the wrapper layer's own words: each a command line of its own, a
 * word holding a `$` only known at run time.
 */
export function wrapperHelperWords(layer: readonly Word[]): Word[][] {
  return helperLines(layer).map((argv) =>
    argv.map((text) => wordFromText(text, { computed: text.includes("$") })),
  );
}

/** The helpers the script a command runs starts, as program injections (walk.ts inject). */
export function scriptHelperRuns(words: readonly Word[]): Injection[] {
  const head = words[0];
  if (head === undefined || !head.literal) return [];
  const name = toolName(head.text) ?? "";
  return helperLines(words).map((argv) => {
    const computed = argv.flatMap((word, i) => (word.includes("$") ? [i] : []));
    return {
      name,
      value: wordFromText(argv.join(" "), { start: head.start }),
      command: false,
      program: argv,
      ...(computed.length > 0 ? { computed } : {}),
    };
  });
}
