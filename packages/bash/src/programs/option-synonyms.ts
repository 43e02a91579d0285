import { posix } from "node:path";
import { gitOptionNames } from "./git-options.ts";
import { npmCommand } from "./npm.ts";
import { mayNameAnother, programNameReading } from "./program-names.ts";
import { valueSpellingReading } from "./value-spellings.ts";

/**
 * Options that one program spells in several ways (`rm -R`, `rm -r`, `rm --recursive`,
 * `rm --rec`). A deny or ask rule names one spelling; the gates read a command with the
 * other spellings written as the rule writes them, so `rm -Rf /x` meets `rm -rf /*`. An allow
 * rule is never read this way.
 */
export interface OptionSynonyms {
  /** The program's name, and for a git subcommand the subcommand (`git push`). */
  readonly command: readonly string[];
  /** Every long option the program takes (without `--`): a unique prefix stands for one. */
  readonly longOptions: readonly string[];
  /** Short options whose value is the rest of their cluster or the next word. */
  readonly valueLetters: string;
  /** Spellings of one option each: letters as `-r`, long options as `--recursive`. */
  readonly synonyms: readonly (readonly string[])[];
  /**
   * How the program reads an abbreviated long option: `true` (the default) a unique prefix of
   * one of `longOptions` (GNU getopt_long, git); `false` only an exact name (Go's flag and
   * pflag: docker, terraform); `"rule"` a prefix of a long option the rule names, when the
   * table does not list every option the program takes (curl, npm).
   */
  readonly abbreviations?: boolean | "rule";
  /** Short options whose value is only the rest of their cluster (`sed -i.bak`). */
  readonly optionalLetters?: string;
  /**
   * A letter that is two options at once (`git branch -D` is `--delete --force`), by its
   * spelling and the spellings of its parts.
   */
  readonly combined?: Readonly<Record<string, readonly string[]>>;
}

