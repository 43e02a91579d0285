import { type Word, wordFromText } from "../read/words.ts";
import { unknownValue } from "./unknown-words.ts";
import { toolName } from "./wrappers.ts";

/**
 * npm's command names and aliases (npm 11, `lib/utils/cmd-list.js`). npm runs a command
 * given by its name, an alias, or any prefix that only one name or alias starts with
 * (`npm pub` publishes), so a rule naming `npm publish` must meet every such spelling.
 */
const COMMANDS: ReadonlySet<string> = new Set([
  ...["access", "adduser", "approve-scripts", "audit", "bugs", "cache", "ci", "completion"],
  ...["config", "dedupe", "deny-scripts", "deprecate", "diff", "dist-tag", "docs", "doctor"],
  ...["edit", "exec", "explain", "explore", "find-dupes", "fund", "get", "help", "help-search"],
  ...["init", "install", "install-ci-test", "install-scripts", "install-test", "link", "ll"],
  ...["login", "logout", "ls", "org", "outdated", "owner", "pack", "ping", "pkg", "prefix"],
  ...["profile", "prune", "publish", "query", "rebuild", "repo", "restart", "root", "run"],
  ...["sbom", "search", "set", "shrinkwrap", "stage", "star", "stars", "start", "stop", "team"],
  ...["test", "token", "trust", "undeprecate", "uninstall", "unpublish", "unstar", "update"],
  ...["version", "view", "whoami"],
]);

const ALIASES: Readonly<Record<string, string>> = {
  author: "owner",
  home: "docs",
  issues: "bugs",
  info: "view",
  show: "view",
  find: "search",
  add: "install",
  unlink: "uninstall",
  remove: "uninstall",
  rm: "uninstall",
  r: "uninstall",
  un: "uninstall",
  rb: "rebuild",
  list: "ls",
  ln: "link",
  create: "init",
  i: "install",
  it: "install-test",
  cit: "install-ci-test",
  u: "update",
  up: "update",
  c: "config",
  s: "search",
  se: "search",
  tst: "test",
  t: "test",
  ddp: "dedupe",
  v: "view",
  "run-script": "run",
  "clean-install": "ci",
  "clean-install-test": "install-ci-test",
  x: "exec",
  why: "explain",
  la: "ll",
  verison: "version",
  ic: "ci",
  innit: "init",
  in: "install",
  ins: "install",
  inst: "install",
  insta: "install",
  instal: "install",
  isnt: "install",
  isnta: "install",
  isntal: "install",
  isntall: "install",
  "install-clean": "ci",
  "isntall-clean": "ci",
  hlep: "help",
  "dist-tags": "dist-tag",
  upgrade: "update",
  udpate: "update",
  rum: "run",
  sit: "install-ci-test",
  urn: "run",
  ogr: "org",
  "add-user": "adduser",
};

const NAMES: readonly string[] = [...COMMANDS, ...Object.keys(ALIASES)];

/** The command npm runs for a command word, as npm derefs it, or null when it runs none. */
export function npmCommand(word: string): string | null {
  let name = word;
  // npm reads camelCase as kebab-case (`installTest` is `install-test`).
  if (/[A-Z]/.test(name)) name = name.replace(/[A-Z]/g, (m) => `-${m.toLowerCase()}`);
  if (COMMANDS.has(name)) return name;
  let found: string | null = Object.hasOwn(ALIASES, name) ? (ALIASES[name] as string) : null;
  if (found === null && name.length > 0) {
    // A prefix of exactly one name or alias stands for it.
    const matches = NAMES.filter((candidate) => candidate.startsWith(name));
    if (matches.length !== 1) return null;
    found = matches[0] as string;
  }
  while (found !== null && Object.hasOwn(ALIASES, found)) found = ALIASES[found] as string;
  return found;
}

/**
 * npm's words with the command word as npm reads it (`npm pub` is `npm publish`), or null
 * when they are not npm's or already spell the command out. The command is the first word
 * that is not an option; when that word names no command it may be an option's value, so
 * the next one is tried too.
 */
