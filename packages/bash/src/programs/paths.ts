import { posix } from "node:path";
import { type Piece, type Word, wordFromPieces, wordFromText } from "../read/words.ts";
import type { PathAccess } from "../types.ts";
import { ANY_NAME, holdsInteger } from "../walk/evaluated.ts";
import { COMPUTED_NAME, type ExpandEnv, expandWord, type Vars, valuesOf } from "../walk/expand.ts";
import { substitutionsMayFail } from "../walk/failing-substitutions.ts";
import type { Assignment } from "../walk/injection.ts";
import { backupUses, environmentBackups, makesBackups } from "./backup-names.ts";
import { copiesKeepGlobNames, globCopyName } from "./copy-names.ts";
import { computedFile, curlFormFiles, curlGlobNames, curlGlobWords } from "./curl-files.ts";
import { moreExtractedFolders } from "./extractors.ts";
import { copyCalls, mayCopy } from "./file-copies.ts";
import { dashedGit, readGit } from "./git.ts";
import { DATE_REVISION_WORD, DATE_WORD, GIT_ONE_ID } from "./inert-output.ts";
import { inPlaceBackups, perlBackups } from "./inplace-backups.ts";
import { CURL_LONG, type LongOptions, resolveLong, TAR_LONG, WGET_LONG } from "./long-options.ts";
import { mktempUses } from "./mktemp-names.ts";
import { npmCommand, npmSpecPaths, npmWritesGlobalPrefix, registryNameOperands } from "./npm.ts";
import { OUTPUT_OPTION_COMMANDS } from "./output-options.ts";
import { ownExpandedUses } from "./own-expansions.ts";
import { type DeclaredProgram, declaredProgram } from "./programs.ts";
import { sedEffects } from "./sed-script.ts";
import { unknownValue } from "./unknown-words.ts";
import { fdSearchPaths, programStem, scanFind, toolName } from "./wrappers.ts";
import { filesBelow, writtenNamePaths } from "./written-names.ts";

/**
 * Which words of a command are files, and what the command does to them.
 *
 * A word is a path candidate when it is an operand of a known file command (`cat x`, `rm x`,
 * `cp a b`), or, for any other command, when its shape says so: it contains `/`, starts with
 * `~` or `.` (dot-files, `./x`, `../x`), or is `$HOME…`/`$PWD…`. Never a path: options (`-x`,
 * `--flag`; `--opt=VALUE` is judged by VALUE), URLs (`https://…`), `host:path` and `rev:path`
 * words, git revisions and ranges (`HEAD~1`, `HEAD..origin/main`), pattern and script operands
 * (grep's pattern, sed's script, awk's program, find's `-name` value), the device nodes
 * `/dev/null`, `/dev/stdin|stdout|stderr`, `/dev/fd/N`, and the placeholders of find/xargs/fd.
 *
 * Operands of well-known readers are `read`; writers' targets are `write`; every other
 * candidate is `read_write`.
 */

/** One path a command touches before resolution. */
export interface PathUse {
  word: Word;
  access: PathAccess;
  /**
   * The command reads or writes everything below this operand when it is a directory
   * (`grep -r`, `cp -r`, `rm -r`, `tar c`): every file under it counts as touched too.
   */
  below?: true;
  /**
   * A file the program finds through its own `HOME` (a home configuration writer's default
   * file, written `~/…`): a `HOME` its environment sets moves it.
   */
  home?: true;
  /**
   * A glob the program matches itself, not bash: its `**` spans any folders whatever
   * `globstar` says (the file of one name git opens in every folder it walks).
   */
  deep?: true;
  /**
   * A name the program opens nothing for, judged only where it lies outside the working
   * directory (a pathspec of `git log --oneline`, which git refuses outside its work tree):
   * one that resolves inside it, as a relative one does, is dropped.
   */
  outsideOnly?: true;
  /**
   * With {@link below}: the program never lists nor enters a name below that starts with a
   * `.` (`ls -R` without `-a`/`-A`): what lies below is judged as bash's own `**` is, which
   * skips dot folders and dot files.
   */
  skipsDots?: true;
}

/**
 * The uses with a {@link PathUse.home} flag moved under the `HOME` a command's environment
 * sets (`HOME=/tmp/h kubectl config set …` writes `/tmp/h/.kube/config`); a value with an
 * expansion in it leaves the file unknown.
 */
export function underProgramHome(uses: readonly PathUse[], home: Word, append = false): PathUse[] {
  return uses.map((use) => {
    if (use.home !== true || !use.word.text.startsWith("~")) return use;
    const text = home.text + use.word.text.slice(1);
    const word =
      home.literal && !append && home.text !== ""
        ? wordFromText(text, { tilde: home.tilde })
        : wordFromText(text, { computed: true });
    return { ...use, word };
  });
}

type OperandRule = (operands: OperandView) => PathUse[];

/** A command's words split into options (with values) and operands. */
export interface OperandView {
  /** The command's own name as written. */
  name: string;
  /** Non-option words, in order. */
  operands: Word[];
  /**
   * Options in order, with the value word when the option takes one. A letter of a cluster
   * that took no value keeps the letters after it (`rest`), which a program whose option takes
   * an optional attached value reads as that value (`sed -ibak`: the suffix `bak`).
   */
  options: { name: string; value: Word | null; attached?: true; rest?: string }[];
  /** The word right after the command's name, whatever it is. */
  first?: Word;
  /**
   * Words only known at run time whose role the reading cannot fix: one that may be an
   * option (`grep "$o" KEY .` with o=-r), or an unquoted one that may split into several
   * words (`grep $x` with x='a ~/.ssh/id_rsa'). See {@link roleUnknown}.
   */
  unknown?: Word[];
  /**
   * Whether an abbreviated long option was read as a valued one the table lists, taking the
   * next word (see {@link splitOperands}'s `abbreviationsAsFlags`).
   */
  abbreviated?: true;
  /**
   * Whether a long option the program's full table (`allLong`) does not resolve took the next
   * word as its value in this reading (see {@link splitOperands}).
   */
  guessed?: true;
}

/**
 * The proof of a recursive tool: commands in which a directory operand covers everything
 * below it (`match`), and commands of the same tool in which none does (`notMatch`). One test
 * walks them all through the analyzer.
 */
export interface BelowExamples {
  readonly match: readonly string[];
  readonly notMatch: readonly string[];
}

/** How a program's words split into options and operands (see {@link splitOperands}). */
interface OptionShape {
  /** Short options that take a separate value (`-n 5`). */
  readonly valueShort?: string;
  /** Long options that take a separate value when written without `=`. */
  readonly valueLong?: readonly string[];
  /**
   * Long options (also in `valueLong`) that take the next two words, neither an operand:
   * jq's `--arg NAME VALUE` and `--argjson NAME TEXT`. The option's value is NAME.
   */
  readonly pairLong?: readonly string[];
  /**
   * Long flags whose whole name starts another option's that takes a value (tar's `--sparse`
   * and `--sparse-version`): written out whole they are the flag, never an abbreviation.
   */
  readonly flagLong?: readonly string[];
  /**
   * Long flags a rule reads (a recursive switch): GNU getopt takes a unique prefix of any long
   * option, so a prefix of one of these (`ls --rec`) stands for it. A prefix that is also
   * another option's is ambiguous and the program refuses it: reading it as the flag only
   * over-approximates.
   */
  readonly meaningLong?: readonly string[];
  /**
   * The shortest prefix of a long option this table reads as the option (1 when not given:
   * getopt takes any unique prefix, and `tar --vo F` was `--volno-file F`, S34 option-abbrev)
   * and whether the table lists every long option of the program starting with the same
   * letters as a valued one: then its prefixes are exact and need no second reading as flags
   * (grep's `--di` is `--directories`, after the pattern too: `grep KEY --di recurse .`).
   */
  readonly shortestLong?: number;
  /**
   * Every long option of the program, valued and not (S34 option-abbrev): a written long
   * option resolves as the program's parser resolves it (any unique prefix, in any letter case
   * for curl), and one that names no option or several is read both as taking the next word
   * and as a flag (see {@link splitOperands}). Its valued names count as `valueLong`.
   */
  readonly allLong?: LongOptions;
  /**
   * Which words starting with `-` the program reads as options, when not all do: jq takes
   * `-1` or `-.a` as its program (a number, a negation), so the next word is an input file.
   */
  readonly optionish?: (text: string) => boolean;
}

export interface FileCommand extends OptionShape {
  readonly names: readonly string[];
  /** Whether this invocation reads or writes the contents below its directory operands. */
  readonly recursive?: (view: OperandView) => boolean;
  /** Reads the whole command line itself (find's expression), instead of `rule`. */
  readonly words?: (words: readonly Word[]) => PathUse[];
  /** Present on every tool that can reach below a directory operand. */
  readonly below?: BelowExamples;
  /**
   * Commands in which a flag letter of this program (one that takes no value: `ls -o`,
   * `cp -T`, `rsync -P`, `uniq -c`, `shred -u`) stands before a file operand, which the
   * command must still be found to touch: a letter listed in `valueShort` by mistake would
   * take that operand as its value and hide it. One test walks them all.
   */
  readonly flagExamples?: readonly string[];
  /**
   * The table lists every option of the program that takes a value, checked against its
   * `--help`: a value of a listed option that `rule` does not take is data (`pr -h /etc/x`
   * is a page header), never judged as a path for its shape.
   */
  readonly checked?: true;
  readonly rule: OperandRule;
}

const all =
  (access: PathAccess): OperandRule =>
  (view) =>
    view.operands.map((word) => ({ word, access }));

/** The identities ssh-add loads (or with -d removes) when it is given no file. */
const SSH_DEFAULT_IDENTITIES: readonly Word[] = [
  ...["id_rsa", "id_ecdsa", "id_ecdsa_sk", "id_ed25519", "id_ed25519_sk", "id_xmss", "id_dsa"],
].map((name) => wordFromText(`~/.ssh/${name}`, { tilde: true }));

/** Commands whose operands are not files at all, even when they look like paths. */
const NO_FILE_COMMANDS = new Set([
  "echo",
  "printf",
  "true",
  "false",
  ":",
  "test",
  "[",
  "export",
  "declare",
  "local",
  "readonly",
  "typeset",
  "unset",
  "set",
  "shopt",
  "alias",
  "unalias",
  "type",
  "which",
  "hash",
  "basename",
  "dirname",
  "seq",
  "sleep",
  "kill",
  "exit",
  "return",
  "shift",
  "read",
  "let",
  "expr",
  "printenv",
  "id",
  "whoami",
  "uname",
  "pwd",
  "history",
  "jobs",
  "wait",
  "eval",
  "trap",
  "command",
  // Their operands are sets, strings, numbers, database keys, capability or process names:
  // none has an option or operand that names a file (`tr / _`, `yes /x`, `factor 12`,
  // `getent passwd /x`, `tput cols`, `ps -C /x`).
  "tr",
  "yes",
  "factor",
  "getent",
  "tput",
  "ps",
]);

export const READERS: readonly string[] = [
  "cat",
  "tac",
  "head",
  "tail",
  "less",
  "more",
  "wc",
  "nl",
  "od",
  "hexdump",
  "strings",
  "file",
  "stat",
  "md5sum",
  "sha1sum",
  "sha224sum",
  "sha256sum",
  "sha384sum",
  "sha512sum",
  "b2sum",
  "shasum",
  "cksum",
  "sum",
  "cmp",
  "diff",
  "diff3",
  "comm",
  "join",
  "paste",
  "cut",
  "fold",
  "fmt",
  "pr",
  "expand",
  "unexpand",
  "column",
  "du",
  "bat",
  "zcat",
  "zless",
  "bzcat",
  "xzcat",
  "source",
  ".",
  "cd",
  "pushd",
  "readlink",
  "realpath",
  "base64",
  "look",
];

/** A reader's option grammar: the options that take a value, and those whose value is a file. */
interface ReaderGrammar extends OptionShape {
  readonly names: readonly string[];
  /** The options (short letter or full long name) whose value is a file it reads or writes. */
  readonly files?: RegExp;
  /** The options among `files` that write their file (less's log file). */
  readonly writes?: RegExp;
  /** Options whose value is a `:`-separated list of files (file's `-m`). */
  readonly lists?: RegExp;
  /** The program's grammar is not on this machine to check: a value that may name a file is read too. */
  readonly unchecked?: true;
  readonly flagExamples: readonly string[];
  /**
   * The program always walks everything below its operands, the working directory when it is
   * given none (du): the proof of it, as a recursive tool's `below`.
   */
  readonly walksBelow?: { readonly match: readonly string[]; readonly notMatch: readonly string[] };
}

/**
 * The readers' option grammars, each as its own `--help` gives it (GNU coreutils 9.1,
 * util-linux 2.38, less 590, binutils 2.40, file 5.44, gzip 1.12, xz 5.4; bat from its
 * manual): a letter that takes no value never takes the next word, which is a file the
 * program reads (`cat -n 5`, `tail -f 1`, `more -d 5`). A value is a file only where the
 * program reads one there (`hexdump -f FMT`, `du -X FILE`). wc and diff have entries of their
 * own below.
 */