/** From the programs' manuals (GNU coreutils 9, git 2.4x `git push -h`). */
export const OPTION_SYNONYMS: readonly OptionSynonyms[] = [
  {
    command: ["rm"],
    longOptions: [
      ...["force", "interactive", "one-file-system", "no-preserve-root", "preserve-root"],
      ...["recursive", "dir", "verbose", "help", "version"],
    ],
    valueLetters: "",
    synonyms: [
      ["-r", "-R", "--recursive"],
      ["-f", "--force"],
      ["-d", "--dir"],
      ["-v", "--verbose"],
    ],
  },
  {
    command: ["cp"],
    longOptions: [
      ...["archive", "attributes-only", "backup", "copy-contents", "debug", "dereference"],
      ...["force", "interactive", "link", "no-clobber", "no-dereference", "no-preserve"],
      ...["parents", "preserve", "recursive", "reflink", "remove-destination", "sparse"],
      ...["strip-trailing-slashes", "symbolic-link", "suffix", "target-directory"],
      ...["no-target-directory", "update", "verbose", "one-file-system", "context"],
      ...["keep-directory-symlink", "help", "version"],
    ],
    valueLetters: "St",
    synonyms: [
      ["-r", "-R", "--recursive"],
      ["-f", "--force"],
      ["-i", "--interactive"],
      ["-n", "--no-clobber"],
      ["-a", "--archive"],
      ["-l", "--link"],
      ["-s", "--symbolic-link"],
      ["-v", "--verbose"],
    ],
  },
  {
    command: ["mv"],
    longOptions: [
      ...["backup", "debug", "exchange", "force", "interactive", "no-clobber", "no-copy"],
      ...["strip-trailing-slashes", "suffix", "target-directory", "no-target-directory"],
      ...["update", "verbose", "context", "help", "version"],
    ],
    valueLetters: "St",
    synonyms: [
      ["-f", "--force"],
      ["-i", "--interactive"],
      ["-n", "--no-clobber"],
      ["-v", "--verbose"],
    ],
  },
  ...["chmod", "chown", "chgrp"].map((name) => ({
    command: [name],
    longOptions: [
      ...["changes", "dereference", "no-dereference", "from", "no-preserve-root"],
      ...["preserve-root", "quiet", "silent", "reference", "recursive", "verbose", "help"],
      "version",
    ],
    valueLetters: "",
    synonyms: [
      ["-R", "--recursive"],
      ["-f", "--silent", "--quiet"],
      ["-c", "--changes"],
      ["-v", "--verbose"],
    ],
  })),
  {
    command: ["git", "push"],
    longOptions: [
      ...["all", "branches", "mirror", "delete", "tags", "follow-tags", "dry-run", "porcelain"],
      ...["force", "force-with-lease", "force-if-includes", "repo", "set-upstream", "prune"],
      ...["thin", "receive-pack", "exec", "push-option", "signed", "atomic", "quiet"],
      ...["verbose", "progress", "recurse-submodules", "verify", "ipv4", "ipv6"],
      ...["no-force-with-lease", "no-force-if-includes", "no-thin", "no-verify"],
      ...["no-signed", "no-atomic", "no-progress", "no-recurse-submodules"],
    ],
    valueLetters: "o",
    synonyms: [
      ["-f", "--force"],
      ["-d", "--delete"],
      ["-u", "--set-upstream"],
      ["-n", "--dry-run"],
      ["-q", "--quiet"],
      ["-v", "--verbose"],
    ],
  },
  {
    // GNU sed 4.9 `sed --help`; `-i` takes an optional suffix attached (`-i.bak`).
    command: ["sed"],
    longOptions: [
      ...["quiet", "silent", "debug", "expression", "file", "follow-symlinks", "in-place"],
      ...["line-length", "null-data", "zero-terminated", "posix", "regexp-extended"],
      ...["separate", "sandbox", "unbuffered", "help", "version"],
    ],
    valueLetters: "efl",
    optionalLetters: "i",
    synonyms: [
      ["-i", "--in-place"],
      ["-n", "--quiet", "--silent"],
      ["-e", "--expression"],
      ["-f", "--file"],
      ["-E", "-r", "--regexp-extended"],
      ["-s", "--separate"],
      ["-z", "--null-data", "--zero-terminated"],
      ["-u", "--unbuffered"],
    ],
  },
  {
    // docker 24 `docker run --help` (pflag: no abbreviations).
    command: ["docker", "run"],
    longOptions: [
      ...["volume", "publish", "env", "user", "workdir", "detach", "interactive", "tty"],
      ...["publish-all", "attach", "hostname", "memory", "label", "cpu-shares", "quiet"],
      ...["privileged", "network", "net", "mount", "rm", "name", "entrypoint", "cap-add"],
      ...["device", "pid", "ipc", "userns", "security-opt", "volumes-from", "env-file"],
    ],
    valueLetters: "acehlmpuvw",
    abbreviations: false,
    synonyms: [
      ["-v", "--volume"],
      ["-p", "--publish"],
      ["-e", "--env"],
      ["-u", "--user"],
      ["-w", "--workdir"],
      ["-d", "--detach"],
      ["-i", "--interactive"],
      ["-t", "--tty"],
      ["-P", "--publish-all"],
      ["-a", "--attach"],
      ["-h", "--hostname"],
      ["-m", "--memory"],
      ["-l", "--label"],
      ["-c", "--cpu-shares"],
      ["-q", "--quiet"],
      ["--network", "--net"],
    ],
  },
  ...[
    ["docker", "system", "prune"],
    ["docker", "image", "prune"],
    ["docker", "container", "prune"],
    ["docker", "volume", "prune"],
    ["docker", "network", "prune"],
    ["docker", "builder", "prune"],
  ].map((command) => ({
    command,
    longOptions: ["all", "force", "volumes", "filter", "keep-storage"],
    valueLetters: "",
    abbreviations: false as const,
    synonyms: [
      ["-a", "--all"],
      ["-f", "--force"],
    ],
  })),
  {
    // docker 24 `docker rm --help`, `docker rmi --help`, `docker compose down --help`.
    command: ["docker", "rm"],
    longOptions: ["force", "link", "volumes"],
    valueLetters: "",
    abbreviations: false,
    synonyms: [
      ["-f", "--force"],
      ["-l", "--link"],
      ["-v", "--volumes"],
    ],
  },
  {
    command: ["docker", "rmi"],
    longOptions: ["force", "no-prune"],
    valueLetters: "",
    abbreviations: false,
    synonyms: [["-f", "--force"]],
  },
  {
    command: ["docker", "compose", "down"],
    longOptions: ["volumes", "rmi", "remove-orphans", "timeout", "dry-run"],
    valueLetters: "t",
    abbreviations: false,
    synonyms: [
      ["-v", "--volumes"],
      ["-t", "--timeout"],
    ],
  },
  {
    // npm 10 (nopt): its settings are many, so only a prefix of one the rule names is read.
    command: ["npm"],
    longOptions: ["force", "global", "save-dev", "dry-run", "yes", "access", "tag", "otp"],
    valueLetters: "",
    abbreviations: "rule",
    synonyms: [
      ["-f", "--force"],
      ["-g", "--global"],
      ["-D", "--save-dev"],
      ["-y", "--yes"],
    ],
  },
  {
    // curl 7.88 `curl --help all`: a prefix of a long option the rule names stands for it.
    command: ["curl"],
    longOptions: [
      ...["upload-file", "data", "data-binary", "data-raw", "data-ascii", "data-urlencode"],
      ...["output", "remote-name", "request", "form", "config", "header", "user", "insecure"],
      ...["location", "silent", "proxy", "cookie", "cookie-jar", "continue-at", "referer"],
      ...["dump-header", "write-out", "output-dir", "json", "verbose", "trace", "url"],
    ],
    valueLetters: "AbcCdDeEFHKmoPQrtTuUwxXyYz",
    abbreviations: "rule",
    synonyms: [
      ["-T", "--upload-file"],
      ["-d", "--data"],
      ["-o", "--output"],
      ["-O", "--remote-name"],
      ["-X", "--request"],
      ["-F", "--form"],
      ["-K", "--config"],
      ["-H", "--header"],
      ["-u", "--user"],
      ["-k", "--insecure"],
      ["-L", "--location"],
      ["-s", "--silent"],
      ["-x", "--proxy"],
    ],
  },
  {
    // rsync 3.2 `rsync --help`: `--del` is an alias of `--delete-during` (popt: no
    // abbreviations).
    command: ["rsync"],
    longOptions: [
      ...["delete", "delete-before", "delete-during", "delete-delay", "delete-after"],
      ...["delete-excluded", "del", "archive", "recursive", "verbose", "dry-run", "rsh"],
    ],
    valueLetters: "BefTM@",
    abbreviations: false,
    synonyms: [
      ["--delete-during", "--del"],
      ["-n", "--dry-run"],
      ["-e", "--rsh"],
    ],
  },
  {
    // netlify-cli 17 `netlify deploy --help` (commander: no abbreviations).
    command: ["netlify", "deploy"],
    longOptions: [
      ...["prod", "dir", "functions", "message", "auth", "site", "open", "alias", "json"],
      ...["timeout", "trigger", "build", "context", "prod-if-unlocked", "filter"],
    ],
    valueLetters: "dfmas",
    abbreviations: false,
    synonyms: [
      ["--prod", "-p"],
      ["--dir", "-d"],
      ["--functions", "-f"],
      ["--message", "-m"],
      ["--auth", "-a"],
      ["--site", "-s"],
      ["--open", "-o"],
    ],
  },
];

/**
 * The long option a word names as the program reads it: exact, or a unique prefix (where the
 * program takes one; for `"rule"` a prefix of just one long option the rule names).
 */
function longOption(
  table: OptionSynonyms,
  name: string,
  ruleLongs: readonly string[],
): string | null {
  if (table.longOptions.includes(name)) return name;
  const mode = table.abbreviations ?? true;
  if (mode === false || name === "") return null;
  const among = mode === "rule" ? ruleLongs : table.longOptions;
  const matches = among.filter((option) => option.startsWith(name));
  return matches.length === 1 ? (matches[0] as string) : null;
}

/** Tables built from git's own option tables, per subcommand (and action). */
const gitTables = new Map<string, OptionSynonyms>();

/** Letters of `git branch` that are two options at once. */
const GIT_COMBINED: Readonly<Record<string, Readonly<Record<string, readonly string[]>>>> = {
  branch: { "-D": ["-d", "-f"], "-M": ["-m", "-f"], "-C": ["-c", "-f"] },
};