export function npmCanonical(words: readonly Word[]): Word[] | null {
  const head = words[0];
  if (head === undefined) return null;
  // npm's own script (`/usr/lib/node_modules/npm/bin/npm-cli.js publish`) is npm.
  const script = head.text.endsWith("/npm-cli.js") || head.text === "npm-cli.js";
  if (toolName(head.text) !== "npm" && !script) return null;
  // npm's script is judged by the name it stands for.
  const named: Word[] = script ? [{ ...head, text: "npm" }, ...words.slice(1)] : [...words];
  const found = npmCommandAt(words);
  if (found === null) return script ? named : null;
  const word = words[found.at] as Word;
  if (found.command === word.text) return script ? named : null;
  named[found.at] = { ...word, text: found.command };
  return named;
}

/** npm's command for these words, as npm derefs it: the first of the next two operands that names one. */
function npmCommandOf(words: readonly Word[]): string | null {
  return npmCommandAt(words)?.command ?? null;
}

/** {@link npmCommandOf} with the index of the word that names the command. */
function npmCommandAt(words: readonly Word[]): { at: number; command: string } | null {
  let tries = 0;
  // nopt stops reading options at `--`, and npm takes the words after it as its command and
  // operands: `npm -- install x` installs x.
  let ended = false;
  for (let i = 1; i < words.length && tries < 2; i++) {
    const word = words[i] as Word;
    if (!ended && word.text === "--") {
      ended = true;
      continue;
    }
    if (!ended && word.text.startsWith("-")) continue;
    if (!word.literal) return null;
    tries++;
    const command = npmCommand(word.text);
    if (command !== null) return { at: i, command };
  }
  return null;
}

/** npm's commands whose next operand is a command of their own (`npm stage publish`, `npm dist-tag add`). */
const NESTING_COMMANDS: ReadonlySet<string> = new Set([
  ...["stage", "access", "dist-tag", "owner", "team", "token", "org", "profile", "config"],
  ...["cache", "hook", "pkg", "trust"],
]);

/**
 * Whether npm's command takes a command of its own and the word naming it is only known at
 * run time (`npm stage p"$x"ublish`, in a function where x may be anything): it may be the
 * refused one, so the unit cannot be proven.
 */
export function npmNestedCommandComputed(words: readonly Word[]): boolean {
  const head = words[0];
  if (head === undefined || toolName(head.text) !== "npm") return false;
  const found = npmCommandAt(words);
  if (found === null || !NESTING_COMMANDS.has(found.command)) return false;
  let ended = words.slice(1, found.at).some((word) => word.text === "--");
  for (let i = found.at + 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (!ended && word.text === "--") {
      ended = true;
      continue;
    }
    if (!ended && word.literal && word.text.startsWith("-")) continue;
    return unknownValue(word);
  }
  return false;
}

/** npm's commands that work on the global prefix when npm is global (`npm ci -g`, `npm it -g`). */
const GLOBAL_COMMANDS: ReadonlySet<string> = new Set([
  ...["install", "install-test", "install-ci-test", "ci", "uninstall", "update", "link"],
  ...["rebuild", "dedupe", "prune"],
]);

/** A value npm (nopt) reads as false for a boolean option; anything else sets it. */
function falseValue(text: string): boolean {
  return text === "false" || text === "null" || (text.trim() !== "" && Number(text) === 0);
}

/** One npm setting as npm reads it: its name and value (null when the text does not show it). */
export interface NpmSetting {
  readonly name: string;
  readonly value: Word | null;
}

/**
 * Whether npm's settings put it in global mode: `global` set to anything but a false value,
 * or `location` set to `global`. A value the text does not show may be either.
 */
function globalMode(settings: readonly NpmSetting[]): boolean {
  return settings.some(({ name, value }) => {
    if (name === "global") return value === null || !value.literal || !falseValue(value.text);
    if (name === "location") return value === null || !value.literal || value.text === "global";
    return false;
  });
}

/**
 * The settings npm's own option words give, read as npm's option parser (nopt) reads them up
 * to `--`: any run of leading dashes (`---global`, and `-global` when it names a long option),
 * a long option by any prefix of its name that may stand for it (`--gl`), each `no-` before the
 * name (in any case) negating it, a value attached (`--location=global`) or in the next word
 * (`--location global`). A boolean takes a `true`/`false` value only (attached or the next
 * word) and a negation inverts it: `--no-global=false` and `--no-global false` are global,
 * `--global=0` is global too (the 0 is an operand). A short option cluster (`-gf`, `-g=true`)
 * by its letters, `g` being `--global`. Only `global` and `location` are reported; a global
 * setting is reported only when it may be on.
 */
