import { type Word, wordFromText } from "../read/words.ts";
import type { PathAccess } from "../types.ts";
import { npmSettingVariable } from "./option-env.ts";
import { toolName } from "./wrappers.ts";

/**
 * Programs that expand `~`, `$HOME`/`${HOME}` (or ssh's `%d`) in their own option values.
 *
 * bash leaves a quoted `'~/x'` (or `\~/x`, `~'/'x`, a variable's value `~/x`) alone, so the
 * program is given the two characters `~/`; these programs then put their home folder there
 * themselves (npm's and pip's path settings, GnuPG's `make_filename`, ssh's `IdentityFile`,
 * pytest's `cache_dir`). Read as bash reads it, `'~/x'` would be the project path `./~/x`.
 * Each value such a program expands is read the way the program reads it: a leading `~/` (or
 * `~`, for the programs that take it) is the home folder, `~user/…` and any variable or token
 * other than the home one are known only when the program runs (a computed path). One test
 * walks the examples of every entry (test/f20d-own-expansions.test.ts).
 */
export interface OwnExpansionRule {
  /** Program names, after any directory (`pip3.11` matches `pip[0-9.]*`). */
  readonly names: RegExp;
  /**
   * The python module that is this program (`python3 -m pip`): its words are those after
   * `-m MODULE`.
   */
  readonly module?: string;
  readonly options: readonly OwnExpandedOption[];
  /** What the program expands in those values. */
  readonly expands: Expansion;
  /**
   * The program finds `~` through its own `HOME` (not the password file): a `HOME` its
   * environment sets moves the file (see `underProgramHome`).
   */
  readonly home: boolean;
  readonly note: string;
  /** Commands in which a value the program expands names a file under the home folder or a computed one. */
  readonly match: readonly string[];
  /** Commands of the same program in which none does. */
  readonly notMatch: readonly string[];
}

export interface OwnExpandedOption {
  /** Long names without dashes; any prefix of two letters or more counts (getopt_long, optparse, nopt abbreviate). */
  readonly long: readonly string[];
  /** Short letters that take the value (`-d DIR`, `-dDIR`, a letter group's last). */
  readonly short?: string;
  /** A `KEY=VALUE` setting option (`ssh -o`, `pytest -o`): the keys whose value is a path. */
  readonly keys?: RegExp;
  /** The value may hold several paths separated by blanks (ssh's `UserKnownHostsFile a b`). */
  readonly blanks?: true;
  readonly access: PathAccess;
  /** A folder the program reads or writes below. */
  readonly below?: true;
}

export interface Expansion {
  /** `~/…` only (npm), or also a bare `~` and `~user/…` (python's expanduser, GnuPG, ssh). */
  readonly tilde: "slash" | "word";
  /**
   * Variables the program replaces: `${NAME}` only (`braced`) or `$NAME` too (`both`);
   * `home` when `HOME` is the home folder the analysis knows (any other name is computed).
   */
  readonly variables?: { readonly syntax: "braced" | "both"; readonly home: boolean };
  /** ssh's `%` tokens: `%d` is the home folder, `%%` a `%`, any other unknown. */
  readonly percent?: true;
}

const PATH_KEYS_SSH =
  /^(IdentityFile|CertificateFile|ControlPath|IdentityAgent|UserKnownHostsFile|GlobalKnownHostsFile|RevokedHostKeys|PKCS11Provider|SecurityKeyProvider|LocalForward|RemoteForward|XAuthLocation|ForwardAgent)$/i;