// The table of a git subcommand from git-options' tables: each letter with the long option it
// spells is one group (`-n`/`--no-verify` of `git commit`).
function gitTable(argv: readonly string[]): OptionSynonyms | null {
  const sub = argv[1];
  if (sub === undefined || sub.startsWith("-")) return null;
  const names = gitOptionNames(sub, argv.slice(2));
  if (names === null) return null;
  let table = gitTables.get(names.key);
  if (table === undefined) {
    const synonyms: string[][] = [];
    for (const [letter, long] of names.letters) {
      const group = synonyms.find((g) => g.includes(`--${long}`));
      if (group === undefined) synonyms.push([`-${letter}`, `--${long}`]);
      else group.splice(group.length - 1, 0, `-${letter}`);
    }
    const combined = GIT_COMBINED[sub];
    table = {
      command: ["git", sub],
      longOptions: names.longs,
      valueLetters: names.valueLetters,
      optionalLetters: names.optionalLetters,
      abbreviations: names.abbreviations,
      synonyms,
      ...(combined === undefined ? {} : { combined }),
    };
    gitTables.set(names.key, table);
  }
  return table;
}

/** The table for these words' program (by its last path segment), and where its options start. */
function tableOf(argv: readonly string[]): { table: OptionSynonyms; start: number } | null {
  const name = argv[0]?.split("/").pop() ?? "";
  if (name === "git") {
    const table = gitTable(argv);
    if (table !== null) return { table, start: 2 };
  }
  let best: { table: OptionSynonyms; start: number } | null = null;
  for (const table of OPTION_SYNONYMS) {
    if (table.command[0] !== name) continue;
    if (table.command.slice(1).every((word, i) => argv[i + 1] === word)) {
      if (best === null || table.command.length > best.start) {
        best = { table, start: table.command.length };
      }
    }
  }
  return best;
}

// A rule word as the option it names: `--force*` names `--force`, `--volume=*` `--volume`.
function ruleOption(word: string): string {
  const star = word.indexOf("*");
  const cut = star === -1 ? word : word.slice(0, star);
  const eq = cut.indexOf("=");
  return cut.startsWith("--") && eq !== -1 ? cut.slice(0, eq) : cut;
}

/**
 * Other names of one command (a docker management command, a kubectl resource type, a
 * terraform or git push spelling), read as the rule writes them; `null` when none applies.
 */
function aliasReading(argv: readonly string[], ruleWords: readonly string[]): string[] | null {
  const named = programNameReading(argv, ruleWords);
  // `terragrunt run-all destroy` runs `terraform destroy` in every module.
  const renamed =
    named !== null && named[0] === "terraform"
      ? (terraformAlias(named, ruleWords) ?? named)
      : named;
  if (renamed !== null) return valueSpellingReading(renamed, ruleWords) ?? renamed;
  const spelled = valueSpellingReading(argv, ruleWords);
  if (spelled !== null) return spelled;
  const name = argv[0]?.split("/").pop() ?? "";
  if (name === "docker") {
    const sub = dockerSubAlias(argv, ruleWords);
    const aliased = dockerAlias(sub ?? argv, ruleWords) ?? sub;
    return dockerVolumes(aliased ?? argv) ?? aliased;
  }
  // rustup's proxies take a toolchain first (`cargo +nightly publish` is `cargo publish`).
  if (RUSTUP_PROXIES.has(name) && argv[1]?.startsWith("+")) {
    const proxied = [argv[0] as string, ...argv.slice(2)];
    return commandAlias(name, proxied, ruleWords) ?? proxied;
  }
  const console = consoleApp(argv);
  if (console > 0) return consoleCommand(argv, ruleWords, console, name === "composer");
  if (CASELESS.has(name)) return caselessReading(argv, ruleWords);
  if (name === "vercel") return vercelDeploy(argv, ruleWords);
  if (Object.hasOwn(COMMAND_ALIASES, name)) return commandAlias(name, argv, ruleWords);
  if (name === "kubectl") return kubectlAlias(argv, ruleWords);
  if (name === "terraform" || name === "tofu") return terraformAlias(argv, ruleWords);
  if (name === "git" && argv[1] === "push") return gitPushRefspecs(argv);
  if (name === "git") return gitAlias(argv, ruleWords);
  if (name === "npm") return npmAlias(argv, ruleWords);
  return null;
}

/** The first word after the program's name that is not an option, and where it is. */
function firstOperand(words: readonly string[], from = 1): number {
  for (let i = from; i < words.length; i++) {
    const word = words[i] as string;
    if (word === "--") return -1;
    if (!word.startsWith("-")) return i;
  }
  return -1;
}

/**
 * npm's commands under the name the rule writes (npm 10 `lib/commands`): an alias or a unique
 * prefix of the command (`npm x` is `npm exec`), the commands that run two (`npm it` installs
 * then runs `npm test`, `npm cit` runs `npm ci` then `npm test`), `npm set`/`get` as
 * `npm config set`/`get`, `npm cache clear`/`rm` as `npm cache clean`, `npm config rm`/`del`
 * as `npm config delete`, and for a rule that writes `-g` or `--global` the global mode set by
 * `--location=global` (npm reads it as `--global`).
 */
function npmAlias(argv: readonly string[], ruleWords: readonly string[]): string[] | null {
  const at = firstOperand(argv);
  const ruleAt = firstOperand(ruleWords);
  if (at === -1 || ruleAt === -1) return null;
  const rule = ruleWords[ruleAt] as string;
  const command = npmCommand(argv[at] as string) ?? (argv[at] as string);
  let out: string[] | null = null;
  const head = argv.slice(0, at);
  const rest = argv.slice(at + 1);
  const parts = NPM_COMPOUND[command];
  if (parts?.includes(rule)) {
    // `npm it x` installs x, then runs the package's tests (with no operands).
    out = rule === "test" ? [...head, rule] : [...head, rule, ...rest];
  } else if ((command === "set" || command === "get") && rule === "config") {
    out = [...head, "config", command, ...rest];
  } else if (command === rule && argv[at] !== rule) {
    out = [...head, rule, ...rest];
  }
  const words = out ?? [...argv];
  // A subcommand by another name (`npm cache clear`, `npm config rm`).
  const sub = firstOperand(words, at + 1);
  const ruleSub = firstOperand(ruleWords, ruleAt + 1);
  if (sub !== -1 && ruleSub !== -1 && words[at] === rule) {
    const named = NPM_SUBCOMMANDS[rule]?.[words[sub] as string];
    if (named !== undefined && named === ruleWords[ruleSub]) {
      words[sub] = named;
      out = words;
    }
  }
  // `--location=global` (or `--location global`) is `--global` (npm 10 `config/definitions`).
  const global = ruleWords.find((word) => word === "-g" || word === "--global");
  if (global !== undefined) {
    const end = words.indexOf("--");
    const last = end === -1 ? words.length : end;
    for (let i = 1; i < last; i++) {
      if (words[i] === "--location=global") {
        words.splice(i, 1, global);
        out = words;
      } else if (words[i] === "--location" && words[i + 1] === "global") {
        words.splice(i, 2, global);
        out = words;
      }
    }
  }
  return out;
}