export function npmOptionSettings(words: readonly Word[]): NpmSetting[] {
  const settings: NpmSetting[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    const text = word.text;
    if (text === "--") break;
    if (!text.startsWith("-") || text === "-") continue;
    if (!text.startsWith("--")) {
      const letters = text.slice(1).split("=")[0] as string;
      if (letters.includes("g")) settings.push({ name: "global", value: null });
    }
    const long = npmLongOption(word);
    if (long === null) continue;
    const { name, negated, attached } = long;
    if ("global".startsWith(name)) {
      if (npmBooleanMayBeOn(attached ?? words[i + 1] ?? null, negated)) {
        settings.push({ name: "global", value: null });
      }
    } else if (name.length >= 2 && "location".startsWith(name)) {
      // A negated `--no-location=global` still takes the value (location's type is a list).
      settings.push({ name: "location", value: attached ?? words[i + 1] ?? null });
    }
  }
  return settings;
}

/**
 * An option word as nopt reads a long option: the name without its leading dashes and its
 * `no-` prefixes (each one inverting), and the value after `=`. Null for `--`, `-` and a word
 * that is no option.
 */
export function npmLongOption(
  word: Word,
): { name: string; negated: boolean; attached: Word | null } | null {
  const text = word.text;
  if (!text.startsWith("-") || text === "-" || text === "--") return null;
  const bare = text.replace(/^-+/, "");
  const equals = bare.indexOf("=");
  let name = equals < 0 ? bare : bare.slice(0, equals);
  let negated = false;
  while (name.toLowerCase().startsWith("no-")) {
    negated = !negated;
    name = name.slice(3);
  }
  if (name === "") return null;
  const attached = equals < 0 ? null : { ...word, text: bare.slice(equals + 1) };
  return { name, negated, attached };
}

/**
 * Whether a boolean npm option may end up on: nopt takes the value `true` or `false` only
 * (attached, or the next word), any other leaves it set (the word is an operand), and a
 * negation inverts it. A value the text does not show may be either.
 */
function npmBooleanMayBeOn(value: Word | null, negated: boolean): boolean {
  if (value !== null && !value.literal) return true;
  const given = value?.text !== "false";
  return negated ? !given : given;
}

/**
 * The settings npm reads from its environment: `npm_config_NAME` in any case, `_` read as
 * `-` (`NPM_CONFIG_GLOBAL=true`, `npm_config_location=global`); an empty value is unset.
 */
export function npmEnvSettings(assignments: readonly NpmSetting[]): NpmSetting[] {
  const settings: NpmSetting[] = [];
  for (const { name, value } of assignments) {
    if (!/^npm_config_/i.test(name)) continue;
    const key = name.slice("npm_config_".length).replace(/_/g, "-").toLowerCase();
    if (value?.literal && value.text === "") continue;
    settings.push({ name: key, value });
  }
  return settings;
}

/**
 * Whether an npm call writes npm's global prefix, a folder outside the project the text does
 * not show: `npm link` always (with a package, npm installs it there first), and the install,
 * update and removal commands in global mode, set by an option or by the environment `env`
 * names (the call's own assignments and what the string exported before it).
 */
export function npmWritesGlobalPrefix(
  words: readonly Word[],
  env: readonly NpmSetting[] = [],
): boolean {
  const command = npmCommandOf(words);
  if (command === null || !GLOBAL_COMMANDS.has(command)) return false;
  if (command === "link") return true;
  return globalMode([...npmOptionSettings(words), ...npmEnvSettings(env)]);
}

/** npm's commands that fetch the packages their operands name (pacote), a git one with git. */
const FETCHING_COMMANDS: ReadonlySet<string> = new Set([
  ...["install", "install-test", "link", "view", "pack", "cache", "docs", "bugs", "repo"],
  "diff",
]);

/** Hosts hosted-git-info knows, by the shorthand prefix npm accepts for each. */
const HOSTED: Readonly<Record<string, string>> = {
  github: "github.com",
  gitlab: "gitlab.com",
  bitbucket: "bitbucket.org",
  gist: "gist.github.com",
};

/** What npm does with one package spec that is a git repository. */
export interface NpmGitSpec {
  /** The word the spec came from. */
  readonly word: Word;
  /** The URLs npm runs `git ls-remote` on, in order (https first, then ssh, for a hosted one). */
  readonly urls: readonly string[];
  /** The local folder git reads, for a `git+file:` spec. */
  readonly folder: string | null;
}