const READER_GRAMMARS: readonly ReaderGrammar[] = [
  {
    names: ["cat"],
    flagExamples: ["cat -n 5", "cat -s 1", "cat -b 2", "cat -vET 3", "cat -t 4", "cat -A 6"],
  },
  {
    names: ["tac"],
    valueShort: "s",
    valueLong: ["separator"],
    flagExamples: ["tac -b 5", "tac -r 5"],
  },
  {
    names: ["head"],
    valueShort: "cn",
    valueLong: ["bytes", "lines"],
    flagExamples: ["head -q 5", "head -v 5", "head -z 5", "head -n 3 5"],
  },
  {
    names: ["tail"],
    valueShort: "cns",
    valueLong: ["bytes", "lines", "sleep-interval", "pid", "max-unchanged-stats"],
    flagExamples: ["tail -f 5", "tail -F 5", "tail -q 5", "tail --follow 5", "tail -n 3 5"],
  },
  {
    // less (and zless, which hands its options to less): `-k` names a lesskey file, `-T` a
    // tags file, `-o`/`-O` the log file it copies its input into.
    names: ["less", "zless"],
    valueShort: 'bDhjkoOpPtTxyz"#',
    valueLong: [
      ...["buffers", "color", "max-back-scroll", "jump-target", "lesskey-file", "log-file"],
      ...["LOG-FILE", "pattern", "prompt", "tag", "tag-file", "tabs", "max-forw-scroll"],
      ...["window", "quotes", "shift", "line-num-width", "rscroll", "status-col-width"],
      ...["wheel-lines", "lesskey-src", "header"],
    ],
    files: /^(k|T|o|O|lesskey-file|lesskey-src|tag-file|log-file|LOG-FILE)$/,
    writes: /^(o|O|log-file|LOG-FILE)$/,
    flagExamples: ["less -N 5", "less -R 5", "less -S 5", "less -F 5", "zless -N 5"],
  },
  {
    names: ["more"],
    valueShort: "n",
    valueLong: ["lines"],
    flagExamples: ["more -d 5", "more -f 5", "more -s 5", "more -p 5", "more -n 3 5"],
  },
  {
    names: ["nl"],
    valueShort: "bdfhilnsvw",
    valueLong: [
      ...["body-numbering", "section-delimiter", "footer-numbering", "header-numbering"],
      ...["line-increment", "join-blank-lines", "number-format", "number-separator"],
      ...["starting-line-number", "number-width"],
    ],
    flagExamples: ["nl -p 5", "nl -b a 5", "nl --no-renumber 5"],
  },
  {
    names: ["od"],
    valueShort: "AjNSt",
    valueLong: ["address-radix", "skip-bytes", "read-bytes", "format", "endian"],
    flagExamples: ["od -c 5", "od -x 5", "od -d 5", "od -s 5", "od -An -tx1 5", "od -v 5"],
  },
  {
    // util-linux hexdump: `-f` names a file of format strings.
    names: ["hexdump"],
    valueShort: "efns",
    valueLong: ["format", "format-file", "length", "skip"],
    files: /^(f|format-file)$/,
    flagExamples: ["hexdump -C 5", "hexdump -c 5", "hexdump -v 5", "hexdump -x 5"],
  },
  {
    names: ["strings"],
    valueShort: "nteTsU",
    valueLong: ["bytes", "radix", "encoding", "target", "output-separator", "unicode"],
    flagExamples: ["strings -d 5", "strings -a 5", "strings -f 5", "strings -w 5"],
  },
  {
    // file: `-m` names magic files, `:`-separated (its `-f` list is read as a list, below).
    names: ["file"],
    valueShort: "mefFP",
    valueLong: ["magic-file", "exclude", "exclude-quiet", "files-from", "separator", "parameter"],
    files: /^(m|magic-file)$/,
    lists: /^(m|magic-file)$/,
    flagExamples: ["file -b 5", "file -i 5", "file -L 5", "file -z 5", "file -k 5"],
  },
  {
    names: ["stat"],
    valueShort: "c",
    valueLong: ["format", "printf", "cached"],
    flagExamples: ["stat -t 5", "stat -L 5", "stat -f 5", "stat -c %s 5"],
  },
  {
    names: ["md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "sum"],
    flagExamples: ["md5sum -b 5", "sha256sum -t 5", "sha1sum -z 5", "sum -s 5", "sum -r 5"],
  },
  { names: ["b2sum"], valueShort: "l", valueLong: ["length"], flagExamples: ["b2sum -b 5"] },
  {
    names: ["cksum"],
    valueShort: "al",
    valueLong: ["algorithm", "length"],
    flagExamples: ["cksum -z 5", "cksum -a sha256 5"],
  },
  {
    names: ["shasum"],
    valueShort: "a",
    valueLong: ["algorithm"],
    flagExamples: ["shasum -b 5", "shasum -a 256 5", "shasum -U 5"],
  },
  {
    names: ["cmp"],
    valueShort: "in",
    valueLong: ["ignore-initial", "bytes"],
    flagExamples: ["cmp -b 6 5", "cmp -l 6 5", "cmp -s 6 5"],
  },
  {
    // diff3 runs the program `--diff-program` names (read as such elsewhere).
    names: ["diff3"],
    valueShort: "L",
    valueLong: ["label", "diff-program"],
    flagExamples: ["diff3 -e 6 7 5", "diff3 -m 6 7 5", "diff3 -a 6 7 5"],
  },
  {
    names: ["comm"],
    valueLong: ["output-delimiter"],
    flagExamples: ["comm -1 6 5", "comm -3 6 5", "comm -z 6 5"],
  },
  {
    names: ["join"],
    valueShort: "aejotv12",
    flagExamples: ["join -i 6 5", "join -z 6 5", "join -t , 6 5"],
  },
  {
    names: ["paste"],
    valueShort: "d",
    valueLong: ["delimiters"],
    flagExamples: ["paste -s 5", "paste -z 5", "paste -d , 6 5"],
  },
  {
    names: ["cut"],
    valueShort: "bcdf",
    valueLong: ["bytes", "characters", "delimiter", "fields", "output-delimiter"],
    flagExamples: ["cut -s -f 1 5", "cut -n -c 1 5", "cut -z -f 1 5", "cut --complement -f 1 5"],
  },
  {
    names: ["fold"],
    valueShort: "w",
    valueLong: ["width"],
    flagExamples: ["fold -s 5", "fold -b 5", "fold -w 3 5"],
  },
  {
    names: ["fmt"],
    valueShort: "wgp",
    valueLong: ["width", "goal", "prefix"],
    flagExamples: ["fmt -s 5", "fmt -u 5", "fmt -c 5", "fmt -t 5"],
  },
  {
    // pr: `-e`, `-i`, `-n`, `-s` and `-S` take a value only when it is attached.
    names: ["pr"],
    valueShort: "DhlNowW",
    valueLong: [
      ...["date-format", "header", "length", "first-line-number", "indent", "width"],
      ...["page-width", "pages", "columns"],
    ],
    flagExamples: ["pr -t 5", "pr -d 5", "pr -m 6 5", "pr -n 5", "pr -s 5", "pr -T 5"],
  },
  {
    names: ["expand", "unexpand"],
    valueShort: "t",
    valueLong: ["tabs"],
    flagExamples: ["expand -i 5", "unexpand -a 5", "expand -t 4 5"],
  },
  {
    // util-linux column: `--table` is a flag, not short for `--table-name`.
    names: ["column"],
    valueShort: "nONlEHRTWripcos",
    valueLong: [
      ...["table-name", "table-order", "table-columns", "table-columns-limit"],
      ...["table-noextreme", "table-hide", "table-right", "table-truncate", "table-wrap"],
      ...["tree", "tree-id", "tree-parent", "output-width", "output-separator", "separator"],
    ],
    flagLong: ["table"],
    flagExamples: ["column -t 5", "column -x 5", "column -J 5", "column -L 5", "column -e 5"],
  },
  {
    // du: `-X` names a file of patterns; its `--files0-from` list is read as a list (below).
    names: ["du"],
    valueShort: "BdtX",
    valueLong: [
      ...["block-size", "max-depth", "threshold", "exclude-from", "exclude", "files0-from"],
      ...["time-style"],
    ],
    files: /^(X|exclude-from|files0-from)$/,
    flagExamples: ["du -s 5", "du -sh 5", "du -c 5", "du -a 5", "du -k 5", "du -x 5"],
    // du walks every folder below its operands (the working directory by default) and
    // reads every entry's metadata, showing names with -a: a recursive listing, as ls -R's
    // (with -L through the links below too: R28 deep-link-recursive, traced).
    walksBelow: { match: ["du src", "du -sh src", "du -L src", "du"], notMatch: [] },
  },
  {
    // bat (not on this machine to check): its manual's options that take a value.
    names: ["bat"],
    valueShort: "lHmr",
    valueLong: [
      ...["language", "highlight-line", "file-name", "diff-context", "tabs", "wrap"],
      ...["terminal-width", "color", "italic-text", "decorations", "paging", "pager"],
      ...["map-syntax", "ignored-suffix", "theme", "style", "line-range", "nonprintable-notation"],
    ],
    unchecked: true,
    flagExamples: ["bat -n 5", "bat -p 5", "bat -A 5", "bat -P 5"],
  },
  {
    // gzip's decompressing reader (zcat runs gzip -cd): with `-r` it reads every file below
    // its folder operands.
    names: ["zcat"],
    valueShort: "S",
    valueLong: ["suffix"],
    meaningLong: ["recursive"],
    flagExamples: ["zcat -f 5", "zcat -q 5", "zcat -v 5"],
  },
  { names: ["bzcat"], flagExamples: ["bzcat -s 5", "bzcat -q 5", "bzcat -f 5"] },
  {
    names: ["xzcat"],
    valueShort: "SFCTM",
    valueLong: [
      ...["suffix", "format", "check", "threads", "memlimit", "block-size", "block-list"],
      ...["flush-timeout", "memlimit-compress", "memlimit-decompress"],
      ...["memlimit-mt-decompress", "memory"],
    ],
    flagExamples: ["xzcat -k 5", "xzcat -q 5", "xzcat -f 5"],
  },
  {
    // Builtins: cd's and pushd's letters are flags (`cd -P 5`), source takes none.
    names: ["source", ".", "cd", "pushd"],
    flagExamples: ["cd -P 5", "cd -L 5", "pushd -n 5"],
  },
  { names: ["readlink"], flagExamples: ["readlink -f 5", "readlink -e 5", "readlink -n 5"] },
  {
    names: ["realpath"],
    valueLong: ["relative-to", "relative-base"],
    files: /^(relative-to|relative-base)$/,
    flagExamples: ["realpath -s 5", "realpath -e 5", "realpath -m 5", "realpath -L 5"],
  },
  {
    names: ["base64"],
    valueShort: "w",
    valueLong: ["wrap"],
    flagExamples: ["base64 -d 5", "base64 -i 5", "base64 -w 0 5"],
  },
  {
    // look's first operand is the string it looks for; read as a file it only over-approximates.
    names: ["look"],
    valueShort: "t",
    valueLong: ["terminate"],
    flagExamples: ["look -d a 5", "look -f a 5", "look -a a 5"],
  },
];

const READER_COMMANDS: readonly FileCommand[] = READER_GRAMMARS.map((grammar) => ({
  ...grammar,
  ...(grammar.unchecked === true ? {} : { checked: true as const }),
  ...(grammar.names[0] === "zcat"
    ? {
        below: { match: ["zcat -r src", "zcat --recursive src"], notMatch: ["zcat x.gz"] },
        recursive: hasOption(/^(r|recursive)$/),
      }
    : {}),
  ...(grammar.walksBelow !== undefined ? { below: grammar.walksBelow, recursive: () => true } : {}),
  rule: (view: OperandView) => [
    ...(grammar.walksBelow !== undefined && view.operands.length === 0
      ? [wordFromText(".")]
      : view.operands
    ).map((word) => ({ word, access: "read" as const })),
    ...view.options.flatMap((option): PathUse[] => {
      const value = option.value;
      if (value === null) return [];
      if (grammar.files?.test(option.name)) {
        const access = grammar.writes?.test(option.name) ? "write" : "read";
        // A list's first file keeps the `~` bash expanded; the later ones are read as written.
        return grammar.lists?.test(option.name) &&
          value.literal &&
          !value.glob &&
          value.text.includes(":")
          ? value.text
              .split(":")
              .filter((part) => part !== "")
              .map((part, k) => ({
                word: wordFromText(part, { tilde: k === 0 && value.tilde }),
                access,
              }))
          : [{ word: value, access }];
      }
      return grammar.unchecked === true && couldBeFileName(value)
        ? [{ word: value, access: "read" }]
        : [];
    }),
  ],
}));

/**
 * tar's options whose value is a file it reads: lists of names, ignore and tag files looked
 * for (the value is a name in each folder; read as given, it is at least that file), owner and
 * group maps, and a file to add.
 */
const TAR_READS =
  /^(T|X|files-from|exclude-from|add-file|exclude-ignore|exclude-ignore-recursive|exclude-tag|exclude-tag-all|exclude-tag-under|owner-map|group-map)$/;

/** tar's letters that take a value, dashed or old-style (every `[-x VALUE]` of `tar --usage`). */
const TAR_VALUE_LETTERS = "fCTXbHKLNVgIF";

/** curl's long options that take a value (those that can name files, and data that can hold `{`). */
const CURL_VALUE_LONG: readonly string[] = [
  ...["output", "upload-file", "data", "data-binary", "data-ascii", "data-urlencode"],
  ...["json", "header", "proxy-header", "request", "user-agent", "referer", "user"],
  ...["write-out", "proxy", "config", "form", "cookie", "cookie-jar", "cert", "range"],
  ...["dump-header", "trace", "trace-ascii", "stderr", "output-dir", "libcurl", "key"],
  ...["cacert", "capath", "crlfile", "netrc-file", "proxy-cacert", "proxy-capath"],
  ...["proxy-cert", "proxy-key", "proxy-crlfile", "etag-save", "etag-compare", "hsts"],
  ...["alt-svc", "unix-socket", "url-query", "variable", "url", "quote", "ssl-sessions"],
  ...["data-raw", "form-string", "request-target", "proto-default"],
];

/** The commands whose operands (and option values) are files, with what they do to them. */
export const FILE_COMMANDS: readonly FileCommand[] = [
  ...OUTPUT_OPTION_COMMANDS,
  {
    names: ["ls"],
    below: { match: ["ls -R src", "ls -R"], notMatch: ["ls -la src"] },
    // GNU ls: -L, -H, -o and -P are flags (`ls -lL /etc`); `--color` takes its value only
    // after `=`.
    valueShort: "ITw",
    valueLong: [
      ...["ignore", "hide", "width", "tabsize", "format", "time-style", "sort", "time"],
      ...["quoting-style", "indicator-style", "block-size"],
    ],
    flagExamples: ["ls -o /etc", "ls -lL /etc", "ls -H /etc", "ls -Lo ~/.ssh", "ls --color /etc"],
    // A recursive listing opens every directory below its operands (the working directory by
    // default): everything there is touched, if only by name.
    meaningLong: ["recursive"],
    recursive: lsRecursive,
    rule: listPaths,
  },
  {
    names: ["tree"],
    below: { match: ["tree docs", "tree"], notMatch: [] },
    valueShort: "LPIoHT",
    valueLong: ["filelimit", "timefmt", "charset", "sort", "hintro", "houtro"],
    flagExamples: ["tree -a /etc"],
    recursive: () => true,
    rule: listPaths,
  },
  ...READER_COMMANDS,
  {
    // wc (this entry replaces the readers' shared one): every letter of wc is a flag, so a
    // number after `-c` or `-l` is a file it reads (`wc -c 1`), not a count as for head.
    names: ["wc"],
    valueLong: ["files0-from"],
    flagExamples: ["wc -c 1", "wc -l 5", "wc -w 5", "wc -L 5"],
    rule: (view) => [
      ...view.operands.map((word) => ({ word, access: "read" as const })),
      ...view.options.flatMap((option) =>
        option.name === "files0-from" && option.value !== null
          ? [{ word: option.value, access: "read" as const }]
          : [],
      ),
    ],
  },
  {
    // GNU diff (this entry replaces the readers' shared one): with -r/--recursive (any
    // unique prefix: `--rec`) it reads every file below its folder operands, following the
    // links there, and `--from-file`/`--to-file`/`-X` name files it reads too. Its own value
    // letters, so that a flag before the r (`-dr`, `-br`, `-Nur`) is read as one.
    names: ["diff"],
    below: {
      match: ["diff -r src other", "diff --recursive a b", "diff -Nur a b", "diff -dr a b"],
      notMatch: ["diff a.txt b.txt", "diff -u a b"],
    },
    meaningLong: ["recursive"],
    recursive: hasOption(/^(r|recursive)$/),
    valueShort: "CDFILSUWXx",
    valueLong: [
      ...["show-function-line", "ignore-matching-lines", "label", "ifdef", "width", "tabsize"],
      ...["exclude", "exclude-from", "starting-file", "from-file", "to-file", "horizon-lines"],
      ...["line-format", "old-line-format", "new-line-format", "unchanged-line-format"],
      ...["old-group-format", "new-group-format", "changed-group-format"],
      ...["unchanged-group-format", "palette"],
    ],
    flagExamples: ["diff -d x /etc/passwd", "diff -b x /etc/passwd", "diff -Nurw x /etc/passwd"],
    rule: (view) => [
      ...view.operands.map((word) => ({ word, access: "read" as const })),
      ...view.options.flatMap((option) =>
        option.value !== null && couldBeFileName(option.value)
          ? [{ word: option.value, access: "read" as const }]
          : [],
      ),
    ],
  },
  {
    names: ["grep", "egrep", "fgrep", "zgrep"],
    below: {
      match: [
        "grep -r password .",
        "grep -R x",
        "grep -d recurse x src",
        "grep --directories recurse x .",
        "grep -d rec x .",
        "grep --recur x .",
        "grep --dir recurse x .",
        "grep --di=recu x .",
        "grep --di recurse x .",
        "grep KEY --di recurse .",
        "grep KEY . --di recurse",
        "grep KEY . --dir rec",
        "grep KEY . -d recurse",
      ],
      notMatch: [
        "grep x notes.txt",
        "grep -c x a b",
        "grep --di=skip x a",
        "grep KEY --di skip .",
        "grep KEY . --di read",
      ],
    },
    // GNU grep: `--color`/`--colour` take their value only after `=` (`--color x .env`
    // searches .env for x). Every grep long option is listed in some table here or starts
    // no valued one's prefix, so two letters that start one valued option are its name
    // (`--di`, `--ma`, `--af`; `--de` and `--fi` are ambiguous to grep, which refuses them).
    valueShort: "efABCmdD",
    shortestLong: 2,
    valueLong: [
      ...["regexp", "file", "after-context", "before-context", "context", "max-count", "label"],
      ...["include", "exclude", "exclude-dir", "exclude-from", "directories", "devices"],
      ...["binary-files", "group-separator"],
    ],
    // Every valued option of GNU grep 3's --help: a value `rule` does not read is a pattern,
    // a count, an action or text (`--label=/etc/x` names standard input in the output).
    checked: true,
    flagLong: ["binary"],
    flagExamples: [
      "grep --color x /etc/passwd",
      "grep --colour x /etc/passwd",
      "grep --col x /etc/passwd",
      "zgrep --color x /etc/passwd",
    ],
    rule: grepLikeUses,
  },
  {
    names: ["rg"],
    below: { match: ["rg token", "rg --color never x src"], notMatch: [] },
    valueShort: "efABCmdgtTMj",
    valueLong: [
      ...["regexp", "file", "after-context", "before-context", "context", "max-count", "glob"],
      ...["iglob", "type", "type-not", "type-add", "type-clear", "color", "colors", "ignore-file"],
      ...["max-depth", "max-columns", "max-filesize", "pre", "pre-glob", "threads", "encoding"],
      ...["sort", "sortr", "replace", "context-separator", "path-separator"],
    ],
    rule: grepLikeUses,
  },
  {
    // ag and ack: `--color` is a flag, ag's `-A`/`-B`/`-C` and ack's `-C` take their count only
    // attached, and ag's `-f` is a flag (`--follow`): none takes the next word.
    names: ["ag", "ack"],
    below: { match: ["ag x lib", "ack --color x lib"], notMatch: [] },
    valueShort: "mgG",
    valueLong: ["max-count", "ignore", "ignore-dir", "depth", "pager", "file-search-regex"],
    flagExamples: ["ag --color x /etc/passwd", "ag -A x /etc/passwd", "ack -C x /etc/passwd"],
    rule: grepLikeUses,
  },
  {
    names: ["sed", "gsed"],
    valueShort: "efl",
    valueLong: ["expression", "file", "line-length"],
    rule: (view) => {
      const scriptGiven = view.options.some((option) =>
        /^(e|f|expression|file)$/.test(option.name),
      );
      // GNU sed takes a unique prefix of a long option, and no other one starts with `i`:
      // `--in`, `--in-pl` and `--in-place=.bak` are `--in-place` (traced: sed rewrites the file).
      const inPlace = view.options.some(
        (option) => option.name !== "" && "in-place".startsWith(option.name),
      );
      const operands = scriptGiven ? view.operands : view.operands.slice(1);
      return [
        ...operands.map((word): PathUse => ({ word, access: inPlace ? "read_write" : "read" })),
        ...sedBackups(view, operands),
        // The script's own files (opaque.ts floors what this cannot read: -f, e, computed).
        ...sedScriptFiles(
          scriptGiven
            ? view.options
                .filter((o) => o.name === "e" || o.name === "expression")
                .map((o) => o.value)
            : [view.operands[0]],
        ),
      ];
    },
  },
  {
    names: ["awk", "gawk", "mawk", "nawk"],
    valueShort: "fvFW",
    valueLong: ["file", "assign", "field-separator"],
    rule: (view) => {
      // mawk's `-W exec FILE` (`-We`, `-W e`) reads the program from the next operand.
      const exec = view.options.some(
        (option) =>
          option.name === "W" &&
          (option.value == null ||
            !option.value.literal ||
            option.value.text.split(/[\s,]+/).some((part) => part.startsWith("e"))),
      );
      const execFile = exec ? view.operands.slice(0, 1) : [];
      const programFiles = [
        ...view.options
          .filter((option) => option.name === "f" || option.name === "file")
          .flatMap((option) => (option.value ? [option.value] : [])),
        ...execFile,
      ];
      const given = programFiles.length > 0 || exec;
      const operands = given ? view.operands.slice(execFile.length) : view.operands.slice(1);
      const program = given ? undefined : view.operands[0];
      // A program that sets ARGV names its input files itself (`ARGV[1]="/etc/x"`).
      const listed =
        program !== undefined && (!program.literal || program.text.includes("ARGV"))
          ? [
              {
                word: wordFromText("$(files awk names in ARGV)", { computed: true }),
                access: "read" as const,
              },
            ]
          : [];
      return [
        ...listed,
        ...programFiles.map((word) => ({ word, access: "read" as const })),
        // `var=value` operands are assignments, not files.
        ...operands
          .filter((word) => !/^[A-Za-z_][A-Za-z0-9_]*=/.test(word.text))
          .map((word) => ({ word, access: "read" as const })),
      ];
    },
  },
  {
    // Two programs share the name: Go yq (mikefarah), whose operands may be a file alone (`yq
    // .env` prints it: with no expression it tries the first operand as a file) and whose
    // -o/-p/-I/-s/--expression take values, and Python yq (kislyuk), which runs jq. -i
    // (--inplace, --in-place) rewrites the files in both.
    names: ["yq"],
    valueShort: "fLIpos",
    valueLong: [
      ...["arg", "argjson", "slurpfile", "rawfile", "from-file", "indent", "library-path"],
      ...["expression", "split-exp", "front-matter", "output-format", "input-format", "width"],
    ],
    rule: (view) => {
      const access = view.options.some((option) => /^(i|inplace|in-place)$/.test(option.name))
        ? ("read_write" as const)
        : ("read" as const);
      const programs = view.options.filter(
        (option) => /^(f|from-file|L|library-path)$/.test(option.name) && option.value !== null,
      );
      const given = view.options.some((option) =>
        /^(expression|slurpfile|rawfile)$/.test(option.name),
      );
      const first = view.operands[0];
      const fileShaped =
        first !== undefined &&
        first.literal &&
        !/[\s'"()[\]{}|=,+*$]/.test(first.text) &&
        !/^\.{1,2}$/.test(first.text);
      const operands =
        programs.length > 0 || given || fileShaped ? view.operands : view.operands.slice(1);
      return [
        ...programs.map((option) => ({ word: option.value as Word, access: "read" as const })),
        ...operands.map((word) => ({ word, access })),
      ];
    },
  },
  {
    names: ["jq"],
    valueShort: "fL",
    optionish: jqOptionish,
    valueLong: ["arg", "argjson", "slurpfile", "rawfile", "from-file", "indent", "library-path"],
    pairLong: ["arg", "argjson"],
    rule: (view) => {
      const programs = view.options.filter(
        (option) => /^(f|from-file|L|library-path)$/.test(option.name) && option.value !== null,
      );
      // --slurpfile/--rawfile NAME FILE take two words: the file is one of the operands, and
      // where it stands among them is lost here, so every operand counts as read.
      const twoWords = view.options.some((option) => /^(slurpfile|rawfile)$/.test(option.name));
      // --run-tests reads its test programs (and prints the failing ones) from the operand.
      const tests = view.options.some((option) => option.name === "run-tests");
      const operands =
        programs.length > 0 || twoWords || tests ? view.operands : view.operands.slice(1);
      return [
        ...programs.map((option) => ({ word: option.value as Word, access: "read" as const })),
        ...operands.map((word) => ({ word, access: "read" as const })),
      ];
    },
  },
  {
    names: ["sort"],
    valueShort: "oktST",
    valueLong: ["output", "key", "field-separator", "buffer-size", "temporary-directory"],
    // getopt_long takes any unique prefix, one letter included: `--o FILE` is `--output FILE`.
    shortestLong: 1,
    rule: (view) => [
      ...view.operands.map((word) => ({ word, access: "read" as const })),
      ...view.options
        .filter(
          (option) =>
            /^(o|output|T|temporary-directory)$/.test(option.name) && option.value !== null,
        )
        .map((option) => ({ word: option.value as Word, access: "write" as const })),
    ],
  },
  {
    names: ["uniq"],
    valueShort: "fsw",
    // `--group[=METHOD]` and `--all-repeated[=METHOD]` take their value only after `=`.
    valueLong: ["skip-fields", "skip-chars", "check-chars"],
    flagExamples: [
      "uniq -c /etc/passwd",
      "uniq -dc /etc/passwd",
      "uniq --group /etc/passwd",
      "uniq --all-repeated /etc/passwd",
    ],
    rule: (view) =>
      view.operands.map((word, index) => ({ word, access: index === 1 ? "write" : "read" })),
  },
  {
    names: ["xxd"],
    valueShort: "cglson",
    valueLong: ["cols", "groupsize", "len", "seek", "name"],
    flagExamples: ["xxd -p /etc/passwd", "xxd -r /tmp/dump"],
    rule: (view) =>
      view.operands.map((word, index) => ({ word, access: index === 1 ? "write" : "read" })),
  },
  { names: ["tee"], rule: all("write") },
  {
    // date's operands are a format or a time to set, never a file; -f/--file reads one date a
    // line from FILE (echoing a line it cannot read), -r/--reference stats FILE.
    names: ["date", "gdate"],
    valueShort: "dfrs",
    // (--resolution is a flag: listed here it made `--re FILE`, which coreutils 9.1 reads as
    // --reference, ambiguous and unread.)
    valueLong: ["date", "file", "reference", "set", "rfc-3339"],
    // getopt takes any unique prefix, one letter included: `--f FILE` is `--file FILE`.
    shortestLong: 1,
    // Every valued option of coreutils 9.1's date: `-d /etc/x` is a date string.
    checked: true,
    flagExamples: [
      "date --f /etc/passwd",
      "date --fi /etc/passwd",
      "date --re /etc/passwd",
      "date -u --ref /etc/passwd",
    ],
    rule: (view) =>
      view.options
        .filter((option) => /^(f|file|r|reference)$/.test(option.name) && option.value)
        .map((option) => ({ word: option.value as Word, access: "read" as const })),
  },
  {
    // procps-ng pgrep/pkill: the operand is a process pattern, never a file; `-F` reads PIDs
    // from a file. Every valued option of their --help (pkill's signal and queue value too).
    names: ["pgrep", "pkill"],
    valueShort: "dgGOPstuUFrq",
    valueLong: [
      ...["delimiter", "pgroup", "group", "older", "parent", "session", "terminal", "euid"],
      ...["uid", "pidfile", "runstates", "cgroup", "ns", "nslist", "signal", "queue"],
    ],
    checked: true,
    flagExamples: ["pgrep -F /etc/passwd", "pkill -f -F /etc/passwd"],
    rule: (view) => optionFiles(view, /^(F|pidfile)$/, "read"),
  },
  {
    // util-linux logger: its operands are the message; `-f` logs a file's lines, `-u` writes
    // to a socket, `--journald=FILE` reads entries from FILE.
    names: ["logger"],
    valueShort: "fpStnPu",
    valueLong: [
      ...["file", "priority", "size", "tag", "server", "port", "socket", "sd-id", "sd-param"],
      ...["msgid"],
    ],
    checked: true,
    flagExamples: ["logger -s -f /etc/passwd", "logger -i -f /etc/passwd"],
    rule: (view) => [
      ...optionFiles(view, /^(f|file|journald)$/, "read"),
      ...optionFiles(view, /^(u|socket)$/, "read_write"),
    ],
  },
  {
    names: ["touch"],
    valueShort: "dtr",
    valueLong: ["date", "reference"],
    rule: (view) => [
      ...view.operands.map((word) => ({ word, access: "write" as const })),
      ...view.options
        .filter((option) => (option.name === "r" || option.name === "reference") && option.value)
        .map((option) => ({ word: option.value as Word, access: "read" as const })),
    ],
  },
  {
    names: ["rm", "rmdir", "unlink"],
    below: { match: ["rm -rf build", "rm -R dist"], notMatch: ["rm -f a.txt"] },
    flagExamples: ["rm -v /etc/passwd", "rmdir -p /tmp/a/b"],
    meaningLong: ["recursive"],
    recursive: hasOption(/^(r|R|recursive)$/),
    rule: all("write"),
  },
  {
    names: ["shred"],
    // shred -u removes the file after overwriting it: a flag (`--remove` takes `=HOW`).
    valueShort: "ns",
    valueLong: ["iterations", "size", "random-source"],
    flagExamples: ["shred -u /etc/passwd", "shred -vzu /tmp/x"],
    rule: (view) => [
      ...view.operands.map((word) => ({ word, access: "write" as const })),
      ...optionFiles(view, /^random-source$/, "read"),
    ],
  },
  { names: ["mkdir"], valueShort: "m", valueLong: ["mode"], rule: all("write") },
  {
    // util-linux rename (`rename.ul FROM TO FILE…`) and perl's (`rename 's/a/b/' FILE…`) move
    // each file to a name made from it, which no word shows (`rename.ul sr e src` makes `ec`):
    // a folder moved carries the files below it. Every word may name a file, and anything in
    // its folder may be written (S25 rename-folder, traced: `printf … > src/a; rename.ul src e
    // src; sh e/a` ran the string's text). `-s` renames where a link points: anywhere.
    names: ["rename", "rename.ul", "file-rename", "prename", "perl-rename"],
    valueShort: "eEu",
    valueLong: ["expr"],
    flagExamples: ["rename.ul -v src e src", "rename -n 's/a/b/' a"],
    rule: (view) => [
      ...view.operands.flatMap((word) => [
        { word, access: "write" as const },
        {
          word: word.literal ? wordFromText(posix.dirname(word.text)) : word,
          access: "write" as const,
          below: true as const,
        },
      ]),
      ...(view.options.some((option) => option.name === "s" || option.name === "symlink")
        ? [{ word: wordFromText("/"), access: "write" as const, below: true as const }]
        : []),
    ],
  },
  {
    names: ["truncate"],
    valueShort: "sr",
    valueLong: ["size", "reference"],
    flagExamples: ["truncate -c -s0 /tmp/x", "truncate -r /etc/passwd x"],
    rule: (view) => [
      ...view.operands.map((word) => ({ word, access: "write" as const })),
      ...optionFiles(view, /^(r|reference)$/, "read"),
    ],
  },
  {
    names: ["cp", "ln"],
    below: { match: ["cp -r src out", "cp -a src out"], notMatch: ["cp a.txt b.txt"] },
    meaningLong: ["recursive", "archive"],
    recursive: hasOption(/^(r|R|a|recursive|archive)$/),
    // -T (--no-target-directory) is a flag: `cp -T /etc/passwd x` copies /etc/passwd.
    valueShort: "St",
    valueLong: ["suffix", "target-directory", "no-preserve", "sparse"],
    flagExamples: ["cp -T /etc/passwd x", "cp -fT /etc/passwd x", "ln -sT /etc/passwd x"],
    rule: (view) => (isSymbolicLn(view) ? symbolicLinkUses(view) : copyLike(view, "read")),
  },
  {
    names: ["install"],
    valueShort: "Stmog",
    valueLong: ["suffix", "target-directory", "mode", "owner", "group", "strip-program"],
    flagLong: ["strip"],
    flagExamples: [
      "install -T /etc/passwd x",
      "install -DT /etc/passwd x",
      "install --strip /etc/passwd x",
    ],
    rule: (view) => copyLike(view, "read"),
  },
  {
    names: ["mv"],
    below: { match: ["mv src lib"], notMatch: [] },
    // Moving a directory moves everything below it.
    recursive: () => true,
    valueShort: "St",
    valueLong: ["suffix", "target-directory"],
    rule: (view) => copyLike(view, "read_write"),
  },
  {
    names: ["chmod", "chown", "chgrp"],
    below: { match: ["chmod -R 755 bin", "chown -R me src"], notMatch: ["chmod +x run.sh"] },
    meaningLong: ["recursive"],
    recursive: hasOption(/^(R|recursive)$/),
    valueLong: [],
    rule: (view) => {
      const reference = view.options.some((option) => option.name === "reference");
      const operands = reference ? view.operands : view.operands.slice(1);
      return operands.map((word) => ({ word, access: "write" }));
    },
  },
  {
    names: ["rsync"],
    below: { match: ["rsync -a src/ backup", "rsync -avP src/ backup"], notMatch: [] },
    meaningLong: ["recursive", "archive"],
    recursive: hasOption(/^(r|a|recursive|archive)$/),
    // -P, -F, -i, -L and -J are flags of rsync (`rsync -avP /etc/ backup`).
    valueShort: "efTBM",
    valueLong: [
      ...["rsh", "exclude", "include", "filter", "exclude-from", "include-from", "files-from"],
      ...["password-file", "read-batch", "log-file", "write-batch", "only-write-batch"],
      ...["temp-dir", "backup-dir", "partial-dir", "compare-dest", "copy-dest", "link-dest"],
      // `--suffix nv` takes the next word (popt): the backup of DEST is DEST + nv, judged
      // exactly as `--suffix=nv` is (S32 F-prec: `rsync -b --suffix nv README.md .e` asked
      // where the backup .env is denied).
      "suffix",
    ],
    flagExamples: [
      "rsync -P /etc/passwd .",
      "rsync -avP /etc/ backup",
      "rsync -aF /etc/ backup",
      "rsync -ai /etc/ backup",
      "rsync -aL /etc/ backup",
    ],
    // Remote `host:path` words are never local paths (isNeverPath): the last operand is written.
    rule: (view) => [
      ...copyLike(view, "read"),
      ...optionFiles(
        view,
        /^(exclude-from|include-from|files-from|password-file|read-batch|compare-dest|copy-dest|link-dest)$/,
        "read",
      ),
      ...optionFiles(
        view,
        /^(log-file|write-batch|only-write-batch|temp-dir|backup-dir|partial-dir)$/,
        "write",
      ),
    ],
  },
  {
    names: ["scp"],
    below: { match: ["scp -r dist host:/srv"], notMatch: ["scp a.txt host:/tmp"] },
    recursive: hasOption(/^r$/),
    valueShort: "cDFiJloPSX",
    flagExamples: ["scp -p host:x /tmp/y", "scp -qC host:x /tmp/y"],
    rule: (view) => [
      ...copyLike(view, "read"),
      ...optionFiles(view, /^(F|i)$/, "read"),
      ...sshSettingFiles(view),
    ],
  },
  {
    names: ["ssh-add"],
    valueShort: "EehHMmsSt",
    flagExamples: ["ssh-add -c ~/.ssh/k", "ssh-add -qk ~/.ssh/k"],
    rule: (view) => {
      const uses: PathUse[] = [
        ...all("read")(view),
        // -s/-e name a PKCS#11 library the agent loads, -S a FIDO one; -H a known hosts file.
        ...optionFiles(view, /^[seSH]$/, "read"),
      ];
      // With no file it reads the default identities (OpenSSH 9: these names, found under the
      // user's home), unless it only lists, locks, deletes all, tests, or works on a token.
      if (view.operands.length === 0 && !hasOption(/^[DlLxXseKT]$/)(view)) {
        uses.push(...SSH_DEFAULT_IDENTITIES.map((word) => ({ word, access: "read" as const })));
      }
      return uses;
    },
  },
  {
    names: ["zip"],
    below: { match: ["zip -r out.zip src"], notMatch: ["zip out.zip a.txt"] },
    valueShort: "bntiIxO",
    valueLong: ["output-file", "temp-path"],
    flagExamples: ["zip -T x.zip /etc/passwd", "zip -O /tmp/x.zip a.zip"],
    rule: (view) => {
      const recursive = hasOption(/^(r|R|recurse-paths)$/)(view);
      return [
        ...view.operands.map((word, index) =>
          index === 0
            ? { word, access: "write" as const }
            : { word, access: "read" as const, ...(recursive ? { below: true as const } : {}) },
        ),
        // -O writes the changed archive elsewhere; -b puts the temporary archive there.
        ...optionFiles(view, /^(O|output-file|b|temp-path)$/, "write"),
      ];
    },
  },
  {
    names: ["unzip", "bsdunzip"],
    below: { match: ["unzip x.zip", "unzip -o x.zip -d out"], notMatch: ["unzip -l x.zip"] },
    valueShort: "dP",
    rule: (view) => {
      const archive = view.operands[0];
      if (archive === undefined) return [];
      const uses: PathUse[] = [{ word: archive, access: "read" }];
      // -l, -t, -v, -z list or test and -p, -c print: nothing is extracted.
      if (view.options.some((o) => /^[ltvzpc]$/.test(o.name))) return uses;
      // The members land below the extraction folder (-d, else the working directory).
      const folder =
        view.options.find((o) => o.name === "d" && o.value !== null)?.value ?? wordFromText(".");
      uses.push({ word: folder, access: "write", below: true });
      // -: keeps `../` in member names: a member may land outside the folder.
      if (view.options.some((o) => o.name === ":")) {
        uses.push({ word: wordFromText("/"), access: "write", below: true });
      }
      return uses;
    },
  },
  {
    names: ["tar", "bsdtar", "gtar", "paxtar"],
    below: {
      match: ["tar czf out.tgz src", "tar -xf a.tar -C out", "tar xf a.tar"],
      notMatch: ["tar tf a.tar"],
    },
    valueShort: TAR_VALUE_LETTERS,
    // Every long option GNU tar 1.34 takes with a required value (`tar --usage`); the
    // optional ones (`--checkpoint`, `--backup`, `--one-top-level`, …) take it only after `=`.
    valueLong: [
      ...["file", "directory", "files-from", "exclude-from", "to-command", "checkpoint-action"],
      ...["use-compress-program", "rsh-command", "rmt-command", "info-script"],
      ...["new-volume-script", "add-file", "after-date", "newer", "newer-mtime", "mtime"],
      ...["exclude", "exclude-ignore", "exclude-ignore-recursive", "exclude-tag"],
      ...["exclude-tag-all", "exclude-tag-under", "group-map", "owner-map", "index-file"],
      ...["listed-incremental", "volno-file", "blocking-factor", "format", "group", "owner"],
      ...["hole-detection", "label", "level", "mode", "no-quote-chars", "quote-chars"],
      ...["quoting-style", "record-size", "sort", "sparse-version", "starting-file"],
      ...["strip-components", "suffix", "tape-length", "transform", "xform", "warning"],
      ...["xattrs-exclude", "xattrs-include"],
    ],
    flagLong: ["checkpoint", "list", "sparse", "xattrs"],
    // Every option of GNU tar 1.34: `--vo F` is `--volno-file F` (S34 option-abbrev).
    allLong: TAR_LONG,
    flagExamples: [
      "tar xfC a.tar /tmp",
      "tar -xvf a.tar -C /tmp",
      "tar cfT x.tar /etc/list",
      "tar -cf x.tar --checkpoint /etc/passwd",
      "tar -cf x.tar --sparse /etc/passwd",
      "tar -cf x.tar --xattrs /etc/passwd",
    ],
    rule: tarPaths,
  },
  {
    names: ["dd"],
    rule: (view) =>
      view.operands.flatMap((word): PathUse[] => {
        if (word.text.startsWith("if=")) return [{ word: sliceWord(word, 3), access: "read" }];
        if (word.text.startsWith("of=")) return [{ word: sliceWord(word, 3), access: "write" }];
        return [];
      }),
  },
  {
    names: ["curl"],
    valueShort: "oTdHXAeuwxKFbcErDQY",
    // curl 8.3+ reads `--expand-NAME VALUE` as `--NAME` with `{{variables}}` in VALUE.
    valueLong: [...CURL_VALUE_LONG, ...CURL_VALUE_LONG.map((name) => `expand-${name}`)],
    // curl's flags whose whole name starts a valued option's (`--head`, `--header`).
    flagLong: ["head", "crlf", "netrc", "ssl"],
    // Every option of curl 7.88, in any letter case: `--du F` is `--dump-header F`,
    // `--OUTPUT F` is `--output F` (S34 option-abbrev).
    allLong: CURL_LONG,
    rule: (view) => [
      // `-n`, `--netrc`, `--netrc-optional` (or a prefix curl 7 takes for it) read ~/.netrc.
      ...(view.options.some(
        (option) =>
          option.name === "n" ||
          option.name === "netrc" ||
          (option.name.startsWith("netrc-o") && "netrc-optional".startsWith(option.name)),
      )
        ? [
            {
              word: wordFromText("~/.netrc", { tilde: true }),
              access: "read" as const,
              home: true as const,
            },
          ]
        : []),
      ...view.options.flatMap((option): PathUse[] => {
        let value = option.value;
        if (!value) return [];
        let name = option.name;
        if (name.startsWith("expand-")) {
          name = name.slice("expand-".length);
          if (value.text.includes("{{")) value = computedFile(value.text);
        }
        if (CURL_WRITES.has(name)) return [{ word: value, access: "write" }];
        if (CURL_READ_WRITES.has(name)) return [{ word: value, access: "read_write" }];
        // curl globs its upload names itself (`-T '{a,/etc/passwd}'`).
        if (name === "T" || name === "upload-file") {
          return curlGlobWords(value, curlGlobOff(view)).map((word) => ({ word, access: "read" }));
        }
        if (/pinnedpubkey$/.test(name) && /^sha256\/\//i.test(value.text)) return [];
        if (CURL_READS.has(name)) return [{ word: value, access: "read" }];
        // A form field names its files in curl's own syntax (`f=@"a",b;headers=@c`, `f=<d`).
        if (name === "F" || name === "form") {
          if (!value.literal) return [{ word: computedFile(value.text), access: "read" }];
          return curlFormFiles(value.text)
            .filter((file) => file !== "")
            .map((file) => ({ word: wordFromText(file), access: "read" as const }));
        }
        // A cookie value without `=` is a file of cookies.
        if ((name === "b" || name === "cookie") && !value.text.includes("=")) {
          return [{ word: value, access: "read" }];
        }
        // `@file` (also `name@file`, `name=@file`, `name=<file`) reads the file.
        if (CURL_AT_FILE.has(name)) {
          // A value starting with an expansion may start with `@` at run time.
          if (value.pieces?.[0]?.kind === "expansion" || (!value.pieces && !value.literal)) {
            return [{ word: computedFile(value.text), access: "read" }];
          }
          const at = /^(?:[^=@<]*=)?[@<]|^[^=@]+@/.exec(value.text);
          if (at && value.text.length > at[0].length) {
            return [{ word: sliceWord(value, at[0].length), access: "read" }];
          }
        }
        if (name === "url") return curlUrlFiles(value, view);
        // curl 8.3+: `-w '%output{FILE}…'` (`%output{>>FILE}` appends) sends what follows
        // to FILE.
        if ((name === "w" || name === "write-out") && value.text.includes("%output{")) {
          return [...value.text.matchAll(/%output\{(?:>>)?([^}]*)\}/g)].map((match) => ({
            word: value.literal
              ? wordFromText(match[1] as string, { tilde: (match[1] as string).startsWith("~") })
              : wordFromText(value.text, { computed: true }),
            access: "write" as const,
          }));
        }
        return [];
      }),
      ...view.operands.flatMap((word) => curlUrlFiles(word, view)),
      ...curlRemoteNames(view),
    ],
  },
  {
    names: ["wget"],
    valueShort: "OPoai",
    valueLong: [
      "output-document",
      "directory-prefix",
      "output-file",
      "append-output",
      "input-file",
      "post-file",
      "body-file",
      "load-cookies",
      "save-cookies",
      "certificate",
      "private-key",
      "ca-certificate",
      "config",
    ],
    // Every option of GNU Wget 1.21.3, so that `--hsts-file F` and `--warc-d F` take F
    // (S34 option-abbrev).
    allLong: WGET_LONG,
    rule: (view) =>
      view.options.flatMap((option): PathUse[] => {
        if (!option.value) return [];
        // -P DIR saves each download under DIR, by the name the URL (or server) gives;
        // --warc-tempdir DIR makes its temporary files there (traced: DIR/wgetXXXXXX).
        if (/^(P|directory-prefix|warc-tempdir)$/.test(option.name))
          return [{ word: option.value, access: "write", below: true }];
        // --warc-file NAME creates NAME.warc.gz (and NAME.cdx, NAME-meta…) at start (traced):
        // its name stands for them, in the same folder. --rejected-log writes a log.
        if (
          /^(O|o|a|output-document|output-file|append-output|save-cookies|warc-file|rejected-log)$/.test(
            option.name,
          )
        )
          return [{ word: option.value, access: "write" }];
        // The HSTS database is read and rewritten (traced: --hsts-file F opened F).
        if (option.name === "hsts-file") return [{ word: option.value, access: "read_write" }];
        // A key pinned by hash (`sha256//…`) names no file.
        if (option.name === "pinnedpubkey" && option.value.text.startsWith("sha256//")) return [];
        if (option.name === "ca-directory")
          return [{ word: option.value, access: "read", below: true }];
        if (
          /^(i|input-file|post-file|body-file|load-cookies|certificate|private-key|ca-certificate|config|warc-dedup|crl-file|pinnedpubkey|egd-file|random-file)$/.test(
            option.name,
          )
        )
          return [{ word: option.value, access: "read" }];
        return [];
      }),
  },
  {
    names: ["cpio", "paxcpio"],
    below: {
      match: ["cpio -idv < a.cpio", "cpio -i -D out < a.cpio"],
      notMatch: ["cpio -t < a.cpio"],
    },
    valueShort: "DFIOEHMRC",
    valueLong: ["directory", "file", "pattern-file", "format", "message", "owner", "io-size"],
    flagExamples: ["cpio -i -v -D /tmp/out"],
    recursive: (view) => view.options.some((o) => /^(i|extract|p|pass-through)$/.test(o.name)),
    rule: cpioPaths,
  },
  {
    // pax (POSIX): -r writes the archive's members as they are named, absolute ones and `-s`
    // rewrites included (traced: /home/user/notes.txt); -w archives its operands (or the names
    // on stdin); -f names the archive, read with -r and written with -w.
    names: ["pax"],
    below: {
      match: ["pax -r -f a.pax", "pax -w -f a.pax src"],
      notMatch: ["pax -f a.pax"],
    },
    valueShort: "bfopsxBEGTU",
    flagExamples: ["pax -r -v -f a.pax"],
    recursive: (view) => view.options.some((o) => o.name === "r" || o.name === "w"),
    rule: (view) => {
      const has = (letter: string) => view.options.some((o) => o.name === letter);
      const uses: PathUse[] = [];
      const archive = view.options.find((o) => o.name === "f" && o.value !== null)?.value;
      if (archive) {
        uses.push({ word: archive, access: has("w") && !has("r") ? "write" : "read" });
      }
      if (has("r")) uses.push({ word: wordFromText("/"), access: "write", below: true });
      if (has("w")) {
        uses.push(
          ...view.operands.map((word) => ({ word, access: "read" as const, below: true as const })),
        );
      }
      return uses;
    },
  },

  {
    // net-tools' hostname reads the name to set from `-F FILE` / `--file FILE` (it opens the
    // file before the kernel refuses a user); an operand is a name, written as a path only by
    // an abbreviated `--fi FILE` this table cannot tell from one, so a path-shaped one is read.
    names: ["hostname"],
    valueShort: "F",
    valueLong: ["file"],
    flagExamples: ["hostname -b -F /etc/hostname", "hostname -s -F /etc/hostname"],
    rule: (view) => [
      ...optionFiles(view, /^(F|file)$/, "read"),
      ...view.operands.filter(hasPathShape).map((word) => ({ word, access: "read" as const })),
    ],
  },
  {
    // whereis lists the folders after -B, -M or -S (up to -f or another option) instead of
    // its own; every other operand is a name it looks for.
    names: ["whereis"],
    words: whereisFolders,
    rule: () => [],
  },
  {
    names: ["mktemp"],
    valueShort: "p",
    valueLong: ["suffix"],
    // coreutils 9.1's --help: -p DIR and --suffix=SUFF take a value (--tmpdir only attached).
    // A `-p` a later one overrides names no folder mktemp uses (S32 F-prec: `mktemp -p /tmp
    // -p .` created ./tmp.*, yet /tmp was judged for its shape and asked).
    checked: true,
    flagExamples: ["mktemp -d /tmp/x.XXXX", "mktemp -q /tmp/y.XXXX"],
    // Where the last -p/--tmpdir, -t and an empty folder put the file (S31 mktemp-folder-choice).
    rule: mktempUses,
  },
  {
    // debianutils tempfile: `-n FILE`/`--name` creates exactly FILE; else a new file in
    // `-d DIR`/`--directory`, else in $TMPDIR or /tmp (S25 tmp-writers, traced: `tempfile`
    // and `tempfile -p x -s .sh` created /tmp/fileXXXXXX, /tmp/xXXXXX.sh).
    names: ["tempfile"],
    valueShort: "dpsmn",
    valueLong: ["directory", "prefix", "suffix", "mode", "name"],
    flagExamples: ["tempfile -d /tmp/x", "tempfile -n /tmp/y"],
    rule: tempfilePaths,
  },
  {
    names: ["gofmt"],
    words: gofmtPaths,
    below: {
      match: ["gofmt -r 'a -> b' -w pkg", "gofmt -w $R pkg"],
      notMatch: ["gofmt -l .", "gofmt -w -s pkg"],
    },
    rule: () => [],
  },
  {
    names: ["find"],
    words: findPaths,
    below: { match: ["find . -name '*.env'", "find src -delete", "find"], notMatch: [] },
    rule: () => [],
  },
];

/**
 * gofmt: its operands (files, and folders it walks for `.go` files) are read, and with `-w`
 * rewritten, the `.go` files below a folder too. A rewrite rule (`-r 'a -> b'`) makes the rewrite code this string wrote, in every
 * file below a folder operand; a word only known at run time may be `-r` or `-w`.
 */
function gofmtPaths(words: readonly Word[]): PathUse[] {
  const operands: Word[] = [];
  const uses: PathUse[] = [];
  let writes = false;
  let rule = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) {
      writes = true;
      rule = true;
      operands.push(word);
      continue;
    }
    const flag = /^--?([A-Za-z]+)(=.*)?$/s.exec(word.text);
    if (flag === null) {
      operands.push(word);
      continue;
    }
    if (flag[1] === "w") writes = true;
    if (flag[1] === "r") {
      rule = true;
      if (flag[2] === undefined) i++;
    }
    if (flag[1] === "cpuprofile") {
      const value =
        flag[2] === undefined ? words[++i] : sliceWord(word, word.text.indexOf("=") + 1);
      if (value !== undefined) uses.push({ word: value, access: "write" });
    }
  }
  for (const word of operands) {
    if (!writes) uses.push({ word, access: "read" });
    else uses.push({ word, access: "read_write", ...(rule ? { below: true as const } : {}) });
    // gofmt -w walks a folder operand and rewrites every .go file below it (G15: gofmt -w src
    // rewrote src/x.go); a rule may rewrite any file there, as above.
    if (writes && !rule) uses.push(filesBelow(word, "*.go", "read_write"));
  }
  return uses;
}

/**
 * Whether GNU ls lists recursively: `-R`/`--recursive`, and not `-d`/`--directory`, which
 * lists each operand itself and enters none (R25 needless-ls-recursive, traced: `ls -Rd src`
 * opened no folder). A shorter prefix of `--directory` than `--direc` is ambiguous, so ls
 * refuses it and lists nothing.
 */
function lsRecursive(view: OperandView): boolean {
  return (
    view.options.some((o) => o.name === "R" || o.name === "recursive") &&
    !view.options.some(
      (o) => o.name === "d" || (o.name.length > 1 && "directory".startsWith(o.name)),
    )
  );
}

/**
 * Whether ls hides the names that start with a `.`: no `-a`, `-A`, `-f` (which implies `-a`)
 * nor `--all`/`--almost-all` (or a prefix of either: the ambiguous ones make ls refuse), no
 * link followed (`-L`, `-H`, `--dereference…`: what a link reaches is listed), and no word
 * only known at run time that may be one of them.
 */
function lsHidesDots(view: OperandView): boolean {
  return (
    view.operands.every((word) => word.literal) &&
    (view.unknown ?? []).length === 0 &&
    !view.options.some(
      (o) =>
        /^[aAfLH]$/.test(o.name) ||
        (o.name.length > 1 && ("all".startsWith(o.name) || "almost-all".startsWith(o.name))) ||
        // A link followed lists what it reaches under the link's own name (gates b14).
        (o.name.length > 2 && o.name.startsWith("dere")),
    )
  );
}

/**
 * ls and tree: their operands (the working directory when a recursive listing has none). A
 * recursive ls that hides dot names never lists nor enters a dot folder below its operands
 * (R25 needless-ls-recursive, traced: `ls -R src` with src/.ssh/ and src/sub/.ssh/ opened src
 * and src/sub only); a dot folder named as an operand (`ls -R .ssh`) is still listed.
 */
function listPaths(view: OperandView): PathUse[] {
  const tree = view.name.endsWith("tree");
  const recursive = tree || lsRecursive(view);
  const listed = view.operands.length === 0 && recursive ? [wordFromText(".")] : view.operands;
  const skipsDots = !tree && recursive && lsHidesDots(view);
  const written = view.options
    .filter((o) => tree && o.name === "o" && o.value)
    .map((o) => ({ word: o.value as Word, access: "write" as const }));
  return [
    ...listed.map((word) => ({
      word,
      access: "read" as const,
      ...(skipsDots ? { skipsDots: true as const } : {}),
    })),
    ...written,
  ];
}

/**
 * cpio: -i extracts members where their names say: absolute names and `..` stay as they are
 * unless --no-absolute-filenames, so a member may land anywhere; -D changes the directory;
 * -p copies the files named on stdin into its directory operand. The archive is -F/-I/-O or
 * stdin; with -o and -p the files read are named on stdin.
 */
function cpioPaths(view: OperandView): PathUse[] {
  const has = (pattern: RegExp) => view.options.some((o) => pattern.test(o.name));
  const uses: PathUse[] = [];
  for (const option of view.options) {
    if (option.value === null) continue;
    if (/^(F|file)$/.test(option.name)) {
      uses.push({ word: option.value, access: has(/^(o|create)$/) ? "write" : "read" });
    }
    if (/^(I|E|pattern-file)$/.test(option.name)) uses.push({ word: option.value, access: "read" });
    if (option.name === "O") uses.push({ word: option.value, access: "write" });
  }
  const directory =
    view.options.find((o) => /^(D|directory)$/.test(o.name) && o.value !== null)?.value ?? null;
  if (has(/^(i|extract)$/)) {
    uses.push({ word: directory ?? wordFromText("."), access: "write" });
    if (!has(/^no-absolute-filenames$/)) {
      uses.push({ word: wordFromText("/"), access: "write" });
    }
  }
  if (has(/^(p|pass-through)$/)) {
    uses.push(...view.operands.map((word) => ({ word, access: "write" as const })));
  }
  return uses;
}

/** The file debianutils' tempfile creates (see its FILE_COMMANDS entry). */
function tempfilePaths(view: OperandView): PathUse[] {
  const given = (names: RegExp) =>
    view.options.filter((o) => names.test(o.name) && o.value !== null).map((o) => o.value as Word);
  const named = given(/^(n|name)$/);
  if (named.length > 0) return named.map((word) => ({ word, access: "write" as const }));
  const folders = given(/^(d|directory)$/);
  if (folders.length > 0) {
    return folders.map((word) => ({ word, access: "write" as const, below: true as const }));
  }
  // INVARIANT: TMPDIR is the environment's: the directory is not known from the text.
  return [{ word: wordFromText("$TMPDIR/fileXXXXXX", { computed: true }), access: "write" }];
}

/**
 * A global install (`npm install -g`, `npm link`, `pnpm add -g`, `yarn global add`) writes
 * npm's global prefix, a directory outside the project whose place the text does not show.
 * npm's own options are read as npm reads them (npm.ts); the environment is the walk's.
 */
function globalInstallPaths(words: readonly Word[]): PathUse[] {
  const literal = words.filter((word) => word.literal).map((word) => word.text);
  const name = toolName(words[0]?.text ?? "") ?? "";
  let writes: boolean;
  if (name === "npm") {
    writes = npmWritesGlobalPrefix(words);
  } else {
    const flagged = literal.some((text) =>
      /^(-g|--global|--location=global|-[a-zA-Z]*g[a-zA-Z]*)$/.test(text),
    );
    const command = literal.slice(1).find((text) => !text.startsWith("-")) ?? "";
    writes =
      (/^(install|add|i|uninstall|remove|rm|un|update|upgrade|up|link|ln|unlink|rebuild)$/.test(
        command,
      ) &&
        (flagged || ((command === "link" || command === "ln") && literal.length === 2))) ||
      (name === "yarn" && command === "global");
  }
  return writes ? [npmGlobalPrefixUse()] : [];
}

/**
 * `corepack enable` and `corepack disable` write (or remove) the package managers' shims in
 * `--install-directory DIR`, else next to corepack's own program (`/usr/bin`), a folder
 * the text does not show.
 */
function corepackShimPaths(words: readonly Word[]): PathUse[] {
  const command = words.slice(1).find((word) => !word.text.startsWith("-"));
  if (command === undefined || !command.literal || !/^(enable|disable)$/.test(command.text)) {
    return [];
  }
  for (let i = 1; i < words.length; i++) {
    const text = (words[i] as Word).text;
    if (text === "--install-directory") {
      const dir = words[i + 1];
      return dir === undefined ? [] : [{ word: dir, access: "write" }];
    }
    if (text.startsWith("--install-directory=")) {
      return [
        { word: sliceWord(words[i] as Word, "--install-directory=".length), access: "write" },
      ];
    }
  }
  return [
    {
      word: wordFromText("$(dirname $(command -v corepack))", { computed: true }),
      access: "write",
    },
  ];
}

/** npm's global prefix, written by a global install: where it is, the text does not show. */
export function npmGlobalPrefixUse(): PathUse {
  return {
    word: wordFromText("$(npm prefix -g)/lib/node_modules", { computed: true }),
    access: "write",
  };
}

/**
 * The settings files a package manager's own commands write: `npm pkg set|delete|fix`,
 * `npm init` and `npm version` write package.json (whose scripts npm run, test and install
 * run); `npm config set|delete|rm|del|edit|fix` and `npm set` write the user's `.npmrc` (the project's
 * with `--location=project`), which can name the shell scripts run in.
 */
function projectFilePaths(words: readonly Word[]): PathUse[] {
  const name = toolName(words[0]?.text ?? "") ?? "";
  // A global option's separate value (`npm --loglevel silent init`) is no command: each
  // reading of the options is followed (a word only known at run time is no command either).
  const texts = words.slice(1).map((word) => (word.literal ? word.text : "\0"));
  const files = new Set<string>();
  for (const reading of optionReadings(texts, PACKAGE_MANAGER_FLAGS) ?? [["init"], ["set"]]) {
    const operands = reading.filter((text) => !text.startsWith("-"));
    const first = operands[0];
    if (first === undefined || first === "\0") continue;
    const command = name === "npm" ? (npmCommand(first) ?? first) : first;
    const second = operands[1] ?? "";
    if (
      (command === "pkg" && /^(set|delete|fix)$/.test(second)) ||
      command === "init" ||
      command === "version"
    ) {
      files.add("package.json");
    }
    // npm's config takes `rm` and `del` for delete, and `fix` rewrites the file too.
    if (
      (command === "config" && /^(set|delete|rm|del|edit|fix)$/.test(second)) ||
      command === "set"
    ) {
      const project = reading.some((text) => /^(--location=project|-L=?project)$/.test(text));
      files.add(project ? ".npmrc" : "~/.npmrc");
    }
  }
  return [...files].map((file) => ({
    word: wordFromText(file, { tilde: file.startsWith("~") }),
    access: "write" as const,
  }));
}

/**
 * npm's (and pnpm's, yarn's) options that take no value but `true` or `false` (see
 * {@link optionReadings}).
 */
const PACKAGE_MANAGER_FLAGS =
  /^(-[gfsqdDyESO]+|--(global|force|silent|quiet|verbose|json|yes|dry-run|ignore-scripts|save|save-dev|save-exact|save-optional|legacy-peer-deps|foreground-scripts|no-[a-z-]+))$/;

/**
 * grep and its kin: the first operand is the pattern unless `-e`/`-f` gives it, `-f` and the
 * ignore lists are read, and a recursive search with no file searches the working directory.
 */
function grepLikeUses(view: OperandView): PathUse[] {
  const patternGiven = view.options.some((option) => /^(e|f|regexp|file)$/.test(option.name));
  const files = view.options
    .filter((option) => /^(f|file|exclude-from|ignore-file)$/.test(option.name) && option.value)
    .map((option) => ({ word: option.value as Word, access: "read" as const }));
  const listOnly = view.options.some((option) => option.name === "files");
  const operands = patternGiven || listOnly ? view.operands : view.operands.slice(1);
  const recursive = grepRecursive(view);
  // A recursive search with no file operand searches the working directory.
  const searched = operands.length === 0 && recursive ? [wordFromText(".")] : operands;
  return [
    ...files,
    ...searched.map((word) => ({
      word,
      access: "read" as const,
      ...(recursive ? { below: true as const } : {}),
    })),
  ];
}

/** grep with -r/-R (or -d recurse), and rg/ag/ack always, read everything below. */
function grepRecursive(view: OperandView): boolean {
  if (!/^(grep|egrep|fgrep|zgrep)$/.test(view.name.split("/").pop() ?? "")) return true;
  // GNU grep takes any unambiguous prefix of a long option (`--recur`) and of the value of
  // --directories (`-d rec`); an abbreviated option's separate value is the first operand.
  const recurse = (value: Word | null | undefined) =>
    value != null &&
    (!value.literal || (value.text.length >= 3 && "recurse".startsWith(value.text)));
  return view.options.some((option) => {
    const name = option.name;
    if (/^(r|R)$/.test(name)) return true;
    if (
      name.length >= 3 &&
      ("recursive".startsWith(name) || "dereference-recursive".startsWith(name))
    ) {
      return true;
    }
    // `--di` is already unique among grep's long options (`--d` is ambiguous: grep refuses it).
    const directories = name === "d" || (name.length >= 2 && "directories".startsWith(name));
    return (
      directories && (recurse(option.value) || (option.value === null && recurse(view.operands[0])))
    );
  });
}

