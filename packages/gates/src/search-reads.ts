// The files Pi's `grep` tool reads when it searches a directory. Pi 1.6 runs ripgrep in the
// directory (`rg --no-config --hidden … -- PATTERN .`, with `--glob` when given), so the
// search reads every file below it that ripgrep does not skip: hidden files included,
// files the repository's ignore rules leave out excluded. Judging only the directory let a
// search of the project return the lines of a denied `.env`.
import { spawnSync } from "node:child_process";
import { type Dirent, lstatSync, readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import { posix } from "node:path";
import {
  matchesPathPattern,
  pathPatternBelow,
  type Rule,
  resolvePathPattern,
  spendWork,
} from "@pi-permission/policy";
import { Minimatch, minimatch } from "minimatch";
import { globsMeet } from "./glob-meet.ts";
import type { GatePolicy } from "./judge.ts";
import { linkTargetOf } from "./links.ts";
import type { ToolCallFacts } from "./model.ts";
import type { TouchedFile } from "./path-gates.ts";
import { globOfFolder, isOutside } from "./tool-paths.ts";

/**
 * How long the listing may take before the search is judged by what may lie below instead.
 * The listing runs inside the agent's tool call: a search of a huge folder must not hold it.
 */
const LISTING_TIMEOUT_MS = 1_000;

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
  const listing = ripgrepListing(dir, glob, ripgrep);
  return Array.isArray(listing) ? listing : null;
}

/**
 * {@link listSearchedFiles}, telling apart no ripgrep (`"missing"`: the gates may walk the
 * folder themselves) from a ripgrep that failed or ran out of time (`"failed"`: a walk of
 * the same folder would be as slow).
 */
function ripgrepListing(
  dir: string,
  glob: string | undefined,
  ripgrep: readonly string[],
): string[] | "missing" | "failed" {
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
    if (run.error || run.signal || (run.status !== 0 && run.status !== 1)) return "failed";
    // Sorted: ripgrep lists in the order its threads finish, and a verdict names the first.
    return run.stdout
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => posix.resolve(dir, line))
      .sort();
  }
  return "missing";
}

/**
 * The read rules, the policy's and its hooks', that do not allow: `path_read` ones,
 * `external_directory_read` ones when the directory lies outside the working directory
 * (ripgrep follows no link, so the files below an inside directory stay inside), and those of
 * the reading tool's own surface (`grep: { "secrets": "deny" }`), whose patterns are path
 * patterns met by every file the tool opens (S33 grep-surface-rules: only the searched
 * folder met them, and a search of the project returned `secrets/key`). Its `*` is left out:
 * the folder itself already meets it.
 */