/**
 * The spec part of an operand as npm-package-arg splits it: a URL, a scp-like address or a
 * path is the spec itself; `name@spec` and `@scope/name@spec` name the package first.
 */
function specText(text: string): string {
  if (/^[A-Za-z][A-Za-z0-9+.-]*:/.test(text) || /^[^@/]+@[^:./]+\.[^:/]+:/.test(text)) return text;
  const at = text.startsWith("@") ? text.indexOf("@", 1) : text.indexOf("@");
  if (at <= 0) return text;
  const name = text.slice(0, at);
  // A name holds no slash, or exactly one after a scope (`@scope/name`).
  if (name.startsWith("@") ? name.split("/").length !== 2 : name.includes("/")) return text;
  return text.slice(at + 1);
}

/** A hosted repository's https and ssh URLs, as npm hands them to git. */
function hostedUrls(host: string, path: string): string[] {
  const repo = path.replace(/\.git$/, "");
  return [`https://${host}/${repo}.git`, `ssh://git@${host}/${repo}.git`];
}

/**
 * A package spec npm fetches with git (npm-package-arg, hosted-git-info): `git+file:`,
 * `git+ssh:`, `git+https:`, `git+http:` and `git:` URLs, the `github:`/`gitlab:`/
 * `bitbucket:`/`gist:` shorthands, a bare `user/repo` (GitHub), a scp-like `git@host:user/repo`,
 * and an https URL of a hosted repository; `#committish` after any of them. npm runs
 * `git ls-remote` on the URL (a hosted one by https and then by ssh), then clones it into its
 * cache and runs the package's `prepare`. Null for any other spec.
 */