/** A value that is not a count, a size or a one-character delimiter. */
function couldBeFileName(word: Word): boolean {
  if (!word.literal) return true;
  const text = word.text;
  if (text === "~" || text === "." || text === "..") return true;
  if (text.length <= 1) return false;
  return !/^[+-]?[0-9][0-9,.]*[a-zA-Z]{0,2}$/.test(text);
}

/** The values of the options `pattern` names, as files with `access`. */
/** The folders whereis lists: the words after `-B`, `-M` or `-S` (alone or in a cluster) up to `-f` or an option. */
function whereisFolders(words: readonly Word[]): PathUse[] {
  const uses: PathUse[] = [];
  let listing = false;
  for (const word of words.slice(1)) {
    const text = word.text;
    if (word.literal && text.startsWith("-") && text.length > 1) {
      listing = /^-[a-zA-Z]*[BMS][a-zA-Z]*$/.test(text) && !/^-[a-zA-Z]*[BMS][a-zA-Z]*f/.test(text);
      continue;
    }
    // A word only known at run time may be an option that starts a list, or a folder.
    if (listing || !word.literal) uses.push({ word, access: "read" });
  }
  return uses;
}

function optionFiles(view: OperandView, pattern: RegExp, access: PathAccess): PathUse[] {
  return view.options.flatMap((option) =>
    option.value !== null && pattern.test(option.name) ? [{ word: option.value, access }] : [],
  );
}

/**
 * The files an ssh setting given with `-o` names (`IdentityFile=/x`, `CertificateFile /x`,
 * `UserKnownHostsFile a b`, `ControlPath`, `PKCS11Provider`): scp and sftp hand it to the ssh
 * they run. Any path-shaped piece of the value counts; ssh expands a leading `~` itself, and
 * `%d`/`%h`… tokens and `${NAME}` make a name known only at run time.
 */