function refusingReadPatterns(
  policy: GatePolicy,
  outside: boolean,
  ownSurface: string | null,
): string[] {
  const rules: Rule[] = [...policy.rules];
  for (const hook of policy.hooks ?? []) if ("rules" in hook) rules.push(...hook.rules);
  const patterns = new Set<string>();
  for (const rule of rules) {
    if (rule.action === "allow") continue;
    if (
      rule.surface === "path_read" ||
      (outside && rule.surface === "external_directory_read") ||
      (rule.surface === ownSurface && rule.pattern !== "*")
    ) {
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
 * `searched` is a file, or no refusing rule can name a file below it. When `changesListing`
 * says a call running beside this one may change which files ripgrep lists there (it writes an
 * ignore file), the listing of now proves nothing: every file below is read, as without
 * ripgrep (S33 sibling-ignore-write).
 */
export function searchReads(
  facts: ToolCallFacts,
  policy: GatePolicy,
  searched: TouchedFile,
  glob: string | undefined,
  ripgrep?: readonly string[],
  changesListing?: (dir: string) => unknown,
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
  const below = belowGlob(dir, glob);
  const names = refusingNamer(
    facts,
    policy,
    below,
    isOutside(dir, facts.cwd),
    true,
    facts.toolName,
  );
  if (names === null) return [];
  const listing =
    isDirectory === null
      ? "failed"
      : changesListing?.(dir)
        ? "missing"
        : ripgrepListing(dir, glob, ripgrep ?? ripgrepCandidates());
  const listed =
    listing === "missing" ? walkedFiles(dir, below) : listing === "failed" ? null : listing;
  const shown = (path: string) => posix.relative(facts.cwd, path) || ".";
  if (listed !== null) {
    const named = listed.filter(names);
    if (named.length <= MAX_NAMED_FILES) {
      return named.map((path) => ({ shown: shown(path), path, access: "read" }));
    }
  }
  return [
    {
      shown: `${searched.shown} (every file below it)`,
      path: below,
      access: "read",
      glob: true,
      dots: true,
    },
  ];
}

/** How many entries the walk without ripgrep reads before it gives up. */
const MAX_WALKED = 20_000;

/**
 * Every entry below `root` that is not a directory, and the symbolic links among them, links
 * not followed; `null` past `limit` entries or on an unreadable folder.
 */
function walkBelow(root: string, limit: number): { files: string[]; links: string[] } | null {
  const files: string[] = [];
  const links: string[] = [];
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
    // A walk of thousands of entries inside the agent's tool call counts against its budget.
    spendWork(entries.length * 20, "a folder walked for the files a search reads");
    for (const entry of entries) {
      if (++seen > limit) return null;
      const path = posix.join(dir, entry.name);
      if (entry.isDirectory()) pending.push(path);
      else {
        files.push(path);
        if (entry.isSymbolicLink()) links.push(path);
      }
    }
  }
  return { files: files.sort(), links: links.sort() };
}

/**
 * Every folder at or below `root`, links below it not followed (as `fd` does not follow
 * them); `[]` when `root` is a file; `null` past `limit` entries, on an unreadable folder, or
 * when nothing is at `root` on this machine.
 */
export function foldersBelow(root: string, limit: number): string[] | null {
  try {
    if (!statSync(root).isDirectory()) return [];
  } catch {
    return null;
  }
  const folders: string[] = [];
  const pending = [root];
  let seen = 0;
  while (pending.length > 0) {
    const dir = pending.pop() as string;
    folders.push(dir);
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch {
      return null;
    }
    spendWork(entries.length * 20, "a folder walked for the names a listing shows");
    seen += entries.length;
    if (seen > limit) return null;
    for (const entry of entries) {
      if (entry.isDirectory()) pending.push(posix.join(dir, entry.name));
    }
  }
  return folders.sort();
}

/**
 * Without ripgrep: every file below the glob's directory that the glob matches, ignore files
 * not applied (so a superset of what ripgrep reads), links not followed; `null` past
 * {@link MAX_WALKED} entries or on an unreadable folder.
 */
function walkedFiles(dir: string, below: string): string[] | null {
  const matcher = new Minimatch(below, { dot: true });
  return walkBelow(dir, MAX_WALKED)?.files.filter((path) => matcher.match(path)) ?? null;
}

/**
 * The glob of the files a search reads below `dir`, narrowed by a plain `glob` argument. It is
 * a ripgrep glob: its wildcards match a `.` that starts a name (`*`, `?env`, `[.]env` name
 * `.env`), so it is met with the rules as such (`dots`) and matched with minimatch's `dot`.
 */
function belowGlob(dir: string, glob: string | undefined): string {
  // The folder's name is no glob (`/tmp/app [old]`).
  const root = dir === "/" ? "" : globOfFolder(dir);
  // A glob with no slash matches a file's name at any depth (ripgrep reads it as gitignore
  // does); anything else (a path, a negation, braces, a glob minimatch refuses) is not
  // narrowed.
  if (
    glob &&
    !glob.startsWith("!") &&
    !glob.includes("/") &&
    !/[{}\\]/.test(glob) &&
    compiles(glob)
  ) {
    return `${root}/**/${glob}`;
  }
  return `${root}/**`;
}

/** Whether minimatch takes a name glob (it refuses one with too many extglobs, by throwing). */
function compiles(glob: string): boolean {
  try {
    new Minimatch(glob, { dot: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * Whether a file below `below` meets a read rule that does not allow; `null` when no such rule
 * can name a file there (with `dots`, `below`'s wildcards match a leading `.`, see
 * `globsMeet`). Every pattern here is a deny's or an ask's, so one naming a folder without a
 * glob also covers what lies below it, as the path gates read it (`pathRuleMeets`).
 */
function refusingNamer(
  facts: ToolCallFacts,
  policy: GatePolicy,
  below: string,
  outside: boolean,
  dots = false,
  ownSurface: string | null = null,
): ((file: string) => boolean) | null {
  const where = { cwd: facts.cwd, home: facts.home };
  const refusing = refusingReadPatterns(policy, outside, ownSurface).filter((pattern) => {
    const resolved = resolvePathPattern(pattern, where);
    const inside = pathPatternBelow(pattern, where);
    return (
      resolved === "*" ||
      globsMeet(below, resolved, dots) ||
      (inside !== null && globsMeet(below, inside, dots))
    );
  });
  if (refusing.length === 0) return null;
  return (file) =>
    refusing.some((pattern) => {
      if (matchesPathPattern(pattern, file, where)) return true;
      const inside = pathPatternBelow(pattern, where);
      return inside !== null && minimatch(file, inside, { dot: true });
    });
}

/**
 * How many entries below a shell command's recursive operand are read before it stands for
 * everything below: the walk runs on the verdict's path, so a large folder (a home, a
 * dependency tree) costs at most this much before the glob is judged as before.
 */
const MAX_RECURSIVE_ENTRIES = 2_000;

/**
 * What a shell command's recursive reader (`grep -r x src`, `tar c .`) reads below a folder
 * that is on disk, for the path gates: the files below it that a refusing read rule names,
 * and, for each symbolic link below it, the file or folder it reaches (`grep -R` follows
 * them); with `followsLinks` false (`grep -r`), no link below, neither its name nor what it
 * reaches, since the reader opens none. `[]` when nothing lies below (the operand is a file, or nothing is there). `null`
 * when this cannot be said, and the glob of everything below must be judged instead: the
 * working directory is not on this machine, the operand is a link, the folder is unreadable or holds more than
 * {@link MAX_RECURSIVE_ENTRIES} entries, or too many files or links meet a rule.
 *
 * Only sound when nothing runs before the reader in the same command string: the caller
 * asks for it only then (what an earlier command may add below the folder is unknown).
 */
export function recursiveReads(
  facts: ToolCallFacts,
  policy: GatePolicy,
  root: string,
  followsLinks = true,
): TouchedFile[] | null {
  let kind: "file" | "folder" | "link" | "none";
  try {
    // A working directory that is not on this machine (a check run elsewhere) says nothing
    // about what is below the operand.
    if (!statSync(facts.cwd).isDirectory()) return null;
    const stat = lstatSync(root, { throwIfNoEntry: false });
    kind =
      stat === undefined
        ? "none"
        : stat.isSymbolicLink()
          ? "link"
          : stat.isDirectory()
            ? "folder"
            : "file";
  } catch {
    return null;
  }
  if (kind === "link") return null;
  if (kind !== "folder") return [];
  const walk = walkBelow(root, MAX_RECURSIVE_ENTRIES);
  if (walk === null || walk.links.length > MAX_NAMED_FILES) return null;
  const shown = (path: string) => posix.relative(facts.cwd, path) || ".";
  const names = refusingNamer(
    facts,
    policy,
    `${root === "/" ? "" : globOfFolder(root)}/**`,
    isOutside(root, facts.cwd),
  );
  const named = names === null ? [] : walk.files.filter(names);
  if (named.length > MAX_NAMED_FILES) return null;
  const out: TouchedFile[] = named.map((path) => ({ shown: shown(path), path, access: "read" }));
  // A reader that does not follow links below (`grep -r`) opens none of them.
  if (!followsLinks) {
    const links = new Set(walk.links);
    return out.filter((file) => !links.has(file.path));
  }
  for (const link of walk.links) {
    // The path gates follow the link to what it reaches; a folder reached stands for
    // everything below it.
    out.push({ shown: shown(link), path: link, access: "read" });
    const target = linkTargetOf(link, facts.cwd, facts.home);
    let folder = false;
    try {
      folder = target !== null && statSync(target).isDirectory();
    } catch {}
    if (target !== null && folder) {
      out.push({
        shown: shown(link),
        path: `${target === "/" ? "" : target}/**`,
        access: "read",
        glob: true,
      });
    }
  }
  return out;
}
