import { type Word, wordFromText } from "../read/words.ts";
import type { Injection } from "../walk/injection.ts";
import { toolName } from "./wrappers.ts";

/**
 * Programs that are shell scripts and run `rm -rf` on an absolute path (a temporary folder,
 * a system file) or another program that asks on its own, with no word of the command
 * showing it (B22 script-helpers, exec-programs). Each is a unit of its own, judged by its
 * words like any command the string runs: a policy that denies `rm -rf /*` meets it. A word
 * holding a `$` is only known at run time (a temporary name).
 */
export interface ScriptHelper {
  readonly names: readonly string[];
  /** The programs the script runs, given its words after the name (literal ones). */
  readonly runs: (literal: readonly string[]) => string[][];
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
];

const BY_NAME: ReadonlyMap<string, ScriptHelper> = new Map(
  SCRIPT_HELPERS.flatMap((entry) => entry.names.map((name) => [name, entry] as const)),
);

/** The helpers the script a command runs starts, as program injections (walk.ts inject). */
export function scriptHelperRuns(words: readonly Word[]): Injection[] {
  const head = words[0];
  if (head === undefined || !head.literal) return [];
  const name = toolName(head.text) ?? "";
  const entry = BY_NAME.get(name);
  if (entry === undefined) return [];
  const literal = words
    .slice(1)
    .filter((word) => word.literal)
    .map((word) => word.text);
  return entry.runs(literal).map((argv) => {
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