function sshSettingFiles(view: OperandView): PathUse[] {
  const uses: PathUse[] = [];
  for (const option of view.options) {
    const value = option.value;
    if (option.name !== "o" || value === null) continue;
    if (!value.literal) {
      uses.push({ word: wordFromText(value.text, { computed: true }), access: "read_write" });
      continue;
    }
    const setting = /^\s*[A-Za-z0-9]+(?:\s*=\s*|\s+)(.*)$/s.exec(value.text);
    for (const raw of (setting?.[1] ?? "").split(/\s+/)) {
      const piece = raw.replace(/^["']|["']$/g, "");
      if (piece === "" || !/^[~.]|\//.test(piece)) continue;
      uses.push({
        word: /%|\$\{/.test(piece)
          ? wordFromText(piece, { computed: true })
          : wordFromText(piece, { tilde: piece.startsWith("~") }),
        access: "read_write",
      });
    }
  }
  return uses;
}

function hasOption(pattern: RegExp): (view: OperandView) => boolean {
  return (view) => view.options.some((option) => pattern.test(option.name));
}

/**
 * tar: in create/append mode the operands are read (everything below them) and the archive
 * written; in extract mode the archive is read and the target directory (`-C`, else the working
 * directory) written below. The first word may be an old-style cluster (`tar czf a.tgz src`).
 */
/**
 * The files literal sed scripts name: `r`/`R` read, `w`/`W` and the `s///w` flag write (sed
 * names its own streams `/dev/stdout`, `/dev/stdin`, which are no files).
 */
function sedScriptFiles(scripts: readonly (Word | null | undefined)[]): PathUse[] {
  const uses: PathUse[] = [];
  for (const script of scripts) {
    if (script == null || !script.literal) continue;
    const effects = sedEffects(script.text);
    for (const file of effects.reads) uses.push({ word: wordFromText(file), access: "read" });
    for (const file of effects.writes) uses.push({ word: wordFromText(file), access: "write" });
  }
  return uses;
}

/** tar's long mode options; GNU tar takes any unambiguous prefix of them (`--cre`). */
const TAR_MODES = ["create", "append", "update", "extract", "get", "list", "diff", "compare"];

function tarPaths(view: OperandView): PathUse[] {
  const operands = [...view.operands];
  const letters = view.options.filter((o) => o.name.length === 1).map((o) => o.name);
  let cluster = "";
  const first = operands[0];
  // The old style's letters (`tar czf x.tgz -C dir .`) are the first word, with or without
  // dashed options after them.
  if (first !== undefined && first === view.first && /^[A-Za-z]+$/.test(first.text)) {
    cluster = first.text;
    operands.shift();
  }
  const mode =
    [...letters, ...cluster].find((l) => /[cruxtdA]/.test(l)) ??
    TAR_MODES.find((full) =>
      view.options.some((o) => o.name.length >= 2 && full.startsWith(o.name)),
    );
  const creates = mode !== undefined && /^(c|r|u|A|create|append|update)$/.test(mode);
  const extracts = mode !== undefined && /^(x|extract|get)$/.test(mode);
  const uses: PathUse[] = [];
  // Each old-style letter that takes a value takes the next operand, in the letters' order
  // (`tar xfC a.tar /tmp` extracts into /tmp).
  const clustered: { name: string; value: Word }[] = [];
  for (const letter of cluster) {
    if (!TAR_VALUE_LETTERS.includes(letter)) continue;
    const value = operands.shift();
    if (value !== undefined) clustered.push({ name: letter, value });
  }
  const options = [...view.options, ...clustered];
  const archive = options.find((o) => o.name === "f" || o.name === "file")?.value ?? null;
  if (archive != null) uses.push({ word: archive, access: creates ? "write" : "read" });
  for (const option of options) {
    const value = option.value;
    if (!value) continue;
    // tar opens these whatever its mode, before it even complains that none is given.
    if (TAR_READS.test(option.name)) uses.push({ word: value, access: "read" });
    if (/^(g|listed-incremental|volno-file)$/.test(option.name)) {
      uses.push({ word: value, access: "read_write" });
    }
    if (option.name === "index-file") uses.push({ word: value, access: "write" });
    // A date that starts with `/` or `.` (or a `~` bash made one) is a file whose time counts.
    if (/^(N|newer|after-date|newer-mtime|mtime)$/.test(option.name)) {
      if (!value.literal || /^[/.~]/.test(value.text)) uses.push({ word: value, access: "read" });
    }
  }
  // -C DIR changes directory for the operands after it: they are read (or written) there.
  const directories = options
    .filter((o) => (o.name === "C" || o.name === "directory") && o.value != null)
    .map((o) => o.value as Word);
  if (creates) {
    uses.push(...operands.map((word) => ({ word, access: "read" as const, below: true as const })));
    // Where an operand lands under each -C is not kept here: each directory counts whole.
    if (operands.length > 0) {
      uses.push(
        ...directories.map((word) => ({ word, access: "read" as const, below: true as const })),
      );
    }
  }
  if (extracts) {
    const targets = directories.length > 0 ? directories : [wordFromText(".")];
    uses.push(...targets.map((word) => ({ word, access: "write" as const, below: true as const })));
    // -P keeps leading `/` and `..` in member names: a member may land anywhere.
    if (
      view.options.some((o) => o.name === "P" || abbreviates(o.name, "absolute-names", 2)) ||
      cluster.includes("P")
    ) {
      uses.push({ word: wordFromText("/"), access: "write", below: true });
    }
    uses.push(...tarBackups(options, operands, directories.length > 0));
  }
  return uses;
}

/**
 * The backups GNU tar makes of the members it extracts over existing files (`--backup`,
 * `--suffix=SUF`, which turns them on): the old file is renamed to its name plus the suffix
 * (S32 F-prec, traced: `echo > .e; tar cf a.tar .e; tar --backup --suffix=nv -xf a.tar .e`
 * renamed /repo/.e to /repo/.env). For a member named on the line, landing where it is named
 * (no -C, no name rewriting, no patterns), that name is judged exactly (backup-names.ts); the
 * extraction's own write below the folder already covers every other name.
 */
function tarBackups(
  options: readonly { name: string; value: Word | null }[],
  members: readonly Word[],
  moved: boolean,
): PathUse[] {
  const long = (name: string, full: string) => name.length >= 3 && full.startsWith(name);
  const backup = options
    .filter((o) => long(o.name, "backup") || long(o.name, "suffix"))
    .map((o) => ({ ...o, name: long(o.name, "backup") ? "backup" : "suffix" }));
  if (backup.length === 0 || moved) return [];
  const renames = options.some(
    (o) =>
      /^(P|transform|xform|strip-components|one-top-level|absolute-names|wildcards)$/.test(
        o.name,
      ) ||
      ["transform", "xform", "strip-components", "one-top-level", "wildcards"].some((f) =>
        long(o.name, f),
      ),
  );
  if (renames) return [];
  return members
    .filter((word) => word.literal && !/[*?[\\]/.test(word.text) && !word.text.startsWith("-"))
    .flatMap((word) => backupUses(backup as OperandView["options"], word));
}

const FILE_COMMAND_BY_NAME: ReadonlyMap<string, FileCommand> = new Map(
  FILE_COMMANDS.flatMap((command) => command.names.map((name) => [name, command] as const)),
);

/** Whether the operand table knows `name`: a file command, or one whose operands are no files. */
export function isKnownFileCommand(name: string): boolean {
  return FILE_COMMAND_BY_NAME.has(name) || NO_FILE_COMMANDS.has(name);
}

/**
 * The paths the operands of one executed command touch (not its redirects).
 *
 * @param words - the executed command's words, name first
 * @param placeholders - words a wrapper substitutes at run time (`{}`)
 * @param posix - whether `POSIXLY_CORRECT` may be in the command's environment (see
 *   {@link splitOperands})
 */
export function operandPaths(
  words: readonly Word[],
  placeholders: readonly string[],
  posix = false,
  environment: readonly Assignment[] = [],
): PathUse[] {
  const uses = namedPaths(words, placeholders, posix, environment);
  const name = toolName(words[0]?.text ?? "") ?? "";
  // A versioned name (`llvm-mc-14`) is looked up by its stem; a plain name costs one lookup.
  const lister =
    LIST_READER_BY_NAME.get(name) ??
    (/[0-9]/.test(name) ? LIST_READER_BY_NAME.get(programStem(name)) : undefined);
  if (lister === undefined || !lister.lists(words)) return uses;
  // INVARIANT: the files named inside a list are known only when the command runs.
  return [
    ...uses,
    ...lister.access.map((access) => ({
      word: wordFromText("$(files named in the list)", { computed: true }),
      access,
    })),
  ];
}

/**
 * Programs that open the files named inside a list (a file, stdin or a `@file` operand), not
 * on their command line: those files are a computed path. One test walks the examples.
 */
export interface ListReader {
  readonly names: readonly string[];
  /** Whether this invocation reads a list of file names. */
  readonly lists: (words: readonly Word[]) => boolean;
  /** What the program does to the listed files. */
  readonly access: readonly PathAccess[];
  readonly match: readonly string[];
  readonly notMatch: readonly string[];
}

/**
 * A long option, or any abbreviation of it of at least `shortest` letters, then `=` or the
 * end: getopt_long (and Perl's Getopt::Long) take a unique prefix for the whole name
 * (`wc --files0=-` is `--files0-from=-`). `shortest` is where the prefix stops being another
 * option's (`tar --file` is not `--files-from`); a shorter, ambiguous one is refused by the
 * program and reads nothing.
 */
function longOptionPattern(full: string, shortest: number): string {
  const quote = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  let tail = "";
  for (let i = full.length - 1; i >= shortest; i--)
    tail = `(?:${quote(full[i] as string)}${tail})?`;
  return `^--${quote(full.slice(0, shortest))}${tail}(?:=|$)`;
}

/** Whether `name` is `full` or an abbreviation of it of at least `shortest` letters. */
function abbreviates(name: string, full: string, shortest: number): boolean {
  return name.length >= shortest && full.startsWith(name);
}

/**
 * Whether a word after the command name meets `pattern`: an option before `--`, an operand
 * anywhere (`man -- /dev/stdin` formats stdin). A `--` right after an option may be that
 * option's value (`tar -cf -- -T -` names the archive `--`, and options go on), as after tar's
 * old-style letters (`tar cf -- -T -`) when `oldStyle` is set.
 */
const anyWord =
  (pattern: RegExp, oldStyle = false) =>
  (words: readonly Word[]): boolean => {
    let ended = false;
    for (let i = 1; i < words.length; i++) {
      const word = words[i] as Word;
      const before = i === 1 ? "" : (words[i - 1] as Word).text;
      const valued = /^-[^-]|^--./.test(before) || (oldStyle && i === 2 && /^\w/.test(before));
      if (word.text === "--" && !valued && !ended) {
        ended = true;
        continue;
      }
      if (ended && word.literal && word.text.startsWith("-") && word.text !== "-") continue;
      if (!word.literal && word.text.startsWith("-")) return true;
      if (pattern.test(word.text)) return true;
    }
    return false;
  };

/**
 * Whether jq reads a word as an option: `-` then a letter or `-` (its isoptish). Any other
 * dashed word (`-1`, `-0`, `-1.5`, `-.a`) is its program or an input file.
 */
function jqOptionish(text: string): boolean {
  return /^-(?:-|[A-Za-z]|$)/.test(text);
}

/** jq's options that take values, and how many words follow each. */
const JQ_VALUES: ReadonlyMap<string, number> = new Map([
  ...["--arg", "--argjson", "--slurpfile", "--rawfile"].map((name) => [name, 2] as const),
  ...["-f", "--from-file", "-L", "--library-path", "--indent"].map((name) => [name, 1] as const),
]);

/**
 * Whether a jq command's program may load a module: it says `include`/`import`, or a
 * computed word may be (or may shift what is) the program. A computed word is read as a file
 * only after the program and as a glob that can never name an option ({@link neverAnOption}):
 * whatever it expands to, each name is an input file.
 */
function jqMayImport(words: readonly Word[]): boolean {
  let program = false;
  let operandsOnly = false;
  // With -f (also in a cluster, `-nf`) jq reads its program from a file: the first operand
  // (jq takes -f as a flag) or, as read here, the word after -f. Read from a stream
  // (`-f /dev/stdin <<< …`, `/dev/fd/N`, `-`), the program is text of the string's, which
  // nobody searched for `include`/`import`.
  let fromFile = false;
  let operands = 0;
  const programFiles: Word[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) {
      if (program && neverAnOption(word)) continue;
      return true;
    }
    if (/(^|[;|(\s])(include|import)\s/.test(word.text)) return true;
    if (!operandsOnly && word.text === "--") {
      operandsOnly = true;
      continue;
    }
    // --run-tests takes every word after it: the first is the file of test programs (none:
    // stdin), whose programs may load modules too.
    if (!operandsOnly && word.text === "--run-tests") {
      const next = words[i + 1];
      return next === undefined || !next.literal || JQ_STREAM.test(next.text);
    }
    if (!operandsOnly && jqOptionish(word.text) && word.text !== "-") {
      const cluster = /^-[A-Za-z]*f[A-Za-z]*$/.test(word.text);
      const values = cluster ? 1 : (JQ_VALUES.get(word.text) ?? 0);
      // A computed value may split and shift where the program stands. `--arg NAME VALUE`
      // and `--argjson NAME TEXT` take strings: one that is never split (`"$v"`) stays one.
      const strings = word.text === "--arg" || word.text === "--argjson";
      if (
        words
          .slice(i + 1, i + 1 + values)
          .some((value) => !value.literal && (!strings || value.splittable))
      )
        return true;
      // The program comes from the file: every operand is input.
      if (cluster || word.text === "--from-file") {
        program = true;
        fromFile = true;
        const next = words[i + 1];
        if (next !== undefined) {
          programFiles.push(next);
          if (!jqOptionish(next.text)) operands++;
        }
      }
      i += values;
      continue;
    }
    if (operands++ === 0) programFiles.push(word);
    program = true;
  }
  return fromFile && programFiles.some((word) => JQ_STREAM.test(word.text));
}

/** A program file that is a stream the string may feed: stdin, a descriptor, `-`. */
const JQ_STREAM = /^(-|\/dev\/(stdin|fd\/\d+)|\/proc\/(self|thread-self|\d+)\/fd\/\d+)$/;

/**
 * A word whose one expansion is a glob starting with a plain character (`src/*.json`, or a loop
 * variable over such a glob): every name it becomes starts with that character, and so does the
 * word itself when nothing matches, so it is never an option, whatever the files are called.
 * Not a brace expansion (`{-rf,x}`) or an extglob (`@(…)`, `+(…)`), which may start with `-`.
 */
export function neverAnOption(word: Word): boolean {
  return (
    word.glob && !word.brace && word.pattern !== null && /^[A-Za-z0-9_./,:=%]/.test(word.pattern)
  );
}

export const LIST_READERS: readonly ListReader[] = [
  {
    names: ["wc", "du", "sort"],
    lists: anyWord(new RegExp(longOptionPattern("files0-from", 1))),
    access: ["read"],
    match: [
      ...["wc --files0-from=l", "printf 'x\\0' | wc --files0-from=-", "sort --files0-from l"],
      ...["wc --files0=-", "sort --files0-fr=-", "du --f l"],
    ],
    notMatch: ["wc -l a b", "sort -u f"],
  },
  {
    names: ["file"],
    // Every flag letter file 5.44 takes (its getopt string holds `E` and `I` too), and any
    // prefix of `--files-from` (no other long option starts with `--f`).
    lists: anyWord(
      /^-[bcdhiklLnNprsSvzZ0CEI]*f|^--f(?:i(?:l(?:e(?:s(?:-(?:f(?:r(?:o(?:m)?)?)?)?)?)?)?)?)?(=|$)/,
    ),
    access: ["read"],
    match: [
      ...["file -f l", "echo x | file -f -", "file -bf l", "file --files-from=l"],
      ...["file --files-f l", "file --files-fr=l -b", "file -Ef l", "file -If l"],
    ],
    notMatch: ["file README.md", "file -b x"],
  },
  {
    names: [
      ...["md5sum", "sha1sum", "sha224sum", "sha256sum", "sha384sum", "sha512sum", "b2sum"],
      ...["b3sum", "shasum", "cksum"],
    ],
    lists: anyWord(new RegExp(`^-[btzwsqa0-9]*c|${longOptionPattern("check", 1)}`)),
    access: ["read"],
    match: [
      ...["md5sum -c l", "echo '0  /etc/shadow' | sha256sum -c", "sha1sum --check l"],
      ...["md5sum --che l", "sha256sum --c l"],
    ],
    notMatch: ["md5sum f", "sha256sum -b f"],
  },
  {
    // Archive::Tar's ptar takes -T FILE as GNU tar does (R20, traced: `ptar -cf x.tar -T -`
    // read the names on stdin and opened them).
    names: ["tar", "bsdtar", "gtar", "ptar"],
    // `--file` is an option of its own: `--files` is the shortest abbreviation.
    lists: (words) =>
      anyWord(new RegExp(`${longOptionPattern("files-from", 5)}|^-[A-Za-z]*T`), true)(words) ||
      (words[1] !== undefined && /^[A-Za-z]*T[A-Za-z]*$/.test(words[1].text)),
    access: ["read"],
    match: [
      ...["tar -c -f x.tar --files-from=- < l", "tar -cf x.tar -T l", "tar cfT x.tar l"],
      ...["tar -cf x.tar --files-fr l", "tar -cf x.tar --files=-"],
    ],
    notMatch: ["tar -cf x.tar src", "tar -xf x.tar", "tar -c --file=x.tar src"],
  },
  {
    // pax's tar front end reads the names to archive from `-I FILE` (or `-T`), `-` for stdin.
    names: ["paxtar"],
    lists: anyWord(/^-[A-Za-z]*[IT]/),
    access: ["read"],
    match: ["paxtar -c -f x.tar -I l", "paxtar -c -f x.tar -I -"],
    notMatch: ["paxtar -c -f x.tar src"],
  },
  {
    // pax -w with no file operand archives the names read from stdin (-rw copies them).
    names: ["pax"],
    lists: anyWord(/^-[A-Za-z0-9]*w/),
    access: ["read"],
    match: ["pax -w < l > x.pax", "pax -wf x.pax < l", "pax -rw d < l"],
    notMatch: ["pax -r -f x.pax"],
  },
  {
    // ack -x and --files-from FILE (`-` is stdin) search the files listed there.
    names: ["ack", "ack-grep"],
    lists: anyWord(new RegExp(`^-[A-Za-z]*x|${longOptionPattern("files-from", 7)}`)),
    access: ["read"],
    match: ["ack -x x < l", "ack --files-from=- x < l", "ack --files-from l x"],
    notMatch: ["ack x src", "ack --files-with-matches x"],
  },
  {
    names: ["zip"],
    lists: anyWord(new RegExp(`^-[A-Za-z0-9]*@|${longOptionPattern("names-stdin", 2)}`)),
    access: ["read"],
    match: ["zip -@ x.zip < l", "zip -r -@ x.zip < l", "zip x.zip --names-stdin < l"],
    notMatch: ["zip -r x.zip src"],
  },
  {
    names: ["cpio", "paxcpio"],
    lists: anyWord(
      new RegExp(
        `^-[a-zA-Z]*[op]|${longOptionPattern("create", 1)}|${longOptionPattern("pass-through", 3)}`,
      ),
    ),
    access: ["read"],
    match: [
      ...["cpio -o < l > x.cpio", "find . | cpio -pdm /tmp/out", "cpio --create < l"],
      ...["cpio --cre < l", "cpio --pass d < l", "paxcpio -o < l"],
    ],
    notMatch: ["cpio -idv < x.cpio"],
  },
  {
    names: ["rsync"],
    lists: anyWord(/^--files-from(=|$)/),
    access: ["read"],
    match: ["rsync -a --files-from=l / /tmp/out", "rsync --files-from - . dst"],
    notMatch: ["rsync -a src/ dst/"],
  },
  {
    names: ["7z", "7za", "7zr"],
    lists: anyWord(/^@|^-[ix]r?[-0]?@/),
    access: ["read"],
    match: ["7z a x.7z @l", "7z a x.7z -i@l"],
    notMatch: ["7z a x.7z src"],
  },
  {
    names: ["xz", "lzma", "unxz", "unlzma"],
    lists: anyWord(/^--files0?(=|$)/),
    access: ["read", "write"],
    match: ["xz --files=l", "xz --files0=l"],
    notMatch: ["xz -k f"],
  },
  {
    names: ["xzcat", "lzcat"],
    lists: anyWord(/^--files0?(=|$)/),
    access: ["read"],
    match: ["xzcat --files=l", "xzcat --files0=l"],
    notMatch: ["xzcat -k f"],
  },
  {
    names: ["zstd", "unzstd"],
    lists: anyWord(/^--filelist(=|$)/),
    access: ["read", "write"],
    match: ["zstd --filelist=l"],
    notMatch: ["zstd f"],
  },
  {
    names: ["curl"],
    lists: anyWord(/^-[a-zA-Z]*K|^--config(=|$)/),
    access: ["read", "write"],
    match: ["curl -K l", "curl --config=l", "echo 'url = file:///etc/shadow' | curl -K -"],
    notMatch: ["curl -s https://x.example"],
  },
  {
    names: [
      ...["cpp", "gcc", "cc", "c++", "g++", "clang", "clang++", "c89", "c99", "c11", "c17"],
      ...["tcc", "icc", "icx"],
    ],
    // Code on stdin (`-`, /dev/stdin; cpp with no file) may #include any file.
    lists: (words) =>
      anyWord(/^(-|\/dev\/stdin|\/dev\/fd\/\d+)$/)(words) ||
      (toolName(words[0]?.text ?? "") === "cpp" &&
        words.slice(1).every((word) => word.literal && word.text.startsWith("-"))),
    access: ["read"],
    match: [
      "echo '#include \"/etc/passwd\"' | cpp",
      "gcc -E -x c - < x",
      "cc -x c /dev/stdin -o x",
    ],
    notMatch: ["cpp x.c", "gcc -c x.c"],
  },
  {
    names: [
      ...["groff", "nroff", "troff", "gtroff", "soelim", "gsoelim", "eqn", "geqn", "tbl", "gtbl"],
      ...["pic", "gpic", "refer", "grefer", "grog", "mandoc", "preconv"],
    ],
    // A document on stdin (no file operand, `-`) may `.so` any file, and groff opens it.
    lists: (words) => roffReadsStdin(words),
    access: ["read"],
    match: [
      "echo '.so /etc/passwd' | groff -Tascii",
      "nroff -man < x.1",
      "groff -T ascii -man - < x.1",
    ],
    notMatch: ["groff -man -Tascii x.1", "nroff -man x.1", "groff -T utf8 -m man x.1"],
  },
  {
    names: [
      ...["pdflatex", "xelatex", "lualatex", "latex", "tex", "pdftex", "xetex", "luatex", "etex"],
      ...["dot", "neato", "twopi", "circo", "fdp", "sfdp"],
    ],
    // A document on stdin, or TeX given as its first argument (`pdflatex '\input{…}'`), may
    // read any file (`\input`, Graphviz `image=`).
    lists: (words) => {
      const operands = words
        .slice(1)
        .filter((word) => !word.text.startsWith("-") || word.text === "-");
      return (
        operands.length === 0 || operands.some((word) => !word.literal || /^[\\&-]/.test(word.text))
      );
    },
    access: ["read"],
    match: ["pdflatex '\\input{/etc/passwd}'", "echo 'digraph{a[image=\"/etc/x\"]}' | dot -Tpng"],
    notMatch: ["pdflatex x.tex", "dot -Tpng x.dot"],
  },
  {
    names: ["jq", "gojq"],
    // A jq program may `include`/`import` a module file from anywhere.
    lists: jqMayImport,
    access: ["read"],
    match: [
      "jq -n 'include \"/home/user/notes\"; 1'",
      'jq -n -f /dev/stdin <<< \'import "n" as $n {search: "/home/user"}; $n\'',
      "jq -nf /dev/fd/3 3< p.jq",
      "jq --from-file - f.json",
      'jq "$P" f.json',
      "jq src/*.jq f.json",
      "jq --arg x src/*.json . f.json",
      "jq . $F",
      "jq --run-tests",
      "jq --run-tests - < t.txt",
    ],
    notMatch: [
      "jq --run-tests tests/jq.test",
      "jq .name package.json",
      "jq . src/*.json",
      "jq -r .name src/*/package.json",
      'for f in src/*.json; do jq .name "$f"; done',
      "jq -f prog.jq f.json",
      "jq -f prog.jq /dev/stdin",
    ],
  },
  {
    names: ["yq"],
    // Go yq's load operators (`load`, `load_str`, `load_xml`, `load_props`, `load_base64`, …)
    // read any file and `eval` runs an expression built from a string; Python yq's jq may
    // `include`/`import` a module; Go yq's -s/--split-exp writes each result to a file its
    // expression names (Python yq's -s only slurps, but nobody can tell which yq runs).
    lists: (words) =>
      jqMayImport(words) ||
      words.some((word) => word.literal && /\b(load\w*|\w*load|eval)\s*\(/.test(word.text)) ||
      anyWord(/^-[a-zA-Z]*s|^--split-exp(=|$)/)(words),
    access: ["read", "write"],
    match: [
      "yq -n 'load_str(\"/home/user/.ssh/id_rsa\")'",
      "yq '.a = load(\"x.yaml\")' f.yaml",
      "yq -s '\"/tmp/\" + .name' f.yaml",
      "yq --split-exp=.name f.yaml",
      "yq -n 'eval(strenv(E))'",
    ],
    notMatch: ["yq .name f.yaml", "yq -o json '.a.b' f.yaml", "yq -i '.a = 1' f.yaml"],
  },
  {
    names: ["man"],
    // `man -l -` formats a page from stdin, which may `.so` any file.
    lists: (words) => anyWord(/^(-|\/dev\/stdin|\/dev\/fd\/\d+)$/)(words),
    access: ["read"],
    match: ["echo '.so /etc/passwd' | man -l -"],
    notMatch: ["man ls", "man -l x.1"],
  },
  {
    names: ["xmllint", "xsltproc"],
    // A document on stdin may pull files in through entities, XInclude, a DTD or document().
    lists: (words) => anyWord(/^(-|\/dev\/stdin|\/dev\/fd\/\d+)$/)(words),
    access: ["read"],
    match: [
      "echo '<!DOCTYPE x [<!ENTITY e SYSTEM \"/etc/passwd\">]><x>&e;</x>' | xmllint --noent -",
    ],
    notMatch: ["xmllint --noout x.xml"],
  },
  {
    names: ["find"],
    lists: anyWord(/^-files0-from$/),
    access: ["read"],
    match: ["find -files0-from l -name x"],
    notMatch: ["find . -name x"],
  },
  {
    names: ["as", "gas", "llvm-mc", "llvm-tblgen", "rpcgen", "llvm-rc", "windres"],
    // Source on stdin (no source operand, `-`) may .include/.incbin/#include any file.
    lists: (words) =>
      anyWord(/^(-|\/dev\/stdin|\/dev\/fd\/\d+)$/)(words) ||
      !words
        .slice(1)
        .some(
          (word) =>
            /\.(s|S|sx|asm|inc|td|x|rc)$/.test(word.text) ||
            /^--?(version|help|v)$/.test(word.text),
        ),
    access: ["read"],
    match: [
      "echo '.incbin \"/etc/passwd\"' | as -o x.o",
      "llvm-mc -filetype=obj -o x.o -",
      "echo x | llvm-tblgen",
    ],
    notMatch: ["as -o x.o x.s", "as --version", "rpcgen x.x"],
  },
  {
    names: ["cscope"],
    // -i NAMEFILE (or -i- for stdin); without -i, cscope reads cscope.files if there is one.
    lists: anyWord(/^-[a-zA-Z]*i/),
    access: ["read"],
    match: ["cscope -b -i n", "cscope -bi-"],
    notMatch: ["cscope -b src/a.c"],
  },
  {
    names: ["xgettext", "msgcat", "msgcomm", "msguniq"],
    // gettext's -f/--files-from FILE (`-` is stdin) lists the input files.
    lists: anyWord(new RegExp(`^-[a-zA-Z]*f|${longOptionPattern("files-from", 2)}`)),
    access: ["read"],
    match: [
      ...["echo n | xgettext -f - -o x.pot", "msgcat -f l", "msguniq --files-from=l"],
      ...["xgettext --files=- -o x.pot", "msgcat --files-f=-"],
    ],
    notMatch: ["xgettext -o x.pot src/a.c", "msgcat a.po b.po"],
  },
  {
    names: ["ctags", "ctags-universal", "ctags-exuberant", "uctags", "etags", "etags.emacs"],
    // -L FILE (`-` is stdin) lists the files to read; etags reads names from stdin for `-`.
    lists: anyWord(/^-[a-zA-Z]*L|^--filelist(=|$)|^-$/),
    access: ["read"],
    match: ["ctags -L - < l", "ctags-universal -L l", "etags -"],
    notMatch: ["ctags -R src", "ctags -f tags src/a.c"],
  },
  {
    names: ["gpgtar", "cppcheck"],
    lists: anyWord(/^--files-from(=|$)|^--file-list(=|$)/),
    access: ["read"],
    match: ["gpgtar --files-from - -o x.gpg", "cppcheck --file-list=l"],
    notMatch: ["cppcheck src"],
  },
  {
    names: ["rmt", "rmt-tar"],
    // The remote tape server: each `O<path>` line of its stdin opens that file, read or written
    // as the flags on the next line say, and `R`/`W` move its bytes through stdin and stdout.
    lists: (words) => !words.slice(1).some((word) => /^--?(help|version|usage)$/.test(word.text)),
    access: ["read", "write"],
    match: ["printf 'O/home/user/.ssh/id_rsa\\n0\\nR100\\n' | rmt", "rmt-tar < cmds", "rmt"],
    notMatch: ["rmt --help", "rmt --version"],
  },
];

/** The roff options that take a value (groff's; the other roff programs take fewer). */
const ROFF_VALUES = "dfFIKLmMnoPrTwWD";

/**
 * Whether a roff program reads a document from stdin: no file operand, or `-` (also
 * `/dev/stdin`) among them, before or after `--` and after other files (`groff -- /dev/stdin`,
 * `groff x.ms -`: groff reads every operand in turn, its options anywhere).
 */
function roffReadsStdin(words: readonly Word[]): boolean {
  let operands = 0;
  let ended = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) return true;
    if (word.text === "-" || /^\/dev\/(stdin|fd\/\d+)$|^\/proc\/self\/fd\//.test(word.text)) {
      return true;
    }
    if (!ended && word.text === "--") {
      ended = true;
      continue;
    }
    if (ended || !word.text.startsWith("-")) {
      operands++;
      continue;
    }
    // A value letter takes the rest of the word, or the next word.
    const letters = word.text.slice(1);
    const at = [...letters].findIndex((letter) => ROFF_VALUES.includes(letter));
    if (at !== -1 && at === letters.length - 1) i++;
  }
  return operands === 0;
}

const LIST_READER_BY_NAME: ReadonlyMap<string, ListReader> = new Map(
  LIST_READERS.flatMap((reader) => reader.names.map((name) => [name, reader] as const)),
);

/** The files a command's own words name. */
/**
 * A program that writes its user-level configuration or credential store under the home
 * folder by default, with no path in the command (`kubectl config set-credentials`, `pip
 * config set`, `gpg`, `gio trash`, `scalar register`): later, innocent calls obey what it
 * planted. `literal` are the command's literal words after the program name; `null` when
 * this invocation writes nothing there. One test walks the examples of every entry.
 */
export interface HomeConfigWriter {
  readonly names: readonly string[];
  readonly writes: (literal: readonly string[]) => string | null;
  /** Options known to take no value (see {@link optionReadings}). */
  readonly flags?: RegExp;
  readonly match: readonly (readonly [string, string])[];
  readonly notMatch: readonly string[];
}

/** The most readings {@link optionReadings} spells out before it gives up. */
const MAX_READINGS = 256;

/**
 * The ways a program may read its words: an option word without `=` may take the next word as
 * its value (`kubectl -n x config set …`, `pip --timeout 5 config set …`, `gpg --comment
 * --homedir --list-keys`, where `--homedir` is the comment) or not, and which options do, the
 * text does not say for most programs. Each reading joins a taken value to its option
 * (`-n=x`, `--comment=--homedir`), so a table that looks for the first operands or for a
 * redirecting option sees what that reading sees; whoever asks takes the union. `flags` are
 * options known to take no value (only `true`/`false` after one is still read both ways:
 * npm's booleans take it). Nothing is split after `--`. `null` when there are more than
 * {@link MAX_READINGS} readings.
 */
export function optionReadings(
  literal: readonly string[],
  flags?: RegExp,
): (readonly string[])[] | null {
  const readings: string[][] = [];
  // Every call ends in one reading: counting calls as they start stops the descent (each a
  // copy of the reading so far) after MAX_READINGS, where counting finished readings let
  // `npm -a -a …` (9000 words) go 4500 deep first (D19: 0.8-2 s, 580 MB, no tick).
  let started = 0;
  const walk = (at: number, reading: string[]): boolean => {
    if (++started > MAX_READINGS) return false;
    for (let i = at; i < literal.length; i++) {
      const text = literal[i] as string;
      const next = literal[i + 1];
      if (text === "--") {
        reading.push(...literal.slice(i));
        break;
      }
      const splits =
        next !== undefined &&
        /^-[^=]+$/.test(text) &&
        (flags === undefined || !flags.test(text) || /^(true|false)$/.test(next));
      if (splits && !walk(i + 2, [...reading, `${text}=${next}`])) return false;
      reading.push(text);
    }
    readings.push(reading);
    return readings.length <= MAX_READINGS;
  };
  return walk(0, []) ? readings : null;
}

/**
 * Whether a reading's options move a program's default place with `option` (`--kubeconfig`,
 * `--homedir`): the last one before `--` decides, and an empty value (`--kubeconfig=`,
 * `--homedir ''`) is the default place again (strace: kubectl writes ~/.kube/config, gpg
 * ~/.gnupg). A bare option is moved in this reading (the reading that takes the next word as
 * its value, an empty one too, is another). gpg takes an abbreviation (`--homed ''`, `--home`)
 * for the option: one is never taken to move the place, and one after the full name puts it
 * back to the default.
 */
function movedBy(reading: readonly string[], option: string): boolean {
  let moved = false;
  for (const text of reading) {
    if (text === "--") break;
    const name = /^--[^=]+/.exec(text)?.[0];
    if (name === undefined || !option.startsWith(name)) continue;
    moved = name === option && (text === option || text.length > option.length + 1);
  }
  return moved;
}

/**
 * A reading as the program sees its options: after the first `--` every word is an operand,
 * so a dash-led one there (`gpg --list-keys -- --homedir ./g`, `-- --version`: strace shows
 * ~/.gnupg created) is no option a table may take for one. A `--` taken as an option's value
 * is joined to it (`--comment=--`) and ends nothing.
 */
function optionsBeforeDashes(reading: readonly string[]): readonly string[] {
  const at = reading.indexOf("--");
  if (at < 0) return reading;
  return [...reading.slice(0, at + 1), ...reading.slice(at + 1).filter((t) => !t.startsWith("-"))];
}

/** The first literal operands (words not starting with `-`), up to `count`. */
function subcommands(literal: readonly string[], count: number): string {
  return literal
    .filter((text) => !text.startsWith("-"))
    .slice(0, count)
    .join(" ");
}

export const HOME_CONFIG_WRITERS: readonly HomeConfigWriter[] = [
  {
    names: ["kubectl", "oc"],
    writes: (literal) =>
      /^config (set|set-credentials|set-cluster|set-context|use-context|use|unset|delete-cluster|delete-context|delete-user|rename-context)$/.test(
        subcommands(literal, 2),
      ) &&
      // The last --kubeconfig decides; an empty one is the default file (strace).
      !movedBy(literal, "--kubeconfig")
        ? "~/.kube/config"
        : null,
    flags:
      /^--(embed-certs|insecure-skip-tls-verify|match-server-version|warnings-as-errors|disable-compression|set-raw-bytes|raw|minify|flatten|current|help)$|^-h$/,
    match: [
      ["kubectl config set-credentials u --exec-command=/repo/x", "/home/user/.kube/config"],
      ["kubectl -n x config set-credentials u --token=x", "/home/user/.kube/config"],
      ["kubectl --context x config use-context y", "/home/user/.kube/config"],
      ["kubectl config --kubeconfig= set-credentials u", "/home/user/.kube/config"],
      ["kubectl config set-credentials u --token --kubeconfig=x", "/home/user/.kube/config"],
    ],
    notMatch: [
      "kubectl config view",
      "kubectl get pods",
      "kubectl -n x config view",
      "kubectl --kubeconfig ./k config set-credentials u",
      "kubectl config set-credentials u --embed-certs --kubeconfig=./k",
    ],
  },
  {
    names: ["pip", "pip3", "pip2"],
    writes: (literal) => {
      // `cache purge` and `cache remove` delete the wheels and HTTP responses of the user's
      // cache.
      if (/^cache (purge|remove|rm)$/.test(subcommands(literal, 2))) {
        return literal.some((text) => /^--cache-dir(=|$)/.test(text)) ? null : "~/.cache/pip/";
      }
      if (!/^config (set|unset|edit)$/.test(subcommands(literal, 2))) return null;
      // --site writes the pip.conf of the running python's prefix (a venv's, or /usr's).
      if (literal.includes("--site"))
        return "$(python3 -c 'import sys; print(sys.prefix)')/pip.conf";
      return literal.includes("--global") ? "/etc/xdg/pip/pip.conf" : "~/.config/pip/pip.conf";
    },
    flags:
      /^(-[vqh]+|--(verbose|quiet|help|isolated|require-virtualenv|no-cache-dir|disable-pip-version-check|no-input|no-color|user|global|site|debug|no-python-version-warning))$/,
    match: [
      ["pip --timeout 5 config set global.index-url https://x", "/home/user/.config/pip/pip.conf"],
      ["pip3.11 config set global.x y", "/home/user/.config/pip/pip.conf"],
      ["python3 -Im pip config set global.x y", "/home/user/.config/pip/pip.conf"],
      ["pip config --editor vi set global.x y", "/home/user/.config/pip/pip.conf"],
      ["pip3 config set global.index-url http://x/", "/home/user/.config/pip/pip.conf"],
      ["python3 -m pip config set global.index-url x", "/home/user/.config/pip/pip.conf"],
      ["pip cache purge", "/home/user/.cache/pip"],
      ["pip3 cache remove 'numpy*'", "/home/user/.cache/pip"],
    ],
    notMatch: [
      ...["pip3 config list", "pip install -r requirements.txt", "pip cache dir"],
      ...["pip --timeout 5 config list", "pip cache purge --cache-dir ./c"],
      "pip -v cache purge --no-cache-dir --cache-dir ./c",
    ],
  },
  {
    // The GnuPG tools share gpg's home: each creates ~/.gnupg (keyboxes, the agent's socket
    // and private-keys-v1.d), and gpgtar runs gpg.
    names: [
      ...["gpg", "gpg2", "gpgsm", "gpg-agent", "gpgconf", "gpg-connect-agent", "dirmngr"],
      ...["dirmngr-client", "gpgtar", "gpg-card", "gpg-wks-client", "gpg-mail-tube", "gpg-zip"],
    ],
    writes: (literal) =>
      movedBy(literal, "--homedir") ||
      literal.some((text) => /^--(version|help|dump-options)(=|$)|^-h$/.test(text))
        ? null
        : "~/.gnupg/",
    flags:
      /^(-[aqvkKdescbn]+|--(batch|no-tty|yes|no|quiet|verbose|armou?r|with-colons|with-fingerprint|with-keygrip|with-subkey-fingerprints?|fingerprint|fixed-list-mode|no-default-keyring|no-permission-warning|list-keys|list-public-keys|list-secret-keys|list-sigs|check-sigs|list-packets|import|export|export-secret-keys|export-secret-subkeys|decrypt|encrypt|sign|clearsign|clear-sign|detach-sign|verify|symmetric|gen-key|generate-key|full-gen-key|full-generate-key|edit-key|delete-keys?|delete-secret-keys|refresh-keys|recv-keys|receive-keys|send-keys|search-keys|card-status|dry-run|textmode|always-trust|show-keys|daemon|server|list-dirs|list-components))$/,
    match: [
      ["gpg --list-keys", "/home/user/.gnupg"],
      ["gpg --comment --homedir --list-keys", "/home/user/.gnupg"],
      ["gpg --set-filename --homedir --list-keys", "/home/user/.gnupg"],
      ["gpgsm --list-keys", "/home/user/.gnupg"],
      ["gpg-agent --daemon", "/home/user/.gnupg"],
      ["gpgtar --list-archive x.tar", "/home/user/.gnupg"],
      ["gpg-zip --list-archive x.gpg", "/home/user/.gnupg"],
    ],
    notMatch: [
      ...["gpg --version", "gpg --homedir ./g --list-keys", "gpgsm --homedir g -k"],
      "gpg --batch --no-tty --homedir ./g --import k.asc",
    ],
  },
  {
    // gpgcompose opens gpg's home before it reads a word, --help included (strace).
    names: ["gpgcompose"],
    writes: () => "~/.gnupg/",
    match: [["gpgcompose --help", "/home/user/.gnupg"]],
    notMatch: [],
  },
  {
    // gsettings writes the user's dconf database (the dconf service keeps it under ~/.config;
    // without one, gsettings writes ~/.cache/dconf itself).
    names: ["gsettings", "dconf"],
    writes: (literal) =>
      /^(set|reset|reset-recursively|write|load|update|compile)$/.test(subcommands(literal, 1))
        ? "~/.cache/dconf/"
        : null,
    match: [
      ["gsettings set org.gnome.desktop.interface clock-format 12h", "/home/user/.cache/dconf"],
    ],
    notMatch: ["gsettings get org.gnome.desktop.interface clock-format", "dconf read /x"],
  },
  {
    // argcomplete's global activation installs a completion script every later bash sources.
    names: ["activate-global-python-argcomplete", "activate-global-python-argcomplete3"],
    writes: (literal) => {
      if (literal.some((text) => /^--dest(=|$)|^-h$|^--help$/.test(text))) return null;
      return literal.includes("--user") ? "~/.bash_completion.d/" : "/etc/bash_completion.d/";
    },
    match: [["activate-global-python-argcomplete --user", "/home/user/.bash_completion.d"]],
    notMatch: [
      "activate-global-python-argcomplete --dest ./c",
      "activate-global-python-argcomplete -h",
    ],
  },
  {
    // The Cloud SDK's bq and gsutil create gcloud's configuration folder when they start.
    names: ["bq", "gsutil"],
    writes: (literal) =>
      literal.some((text) => /^(--?version|--help|-h|version|help)$/.test(text))
        ? null
        : "~/.config/gcloud/",
    match: [
      ["bq init", "/home/user/.config/gcloud"],
      ["gsutil config", "/home/user/.config/gcloud"],
    ],
    notMatch: ["gsutil version", "bq --help"],
  },
  {
    // xauth edits ~/.Xauthority (beside it its lock files, ~/.Xauthority-c, -l, -n) unless -f
    // names another file.
    names: ["xauth"],
    writes: (literal) =>
      literal.some((text) => /^-[a-zA-Z]*f/.test(text)) ||
      /^(list|nlist|info|version|help|\?)?$/.test(subcommands(literal, 1))
        ? null
        : "~/.Xauthority",
    match: [["xauth add :0 . 00", "/home/user/.Xauthority"]],
    notMatch: ["xauth list", "xauth -f x add :0 . 00"],
  },
  {
    names: ["gio"],
    // `gio mime TYPE HANDLER` sets the default handler in ~/.config/mimeapps.list (strace);
    // `gio set` keeps a file's attributes in the metadata store.
    writes: (literal) => {
      const sub = subcommands(literal, 1);
      if (sub === "trash") return "~/.local/share/Trash/";
      if (sub === "mime")
        return subcommands(literal, 3).split(" ").length > 2 ? "~/.config/mimeapps.list" : null;
      return sub === "set" ? "~/.local/share/gvfs-metadata/" : null;
    },
    match: [
      ["gio trash README.md", "/home/user/.local/share/Trash"],
      ["gio mime text/plain vim.desktop", "/home/user/.config/mimeapps.list"],
    ],
    notMatch: ["gio info x", "gio mime text/plain"],
  },
  {
    names: ["xdg-mime"],
    writes: (literal) =>
      /^(default|install|uninstall)$/.test(subcommands(literal, 1))
        ? "~/.config/mimeapps.list"
        : null,
    match: [["xdg-mime default vim.desktop text/plain", "/home/user/.config/mimeapps.list"]],
    notMatch: ["xdg-mime query default text/plain"],
  },
  {
    // fc-cache writes the user's font cache (and, as root or with -s, the system's), and so
    // do the font queries that load the configuration first (S33 fontconfig-home-cache,
    // traced: `fc-list` and `fc-match sans` wrote ~/.cache/fontconfig/*.cache-8).
    names: ["fc-cache", "fc-list", "fc-match"],
    writes: (literal) =>
      literal.some((text) => USAGE_ONLY.test(text))
        ? null
        : literal.some((text) => /^(-[a-zA-Z]*s|--system-only)$/.test(text))
          ? "/var/cache/fontconfig/"
          : "~/.cache/fontconfig/",
    match: [
      ["fc-cache -f", "/home/user/.cache/fontconfig"],
      ["fc-cache", "/home/user/.cache/fontconfig"],
      ["fc-list", "/home/user/.cache/fontconfig"],
      ["fc-list : family", "/home/user/.cache/fontconfig"],
      ["fc-match sans", "/home/user/.cache/fontconfig"],
    ],
    notMatch: ["fc-cache --version", "fc-list --help", "fc-match -V"],
  },
  {
    // keytool's default keystore is ~/.keystore: the commands that change a keystore write it
    // unless -keystore (or -destkeystore for -importkeystore) names another.
    names: ["keytool"],
    writes: (literal) => {
      const change = literal.find((text) =>
        /^-(genkeypair|genkey|genseckey|importcert|import|importpass|importkeystore|delete|changealias|keypasswd|storepasswd|keyclone|selfcert)$/.test(
          text,
        ),
      );
      if (change === undefined) return null;
      const moved = change === "-importkeystore" ? "-destkeystore" : "-keystore";
      return literal.some((text) => text === moved || text.startsWith(`${moved}=`)) ||
        literal.includes("-cacerts")
        ? null
        : "~/.keystore";
    },
    match: [
      [
        "keytool -genkeypair -alias x -dname CN=x -keyalg RSA -storepass 123456",
        "/home/user/.keystore",
      ],
      ["keytool -delete -alias x -storepass 123456", "/home/user/.keystore"],
      [
        "keytool -importcert -noprompt -alias x -file c.pem -storepass 123456",
        "/home/user/.keystore",
      ],
    ],
    notMatch: ["keytool -list -keystore ./k", "keytool -delete -alias x -keystore ./k"],
  },
  {
    names: ["scalar"],
    writes: (literal) =>
      /^(register|unregister|reconfigure|clone|delete|run)$/.test(subcommands(literal, 1))
        ? "~/.gitconfig"
        : null,
    match: [
      ["scalar register", "/home/user/.gitconfig"],
      ["scalar -C /repo register", "/home/user/.gitconfig"],
      ["scalar -c x.y=z run all", "/home/user/.gitconfig"],
    ],
    notMatch: ["scalar list", "scalar version"],
  },
  {
    names: ["npm", "pnpm", "yarn"],
    writes: (literal) => {
      // `cache clean` (its aliases, and `verify`, which collects garbage) deletes from the
      // user's package cache; `--cache DIR` puts it elsewhere (a path of its own).
      // pnpm's content-addressed store (`store prune`) is shared by every project.
      if (subcommands(literal, 2) === "store prune") return "~/.local/share/pnpm/store/";
      if (/^cache (clean|clear|rm|verify)$/.test(subcommands(literal, 2))) {
        return literal.some((text) => /^--cache(=|$)/.test(text)) ? null : "~/.npm/";
      }
      return /^(login|adduser|add-user|logout)$/.test(subcommands(literal, 1)) ? "~/.npmrc" : null;
    },
    flags: PACKAGE_MANAGER_FLAGS,
    match: [
      ["npm --loglevel silent cache clean --force", "/home/user/.npm"],
      ["npm login", "/home/user/.npmrc"],
      ["npm cache clean --force", "/home/user/.npm"],
      ["npm cache verify", "/home/user/.npm"],
      ["pnpm store prune", "/home/user/.local/share/pnpm/store"],
    ],
    notMatch: ["npm whoami", "npm cache ls", "npm cache clean --force --cache ./c"],
  },
  {
    names: ["gh"],
    writes: (literal) => {
      const sub = subcommands(literal, 2);
      if (/^auth setup-git$/.test(sub)) return "~/.gitconfig";
      if (/^auth (login|logout|refresh|switch|token)$/.test(sub) && sub !== "auth token") {
        return "~/.config/gh/";
      }
      return /^(config (set|clear-cache)|alias (set|delete|import)|(extension|ext) (install|remove|upgrade))$/.test(
        sub,
      )
        ? "~/.config/gh/"
        : null;
    },
    match: [
      ["gh auth login --with-token", "/home/user/.config/gh"],
      ["gh auth setup-git", "/home/user/.gitconfig"],
    ],
    notMatch: ["gh auth status", "gh pr list"],
  },
  {
    // gcloud (and the credential helper that runs it) creates its configuration folder and
    // writes there on every start, `--version` and `--help` included (strace).
    names: ["gcloud", "docker-credential-gcloud"],
    writes: () => "~/.config/gcloud/",
    match: [
      ["gcloud config set core/project x", "/home/user/.config/gcloud"],
      ["gcloud --version", "/home/user/.config/gcloud"],
      ["docker-credential-gcloud list", "/home/user/.config/gcloud"],
    ],
    notMatch: [],
  },
  {
    // lesskey compiles to ~/.less unless -o/--output names the file (strace).
    names: ["lesskey"],
    writes: (literal) =>
      literal.some((text) => /^-[a-zA-Z]*o|^--output(=|$)|^-V$|^--version$|^--help$/.test(text))
        ? null
        : "~/.less",
    match: [["lesskey /dev/null", "/home/user/.less"]],
    notMatch: ["lesskey -o ./k /dev/null", "lesskey --output=./k x", "lesskey -V"],
  },
  {
    // cpan writes its first configuration, ~/.cpan/CPAN/MyConfig.pm, on any start but -h.
    names: ["cpan"],
    writes: (literal) => (literal.some((text) => /^-h$/.test(text)) ? null : "~/.cpan/"),
    match: [
      ["cpan -l", "/home/user/.cpan"],
      ["cpan -v", "/home/user/.cpan"],
    ],
    notMatch: ["cpan -h"],
  },
  {
    // The JDK's preferences store (~/.java/.userPrefs) is written when jshell starts, --help
    // and --version included.
    names: ["jshell"],
    writes: () => "~/.java/",
    match: [["jshell --version", "/home/user/.java"]],
    notMatch: [],
  },
  {
    names: ["docker", "podman"],
    // docker trust keeps its signing keys and TUF metadata in ~/.docker/trust (private keys
    // under trust/private): generating, loading or adding a key and signing write there.
    writes: (literal) =>
      /^(login|logout|context (create|use|rm|remove|update|import)|trust (key|signer|sign|revoke)( (generate|load|add|remove))?)$/.test(
        subcommands(
          literal,
          /^trust key|^trust signer/.test(subcommands(literal, 2))
            ? 3
            : /^(context|trust)\b/.test(subcommands(literal, 1))
              ? 2
              : 1,
        ),
      )
        ? "~/.docker/"
        : null,
    match: [
      ["docker login -u x", "/home/user/.docker"],
      ["docker context create x", "/home/user/.docker"],
      ["docker trust key generate me", "/home/user/.docker"],
      ["docker trust key load key.pem --name me", "/home/user/.docker"],
      ["docker trust signer add --key me.pub me repo/img", "/home/user/.docker"],
      ["docker trust sign repo/img:1", "/home/user/.docker"],
    ],
    notMatch: ["docker ps", "docker context ls", "docker trust inspect repo/img"],
  },
  {
    names: ["aws"],
    writes: (literal) =>
      /^configure( (set|import|sso))?$/.test(subcommands(literal, 2)) ||
      /^sso login$/.test(subcommands(literal, 2))
        ? "~/.aws/"
        : null,
    match: [["aws configure set region x", "/home/user/.aws"]],
    notMatch: ["aws configure get region", "aws s3 ls"],
  },
  {
    names: ["ssh-keygen"],
    writes: (literal) => {
      if (literal.some((text) => /^-[a-zA-Z]*f/.test(text))) return null;
      if (literal.some((text) => /^-[a-zA-Z]*[RH]/.test(text))) return "~/.ssh/known_hosts";
      return literal.some((text) => /^-[a-zA-Z]*[lFyLQYeiD]/.test(text)) ? null : "~/.ssh/";
    },
    flags: /^-[ABceHhiKklLpqUuvy]+$/,
    match: [
      ["ssh-keygen -R github.com", "/home/user/.ssh/known_hosts"],
      ["ssh-keygen -t ed25519 -N ''", "/home/user/.ssh"],
      ["ssh-keygen -t ed25519 -C -f -N ''", "/home/user/.ssh"],
    ],
    notMatch: ["ssh-keygen -l -f k.pub", "ssh-keygen -t ed25519 -f ./k -N ''"],
  },
  {
    names: ["go"],
    writes: (literal) => {
      const sub = subcommands(literal, 1);
      if (sub === "env")
        return literal.some((text) => /^-[wu]$/.test(text)) ? "~/.config/go/env" : null;
      // `go clean -modcache` deletes the module cache, `-cache`/`-fuzzcache` the build cache.
      if (sub === "clean") {
        if (literal.some((text) => /^--?modcache$/.test(text))) return "~/go/pkg/mod/";
        return literal.some((text) => /^--?(fuzz)?cache$/.test(text)) ? "~/.cache/go-build/" : null;
      }
      return sub === "install" ? "~/go/bin/" : null;
    },
    match: [
      ["go env -w GOFLAGS=-mod=mod", "/home/user/.config/go/env"],
      ["go install example.com/x@latest", "/home/user/go/bin"],
      ["go clean -modcache", "/home/user/go/pkg/mod"],
      ["go clean -cache", "/home/user/.cache/go-build"],
    ],
    notMatch: ["go env GOPATH", "go build ./..."],
  },
  {
    names: ["cargo"],
    writes: (literal) => {
      const sub = subcommands(literal, 1);
      if (sub === "login" || sub === "logout") return "~/.cargo/credentials.toml";
      // `cargo uninstall` deletes the program and rewrites ~/.cargo/.crates.toml (host strace).
      return (sub === "install" || sub === "uninstall") &&
        !literal.some((text) => text.startsWith("--root"))
        ? "~/.cargo/"
        : null;
    },
    match: [
      ["cargo install ripgrep", "/home/user/.cargo"],
      ["cargo login", "/home/user/.cargo/credentials.toml"],
      ["cargo uninstall x", "/home/user/.cargo"],
    ],
    notMatch: ["cargo build", "cargo install --root ./t x"],
  },
  {
    names: ["pipx", "uv"],
    writes: (literal) => {
      // uv's cache (`cache clean`, `cache prune`) is ~/.cache/uv.
      if (/^cache (clean|prune)$/.test(subcommands(literal, 2))) return "~/.cache/uv/";
      return /^(install|inject|uninject|upgrade|upgrade-all|reinstall|reinstall-all|uninstall|uninstall-all|ensurepath|tool install|tool upgrade|tool uninstall)$/.test(
        subcommands(literal, literal.includes("tool") ? 2 : 1),
      )
        ? "~/.local/"
        : null;
    },
    match: [
      ["pipx install black", "/home/user/.local"],
      ["uv tool install ruff", "/home/user/.local"],
      ["uv cache clean", "/home/user/.cache/uv"],
      ["pipx uninstall black", "/home/user/.local"],
    ],
    notMatch: ["pipx list", "uv sync"],
  },
  {
    names: ["conda", "mamba", "micromamba"],
    writes: (literal) =>
      // `clean` deletes the package cache of the user's installation.
      subcommands(literal, 1) === "clean" &&
      !literal.some((text) => /^(-d|--dry-run|-h|--help)$/.test(text))
        ? "~/.conda/"
        : subcommands(literal, 1) === "config" &&
            literal.some((text) => /^--(set|add|append|prepend|remove|remove-key)$/.test(text)) &&
            !literal.some((text) => /^--(file|env|system)(=|$)/.test(text))
          ? "~/.condarc"
          : null,
    match: [
      ["conda config --add channels x", "/home/user/.condarc"],
      ["conda clean -a", "/home/user/.conda"],
    ],
    notMatch: ["conda config --show", "conda list"],
  },
  {
    names: ["gem"],
    writes: (literal) =>
      subcommands(literal, 1) === "sources" &&
      literal.some((text) => /^(-[ar]|--add|--remove)$/.test(text))
        ? "~/.gemrc"
        : null,
    match: [["gem sources -a http://x/", "/home/user/.gemrc"]],
    notMatch: ["gem list", "gem sources"],
  },
  {
    // bun's global packages and their programs live in ~/.bun (install/global, bin).
    names: ["bun"],
    writes: (literal) =>
      /^pm cache (rm|clean)$/.test(subcommands(literal, 3))
        ? "~/.bun/install/cache/"
        : /^(add|a|install|i|update|link)$/.test(subcommands(literal, 1)) &&
            literal.some((text) => text === "--global" || /^-[a-zA-Z]*g/.test(text))
          ? "~/.bun/"
          : null,
    match: [
      ["bun add -g x", "/home/user/.bun"],
      ["bun install --global x", "/home/user/.bun"],
      ["bun pm cache rm", "/home/user/.bun/install/cache"],
    ],
    notMatch: ["bun add x", "bun install"],
  },
  {
    // rustup keeps its toolchains and settings (the default one, overrides) in ~/.rustup.
    names: ["rustup"],
    writes: (literal) => {
      const sub = subcommands(literal, 1);
      const action = subcommands(literal, 2).split(" ")[1] ?? "";
      if (/^(update|install|uninstall|upgrade)$/.test(sub)) return "~/.rustup/";
      // `rustup default` alone prints it; `toolchain list` and the like only read.
      if (/^(default|toolchain|target|component|override|set|self)$/.test(sub))
        return action === "" || action === "list" ? null : "~/.rustup/";
      return null;
    },
    match: [
      ["rustup default nightly", "/home/user/.rustup"],
      ["rustup toolchain install stable", "/home/user/.rustup"],
      ["rustup target add wasm32-unknown-unknown", "/home/user/.rustup"],
    ],
    notMatch: ["rustup default", "rustup show", "rustup toolchain list", "rustup target list"],
  },
  {
    names: ["bundle", "bundler"],
    writes: (literal) =>
      /^config (set|unset)$/.test(subcommands(literal, 2)) && literal.includes("--global")
        ? "~/.bundle/config"
        : null,
    match: [["bundle config set --global path x", "/home/user/.bundle/config"]],
    notMatch: ["bundle config set --local path vendor", "bundle install"],
  },
  {
    names: ["poetry"],
    writes: (literal) =>
      /^cache clear$/.test(subcommands(literal, 2))
        ? "~/.cache/pypoetry/"
        : subcommands(literal, 1) === "config" &&
            subcommands(literal, 2) !== "config" &&
            !literal.some((text) => /^--(local|list)$/.test(text))
          ? "~/.config/pypoetry/"
          : null,
    match: [
      ["poetry config repositories.x http://x/", "/home/user/.config/pypoetry"],
      ["poetry cache clear --all pypi", "/home/user/.cache/pypoetry"],
    ],
    notMatch: ["poetry config --list", "poetry install"],
  },
  {
    names: ["helm"],
    writes: (literal) =>
      /^(repo (add|remove|rm|update)|registry (login|logout))$/.test(subcommands(literal, 2))
        ? "~/.config/helm/"
        : /^plugin (install|uninstall|update)$/.test(subcommands(literal, 2))
          ? "~/.local/share/helm/"
          : null,
    match: [["helm repo add x https://x.example", "/home/user/.config/helm"]],
    notMatch: ["helm list", "helm repo list"],
  },
  {
    names: ["az"],
    writes: (literal) =>
      /^(login|logout|config (set|unset)|account set|extension add)/.test(subcommands(literal, 2))
        ? "~/.azure/"
        : null,
    match: [["az login", "/home/user/.azure"]],
    notMatch: ["az group list"],
  },
  {
    names: ["tic"],
    writes: (literal) =>
      literal.some((text) => /^-[a-zA-Z]*o/.test(text)) ? null : "~/.terminfo/",
    match: [["tic x.src", "/home/user/.terminfo"]],
    notMatch: ["tic -o ti x.src"],
  },
  {
    names: ["select-editor"],
    writes: (literal) =>
      literal.some((text) => /^-(h|-help)$/.test(text)) ? null : "~/.selected_editor",
    match: [["select-editor", "/home/user/.selected_editor"]],
    notMatch: ["select-editor --help"],
  },
  {
    names: ["xdg-user-dirs-update"],
    writes: (literal) =>
      literal.some((text) => text.startsWith("--dummy-output")) ? null : "~/.config/user-dirs.dirs",
    match: [["xdg-user-dirs-update --set DESKTOP /repo", "/home/user/.config/user-dirs.dirs"]],
    notMatch: ["xdg-user-dirs-update --dummy-output /tmp/x"],
  },
  {
    // crontab installs (a file, `-` for stdin), edits (-e) or removes (-r) the user's table,
    // kept in the spool, outside the home; -l only prints it.
    names: ["crontab"],
    writes: (literal) =>
      literal.some((text) => /^-[a-zA-Z]*[er]/.test(text) || !text.startsWith("-") || text === "-")
        ? "/var/spool/cron/crontabs/"
        : null,
    match: [["crontab -r", "/var/spool/cron/crontabs"]],
    notMatch: ["crontab -l"],
  },
  {
    // ipython's and jupyter's profiles and settings (host strace: `ipython profile create`
    // makes ~/.ipython/profile_default).
    names: ["ipython", "ipython3", "jupyter", "jupyter-notebook", "jupyter-lab"],
    writes: (literal) =>
      subcommands(literal, 1) === "profile" &&
      /^profile (create|locate)?$/.test(subcommands(literal, 2))
        ? "~/.ipython/"
        : literal.some((text) => text === "--generate-config")
          ? "~/.jupyter/"
          : null,
    match: [
      ["ipython profile create", "/home/user/.ipython"],
      ["jupyter notebook --generate-config", "/home/user/.jupyter"],
    ],
    notMatch: ["ipython -c 1", "jupyter --version"],
  },
  // Version managers' global choice and installs (host strace: `pyenv global 3.11` writes
  // ~/.pyenv/version).
  ...(
    [
      ["pyenv", "~/.pyenv/"],
      ["rbenv", "~/.rbenv/"],
      ["nodenv", "~/.nodenv/"],
      ["goenv", "~/.goenv/"],
      ["asdf", "~/.asdf/"],
      ["mise", "~/.config/mise/"],
    ] as const
  ).map(
    ([name, home]): HomeConfigWriter => ({
      names: [name],
      writes: (literal) => {
        const sub = subcommands(literal, 1);
        const global = literal.some((text) => /^(-g|--global)$/.test(text));
        // asdf keeps the global choice in ~/.tool-versions.
        if (sub === "global" && subcommands(literal, 2) !== "global") {
          return name === "asdf" ? "~/.tool-versions" : home;
        }
        if (/^(install|uninstall|rehash|plugin|plugin-add|plugin-remove)$/.test(sub)) return home;
        return (sub === "use" || sub === "set") && global ? home : null;
      },
      match: [
        [
          `${name} global x`,
          name === "asdf" ? "/home/user/.tool-versions" : `/home/user/${home.slice(2, -1)}`,
        ],
      ],
      notMatch: [`${name} global`, `${name} versions`],
    }),
  ),
  {
    names: ["composer"],
    writes: (literal) =>
      subcommands(literal, 1) === "global" ||
      (subcommands(literal, 1) === "config" && literal.some((text) => /^(-g|--global)$/.test(text)))
        ? "~/.config/composer/"
        : null,
    match: [["composer config -g repo.x composer https://x", "/home/user/.config/composer"]],
    notMatch: ["composer install", "composer config repo.x composer https://x"],
  },
  {
    names: ["terraform", "tofu"],
    writes: (literal) =>
      /^(login|logout)$/.test(subcommands(literal, 1)) ? "~/.terraform.d/" : null,
    match: [["terraform login", "/home/user/.terraform.d"]],
    notMatch: ["terraform plan"],
  },
  {
    names: ["huggingface-cli", "hf"],
    writes: (literal) =>
      /^(login|logout)$/.test(subcommands(literal, 1)) ||
      /^auth (login|logout)$/.test(subcommands(literal, 2))
        ? "~/.cache/huggingface/"
        : null,
    match: [["huggingface-cli login", "/home/user/.cache/huggingface"]],
    notMatch: ["huggingface-cli whoami"],
  },
  {
    names: ["systemctl"],
    // Without --user the unit links and overrides are the system's (/etc/systemd/system).
    writes: (literal) =>
      /^(enable|disable|reenable|mask|unmask|link|edit|set-environment|unset-environment|import-environment|preset|preset-all|revert|add-wants|add-requires|set-default|set-property)$/.test(
        subcommands(literal, 1),
      ) && !literal.some((text) => USAGE_ONLY.test(text))
        ? literal.includes("--user")
          ? "~/.config/systemd/"
          : "/etc/systemd/system/"
        : null,
    match: [
      ["systemctl --user enable x.service", "/home/user/.config/systemd"],
      ["systemctl enable x", "/etc/systemd/system"],
    ],
    notMatch: ["systemctl --user status x", "systemctl status x"],
  },
];

/** A word that only asks a system tool for its usage or version. */
const USAGE_ONLY = /^(-h|--help|-V|--version|-\?|--usage)$/;

/** `path` unless a word only asks for usage, or a word matches `reads` (a mode that writes nothing). */
function unlessAsked(path: string, reads?: RegExp): (literal: readonly string[]) => string | null {
  return (literal) =>
    literal.some((text) => USAGE_ONLY.test(text) || reads?.test(text) === true) ? null : path;
}

/** `path` when a word matches `writes` (a mode that writes), and no word only asks for usage. */
function whenGiven(path: string, writes: RegExp): (literal: readonly string[]) => string | null {
  return (literal) =>
    literal.some((text) => writes.test(text)) && !literal.some((text) => USAGE_ONLY.test(text))
      ? path
      : null;
}

/**
 * Administration tools that write system files by default, with no path in their words: the
 * account databases, the linker, locale and time zone data, package databases, service links
 * (B22 system-writers; strace, as root: `useradd bob` opens /etc/.pwd.lock then /etc/passwd,
 * `ldconfig` /etc/ld.so.cache~, `faillog -r` /var/log/faillog read-write, `zic x.zi`
 * /usr/share/zoneinfo/…, `systemd-machine-id-setup` /etc/machine-id). The same shape as
 * {@link HOME_CONFIG_WRITERS} (and read through the same map): a folder ends in `/` and
 * stands for what is written below it. Audited against /usr/sbin and /usr/bin of Debian 12.
 */
export const SYSTEM_WRITERS: readonly HomeConfigWriter[] = [
  {
    // shadow-utils and Debian's adduser: /etc/passwd, shadow, group, gshadow and their locks.
    names: [
      ...["useradd", "adduser", "addgroup", "groupadd", "groupdel", "groupmod", "groupmems"],
      ...["usermod", "userdel", "deluser", "delgroup", "newusers", "chpasswd", "chgpasswd"],
      ...["pwconv", "pwunconv", "grpconv", "grpunconv", "gpasswd", "chfn", "chsh", "vipw"],
      ...["vigr", "cppw", "cpgr", "update-passwd", "shadowconfig", "chage", "passwd"],
      ...["pwck", "grpck"],
    ],
    // pwck/grpck -r only check, chage -l and passwd -S only print.
    writes: unlessAsked("/etc/", /^(-[a-zA-Z]*[rlS]|--(read-only|list|status))(=|$)/),
    match: [
      ["useradd bob", "/etc"],
      ["groupadd devs", "/etc"],
      ["usermod -c x root", "/etc"],
      ["pwconv", "/etc"],
      ["chpasswd", "/etc"],
      ["gpasswd -a root devs", "/etc"],
    ],
    notMatch: ["useradd --help", "chage -l root", "pwck -r", "passwd -S root"],
  },
  {
    names: ["ldconfig", "ldconfig.real"],
    writes: unlessAsked("/etc/ld.so.cache", /^(-[a-zA-Z]*p|--print-cache)$/),
    match: [["ldconfig", "/etc/ld.so.cache"]],
    notMatch: ["ldconfig -p", "ldconfig --help"],
  },
  {
    names: ["update-locale"],
    writes: unlessAsked("/etc/default/locale"),
    match: [["update-locale LANG=C", "/etc/default/locale"]],
    notMatch: ["update-locale --help"],
  },
  {
    names: ["localectl"],
    writes: (literal) => (/^set-/.test(subcommands(literal, 1)) ? "/etc/default/locale" : null),
    match: [["localectl set-locale LANG=C", "/etc/default/locale"]],
    notMatch: ["localectl status"],
  },
  {
    // The compiled locales: /usr/lib/locale/locale-archive (locale-gen rebuilds it).
    names: ["locale-gen", "localedef"],
    writes: unlessAsked("/usr/lib/locale/", /^--list-archive$/),
    match: [
      ["locale-gen", "/usr/lib/locale"],
      ["localedef -i en_US -f UTF-8 en_US.UTF-8", "/usr/lib/locale"],
    ],
    notMatch: ["localedef --list-archive", "locale-gen --help"],
  },
  {
    names: ["update-ca-certificates", "make-ssl-cert", "update-ca-trust"],
    writes: unlessAsked("/etc/ssl/"),
    match: [["update-ca-certificates", "/etc/ssl"]],
    notMatch: ["update-ca-certificates --help"],
  },
  {
    // The gconv module cache under the library folder (gconv-modules.cache).
    names: ["iconvconfig"],
    writes: unlessAsked("/usr/lib/", /^(-o|--output)(=|$)|^--nostdlib$/),
    match: [["iconvconfig", "/usr/lib"]],
    notMatch: ["iconvconfig -o ./c", "iconvconfig --help"],
  },
  {
    names: ["faillog"],
    // getopt_long takes any unique prefix of a long option (`--res`, `--lock`, `--m=3`); a
    // lone `--r` is ambiguous with `--root`.
    writes: whenGiven(
      "/var/log/faillog",
      /^(-[a-zA-Z]*[rlm]|--(re(s(e(t)?)?)?|l(o(c(k(-(s(e(c(s)?)?)?)?)?)?)?)?|m(a(x(i(m(u(m)?)?)?)?)?)?)(=|$))/,
    ),
    match: [
      ["faillog -r", "/var/log/faillog"],
      ["faillog --res -u root", "/var/log/faillog"],
      ["faillog --max=3 -u root", "/var/log/faillog"],
    ],
    notMatch: ["faillog -a", "faillog -u root"],
  },
  {
    names: ["lastlog"],
    // Unique prefixes too: `--c` is only `--clear`, `--s` only `--set`.
    writes: whenGiven("/var/log/lastlog", /^(-[a-zA-Z]*[CS]|--(c(l(e(a(r)?)?)?)?|s(e(t)?)?)$)/),
    match: [
      ["lastlog --clear -u root", "/var/log/lastlog"],
      ["lastlog --cle -u root", "/var/log/lastlog"],
    ],
    notMatch: ["lastlog", "lastlog -u root"],
  },
  {
    names: ["zic"],
    writes: unlessAsked("/usr/share/zoneinfo/", /^-d/),
    match: [["zic x.zi", "/usr/share/zoneinfo"]],
    notMatch: ["zic -d ./z x.zi", "zic --version"],
  },
  {
    names: ["systemd-machine-id-setup"],
    writes: unlessAsked("/etc/machine-id", /^--(root|image)(=|$)/),
    match: [["systemd-machine-id-setup", "/etc/machine-id"]],
    notMatch: ["systemd-machine-id-setup --help"],
  },
  {
    names: ["systemd-firstboot", "systemd-sysusers"],
    writes: unlessAsked("/etc/", /^--(root|image)(=|$)|^--(dry-run|cat-config|tldr)$/),
    match: [
      ["systemd-sysusers", "/etc"],
      ["systemd-firstboot --hostname=x", "/etc"],
    ],
    notMatch: ["systemd-sysusers --dry-run", "systemd-firstboot --help"],
  },
  {
    names: ["add-shell", "remove-shell", "update-shells"],
    writes: unlessAsked("/etc/shells"),
    // add-shell and remove-shell are opaque wrappers already (they run what they are given).
    match: [["update-shells", "/etc/shells"]],
    notMatch: ["update-shells --help"],
  },
  {
    names: ["update-alternatives", "alternatives", "update-java-alternatives"],
    writes: whenGiven(
      "/etc/alternatives/",
      /^(-[sa]|--(install|remove|remove-all|set|auto|config|all|set-selections|jre|jre-headless|plugin))$/,
    ),
    match: [
      ["update-alternatives --remove-all editor", "/etc/alternatives"],
      ["update-java-alternatives -s x", "/etc/alternatives"],
    ],
    notMatch: ["update-alternatives --display editor", "update-java-alternatives -l"],
  },
  {
    // The diversions and stat overrides databases; dpkg-divert with a file adds by default.
    names: ["dpkg-divert", "dpkg-statoverride", "dpkg-trigger"],
    writes: unlessAsked("/var/lib/dpkg/", /^--(list|listpackage|truename|check-supported)$/),
    match: [
      ["dpkg-divert --add /usr/bin/x", "/var/lib/dpkg"],
      ["dpkg-statoverride --add root root 755 /usr/bin/x", "/var/lib/dpkg"],
    ],
    notMatch: ["dpkg-divert --list", "dpkg-statoverride --list"],
  },
  {
    names: ["dpkg"],
    writes: whenGiven(
      "/var/lib/dpkg/",
      /^(-[a-zA-Z]*[iruP]|--(install|remove|purge|unpack|configure|triggers-only|clear-avail|update-avail|merge-avail|forget-old-unavail|set-selections|clear-selections|add-architecture|remove-architecture|record-avail))$/,
    ),
    // Its package actions run maintainer scripts: an opaque wrapper already (opaque.ts).
    match: [["dpkg --clear-avail", "/var/lib/dpkg"]],
    notMatch: ["dpkg -l", "dpkg -L jq", "dpkg --print-architecture"],
  },
  {
    names: ["dpkg-reconfigure", "dpkg-preconfigure"],
    writes: unlessAsked("/etc/"),
    match: [["dpkg-reconfigure tzdata", "/etc"]],
    notMatch: ["dpkg-reconfigure --help"],
  },
  {
    names: ["debconf-set-selections"],
    writes: unlessAsked("/var/cache/debconf/", /^(-c|--checkonly)(=|$)/),
    match: [["debconf-set-selections x", "/var/cache/debconf"]],
    notMatch: ["debconf-set-selections -c x"],
  },
  {
    // apt's package lists, states and archives; a simulation writes nothing.
    names: ["apt-get", "apt", "aptitude", "apt-mark"],
    writes: (literal) => {
      if (
        literal.some((text) =>
          /^(-[a-zA-Z]*s|--(simulate|dry-run|just-print|no-act|recon))$/.test(text),
        )
      )
        return null;
      const sub = subcommands(literal, 1);
      if (/^(clean|autoclean|auto-clean|distclean)$/.test(sub)) return "/var/cache/apt/";
      return /^(install|remove|purge|update|upgrade|dist-upgrade|full-upgrade|autoremove|auto-remove|autopurge|build-dep|satisfy|reinstall|markauto|unmarkauto|hold|unhold|auto|manual|minimize-manual|forbid-version|safe-upgrade|edit-sources|modernize-sources)$/.test(
        sub,
      )
        ? "/var/lib/apt/"
        : null;
    },
    flags:
      /^(-[a-zA-Z]*[yqfmudbV]|--(yes|assume-yes|assume-no|quiet|fix-broken|fix-missing|download-only|no-install-recommends|install-recommends|purge|auto-remove|autoremove|only-upgrade|allow-downgrades|reinstall|no-upgrade|force-yes|allow-unauthenticated|show-progress|allow-change-held-packages))$/,
    match: [
      ["apt-get remove -y jq", "/var/lib/apt"],
      ["apt-get clean", "/var/cache/apt"],
      ["apt-get update", "/var/lib/apt"],
      ["apt-mark hold jq", "/var/lib/apt"],
      ["apt -o Debug::x=1 install jq", "/var/lib/apt"],
    ],
    notMatch: [
      "apt-get -s install jq",
      "apt list --installed",
      "apt-cache policy jq",
      "apt show jq",
    ],
  },
  {
    names: ["apt-key"],
    writes: (literal) =>
      /^(add|del|adv|update|net-update)$/.test(subcommands(literal, 1)) ? "/etc/apt/" : null,
    match: [["apt-key add k.asc", "/etc/apt"]],
    notMatch: ["apt-key --help"],
  },
  {
    names: ["add-apt-repository", "apt-add-repository"],
    writes: unlessAsked("/etc/apt/"),
    match: [["apt-add-repository ppa:x/y", "/etc/apt"]],
    notMatch: ["add-apt-repository --help"],
  },
  {
    names: ["hostnamectl", "timedatectl"],
    writes: (literal) =>
      /^(set-hostname|hostname|set-icon-name|set-chassis|set-deployment|set-location|icon-name|chassis|deployment|location|set-timezone|set-local-rtc|set-ntp|timezone)$/.test(
        subcommands(literal, 1),
      ) && subcommands(literal, 2).includes(" ")
        ? "/etc/"
        : null,
    match: [
      ["hostnamectl set-hostname x", "/etc"],
      ["timedatectl set-timezone UTC", "/etc"],
    ],
    notMatch: ["hostnamectl", "timedatectl status", "hostnamectl hostname"],
  },
  {
    names: ["update-rc.d", "a2enmod", "a2dismod", "a2ensite", "a2dissite", "a2enconf", "a2disconf"],
    writes: unlessAsked("/etc/"),
    match: [
      ["update-rc.d x defaults", "/etc"],
      ["a2enmod rewrite", "/etc"],
    ],
    notMatch: ["update-rc.d --help"],
  },
  {
    names: ["journalctl"],
    writes: whenGiven(
      "/var/log/journal/",
      /^--(vacuum-size|vacuum-time|vacuum-files|rotate|flush|setup-keys|relinquish-var|smart-relinquish-var)(=|$)/,
    ),
    match: [["journalctl --vacuum-time=1s", "/var/log/journal"]],
    notMatch: ["journalctl -u x", "journalctl --disk-usage"],
  },
  {
    // Home folders made, or every user's GnuPG defaults.
    names: ["mkhomedir_helper", "addgnupghome", "applygnupgdefaults"],
    writes: unlessAsked("/home/"),
    match: [["mkhomedir_helper bob", "/home"]],
    notMatch: ["addgnupghome --help"],
  },
  {
    names: ["mandb"],
    writes: unlessAsked("/var/cache/man/", /^(-[a-zA-Z]*t|--test)$/),
    match: [["mandb", "/var/cache/man"]],
    notMatch: ["mandb --help", "mandb -t"],
  },
  {
    names: ["update-catalog", "install-sgmlcatalog", "update-xmlcatalog"],
    writes: unlessAsked("/etc/"),
    match: [
      ["update-catalog --add x y", "/etc"],
      ["update-xmlcatalog --add x", "/etc"],
    ],
    notMatch: ["update-catalog --help"],
  },
  {
    names: ["pam-auth-update", "newaliases"],
    writes: unlessAsked("/etc/"),
    match: [["pam-auth-update", "/etc"]],
    notMatch: ["pam-auth-update --help"],
  },
  {
    names: ["update-grub", "update-initramfs"],
    writes: unlessAsked("/boot/"),
    match: [["update-initramfs -u", "/boot"]],
    notMatch: ["update-grub --help"],
  },
  {
    names: ["pg_updatedicts"],
    writes: unlessAsked("/var/cache/postgresql/"),
    match: [["pg_updatedicts", "/var/cache/postgresql"]],
    notMatch: [],
  },
  {
    names: ["updatedb", "updatedb.mlocate", "updatedb.plocate"],
    writes: unlessAsked("/var/lib/", /^(-o|--output)(=|$)/),
    match: [["updatedb", "/var/lib"]],
    notMatch: ["updatedb -o ./db"],
  },
  {
    names: ["depmod"],
    writes: unlessAsked("/lib/modules/", /^(-n|--dry-run|--show)$/),
    match: [["depmod -a", "/lib/modules"]],
    notMatch: ["depmod -n"],
  },
  {
    // perl's enc2xs -C regenerates Encode::ConfigLocal beside Encode.pm in perl's library
    // (S25 system-writers, traced: /usr/lib/x86_64-linux-gnu/perl/5.36/Encode/ConfigLocal.pm);
    // Getopt::Std, so -C may sit in a cluster.
    names: ["enc2xs"],
    writes: whenGiven("/usr/", /^-[a-zA-Z]*C/),
    match: [
      ["enc2xs -C", "/usr"],
      ["enc2xs -QC", "/usr"],
    ],
    notMatch: ["enc2xs -M x x.ucm", "enc2xs -o x.c x.ucm"],
  },
  {
    // The host credential key /var/lib/systemd/credential.secret, made by `setup` and by an
    // encryption with the host key (S25 system-writers, traced: mkdir below /var).
    names: ["systemd-creds"],
    writes: whenGiven("/var/lib/systemd/", /^(setup|encrypt)$/),
    match: [
      ["systemd-creds setup", "/var/lib/systemd"],
      ["systemd-creds encrypt --name=x a b", "/var/lib/systemd"],
    ],
    notMatch: ["systemd-creds list", "systemd-creds has-tpm2"],
  },
  {
    // postgresql-common: a cluster's configuration under /etc/postgresql (and its data under
    // /var/lib/postgresql); pg_conftool's set/remove/edit rewrite the file (S25, traced:
    // postgresql.conf.new, `install -d /var/lib/postgresql/15`).
    names: ["pg_createcluster", "pg_dropcluster", "pg_renamecluster", "pg_upgradecluster"],
    writes: unlessAsked("/etc/postgresql/"),
    match: [["pg_createcluster 15 main", "/etc/postgresql"]],
    notMatch: ["pg_createcluster --help"],
  },
  {
    names: ["pg_conftool"],
    writes: whenGiven("/etc/postgresql/", /^(set|remove|edit)$/),
    match: [["pg_conftool 15 main set x y", "/etc/postgresql"]],
    notMatch: ["pg_conftool 15 main show all"],
  },
  {
    // Debian's record of enabled units, and logind's lingering users.
    names: ["deb-systemd-helper"],
    writes: whenGiven("/var/lib/systemd/", /^(enable|disable|purge|mask|unmask|update-state)$/),
    match: [["deb-systemd-helper enable x.service", "/var/lib/systemd"]],
    notMatch: ["deb-systemd-helper is-enabled x.service"],
  },
  {
    names: ["loginctl"],
    writes: whenGiven("/var/lib/systemd/", /^(enable-linger|disable-linger)$/),
    match: [["loginctl enable-linger", "/var/lib/systemd"]],
    notMatch: ["loginctl list-sessions"],
  },
  {
    names: ["hwclock"],
    writes: whenGiven("/etc/adjtime", /^(-[a-zA-Z]*[wa]|--(systohc|adjust|update-drift))$/),
    match: [["hwclock --systohc", "/etc/adjtime"]],
    notMatch: ["hwclock -r", "hwclock --show"],
  },
];

const HOME_CONFIG_BY_NAME: ReadonlyMap<string, HomeConfigWriter> = new Map(
  [...HOME_CONFIG_WRITERS, ...SYSTEM_WRITERS].flatMap((entry) =>
    entry.names.map((name) => [name, entry] as const),
  ),
);

/** Whether a table decides from this program's words what it writes under the home folder. */
export function writesHomeConfig(name: string): boolean {
  return homeConfigEntry(toolName(name) ?? name) !== undefined;
}

/** Whether python runs pip as a module (`python3 -m pip`, `-Im pip`, `-mpip`). */
export function pythonRunsPip(words: readonly Word[]): boolean {
  if (!/^(python|pypy)/.test(toolName(words[0]?.text ?? "") ?? "")) return false;
  return words.some((word, i) => {
    const attached = i > 0 ? PYTHON_MODULE.exec(word.text)?.[1] : undefined;
    if (attached === undefined) return false;
    const module = attached === "" ? words[i + 1]?.text : attached;
    return module !== undefined && /^pip(\.__main__)?$/.test(module);
  });
}

/** The table entry of a program name (Debian's versioned `pip3.11` is pip). */
function homeConfigEntry(name: string): HomeConfigWriter | undefined {
  return HOME_CONFIG_BY_NAME.get(/^pip[0-9]+(\.[0-9]+)*$/.test(name) ? "pip" : name);
}

/** python's short options that take no value, clustered before `-m` (`-Im pip`). */
const PYTHON_MODULE = /^-[bBdEhiIOPqRsSuv]*m(.*)$/;

/**
 * The variables that move a home-settings writer's default place (`GNUPGHOME=./g gpg`,
 * `KUBECONFIG=./k kubectl config set …`, `XDG_CONFIG_HOME=x pip config set …`,
 * `npm_config_cache=./c npm cache clean`: strace shows nothing written at home, the value's
 * place written instead). Only a literal value set on the command itself counts (its prefix
 * or a wrapper's): not an empty one, not an appended one, not one starting with `~`, not a
 * KUBECONFIG list.
 */
const SETTINGS_PLACE_VARIABLES: readonly {
  readonly name: string;
  readonly home: string;
  readonly place: (value: string) => string;
}[] = [
  { name: "GNUPGHOME", home: "~/.gnupg/", place: (value) => `${value}/` },
  { name: "KUBECONFIG", home: "~/.kube/config", place: (value) => value },
  {
    name: "XDG_CONFIG_HOME",
    home: "~/.config/pip/pip.conf",
    place: (value) => `${value}/pip/pip.conf`,
  },
  { name: "npm_config_cache", home: "~/.npm/", place: (value) => `${value}/` },
];

/** Where the command's own environment moves a home-settings writer's default `path`. */
function movedSettingsPlace(path: string, environment: readonly Assignment[]): string {
  const variable = SETTINGS_PLACE_VARIABLES.find((entry) => entry.home === path);
  if (variable === undefined) return path;
  const assignment = environment.findLast((entry) => entry.name === variable.name);
  if (assignment === undefined || assignment.append === true) return path;
  const value = assignment.value;
  if (!value.literal || value.text === "" || value.text.startsWith("~")) return path;
  if (variable.name === "KUBECONFIG" && value.text.includes(":")) return path;
  return variable.place(value.text.replace(/\/+$/, "") || "/");
}

/** The home files or folders this command writes by default, as path uses. */
function homeConfigWrites(
  name: string,
  words: readonly Word[],
  environment: readonly Assignment[] = [],
): PathUse[] {
  let entry = homeConfigEntry(name);
  let rest = words.slice(1);
  // `python3 -m pip config set …` (`-Im pip`, `-mpip`) is pip.
  if (entry === undefined && /^(python|pypy)/.test(name)) {
    const at = words.findIndex((word, i) => i > 0 && PYTHON_MODULE.test(word.text));
    const attached = words[at]?.text.match(PYTHON_MODULE)?.[1] ?? "";
    const module = attached === "" ? words[at + 1]?.text : attached;
    if (at > 0 && module !== undefined && /^pip(\.__main__)?$/.test(module)) {
      entry = HOME_CONFIG_BY_NAME.get("pip");
      rest = words.slice(attached === "" ? at + 2 : at + 1);
    }
  }
  if (entry === undefined) return [];
  const literal = rest.filter((word) => word.literal).map((word) => word.text);
  const readings = optionReadings(literal, entry.flags);
  // Too many ways to read the words: where it writes is not worked out.
  if (readings === null) {
    return [
      {
        word: wordFromText(`$(the home settings ${name} writes)`, { computed: true }),
        access: "write",
      },
    ];
  }
  const paths = new Set<string>();
  // Each reading as the program sees it (no option after `--`) and, for a program that might
  // take one there all the same, as written: both count.
  for (const reading of readings.flatMap((words) => [words, optionsBeforeDashes(words)])) {
    const path = entry.writes(reading);
    if (path !== null) paths.add(movedSettingsPlace(path, environment));
  }
  return [...paths].map((path) => {
    const tilde = path.startsWith("~");
    const computed = path.startsWith("$(");
    const use: PathUse = {
      word: wordFromText(path.replace(/\/$/, ""), { tilde, ...(computed ? { computed } : {}) }),
      access: "write",
      ...(tilde ? { home: true as const } : {}),
    };
    return path.endsWith("/") ? { ...use, below: true } : use;
  });
}

/**
 * The key ssh-keygen asks for when an operation on one key is given no `-f`: the prompt's
 * default, `~/.ssh/id_rsa`, is taken on an empty line (stdin fed, or a closed one), and `-l`
 * and `-e` also try its `.pub`. `-p` and `-c` rewrite it.
 */
function sshKeygenPrompted(words: readonly Word[]): PathUse[] {
  const literal = words.slice(1).map((word) => word.text);
  if (literal.some((text) => /^-[a-zA-Z]*f/.test(text))) return [];
  // -F finds a host in ~/.ssh/known_hosts, -R removes it, -H hashes the file in place.
  const hosts = literal.find((text) => /^-[a-zA-Z]*[FRH]/.test(text));
  if (hosts !== undefined) {
    return ["~/.ssh/known_hosts", "~/.ssh/known_hosts2"].map((path) => ({
      word: wordFromText(path, { tilde: true }),
      access: /^-[a-zA-Z]*[RH]/.test(hosts) ? ("read_write" as const) : ("read" as const),
      home: true as const,
    }));
  }
  const rewrites = literal.some((text) => /^-[a-zA-Z]*[pc]/.test(text));
  if (!rewrites && !literal.some((text) => /^-[a-zA-Z]*[yleiB]/.test(text))) return [];
  const access = rewrites ? ("read_write" as const) : ("read" as const);
  return ["~/.ssh/id_rsa", "~/.ssh/id_rsa.pub"].map((path) => ({
    word: wordFromText(path, { tilde: true }),
    access,
    home: true as const,
  }));
}

/** The words after pip's own name (`pip3.11 install x`, `python3 -m pip install x`), or null. */
function pipWords(words: readonly Word[]): readonly Word[] | null {
  const name = toolName(words[0]?.text ?? "") ?? "";
  if (/^pip[0-9.]*$/.test(name)) return words.slice(1);
  if (!/^python[0-9.]*$/.test(name)) return null;
  const at = words.findIndex((word) => word.text === "-m" || word.text === "-mpip");
  if (at <= 0) return null;
  if (words[at]?.text === "-mpip") return words.slice(at + 1);
  return words[at + 1]?.text === "pip" ? words.slice(at + 2) : null;
}

/** setuptools' commands that install into a site-packages folder (or a prefix given to them). */
const SETUP_PY_INSTALLS =
  /^(install|develop|easy_install|install_lib|install_scripts|install_data|install_headers|install_egg_info)$/;

/**
 * `python setup.py install` / `develop` (R24 setup-py-user, traced with setuptools 66): with
 * `--user` they write the user site below `~/.local` (the egg or egg-link and
 * easy-install.pth, which python runs at every start); without it the system site-packages
 * (`/usr/local/lib/python3.X/dist-packages`), or the `--prefix`/`--root`/`--home`/`--install-*`
 * folder: a folder the text does not show. A command word only known at run time may be one.
 */
function setupPyInstallPaths(name: string, words: readonly Word[]): PathUse[] {
  if (!/^python[0-9.]*$/.test(name)) return [];
  let i = 1;
  for (; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) return [];
    const text = word.text;
    if (text === "-" || !text.startsWith("-")) break;
    if (text === "--") {
      i++;
      break;
    }
    // `-c CODE` and `-m MODULE` run no script; `-W`/`-X` take the next word.
    if (/^-[a-zA-Z]*[cm]/.test(text)) return [];
    if (text === "-W" || text === "-X") i++;
  }
  const script = words[i];
  if (script === undefined || !script.literal || !/(^|\/)setup\.py$/.test(script.text)) return [];
  const rest = words.slice(i + 1);
  const installs = rest.some((w) => !w.literal || SETUP_PY_INSTALLS.test(w.text));
  if (!installs) return [];
  if (rest.some((w) => w.literal && /^--user(=|$)/.test(w.text))) {
    return [
      { word: wordFromText("~/.local", { tilde: true }), access: "write", home: true, below: true },
    ];
  }
  return [
    {
      word: wordFromText("$(python3 -c 'import site; print(site.getsitepackages()[0])')", {
        computed: true,
      }),
      access: "write",
    },
  ];
}

/** A value pip reads as true for a flag set in its environment (`PIP_USER=1`). */
const PIP_FALSE = /^(0|false|no|off|n|f)$/i;

/**
 * The user site `pip install --user` writes (`~/.local`, the Python user base), a folder
 * outside the project. pip reads the flag from its words or from `PIP_USER` in its
 * environment (`env`: the call's own assignments and what the string assigned before it);
 * a value the text does not show may be true.
 */
export function pipUserSiteUse(
  words: readonly Word[],
  env: readonly { readonly name: string; readonly value: Word | null }[] = [],
): PathUse | null {
  const rest = pipWords(words);
  if (rest === null) return null;
  const literal = rest.filter((word) => word.literal).map((word) => word.text);
  if (subcommands(literal, 1) !== "install") return null;
  const flagged = literal.includes("--user");
  const fromEnv = env.some(
    ({ name, value }) =>
      name === "PIP_USER" && (value === null || !value.literal || !PIP_FALSE.test(value.text)),
  );
  if (!flagged && !fromEnv) return null;
  return {
    word: wordFromText("~/.local", { tilde: true }),
    access: "write",
    home: true,
    below: true,
  };
}

function namedPaths(
  given: readonly Word[],
  placeholders: readonly string[],
  posix: boolean,
  environment: readonly Assignment[],
): PathUse[] {
  const uses = pathsAs(given, placeholders, posix, environment);
  const name = toolName(given[0]?.text ?? "");
  if (name === null || name === "") return uses;
  // A versioned, packaged or target-named spelling (`cpan5.36-x86_64-linux-gnu`, `pip3.11`,
  // `kubectl1.28`, `cargo-1.80`, `x86_64-linux-gnu-gcc`) is the program its tables know by
  // the stem: what the stem's reading opens counts too (a union, so never less than the name's
  // own reading).
  const stem = programStem(name);
  if (stem === name || stem === "") return uses;
  const seen = new Set(uses.map(useKey));
  const stemmed = pathsAs(
    [wordFromText(stem), ...given.slice(1)],
    placeholders,
    posix,
    environment,
  );
  // A stem no table knows (`bzip2` read as `bzip`) reads its operands as any unknown program
  // does: that reading adds nothing the tables say, only a needless write.
  const unknown = pathsAs(
    [wordFromText("pi-permission-unknown-program"), ...given.slice(1)],
    placeholders,
    posix,
    environment,
  );
  if (JSON.stringify(stemmed) === JSON.stringify(unknown)) return uses;
  for (const use of stemmed) {
    const key = useKey(use);
    if (seen.has(key)) continue;
    seen.add(key);
    uses.push(use);
  }
  return uses;
}

/** A path use's identity for merging two readings of one command. */
function useKey(use: PathUse): string {
  return JSON.stringify(use);
}

function pathsAs(
  given: readonly Word[],
  placeholders: readonly string[],
  posix: boolean,
  environment: readonly Assignment[],
): PathUse[] {
  // git run by a subcommand's dashed name (`git-clean -fdx`, an argv[0] git dispatches on)
  // opens what that subcommand opens.
  const words = dashedGit(given) ?? given;
  const head = words[0];
  if (head === undefined) return [];
  const name = toolName(head.text) ?? "";
  const home = homeConfigWrites(name, words, environment);
  const userSite = pipUserSiteUse(words);
  const uses = programPaths(name, words, placeholders, posix);
  // A backup suffix the environment gives (SIMPLE_BACKUP_SUFFIX=nv cp -b README.md .e).
  uses.push(...environmentBackups(uses, environment));
  if (MAGICK.test(name)) uses.push(...magickPaths(words));
  if (name === "bind") uses.push(...bindPaths(words));
  if (expandsResponseFiles(name)) uses.push(...responseFiles(words));
  if (DEBIAN_BUILDERS.test(name)) uses.push(...debianParentWrites(name, words));
  if (userSite !== null) uses.push(userSite);
  uses.push(...setupPyInstallPaths(name, words));
  // A value the program expands itself (`npm --prefix '~/x'`, `pip --log '~/l'`).
  uses.push(...ownExpandedUses(words));
  uses.push(...extractedFolders(name, words));
  uses.push(...headerNamedOutputs(name, words, environment));
  uses.push(...optionVariableOutputs(name, words, environment));
  uses.push(...environmentOptionUses(name, words, placeholders, posix, environment));
  if (name === "ssh-keygen") uses.push(...sshKeygenPrompted(words));
  // Without -i, ssh-copy-id copies the newest ~/.ssh/id*.pub (its script lists them).
  if (name === "ssh-copy-id" && !words.slice(1).some((word) => /^-[a-zA-Z]*i/.test(word.text))) {
    uses.push({
      word: wordFromText("~/.ssh/id*.pub", { glob: true, tilde: true }),
      access: "read",
    });
  }
  return [...uses, ...home];
}

/** Programs whose `-N`/`--name` writes the name stored in the packed file's header. */
const NAME_RESTORERS = /^(gzip|gunzip|uncompress|pigz|unpigz|lzop)$/;

/**
 * What a decompressor writes under `-N`/`--name`: the file name stored in the packed file's
 * header, not the operand's name (R22 gzip-name, traced: a gzip whose header named y, then
 * `gunzip -N x.gz` wrote /repo/y, and `bash y` ran it). The header's name is any file name
 * (its folder part dropped), so the write is to some file in each operand's folder: that
 * folder is written below. The option may come as a cluster (`-Nf`), a long option or any
 * unique prefix of it (`--na`), or from the options gzip reads from `GZIP` (pigz also
 * `PIGZ`, lzop `LZOP`) in the program's environment (an earlier export: walk.ts); a
 * computed or unknown value there may hold it.
 */
export function headerNamedOutputs(
  name: string,
  words: readonly Word[],
  environment: readonly { readonly name: string; readonly value: Word | null }[],
): PathUse[] {
  if (!NAME_RESTORERS.test(name)) return [];
  const args = words.slice(1);
  // A computed word may be any option or operand: derivedOutputs writes a computed file.
  if (args.some((word) => !word.literal)) return [];
  const carriers = /pigz$/.test(name) ? ["GZIP", "PIGZ"] : name === "lzop" ? ["LZOP"] : ["GZIP"];
  const fromEnvironment: string[] = [];
  for (const assignment of environment) {
    if (!carriers.includes(assignment.name)) continue;
    if (assignment.value === null || !assignment.value.literal) fromEnvironment.push("-N");
    else fromEnvironment.push(...assignment.value.text.split(/\s+/).filter((t) => t !== ""));
  }
  const options: string[] = [...fromEnvironment];
  const operands: Word[] = [];
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    const text = word.text;
    if (ended || !text.startsWith("-") || text === "-") {
      operands.push(word);
      continue;
    }
    if (text === "--") {
      ended = true;
      continue;
    }
    options.push(text);
    // -S SUFFIX (also closing a cluster) and --suffix SUFFIX take the next word.
    if (/^-[a-zA-Z0-9]*S$/.test(text) || /^--su(f(f(i(x)?)?)?)?$/.test(text)) i++;
  }
  const longIs = (text: string, option: string) => {
    const long = /^--([a-z-]+)$/.exec(text)?.[1];
    return long !== undefined && long.length >= 2 && option.startsWith(long);
  };
  const named = options.some(
    (text) => /^-[a-zA-Z0-9]*N/.test(text) || longIs(text, "name") || text === "--n",
  );
  if (!named) return [];
  const decompress =
    /^(gunzip|uncompress|unpigz)$/.test(name) ||
    options.some(
      (text) =>
        /^-[a-zA-Z0-9]*d/.test(text) ||
        longIs(text, "decompress") ||
        longIs(text, "uncompress") ||
        text === "--d" ||
        text === "--u",
    );
  if (!decompress || options.some((text) => packsToStdout(name, text))) return [];
  const uses: PathUse[] = [];
  for (const operand of operands) {
    if (operand.text === "" || operand.text === "-") continue;
    const slash = operand.text.lastIndexOf("/");
    const folder = slash === -1 ? "." : slash === 0 ? "/" : operand.text.slice(0, slash);
    uses.push({
      word: wordFromText(folder, { start: operand.start }),
      access: "write",
      below: true,
    });
  }
  return uses;
}

/** The variables each compressor reads more options from (their manuals). */
function optionVariables(name: string): readonly string[] {
  if (/^(bzip2|bunzip2)$/.test(name)) return ["BZIP2", "BZIP"];
  if (/^(lbzip2|lbunzip2)$/.test(name)) return ["LBZIP2", "BZIP2", "BZIP"];
  if (/^(xz|unxz|lzma|unlzma)$/.test(name)) return ["XZ_DEFAULTS", "XZ_OPT"];
  if (/^(pigz|unpigz)$/.test(name)) return ["GZIP", "PIGZ"];
  if (/^(gzip|gunzip|uncompress)$/.test(name)) return ["GZIP"];
  if (name === "lzop") return ["LZOP"];
  return [];
}

/**
 * What a compressor writes with the options it reads from its environment, before its own
 * words (R23 compressor-env-mode, traced under bash 5.2: `BZIP2=-d bzip2 y.bz2`, `BZIP=-d`,
 * `XZ_OPT=-d xz y.xz`, `XZ_DEFAULTS=-d`, through env or an earlier export, each decompressed
 * and wrote y): bzip2 reads `BZIP2` and `BZIP` (lbzip2 also `LBZIP2`), xz `XZ_DEFAULTS` and
 * `XZ_OPT`, pigz `GZIP` and `PIGZ`, lzop `LZOP`, gzip `GZIP`. The value's words are read as
 * options put first (`-d` makes a decompression, `-S`, `-c`, `-k` as on the command line); a
 * value only known at run time may be any option, so the output may be any file. bzip2 takes a
 * word that is no option as a file to pack too (its source appends the variable's words to its
 * arguments), and xz a list of names (`--files=l`). Only what the words alone do not give is
 * returned.
 */
export function optionVariableOutputs(
  name: string,
  words: readonly Word[],
  environment: readonly { readonly name: string; readonly value: Word | null }[],
): PathUse[] {
  const carriers = optionVariables(name);
  const head = words[0];
  if (carriers.length === 0 || head === undefined) return [];
  const added: Word[] = [];
  for (const assignment of environment) {
    if (!carriers.includes(assignment.name)) continue;
    const value = assignment.value;
    if (value === null || !value.literal) {
      added.push(wordFromText(`$${assignment.name}`, { computed: true }));
      continue;
    }
    for (const text of value.text.split(/\s+/)) {
      if (text !== "") added.push(wordFromText(text));
    }
  }
  if (added.length === 0) return [];
  const uses = derivedOutputs(name, [head, ...added, ...words.slice(1)]);
  // A list of names from the variable (`XZ_OPT=--files=l xz -d`): the files are unknown.
  const lister = LIST_READER_BY_NAME.get(name);
  if (lister?.lists([head, ...added]) === true) {
    for (const access of lister.access) {
      uses.push({ word: wordFromText("$(files named in the list)", { computed: true }), access });
    }
  }
  if (/^(bzip2|bunzip2)$/.test(name)) {
    for (const word of added) {
      if (word.literal && !word.text.startsWith("-")) uses.push({ word, access: "read_write" });
    }
  }
  const plain = new Set(derivedOutputs(name, words).map(useKey));
  return uses.filter((use) => !plain.has(useKey(use)));
}

/**
 * Programs that read more of their own options from variables, put before their words (GNU
 * tar's TAR_OPTIONS, Info-ZIP unzip's UNZIP and UNZIPOPT, zip's ZIPOPT and ZIP).
 */
const ENVIRONMENT_OPTIONS: readonly { names: RegExp; variables: readonly string[] }[] = [
  { names: /^(tar|gtar)$/, variables: ["TAR_OPTIONS"] },
  { names: /^unzip$/, variables: ["UNZIP", "UNZIPOPT"] },
  { names: /^zip$/, variables: ["ZIPOPT", "ZIP"] },
];

/**
 * What a program opens with the options it reads from its environment, judged as if they were
 * written on its command line (S27 options-env-file, traced: `TAR_OPTIONS=-P tar xf a.tar`
 * wrote a member to /home/user/.ssh as `tar -xPf` does, `UNZIP=-: unzip a.zip` wrote a `../`
 * member outside as `unzip -:`, `ZIPOPT=-@ zip a.zip` archived the names on stdin as `zip -@`).
 * The value's words go after the name (after tar's old-style letters, which tar reads first).
 * Only what the words alone do not give is returned; a computed value is judged in
 * injection.ts (optionFilePaths).
 */
function environmentOptionUses(
  name: string,
  words: readonly Word[],
  placeholders: readonly string[],
  posix: boolean,
  environment: readonly { readonly name: string; readonly value: Word | null }[],
): PathUse[] {
  const carriers = ENVIRONMENT_OPTIONS.find((entry) => entry.names.test(name))?.variables;
  const head = words[0];
  if (carriers === undefined || head === undefined) return [];
  const added: Word[] = [];
  for (const assignment of environment) {
    if (!carriers.includes(assignment.name)) continue;
    const value = assignment.value;
    if (value === null || !value.literal) continue;
    for (const text of value.text.split(/\s+/)) {
      if (text !== "") added.push(wordFromText(text, { tilde: text.startsWith("~") }));
    }
  }
  if (added.length === 0) return [];
  const first = words[1];
  const oldStyle =
    /^(tar|gtar)$/.test(name) && first !== undefined && /^[A-Za-z]+$/.test(first.text) ? 1 : 0;
  const given = [head, ...words.slice(1, 1 + oldStyle), ...added, ...words.slice(1 + oldStyle)];
  const reading = (all: readonly Word[]): PathUse[] => {
    const uses = programPaths(name, all, placeholders, posix);
    if (LIST_READER_BY_NAME.get(name)?.lists(all) === true) {
      uses.push({
        word: wordFromText("$(files named in the list)", { computed: true }),
        access: "read",
      });
    }
    return uses;
  };
  const plain = new Set(reading(words).map(useKey));
  return reading(given).filter((use) => !plain.has(useKey(use)));
}

/**
 * Extractors no file-command entry reads, with the folders they extract into: what they write
 * is whatever the archive holds, below that folder (B21 archive-extract, traced with an
 * archive holding `.git/config`: after `ptar -xf x.tar` or `dpkg-deb -x x.deb .`, `git status`
 * ran the member's core.fsmonitor). dpkg-deb's `-x`/`-X`/`-R` (and `dpkg -x`) take the
 * archive and then the folder; Archive::Tar's ptar, star, bsdcpio and unar extract into the
 * working directory unless told another (`-C`, `C=`, `-o`); unsquashfs into `-d`'s folder or
 * squashfs-root.
 */
function extractedFolders(name: string, words: readonly Word[]): PathUse[] {
  const args = words.slice(1);
  const texts = args.map((word) => (word.literal ? word.text : ""));
  const valuesAfter = (option: RegExp): Word[] =>
    args.flatMap((word, i) => {
      if (!word.literal) return [];
      const joined = /^(-[A-Za-z-]+|[A-Za-z]+)=(.+)$/.exec(word.text);
      if (joined && option.test(joined[1] as string)) {
        return [wordFromText(joined[2] as string, { start: word.start })];
      }
      const next = args[i + 1];
      return option.test(word.text) && next !== undefined ? [next] : [];
    });
  let folders: Word[] = [];
  if (name === "dpkg-deb" || name === "dpkg") {
    // dpkg hands -x/-X/-e (and -b, -c, -I, -f, --ctrl-tarfile, --fsys-tarfile) to dpkg-deb;
    // its own -R is --recursive (dpkg --help).
    const action =
      name === "dpkg"
        ? /^(-[A-Za-z]*[xXe][A-Za-z]*|--(v?extract|control))$/
        : /^(-[A-Za-z]*[xXRe][A-Za-z]*|--(v?extract|raw-extract|control))$/;
    const at = texts.findIndex((text) => action.test(text));
    if (at === -1) return [];
    // The archive, then the folder (dpkg-deb(1)); options may come between. `-e`/`--control`
    // extracts the control members into ./DEBIAN when no folder is given (R21 deb-control,
    // traced: `dpkg-deb -e x.deb` wrote DEBIAN/control).
    const control = /^(--control|-[A-Za-z]*e[A-Za-z]*)$/.test(texts[at] as string);
    const operands = args.slice(at + 1).filter((word) => !word.text.startsWith("-"));
    folders = operands.length > 1 ? operands.slice(1) : [wordFromText(control ? "DEBIAN" : ".")];
  } else if (name === "ptar" || name === "star") {
    const extracts =
      texts.some((text) => /^-[A-Za-z]*x/.test(text)) ||
      (name === "star" && /^x/.test(texts[0] ?? ""));
    if (!extracts) return [];
    folders = [wordFromText("."), ...valuesAfter(/^(-C|C)$/)];
  } else if (name === "bsdcpio") {
    if (!texts.some((text) => /^-[A-Za-z]*i/.test(text) || text === "--extract")) return [];
    folders = [wordFromText(".")];
  } else if (name === "unar") {
    folders = [wordFromText("."), ...valuesAfter(/^(-o|-output-directory|--output-directory)$/)];
  } else if (name === "unsquashfs") {
    if (texts.some((text) => /^-(l|ll|ls|lls|lc|llc|s|stat|i|info|h|help|v|version)$/.test(text))) {
      return [];
    }
    const given = valuesAfter(/^(-d|-dest)$/);
    folders = given.length > 0 ? given : [wordFromText("squashfs-root")];
  } else {
    folders = moreExtractedFolders(name, args);
  }
  return folders.map((word) => ({ word, access: "write" as const, below: true as const }));
}

/**
 * readline files `bind` reads besides its `-f` operand: a `$include FILE` line given as an
 * argument (readline expands `~` in it), and whatever a file read with `-f` includes, which
 * the text does not show.
 */
function bindPaths(words: readonly Word[]): PathUse[] {
  const uses: PathUse[] = [];
  for (const word of words.slice(1)) {
    // A word only known at run time may be a `$include` line or `-f` itself
    // (`a=('$include ~/.ssh/id_rsa'); bind "${a[0]}"`).
    if (!word.literal) {
      if (unknownValue(word)) {
        uses.push({
          word: wordFromText(`$(the files ${word.text} may name)`, { computed: true }),
          access: "read",
        });
      }
      continue;
    }
    const include = /^\s*\$include\s+(\S.*?)\s*$/i.exec(word.text);
    if (include !== null) {
      const file = include[1] as string;
      uses.push({ word: wordFromText(file, { tilde: file.startsWith("~") }), access: "read" });
    }
    if (/^-[a-zA-Z]*f/.test(word.text)) {
      uses.push({
        word: wordFromText("$(files an inputrc includes)", { computed: true }),
        access: "read",
      });
    }
  }
  return uses;
}

/**
 * Programs that read more arguments from an `@FILE` operand, by family: GNU binutils and GCC's
 * own tools (libiberty's `expandargv`), under any target prefix and version suffix
 * (`x86_64-linux-gnu-strings`, `strings-2.40`); every LLVM tool (`cl::ParseCommandLineOptions`
 * expands response files: `llvm-*` with any version suffix, and the ones named otherwise).
 */
const BINUTILS =
  /^(strings|nm|objdump|ar|as|ld|addr2line|c\+\+filt|elfedit|objcopy|strip|ranlib|gprof|gprofng|size|readelf|dwp|dlltool|dllwrap|windres|windmc|gcov|gcov-dump|gcov-tool|lto-dump|gcc-ar|gcc-nm|gcc-ranlib|collect2|llvm-[a-z0-9_+-]+|yaml2obj|obj2yaml|llc|opt|lli|bugpoint|dsymutil|sancov|sanstats|verify-uselistorder|FileCheck|not|count|split-file|mlir-[a-z0-9_-]+|clang-[a-z0-9_-]+|wasm-ld|ld\.lld|ld64\.lld|lld-link|lld|ld\.bfd|ld\.gold|gold)$/;

/** Whether a program reads more arguments from an `@FILE` operand (see {@link BINUTILS}). */
function expandsResponseFiles(name: string): boolean {
  if (BINUTILS.test(name)) return true;
  const stem = programStem(name);
  // `llvm-strings-14`, `x86_64-linux-gnu-strings`, `aarch64-linux-gnu-gcov-12`.
  return (stem !== name && BINUTILS.test(stem)) || BINUTILS.test(name.replace(/-[0-9.]+$/, ""));
}

/** Debian's package builders, which write their results beside the source tree. */
const DEBIAN_BUILDERS =
  /^(dpkg-buildpackage|debuild|dpkg-source|dpkg-genchanges|dpkg-genbuildinfo|gbp|git-buildpackage)$/;

/**
 * The files a Debian build writes into the folder above the source tree (`../x_1.0.dsc`,
 * `../x_1.0.tar.xz`, `../x_1.0_all.deb`, `../x_1.0_amd64.changes`, `../x_1.0_amd64.buildinfo`):
 * dpkg-buildpackage and debuild always, dpkg-source when it builds (`-b`, `--build`; the folder
 * it builds from is its last operand, `.` the working directory), dpkg-genchanges and
 * dpkg-genbuildinfo by default, gbp when it builds.
 */
function debianParentWrites(name: string, words: readonly Word[]): PathUse[] {
  const rest = words.slice(1);
  if (name === "gbp" && rest[0]?.text !== "buildpackage") return [];
  if (name !== "dpkg-source")
    return [{ word: wordFromText("../*", { glob: true }), access: "write" }];
  const build = rest.findIndex((word) => /^(-b|--build)$/.test(word.text));
  if (build === -1) return [];
  // The folder it builds from; its parent gets the results (a computed one: anywhere).
  const dir = rest.slice(build + 1).find((word) => !word.text.startsWith("-"));
  if (dir !== undefined && !dir.literal) {
    return [{ word: wordFromText(`${dir.text}/../*`, { computed: true }), access: "write" }];
  }
  const base = dir === undefined || dir.text === "." ? ".." : `${dir.text.replace(/\/+$/, "")}/..`;
  return [{ word: wordFromText(`${base}/*`, { glob: true }), access: "write" }];
}

/** A binutils `@FILE` operand: FILE is read, and the arguments in it name files unknown here. */
function responseFiles(words: readonly Word[]): PathUse[] {
  const uses: PathUse[] = [];
  for (const word of words.slice(1)) {
    if (!word.literal || !word.text.startsWith("@") || word.text.length < 2) continue;
    uses.push({ word: sliceWord(word, 1), access: "read" });
    // The arguments may name a file the program writes (`objcopy IN OUT`, `ar rc OUT`, `-o OUT`).
    uses.push({ word: wordFromText(word.text, { computed: true }), access: "read_write" });
  }
  return uses;
}

const MAGICK =
  /^(convert|magick|mogrify|composite|montage|identify|compare|stream|display|import|conjure)$/;

/**
 * ImageMagick reads and writes `FORMAT:path` (`text:/home/user/x`, `png:/tmp/y.png`) and
 * reads a list of file names from `@file`: the path after the prefix is a file it opens, and
 * the names in a list are unknown.
 */
function magickPaths(words: readonly Word[]): PathUse[] {
  const uses: PathUse[] = [];
  for (const word of words.slice(1)) {
    if (!word.literal) continue;
    if (word.text.startsWith("@") && word.text.length > 1) {
      uses.push({ word: sliceWord(word, 1), access: "read" });
      uses.push({ word: wordFromText(word.text, { computed: true }), access: "read_write" });
      continue;
    }
    const prefix = /^[A-Za-z0-9-]{2,}:(?!\/\/)/.exec(word.text);
    if (prefix === null || word.text.length === prefix[0].length) continue;
    // `label:@file` reads the text from the file.
    const at = word.text[prefix[0].length] === "@" ? 1 : 0;
    uses.push({ word: sliceWord(word, prefix[0].length + at), access: "read_write" });
  }
  return uses;
}

/** Compressors, whose `-d` decompresses, and the names that always decompress. */
const COMPRESSORS =
  /^(gzip|pigz|xz|lzma|bzip2|pbzip2|lbzip2|zstd|zstdmt|pzstd|lz4|lz4c|lzip|plzip|clzip|pdlzip|lzop|compress|brotli)$/;
const DECOMPRESSORS =
  /^(gunzip|unpigz|unxz|unlzma|bunzip2|pbunzip2|lbunzip2|unzstd|unlz4|lunzip|uncompress)$/;
/** What each compressor appends. */
const PACKED_SUFFIX: Readonly<Record<string, string>> = {
  gzip: ".gz",
  pigz: ".gz",
  xz: ".xz",
  lzma: ".lzma",
  bzip2: ".bz2",
  pbzip2: ".bz2",
  lbzip2: ".bz2",
  zstd: ".zst",
  zstdmt: ".zst",
  pzstd: ".zst",
  lz4: ".lz4",
  lz4c: ".lz4",
  lzip: ".lz",
  plzip: ".lz",
  clzip: ".lz",
  pdlzip: ".lz",
  lzop: ".lzo",
  compress: ".Z",
  brotli: ".br",
};

/**
 * How a decompressor names what it writes: the suffixes it is known to strip and what each
 * leaves (checked against gzip 1.12, bzip2 1.0.8, xz 5.4.1, zstd 1.5.4 and lz4 1.9.4; for the
 * others only the suffix every version strips), whether case counts, whether `-S`/`--suffix`
 * adds one, and what it writes for a name whose suffix it does not know: gzip looks for the
 * name with a suffix added and writes the name itself, bzip2 writes the name with `.out`
 * (R23 bzip2-out-name, traced). Any other program, and any case the table does not prove (a
 * suffix only its version may know, an `-S` suffix the name lacks), writes some name in the
 * input's folder (R23 zstd-suffix: zstd 1.5 also strips `.zstd` and makes `.tlz4` a `.tar`).
 */
interface Unpacking {
  readonly strips: Readonly<Record<string, string>>;
  readonly caseless: boolean;
  readonly otherwise: "name" | "out" | "folder";
  readonly suffixOption: boolean;
}

const GZIP_UNPACKING: Unpacking = {
  strips: { ".gz": "", ".z": "", "-gz": "", "-z": "", _z: "", ".tgz": ".tar", ".taz": ".tar" },
  caseless: true,
  otherwise: "name",
  suffixOption: true,
};

function unpackingOf(name: string): Unpacking {
  const only = (strips: Record<string, string>, suffixOption = false): Unpacking => ({
    strips,
    caseless: false,
    otherwise: "folder",
    suffixOption,
  });
  if (name === "gzip" || name === "gunzip") return GZIP_UNPACKING;
  if (name === "bzip2" || name === "bunzip2") {
    const strips = { ".bz2": "", ".bz": "", ".tbz2": ".tar", ".tbz": ".tar" };
    return { strips, caseless: false, otherwise: "out", suffixOption: false };
  }
  if (name === "xz" || name === "unxz") {
    return only({ ".xz": "", ".txz": ".tar", ".lzma": "", ".tlz": ".tar", ".lz": "" }, true);
  }
  if (name === "lzma" || name === "unlzma") return only({ ".lzma": "", ".tlz": ".tar" }, true);
  if (/^(zstd|unzstd|zstdmt)$/.test(name)) {
    return only({
      ...{ ".zst": "", ".zstd": "", ".tzst": ".tar", ".gz": "", ".tgz": ".tar", ".xz": "" },
      ...{ ".txz": ".tar", ".lzma": "", ".lz4": "", ".tlz4": ".tar" },
    });
  }
  if (name === "pzstd") return only({ ".zst": "" });
  if (/^(lz4|unlz4|lz4c)$/.test(name)) return only({ ".lz4": "" });
  if (/^(lzip|lunzip|plzip|clzip|pdlzip)$/.test(name)) return only({ ".lz": "", ".tlz": ".tar" });
  if (name === "lzop") return only({ ".lzo": "", ".tzo": ".tar" }, true);
  if (name === "brotli") return only({ ".br": "" }, true);
  if (name === "compress" || name === "uncompress") return only({ ".Z": "" });
  if (/b(un)?zip2$/.test(name)) return only({ ".bz2": "" });
  // pigz and unpigz: only the suffix every version strips.
  return only({ ".gz": "" }, true);
}

/**
 * The names a decompressor may write for the operand `text` (each one a candidate: every
 * suffix that matches is taken), or null when the name is not provable from the text: the
 * program writes some name in the operand's folder.
 */
function unpackedNames(name: string, text: string, custom: string | undefined): string[] | null {
  const unpacking = unpackingOf(name);
  const fold = (value: string) => (unpacking.caseless ? value.toLowerCase() : value);
  const compared = fold(text);
  const names = new Set<string>();
  const strip = (suffix: string, left: string) => {
    const folded = fold(suffix);
    if (compared.length <= folded.length || !compared.endsWith(folded)) return;
    const base = text.slice(0, text.length - suffix.length);
    if (!base.endsWith("/")) names.add(`${base}${left}`);
  };
  for (const [suffix, left] of Object.entries(unpacking.strips)) strip(suffix, left);
  if (custom !== undefined) {
    if (!unpacking.suffixOption || custom === "") return null;
    strip(custom, "");
    return names.size > 0 ? [...names] : null;
  }
  if (names.size > 0) return [...names];
  if (unpacking.otherwise === "name") return [text];
  if (unpacking.otherwise === "out") return [`${text}.out`];
  return null;
}

/** The folder an operand names its file in (`.` for a bare name). */
function folderOf(word: Word): Word {
  const slash = word.text.lastIndexOf("/");
  const folder = slash === -1 ? "." : slash === 0 ? "/" : word.text.slice(0, slash);
  return wordFromText(folder, { start: word.start });
}

/**
 * Archivers run as a python module or a cmake command: `python3 -m tarfile -e A [DIR]`
 * (`--extract`, or an abbreviation argparse takes) and `cmake -E tar x… A` extract every member
 * where its name says, `../` and a leading `/` kept (Python's tarfile filters nothing unless
 * `--filter data|tar` is given; cmake's libarchive call strips nothing), so a member may land
 * anywhere: the whole tree is written. `python3 -m zipfile -e A DIR` strips those and writes
 * below DIR. `-c`/`--create` (tarfile, zipfile) and `cmake -E tar c` write the archive and read
 * the files put in it.
 */
function moduleArchivePaths(name: string, words: readonly Word[]): PathUse[] {
  const everywhere: PathUse = { word: wordFromText("/"), access: "write", below: true };
  if (name === "cmake" || programStem(name) === "cmake") {
    const at = words.findIndex((word, i) => word.text === "-E" && words[i + 1]?.text === "tar");
    if (at === -1) return [];
    const args = words.slice(at + 2);
    const mode = args.find((word) => !word.literal || !/^--[a-z]/.test(word.text));
    if (mode === undefined) return [];
    if (!mode.literal) return [everywhere];
    const rest = args.slice(args.indexOf(mode) + 1).filter((word) => word.text !== "--");
    const uses: PathUse[] = [];
    for (const word of args) {
      const list = /^--files-from=(.+)$/s.exec(word.text);
      if (list !== null) uses.push({ word: sliceWord(word, 13), access: "read" });
    }
    const [archive, ...members] = rest;
    if (/x/.test(mode.text)) {
      if (archive !== undefined) uses.push({ word: archive, access: "read" });
      uses.push({ word: wordFromText("."), access: "write", below: true }, everywhere);
    } else if (/c/.test(mode.text)) {
      if (archive !== undefined) uses.push({ word: archive, access: "write" });
      uses.push(
        ...members.map((word) => ({ word, access: "read" as const, below: true as const })),
      );
    }
    return uses;
  }
  if (!/^(python|pypy)[0-9.]*$/.test(name) && !/^(python|pypy)$/.test(programStem(name))) {
    return [];
  }
  const at = words.findIndex(
    (word, i) =>
      /^-m(tarfile|zipfile|gzip)$/.test(word.text) ||
      (word.text === "-m" && /^(tarfile|zipfile|gzip)$/.test(words[i + 1]?.text ?? "")),
  );
  if (at === -1) return [];
  const module = words[at]?.text === "-m" ? words[at + 1]?.text : words[at]?.text.slice(2);
  const args = words.slice(at + (words[at]?.text === "-m" ? 2 : 1));
  if (args.some((word) => !word.literal)) return [everywhere];
  if (module === "gzip") return gzipModuleOutputs(args);
  // argparse: `-e`/`-c` also in a cluster after flags (`-ve`), `--extract`/`--create` by any
  // unique prefix.
  const flag = (short: string, long: string) => (word: Word) =>
    new RegExp(`^-[a-z]*${short}$`).test(word.text) ||
    (/^--[a-z]/.test(word.text) && long.startsWith(word.text.slice(2).split("=")[0] as string));
  const extract = args.findIndex(flag("e", "extract"));
  const create = args.findIndex(flag("c", "create"));
  const uses: PathUse[] = [];
  if (extract !== -1) {
    const operands = args.slice(extract + 1).filter((word) => !word.text.startsWith("-"));
    const [archive, folder] = operands;
    if (archive !== undefined) uses.push({ word: archive, access: "read" });
    uses.push({ word: folder ?? wordFromText("."), access: "write", below: true });
    const filtered = args.some(
      (word, i) =>
        /^--fi(l(t(er?)?)?)?=(data|tar)$/.test(word.text) ||
        (/^--fi(l(t(er?)?)?)?$/.test(word.text) && /^(data|tar)$/.test(args[i + 1]?.text ?? "")),
    );
    if (module === "tarfile" && !filtered) uses.push(everywhere);
  } else if (create !== -1) {
    const operands = args.slice(create + 1).filter((word) => !word.text.startsWith("-"));
    const [archive, ...members] = operands;
    if (archive !== undefined) uses.push({ word: archive, access: "write" });
    uses.push(...members.map((word) => ({ word, access: "read" as const, below: true as const })));
  }
  return uses;
}

/**
 * `python3 -m gzip [-d] FILE...` (Python's gzip module run as a program, traced: `-d y.gz`
 * wrote y and `bash y` ran it): FILE.gz for each FILE, or with `-d`/`--decompress` (argparse
 * takes `-dd` and any unique prefix, `--d`) FILE without its `.gz`; a name without one is
 * refused (traced: `-d y.GZ` wrote nothing).
 */
function gzipModuleOutputs(args: readonly Word[]): PathUse[] {
  const operands: Word[] = [];
  let decompress = false;
  let ended = false;
  for (const word of args) {
    const text = word.text;
    if (!ended && text === "--") ended = true;
    else if (
      !ended &&
      (/^-d+$/.test(text) || (/^--d[a-z]*$/.test(text) && "--decompress".startsWith(text)))
    ) {
      decompress = true;
    } else if (ended || !text.startsWith("-") || text === "-") operands.push(word);
  }
  return operands.flatMap((word) => {
    if (word.text === "-") return [];
    const file = decompress
      ? word.text.endsWith(".gz")
        ? word.text.slice(0, -3)
        : ""
      : `${word.text}.gz`;
    return file === "" ? [] : [{ word: wordFromText(file), access: "write" as const }];
  });
}

/**
 * The files a program writes under names it derives from its operands, which the words do not
 * show: a decompressor writes `x.sh` for `x.sh.gz`, a compressor `x.gz` for `x` (`-S .sh` makes
 * that `x.sh`), `split` and `csplit` write `PREFIX` followed by letters or digits. Code written
 * that way and then run (`gunzip x.sh.gz; bash x.sh`) is code the string wrote.
 */
function derivedOutputs(name: string, words: readonly Word[]): PathUse[] {
  // Every command nobody's table knows comes here: only these programs derive a name.
  if (!COMPRESSORS.test(name) && !DECOMPRESSORS.test(name) && !/^c?split$/.test(name)) return [];
  const args = words.slice(1);
  if (args.some((word) => !word.literal)) {
    // A computed word may be any option or operand: some file in the working directory.
    return [{ word: wordFromText("$DERIVED_OUTPUT", { computed: true }), access: "write" }];
  }
  const options: Word[] = [];
  const operands: Word[] = [];
  // Files and folders an option names for the output (`-o FILE`, `--output-dir-flat DIR`).
  const outputs: Word[] = [];
  const folders: Word[] = [];
  let suffix: string | undefined;
  const split = /^c?split$/.test(name);
  // Options whose value may stand apart (split's -a -b -C -l -n -t, csplit's -b -f -n).
  const valued = split ? /^-[abCflnt]$/ : /^$/;
  const zstd = /^(zstd|unzstd|zstdmt|pzstd)$/.test(name);
  const named = zstd || /^(lzip|lunzip|plzip|clzip|pdlzip|lzop|brotli)$/.test(name);
  const skipped = valueOptions(name);
  let ended = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i] as Word;
    const text = word.text;
    // After `--` every word is a file (traced: `gunzip -- -y.gz` wrote -y).
    if (ended || text === "--") {
      if (ended) operands.push(word);
      ended = true;
      continue;
    }
    if (text === "-S" || /^--su(f(f(i(x)?)?)?)?$/.test(text)) {
      suffix = args[++i]?.text;
      continue;
    }
    if (valued.test(text)) {
      options.push({ ...word, text: `${text}${args[++i]?.text ?? ""}` });
      continue;
    }
    // `-dS .bin`: a cluster ending in S takes the next word; `-dS.bin` has it attached.
    if (/^-[a-zA-Z0-9]*S$/.test(text)) {
      options.push(word);
      suffix = args[++i]?.text;
      continue;
    }
    // The output file: `-o FILE`, also ending a cluster or joined with `=` (traced:
    // `zstd -d x.zst -o=y` and `zstd -dfo y x.zst` wrote y), `--output[=]FILE`.
    if (named && (CLUSTER_TO_O.test(text) || text === "--output")) {
      options.push(word);
      const output = args[++i];
      if (output !== undefined) outputs.push(output);
      continue;
    }
    // Joined: zstd takes `-o=FILE` only (traced: `-oFILE` failed); the others `-oFILE` too,
    // and `-o=FILE` there may name `=FILE`.
    const joinedOutput = named ? (zstd ? ZSTD_JOINED_O : JOINED_O).exec(text)?.[1] : undefined;
    if (joinedOutput !== undefined) {
      options.push(word);
      outputs.push(sliceWord(word, text.length - joinedOutput.length));
      if (joinedOutput.startsWith("=") && joinedOutput.length > 1) {
        outputs.push(sliceWord(word, text.length - joinedOutput.length + 1));
      }
      continue;
    }
    // The output folder: zstd's --output-dir-flat and --output-dir-mirror (R23
    // zstd-output-dir, traced: `zstd -d x.zst --output-dir-flat d` wrote d/x), lzop's -p and
    // --path (a bare -p is the working directory, or takes the next word).
    const dir = zstd ? /^--output-dir-(?:flat|mirror)(=(.*))?$/s.exec(text) : null;
    if (dir) {
      const joined = dir[2];
      const folder =
        joined === undefined ? args[++i] : sliceWord(word, text.length - joined.length);
      if (folder !== undefined) folders.push(folder);
      continue;
    }
    const path = name === "lzop" ? LZOP_PATH.exec(text)?.[1] : undefined;
    if (path !== undefined) {
      options.push(word);
      if (path !== "") folders.push(sliceWord(word, text.length - path.length));
      else {
        folders.push(wordFromText("."));
        const next = args[i + 1];
        if (next !== undefined) folders.push(next);
      }
      continue;
    }
    // A value of another option (`xz -T 0`, `zstd -D dict`) names no packed file.
    if (skipped.test(text)) {
      options.push(word);
      i++;
      continue;
    }
    const attached = /^(?:-[a-zA-Z0-9]*S|--su(?:f(?:f(?:i(?:x)?)?)?)?=)(.+)$/.exec(text)?.[1];
    if (attached !== undefined) suffix = attached;
    if (text.startsWith("-") && text !== "-") options.push(word);
    else operands.push(word);
  }
  if (split) {
    // split FILE PREFIX, csplit FILE PATTERN... --prefix=P: every name starts with the prefix.
    const prefixOption = options.find((w) => /^(--prefix=|-f.)/.test(w.text))?.text;
    const prefix =
      name === "split"
        ? (operands[1]?.text ?? "x")
        : (prefixOption?.replace(/^(--prefix=|-f)/, "") ?? "xx");
    const escaped = prefix.replace(/[*?[\]\\]/g, "\\$&");
    return [{ word: wordFromText(`${escaped}*`, { glob: true }), access: "write" }];
  }
  const compressor = COMPRESSORS.test(name);
  // -c/--stdout writes standard output only; -t/-l test or list.
  if (options.some((w) => packsToStdout(name, w.text))) return [];
  const longIs = (text: string, option: string) => {
    const long = /^--([a-z-]+)$/.exec(text)?.[1];
    return long !== undefined && option.startsWith(long);
  };
  // -d in a cluster, --decompress or --uncompress, or a unique prefix (`xz --decomp`).
  // lzop's -x/--extract is -d -N -p: the header's name, in the working directory (lzop(1)).
  const extract =
    name === "lzop" &&
    options.some((w) => /^-[a-zA-Z0-9]*x/.test(w.text) || longIs(w.text, "extract"));
  if (extract) folders.push(wordFromText("."));
  const decompress =
    !compressor ||
    extract ||
    options.some(
      (w) =>
        /^-[a-zA-Z0-9]*d/.test(w.text) ||
        longIs(w.text, "decompress") ||
        longIs(w.text, "uncompress"),
    );
  // lz4 decompresses a `.lz4` operand unless told to compress (lz4(1)).
  const guesses =
    /^lz4c?$/.test(name) && !options.some((w) => /^-[a-zA-Z0-9]*z|^--compress$/.test(w.text));
  // lzip (before 1.22) appends .lz to an -o name when it compresses.
  const lzipped = !decompress && /^(lzip|plzip|clzip|pdlzip)$/.test(name);
  const out: PathUse[] = [
    ...outputs.map((word) => ({ word, access: "write" as const })),
    ...(lzipped
      ? outputs.map((word) => ({ word: wordFromText(`${word.text}.lz`), access: "write" as const }))
      : []),
    ...folders.map((word) => ({ word, access: "write" as const, below: true as const })),
  ];
  // -r: the operands are folders, and every packed file below is unpacked (or packed) there.
  if (options.some((w) => /^-[a-zA-Z0-9]*r|^--recursive$/.test(w.text))) {
    return [
      ...operands
        .filter((operand) => operand.text !== "-")
        .map((operand) => ({ word: operand, access: "write" as const, below: true as const })),
      ...out,
    ];
  }
  // lz4 (and lzop) take the output as a second operand: `lz4 -d x.lz4 x.sh`.
  if (/^(lz4|unlz4|lz4c|lzop)$/.test(name) && operands.length === 2) {
    out.push({ word: operands[1] as Word, access: "write" });
  }
  for (const operand of operands) {
    if (operand.text === "-" || operand.text === "") continue;
    const text = operand.text;
    const written: string[] = [];
    if (!decompress) written.push(`${text}${suffix ?? PACKED_SUFFIX[name] ?? ".gz"}`);
    if (decompress || (guesses && text.endsWith(".lz4"))) {
      const names = unpackedNames(name, text, suffix);
      // A name the program derives in a way the text does not prove: any name in the folder.
      if (names === null) out.push({ word: folderOf(operand), access: "write", below: true });
      else written.push(...names);
    }
    for (const file of written) {
      if (file !== "") out.push({ word: wordFromText(file), access: "write" });
    }
  }
  return out;
}