export const OWN_EXPANSION_RULES: readonly OwnExpansionRule[] = [
  {
    names: /^(npm|npx)$/,
    options: [
      { long: ["prefix"], short: "C", access: "read_write", below: true },
      { long: ["cache", "logs-dir"], access: "read_write", below: true },
      {
        long: ["cafile", "userconfig", "globalconfig", "init-module", "init.module"],
        access: "read",
      },
      { long: ["node-gyp", "provenance-file"], access: "read" },
    ],
    expands: { tilde: "slash", variables: { syntax: "braced", home: false } },
    home: true,
    note: "npm's path settings (@npmcli/config parse-field): `${NAME}` replaced from its environment, then a leading `~/` is os.homedir(); options are read anywhere before `--` and by unique prefix (`--cafi`)",
    match: [
      "npm run build --prefix '~/x'",
      'npm run build -C "~/"',
      "npm run --cafile '~/.ssh/id_rsa' build",
      "npm run build --logs-dir \\~/.ssh",
      "npm ls --cache '~/c'",
      "npm run build --cafi '~/notes.txt'",
      "npm run build --cafile '${HOME}/notes.txt'",
      "p='~/x'; npm run build --prefix \"$p\"",
      "npm run build --prefix ~'/'",
      "npx --prefix '~/' x",
    ],
    notMatch: [
      "npm run build --prefix ./x",
      "npm run build -- --logs-dir '~/x'",
      "npm run build --prefix '~'",
      "npm run build --logs-dir '$HOME/l'",
      "npm run build",
    ],
  },
  {
    names: /^pip[0-9.]*$/,
    module: "pip",
    options: [
      { long: ["log", "log-file", "local-log"], access: "write" },
      { long: ["cert", "client-cert"], access: "read" },
      { long: ["cache-dir"], access: "read_write", below: true },
      { long: ["path"], access: "read", below: true },
      {
        long: ["src", "source", "source-dir", "source-directory"],
        access: "read_write",
        below: true,
      },
      {
        long: ["dest", "destination-dir", "destination-directory", "wheel-dir"],
        short: "dw",
        access: "read_write",
        below: true,
      },
    ],
    expands: { tilde: "word" },
    home: true,
    note: "pip's `path` options and the folders it normalizes (download -d, wheel -w) go through os.path.expanduser (`~`, `~/…`, `~user/…`); pip replaces no variables",
    match: [
      "pip --log '~/l' list",
      'pip list --log "~/.ssh/x"',
      "python3 -m pip --log '~/l' list",
      "pip3.11 --log-file '~/l' list",
      "pip download x -d '~/d'",
      "pip download x -d~/d",
      "pip wheel -w '~/w' x",
      "pip --cache-dir '~/c' download x",
      "pip freeze --path '~/x'",
      "pip list --path='~/x'",
      "pip --log '~' list",
      "pip --log '~root/l' list",
      "l='~/l'; pip --log \"$l\" list",
    ],
    notMatch: ["pip --log ./l list", "pip list --log '$HOME/l'", "pip install -r requirements.txt"],
  },
  {
    names: /^(gpg|gpg2|gpgsm|gpgv|gpgv2|gpg-agent|gpg-connect-agent|dirmngr)$/,
    options: [
      { long: ["homedir"], access: "read_write", below: true },
      { long: ["keyring", "primary-keyring", "trustdb-name"], access: "read_write" },
    ],
    expands: { tilde: "word" },
    home: true,
    note: "GnuPG's make_filename puts its HOME (or the password file's home) in place of a leading `~` of --homedir, --keyring, --primary-keyring and --trustdb-name; it replaces no variables",
    match: [
      "gpg --batch --homedir '~/x' --list-keys",
      "gpg --batch --homedir '~' --list-keys",
      'gpg --batch --homedir ./g --keyring "~/x" --list-keys',
      "gpg --batch --homedir ./g --trustdb-name='~/x' --list-keys",
      "gpgsm --homedir '~/x' --list-keys",
      "gpgv --keyring '~/x' README.md",
      "gpg-connect-agent --homedir '~/x' /bye",
      "h='~/x'; gpg --batch --homedir \"$h\" --list-keys",
    ],
    notMatch: [
      "gpg --batch --homedir ./g --list-keys",
      "gpg --batch --homedir '$HOME/x' --list-keys",
      "gpg --batch --homedir ./g --import '~/notes.txt'",
    ],
  },
  {
    names: /^(ssh|slogin|scp|sftp)$/,
    options: [
      { long: [], short: "o", keys: PATH_KEYS_SSH, blanks: true, access: "read_write" },
      // -S is ControlPath: ssh connects to (or, as master, makes) the socket there.
      { long: [], short: "S", access: "read_write" },
    ],
    expands: { tilde: "word", variables: { syntax: "braced", home: true }, percent: true },
    home: false,
    note: "ssh expands `~` (the password file's home), `${NAME}` from its environment and `%` tokens (`%d` the home folder, `%u` the user, `%h` the host…) in IdentityFile, CertificateFile, ControlPath (and -S), IdentityAgent, UserKnownHostsFile and their kin; scp and sftp pass -o to ssh",
    match: [
      "ssh -o 'IdentityFile=${HOME}/notes.txt' h",
      "ssh -o 'IdentityFile ${HOME}/notes.txt' h",
      "ssh -o 'CertificateFile=${HOME}/notes.txt' h",
      "scp -o 'IdentityFile=${HOME}/notes.txt' README.md h:x",
      "sftp -o 'IdentityFile=${HOME}/notes.txt' h",
      "ssh -o 'IdentityFile=%d/notes.txt' h",
      "ssh -o 'IdentityFile=/home/%u/.ssh/id_rsa' h",
      "ssh -o 'UserKnownHostsFile=./k ${XDG}/k' h",
      "ssh -S '~/ctl' -O check h",
      "ssh -S '%d/ctl' -O check h",
    ],
    notMatch: ["ssh -o 'IdentityFile=./k' h", "ssh -o BatchMode=yes h", "ssh -i '${HOME}/k' h"],
  },
  {
    names: /^(pytest|py\.test|pytest-3)$/,
    module: "pytest",
    options: [
      {
        long: ["override-ini"],
        short: "o",
        keys: /^cache_dir$/,
        access: "read_write",
        below: true,
      },
      { long: ["junitxml", "junit-xml"], access: "write" },
      // --rootdir goes through os.path.expandvars; its .pytest_cache is written below it
      // (R20: `pytest --rootdir='$HOME'` wrote /home/user/.pytest_cache).
      { long: ["rootdir"], access: "read_write", below: true },
    ],
    expands: { tilde: "word", variables: { syntax: "both", home: true } },
    home: true,
    note: "pytest resolves its cache_dir setting and --junitxml with os.path.expanduser and os.path.expandvars (`$NAME`, `${NAME}`), and --rootdir with os.path.expandvars",
    match: [
      "pytest --rootdir='$HOME' -q",
      "pytest -q --rootdir '${HOME}'",
      "pytest -q -o 'cache_dir=$HOME/c'",
      "pytest -q --override-ini 'cache_dir=${HOME}/c'",
      "pytest -q -o cache_dir='$HOME/.ssh/c'",
      "python3 -m pytest -o 'cache_dir=~/c'",
      "pytest --junitxml '$HOME/x.xml'",
      "pytest -o 'cache_dir=$TMPDIR/c'",
    ],
    notMatch: [
      "pytest -q -o cache_dir=.c",
      "pytest -q -o 'addopts=$HOME'",
      "pytest -q",
      "pytest --rootdir=tests -q",
    ],
  },
  {
    names: /^ruff$/,
    options: [
      { long: ["config"], access: "read" },
      // An inline TOML setting (`--config 'cache-dir = "~/c"'`): its path values.
      {
        long: ["config"],
        keys: /^(cache-dir|extend)$/,
        blanks: true,
        access: "read_write",
        below: true,
      },
    ],
    expands: { tilde: "word", variables: { syntax: "both", home: true } },
    home: true,
    note: "ruff expands `~`, `$NAME` and `${NAME}` (shellexpand) in its --config file and in the cache-dir and extend values of an inline --config setting; its --cache-dir option is taken as written",
    match: [
      "ruff check --config '~/r.toml' x.py",
      "ruff format --config='$HOME/r.toml' x.py",
      "ruff check --config '${HOME}/r.toml' x.py",
      "ruff check --config 'cache-dir = \"~/c\"' x.py",
    ],
    notMatch: [
      "ruff check --cache-dir '~/c' x.py",
      "ruff check --config ./r.toml x.py",
      "ruff check .",
    ],
  },
];

