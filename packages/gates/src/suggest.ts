import { posix } from "node:path";
import type { JudgedItem } from "./model.ts";

// INVARIANT: the pattern a session or persistent approval adds by default is the call exactly
// as shown. A wider pattern is only offered from the table below, never for a program that
// can delete, move, overwrite, change modes or owners, push, reset, clean or install: a
// trailing `*` there would let new flags and new paths in unasked (docs/session-grants.md).

/**
 * The session pattern offered by default for a bash unit: the unit exactly as shown (its
 * words joined by one space). A unit run through a wrapper (`viaWrapper`) was always exact;
 * now every unit is, and {@link widerBashPattern} says what may be offered beside it.
 */
// biome-ignore lint/correctness/noUnusedFunctionParameters: the published signature keeps it.
export function suggestBashPattern(argv: readonly string[], viaWrapper: boolean): string {
  return argv.join(" ");
}

/** The session pattern offered by default for a path: the path itself. */
export function suggestPathPattern(path: string): string {
  return path;
}

/** One read-only command a session approval may widen to `<prefix> *`. */
export interface WideningRule {
  /** The words a unit starts with: the program, and for a multi-command tool its subcommand. */
  readonly prefix: readonly string[];
  /** Units the wider pattern covers (the first is the one approved). */
  readonly match: readonly string[];
  /** Units it must never cover. */
  readonly notMatch: readonly string[];
}

/**
 * The commands whose approval may be widened to any arguments: they only read and print.
 * Anything else (rm, mv, cp, chmod, chown, dd, git push/reset/clean, package installs,
 * runners of scripts, unknown programs) is approved exactly as shown. The files a widened
 * call touches are still judged by the path gates: a bash grant answers the bash surface only.
 */
export const WIDENING_RULES: readonly WideningRule[] = [
  rule(["ls"], ["ls -la src", "ls", "ls -R /tmp"], ["lsof -i", "rm ls"]),
  rule(["pwd"], ["pwd", "pwd -P"], ["pwdx 1"]),
  rule(["cat"], ["cat README.md", "cat -n a b"], ["catdoc x", "tac x"]),
  rule(["head"], ["head -n 5 a.txt"], ["header x"]),
  rule(["tail"], ["tail -n 20 log.txt"], ["tailscale up"]),
  rule(["wc"], ["wc -l a.txt"], ["wcc x"]),
  rule(["grep"], ["grep -rn TODO src"], ["grepx x", "egrep x"]),
  rule(["stat"], ["stat a.txt"], ["statx a"]),
  rule(["file"], ["file a.bin"], ["files x"]),
  rule(["which"], ["which node"], ["whichever x"]),
  rule(["git", "status"], ["git status --short", "git status"], ["git stash", "git push"]),
  rule(["git", "log"], ["git log --oneline -5"], ["git push origin main", "git logx"]),
  rule(["git", "diff"], ["git diff --stat"], ["git reset --hard", "git clean -fdx"]),
  rule(["git", "show"], ["git show HEAD"], ["git push --force"]),
  rule(["git", "blame"], ["git blame a.ts"], ["git branch -D x"]),
  rule(["npm", "test"], ["npm test -- --watch=false"], ["npm install lodash", "npm run x"]),
  rule(["npm", "ls"], ["npm ls react"], ["npm link x"]),
];

function rule(prefix: string[], match: string[], notMatch: string[]): WideningRule {
  return { prefix, match, notMatch };
}

/**
 * The wider session pattern a bash unit may be approved with, or `null` when only the exact
 * unit may be: `git status --short` → `git status *`, `ls -la src` → `ls *`;
 * `rm build`, `npm install lodash`, a wrapper's or a sentinel's unit → `null`.
 */
export function widerBashPattern(argv: readonly string[], viaWrapper = false): string | null {
  if (viaWrapper) return null;
  for (const { prefix } of WIDENING_RULES) {
    if (prefix.every((word, i) => argv[i] === word)) return `${prefix.join(" ")} *`;
  }
  return null;
}

/**
 * The wider session pattern a path may be approved with: the files of its directory, for a
 * read only. A write, or a read-and-write, is approved exactly: a sibling may be a file the
 * human never saw.
 */
export function widerPathPattern(path: string, access: JudgedItem["access"]): string | null {
  if (access !== "read") return null;
  const dir = posix.dirname(path);
  return dir === "/" ? "/*" : `${dir}/*`;
}

/**
 * The wider pattern offered for one judged item beside its exact suggestion, or `null`.
 * What the analyzer could not prove (a sentinel), a registered hook's ask, a computed or glob
 * path, a wrapper's unit, and a unit whose rule met another spelling are approved exactly.
 */
export function widerSuggestion(item: JudgedItem): string | null {
  if (item.sentinel !== null || item.exact || item.speculative) return null;
  if (item.access !== undefined) {
    return item.suggestion === item.value ? widerPathPattern(item.value, item.access) : null;
  }
  if (item.surface !== "bash") return null;
  // INVARIANT: a unit run by a wrapper (its executed command differs) stays exact.
  const viaWrapper =
    item.executedUnit !== null || "matchedAs" in item || item.suggestion !== item.value;
  return widerBashPattern(item.value.split(" "), viaWrapper);
}