/** npm's commands that run two others, one after the other. */
const NPM_COMPOUND: Readonly<Record<string, readonly string[]>> = {
  "install-test": ["install", "test"],
  "install-ci-test": ["ci", "test"],
};

/** Other names of an npm command's subcommands (npm 10 `cache.js`, `config.js`). */
const NPM_SUBCOMMANDS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cache: { clear: "clean", rm: "clean" },
  config: { rm: "delete", del: "delete", ls: "list" },
};

/**
 * git commands by another name, read as the rule writes them: `git stage` is `git add`,
 * `git remote rm` is `git remote remove`; `git stash pop` applies and then drops the stash
 * (it meets a rule about `git stash drop`), and `git pull --rebase` rebases (it meets a rule
 * about `git rebase`).
 */
function gitAlias(argv: readonly string[], ruleWords: readonly string[]): string[] | null {
  const [, command, sub] = argv;
  // A rule word joined to a `*` names the command before it (`git stash drop*`).
  const [, rule, ruleSub] = ruleWords.map((word) => word.replace(/\*$/, ""));
  if (command === "stage" && rule === "add") return ["git", "add", ...argv.slice(2)];
  if (command === "remote" && sub === "rm" && rule === "remote" && ruleSub === "remove") {
    return ["git", "remote", "remove", ...argv.slice(3)];
  }
  if (command === "stash" && sub === "pop" && rule === "stash" && ruleSub === "drop") {
    return ["git", "stash", "drop", ...argv.slice(3)];
  }
  if (command === "pull" && rule === "rebase") {
    const end = argv.indexOf("--");
    const options = argv.slice(2, end === -1 ? undefined : end);
    const rebases = options.some(
      (word) =>
        word === "-r" ||
        word === "--rebase" ||
        (word.startsWith("--rebase=") && word !== "--rebase=false") ||
        /^-[qvnafkpt46]*r/.test(word),
    );
    if (rebases) return ["git", "rebase"];
  }
  return null;
}

/**
 * The built-in short names of a package manager's commands: cargo 1.7x (`cargo help`:
 * b, c, d, t, r, rm), pnpm 9 (`pnpm help`), bun 1 (`bun --help`).
 */
const COMMAND_ALIASES: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  cargo: { b: "build", c: "check", d: "doc", t: "test", r: "run", rm: "remove" },
  pnpm: {
    i: "install",
    rm: "remove",
    uninstall: "remove",
    un: "remove",
    up: "update",
    upgrade: "update",
    ls: "list",
    ln: "link",
    t: "test",
    tst: "test",
    "run-script": "run",
  },
  bun: { i: "install", a: "add", rm: "remove" },
  // `helm uninstall --help`: Aliases: uninstall, del, delete, un; `helm list`: ls.
  helm: { del: "uninstall", delete: "uninstall", un: "uninstall", ls: "list" },
  // Homebrew's internal command aliases (Library/Homebrew/commands.rb).
  brew: {
    rm: "uninstall",
    remove: "uninstall",
    uninstal: "uninstall",
    instal: "install",
    up: "update",
    ln: "link",
    ls: "list",
  },
  // conda (and its reimplementations): `conda uninstall` is an alias of `conda remove`.
  conda: { uninstall: "remove" },
  mamba: { uninstall: "remove" },
  micromamba: { uninstall: "remove" },
  // gh ships one alias, `co: pr checkout` (`gh alias list` on a fresh install).
  gh: { co: "pr checkout" },
  // Vercel CLI: `vercel remove|rm`, `vercel list|ls`.
  vercel: { rm: "remove", ls: "list" },
  // Heroku CLI: `heroku apps:destroy` has the alias `destroy`.
  heroku: { destroy: "apps:destroy" },
};

// `cargo b` as `cargo build`, `pnpm rm x` as `pnpm remove x`: the command word the rule writes.
function commandAlias(
  name: string,
  argv: readonly string[],
  ruleWords: readonly string[],
): string[] | null {
  const at = firstOperand(argv);
  const ruleAt = firstOperand(ruleWords);
  if (at === -1 || ruleAt === -1) return null;
  const rule = (ruleWords[ruleAt] as string).replace(/\*$/, "");
  const named = COMMAND_ALIASES[name]?.[argv[at] as string];
  // A command of two words (`gh co` is `gh pr checkout`) is written out when the rule's word
  // is its first.
  if (named === undefined || named.split(" ")[0] !== rule) return null;
  return [...argv.slice(0, at), ...named.split(" "), ...argv.slice(at + 1)];
}

/**
 * Symfony Console applications (Composer, Laravel's `artisan`, Symfony's `bin/console`) run a
 * command named by any case and any abbreviation of each of its `:` parts that matches it
 * (`Application::find`: `migrate:f`, `m:fr`, `d:s:d`, `MIGRATE:FRESH`), or by an alias the
 * application defines. Which commands an application has is not known here, so a word that
 * may name the rule's command meets it: the same number of parts, each a prefix of the rule's
 * part in any case. Composer's own command names and aliases are known: a word that is
 * exactly one of them names that command (`composer r` is `require`).
 *
 * The number of words the application's name takes (`composer`, `php artisan`,
 * `bin/console`), or 0 when the words are no such application.
 */
