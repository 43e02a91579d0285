/**
 * Options a program reads from an environment variable, read as the program reads them (S30
 * env-options, R41): the value is split into words by the program's own rules and each word
 * is judged by the same prefix rules as the program's command line. A check of the raw text
 * against one spelling misses what the program accepts besides it: GNU tar and man-db (getopt
 * / argp) and Info-ZIP zip take any unambiguous prefix of a long option (`--to-c`,
 * `--co`, `--unzip-c`), tar removes quotes and backslashes from TAR_OPTIONS words
 * (`"-Igit push"`), node reads `_` as `-` in an option's name (`--experimental_loader`),
 * bash decodes a prompt's `\NNN` escapes before it expands the prompt (`\044(…)`), and npm
 * reads `npm_config_*` names in any case with `-` and `_` alike.
 */

/** The words an options variable's value may be split into, and whether that split is sure. */
interface OptionWords {
  readonly words: readonly string[];
  /** False when an escape or an unclosed quote leaves the program's words unknown. */
  readonly sure: boolean;
}

/**
 * The value split as a shell splits words, in order: blanks separate, quotes and backslashes
 * are removed. With `escapes` (tar's wordsplit decodes C escapes: traced,
 * `"--to-c\x3dgit push"` ran `git push`) a backslash before a letter or digit makes the split
 * unsure, and so does an unclosed quote.
 */
function shellWords(text: string, escapes: boolean): { words: string[]; sure: boolean } {
  const words: string[] = [];
  let sure = true;
  let word = "";
  let started = false;
  let quote: "'" | '"' | null = null;
  for (let i = 0; i < text.length; i++) {
    const c = text[i] as string;
    if (quote === "'") {
      if (c === "'") quote = null;
      else word += c;
    } else if (c === "\\" && i + 1 < text.length) {
      const next = text[++i] as string;
      if (escapes && /[0-9A-Za-z]/.test(next)) sure = false;
      word += next;
      started = true;
    } else if (quote === '"') {
      if (c === '"') quote = null;
      else word += c;
    } else if (c === "'" || c === '"') {
      quote = c;
      started = true;
    } else if (/\s/.test(c)) {
      if (started) words.push(word);
      word = "";
      started = false;
    } else {
      word += c;
      started = true;
    }
  }
  if (quote !== null) sure = false;
  if (started) words.push(word);
  return { words, sure };
}

/**
 * The words a program may see in an options variable: both the value split at blanks as
 * written (man-db, xz and less keep quotes) and split as a shell would (tar's wordsplit, node
 * and Info-ZIP remove quotes), so a word either program sees is among them.
 */
function optionWords(text: string, escapes: boolean): OptionWords {
  const shell = shellWords(text, escapes);
  const raw = text.split(/\s+/).filter((word) => word !== "");
  return { words: [...new Set([...raw, ...shell.words])], sure: shell.sure };
}

/**
 * Whether a word is one of the long options `names` as getopt_long, argp and Info-ZIP's
 * parser take them: the name, or any prefix of it (one letter is enough here: a prefix that
 * would name another option too is an error, which runs nothing), unless the written name is
 * itself one of the program's `exact` options (`--checkpoint` is not `--checkpoint-action`).
 */
function longOption(word: string, names: readonly string[], exact: readonly string[] = []) {
  if (!word.startsWith("--")) return false;
  const name = word.slice(2).split("=")[0] as string;
  if (name === "" || exact.includes(name)) return false;
  return names.some((full) => full.startsWith(name));
}

/**
 * GNU tar's options that run a command, on its argv (opaque.ts) and in TAR_OPTIONS alike; tar
 * takes any unambiguous prefix of them.
 */
const TAR_RUNNING_OPTIONS: readonly string[] = [
  "checkpoint-action",
  "to-command",
  "use-compress-program",
  "rsh-command",
  "info-script",
  "new-volume-script",
];

/** man-db's options that name a program it runs or a configuration that defines them. */
const MAN_RUNNING = ["pager", "html", "config-file", "gxditview"];

/**
 * How each options variable's words run a command: tar's `-I`/`-F` and long options, zip's
 * `-TT`/`--unzip-command`, man's `-P`/`-H`/`-C`/`-X` and long options. `escapes`: the program's
 * splitting decodes backslash escapes (tar's wordsplit).
 */
interface RunningWords {
  readonly escapes: boolean;
  readonly runs: (word: string) => boolean;
}
/**
 * Whether one of tar's words runs a command: `-I`/`-F` in a cluster, or a prefix of a running
 * long option other than `--checkpoint` itself. The argv (opaque.ts) and TAR_OPTIONS read a word
 * by this one test, so a spelling cannot run a command in one place and pass in the other.
 */