/**
 * A short-option cluster whose letters before the last take no value (not o, S or p, which
 * take the rest of the word or the next one), ending in o; and the same with the value joined.
 */
const CLUSTER_TO_O = /^-(?:(?![oSp])[a-zA-Z0-9])*o$/;
const ZSTD_JOINED_O = /^-(?:(?![oSp])[a-zA-Z0-9])*o=(.+)$/s;
const JOINED_O = /^(?:-(?:(?![oSp])[a-zA-Z0-9])*o|--output=)(.+)$/s;
/** lzop's output folder: -pDIR (also ending a cluster), a bare -p, --path=DIR. */
const LZOP_PATH = /^(?:-(?:(?![oSp])[a-zA-Z0-9])*p|--path=?)(.*)$/s;

/** Options of a compressor whose value is the next word (see {@link derivedOutputs}). */
function valueOptions(name: string): RegExp {
  if (/^(xz|unxz|lzma|unlzma)$/.test(name)) {
    return /^-[a-zA-Z0-9]*[TMFC]$|^--(format|check|threads|memlimit(-compress|-decompress|-mt)?|memory|block-size|block-list|filters[1-9]?)$/;
  }
  if (/^(zstd|unzstd|zstdmt|pzstd)$/.test(name)) {
    return /^-[a-zA-Z0-9]*D$|^--(filelist|patch-from|trace)$/;
  }
  if (name === "brotli") return /^-[a-zA-Z0-9]*[qwD]$/;
  return /^$/;
}