function consoleApp(argv: readonly string[]): number {
  const base = (word: string | undefined) => word?.split("/").pop() ?? "";
  const name = base(argv[0]);
  if (name === "composer" || name === "composer.phar") return 1;
  if (name === "artisan" || name === "console") return 1;
  if (/^php[0-9.]*$/.test(name) && (base(argv[1]) === "artisan" || base(argv[1]) === "console")) {
    return 2;
  }
  return 0;
}

/** Composer 2's commands by each of their other names (`composer list`). */
const COMPOSER_ALIASES: Readonly<Record<string, string>> = {
  rm: "remove",
  uninstall: "remove",
  r: "require",
  i: "install",
  u: "update",
  upgrade: "update",
  run: "run-script",
  info: "show",
  why: "depends",
  "why-not": "prohibits",
  home: "browse",
  clearcache: "clear-cache",
  cc: "clear-cache",
  dumpautoload: "dump-autoload",
  selfupdate: "self-update",
};

const COMPOSER_COMMANDS: ReadonlySet<string> = new Set([
  ...["about", "archive", "audit", "browse", "bump", "check-platform-reqs", "clear-cache"],
  ...["config", "create-project", "depends", "diagnose", "dump-autoload", "exec", "fund"],
  ...["global", "help", "init", "install", "licenses", "list", "outdated", "prohibits"],
  ...["reinstall", "remove", "require", "run-script", "search", "self-update", "show"],
  ...["status", "suggests", "update", "validate"],
]);

/** Whether a console command word may name the command `rule` (see {@link consoleApp}). */
function mayNameConsoleCommand(word: string, rule: string): boolean {
  const parts = word.toLowerCase().split(":");
  const ruleParts = rule.toLowerCase().split(":");
  return (
    parts.length === ruleParts.length &&
    parts.every((part, i) => (ruleParts[i] as string).startsWith(part))
  );
}

function consoleCommand(
  argv: readonly string[],
  ruleWords: readonly string[],
  app: number,
  composer: boolean,
): string[] | null {
  const ruleApp = consoleApp(ruleWords);
  if (ruleApp === 0) return null;
  const at = firstOperand(argv, app);
  const ruleAt = firstOperand(ruleWords, ruleApp);
  if (at === -1 || ruleAt === -1) return null;
  const word = argv[at] as string;
  const rule = (ruleWords[ruleAt] as string).replace(/\*$/, "");
  if (word === rule || rule === "" || /[*?[\]]/.test(rule)) return null;
  let meets: boolean;
  if (composer && (Object.hasOwn(COMPOSER_ALIASES, word) || COMPOSER_COMMANDS.has(word))) {
    meets = (COMPOSER_ALIASES[word] ?? word) === rule;
  } else meets = mayNameConsoleCommand(word, rule);
  return meets ? [...argv.slice(0, at), rule, ...argv.slice(at + 1)] : null;
}

/** Programs whose command words are read in any case (Redis: `FLUSHALL` is `flushall`). */
const CASELESS: ReadonlySet<string> = new Set(["redis-cli", "valkey-cli", "keydb-cli"]);

// A word written in another case than a rule word is read as the rule writes it.
function caselessReading(argv: readonly string[], ruleWords: readonly string[]): string[] | null {
  const byCase = new Map<string, string>();
  for (const word of ruleWords.slice(1)) {
    const plain = word.replace(/\*$/, "");
    if (plain !== "" && !/[*?[\]]/.test(plain)) byCase.set(plain.toLowerCase(), plain);
  }
  let changed = false;
  const out = argv.map((word, i) => {
    const ruled = i === 0 ? undefined : byCase.get(word.toLowerCase());
    if (ruled === undefined || ruled === word) return word;
    changed = true;
    return ruled;
  });
  return changed ? out : null;
}

// `vercel` with no command deploys (`vercel`, `vercel --prod` are `vercel deploy`).
function vercelDeploy(argv: readonly string[], ruleWords: readonly string[]): string[] | null {
  const named = commandAlias("vercel", argv, ruleWords);
  if (named !== null) return named;
  if (
    ruleWords[1]?.replace(/\*$/, "") !== "deploy" ||
    argv.slice(1).some((w) => !w.startsWith("-"))
  ) {
    return null;
  }
  return [argv[0] as string, "deploy", ...argv.slice(1)];
}

/** The programs rustup runs for a toolchain named by a first word `+TOOLCHAIN`. */
const RUSTUP_PROXIES: ReadonlySet<string> = new Set([
  ...["cargo", "rustc", "rustdoc", "rustfmt", "cargo-fmt", "cargo-clippy", "clippy-driver"],
  ...["rust-gdb", "rust-lldb", "rust-analyzer", "cargo-miri"],
]);

/**
 * Words that may be read another way by {@link optionSynonymReading}: an option word, or a
 * command with other names (docker, kubectl, terraform, `git push` refspecs, rustup's
 * toolchain word), values (a signal, a mode, an owner: see value-spellings.ts) or other
 * program names (`python3`, `mkfs.ext4`: see program-names.ts). Cheap, so that a gate reads again only the texts that may change.
 */
export function mayReadOtherwise(text: string): boolean {
  return text.includes(" -") || OTHER_NAMES.test(text) || mayNameAnother(text);
}

const OTHER_NAMES =
  /^(?:\S*\/)?(?:docker |kubectl |terraform |tofu |git (?:push|stage|remote|stash|pull) |npm |pnpm |bun |cargo |(?:rustc|rustdoc|rustfmt) \+|(?:kill|pkill|killall|chmod|chown) |(?:helm|brew|conda|mamba|micromamba|gh|vercel|heroku|composer|composer\.phar|artisan|console|redis-cli|valkey-cli|keydb-cli) |vercel$|php[0-9.]* \S*(?:artisan|console) )/;