/** npm's path-typed settings (@npmcli/config), as `npm_config_NAME` spells them. */
export const NPM_PATH_SETTINGS: readonly string[] = [
  ...["prefix", "cache", "logs_dir", "cafile", "userconfig", "globalconfig", "init_module"],
  ...["node_gyp", "provenance_file"],
];

/** pip's options that name files or folders, as `PIP_NAME` spells them. */
export const PIP_PATH_SETTINGS: readonly string[] = [
  ...["LOG", "LOG_FILE", "LOCAL_LOG", "CACHE_DIR", "CERT", "CLIENT_CERT", "SRC", "DEST"],
  ...["WHEEL_DIR", "PATH", "CONFIG_FILE", "TARGET", "PREFIX", "ROOT", "REPORT", "REQUIREMENT"],
  ...["CONSTRAINT", "FIND_LINKS"],
];

const OWN_SETTING = new RegExp(
  `^(npm_config_(${NPM_PATH_SETTINGS.join("|")})|NPM_CONFIG_(${NPM_PATH_SETTINGS.join("|").toUpperCase()})|PIP_(${PIP_PATH_SETTINGS.join("|")}))$`,
);

/**
 * The files an npm or pip path setting given through the environment names
 * (`export npm_config_cafile='~/.ssh/id_rsa'` before `npm run build`): the value, and its
 * leading `~` as the program expands it. Null for any other variable.
 */