function programPaths(
  name: string,
  words: readonly Word[],
  placeholders: readonly string[],
  posix: boolean,
): PathUse[] {
  if (NO_FILE_COMMANDS.has(name)) return [];
  if (name === "git") return readGit(words)?.paths ?? [];
  if (name === "fd" || name === "fdfind") return fdSearchPaths(words);
  const command = FILE_COMMAND_BY_NAME.get(name);
  if (command === undefined) {
    const host = hostWords(name, words);
    const plain = readOperands(name, words, [
      ...shapedPaths(host.words.slice(1), placeholders),
      // The host side of a mount is a path however it is spelled (`-v "$X":/app`).
      ...host.mounts.map((word) => ({ word, access: "read_write" as const })),
    ]);
    if (/^(npm|pnpm|yarn)$/.test(name)) {
      plain.push(...globalInstallPaths(words), ...projectFilePaths(words));
    }
    if (name === "npm") plain.push(...npmSpecPaths(words));
    // `@scope/name` operands of an install or removal are registry packages, no files (S33
    // scoped-install, see registryNameOperands).
    if (/^(npm|pnpm|yarn|bun)$/.test(name)) {
      const names = registryNameOperands(words);
      for (let i = plain.length - 1; i >= 0; i--) {
        if (names.has((plain[i] as PathUse).word)) plain.splice(i, 1);
      }
    }
    if (name === "corepack") plain.push(...corepackShimPaths(words));
    // The copy perl -i keeps, its `*` the file's name as written (S31 perl-inplace-star-fullname).
    plain.push(...perlBackups(words));
    plain.push(...derivedOutputs(name, words));
    plain.push(...moduleArchivePaths(name, words));
    plain.push(...writtenNamePaths(name, words));
    if (mayCopy(name)) plain.push(...copyPaths(words, placeholders, posix));
    // An interpreter opens its script: the first operand is read even when it is a bare
    // name (`bash deploy.sh`, `python3 id_rsa`).
    const script = INTERPRETERS.test(name)
      ? scriptOperand(words, /^(python|pypy)/.test(name))
      : null;
    if (script !== null && !plain.some((use) => use.word === script))
      if (!isPlaceholder(script, placeholders) && !isNeverPath(script))
        plain.push({ word: script, access: "read" });
    const declared = declaredProgram(words);
    if (declared === null || declared.at < 0 || declared.program.declaration.kind !== "files") {
      return plain;
    }
    // INVARIANT: a declaration only adds to the paths a program nobody declared touches.
    const uses = declaredFileUses(declared.program, words.slice(declared.at - 1), posix);
    return [
      ...plain,
      ...uses.filter(
        (use) => !isPlaceholder(use.word, placeholders) && !isNeverPath(use.word, false),
      ),
    ];
  }
  if (command.words) return command.words(words);
  const literal = !TILDE_EXPANDING.has(name);
  const uses = readingsUses(command, name, words, false, literal, placeholders);
  // INVARIANT: under POSIXLY_CORRECT the words after the first operand are operands too; the
  // files of both readings are touched as far as the analysis knows.
  return posix
    ? unionOfUses(uses, readingsUses(command, name, words, true, literal, placeholders))
    : uses;
}

/**
 * What a program that copies, moves or links files as a coreutils call would (file-copies.ts:
 * `cmake -E copy_directory src d` writes d and below it as `cp -rT -- src d` does): the files
 * of each such call, read by cp's, ln's or mv's own rule.
 */
function copyPaths(
  words: readonly Word[],
  placeholders: readonly string[],
  posix: boolean,
): PathUse[] {
  const calls = copyCalls(
    words.map((word) => word.text),
    (index) => words[index]?.literal === true,
  );
  if (calls === null) return [];
  return calls.flatMap((call) =>
    programPaths(
      call.tool,
      [
        wordFromText(call.tool, { start: words[0]?.start }),
        ...call.args.map((arg) =>
          typeof arg === "number"
            ? (words[arg] as Word)
            : wordFromText(arg.text, { computed: arg.unknown === true }),
        ),
      ],
      placeholders,
      posix,
    ),
  );
}

/**
 * The files of a table's reading of the words, and of its reading with abbreviations as flags
 * when it took an abbreviated long option for a valued one.
 */
function readingsUses(
  command: FileCommand,
  name: string,
  words: readonly Word[],
  posix: boolean,
  literal: boolean,
  placeholders: readonly string[],
): PathUse[] {
  const view = splitOperands(words, command, posix, literal);
  const uses = tableUses(command, name, view, placeholders);
  const again =
    view.guessed === true || (view.abbreviated === true && command.shortestLong === undefined);
  if (!again) return uses;
  // INVARIANT: a table lists the valued long options it reads, not every flag of the program;
  // an abbreviation of a listed one may be a flag the table does not list (rsync's `--backup`
  // is a flag, not `--backup-dir`), and then the next word is no value: `rsync --backup
  // --backup-dir=/etc/bk src/ dst/` writes /etc/bk. The files of both readings are touched,
  // unless the table lists every long option that starts like a valued one (`shortestLong`).
  // An option a full table (`allLong`) does not resolve is read both ways too (S34
  // option-abbrev: another version of the program may take it with a value).
  const flags = splitOperands(words, command, posix, literal, true);
  return unionOfUses(uses, tableUses(command, name, flags, placeholders));
}

/** `more` added to `uses`, each word and access once. */
function unionOfUses(uses: PathUse[], more: readonly PathUse[]): PathUse[] {
  for (const use of more) {
    if (!uses.some((seen) => seen.word === use.word && seen.access === use.access)) uses.push(use);
  }
  return uses;
}

/** The paths a file command's table finds in one reading of its words. */
function tableUses(
  command: FileCommand,
  name: string,
  view: OperandView,
  placeholders: readonly string[],
): PathUse[] {
  const recursive = command.recursive?.(view) ?? false;
  const uses = command
    .rule(view)
    .map((use) => (recursive ? { ...use, below: true as const } : use));
  // INVARIANT: a table lists the options it knows; the value of any other `--option=value`
  // that looks like a path may still be one (`wget --post-file=.env`), as for a program
  // nobody listed.
  const taken = new Set(uses.map((use) => use.word));
  const listed = (option: string) =>
    option.length === 1
      ? (command.valueShort ?? "").includes(option)
      : (command.valueLong ?? []).includes(option);
  for (const option of view.options) {
    const value = option.value;
    if (value === null || taken.has(value)) continue;
    if (PATTERN_OPTIONS.has(option.name)) continue;
    if (command.checked === true && listed(option.name)) continue;
    if (option.attached) {
      if (hasPathShape(value)) uses.push({ word: value, access: "read_write" });
      continue;
    }
    // A separate value the table gave to a letter it may have wrong (a flag of this program
    // that another program takes with a value) is still judged when it is written as a path
    // outside the working directory: a file operand is never hidden by an option.
    if (!DATA_OPTIONS.has(name) && option.name !== "e" && explicitPath(value)) {
      uses.push({ word: value, access: "read_write" });
    }
  }
  uses.push(...unknownRoleUses(view, uses));
  const remote = REMOTE_COPIERS.has(name);
  return uses.filter(
    (use) => !isPlaceholder(use.word, placeholders) && !isNeverPath(use.word, false, remote),
  );
}

/**
 * The files a declared `files` program touches by its declaration (`words[0]` is the key's
 * last word): its operands with the declared access, everything below them when it recurses
 * (the working directory when it recurses with no operand, as `grep -r` does), and the values
 * of its file options.
 */
export function declaredFileUses(
  program: DeclaredProgram,
  words: readonly Word[],
  posix = false,
): PathUse[] {
  const short = program.options.short;
  const valueShort = [...short].filter(
    (_letter, i) => short[i + 1] === ":" && short[i + 2] !== ":",
  );
  const long = program.options.long ?? {};
  const valueLong = Object.keys(long).filter((name) => long[name] === "required");
  const shape: OptionShape = { valueShort: valueShort.join(""), valueLong };
  const uses = declaredViewUses(program, splitOperands(words, shape));
  return posix
    ? unionOfUses(uses, declaredViewUses(program, splitOperands(words, shape, true)))
    : uses;
}

function declaredViewUses(program: DeclaredProgram, view: OperandView): PathUse[] {
  const declaration = program.declaration;
  const when = declaration.recursive;
  const recursive =
    when === true ||
    (Array.isArray(when) && view.options.some((option) => when.includes(option.name)));
  const access = declaration.operands ?? "read_write";
  const operands = recursive && view.operands.length === 0 ? [wordFromText(".")] : view.operands;
  const fileOptions = declaration.fileOptions ?? {};
  const uses = [
    ...view.options.flatMap((option): PathUse[] => {
      const optionAccess = Object.hasOwn(fileOptions, option.name)
        ? fileOptions[option.name]
        : undefined;
      return optionAccess !== undefined && option.value !== null
        ? [{ word: option.value, access: optionAccess }]
        : [];
    }),
    ...operands.map((word) => ({ word, access, ...(recursive ? { below: true as const } : {}) })),
  ];
  return [...uses, ...unknownRoleUses(view, uses)];
}

/** Container tools whose `cp` operands and `run` mounts name paths inside a container. */
const CONTAINER_TOOLS: ReadonlySet<string> = new Set(["docker", "podman", "nerdctl"]);
const POD_TOOLS: ReadonlySet<string> = new Set(["kubectl", "oc"]);

/** Options of docker, podman, kubectl and oc before the subcommand that take a value. */
const TOOL_VALUE_OPTIONS =
  /^(-H|--host|-c|--context|--config|-l|--log-level|--tlscacert|--tlscert|--tlskey|--url|--connection|--root|--runroot|--storage-driver|--cgroup-manager|--namespace|-n|--kubeconfig|--cluster|--user|-s|--server|--token|--as|--as-group|--certificate-authority|--client-certificate|--client-key|--request-timeout|--cache-dir|-v|--v|--retries|--container)$/;

/**
 * The words of a container tool with the words that name paths inside a container taken out,
 * as the tool reads them: a `NAME:PATH` operand of `docker cp`, `podman cp`, `kubectl cp`
 * (docker takes an operand with a colon for a container's path unless it starts with `/` or
 * `.`; kubectl takes every operand with a colon for a pod's), the container side of a
 * `run`/`create` mount (`-v HOST:CONTAINER[:MODE]`, `--volume`, a lone `-v /x`, an anonymous
 * volume; `--mount …,target=/x`) and a `-w`/`--workdir` folder. The host side of a mount
 * is given apart (`mounts`: `-v /etc:/x` names /etc, `-v "$X":/x` a path nobody knows), and
 * every other word stays. An option the reading does
 * not know, or a word whose pieces it cannot cut, leaves the words as they are.
 */
function hostWords(
  name: string,
  words: readonly Word[],
): { words: readonly Word[]; mounts: Word[] } {
  const unchanged = { words, mounts: [] };
  const pods = POD_TOOLS.has(name);
  if (!pods && !CONTAINER_TOOLS.has(name)) return unchanged;
  const mounts: Word[] = [];
  const out: Word[] = [words[0] as Word];
  let i = 1;
  let mode: "cp" | "run" | null = null;
  const verbs: string[] = [];
  for (; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal) return unchanged;
    const text = word.text;
    if (text.startsWith("-")) {
      if (/^--?[A-Za-z][\w-]*=/.test(text) || /^(-D|--debug|--tls|--tlsverify)$/.test(text)) {
        out.push(word);
        continue;
      }
      if (!TOOL_VALUE_OPTIONS.test(text) || i + 1 >= words.length) return unchanged;
      out.push(word, words[i + 1] as Word);
      i++;
      continue;
    }
    verbs.push(text);
    out.push(word);
    const verb = verbs.join(" ");
    if (verb === "cp" || verb === "container cp") mode = "cp";
    else if (!pods && /^(container )?(run|create|exec)$/.test(verb)) mode = "run";
    else if (!pods && verb === "container") continue;
    else return unchanged;
    i++;
    break;
  }
  if (mode === null) return unchanged;
  if (mode === "cp") {
    for (; i < words.length; i++) {
      const word = words[i] as Word;
      const text = word.text;
      if (text === "--") {
        out.push(word);
        continue;
      }
      if (text.startsWith("-")) {
        // docker's and podman's cp options take no value; kubectl's `-c`, `-n` and
        // `--retries` take a name or a number.
        if (
          /^(-a|--archive|-L|--follow-link|-q|--quiet|--overwrite|--no-preserve(=\w+)?)$/.test(text)
        ) {
          out.push(word);
          continue;
        }
        if (pods && /^(-c|--container|-n|--namespace|--retries)$/.test(text)) {
          out.push(word);
          if (i + 1 < words.length) out.push(words[i + 1] as Word);
          i++;
          continue;
        }
        if (pods && /^(-c|--container|-n|--namespace|--retries)=/.test(text)) {
          out.push(word);
          continue;
        }
        return unchanged;
      }
      if (word.literal && /^[^/.~:-][^:]*:/.test(text)) continue;
      out.push(word);
    }
    return { words: out, mounts };
  }
  // run, create, exec: the options before the image (or container) are read; the command
  // after it runs in the container, so its words are none of the host's. An option this list
  // does not know may take the next word, so the image is then not known and every word stays.
  let imageKnown = true;
  for (; i < words.length; i++) {
    const word = words[i] as Word;
    const text = word.text;
    if (imageKnown && !text.startsWith("-") && word.literal && text !== "") {
      out.push(word);
      return { words: out, mounts };
    }
    if (!word.literal) imageKnown = false;
    else if (!/^(-v|--volume|--mount|-w|--workdir)(=|$)/.test(text) && text.startsWith("-")) {
      const takes = runOptionTakes(text);
      if (takes === null) imageKnown = false;
      else if (takes) {
        out.push(word);
        if (i + 1 < words.length) out.push(words[i + 1] as Word);
        i++;
        continue;
      }
    }
    const long = /^(--volume|--mount|--workdir)=/.exec(text);
    const option = long ? long[1] : /^(-v|--volume|--mount|-w|--workdir)$/.test(text) ? text : null;
    if (option === null) {
      out.push(word);
      continue;
    }
    const value = long ? sliceValue(word, long[0].length) : (words[i + 1] as Word | undefined);
    if (!long) i++;
    if (value === undefined || value === null) return unchanged;
    if (option === "-w" || option === "--workdir") continue;
    const host = option === "--mount" ? mountSource(value) : volumeHost(value);
    if (host === undefined) return unchanged;
    if (host !== null) mounts.push(host);
  }
  return { words: out, mounts };
}