// A bind mount's host folder as the kernel reads it: `//` and `/.` are `/`
// (`docker run -v //:/h` mounts the root).
function dockerVolumes(argv: readonly string[]): string[] | null {
  if (argv[1] !== "run" && !(argv[1] === "container" && argv[2] === "run")) return null;
  const host = (value: string): string => {
    const colon = value.indexOf(":");
    if (!value.startsWith("/") || colon === -1) return value;
    return posix.normalize(value.slice(0, colon)) + value.slice(colon);
  };
  let changed = false;
  const out = argv.map((word, i) => {
    const before = argv[i - 1];
    let next = word;
    if (before === "-v" || before === "--volume") next = host(word);
    else if (word.startsWith("--volume=")) next = `--volume=${host(word.slice(9))}`;
    else if (/^-[a-zA-Z]*v./.test(word) && !word.startsWith("--")) {
      const at = word.indexOf("v") + 1;
      next = word.slice(0, at) + host(word.slice(at));
    }
    if (next !== word) changed = true;
    return next;
  });
  return changed ? out : null;
}

/** docker's management commands and the older names of theirs (docker 24 `docker --help`). */
const DOCKER_ALIASES: readonly (readonly [string, string, string])[] = [
  ...[
    ...["attach", "commit", "cp", "create", "diff", "exec", "export", "kill", "logs", "pause"],
    ...["port", "rename", "restart", "rm", "run", "start", "stats", "stop", "top", "unpause"],
    ...["update", "wait", "inspect"],
  ].map((sub) => ["container", sub, sub] as const),
  ["container", "ls", "ps"],
  ["container", "list", "ps"],
  ["container", "ps", "ps"],
  ...["build", "history", "import", "load", "pull", "push", "save", "tag"].map(
    (sub) => ["image", sub, sub] as const,
  ),
  ["image", "ls", "images"],
  ["image", "list", "images"],
  ["image", "rm", "rmi"],
  ["image", "remove", "rmi"],
  ["container", "remove", "rm"],
];

/**
 * Other names of a management command's subcommand (docker 24 `docker volume rm --help`:
 * "Aliases: rm, remove"; `docker stack rm` also `down`), and the builds buildx runs
 * (`docker buildx build`, its alias `docker buildx b`, `docker builder build` are `docker build`).
 */
const DOCKER_SUB_ALIASES: Readonly<Record<string, readonly (readonly string[])[]>> = {
  ...Object.fromEntries(
    ["volume", "network", "service", "secret", "node", "context", "config", "plugin"].map(
      (group) => [
        group,
        [
          ["rm", "remove"],
          ["ls", "list"],
        ],
      ],
    ),
  ),
  stack: [
    ["rm", "remove", "down"],
    ["ls", "list"],
  ],
  buildx: [["build", "b"]],
};

// `docker volume remove x` as `docker volume rm x`, `docker buildx build .` as `docker build .`
// (or `docker image build .`: read on by dockerAlias): the text spelled as the rule spells it.
function dockerSubAlias(argv: readonly string[], ruleWords: readonly string[]): string[] | null {
  const [, group, sub] = argv;
  if (group === undefined || sub === undefined) return null;
  if (
    (group === "buildx" && (sub === "build" || sub === "b")) ||
    (group === "builder" && sub === "build")
  ) {
    if (ruleWords[1] === "build") return [argv[0] as string, "build", ...argv.slice(3)];
    if (ruleWords[1] === "image" && ruleWords[2] === "build") {
      return [argv[0] as string, "image", "build", ...argv.slice(3)];
    }
    if (ruleWords[1] === "buildx" && ruleWords[2] === "build" && sub !== "build") {
      return [argv[0] as string, "buildx", "build", ...argv.slice(3)];
    }
    return null;
  }
  if (ruleWords[1] !== group) return null;
  const names = DOCKER_SUB_ALIASES[group]?.find((list) => list.includes(sub));
  const ruleSub = ruleWords[2];
  if (names === undefined || ruleSub === undefined || ruleSub === sub || !names.includes(ruleSub)) {
    return null;
  }
  return [argv[0] as string, group, ruleSub, ...argv.slice(3)];
}

// `docker container run` is `docker run`: the text spelled as the rule spells it.
function dockerAlias(argv: readonly string[], ruleWords: readonly string[]): string[] | null {
  for (const [group, sub, short] of DOCKER_ALIASES) {
    const longForm = argv[1] === group && argv[2] === sub;
    const shortForm = argv[1] === short;
    const ruleLong = ruleWords[1] === group && ruleWords[2] === sub;
    const ruleShort = ruleWords[1] === short;
    if (longForm && ruleShort) return [argv[0] as string, short, ...argv.slice(3)];
    if (shortForm && ruleLong) return [argv[0] as string, group, sub, ...argv.slice(2)];
  }
  return null;
}

/** kubectl resource types by every name `kubectl api-resources` gives them. */
const KUBECTL_TYPES: readonly (readonly string[])[] = [
  ["namespace", "namespaces", "ns"],
  ["pod", "pods", "po"],
  ["service", "services", "svc"],
  ["deployment", "deployments", "deploy"],
  ["node", "nodes", "no"],
  ["persistentvolumeclaim", "persistentvolumeclaims", "pvc"],
  ["persistentvolume", "persistentvolumes", "pv"],
  ["secret", "secrets"],
  ["configmap", "configmaps", "cm"],
  ["replicaset", "replicasets", "rs"],
  ["statefulset", "statefulsets", "sts"],
  ["daemonset", "daemonsets", "ds"],
  ["ingress", "ingresses", "ing"],
  ["job", "jobs"],
  ["cronjob", "cronjobs", "cj"],
  ["serviceaccount", "serviceaccounts", "sa"],
  ["customresourcedefinition", "customresourcedefinitions", "crd", "crds"],
  ["clusterrole", "clusterroles"],
  ["clusterrolebinding", "clusterrolebindings"],
  ["role", "roles"],
  ["rolebinding", "rolebindings"],
];

/** The types of kubectl's `all` category (kubectl 1.2x `kubectl api-resources --categories all`). */
const KUBECTL_ALL: ReadonlySet<string> = new Set([
  ...["pod", "pods", "po", "service", "services", "svc", "deployment", "deployments"],
  ...["deploy", "replicaset", "replicasets", "rs", "statefulset", "statefulsets", "sts"],
  ...["daemonset", "daemonsets", "ds", "job", "jobs", "cronjob", "cronjobs", "cj"],
]);

