// The files Pi's `grep` tool reads when it searches a directory. Pi 1.6 runs ripgrep in the
// directory (`rg --no-config --hidden … -- PATTERN .`, with `--glob` when given), so the
// search reads every file below it that ripgrep does not skip: hidden files included,
// files the repository's ignore rules leave out excluded. Judging only the directory let a
// search of the project return the lines of a denied `.env`.
import { spawnSync } from "node:child_process";
import { type Dirent, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { posix } from "node:path";
import {
  matchesPathPattern,
  pathPatternBelow,
  type Rule,
  resolvePathPattern,
} from "@pi-permission/policy";
import { Minimatch, minimatch } from "minimatch";
import { globsMeet } from "./glob-meet.ts";
import type { GatePolicy } from "./judge.ts";
import type { ToolCallFacts } from "./model.ts";
import type { TouchedFile } from "./path-gates.ts";
import { isOutside } from "./tool-paths.ts";

/** How long the listing may take before the search is judged by what may lie below instead. */
const LISTING_TIMEOUT_MS = 2_000;

/** Past this many listed files that a refusing rule names, the glob reading judges instead. */
const MAX_NAMED_FILES = 64;

/** The ripgrep commands to try: Pi's own tools directory first, as Pi looks, then PATH. */
function ripgrepCandidates(): string[] {
  const agentDir = process.env.PI_CODING_AGENT_DIR ?? posix.join(homedir(), ".pi", "agent");
  return [posix.join(agentDir, "bin", "rg"), "rg"];
}

/**
 * Every file ripgrep would search in `dir`, as Pi's grep tool runs it (`--hidden`, no
 * config file, Pi's own rewriting of `glob`), absolute; `null` when ripgrep cannot say (not
 * installed, too slow, failed).
 *
 * @example
 * ```ts
 * listSearchedFiles("/repo", undefined); // ["/repo/.env", "/repo/src/a.ts", …]
 * ```
 */
export function listSearchedFiles(
  dir: string,
  glob: string | undefined,
  ripgrep: readonly string[] = ripgrepCandidates(),
): string[] | null {
  const args = ["--no-config", "--files", "--hidden", "--color=never"];
  // Pi drops a leading `./` from the glob (ripgrep never matches one); `!` negates.
  if (glob) args.push("--glob", glob.replace(/^(!?)(?:\.\/)+/, "$1"));
  args.push("--", ".");
  for (const command of ripgrep) {
    const run = spawnSync(command, args, {
      cwd: dir,
      encoding: "utf8",
      timeout: LISTING_TIMEOUT_MS,
      maxBuffer: 256 * 1024 * 1024,
      stdio: ["ignore", "pipe", "ignore"],
    });
    if ((run.error as NodeJS.ErrnoException | undefined)?.code === "ENOENT") continue;
    // Exit 1 is "no file listed"; anything else (a timeout, a crash) proves nothing.
    if (run.error || run.signal || (run.status !== 0 && run.status !== 1)) return null;
    // Sorted: ripgrep lists in the order its threads finish, and a verdict names the first.
    return run.stdout
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => posix.resolve(dir, line))
      .sort();
  }
  return null;
}

/**
 * The read rules, the policy's and its hooks', that do not allow: `path_read` ones, and
 * `external_directory_read` ones when the directory lies outside the working directory
 * (ripgrep follows no link, so the files below an inside directory stay inside).
 */
function refusingReadPatterns(policy: GatePolicy, outside: boolean): string[] {
  const rules: Rule[] = [...policy.rules];
  for (const hook of policy.hooks ?? []) if ("rules" in hook) rules.push(...hook.rules);
  const patterns = new Set<string>();
  for (const rule of rules) {
    if (rule.action === "allow") continue;
    if (rule.surface === "path_read" || (outside && rule.surface === "external_directory_read")) {
      patterns.add(rule.pattern);
    }
  }
  return [...patterns];
}