/** docker/podman run, create and exec options that take the next word as their value. */
const RUN_VALUE_LONG: ReadonlySet<string> = new Set([
  ...["--add-host", "--annotation", "--attach", "--blkio-weight", "--blkio-weight-device"],
  ...["--cap-add", "--cap-drop", "--cgroup-parent", "--cgroupns", "--cidfile", "--cpu-period"],
  ...["--cpu-quota", "--cpu-rt-period", "--cpu-rt-runtime", "--cpu-shares", "--cpus"],
  ...["--cpuset-cpus", "--cpuset-mems", "--detach-keys", "--device", "--device-cgroup-rule"],
  ...["--device-read-bps", "--device-read-iops", "--device-write-bps", "--device-write-iops"],
  ...["--dns", "--dns-option", "--dns-search", "--domainname", "--entrypoint", "--env"],
  ...["--env-file", "--expose", "--gpus", "--group-add", "--health-cmd", "--health-interval"],
  ...["--health-retries", "--health-start-period", "--health-timeout", "--hostname", "--ip"],
  ...["--ip6", "--ipc", "--isolation", "--kernel-memory", "--label", "--label-file", "--link"],
  ...["--link-local-ip", "--log-driver", "--log-opt", "--mac-address", "--memory"],
  ...["--memory-reservation", "--memory-swap", "--memory-swappiness", "--name", "--network"],
  ...["--net", "--network-alias", "--oom-score-adj", "--pid", "--pids-limit", "--platform"],
  ...["--publish", "--pull", "--restart", "--runtime", "--security-opt", "--shm-size"],
  ...["--stop-signal", "--stop-timeout", "--storage-opt", "--sysctl", "--tmpfs", "--ulimit"],
  ...["--user", "--userns", "--uts", "--volume-driver", "--volumes-from"],
]);
const RUN_FLAG_LONG: ReadonlySet<string> = new Set([
  ...["--detach", "--interactive", "--tty", "--rm", "--init", "--privileged", "--read-only"],
  ...["--publish-all", "--no-healthcheck", "--oom-kill-disable", "--quiet", "--sig-proxy"],
  "--disable-content-trust",
]);

/**
 * Whether a run/create/exec option takes the next word (true), takes none (false: a flag, a
 * cluster of flags, `--name=value`), or is one this list does not know (null).
 */
function runOptionTakes(text: string): boolean | null {
  if (/^--[A-Za-z][\w-]*=/.test(text)) {
    const name = text.slice(0, text.indexOf("="));
    return RUN_VALUE_LONG.has(name) || RUN_FLAG_LONG.has(name) ? false : null;
  }
  if (text.startsWith("--")) {
    return RUN_VALUE_LONG.has(text) ? true : RUN_FLAG_LONG.has(text) ? false : null;
  }
  // A cluster of flags, its last letter maybe one that takes a value (`-it`, `-dp 80:80`,
  // `-eFOO=1`); a value letter before the end takes the rest of the word.
  const letters = text.slice(1);
  for (let k = 0; k < letters.length; k++) {
    const letter = letters[k] as string;
    if ("acehlmpu".includes(letter)) return k === letters.length - 1;
    if (!"ditPq".includes(letter)) return null;
  }
  return letters === "" ? null : false;
}

/** The value of `--name=VALUE` as a word of its own, or null when its pieces cannot be cut. */
function sliceValue(word: Word, from: number): Word | null {
  return cutWord(word, from, word.text.length) ?? null;
}

/**
 * The host side of a `-v` value: the text before its first colon (docker splits the value
 * at colons; a value with none is an anonymous volume at a container path, null). Undefined
 * when the word cannot be cut there.
 */
function volumeHost(value: Word): Word | null | undefined {
  const colon = value.text.indexOf(":");
  if (colon === -1) return value.literal ? null : undefined;
  return cutWord(value, 0, colon);
}

/**
 * The `source=`/`src=` field of a `--mount` value (null when it has none: a tmpfs or a
 * volume with no source); undefined when the word cannot be cut there.
 */
function mountSource(value: Word): Word | null | undefined {
  let at = 0;
  let found: Word | null = null;
  for (const field of value.text.split(",")) {
    const match = /^(source|src)=/.exec(field);
    if (match) {
      const cut = cutWord(value, at + match[0].length, at + field.length);
      if (cut === undefined) return undefined;
      found = cut;
    }
    at += field.length + 1;
  }
  return found;
}

/**
 * `word.text[from, to)` as a word of its own, its expansions kept (`"$X":/app` gives
 * `"$X"`); undefined when the cut falls inside an expansion, inside an unquoted piece
 * written with backslashes, or the word's text is not its pieces' (a known value put in).
 */
function cutWord(word: Word, from: number, to: number): Word | undefined {
  // A literal word's text is what the program gets (a known `$PWD` already put in): its
  // pieces and spelling describe the whole word, not the cut.
  if (word.literal) {
    const { pieces: _pieces, written: _written, ...cut } = pieceWord(word, from, to);
    return cut;
  }
  const pieces = word.pieces;
  if (pieces === undefined || word.written !== undefined) return undefined;
  if (pieces.map((piece) => piece.text).join("") !== word.text) return undefined;
  const cut: Piece[] = [];
  let at = 0;
  for (const piece of pieces) {
    const start = at;
    const end = at + piece.text.length;
    at = end;
    if (end <= from || start >= to) continue;
    if (start >= from && end <= to) {
      cut.push(piece);
      continue;
    }
    if (piece.kind === "expansion") return undefined;
    if (piece.raw !== undefined && piece.raw !== piece.text) return undefined;
    const text = piece.text.slice(Math.max(from, start) - start, Math.min(to, end) - start);
    cut.push({ ...piece, text, ...(piece.raw !== undefined ? { raw: text } : {}) });
  }
  return wordFromPieces(cut, word.start, word.end);
}

/** Every word that looks like a path, for a command we know nothing about. */
export function shapedPaths(words: readonly Word[], placeholders: readonly string[]): PathUse[] {
  const uses: PathUse[] = [];
  for (const word of words) {
    const candidate = optionValue(word) ?? word;
    // A file: URL names a local file to whatever program reads it; so does openssl's
    // `file:PATH` password source (`-passin file:/etc/x`), whose PATH is all that follows
    // the colon: `file://etc/hostname` opens `//etc/hostname`, which is /etc/hostname.
    const url = isPlaceholder(candidate, placeholders)
      ? []
      : [
          // (`file:///x` is the URL's /x, read below.)
          ...(/^file:(?!\/\/\/)[/~.]/.test(candidate.text)
            ? [{ word: sliceWord(candidate, 5), access: "read" as const }]
            : []),
          ...curlFileUrl(candidate),
        ];
    if (url.length > 0) {
      uses.push(...url.map((use) => ({ ...use, access: "read_write" as const })));
      continue;
    }
    if (candidate !== word || !word.text.startsWith("-")) {
      if (isPlaceholder(candidate, placeholders)) continue;
      // A word read as a range (`a..b`) may still hold a colon piece that leaves the folder
      // (`SO_PATH:../x`).
      if (!isNeverPath(candidate) && hasPathShape(candidate)) {
        uses.push({ word: candidate, access: "read_write" });
      }
    }
    for (const piece of joinedPieces(word)) {
      if (piece.text === candidate.text || isPlaceholder(piece, placeholders)) continue;
      if (!isNeverPath(piece)) uses.push({ word: piece, access: "read_write" });
    }
  }
  return uses;
}

/** Copiers whose operands may be `host:path` (read so when no `/` comes before the `:`). */
const REMOTE_COPIERS: ReadonlySet<string> = new Set(["scp", "rsync"]);

/**
 * The paths a word holds past its first separator, which the program (or one it passes the
 * word on to) may open: comma lists (`-Wl,-Map,/x`, `-Wp,-MD,/x`), colon and equals settings
 * (`-Xlog:gc:file=/x`, `-XX:Flags=/x`, `-javaagent:/x`, `-J-Xloggc:/x`), `NAME=FILE` operands
 * (`objcopy --dump-section .text=/x`), and a long single-dash option joined to a path
 * (`-include/x`, `-imacros../x`). A piece counts when it holds a `/` or starts with `~`; a
 * URL's `//` after its scheme is none, but only a URL scheme (`https:`, `git+ssh:`) starts
 * an authority: after an option name or a setting's name (`-javaagent://x`, `SO_PATH://x`,
 * a class path's `.://x`) the piece is the path `//x`, which is `/x`.
 */