export function tarRunningWord(word: string): boolean {
  return /^-[A-Za-z0-9]*[IF]/.test(word) || longOption(word, TAR_RUNNING_OPTIONS, ["checkpoint"]);
}
const TAR_WORDS: RunningWords = { escapes: true, runs: tarRunningWord };
const ZIP_WORDS: RunningWords = {
  escapes: false,
  runs: (word) =>
    (/^-[^-]/.test(word) && word.includes("TT")) || longOption(word, ["unzip-command"]),
};
const MAN_WORDS: RunningWords = {
  escapes: false,
  runs: (word) => /^-[A-Za-z]*[PHCUX]/.test(word) || longOption(word, MAN_RUNNING),
};
const RUNNING_WORDS: ReadonlyMap<string, RunningWords> = new Map([
  ["TAR_OPTIONS", TAR_WORDS],
  ["ZIPOPT", ZIP_WORDS],
  ["ZIP", ZIP_WORDS],
  ["MANOPT", MAN_WORDS],
]);

/**
 * Whether an options variable's literal value may run a command, read word by word as the
 * program reads it; undefined for a variable not read here. An unsure split counts as running.
 */
export function optionVariableRuns(name: string, text: string): boolean | undefined {
  const grammar = RUNNING_WORDS.get(name);
  if (grammar === undefined) return undefined;
  const { words, sure } = optionWords(text, grammar.escapes);
  return !sure || words.some(grammar.runs);
}

/**
 * The words of an options variable that names files as the program splits them, or null to
 * split at blanks: tar's wordsplit removes quotes and backslashes (traced:
 * TAR_OPTIONS="-f '/home/user/x.tar'" created /home/user/x.tar). An unsure split is null too:
 * the caller then counts the whole value as a path of unknown direction.
 */
export function optionFileWords(
  name: string,
  text: string,
): { words: string[]; sure: boolean } | null {
  return name === "TAR_OPTIONS" ? shellWords(text, true) : null;
}

/**
 * node's options in NODE_OPTIONS as node reads them: split at blanks with double quotes
 * removed (and, to be safe, single quotes too), each long option's name with `_` read as `-`
 * (node normalises names so: traced, `--experimental_loader=data:…` loaded the module).
 */
export function nodeOptionWords(text: string): { words: string[]; sure: boolean } {
  const { words, sure } = optionWords(text, false);
  return {
    sure,
    words: words.map((word) => {
      if (!word.startsWith("--")) return word;
      const eq = word.indexOf("=");
      const name = eq === -1 ? word : word.slice(0, eq);
      return `--${name.slice(2).replace(/_/g, "-")}${eq === -1 ? "" : word.slice(eq)}`;
    }),
  };
}

/**
 * A prompt string as bash expands it: decode_prompt_string turns `\NNN` (one to three octal
 * digits) into that character before the expansion, so `\044(cmd)` is `$(cmd)` (traced:
 * `PS4='\044(git push origin main)' bash -x f` ran git push). `\\` stays a backslash pair
 * here (bash makes it one backslash, which then quotes the next character); bash has no `\x`
 * prompt escape (traced: `\x24` printed as written).
 */
export function decodedPrompt(text: string): string {
  if (!text.includes("\\")) return text;
  return text.replace(/\\(\\|[0-7]{1,3})/g, (written, body: string) =>
    body === "\\" ? written : String.fromCharCode(Number.parseInt(body, 8) & 0xff),
  );
}

/**
 * Whether a (decoded) prompt string may run anything when bash expands it: a command
 * substitution, arithmetic (`$[x]`, `$((x))`, a subscript: a variable's value evaluated as an
 * expression may hold `a[$(cmd)]`), `${x@P}` (the value expanded as a prompt), `${!x}` (an
 * indirection that may name `a[$(cmd)]`) or any other `${…}` operator. `$NAME`, `${NAME}`,
 * `${#NAME}`, `${NAME[N]}` and the special parameters are only text.
 */
export function promptRuns(text: string): boolean {
  if (text.includes("`")) return true;
  const rest = text.replace(
    /\$(?:[A-Za-z_][A-Za-z0-9_]*|[0-9?#$!*@_-]|\{#?(?:[A-Za-z_][A-Za-z0-9_]*(?:\[(?:[0-9]+|[@*])\])?|[0-9?#$!*@_-])\})/g,
    "",
  );
  return /\$[({[]/.test(rest);
}

/**
 * The name npm reads an `npm_config_*` variable as, spelled `npm_config_KEY` in lower case
 * with `_` between words (@npmcli/config loadEnv lowercases the key and reads `_` as `-`:
 * traced, `env 'npm_config_script-shell=rm' npm test` ran rm as the script shell); any other
 * name unchanged.
 */
export function npmSettingVariable(name: string): string {
  if (!/^npm_config_/i.test(name)) return name;
  return `npm_config_${name.slice("npm_config_".length).toLowerCase().replace(/-/g, "_")}`;
}