export function npmGitSpec(word: Word): NpmGitSpec | null {
  if (!word.literal) return null;
  const spec = specText(word.text).replace(/#.*$/s, "");
  const lower = spec.toLowerCase();
  if (lower.startsWith("git+file:")) {
    const url = spec.slice(4);
    // `file:///p` and `file://localhost/p` are the folder /p; `file:/p` is the same path,
    // which git reads as a scp-like address on a host called `file` (it runs ssh).
    const folder = /^file:(\/\/(localhost)?(?=\/))?(\/.*)$/i.exec(url)?.[3] ?? null;
    return { word, urls: [url], folder: folder === null ? null : decodeURI(folder) };
  }
  if (/^git\+(ssh|https?):/.test(lower)) {
    const url = spec.slice(4);
    const hosted = /^https?:\/\/(?:[^@/]*@)?(github\.com|gitlab\.com|bitbucket\.org)\/(.+)$/i.exec(
      url,
    );
    return {
      word,
      urls: hosted ? hostedUrls(hosted[1] as string, hosted[2] as string) : [url],
      folder: null,
    };
  }
  if (lower.startsWith("git://")) return { word, urls: [spec], folder: null };
  const shorthand = /^(github|gitlab|bitbucket|gist):(.+)$/i.exec(spec);
  if (shorthand) {
    const host = HOSTED[(shorthand[1] as string).toLowerCase()] as string;
    return { word, urls: hostedUrls(host, shorthand[2] as string), folder: null };
  }
  // `user/repo`: a GitHub repository (a path starts with `.`, `/` or `~`).
  if (/^[^@%/\s.~-][^:@%/\s]*\/[^@\s/%:]+$/.test(spec)) {
    return { word, urls: hostedUrls("github.com", spec), folder: null };
  }
  const scp = /^[^@/]+@([^:./]+\.[^:/]+):(.+)$/.exec(spec);
  if (scp) {
    const host = scp[1] as string;
    return Object.values(HOSTED).includes(host.toLowerCase())
      ? {
          word,
          urls: hostedUrls(host.toLowerCase(), (scp[2] as string).replace(/^\//, "")),
          folder: null,
        }
      : { word, urls: [spec], folder: null };
  }
  const hostedHttps =
    /^https?:\/\/(?:[^@/]*@)?(github\.com|gitlab\.com|bitbucket\.org)\/([^/]+\/[^/]+?)(\.git)?\/?$/i.exec(
      spec,
    );
  if (hostedHttps) {
    return {
      word,
      urls: hostedUrls((hostedHttps[1] as string).toLowerCase(), hostedHttps[2] as string),
      folder: null,
    };
  }
  return null;
}

/**
 * The package specs of an npm call that npm fetches with git: the operands of the commands
 * that fetch packages, and the values of `--package` (`npm exec`) and `--diff`.
 */
export function npmGitSpecs(words: readonly Word[]): NpmGitSpec[] {
  const found = npmCommandAt(words);
  if (found === null) return [];
  const fetching = FETCHING_COMMANDS.has(found.command);
  const specs: NpmGitSpec[] = [];
  // After `--` every word is an operand (`npm install -- git+file:///r` fetches it).
  let ended = words.slice(1, found.at).some((word) => word.text === "--");
  for (let i = found.at + 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (!ended && word.text === "--") {
      ended = true;
      continue;
    }
    const option = ended ? null : /^--(package|diff)(=|$)/.exec(word.text);
    if (option) {
      const value =
        option[2] === "=" ? { ...word, text: word.text.slice(option[0].length) } : words[++i];
      const spec = value === undefined ? null : npmGitSpec(value);
      if (spec !== null) specs.push(spec);
      continue;
    }
    if (!fetching || (!ended && word.text.startsWith("-"))) continue;
    const spec = npmGitSpec(word);
    if (spec !== null) specs.push(spec);
  }
  return specs;
}

/**
 * The local folders and files npm's specs name that the generic path reading misses:
 * a `git+file:` repository (read below: git reads its objects), and `name@PATH`,
 * `name@file:PATH` (npm reads the package there).
 */
export function npmSpecPaths(
  words: readonly Word[],
): { word: Word; access: "read" | "read_write"; below: true }[] {
  const found = npmCommandAt(words);
  if (found === null) return [];
  const uses: { word: Word; access: "read" | "read_write"; below: true }[] = [];
  for (const spec of npmGitSpecs(words)) {
    if (spec.folder !== null) {
      uses.push({ word: wordFromText(spec.folder), access: "read", below: true });
    }
  }
  if (!FETCHING_COMMANDS.has(found.command)) return uses;
  let ended = words.slice(1, found.at).some((word) => word.text === "--");
  for (const word of words.slice(found.at + 1)) {
    if (!ended && word.text === "--") {
      ended = true;
      continue;
    }
    if (!word.literal || (!ended && word.text.startsWith("-"))) continue;
    const spec = specText(word.text);
    if (spec === word.text) continue;
    const path = /^file:(?!\/\/)(.*)$/i.exec(spec)?.[1] ?? (/^[./~]/.test(spec) ? spec : null);
    // Like a path operand (`npm install ../x`): npm reads the package and links it.
    if (path !== null && path !== "") {
      const tilde = path.startsWith("~");
      uses.push({ word: wordFromText(path, { tilde }), access: "read_write", below: true });
    }
  }
  return uses;
}

/** The ssh command npm has git use (`GIT_SSH_COMMAND`, unless the environment sets one). */
const NPM_SSH = "ssh -oStrictHostKeyChecking=accept-new";

/**
 * The commands git runs to reach an ssh URL npm hands it: git starts npm's ssh command
 * through `sh -c` (it has a blank), which runs ssh on the host with the upload service. Empty
 * for a URL git reaches without ssh. `ssh://[user@]host[:port]/path` and the scp-like
 * `[user@]host:path` (`file:/p` is one, on a host called `file`) are ssh URLs.
 */
export function npmSshRuns(url: string): string[][] {
  let target: string;
  let port: string | undefined;
  let path: string;
  const scheme = /^ssh:\/\/(?:([^@/]*)@)?([^:/]+)(?::(\d+))?(\/.*)?$/i.exec(url);
  if (scheme) {
    target = `${scheme[1] === undefined ? "" : `${scheme[1]}@`}${scheme[2]}`;
    port = scheme[3];
    path = scheme[4] ?? "/";
  } else {
    const scp = /^([^/:]+):(?!\/\/)(.+)$/.exec(url);
    if (scp === null || /^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(url)) return [];
    target = scp[1] as string;
    path = scp[2] as string;
  }
  const ssh = [
    ...["-o", "SendEnv=GIT_PROTOCOL", ...(port ? ["-p", port] : []), target],
    `git-upload-pack '${path}'`,
  ];
  return [
    ["/bin/sh", "-c", `${NPM_SSH} "$@"`, NPM_SSH, ...ssh],
    [...NPM_SSH.split(" "), ...ssh],
  ];
}

/**
 * The package-managing commands of npm (as npmCommand derefs them), pnpm, yarn and bun whose
 * operands are package specs they look up, install or remove in node_modules, never a file of
 * the working directory named like them. Not `pack` (it writes a tarball named from the spec),
 * `link`, `exec`/`dlx`, `run` or `test` (their words go on to a program or script).
 */
const PACKAGE_NAMING: Readonly<Record<string, ReadonlySet<string>>> = {
  npm: new Set(["install", "install-test", "uninstall", "update", "view", "ls", "outdated"]),
  pnpm: new Set(["add", "install", "i", "remove", "rm", "uninstall", "un", "update", "up"]),
  yarn: new Set(["add", "remove", "up", "upgrade", "why", "info", "outdated"]),
  bun: new Set(["add", "a", "install", "i", "remove", "rm", "update", "outdated"]),
};

/**
 * The saving and mode flags every one of these package managers reads without a value
 * (`-D`, `--save-dev`, `-E`, `-g`): any other option may take the next word as its value
 * (`npm i --prefix @a/b x`, `pnpm add -C @a/b x`), which then stays a path.
 */
const PACKAGE_FLAGS =
  /^(-[gfsqdDyESOPW]+|--(global|force|silent|quiet|verbose|json|yes|dry-run|ignore-scripts|save|save-dev|save-exact|save-optional|save-prod|save-peer|dev|exact|optional|peer|legacy-peer-deps|foreground-scripts|no-save))$/;

/**
 * A registry package spec as npm-package-arg reads one (S33 scoped-install): `@scope/name`,
 * a valid package name, is a registry name before anything else is tried, and `@range` after
 * it is a version, range or tag unless it spells a path (`.`/`~/`/`/` first, a slash, a
 * tarball's extension), a URL, an alias or a git spec (a `:`, a slash, a `#`).
 */
const SCOPED_REGISTRY_SPEC =
  /^@[a-z0-9][a-z0-9._-]*\/[a-z0-9][a-z0-9._-]*(@(?![.~])[A-Za-z0-9^~<>=*.|+ _-]*)?$/;

/**
 * The operands of a package manager's package-naming command that are scoped registry specs
 * (`npm i -D @types/node`, `pnpm add @vitejs/plugin-react@^4`): npm, pnpm, yarn and bun look
 * them up in the registry and install them under node_modules, so such a word names no file
 * of the working directory, though its slash gives it a path's shape (S33 scoped-install,
 * r33d: `npm i -D @types/node && npm test` asked as if `/repo/@types/node` were written).
 * Every word before the command must be a flag or carry its value after `=`, so the command
 * is the one the program runs; a spec right after an option that may take a value stays
 * (`npm i --prefix @a/b x` installs into the folder @a/b).
 */
export function registryNameOperands(words: readonly Word[]): ReadonlySet<Word> {
  const found = new Set<Word>();
  const name = toolName(words[0]?.text ?? "") ?? "";
  const commands = Object.hasOwn(PACKAGE_NAMING, name) ? PACKAGE_NAMING[name] : undefined;
  if (commands === undefined) return found;
  let at = 1;
  for (; at < words.length; at++) {
    const word = words[at] as Word;
    if (!word.literal) return found;
    if (!word.text.startsWith("-")) break;
    if (word.text === "--" || !(PACKAGE_FLAGS.test(word.text) || /^--?[^=]+=/.test(word.text))) {
      return found;
    }
  }
  const command = words[at];
  if (command === undefined) return found;
  const canonical = name === "npm" ? npmCommand(command.text) : command.text;
  if (canonical === null || !commands.has(canonical)) return found;
  let ended = false;
  for (let i = at + 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (!ended && word.text === "--") {
      ended = true;
      continue;
    }
    // A word known only at run time may be an option taking the next word, or nothing
    // (`--prefix "$E" @a/b`): the words after it stay paths.
    if (!word.literal) return found;
    if (!ended && word.text.startsWith("-")) continue;
    const before = words[i - 1] as Word;
    const takesValue =
      !ended &&
      before.text.startsWith("-") &&
      !PACKAGE_FLAGS.test(before.text) &&
      !before.text.includes("=");
    if (takesValue) continue;
    if (!SCOPED_REGISTRY_SPEC.test(word.text) || /\.(tgz|tar|tar\.gz)$/i.test(word.text)) continue;
    found.add(word);
  }
  return found;
}