function joinedPieces(word: Word): Word[] {
  if (!word.literal) return [];
  const text = word.text;
  const pieces: Word[] = [];
  const option = text.startsWith("-");
  const joined = option ? /^-[A-Za-z][A-Za-z0-9-]+(?=\/|\.\.?\/)/.exec(text) : null;
  if (joined) pieces.push(pieceWord(word, joined[0].length, text.length));
  // An option word is read at commas, colons and `=`; any other word at `=` and at colons,
  // where a piece that leaves the folder (`/x`, `~/x`, `../x`) is a path of a colon list or
  // a `NAME:PATH` setting (`java -cp .:/x`, `--module-path m:/x`, `openssl engine -pre
  // SO_PATH:/x`); a relative piece there stays part of the word.
  // A piece after `@` (`NAME@FILE`, `NAME=@FILE`, `NAME:=@FILE`: gh's, glab's, httpie's
  // and xh's fields) is a file they read, where it is spelled as a path (`/x`, `~/x`, `./x`,
  // `.env`); `user@host:x`, `pkg@1.2` are none.
  const separators = option ? /[,:=@]/g : /[:=@]/g;
  let previous = 0;
  for (const match of text.matchAll(separators)) {
    const before = text.slice(previous, match.index as number);
    previous = (match.index as number) + 1;
    let from = (match.index as number) + 1;
    if (match[0] !== "@" && text[from] === "@") from++;
    const rest = text.slice(from);
    const colon = !option && match[0] === ":";
    const at = match[0] === "@" || text[from - 1] === "@";
    const end = option ? rest.search(/[,:=]/) : colon ? rest.indexOf(":") : -1;
    const piece = end === -1 ? rest : rest.slice(0, end);
    if (at ? !/^[/~.]/.test(piece) : !piece.includes("/") && !piece.startsWith("~")) continue;
    if (match[0] === ":" && piece.startsWith("//") && URL_SCHEME.test(before)) continue;
    if (colon && !at && !/^(\/|~|\.\.(\/|$))/.test(piece)) continue;
    pieces.push(pieceWord(word, from, end === -1 ? text.length : from + end));
  }
  // A setting's value in TOML or JSON quotes (`cargo --config 'build.target-dir="/etc/t"'`,
  // `paths=["/a", "~/b"]`, ruff's `cache-dir="…"`): the program unquotes it, so each quoted
  // string after the first `=` that spells a path is one too (M21 toml-quoted).
  const equals = text.indexOf("=");
  if (equals !== -1) {
    for (const quoted of text.slice(equals + 1).matchAll(/(["'])([^"']*)\1/g)) {
      const inner = quoted[2] as string;
      if (!inner.includes("/") && !inner.startsWith("~")) continue;
      const from = equals + 1 + (quoted.index as number) + 1;
      pieces.push(pieceWord(word, from, from + inner.length));
    }
  }
  return pieces;
}

/** A URL scheme (RFC 3986): a letter, then letters, digits, `+`, `-` or `.`. */
const URL_SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*$/;

function pieceWord(word: Word, from: number, to: number): Word {
  const sliced = sliceWord(word, from);
  const text = word.text.slice(from, to);
  return {
    ...sliced,
    text,
    tilde: text.startsWith("~"),
    pattern: sliced.pattern === null ? null : sliced.pattern.slice(0, to - from),
  };
}

/**
 * `--opt=VALUE` and `NAME=VALUE`: the value part, as a word of its own; and a short option
 * with an attached value that spells a path out (`-o/tmp/x`, `-d../out`, `-I~/inc`).
 */
function optionValue(word: Word): Word | null {
  // `--name=VALUE`, `NAME=VALUE`, `-x/path`; Go's and Java's single-dash `-name=VALUE`
  // (`go build -o=/tmp/x`, `terraform -chdir=/tmp`); a response file `@/path` (gcc, javac).
  const match =
    /^(--?[A-Za-z0-9][\w.-]*=|[A-Za-z_][A-Za-z0-9_]*=|-[A-Za-z0-9]{1,3}(?=\/.|~\/|\.\.?\/)|@(?=\/.|~\/|\.))/.exec(
      word.text,
    );
  if (!match) return null;
  return sliceWord(word, match[0].length);
}

function sliceWord(word: Word, from: number): Word {
  const text = word.text.slice(from);
  return {
    ...word,
    text,
    tilde: word.literal && text.startsWith("~"),
    pattern: word.pattern === null ? null : word.pattern.slice(from),
    leadingVariable: null,
  };
}

/** Contains `/`, starts with `~` or `.`, or starts with `$HOME` / `$PWD`. */
export function hasPathShape(word: Word): boolean {
  const text = word.text;
  if (word.leadingVariable !== null) return true;
  return text.includes("/") || text.startsWith(".") || (word.tilde && text.startsWith("~"));
}

function isPlaceholder(word: Word, placeholders: readonly string[]): boolean {
  return placeholders.some((placeholder) => word.text.includes(placeholder));
}

/**
 * Git-style ranges, stdin's `-`, empty words; and, for a word in a position that takes a
 * remote (`remote`), URLs and `host:path`.
 *
 * INVARIANT: a word with a colon is a remote only where the program reads one. `cat`, `rm`,
 * `tar -C` or `git --work-tree` open `x:/../.env` as a path (`x:` a folder, `..` climbing
 * out of it), so everywhere else it is judged as one; scp, rsync and git's repository
 * operands read it as `host:path` when no `/` comes before the first `:`, as they do.
 */
export function isNeverPath(word: Word, ranges = true, remote: boolean | "git" = false): boolean {
  if (word.processSubstitution) return true;
  const text = word.text;
  // The shapes below are read from literal text: a computed word (`${x:-.env}`) is whatever
  // it expands to, so it stays a candidate.
  if (!word.literal) return false;
  if (text === "" || text === "-") return true;
  if (remote && isRemoteSpec(text, remote === "git")) return true;
  // `a..b` (a range), unlike a `..` path segment; only where the program may take a range: an
  // operand of a file command is a file name, whatever dots it holds (`cat .env..`).
  if (ranges && /[^/.]\.\.|\.\.[^/.]/.test(text) && !/(^|\/)\.\.(\/|$)/.test(text)) return true;
  return false;
}

/**
 * Linters and formatters that only read their operands (and the files their options name)
 * unless a flag here says they write: prettier's `--write` (also `-w`) rewrites its operands,
 * eslint's `--fix` applies fixes and `-o` writes a report; a cache flag writes the cache.
 */
const CHECKER_WRITES: ReadonlyMap<string, RegExp> = new Map([
  ["prettier", /^-[A-Za-z]*w|^--(w|cache)/],
  ["eslint", /^-[A-Za-z]*o|^--(o|cache)|^--fix(=|$)/],
]);

/**
 * Test runners and type checkers whose operands are test files, filters or a project folder
 * they only read, unless a word here says they write: a snapshot update (`-u`), a report or
 * output file or folder, coverage, a cache, a config they create (`init`). What they write
 * otherwise (playwright's test-results, a coverage folder) is no operand and no code of the
 * string's. {@link runsAsChecker} says which invocations are such a run.
 */
const RUNNER_WRITES: ReadonlyMap<string, RegExp> = new Map([
  ["vitest", /^-[A-Za-z]*u|^--(u|outputFile|coverage|clearCache|cache|reporter)|^init$/],
  ["jest", /^-[A-Za-z]*u|^--(u|outputFile|coverage|collectCoverage|init|clearCache|cache|json)/],
  ["playwright", /^-[A-Za-z]*[uo]|^--(u|o)/],
  ["mocha", /^-[A-Za-z]*O|^--(reporter-option|init)/],
  // TypeScript reads its options in any case (`--noemit`); `--noEmit false` turns it off.
  ["tsc", /^-[A-Za-z]*[bi]$|^--(b|i|init|generateTrace|tsBuildInfoFile|composite)|^false$/i],
  ["node", /^-(?!-check$|c$)/],
]);

/**
 * Whether the runner's words make it a run that writes no file of its own naming: `tsc` only
 * with `--noEmit` (else it writes a .js beside each source operand), `playwright test` (its
 * other commands write screenshots, PDFs or generated code), `node --check FILE…` (parses the
 * files, runs nothing).
 */
function runsAsChecker(name: string, words: readonly Word[]): boolean {
  if (name === "tsc") return words.some((word) => /^--noEmit$/i.test(word.text));
  if (name === "playwright") return words[1]?.text === "test";
  if (name === "node") return /^(--check|-c)$/.test(words[1]?.text ?? "");
  return true;
}

/**
 * Whether a compressor's or decompressor's option sends the result to standard output or only
 * tests or lists (`-c`, `-dc`, `--stdout`, `--to-stdout`, `-t`, `-l`, and the long names by any
 * prefix getopt takes: `xz --stdo`): it then only reads its operands. lz4's `-l` is its legacy
 * format, which it writes.
 */
function packsToStdout(name: string, text: string): boolean {
  if (/^-[a-zA-Z0-9]*[ct]/.test(text)) return true;
  if (/^-[a-zA-Z0-9]*l/.test(text)) return !/lz4$/.test(name);
  const long = /^--([a-z-]{2,})$/.exec(text)?.[1];
  return (
    long !== undefined &&
    ["stdout", "to-stdout", "test", "list"].some((option) => option.startsWith(long))
  );
}

/**
 * The shaped paths of a program nobody declared, with the operands it only reads marked so:
 * go's packages (see {@link goPaths}), and a checker's operands when it writes nothing (a later
 * run of it, or of a test runner, then loads nothing this string wrote).
 */
function readOperands(name: string, words: readonly Word[], plain: PathUse[]): PathUse[] {
  if (name === "go") return goPaths(words, plain);
  // `gzip -c f`, `xz --stdout f`: the result goes to standard output, the file is only read.
  if (
    (COMPRESSORS.test(name) || DECOMPRESSORS.test(name)) &&
    words.slice(1).every((word) => word.literal) &&
    words.slice(1).some((word) => packsToStdout(name, word.text))
  ) {
    return plain.map((use) => (use.access === "read_write" ? { ...use, access: "read" } : use));
  }
  const writes = CHECKER_WRITES.get(name) ?? RUNNER_WRITES.get(name);
  if (
    writes === undefined ||
    !words.every((word, i) => i === 0 || (word.literal && !writes.test(word.text))) ||
    !runsAsChecker(name, words)
  ) {
    return plain;
  }
  return plain.map((use) => (use.access === "read_write" ? { ...use, access: "read" } : use));
}

/** go's subcommands whose operands are packages (or .go files) it only reads. */
const GO_READS_PACKAGES = /^(build|test|vet|list|doc|install|run)$/;

/** go's flags that take a value in the next word (build flags, test flags, `list -f`). */
const GO_VALUE_FLAGS = new Set([
  ...["C", "p", "asmflags", "buildmode", "compiler", "covermode", "coverpkg", "gccgoflags"],
  ...["gcflags", "installsuffix", "ldflags", "mod", "modfile", "overlay", "pgo", "pkgdir"],
  ...["tags", "toolexec", "exec", "vettool", "o", "bench", "benchtime", "blockprofile"],
  ...["blockprofilerate", "count", "coverprofile", "cpu", "cpuprofile", "fuzz"],
  ...["fuzzminimizetime", "fuzztime", "list", "memprofile", "memprofilerate", "mutexprofile"],
  ...["mutexprofilefraction", "outputdir", "parallel", "run", "skip", "shuffle", "timeout"],
  ...["trace", "vet", "f", "reuse"],
]);

/** go's flags that take no value (`-race`, `-v`, `-json`; `-flag=false` holds its own). */
const GO_BOOLEAN_FLAGS = new Set([
  ...["a", "n", "x", "v", "race", "msan", "asan", "cover", "work", "trimpath", "linkshared"],
  ...["modcacherw", "i", "c", "json", "short", "failfast", "benchmem", "e", "m", "u"],
  ...["versions", "deps", "test", "export", "find", "compiled", "retracted", "all", "cmd"],
  ...["src", "fullpath", "buildvcs"],
]);

/** go's flags whose value is a file go itself writes: the binary, a profile, a trace. */
const GO_OUTPUT_FLAGS = new Set([
  ...["o", "coverprofile", "cpuprofile", "memprofile", "blockprofile", "mutexprofile"],
  ...["trace", "outputdir"],
]);

/**
 * A URL, or `host:path` (a `:` before any `/`), as scp, rsync and git read a repository. scp
 * reads a leading `:` as part of a file name; git (`git`) reads it as an empty host.
 */
export function isRemoteSpec(text: string, git = false): boolean {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(text)) return true;
  const slash = text.indexOf("/");
  const colon = text.indexOf(":");
  if (git && colon === 0) return true;
  return colon > 0 && (slash === -1 || colon < slash) && !/^[./~]/.test(text);
}

/**
 * go's paths: for a subcommand that builds, tests, vets, lists or runs packages, the package
 * operands (`./...`, `./pkg/a`, `main.go`) are only read, and the value of an output flag
 * (`-o bin/server`, `-coverprofile=out/c.out`) is written; every other word keeps what its
 * shape gives it (`read_write`). Reading stops where a word is not understood: a computed word
 * (it may be `-o`), a flag this table does not know (it may take the next word), `-args` and
 * what `go run` hands its program after the package.
 */
function goPaths(words: readonly Word[], plain: PathUse[]): PathUse[] {
  const sub = words[1];
  if (sub === undefined || !sub.literal || !GO_READS_PACKAGES.test(sub.text)) return plain;
  const run = sub.text === "run";
  const access = new Map<Word, PathAccess>();
  // An output flag's attached value (`-o=bin/x`) is a word of its own in `plain`.
  const attachedOutputs = new Set<string>();
  let operands = 0;
  for (let i = 2; i < words.length; i++) {
    const word = words[i] as Word;
    if (!word.literal || word.text === "-args" || word.text === "--args") break;
    if (word.text.startsWith("-") && word.text !== "-") {
      // After its package, go run hands every word to the program.
      if (run && operands > 0) break;
      const flag = /^--?([A-Za-z0-9.]+)(=(.*))?$/s.exec(word.text);
      if (flag === null) break;
      const flagName = flag[1] as string;
      if (GO_BOOLEAN_FLAGS.has(flagName)) continue;
      if (!GO_VALUE_FLAGS.has(flagName)) break;
      const value = flag[2] === undefined ? words[++i] : undefined;
      if (GO_OUTPUT_FLAGS.has(flagName)) {
        if (value !== undefined) access.set(value, "write");
        else if (flag[3] !== undefined) attachedOutputs.add(flag[3]);
      }
      continue;
    }
    // go run runs one package, or the .go files named first; the words after are its program's.
    if (run && operands > 0 && !(word.text.endsWith(".go") && words[i - 1]?.text.endsWith(".go")))
      break;
    access.set(word, "read");
    operands++;
  }
  return plain.map((use) => {
    const given =
      access.get(use.word) ??
      (!words.includes(use.word) && attachedOutputs.has(use.word.text) ? "write" : undefined);
    return given === undefined ? use : { ...use, access: given };
  });
}

/** Programs that run a script file named by their first operand. */
const INTERPRETERS =
  /^(bash|sh|dash|zsh|ksh|mksh|ash|rbash|fish|csh|tcsh|(python|pypy|perl|ruby|php|lua)[0-9.]*|node|nodejs|Rscript|tclsh)$/;

/** The first word that is not an option (`-x`, `--x`), or null when there is none. */
function scriptOperand(words: readonly Word[], python: boolean): Word | null {
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (word.text === "--") return words[i + 1] ?? null;
    // `python -m pkg` runs a module found on the path, not a file named here.
    if (python && word.literal && /^-[A-Za-z]*m/.test(word.text)) return null;
    if (!word.literal || !word.text.startsWith("-") || word.text === "-") return word;
  }
  return null;
}

/** Long options whose value is a pattern or a script, never a file the program opens. */
/** curl's options whose value is a file it writes, reads and writes, or reads. */
const CURL_WRITES = new Set([
  ...["o", "output", "c", "cookie-jar", "D", "dump-header", "trace", "trace-ascii"],
  ...["stderr", "output-dir", "libcurl", "etag-save"],
]);
const CURL_READ_WRITES = new Set(["hsts", "alt-svc", "unix-socket", "ssl-sessions"]);
const CURL_READS = new Set([
  ...["T", "upload-file", "K", "config", "E", "cert", "key", "cacert", "capath", "crlfile"],
  ...["netrc-file", "proxy-cacert", "proxy-capath", "proxy-cert", "proxy-key"],
  ...["proxy-crlfile", "etag-compare"],
  // A public key file to pin (a `sha256//` hash names none: see the rule), SSH keys, and the
  // entropy files older curls read (7.88 ignores them).
  ...["pinnedpubkey", "proxy-pinnedpubkey", "pubkey", "random-file", "egd-file"],
]);
/** curl's options that read a file named after `@` (or `<` in a form field). */
const CURL_AT_FILE = new Set([
  ...["d", "data", "data-binary", "data-ascii", "data-urlencode", "json", "F", "form"],
  ...["H", "header", "proxy-header", "w", "write-out", "url-query", "variable"],
]);

/**
 * A `file:` URL curl reads, as its path: the scheme in any letter case, then `/PATH` (one
 * slash is enough) or `//HOST/PATH` with an empty HOST, `localhost` or `127.0.0.1`; the query
 * and fragment are cut off and `%XX` escapes decoded (`FILE:/x?q`, `file://LOCALHOST/%78`).
 * curl refuses any other host (curl 7.88 urlapi.c, file.c).
 */
function curlFileUrl(word: Word): PathUse[] {
  const match = /^file:(?:\/\/(?:localhost|127\.0\.0\.1)?)?(?=\/)/i.exec(word.text);
  if (!match) return [];
  const path = sliceWord(word, match[0].length);
  let text = path.text.replace(/[?#].*$/s, "");
  try {
    text = decodeURIComponent(text);
  } catch {
    // A malformed escape stays as written: curl refuses it.
  }
  return [{ word: { ...path, text, tilde: false, pattern: null }, access: "read" }];
}

/**
 * The files one URL of curl's names (see {@link curlGlobbedFileUrls}); with
 * `--proto-default file` (in any case) a URL without a scheme is a file too (`/x`, and what
 * curl makes of another name is not modelled). An upload (`-T`) writes the file of a `file:`
 * URL.
 */
function curlUrlFiles(word: Word, view: OperandView): PathUse[] {
  const upload = view.options.some((o) => o.name === "T" || o.name === "upload-file");
  const defaultFile = view.options.some(
    (o) =>
      o.name === "proto-default" &&
      o.value !== null &&
      (!o.value.literal || o.value.text.toLowerCase() === "file"),
  );
  const uses = curlGlobbedFileUrls(word, curlGlobOff(view));
  // A URL only known at run time (`--url "$(cat u)"`, `-- "$v"`) may be a `file:` one: where
  // no option may still be read (after `--`, as `--url`'s value) nothing else judges it.
  if (uses.length === 0 && unknownValue(word) && curlMayBeFileUrl(word, defaultFile)) {
    uses.push({ word: computedFile(word.text), access: "read" });
  }
  if (defaultFile && uses.length === 0 && !/^[a-z][a-z0-9+.-]*:/i.test(word.text)) {
    uses.push(
      word.literal && word.text.startsWith("/") && !/[{}[\]?#%]/.test(word.text)
        ? { word, access: "read" }
        : { word: computedFile(word.text), access: "read" },
    );
  }
  return upload ? uses.map((use) => ({ ...use, access: "read_write" as const })) : uses;
}

/**
 * Whether a URL only known at run time may name a file: unless its literal start already
 * fixes another scheme (`"https://x/$p"`), or, without `--proto-default file`, shows it has
 * none (`"$host/x"` is still open: its value may start `file:`).
 */
function curlMayBeFileUrl(word: Word, defaultFile: boolean): boolean {
  let start = "";
  for (const piece of word.pieces ?? []) {
    if (piece.kind === "expansion") break;
    start += piece.text;
  }
  const scheme = /^([A-Za-z][A-Za-z0-9+.-]*):/.exec(start);
  if (scheme) return scheme[1]?.toLowerCase() === "file";
  if (defaultFile) return true;
  const lower = start.toLowerCase();
  return "file:".startsWith(lower) || word.pieces === undefined;
}

/**
 * The files curl names after what it downloads: `-O`/`--remote-name(-all)` writes each URL's
 * last path segment (query and fragment dropped, escapes kept as written in curl 7.88) in the
 * working directory or `--output-dir`, after curl's own globbing; `-J` takes the name the
 * server sends (unknown); an `-o` with `#N` takes text from the URL's glob (unknown).
 */
function curlRemoteNames(view: OperandView): PathUse[] {
  const named = view.options.some(
    (option) => option.name === "O" || option.name.startsWith("remote-name"),
  );
  const header = view.options.some(
    (option) => option.name === "J" || option.name === "remote-header-name",
  );
  const globbed = view.operands.some((word) => /[{[]/.test(word.text));
  const numbered = view.options.filter(
    (option) =>
      (option.name === "o" || option.name === "output") &&
      option.value !== null &&
      /#\d/.test(option.value.text),
  );
  const uses: PathUse[] = [];
  if (globbed) {
    for (const option of numbered) {
      uses.push({ word: computedFile((option.value as Word).text), access: "write" });
    }
  }
  if (!named && !header) return uses;
  const dirOption = view.options.filter((option) => option.name === "output-dir").at(-1)?.value;
  const inDir = (name: string): Word => {
    if (dirOption === undefined || dirOption === null) return wordFromText(name);
    if (!dirOption.literal) return computedFile(`${dirOption.text}/${name}`);
    return wordFromText(`${dirOption.text}/${name}`, { tilde: dirOption.tilde });
  };
  if (header) uses.push({ word: computedFile(inDir("<name-from-server>").text), access: "write" });
  if (!named) return uses;
  for (const url of [
    ...view.operands,
    ...view.options.filter((o) => o.name === "url").map((o) => o.value),
  ]) {
    if (url === null || url === undefined) continue;
    const names = url.literal ? curlGlobNames(url.text) : null;
    if (names === null) {
      uses.push({ word: computedFile(url.text), access: "write" });
      continue;
    }
    for (const name of names) {
      const rest = name.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "");
      const slash = rest.indexOf("/");
      if (slash < 0) continue;
      const segment = (rest.slice(slash).split(/[?#]/)[0] as string).split("/").at(-1) ?? "";
      if (segment === "") continue;
      uses.push({ word: inDir(segment), access: "write" });
      let decoded = segment;
      try {
        decoded = decodeURIComponent(segment);
      } catch {
        // A malformed escape stays as written.
      }
      if (decoded !== segment && !decoded.includes("/")) {
        uses.push({ word: inDir(decoded), access: "write" });
      } else if (decoded !== segment) {
        uses.push({ word: computedFile(decoded), access: "write" });
      }
    }
  }
  return uses;
}

/** Whether `-g`/`--globoff` may turn curl's own globbing off (for any of its transfers). */
function curlGlobOff(view: OperandView): boolean {
  return view.options.some((option) => option.name === "g" || option.name === "globoff");
}

/**
 * The `file://` URLs curl reads, after its own globbing (`file:///x/{a,b}`,
 * `{file,http}:///x`): each name it makes, or a computed file for a pattern it cannot spell
 * out in a URL that does not start with another scheme (`http://x/[1-3]` reads no file).
 */
function curlGlobbedFileUrls(word: Word, globOff: boolean): PathUse[] {
  if (!/[{}[\]]/.test(word.text)) return curlFileUrl(word);
  const plain = globOff ? curlFileUrl(word) : [];
  const names = word.literal ? curlGlobNames(word.text) : null;
  if (names === null) {
    const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(word.text);
    if (scheme && scheme[1]?.toLowerCase() !== "file") return plain;
    return [...plain, { word: computedFile(word.text), access: "read" }];
  }
  return [...plain, ...names.flatMap((name) => curlFileUrl(wordFromText(name)))];
}

/**
 * File-table programs that expand a leading `~` in a file option's value themselves: jq (its
 * `-L` search path), wget (its file options, read as `.wgetrc` commands), scp (`-i`/`-F` go to
 * ssh), rsync and ssh-add (not traced: kept as bash's reading of a word's start), curl (not
 * traced either). For the others a glued `-o~/x` names `./~/x`.
 */
const TILDE_EXPANDING: ReadonlySet<string> = new Set([
  "jq",
  "wget",
  "scp",
  "rsync",
  "ssh-add",
  "curl",
]);

/** Programs whose option values are data more often than not (headers, bodies, forms). */
const DATA_OPTIONS: ReadonlySet<string> = new Set(["curl", "wget", "dd", "find"]);

/** A word written as a path that leaves the working directory: `/x`, `~/x`, `../x`. */
function explicitPath(word: Word): boolean {
  if (!word.literal) return word.leadingVariable !== null;
  return /^(\/[^/]|\.\.(\/|$))/.test(word.text) || (word.tilde && word.text.startsWith("~"));
}

const PATTERN_OPTIONS = new Set([
  "exclude",
  "include",
  "exclude-dir",
  "include-dir",
  "expression",
  "regexp",
  "transform",
  "xform",
  "glob",
  "iglob",
  "format",
  // ls --ignore/--hide/-I and tree -I take a name pattern of entries not to list.
  "ignore",
  "hide",
  "I",
]);

/**
 * A long option as GNU getopt reads it: a prefix of exactly one option this table lists
 * with a value (`--fil` is `--file`, `--fi` too: S34 option-abbrev, a two-letter prefix was
 * once read as a flag) stands for it; anything else stays as written. Such a table does not
 * list the program's flags, so its caller also reads an abbreviation as a flag
 * ({@link readingsUses}).
 */
function longName(
  written: string,
  valueLong: readonly string[],
  flagLong: readonly string[] = [],
  meaningLong: readonly string[] = [],
  shortest = 1,
): string {
  if (
    written.length >= shortest &&
    !valueLong.includes(written) &&
    !flagLong.includes(written) &&
    !PATTERN_OPTIONS.has(written)
  ) {
    const meant = meaningLong.filter((name) => name.startsWith(written));
    if (meant.length === 1) return meant[0] as string;
  }
  // A pattern option (`--exclude`) is an option of its own, never short for another; so is a
  // flag written out whole (`--sparse` is not `--sparse-version`).
  if (
    written.length < shortest ||
    valueLong.includes(written) ||
    PATTERN_OPTIONS.has(written) ||
    flagLong.includes(written)
  ) {
    return written;
  }
  let found: string | null = null;
  for (const name of valueLong) {
    if (!name.startsWith(written)) continue;
    if (found !== null) return written;
    found = name;
  }
  return found ?? written;
}

/**
 * Options and operands as GNU getopt reads them: options anywhere before `--` (it permutes).
 * With `posix` it reads them as getopt does when `POSIXLY_CORRECT` is in the environment
 * (set to anything, even empty): the first operand ends the options, and a later `-x` is an
 * operand.
 */
function splitOperands(
  words: readonly Word[],
  shape: OptionShape,
  posix = false,
  literalTildes = false,
  abbreviationsAsFlags = false,
): OperandView {
  // bash expands a `~` only where a word starts (or after `=`/`:` in a word spelled as an
  // assignment, which an option never is): one glued to an option (`-o~/x`, `--output=~/x`)
  // reaches the program as written, and a program that does not expand it itself opens
  // `./~/x`.
  const glued = (word: Word, from: number): Word => {
    const value = sliceWord(word, from);
    return literalTildes && value.tilde ? { ...value, tilde: false } : value;
  };
  const valueShort = shape.valueShort ?? "";
  const valueLong = [...(shape.valueLong ?? []), ...(shape.allLong?.valued ?? [])];
  const optionish = shape.optionish;
  const view: OperandView = { name: (words[0] as Word).text, operands: [], options: [] };
  if (words[1] !== undefined) view.first = words[1];
  let endOfOptions = false;
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    const text = word.text;
    if (
      endOfOptions ||
      !word.literal ||
      !text.startsWith("-") ||
      text === "-" ||
      (optionish !== undefined && !optionish(text))
    ) {
      if (roleUnknown(word, !endOfOptions)) noteUnknown(view, word);
      view.operands.push(word);
      if (posix) endOfOptions = true;
      continue;
    }
    if (text === "--") {
      endOfOptions = true;
      continue;
    }
    if (text.startsWith("--")) {
      const eq = text.indexOf("=");
      const written = text.slice(2, eq === -1 ? undefined : eq);
      // A full table resolves the option exactly as the program does (S34 option-abbrev).
      const resolved =
        shape.allLong !== undefined
          ? resolveLong(written, shape.allLong, [
              ...(shape.valueLong ?? []),
              ...(shape.flagLong ?? []),
              ...(shape.meaningLong ?? []),
            ])
          : {
              name: longName(
                written,
                valueLong,
                shape.flagLong,
                shape.meaningLong,
                shape.shortestLong,
              ),
              known: true,
            };
      const name = resolved.name;
      if (eq !== -1) {
        view.options.push({ name, value: glued(word, eq + 1), attached: true });
      } else if (name === written && shape.pairLong?.includes(name)) {
        // A word of the pair that may split shifts what follows: its role is unknown.
        for (const each of words.slice(i + 1, i + 3)) {
          if (roleUnknown(each, false)) noteUnknown(view, each);
        }
        view.options.push({ name, value: words[i + 1] ?? null });
        i += 2;
      } else if (
        resolved.known &&
        valueLong.includes(name) &&
        !(abbreviationsAsFlags && name !== written && shape.allLong === undefined)
      ) {
        const value = words[i + 1];
        if (value !== undefined && roleUnknown(value, false)) noteUnknown(view, value);
        // A full table's prefix is the option itself; another table's may be a flag it does
        // not list, and its value is judged by its shape too (see operandPaths).
        const guessed = name !== written && shape.allLong === undefined;
        if (guessed) view.abbreviated = true;
        view.options.push({
          name,
          value: words[i + 1] ?? null,
          ...(guessed ? { attached: true as const } : {}),
        });
        i++;
      } else if (!resolved.known && !abbreviationsAsFlags && words[i + 1] !== undefined) {
        // An option the full table does not resolve (unknown, ambiguous): the program refuses
        // it, but another version may take the next word as its value, a file as much as a
        // URL or a member name (S34 option-abbrev). Judged by its shape here; the reading
        // with it as a flag keeps the word an operand.
        const value = words[i + 1] as Word;
        if (roleUnknown(value, false)) noteUnknown(view, value);
        view.guessed = true;
        view.options.push({ name, value, attached: true });
        i++;
      } else {
        view.options.push({ name, value: null });
      }
      continue;
    }
    // A numeric option like `head -5` is a count, not a cluster.
    if (/^-\d+$/.test(text)) continue;
    for (let k = 1; k < text.length; k++) {
      const letter = text[k] as string;
      // A letter the table does not list, followed by what can only be a value (`less
      // -O/tmp/log`, `-o~/x`), takes it: no option letter is `/`, `~` or `.`.
      const pathValue = !valueShort.includes(letter) && /^[/~.]/.test(text.slice(k + 1));
      if (pathValue) {
        view.options.push({ name: letter, value: glued(word, k + 1), attached: true });
        break;
      }
      if (valueShort.includes(letter)) {
        const rest = text.slice(k + 1);
        if (rest !== "") view.options.push({ name: letter, value: glued(word, k + 1) });
        else {
          const value = words[i + 1];
          if (value !== undefined && roleUnknown(value, false)) noteUnknown(view, value);
          view.options.push({ name: letter, value: value ?? null });
          i++;
        }
        break;
      }
      const rest = text.slice(k + 1);
      view.options.push(
        rest === "" ? { name: letter, value: null } : { name: letter, value: null, rest },
      );
    }
  }
  return view;
}

/**
 * Whether a word only known at run time may play another role than the one its place gives
 * it: where options are still read, one that may start with `-` may be any option (GNU
 * programs take options after operands: `grep $o KEY .` is `grep -r KEY .`); anywhere, an
 * unquoted one may split into several words, each an option or an operand
 * (`grep $x` with x='a /home/u/.ssh/id_rsa' reads the key). A glob that can never name an
 * option ({@link neverAnOption}) only ever names files.
 */
function roleUnknown(word: Word, optionsRead: boolean): boolean {
  // A glob's names and a process substitution's `/dev/fd/N` are file names: a glob name
  // that looks like an option is the glob-names rule's (walk/glob-names.ts).
  if (word.literal || word.pattern !== null || word.processSubstitution) return false;
  // The user's environment plays the role the command gives it (`grep "$PATTERN" src`).
  if (word.inherited) return false;
  if (word.splittable) return true;
  return optionsRead && /^[-$`]/.test(word.text);
}

function noteUnknown(view: OperandView, word: Word): void {
  if (view.unknown === undefined) view.unknown = [word];
  else view.unknown.push(word);
}

/**
 * What the words of {@link OperandView.unknown} may touch: any file, read or written, and
 * everything below it (an option may be `-r` or `--output=FILE`).
 */
function unknownRoleUses(view: OperandView, uses: readonly PathUse[]): PathUse[] {
  // A word already judged as a file it may name is a path nobody knows: that says enough.
  const first = view.unknown?.find((word) => !uses.some((use) => use.word === word));
  if (first === undefined) return [];
  return [
    {
      word: wordFromText(`$(the options or files ${first.text} may be)`, { computed: true }),
      access: "read_write",
      below: true,
    },
  ];
}

function isSymbolicLn(view: OperandView): boolean {
  return (
    /(^|\/)ln$/.test(view.name) &&
    view.options.some((option) => longOption(option.name, "s", "symbolic", 2)) &&
    !view.options.some((option) => longOption(option.name, "r", "relative", 1))
  );
}

/**
 * Whether an option is the letter or the long name, which GNU getopt also takes as any prefix
 * of at least `unique` characters (`--sym`, `--rel`: ln's `--s` could be `--suffix`).
 */
function longOption(name: string, letter: string, long: string, unique: number): boolean {
  return name === letter || (name.length >= unique && name.length > 1 && long.startsWith(name));
}

/**
 * `ln -s`: the link is written, and a later open through it reaches its target, which the
 * kernel resolves from the link's folder, not from the working directory (`cd src && ln -s ..
 * ../up` makes `/repo/up` lead to `/`). A relative target is read where the link's folder
 * leads: beside the last operand, and inside it in case that names a folder.
 */
function symbolicLinkUses(view: OperandView): PathUse[] {
  const target = view.options.find(
    (option) => option.name === "t" || option.name === "target-directory",
  )?.value;
  const last = view.operands[view.operands.length - 1];
  // One operand: the link is made in the working directory, where its target then resolves.
  if (!target && view.operands.length < 2) return copyLike(view, "read");
  const folders: string[] = [];
  let known = true;
  if (target) {
    if (target.literal) folders.push(target.text);
    else known = false;
  } else if (last?.literal) {
    const noDirectory = view.options.some(
      (o) => o.name === "T" || o.name === "no-target-directory",
    );
    if (view.operands.length === 2 && !last.text.endsWith("/"))
      folders.push(posix.dirname(last.text));
    if (!noDirectory) folders.push(last.text);
  } else known = false;
  const sources = new Set(target ? view.operands : view.operands.slice(0, -1));
  const uses: PathUse[] = [];
  for (const use of copyLike(view, "read")) {
    const word = use.word;
    const relative =
      sources.has(word) && word.literal && !word.text.startsWith("/") && !word.text.startsWith("~");
    // ln opens no target: a relative one means something only from the link's folder.
    if (!relative || !known) {
      uses.push(use);
      continue;
    }
    // Joined as written, not normalised: `a/..` climbs out of wherever `a` leads, which only
    // the check for climbs through links made earlier in the string can see.
    for (const folder of folders) {
      const joined = folder === "." ? word.text : `${folder.replace(/\/+$/, "")}/${word.text}`;
      uses.push({ word: wordFromText(joined), access: "read" });
    }
  }
  return uses;
}

function copyLike(view: OperandView, sourceAccess: PathAccess): PathUse[] {
  const target = view.options.find(
    (option) => option.name === "t" || option.name === "target-directory",
  );
  // mv's row is recursive: everything below its destination is written already.
  const moves = sourceAccess === "read_write";
  const globNames = copiesKeepGlobNames(view.name, view.options, view.unknown);
  if (target?.value) {
    return withBackups(view, [
      { word: target.value, access: "write" },
      ...(moves ? [] : intoFolder(target.value, view.operands, copiesParents(view), globNames)),
      ...view.operands.map((word) => ({ word, access: sourceAccess })),
    ]);
  }
  const uses: PathUse[] = view.operands.map((word, index) => ({
    word,
    access: index === view.operands.length - 1 && view.operands.length > 1 ? "write" : sourceAccess,
  }));
  const noFolder = view.options.some((o) => o.name === "T" || o.name === "no-target-directory");
  if (view.operands.length > 1 && !noFolder && !moves) {
    const destination = view.operands[view.operands.length - 1] as Word;
    uses.push(
      ...intoFolder(destination, view.operands.slice(0, -1), copiesParents(view), globNames),
    );
  }
  return withBackups(view, uses);
}

/**
 * GNU sed's `-iSUF` / `--in-place=SUF` keeps each file's original beside it as `FILE` + SUF
 * (`sed -i~ s/a/b/ y` left the string's text in `y~`, traced: S25 backup-copy); a `*` in SUF
 * stands for the file's name as written, folders included (`-i'.*'` keeps `./src/a.ts` as
 * `../src/a.ts`: S31 perl-inplace-star-fullname). The suffix is the rest of the word after `i`
 * (`-ni.bak`: `.bak`; `-ie`: `e`).
 */
function sedBackups(view: OperandView, files: readonly Word[]): PathUse[] {
  const suffixes: (string | null)[] = [];
  for (const option of view.options) {
    if (option.name === "i") {
      if (option.value !== null) suffixes.push(option.value.literal ? option.value.text : null);
      else if (option.rest !== undefined) suffixes.push(option.rest);
    } else if (option.name.length >= 2 && "in-place".startsWith(option.name) && option.value) {
      suffixes.push(option.value.literal ? option.value.text : null);
    }
  }
  // Named as perl names its copy: `*` is the file's name as written (inplace-backups.ts).
  return suffixes.flatMap((suffix) => files.flatMap((file) => inPlaceBackups(file, suffix, "sed")));
}

/**
 * cp's `--parents` (`--pa`, `--par`…: no other long option of cp starts with `pa`): a source
 * lands in the folder under its whole path as written (`cp --parents src/a d` writes
 * `d/src/a`, traced), not only its last segment.
 */
function copiesParents(view: OperandView): boolean {
  return (
    /(^|\/)cp$/.test(view.name) &&
    view.options.some((o) => o.name.length >= 2 && "parents".startsWith(o.name))
  );
}

/**
 * GNU backups of cp, mv, ln and install (`-b`, `--backup[=CONTROL]`, `-S SUF`, `--suffix`,
 * which also turns backups on): the old destination is renamed beside itself, to its name
 * plus a suffix the command's options or environment choose (`SIMPLE_BACKUP_SUFFIX`,
 * `VERSION_CONTROL=numbered` makes `DEST.~1~`). The suffix never holds a `/` (gnulib takes
 * `~` for one that does), so every such name is `DEST*` in the destination's folder: each
 * file written gets that glob as a write too (S25 backup-copy, traced: `cp -b x y` left the
 * string's text in `y~`, which `sh y~` ran).
 */
function withBackups(view: OperandView, uses: PathUse[]): PathUse[] {
  if (!makesBackups(view.options)) return uses;
  const more: PathUse[] = [];
  for (const use of uses) {
    if (use.access !== "write" || use.below || !use.word.literal) continue;
    // The glob of every backup name, and the simple one when its suffix is known (S31
    // backup-suffix-completes-name: `.e` + `nv` is `.env`).
    more.push(...backupUses(view.options, use.word));
  }
  return [...uses, ...more];
}

/**
 * The files a copy, move or link writes into `folder` when it is one (`cp README.md ~/.ssh/`
 * writes `~/.ssh/README.md`): each source's name there, a glob's last segment when
 * `globNames` (see copy-names.ts); everything below the folder when a source's name is not
 * known.
 */
function intoFolder(
  folder: Word,
  sources: readonly Word[],
  parents = false,
  globNames = false,
): PathUse[] {
  const uses: PathUse[] = [];
  // A folder whose run-time parts are only names a trusted substitution prints
  // (`"README.$(date +%s).md"`: see nameTokenGlob) is one word of known shape: a literal
  // source lands in it under its own name, `README.*.md/README.md` (S31 cp-dest-widened).
  const tokens = !folder.literal && !parents && nameTokenGlob(folder) !== null;
  let below = !folder.literal && !tokens;
  for (const source of sources) {
    const name = posix.basename(source.text.replace(/\/+$/, ""));
    // A glob's files land under the names its last segment matches (S31 cp-dest-widened).
    const named = globNames && !source.literal ? globCopyName(folder, source) : null;
    const plainName = name !== "" && name !== "." && name !== ".." && !name.startsWith("~");
    if (named !== null) uses.push({ word: named, access: "write" });
    else if (tokens && source.literal && plainName) {
      const pieces: Piece[] = [...(folder.pieces ?? []), { kind: "quoted", text: `/${name}` }];
      uses.push({ word: wordFromPieces(pieces, -1, -1), access: "write" });
    } else if (!source.literal || !folder.literal) below = true;
    else if (name !== "" && name !== "." && name !== ".." && !name.startsWith("~")) {
      const text = `${folder.text.replace(/\/+$/, "")}/${name}`;
      uses.push({ word: wordFromText(text, { tilde: folder.tilde === true }), access: "write" });
    }
    // `--parents`: the source's whole path below the folder (a `~` bash expands first is a
    // path this reading does not join: anything below the folder).
    if (parents && source.literal && folder.literal) {
      if (source.tilde === true || source.text.startsWith("~")) below = true;
      else {
        const path = source.text.replace(/^\/+/, "");
        const text = `${folder.text.replace(/\/+$/, "")}/${path}`;
        uses.push({ word: wordFromText(text, { tilde: folder.tilde === true }), access: "write" });
      }
    }
  }
  if (below) uses.push({ word: folder, access: "write", below: true });
  return uses;
}

/** `HEAD~1`, `main^`, `@{u}`, `v1.0..v2.0`: revision syntax, not a file. */
export function isRevision(text: string): boolean {
  return /~\d*$|~\d|\^|@\{|\.\./.test(text) && !/(^|\/)\.\.(\/|$)/.test(text);
}

function findPaths(words: readonly Word[]): PathUse[] {
  const scan = scanFind(words);
  // Without a starting point find searches the working directory.
  const starts = scan.starts.length > 0 ? scan.starts : [wordFromText(".")];
  const access: PathAccess = scan.deletes ? "write" : "read";
  return [...starts.map((word) => ({ word, access, below: true as const })), ...scan.files];
}

const DEVICE_PATHS = /^\/dev\/(null|stdin|stdout|stderr|fd\/\d+)$/;

/** Device nodes that touch no file (corpus README rule 5). */
export function isDevice(path: string): boolean {
  return DEVICE_PATHS.test(path);
}

/**
 * Devices that only give bytes of their own when read (S33 device-file, r33d: `head -c 16
 * /dev/urandom | base64` asked as a read outside the project): random data or zeros, no file
 * behind them and nothing of the user's. Only a read of one is nothing; removing, replacing or
 * linking the node is still a write there. Not /dev/tcp, /dev/fd/N or /dev/stdin (other
 * files or sockets), nor a disk or /dev/mem.
 */
const BYTE_SOURCES = /^\/dev\/(?:urandom|random|zero)$/;

/** Whether reading `path` reads only bytes a device makes (see {@link BYTE_SOURCES}). */
export function isByteSource(path: string): boolean {
  return BYTE_SOURCES.test(path);
}

/** Where relative paths resolve and what `~` means at one point of the command. */
export interface PathState {
  /** Possible working directories (more than one after a `cd` that may fail); null: unknown. */
  cwds: readonly string[] | null;
  /** The home directory, or null once the command reassigns HOME to something unknown. */
  home: string | null;
  /** What the string has assigned to variables so far (see expand.ts). */
  vars: Vars;
}

/** A resolved path: `path` for a static word, `glob` for a pure pathname-expansion pattern. */
export interface ResolvedPath {
  path: string | null;
  glob: string | null;
  /** The absolute path before its `..` segments are applied (see `TouchedPath.joined`). */
  joined?: string;
  /**
   * Every wildcard of `glob` is one the word itself holds (the folder it was joined to is
   * escaped): none is the analyzer's own `**` for a folder it cannot name.
   */
  wordGlob?: true;
}

/**
 * Resolves a word against the state: `~`, `$HOME`, `${HOME}`, `$PWD`, relative paths.
 * One result per possible working directory.
 */
export function resolveWord(word: Word, state: PathState, noGlobstar = false): ResolvedPath[] {
  if (word.literal) return resolveField(word.text, null, word.tilde, state);
  const expanded = expandWord(word, envOf(state), { split: false });
  if (expanded === null) {
    const parts = nameTokenParts(word, state.vars);
    if (parts !== null) {
      const names = nameTokenGlob(word, state.vars) as string;
      const emptied = emptiedNameTokens(parts);
      if (emptied === null) return [{ path: null, glob: null }];
      return [
        ...resolveField(names, names, false, state),
        ...emptied.flatMap((reading) => resolveField(reading.text, reading.pattern, false, state)),
      ];
    }
    return [{ path: null, glob: null }, ...defaultedPaths(word, state)];
  }
  const out: ResolvedPath[] = [];
  for (const alternative of expanded) {
    for (const field of alternative) {
      const tilde = word.tilde && field.text.startsWith("~");
      const pattern =
        noGlobstar && field.pattern !== null ? oneLevel(field.pattern) : field.pattern;
      out.push(...resolveField(field.text, pattern, tilde, state));
    }
  }
  return out.length > 0 ? out : [{ path: null, glob: null }];
}

/**
 * Command substitutions (and `$$`) whose output is one name that holds no `/`, no blank and
 * no glob character, and starts with no `.`: a number (`date +%s`, `id -u`, `nproc`,
 * `git rev-list --count REV`, the shell's pid), a date made of digits and `-_:.`
 * (`date +%F`, `date +%Y%m%d-%H%M%S`: inert-output.ts DATE_WORD; no month or day names, which
 * a locale spells, and no blank-padded `%e`: S30 inert-output), an object name
 * (`git rev-parse --short HEAD`; one git cannot resolve is printed back as written, and the
 * revisions allowed here hold no `/`; `git merge-base A B` and `git rev-list -1 REV`, which
 * print none back).
 */
const NAME_TOKEN_OUTPUT = new RegExp(
  String.raw`^\s*(?:${DATE_WORD}|${GIT_ONE_ID}` +
    String.raw`|git[ \t]+rev-parse(?:[ \t]+(?:--verify|-q|--quiet|--short(?:=[0-9]+)?))*[ \t]+[A-Za-z0-9_^~@{}][A-Za-z0-9_^~@{}-]*` +
    String.raw`|git[ \t]+rev-list[ \t]+--count[ \t]+[A-Za-z0-9_^~@{}][A-Za-z0-9_^~@{}-]*` +
    String.raw`|id[ \t]+-[ug]|nproc)\s*$`,
);

/**
 * The names of {@link NAME_TOKEN_OUTPUT} that always print something: `date` with such a
 * format, `id -u`, `nproc`, while bash can make the substitution's pipe (S33
 * empty-trusted-output). Every git shape prints NOTHING when git fails (S32 F-empty,
 * r32a empty-object-name-substitution): an unknown revision (`nosuch`, `HEAD~99`), an unborn
 * HEAD (`git checkout --orphan x`), no repository found (`GIT_CEILING_DIRECTORIES`); then
 * `"$(git rev-list -1 nosuch)/etc/hostname"` is `/etc/hostname` and `"..$(…)/x"` is `../x`.
 */
const ALWAYS_PRINTS = new RegExp(String.raw`^\s*(?:${DATE_WORD}|id[ \t]+-[ug]|nproc)\s*$`);

/**
 * How an expansion piece is `$$` or a substitution that prints one such name: `"name"` when it
 * always prints one, `"maybe"` when it may print nothing instead; null for any other piece.
 * With `vars`, a number bash makes is one too (see {@link numberToken}); null: no variable's.
 */
function nameToken(piece: Piece, vars?: Vars | null): NameToken | null {
  const text = piece.text;
  if (text === "$$" || text === "${$}") return "name";
  if (vars !== undefined) {
    const number = numberToken(piece, vars);
    if (number !== null) return number;
  }
  let body: string | null = null;
  if (text.startsWith("$(") && !text.startsWith("$((") && text.endsWith(")")) {
    body = text.slice(2, -1);
  } else if (text.length > 1 && text.startsWith("`") && text.endsWith("`")) {
    body = text.slice(1, -1);
  }
  // A format that starts with a literal may start the name with it (`date +.%s`).
  if (body === null || !NAME_TOKEN_OUTPUT.test(body) || /\+['"]?[^%'"]/.test(body)) return null;
  // Where bash may be left without a descriptor for the substitution's pipe, none always
  // prints: it expands to nothing (S33 empty-trusted-output, see failing-substitutions.ts).
  return ALWAYS_PRINTS.test(body) && !substitutionsMayFail() ? "name" : "maybe";
}

/**
 * How a name token may stand: `"name"`, digits or a date or an object name, never empty;
 * `"maybe"`, such a name or nothing; `"signed"`, a decimal integer that may start with `-`;
 * `"signed-maybe"`, one that may be empty too. A signed one never starts a word (there `-5`
 * is read as an option by the program, which this reading does not model).
 */
type NameToken = "name" | "maybe" | "signed" | "signed-maybe";

/**
 * A number bash makes, as a name token (S33 numeric-variable, r33d: `x=$((5 * 3)); mkdir -p
 * "build/$x"`, `mkdir -p "out/run-$i"` asked as any file): bash's status, count and last
 * background pid (`$?`, `$#`, `$!`: no statement assigns them; `$!` is empty before any
 * background job), a length (`${#x}`), an arithmetic expansion (`$((…))`, `$[…]`: a decimal
 * integer, maybe negative; whether evaluating it runs anything is judged where it is
 * written), or a variable the walk knows holds an integer (evaluated.ts INTEGER_VALUE: every
 * assignment that reached here gave it a safe arithmetic result, an integer literal, `$!` or
 * a substitution that prints a number or nothing, so it may be empty and negative). Such text
 * holds no `/`, no `.`, no blank and no glob character. Not while a name only known at run
 * time may have been assigned since (`printf -v "$n"`, `declare -n`: the markers stay beside
 * COMPUTED_NAME) or every name may hold anything.
 */
function numberToken(piece: Piece, vars: Vars | null): NameToken | null {
  const text = piece.text;
  if (/^\$(?:[?#]|\{[?#]\})$/.test(text)) return "name";
  if (text === "$!" || text === "${!}") return "maybe";
  if (/^\$\{#[A-Za-z_][A-Za-z0-9_]*(?:\[[@*]\])?\}$/.test(text)) return "name";
  if (arithmeticText(text)) return "signed";
  const name = piece.variable;
  if (vars === null || name === undefined) return null;
  if (text !== `$${name}` && text !== `\${${name}}`) return null;
  if (vars.has(COMPUTED_NAME) || vars.has(ANY_NAME) || !holdsInteger(name, vars)) return null;
  // Values the walk knows are integers as written; one it does not may be empty.
  return vars.get(name) === null ? "signed-maybe" : "signed";
}

/**
 * Whether an expansion's text is arithmetic (`$((…))`, `$[…]`), not a command substitution
 * that starts with a subshell: bash reads `$((echo /etc);(echo x))` as `$(…)` (traced: it
 * prints /etc), since its `((` is closed by a single `)`. Only a body whose parentheses stay
 * balanced up to the final `))` is taken, and none with quoting.
 */
function arithmeticText(text: string): boolean {
  const body = /^\$\(\(([\s\S]*)\)\)$|^\$\[([^\]]*)\]$/.exec(text);
  const inner = body?.[1] ?? body?.[2];
  if (inner === undefined || /[`'"\\]/.test(inner)) return false;
  let depth = 0;
  for (const char of inner) {
    if (char === "(") depth++;
    else if (char === ")" && --depth < 0) return false;
  }
  return depth === 0;
}

/** The date formats of {@link NAME_TOKEN_OUTPUT} that print no `:` (no `%T`, `%R`, `-Iseconds`). */
const COLON_FREE_DATE = new RegExp(String.raw`^\s*${DATE_REVISION_WORD}\s*$`);
const ANY_DATE = new RegExp(String.raw`^\s*${DATE_WORD}\s*$`);

/**
 * Whether a word is text written out and trusted names only (see {@link nameTokenParts}),
 * starts with written text that no program reads as an option (`rel-$(git rev-parse --short
 * HEAD).tgz`, `out-$(date +%F)`), and can hold no `:` (S32 F-prec2 computed-archive-name: tar
 * reads an archive named `host:file` as a remote one and connects to the host). An object id, a
 * number or a `date` format without `%T`/`%R` prints no `:`; a name that prints nothing (S32
 * F-empty) leaves the written text, which starts the word still.
 */
export function plainTokenWord(word: Word): boolean {
  const parts = nameTokenParts(word);
  const first = parts?.[0];
  if (parts === null || first === undefined || "token" in first) return false;
  if (!/^[A-Za-z0-9_./]/.test(first.plain)) return false;
  if (parts.some((part) => !("token" in part) && part.plain.includes(":"))) return false;
  return (word.pieces ?? []).every((piece) => {
    if (piece.kind !== "expansion") return true;
    const body = /^\$\(([\s\S]*)\)$|^`([\s\S]*)`$/.exec(piece.text);
    const text = body?.[1] ?? body?.[2];
    return text === undefined || !ANY_DATE.test(text) || COLON_FREE_DATE.test(text);
  });
}

/**
 * Whether a substitution piece is a trusted name (see {@link nameToken}) that may print nothing,
 * or `$!`, empty before any background job (S33 numeric-variable).
 */
export function nameTokenMayBeEmpty(piece: Piece): boolean {
  if (piece.kind !== "expansion") return false;
  return nameToken(piece, null) === "maybe";
}

/**
 * A word whose only run-time parts are such names, split into its parts: each literal part's
 * text (`glob`: escaped; `plain`: as written) and each name (`token`: whether it may print
 * nothing). Null for any other word.
 */
type NamePart = { glob: string; plain: string } | { token: NameToken };

function nameTokenParts(word: Word, vars?: Vars): NamePart[] | null {
  const pieces = word.pieces;
  if (pieces === undefined || word.written !== undefined || word.brace) return null;
  if (pieces.map((piece) => piece.text).join("") !== word.text) return null;
  const parts: NamePart[] = [];
  let any = false;
  for (const piece of pieces) {
    if (piece.kind === "expansion") {
      const token = nameToken(piece, vars);
      if (token === null) return null;
      // `-5` first in a word is an option to the program (S33 numeric-variable).
      if (parts.length === 0 && (token === "signed" || token === "signed-maybe")) return null;
      parts.push({ token });
      any = true;
      continue;
    }
    // An unquoted glob or tilde is the word's own pattern: not read here.
    if (piece.kind === "unquoted" && /[*?[~\\]/.test(piece.raw ?? piece.text)) return null;
    parts.push({ glob: piece.text.replace(/[*?[\]{}()!+@\\]/g, "\\$&"), plain: piece.text });
  }
  return any ? parts : null;
}

/**
 * A word whose only run-time parts are such names (`"test-$(date +%s).log"`,
 * `"logs/$(date +%F)"`, `run-$$.log`) as the glob of the names it may be: each part is `*`,
 * which stays inside its folder and matches an empty output too, the written parts escaped.
 * Null for any other word.
 */
function nameTokenGlob(word: Word, vars?: Vars): string | null {
  const parts = nameTokenParts(word, vars);
  if (parts === null) return null;
  return parts.map((part) => ("token" in part ? "*" : part.glob)).join("");
}

/** At most this many names that may print nothing are read both ways (2^N readings). */
const MAX_EMPTY_TOKENS = 4;

/**
 * The word's readings with some of its names that may print nothing empty (S32 F-empty): an
 * empty name is no `*` inside a folder, its neighbours join (`"$(git rev-parse HEAD)/x"` is
 * `/x`, `"..$(…)/x"` is `../x`, `"build/$(…)/../../x"` climbs two levels from `build/`,
 * `"$(…).env"` is `.env`). Each reading is a glob when a name stays, else the plain text; an
 * empty text names no file (bash fails to open `""`) and is left out. Null: too many names to
 * read each way.
 */
function emptiedNameTokens(
  parts: readonly NamePart[],
): { text: string; pattern: string | null }[] | null {
  const mayBeEmpty = (part: NamePart): boolean =>
    "token" in part && (part.token === "maybe" || part.token === "signed-maybe");
  const maybe = parts.filter(mayBeEmpty).length;
  if (maybe === 0) return [];
  if (maybe > MAX_EMPTY_TOKENS) return null;
  const out: { text: string; pattern: string | null }[] = [];
  for (let mask = 1; mask < 1 << maybe; mask++) {
    let index = 0;
    let glob = "";
    let plain = "";
    let stays = false;
    for (const part of parts) {
      if (!("token" in part)) {
        glob += part.glob;
        plain += part.plain;
        continue;
      }
      const emptied = mayBeEmpty(part) && (mask >> index++) % 2 === 1;
      if (emptied) continue;
      glob += "*";
      stays = true;
    }
    if (stays) out.push({ text: glob, pattern: glob });
    else if (plain !== "") out.push({ text: plain, pattern: null });
  }
  return out;
}

/**
 * A glob as bash matches it without `globstar`: a `**` segment is `*`, one folder level and
 * never a name that starts with a dot (`ls src/**` lists `src/d`, never `src/.ssh`), where the
 * analyzer's own `**` spans any folders, dot folders included.
 */
function oneLevel(pattern: string): string {
  if (!pattern.includes("**")) return pattern;
  return pattern
    .split("/")
    .map((segment) => (/^\*\*+$/.test(segment) ? "*" : segment))
    .join("/");
}

/** `${NAME:-WORD}`, `${NAME-WORD}`, `${NAME:=WORD}`, `${NAME=WORD}`, `${NAME:+WORD}`, `${NAME+WORD}`. */
const DEFAULTED =
  /^\$\{([A-Za-z_][A-Za-z0-9_]*)(:?[-=+])((?:[^$`'"\\{}]|\$[A-Za-z_][A-Za-z0-9_]*|\$\{[A-Za-z_][A-Za-z0-9_]*\})*)\}$/;

/** `${NAME%WORD}`, `${NAME%%WORD}`, `${NAME#WORD}`, `${NAME##WORD}` with a WORD that is no pattern. */
const TRIMMED = /^\$\{([A-Za-z_][A-Za-z0-9_]*)(%%?|##?)([^$`'"\\{}*?[\]]*)\}$/;

/** An operand's literal stretches and its `$NAME` / `${NAME}` parts. */
const OPERAND_PARTS = /\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?|[^$]+/g;

/**
 * The files a word names when its `${NAME:-WORD}`-style parts take their operand (an unset
 * NAME gives WORD: `cat ${x:-.env}` reads `.env`). The word stays a computed path as well,
 * since NAME may be set; these are the further files it may name. Only an operand with no
 * expansion or quoting of its own is followed.
 */
function defaultedPaths(word: Word, state: PathState): ResolvedPath[] {
  // Cheap literal test first: most computed words have no operand at all.
  if (word.pieces === undefined || !word.text.includes("${")) return [];
  let changed = false;
  let tilde = false;
  const pieces = word.pieces.flatMap((piece, index): Piece[] => {
    if (piece.kind !== "expansion") return [piece];
    const trimmed = trimmedValue(piece.text, state);
    if (trimmed !== null) {
      changed = true;
      return [{ kind: piece.inQuotes ? "quoted" : "unquoted", text: trimmed, raw: trimmed }];
    }
    const parts = DEFAULTED.exec(piece.text);
    if (parts === null) return [piece];
    const operand = parts[3] as string;
    changed = true;
    if (index === 0 && !piece.inQuotes && /^~(\/|$)/.test(operand)) tilde = true;
    return [...operand.matchAll(OPERAND_PARTS)].map((part): Piece => {
      const text = part[0];
      if (part[1] !== undefined) {
        return { kind: "expansion", text, variable: part[1], inQuotes: piece.inQuotes };
      }
      return piece.inQuotes
        ? { kind: "quoted", text, raw: text }
        : { kind: "unquoted", text, raw: text };
    });
  });
  if (!changed) return [];
  const expanded = expandWord({ ...word, pieces }, envOf(state), { split: false });
  if (expanded === null) return [];
  const out: ResolvedPath[] = [];
  for (const alternative of expanded) {
    for (const field of alternative) {
      if (field.text === "") continue;
      out.push(
        ...resolveField(field.text, field.pattern, tilde && field.text.startsWith("~"), state),
      );
    }
  }
  return out;
}

/**
 * `${NAME%WORD}` and its kin when NAME has one known value and WORD matches only itself:
 * `${PWD%repo}` in `/repo` is `/`. Null otherwise.
 */
function trimmedValue(text: string, state: PathState): string | null {
  const parts = TRIMMED.exec(text);
  if (parts === null) return null;
  const values = valuesOf(parts[1] as string, envOf(state));
  const value = values?.length === 1 && values[0]?.glob !== true ? values[0]?.text : undefined;
  if (value === undefined) return null;
  const cut = parts[3] as string;
  if (parts[2]?.startsWith("%"))
    return value.endsWith(cut) ? value.slice(0, value.length - cut.length) : value;
  return value.startsWith(cut) ? value.slice(cut.length) : value;
}

/** Where a word expands, from the state. */
export function envOf(state: PathState): ExpandEnv {
  return {
    vars: state.vars,
    home: state.home,
    cwd: state.cwds?.length === 1 ? (state.cwds[0] as string) : null,
  };
}

function resolveField(
  text: string,
  pattern: string | null,
  tilde: boolean,
  state: PathState,
): ResolvedPath[] {
  // HOME unknown (a function's body, which runs with whatever HOME then holds): the folder is
  // any, the rest is as written (`~/.ssh/id_rsa` is some `…/.ssh/id_rsa`, which a
  // `**/.ssh/**` rule refuses whatever HOME is), besides a path nobody knows.
  if (tilde && state.home === null && text.startsWith("~/")) {
    const rest = pattern === null ? globOfFolder(text.slice(2)) : plainDots(pattern).slice(2);
    const below = pattern === null || pattern.startsWith("~/") ? somewhere(rest) : null;
    // Absolute: HOME, relative or empty, names a path below the root once joined.
    const suffix = below === null ? [] : [{ path: null, glob: `/${below}` }];
    return [{ path: null, glob: null }, ...suffix];
  }
  if (pattern !== null) {
    return resolveText(plainDots(pattern), tilde, state, true).map(
      (glob): ResolvedPath =>
        glob === null ? { path: null, glob } : { path: null, glob, wordGlob: true },
    );
  }
  const relativeUnknown = state.cwds === null && !tilde && !text.startsWith("/");
  const resolved = resolveText(text, tilde, state);
  if (tilde || !/(?:^|\/)\.\.(?:\/|$)/.test(text)) {
    return resolved.map((path) => ({ path, glob: relativeUnknown ? somewhere(text) : null }));
  }
  // One path per working directory, in order: each keeps the text it was joined to.
  return resolved.map((path, index) => {
    const cwd = text.startsWith("/") ? "" : state.cwds?.[index];
    const joined = cwd === undefined ? undefined : cwd === "" ? text : `${cwd}/${text}`;
    return {
      path,
      glob: relativeUnknown ? somewhere(text) : null,
      ...(joined !== undefined && path !== null ? { joined } : {}),
    };
  });
}

/**
 * A pattern's segments that are `.` or `..` once their escapes are removed (`.\\.` from
 * `.\\./*`, `".."/*` quoted) written plainly, so that the path climbs where bash's does.
 */
function plainDots(pattern: string): string {
  if (!pattern.includes("\\")) return pattern;
  return pattern
    .split("/")
    .map((segment) => {
      const plain = segment.replace(/\\(.)/g, "$1");
      return plain === "." || plain === ".." ? plain : segment;
    })
    .join("/");
}

/**
 * A folder's name as a glob that matches exactly it (`/tmp/app [old]` is `/tmp/app \[old\]`),
 * for a glob that starts at a folder bash does not expand: the working or home directory, or a
 * directory operand of a recursive tool.
 */
export function globOfFolder(name: string): string {
  return name.replace(/[*?[\]{}()!+@\\]/g, "\\$&");
}

/**
 * The absolute path (or, for a `pattern`, the absolute glob) a word's text names. A pattern's
 * working or home directory is a name, not a glob: bash matches a relative pattern inside the
 * folder it is in, whatever that folder is called (`/tmp/app [old]`), so its glob characters
 * are escaped.
 */
function resolveText(
  text: string,
  tilde: boolean,
  state: PathState,
  pattern = false,
): (string | null)[] {
  const folder = (name: string) => (pattern ? globOfFolder(name) : name);
  if (tilde && (text === "~" || text.startsWith("~/"))) {
    return [state.home === null ? null : normalize(posix.join(folder(state.home), text.slice(1)))];
  }
  // `~+` is the working directory; `~-` (OLDPWD) and `~user` are not known here.
  if (tilde && (text === "~+" || text.startsWith("~+/"))) {
    if (state.cwds === null) return [null];
    return state.cwds.map((cwd) => normalize(posix.join(folder(cwd), text.slice(2))));
  }
  // `~user` needs that user's home directory, which is not known here.
  if (tilde) return [null];
  if (text.startsWith("/")) return [normalize(text)];
  if (state.cwds === null) return [null];
  // Most words are plain relative names under a plain folder: joined as normalize would.
  if (!pattern && cleanRelative(text)) {
    const name = text.endsWith("/") ? text.slice(0, -1) : text;
    return state.cwds.map((cwd) =>
      cwd === "/"
        ? `/${name}`
        : cleanAbsolute(cwd)
          ? `${cwd}/${name}`
          : normalize(posix.join(cwd, text)),
    );
  }
  return state.cwds.map((cwd) => normalize(posix.join(folder(cwd), text)));
}

/**
 * Whether `posix.normalize` leaves a relative path as it is: no empty, `.` or `..` segment
 * (one trailing `/` aside).
 */
function cleanRelative(text: string): boolean {
  if (text.length === 0 || text.charCodeAt(0) === 47) return false;
  let start = 0;
  while (start < text.length) {
    let end = text.indexOf("/", start);
    if (end === -1) end = text.length;
    const length = end - start;
    if (length === 0) return false;
    if (
      text.charCodeAt(start) === 46 &&
      (length === 1 || (length === 2 && text.charCodeAt(start + 1) === 46))
    ) {
      return false;
    }
    start = end + 1;
  }
  return true;
}

/** Whether an absolute folder is as `normalize` gives it (no trailing `/`, nothing to fold). */
function cleanAbsolute(path: string): boolean {
  return (
    path.length > 1 &&
    path.charCodeAt(0) === 47 &&
    !path.endsWith("/") &&
    cleanRelative(path.slice(1))
  );
}

/**
 * A literal relative path after a `cd` the analyzer cannot follow: the file is `x` under some
 * directory, the pattern `**` + `/x` (a path starting with `..` leaves no such pattern).
 */
function somewhere(text: string): string | null {
  const relative = posix.normalize(text);
  if (relative === "." || relative.startsWith("..") || relative.startsWith("/")) return null;
  return `**/${relative.endsWith("/") ? relative.slice(0, -1) : relative}`;
}

function normalize(path: string): string {
  const normal = posix.normalize(path);
  return normal.length > 1 && normal.endsWith("/") ? normal.slice(0, -1) : normal;
}
