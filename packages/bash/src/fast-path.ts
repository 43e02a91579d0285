import { type Classification, classify } from "./programs/classify.ts";
import {
  dashedGit,
  readGit,
  writtenAliasRuns,
  writtenInteractiveRebase,
  writtenRemoteRuns,
} from "./programs/git.ts";
import { gitSequenceUses } from "./programs/git-links.ts";
import { scriptSource } from "./programs/interpreter-options.ts";
import { npmCanonical } from "./programs/npm.ts";
import type { PathState } from "./programs/paths.ts";
import { toolName } from "./programs/wrappers.ts";
import { RESERVED } from "./read/plain-tree.ts";
import { plainWord, type Word } from "./read/words.ts";
import { SENTINELS, type Sentinel } from "./sentinels.ts";
import type { AnalyzeOptions, BashAnalysis, BashUnit, TouchedPath } from "./types.ts";
import { operandUses, type PendingUnit, resolveUses } from "./walk/walk.ts";
import { runsWrittenCode, statementLoadPaths } from "./walk/written-code.ts";

/**
 * The analysis of a plain command without the grammar or the walk (issue 18): one command of
 * literal words from a conservative set (`git status`, `ls -la src`, `rm -rf build`,
 * `npm run lint -- --fix`): letters, digits and `_ . / : , @ + -`, `=` only inside an
 * argument that is no assignment, words split by single spaces, nothing before or after.
 * No expansion, no quote, no operator, no redirect, no keyword, no builtin, and a program
 * whose classification peels nothing and floors nothing (no wrapper, no sentinel, no further
 * command, no folder, no script, no later word that may be code), which npm's reading and the
 * written-code floor leave alone; git's reading is followed as the walk follows it (its
 * canonical words and sentinel), when it injects nothing and starts no editor. Anything else returns null and goes to
 * the full analysis.
 *
 * For what it accepts the answer is the full analysis's, field for field: it calls the same
 * classification and path resolution the walk calls for such a command, and skips only what
 * cannot apply to it (expansion, redirects, the state a statement leaves for the next, the
 * tree and the token cross-check). `test/fast-path.test.ts` proves it over generated
 * commands and every plain command of the corpus and the bench's everyday commands: each
 * accepted command's analysis deep-equals the full one, and a shape outside the set is
 * declined.
 */
export function plainAnalysis(command: string, options: AnalyzeOptions): BashAnalysis | null {
  if (!plainAnalysisPath.enabled) return null;
  if (command.length === 0 || command.length > MAX_PLAIN) return null;
  if (options.programs !== undefined) return null;
  if (!plainText(command)) return null;
  if (OPTION_MENTIONS.test(command)) return null;
  const texts = command.split(" ");
  if (texts.length > MAX_WORDS) return null;
  const program = texts[0] as string;
  // The grammar reads some characters in a command word in its own way (`a@a`, `a%a` are
  // errors to it): a program name is letters, digits, `_`, `.`, `+` and `-` not first.
  if (!PROGRAM_NAME.test(program)) return null;
  if (DECLINED.has(program)) return null;
  let at = 0;
  const words: Word[] = [];
  for (const text of texts) {
    // Two blanks in a row, or one at either end: an empty word.
    if (text === "") return null;
    if (RESERVED.has(text) || ASSIGNMENT.test(text)) return null;
    words.push(plainWord(text, at));
    at += text.length + 1;
  }
  const cwd = normalizedDirectory(options.cwd);
  const home = normalizedDirectory(options.home);
  if (cwd === null || home === null) return null;
  const classification = classify(words, false, null, false, null);
  if (!trivial(classification, words)) return null;
  const name = toolName(program) ?? program;
  if (DECLINED.has(name)) return null;
  const state: PathState = { cwds: [cwd], vars: new Map(), home };
  if (npmCanonical(words) !== null) return null;
  // A program given a script to run (`node x.js`, `python3 t.py`, `uv run x.py`): the full
  // analysis says which file it runs.
  if (name === "uv" || scriptSource(words) !== null) return null;
  if (statementLoadPaths(words, state).length > 0) return null;
  const pending: PendingUnit = {
    pos: 0,
    seq: 0,
    start: 0,
    end: command.length,
    argv: texts,
    context: null,
    wrappers: [],
    executed: texts,
    sentinel: null,
    paths: [],
    key: program,
    synthetic: false,
  };
  if (runsWrittenCode(words, [pending], state, [], pending, [])) return null;
  const resolved = resolveUses(operandUses(classification, false), state, true);
  pending.paths = resolved;
  // git's global options set aside (`git -C . push` is `git push`), as the walk reads them;
  // what an earlier command of the string wrote cannot apply to the only command.
  let executed = texts;
  let sentinel: Sentinel | null = null;
  const git = readGit(dashedGit(words) ?? words);
  if (git !== null) {
    if (git.injections.length > 0 || git.editorRun !== undefined) return null;
    executed = git.canonical.map((word) => word.text);
    pending.executed = executed;
    const units = () => [pending];
    if (
      writtenInteractiveRebase(git.canonical, units) !== undefined ||
      writtenAliasRuns(git.canonical, units).length > 0 ||
      writtenRemoteRuns(git.canonical, units).length > 0 ||
      gitSequenceUses(git.canonical, units, pending).length > 0
    ) {
      return null;
    }
    sentinel = git.sentinel;
  }
  const unit: BashUnit = {
    text: command,
    argv: texts,
    context: null,
    wrappers: [],
    executed,
    sentinel,
  };
  const paths: TouchedPath[] = [];
  const seen = new Set<string>();
  for (const path of resolved) {
    const touched: TouchedPath = {
      raw: path.raw,
      path: path.path,
      access: path.access,
      unit: 0,
      via: path.via,
    };
    if (path.glob !== null) touched.glob = path.glob;
    else if (path.path === null) touched.sentinel = SENTINELS.computedPath;
    if (path.glob !== null && path.listed) touched.listed = true;
    const joined = path.joined;
    if (joined !== undefined && joined !== path.raw && joined !== `${cwd}/${path.raw}`) {
      touched.joined = joined;
    }
    if (resolved.length > 1) {
      const key = `${touched.raw}\u0000${touched.path}\u0000${touched.access}\u0000${touched.via}\u0000${touched.glob ?? ""}\u0000${touched.sentinel ?? ""}\u0000${touched.joined ?? ""}\u0000${touched.listed ?? ""}`;
      if (seen.has(key)) continue;
      seen.add(key);
    }
    paths.push(touched);
  }
  return { status: "ok", units: [unit], paths };
}