export function ownSettingUses(name: string, value: Word): OwnUse[] | null {
  // npm reads the name in any case with `-` as `_` (S30 env-options, npmSettingVariable).
  if (!OWN_SETTING.test(npmSettingVariable(name))) return null;
  if (value.literal && value.text === "") return [];
  const uses: OwnUse[] = [{ word: value, access: "read_write", below: true }];
  if (!value.literal)
    uses.push({ word: { ...value, tilde: true }, access: "read_write", below: true });
  else if (value.text.startsWith("~") && !value.tilde) {
    uses.push({
      word: wordFromText(value.text, { tilde: true }),
      access: "read_write",
      below: true,
    });
  }
  return uses;
}

/** The rule of a program, and the words after its name (after `-m MODULE` for a python module). */
function ruleOf(words: readonly Word[]): { rule: OwnExpansionRule; rest: readonly Word[] } | null {
  const name = toolName(words[0]?.text ?? "") ?? "";
  for (const rule of OWN_EXPANSION_RULES) {
    if (rule.names.test(name)) return { rule, rest: words.slice(1) };
  }
  if (!/^python[0-9.]*$/.test(name)) return null;
  const at = words.findIndex((word) => /^-m./.test(word.text) || word.text === "-m");
  if (at <= 0) return null;
  const glued = (words[at] as Word).text.slice(2);
  const module = glued === "" ? words[at + 1]?.text : glued;
  const rule = OWN_EXPANSION_RULES.find((each) => each.module === module);
  if (rule === undefined) return null;
  return { rule, rest: words.slice(glued === "" ? at + 2 : at + 1) };
}

/** The option a long name (or a prefix of two letters or more) names. */
function longOption(rule: OwnExpansionRule, written: string): OwnExpandedOption[] {
  if (written.length < 2) return [];
  return rule.options.filter((option) => option.long.some((full) => full.startsWith(written)));
}

/** The values (word, or the text glued to an option) of the rule's options in `words`. */
function optionValues(
  rule: OwnExpansionRule,
  words: readonly Word[],
): { option: OwnExpandedOption; word: Word; text: string | null }[] {
  const out: { option: OwnExpandedOption; word: Word; text: string | null }[] = [];
  // INVARIANT: every word is read as a possible option (a value of another option taken for
  // one only adds a reading): the program's own parse is one of them.
  for (let i = 0; i < words.length; i++) {
    const word = words[i] as Word;
    const text = word.text;
    if (!word.literal || !text.startsWith("-") || text === "-") continue;
    if (text === "--") break;
    if (text.startsWith("--")) {
      const eq = text.indexOf("=");
      const options = longOption(rule, text.slice(2, eq === -1 ? undefined : eq));
      const next = words[i + 1];
      for (const option of options) {
        if (eq !== -1) out.push({ option, word, text: text.slice(eq + 1) });
        else if (next !== undefined) out.push({ option, word: next, text: null });
      }
      continue;
    }
    for (let k = 1; k < text.length; k++) {
      const option = rule.options.find((each) => each.short?.includes(text[k] as string));
      if (option === undefined) continue;
      const rest = text.slice(k + 1);
      const next = words[i + 1];
      if (rest !== "") out.push({ option, word, text: rest });
      else if (next !== undefined) out.push({ option, word: next, text: null });
      // getopt: the rest of the word is this letter's value.
      break;
    }
  }
  return out;
}

const HOME_MARK = "\u0000";

