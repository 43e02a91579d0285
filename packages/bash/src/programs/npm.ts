import type { Word } from "../read/words.ts";
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
  for (let i = 1; i < words.length && tries < 2; i++) {
    const word = words[i] as Word;
    if (word.text === "--") return null;
    if (word.text.startsWith("-")) continue;
    if (!word.literal) return null;
    tries++;
    const command = npmCommand(word.text);
    if (command !== null) return { at: i, command };
  }
  return null;
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
 * to `--`: a long option by any prefix of its name that may stand for it (`--gl`), its value
 * attached (`--location=global`) or in the next word (`--location global`), `--no-NAME` as
 * false; a short option cluster (`-gf`, `-g=true`) by its letters, `g` being `--global`.
 * Only `global` and `location` are reported.
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
      continue;
    }
    const equals = text.indexOf("=");
    const name = text.slice(2, equals < 0 ? undefined : equals);
    if (name.startsWith("no-") || name === "") continue;
    const attached = equals < 0 ? null : { ...word, text: text.slice(equals + 1) };
    if ("global".startsWith(name)) {
      settings.push({ name: "global", value: attached });
    } else if (name.length >= 2 && "location".startsWith(name)) {
      settings.push({ name: "location", value: attached ?? words[i + 1] ?? null });
    }
  }
  return settings;
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