/** Tests turn the fast path off to compare it with the full analysis. */
export const plainAnalysisPath = { enabled: true };

/** Longest command the fast path takes. */
const MAX_PLAIN = 512;
/** Most words it takes. */
const MAX_WORDS = 32;

/**
 * Characters of a plain command, by char code: 1 a word character, 2 the blank between words.
 * No quote, `$`, backtick, backslash, glob or brace character, `~`, `#`, `!`, `^`, `&`, `|`,
 * `;`, `<`, `>`, `(`, `)`, newline or tab, and no `%` (tree-sitter-bash misreads `a%a`).
 */
const CLASS = new Uint8Array(128);
for (const ch of "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:,@+=-")
  CLASS[ch.charCodeAt(0)] = 1;
CLASS[" ".charCodeAt(0)] = 2;

function plainText(command: string): boolean {
  for (let i = 0; i < command.length; i++) {
    const code = command.charCodeAt(i);
    if (code >= 128 || CLASS[code] === 0) return false;
  }
  return true;
}

/**
 * Words that name a shell option or a setting the walk reads from the whole text (glob
 * options, POSIX mode, `set`, `shopt`, an option word with `O`, which may be `bash -O`): the
 * full analysis works out what they change.
 */
const OPTION_MENTIONS = /glob|posix|shopt|bashopts|hist|(?:^| )set(?: |$)|(?:^| )-[A-Za-z]*O/i;

/** The program names the fast path takes. */
const PROGRAM_NAME = /^[A-Za-z0-9_.+][A-Za-z0-9_.+-]*$/;

/** `NAME=…` or `NAME+=…`: an assignment in a command word's place or under `set -k`. */
const ASSIGNMENT = /^[A-Za-z_][A-Za-z0-9_]*\+?=/;

/**
 * Programs the fast path never takes: every bash builtin (each changes the shell, reads what
 * the string set, or runs code: `cd`, `eval`, `source`, `exec`, `read`, `printf -v`, …), and
 * the programs whose readings the walk extends beyond their table (git, npm and their kin,
 * pip, package runners) or that run a command among their words.
 */
const DECLINED = new Set([
  // bash builtins (bash 5: `compgen -b`) and special forms
  ".",
  ":",
  "[",
  "[[",
  "]]",
  "alias",
  "bg",
  "bind",
  "break",
  "builtin",
  "caller",
  "cd",
  "command",
  "compgen",
  "complete",
  "compopt",
  "continue",
  "declare",
  "dirs",
  "disown",
  "echo",
  "enable",
  "eval",
  "exec",
  "exit",
  "export",
  "false",
  "fc",
  "fg",
  "getopts",
  "hash",
  "help",
  "history",
  "jobs",
  "kill",
  "let",
  "local",
  "logout",
  "mapfile",
  "popd",
  "printf",
  "pushd",
  "pwd",
  "read",
  "readarray",
  "readonly",
  "return",
  "set",
  "shift",
  "shopt",
  "source",
  "suspend",
  "test",
  "times",
  "trap",
  "true",
  "type",
  "typeset",
  "ulimit",
  "umask",
  "unalias",
  "unset",
  "wait",
  // programs the walk reads beyond their table (git's reading is followed above)
  "hub",
  "npm",
  "npx",
  "pnpm",
  "pnpx",
  "yarn",
  "bun",
  "bunx",
  "deno",
  "corepack",
  "volta",
  "pip",
  "pip3",
  "python",
  "python3",
  "env",
  "sudo",
  "doas",
  "xargs",
  "find",
  "sh",
  "bash",
  "zsh",
  "dash",
  "ksh",
]);

/** Nothing peeled, floored, added or left to the walk: the words are the command that runs. */
function trivial(classification: Classification, words: readonly Word[]): boolean {
  const executed = classification.executed;
  return (
    classification.wrappers.length === 0 &&
    classification.sentinel === null &&
    classification.script === null &&
    classification.extra.length === 0 &&
    classification.files.length === 0 &&
    classification.folders === undefined &&
    classification.placeholders.length === 0 &&
    classification.later.length === 0 &&
    classification.lines.length === 0 &&
    executed !== null &&
    executed.length === words.length &&
    executed.every((word, i) => word === words[i])
  );
}

/**
 * The directory as the full analysis uses it, when it is already in its normal form (the
 * full analysis normalises it; the fast path takes only the form it would leave unchanged).
 */
function normalizedDirectory(path: string): string | null {
  if (path === "/") return path;
  if (!path.startsWith("/") || path.endsWith("/") || /\/\.{0,2}(?:\/|$)/.test(path)) return null;
  return path;
}