// A resource type the rule names, in another of its names (`ns` for `namespace`, also in
// `TYPE/NAME`), read as the rule names it.
function kubectlAlias(argv: readonly string[], ruleWords: readonly string[]): string[] | null {
  const spelled = new Map<string, string>();
  for (const group of KUBECTL_TYPES) {
    const named = group.find((type) => ruleWords.slice(1).includes(type));
    if (named !== undefined) for (const type of group) spelled.set(type, named);
  }
  if (spelled.size === 0) return null;
  let changed = false;
  const out: string[] = [argv[0] as string];
  // The resource word after the verb may list types (`pod,svc`), name a type with its API
  // group (`deployments.apps`), or be `all` (kubectl's category of the workload types).
  const typeAt = firstOperand(argv, firstOperand(argv) + 1);
  for (const [i, word] of argv.entries()) {
    if (i === 0) continue;
    const slash = word.indexOf("/");
    let type = (slash === -1 ? word : word.slice(0, slash)).toLowerCase();
    if (i === typeAt && slash === -1) {
      const listed = type.split(",").map((part) => (part === "all" ? part : part.split(".")[0]));
      const found = listed.find((part) => spelled.has(part as string));
      const workload = [...spelled.values()].find((named) => KUBECTL_ALL.has(named));
      if (found !== undefined) type = found;
      else if (listed.includes("all") && workload !== undefined) type = workload;
      if (type !== word.toLowerCase()) {
        const target = spelled.get(type) ?? type;
        changed = true;
        out.push(target);
        continue;
      }
    }
    const target = spelled.get(type);
    if (target === undefined || (slash === -1 && target === word)) {
      out.push(word);
      continue;
    }
    changed = true;
    out.push(target);
    if (slash !== -1) out.push(word.slice(slash + 1));
  }
  return changed ? out : null;
}

// Go's flag: `-x`, `--x` and `-x=true` are one boolean flag.
const GO_TRUE = /^(1|t|T|TRUE|true|True)$/;

// `terraform apply -destroy` is `terraform destroy`; `--x` and `-x=true` are `-x` where the rule
// writes `-x`.
function terraformAlias(argv: readonly string[], ruleWords: readonly string[]): string[] | null {
  const flag = (word: string): string | null => {
    const m = /^--?([A-Za-z][\w-]*)(?:=(.*))?$/.exec(word);
    if (m === null) return null;
    if (m[2] !== undefined && !GO_TRUE.test(m[2])) return null;
    return m[1] as string;
  };
  let words = [...argv];
  let changed = false;
  if (words[1] === "run-all") {
    words.splice(1, 1);
    changed = true;
  }
  if (ruleOption(ruleWords[1] ?? "") === "destroy" && words[1] === "apply") {
    const at = words.findIndex((w, i) => i > 1 && flag(w) === "destroy");
    if (at !== -1) {
      words = [words[0] as string, "destroy", ...words.slice(2, at), ...words.slice(at + 1)];
      changed = true;
    }
  }
  const ruleFlags = new Set(
    ruleWords.filter((w) => /^-[A-Za-z][\w-]+$/.test(w)).map((w) => w.slice(1)),
  );
  words = words.map((word, i) => {
    const name = i > 1 ? flag(word) : null;
    if (name === null || !ruleFlags.has(name) || word === `-${name}`) return word;
    changed = true;
    return `-${name}`;
  });
  return changed ? words : null;
}

// git push's refspecs as the branches they update: `HEAD:main` and `refs/heads/main` update
// `main`, `+main` forces it (`--force main`), `:x` deletes it (`--delete x`).
function gitPushRefspecs(argv: readonly string[]): string[] | null {
  const valued = /^(-o|--push-option|--repo|--receive-pack|--exec)$/;
  const out: string[] = [];
  let operands = 0;
  let changed = false;
  let force = false;
  let remove = false;
  let repositoryAt = -1;
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i] as string;
    if (i < 2 || word === "--" || /^-./.test(word)) {
      out.push(word);
      if (i >= 2 && valued.test(word) && i + 1 < argv.length) out.push(argv[++i] as string);
      continue;
    }
    operands++;
    if (operands === 1) {
      out.push(word);
      repositoryAt = out.length;
      continue;
    }
    let ref = word;
    if (ref.startsWith("+")) {
      force = true;
      ref = ref.slice(1);
    }
    const colon = ref.lastIndexOf(":");
    if (colon === 0) remove = true;
    let target = colon === -1 ? ref : ref.slice(colon + 1);
    if (target.startsWith("refs/heads/")) target = target.slice("refs/heads/".length);
    if (target === "") target = ref;
    if (target !== word) changed = true;
    out.push(target);
  }
  if (!changed) return null;
  const flags = [...(force ? ["--force"] : []), ...(remove ? ["--delete"] : [])];
  if (repositoryAt !== -1) out.splice(repositoryAt, 0, ...flags);
  return out;
}

// Where a combined letter's parts are all written (`git branch -d -f`, `--delete --force`,
// `-df`) and the rule writes the letter (`-D`): the words with the parts taken out and the
// letter in the place of the first one.
function combinedReading(
  argv: readonly string[],
  start: number,
  table: OptionSynonyms,
  letter: string,
  parts: readonly string[],
  ruleLongs: readonly string[],
): string[] | null {
  const groupOf = (spelling: string) =>
    table.synonyms.find((group) => group.includes(spelling))?.[0] ?? spelling;
  const wanted = new Set(parts.map(groupOf));
  const seen = new Set<string>();
  const out: string[] = argv.slice(0, start);
  let placed = false;
  const place = () => {
    if (!placed) out.push(letter);
    placed = true;
  };
  for (let i = start; i < argv.length; i++) {
    const word = argv[i] as string;
    if (word === "--") {
      out.push(...argv.slice(i));
      break;
    }
    if (!/^-./.test(word)) {
      out.push(word);
      continue;
    }
    if (word.startsWith("--")) {
      const name = word.includes("=") ? null : longOption(table, word.slice(2), ruleLongs);
      const group = name === null ? null : groupOf(`--${name}`);
      if (group !== null && wanted.has(group)) {
        seen.add(group);
        place();
      } else out.push(word);
      continue;
    }
    let kept = "-";
    let j = 1;
    for (; j < word.length; j++) {
      const c = word[j] as string;
      if (table.valueLetters.includes(c) || table.optionalLetters?.includes(c)) break;
      const group = groupOf(`-${c}`);
      if (wanted.has(group)) {
        seen.add(group);
        place();
      } else kept += c;
    }
    const rest = word.slice(j);
    if (kept.length > 1 || rest.length > 0) out.push(kept + rest);
    if (rest.length === 1 && table.valueLetters.includes(rest) && i + 1 < argv.length) {
      out.push(argv[++i] as string);
    }
  }
  return [...wanted].every((group) => seen.has(group)) ? out : null;
}