/**
 * What a search of `searched` (the resolved path of a `grep` call) reads below it, as files
 * for the path gates: the listed files a refusing rule names, each judged as the file it is
 * (listed by ripgrep, or, without it, every file below, ignore files not applied); or, when
 * no listing can be had (the directory is not on this machine, too many entries) or it names
 * too many, the glob of everything below, which every rule
 * that may name a file there judges (an ask, or a deny that covers all of it). Nothing when
 * `searched` is a file, or no refusing rule can name a file below it.
 */
export function searchReads(
  facts: ToolCallFacts,
  policy: GatePolicy,
  searched: TouchedFile,
  glob: string | undefined,
  ripgrep?: readonly string[],
): TouchedFile[] {
  const dir = searched.path;
  let isDirectory: boolean | null;
  try {
    // Followed through links: ripgrep runs inside a linked directory, and Pi searches a
    // linked file as that file.
    isDirectory = statSync(dir).isDirectory();
  } catch {
    // Not on this machine (or not ours to look into): what may lie below is judged.
    isDirectory = null;
  }
  if (isDirectory === false) return [];
  const where = { cwd: facts.cwd, home: facts.home };
  const below = belowGlob(dir, glob);
  // Every pattern here is a deny's or an ask's, so one naming a folder without a glob also
  // covers what lies below it, as the path gates read it (`pathRuleMeets`).
  const refusing = refusingReadPatterns(policy, isOutside(dir, facts.cwd)).filter((pattern) => {
    const resolved = resolvePathPattern(pattern, where);
    const inside = pathPatternBelow(pattern, where);
    return (
      resolved === "*" ||
      globsMeet(below, resolved) ||
      (inside !== null && globsMeet(below, inside))
    );
  });
  const names = (file: string) =>
    refusing.some((pattern) => {
      if (matchesPathPattern(pattern, file, where)) return true;
      const inside = pathPatternBelow(pattern, where);
      return inside !== null && minimatch(file, inside, { dot: true });
    });
  if (refusing.length === 0) return [];
  const listed =
    isDirectory === null ? null : (listSearchedFiles(dir, glob, ripgrep) ?? walkedFiles(below));
  const shown = (path: string) => posix.relative(facts.cwd, path) || ".";
  if (listed !== null) {
    const named = listed.filter(names);
    if (named.length <= MAX_NAMED_FILES) {
      return named.map((path) => ({ shown: shown(path), path, access: "read" }));
    }
  }
  return [
    { shown: `${searched.shown} (every file below it)`, path: below, access: "read", glob: true },
  ];
}

/** How many entries the walk without ripgrep reads before it gives up. */
const MAX_WALKED = 20_000;

/**
 * Without ripgrep: every file below the glob's directory that the glob matches, ignore files
 * not applied (so a superset of what ripgrep reads), links not followed; `null` past
 * {@link MAX_WALKED} entries or on an unreadable folder.
 */
function walkedFiles(below: string): string[] | null {
  const root = below.slice(0, below.indexOf("/**"));
  const matcher = new Minimatch(below, { dot: true });
  const files: string[] = [];
  const pending = [root === "" ? "/" : root];
  let seen = 0;
  while (pending.length > 0) {
    const dir = pending.pop() as string;
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return null;
    }
    for (const entry of entries) {
      if (++seen > MAX_WALKED) return null;
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else if (matcher.match(path)) files.push(path);
    }
  }
  return files.sort();
}

/** The glob of the files a search reads below `dir`, narrowed by a plain `glob` argument. */
function belowGlob(dir: string, glob: string | undefined): string {
  const root = dir === "/" ? "" : dir;
  // A glob with no slash matches a file's name at any depth (ripgrep reads it as gitignore
  // does); anything else (a path, a negation, braces) is not narrowed.
  if (glob && !glob.startsWith("!") && !glob.includes("/") && !/[{}\\]/.test(glob)) {
    return `${root}/**/${glob}`;
  }
  return `${root}/**`;
}