/**
 * The file a value names once the program expanded it: a `~`-word for the home folder, a
 * computed word for anything only the run knows, null when the program changes nothing.
 */
function expandedValue(text: string, how: Expansion): Word | null {
  let unknown = false;
  let changed = false;
  let out = text;
  if (how.percent === true) {
    out = out.replace(/%(.)/gs, (token, letter: string) => {
      changed = true;
      if (letter === "%") return "%";
      if (letter === "d") return HOME_MARK;
      unknown = true;
      return token;
    });
  }
  const variables = how.variables;
  if (variables !== undefined) {
    const pattern = variables.syntax === "braced" ? /\$\{([^${}]*)\}/g : /\$(?:(\w+)|\{([^}]*)\})/g;
    out = out.replace(pattern, (whole, first?: string, second?: string) => {
      changed = true;
      const name = (first ?? second ?? "").replace(/\?$/, "");
      if (variables.home && name === "HOME") return HOME_MARK;
      unknown = true;
      return whole;
    });
  }
  if (unknown || out.lastIndexOf(HOME_MARK) > 0) return wordFromText(text, { computed: true });
  if (out.startsWith(HOME_MARK)) out = `~${out.slice(1)}`;
  const tilde = how.tilde === "word" ? out.startsWith("~") : /^~\//.test(out);
  if (tilde) return wordFromText(out, { tilde: true });
  return changed ? wordFromText(out) : null;
}

type OwnUse = { word: Word; access: PathAccess; below?: true; home?: true };

/**
 * The files a program's own expansion of its option values names (see
 * {@link OwnExpansionRule}): each value as the program reads it, besides the reading bash's
 * words give (which stays).
 */
export function ownExpandedUses(words: readonly Word[]): OwnUse[] {
  const found = ruleOf(words);
  if (found === null) return [];
  return optionValues(found.rule, found.rest).flatMap(({ option, word, text }) =>
    valueUses(found.rule, option, word, text),
  );
}

/**
 * The same for a wrapper's option value (`npx --prefix '~/' x`): `program` is the wrapper's
 * name, `option` the option's name as its grammar reads it, `value` its value.
 */
export function ownExpandedOptionUses(program: string, option: string, value: Word): OwnUse[] {
  const rule = OWN_EXPANSION_RULES.find((each) => each.names.test(program));
  if (rule === undefined) return [];
  const options =
    option.length === 1
      ? rule.options.filter((each) => each.short?.includes(option) === true)
      : longOption(rule, option);
  return options.flatMap((each) => valueUses(rule, each, value, null));
}

/** The files one value names as the program reads it. */
function valueUses(
  rule: OwnExpansionRule,
  option: OwnExpandedOption,
  word: Word,
  text: string | null,
): OwnUse[] {
  const use = (named: Word): OwnUse => ({
    word: named,
    access: option.access,
    ...(option.below === true ? { below: true as const } : {}),
    ...(rule.home ? { home: true as const } : {}),
  });
  if (text === null && !word.literal) {
    // A value only the string's own variables make (`p='~/x'; … "$p"`): its `~` is the
    // program's, whatever bash did not expand.
    return option.keys === undefined ? [use({ ...word, tilde: true })] : [];
  }
  let value = text ?? word.text;
  if (option.keys !== undefined) {
    const setting = /^\s*([\w.-]+)\s*(?:=\s*|\s+)([\s\S]*)$/.exec(value);
    if (setting === null || !option.keys.test(setting[1] as string)) return [];
    value = setting[2] as string;
  }
  const pieces = option.blanks === true ? value.split(/\s+/).filter(Boolean) : [value];
  const uses: OwnUse[] = [];
  for (const piece of pieces) {
    const plain = option.blanks === true ? piece.replace(/^(["'])(.*)\1$/s, "$2") : piece;
    const expanded = expandedValue(plain, rule.expands);
    if (expanded !== null) uses.push(use(expanded));
    // S31 ssh-blank-setting: a setting's value names its file as written too. No word of
    // bash's shows it when a blank separates key and value (`-o 'IdentityFile /abs'`, which
    // ssh takes as `IdentityFile=/abs`: host strace, the key was opened), only the `=`
    // spelling is a path-shaped word of its own.
    else if (option.keys !== undefined && plain !== "") uses.push(use(wordFromText(plain)));
  }
  return uses;
}