/**
 * The words with each option written as `ruleWords` (a deny or ask rule's words) spell it
 * (`rm -Rf /x` as `rm -rf /x` for `rm -rf /*`, `rm --rec -f x` as `rm -r -f x`, and for
 * `rm --recursive *` as `rm --recursive -f x`); an option the rule does not spell takes its
 * group's first spelling, and an abbreviated long option is spelled out (`git reset --har` is
 * `git reset --hard`). A rule word joined to a `*` names the option before it (`--force*`).
 * Another name of the command is read as the rule names it first (`docker container run` as
 * `docker run`, `kubectl delete ns` as `kubectl delete namespace`, `terraform apply -destroy`
 * as `terraform destroy`, `git push origin +HEAD:main` as `git push origin --force main`).
 * `null` when nothing changes.
 *
 * @example
 * optionSynonymReading(["rm", "-Rf", "/tmp"], ["rm", "-rf", "/*"]); // ["rm", "-rf", "/tmp"]
 */
export function optionSynonymReading(
  argv: readonly string[],
  ruleWords: readonly string[],
): string[] | null {
  const aliased = aliasReading(argv, ruleWords);
  let words: readonly string[] = aliased ?? argv;
  const found = tableOf(words);
  if (found === null) return aliased;
  const { table, start } = found;
  const named = ruleWords.slice(1).map(ruleOption);
  const ruleLongs = named.filter((word) => word.startsWith("--")).map((word) => word.slice(2));
  const ruleLetters = named
    .filter((word) => /^-[^-]/.test(word))
    .map((word) => word.slice(1))
    .join("");
  // A combined letter the rule writes stands for its parts written apart.
  let combinedChanged = false;
  for (const [letter, parts] of Object.entries(table.combined ?? {})) {
    if (!ruleLetters.includes(letter.slice(1))) continue;
    const combined = combinedReading(words, start, table, letter, parts, ruleLongs);
    if (combined !== null) {
      words = combined;
      combinedChanged = true;
    }
  }
  // The spelling the rule gives each group: a long option it writes, else a letter of one of
  // its clusters, else the group's first.
  const chosen = new Map<string, string>();
  for (const group of table.synonyms) {
    const spelling =
      group.find((s) => s.startsWith("--") && named.includes(s)) ??
      group.find((s) => !s.startsWith("--") && ruleLetters.includes(s.slice(1))) ??
      (group[0] as string);
    for (const s of group) chosen.set(s, spelling);
  }
  const letterOf = (letter: string): string[] => {
    const parts = table.combined?.[`-${letter}`];
    if (parts !== undefined && !ruleLetters.includes(letter)) {
      return parts.map((part) => chosen.get(part) ?? part);
    }
    return [chosen.get(`-${letter}`) ?? `-${letter}`];
  };
  const out: string[] = words.slice(0, start);
  let changed = aliased !== null || combinedChanged;
  let ended = false;
  for (let i = start; i < words.length; i++) {
    const word = words[i] as string;
    if (ended || word === "-" || !word.startsWith("-")) {
      out.push(word);
      continue;
    }
    if (word === "--") {
      ended = true;
      out.push(word);
      continue;
    }
    if (word.startsWith("--")) {
      const eq = word.indexOf("=");
      const name = longOption(table, word.slice(2, eq === -1 ? undefined : eq), ruleLongs);
      if (name === null) {
        out.push(word);
        continue;
      }
      const target = chosen.get(`--${name}`) ?? `--${name}`;
      const value = eq === -1 ? null : word.slice(eq + 1);
      if (value === null) out.push(target);
      else if (target.startsWith("--")) out.push(`${target}=${value}`);
      else out.push(target, value);
      if (out.slice(-1)[0] !== word) changed = true;
      continue;
    }
    // A cluster of letters; a value letter takes the rest of the word (or the next one).
    let cluster = "-";
    const longs: string[] = [];
    let j = 1;
    let optional: string | null = null;
    let valueTarget: string | null = null;
    for (; j < word.length; j++) {
      const letter = word[j] as string;
      if (table.valueLetters.includes(letter)) {
        // A value letter the rule spells long: `-v/:/h` as `--volume=/:/h`.
        const target = letterOf(letter)[0] as string;
        if (target.startsWith("--")) valueTarget = target;
        else if (target !== `-${letter}`) {
          cluster += target.slice(1);
          j++;
          changed = true;
          valueTarget = "";
        }
        break;
      }
      const spelled = letterOf(letter);
      if (spelled.length === 1 && spelled[0] === `-${letter}`) {
        cluster += letter;
        if (table.optionalLetters?.includes(letter)) {
          optional = letter;
          j++;
          break;
        }
        continue;
      }
      changed = true;
      if (table.optionalLetters?.includes(letter)) {
        // `-i.bak` for a rule that writes `--in-place`: `--in-place=.bak`.
        const rest = word.slice(j + 1);
        const target = spelled[0] as string;
        longs.push(rest === "" || !target.startsWith("--") ? target + rest : `${target}=${rest}`);
        j = word.length;
        break;
      }
      for (const target of spelled) {
        if (target.startsWith("--")) longs.push(target);
        else cluster += target.slice(1);
      }
    }
    if (valueTarget !== null && valueTarget !== "") {
      const value = word.slice(j + 1);
      changed = true;
      if (cluster.length > 1) out.push(cluster);
      out.push(...longs, value === "" ? valueTarget : `${valueTarget}=${value}`);
      if (value === "" && i + 1 < words.length) out.push(words[++i] as string);
      continue;
    }
    const rest = word.slice(j);
    if (cluster.length > 1 || rest.length > 0) out.push(cluster + rest);
    out.push(...longs);
    const valueAlone = valueTarget === "" ? rest === "" : rest.length === 1;
    if (optional === null && valueAlone && i + 1 < words.length) {
      out.push(words[++i] as string);
    }
  }
  return changed ? out : null;
}
