import { type Dirent, readdirSync, statSync } from "node:fs";
import { posix } from "node:path";
import type { BashAnalysis } from "@pi-permission/bash";
import { NAMES_ONLY_PROGRAMS, SENTINELS } from "@pi-permission/bash";
import {
  matchesPathPattern,
  type PathMatcher,
  type PathPatternContext,
  pathPatternBelow,
  pathPatternMatcher,
  resolvePathPattern,
  spendWork,
  type ToolPathAccess,
} from "@pi-permission/policy";
import { Minimatch, minimatch } from "minimatch";
import { pickDeciding } from "./bash-gate.ts";
import { globsMeet } from "./glob-meet.ts";
import {
  type GatePolicy,
  isStricter,
  judgeOnSurface,
  judgeOnSurfaces,
  refusingPatterns,
  type SurfaceVerdict,
} from "./judge.ts";
import { linksBelow } from "./link-followers.ts";
import { cachedLookups, type DiskLookups, linkTargetOf, physicalPath } from "./links.ts";
import type { GateName, JudgedItem, RequestVerdict, ToolCallFacts } from "./model.ts";
import { externalPathEvidence, fullCommandEvidence, workingDirectoryEvidence } from "./payloads.ts";
import { suggestPathPattern } from "./suggest.ts";
import type { LinkedPath } from "./tool-files.ts";
import { isInertDevice, isOutside, resolvePath } from "./tool-paths.ts";
import { requestOf } from "./verdict.ts";

/** A file a call touches, resolved. */
export interface TouchedFile {
  shown: string;
  /** The absolute path; for a glob, the absolute glob; for a computed path, its text as written. */
  path: string;
  access: ToolPathAccess;
  /** The file is known only as a shell glob: it stands for every file the glob can match. */
  glob?: true;
  /** The file's name cannot be worked out (`"$(pick)"`, `~bob/x`): it may be any file. */
  computed?: true;
  /**
   * The entries of a folder a lister (`ls .ssh`) shows by name and metadata, as the glob of its
   * children: judged only by the rules that cover every child (a folder rule such as
   * `~/.ssh/**`), since a listing reads no file's contents.
   */
  listing?: true;
  /**
   * The glob's wildcards match a `.` that starts a name, as a ripgrep glob's do (`*` names
   * `.env`): not bash's reading, where they never do.
   */
  dots?: true;
  /**
   * The glob's `**` segments are bash's own under `globstar` (the analysis's
   * `TouchedPath.starsSkipDots`): like `*`, they match no name that starts with a `.`.
   */
  starsSkipDots?: true;
  /** The absolute path before its `..` are applied, when `shown` does not show it (see bash). */
  joined?: string;
  /**
   * A recursive operand's glob (`src/**` for `grep -r x src`) whose program opens or lists the
   * links it meets below the folder as links (link-followers.ts): what they lead to is not
   * read, so only the folder's own entries are followed on disk.
   */
  linksBelowUnread?: true;
  /**
   * The program no table knows whose later words, read as its command, touch the file (the
   * unit's `hostedBy`): that program may never run them, so a deny here is at most ask.
   */
  hostedBy?: string;
  /**
   * The file stands for whatever the path may reach once a call running at the same time has
   * made a link on it (concurrent-calls.ts): it may be any file, as a computed one may.
   */
  concurrent?: true;
}

// Programs that show the names and metadata of a folder operand's entries.
const LISTERS: ReadonlySet<string> = new Set(["ls", "dir", "vdir", "tree", "du", "exa", "eza"]);

/** The files a call touches: the file tool's path, or every resolved path of a bash command. */
export function touchedFiles(
  facts: ToolCallFacts,
  toolPath: { raw: string; access: ToolPathAccess } | null,
  analysis: BashAnalysis | null,
  command = "",
): TouchedFile[] {
  const files: TouchedFile[] = [];
  if (toolPath) {
    files.push({
      shown: toolPath.raw,
      path: resolvePath(toolPath.raw, facts.cwd, facts.home),
      access: toolPath.access,
    });
  }
  // `~+` is the value of `PWD`, which the string may assign (`PWD=~/.ssh; cat ~+/id_rsa`).
  const pwdRebound = command.includes("~+") && /(^|[^$\w{])PWD\b/.test(command);
  for (const p of analysis?.paths ?? []) {
    const from = files.length;
    pathFiles(p);
    // What only an unknown host's later words, read as its command, touch (see `hostedBy`).
    const hostedBy = analysis?.units[p.unit]?.hostedBy;
    if (hostedBy !== undefined) {
      for (let i = from; i < files.length; i++)
        files[i] = { ...(files[i] as TouchedFile), hostedBy };
    }
  }
  // Whether the program of a recursive operand leaves the links below it unfollowed.
  function unreadBelow(p: BashAnalysis["paths"][number]): boolean {
    const unit = analysis?.units[p.unit];
    return unit !== undefined && linksBelow(unit, command) === "not";
  }
  function pathFiles(p: BashAnalysis["paths"][number]): void {
    if (pwdRebound && p.raw.startsWith("~+")) {
      files.push({ shown: p.raw, path: p.raw, access: p.access, computed: true });
      return;
    }
    if (p.path !== null) {
      files.push({
        shown: p.raw,
        path: p.path,
        access: p.access,
        ...(p.joined !== undefined ? { joined: p.joined } : {}),
      });
      if (lists(analysis, p)) files.push(listingOf(p.raw, p.path));
    }
    // A glob stands for every file it can match (corpus README rule 6).
    else if (p.glob !== undefined) {
      const skip = p.starsSkipDots === true;
      // A glob bash only expands into names (a `for` list, an array's elements) reads the
      // folders it searches, as in an `echo` operand.
      if (p.listed) {
        files.push(...globListings(p.raw, p.glob, skip));
        return;
      }
      // A recursive lister (`ls -R src`, `du -a`) shows the names below its operand, not what
      // the files hold.
      const recursive = p.glob.endsWith("/**") && !/[*?[]/.test(p.raw);
      if (recursive && lists(analysis, p)) {
        files.push({
          shown: p.raw,
          path: p.glob,
          access: "read",
          glob: true,
          listing: true,
          ...(unreadBelow(p) ? { linksBelowUnread: true as const } : {}),
          // `ls -R` without -a/-A lists and enters no dot folder below its operand.
          ...(skip ? { starsSkipDots: true as const } : {}),
        });
        return;
      }
      files.push({
        shown: p.raw,
        path: p.glob,
        access: p.access,
        glob: true,
        ...(skip ? { starsSkipDots: true as const } : {}),
        ...(recursive && unreadBelow(p) ? { linksBelowUnread: true as const } : {}),
      });
      if (lists(analysis, p)) files.push(listingOf(p.raw, p.glob, skip));
    }
    // INVARIANT: a path the analyzer could not work out is never dropped: it may be any file.
    else files.push({ shown: p.raw, path: p.raw, access: p.access, computed: true });
  }
  files.push(...sourcedFromPath(analysis));
  if (analysis !== null) files.push(...globWordsNotPaths(analysis, facts));
  return files.filter((f) => f.glob || f.computed || !isInertDevice(f.path));
}

/** How many of a command's paths are followed through symbolic links on disk. */
const FOLLOWED_PATHS = 256;

/**
 * The files a shell command touches, each followed through symbolic links on disk the way the
 * kernel follows them when the command opens it: `cat notes` opens `.env` when `notes -> .env`,
 * and `cat keys/id` opens `~/.ssh/id` when `keys -> ~/.ssh`. The file a link reaches is judged
 * as well as the path written. Past {@link FOLLOWED_PATHS} paths the rest are not looked up and
 * may be any file (at least ask where a rule does not allow every file). A glob or a computed
 * path already stands for any file it may be.
 */
export function followedFiles(
  facts: ToolCallFacts,
  files: readonly TouchedFile[],
): { files: TouchedFile[]; links: LinkedPath[] } {
  const out: TouchedFile[] = [...files];
  const links: LinkedPath[] = [];
  let followed = 0;
  // What each folder on the way is, read once per call: a command's paths share their folders,
  // and following a path through its links looks up the working and home directories again.
  const disk = cachedLookups();
  const linkOnTheWay = (path: string): boolean => {
    // A link in the working or home directory's own path is no news (see linkTargetOf).
    const base = [facts.cwd, facts.home].find((b) => path.startsWith(`${b}/`)) ?? "";
    let at = base;
    for (const name of path.slice(base.length).split("/")) {
      if (name === "") continue;
      at = `${at}/${name}`;
      const link = disk.linkState(at);
      // Nothing there: the rest of the path is taken as written, as the kernel meets it.
      if (link === null) return false;
      if (link) return true;
    }
    return false;
  };
  for (const file of files) {
    if (file.computed) continue;
    if (file.listing) {
      // A linked folder lists its target's entries.
      const folder = file.path.slice(0, file.path.endsWith("/**") ? -3 : -2) || "/";
      if (/[*?[]/.test(folder)) continue;
      const target = linkTargetOf(folder, facts.cwd, facts.home, disk);
      if (target !== null && target !== folder) {
        out.push({
          ...file,
          path: `${target === "/" ? "" : target}${file.path.slice(folder.length)}`,
        });
      }
      // A recursive lister that follows the links below (`ls -RL src`) lists what each one
      // leads to, at any depth (R28 ls-RL-links-below, traced: it listed ~/.ssh through
      // src/deep/keys).
      if (file.path.endsWith("/**") && !file.linksBelowUnread) {
        const reached = globLinks(file.path, disk, true);
        if (reached === null) {
          out.push({ shown: file.shown, path: file.path, access: file.access, computed: true });
        }
        for (const path of reached ?? []) {
          const linked = linkTargetOf(path, facts.cwd, facts.home, disk);
          if (linked === null || linked === path) continue;
          out.push({ ...file, path: `${linked === "/" ? "" : linked}/**` });
          links.push({ path, target: linked });
        }
      }
      continue;
    }
    if (file.glob) {
      // A glob that matches nothing is passed as written (bash's default): its own spelling is
      // a file the program opens, followed through a link like any path (T33 glob-literal-link,
      // traced: `cat [n]otes` read the target of a link named `[n]otes`). The analyzer's own
      // `/**` (what a recursive tool reaches) is no spelling bash passes.
      if (!file.path.endsWith("/**")) {
        const literal = file.path.replace(/\\(.)/gs, "$1");
        const target = linkTargetOf(literal, facts.cwd, facts.home, disk);
        if (target !== null && target !== literal) {
          out.push({ shown: file.shown, path: target, access: file.access });
          links.push({ path: literal, target });
        }
      }
      // A glob reaches the files it matches on disk; one behind a link is judged as its target.
      const reached = globLinks(file.path, disk, !file.linksBelowUnread);
      if (reached === null) out.push({ ...file, computed: true });
      for (const path of reached ?? []) {
        const target = linkTargetOf(path, facts.cwd, facts.home, disk);
        if (target === null || target === path) continue;
        out.push({ shown: file.shown, path: target, access: file.access });
        // What a recursive reader reaches below a linked folder (`grep -R x .` with
        // `keys -> ~/.ssh`) is everything below its target.
        if (file.path.endsWith("/**")) {
          out.push({ shown: file.shown, path: `${target}/**`, access: file.access, glob: true });
        }
        links.push({ path, target });
      }
      continue;
    }
    // `/proc/<pid>/…` names the files of whichever process opens it: the shell's, not ours.
    const proc = procPath(file.path);
    if (proc !== undefined) {
      out.push(proc === null ? { ...file, computed: true } : { ...file, path: proc });
      continue;
    }
    // INVARIANT: a path not looked up is never taken as the file its text names.
    if (++followed > FOLLOWED_PATHS) {
      out.push({ ...file, computed: true });
      continue;
    }
    const climbed = climbThroughLinks(file, facts, disk);
    if (climbed === null) {
      out.push({ ...file, computed: true });
      continue;
    }
    if (climbed !== undefined && climbed !== file.path) {
      out.push({ shown: file.shown, path: climbed, access: file.access });
      links.push({ path: file.path, target: climbed });
    }
    if (!linkOnTheWay(file.path)) continue;
    const target = linkTargetOf(file.path, facts.cwd, facts.home, disk);
    if (target === null || target === file.path) continue;
    out.push({ shown: file.shown, path: target, access: file.access });
    if (!links.some((l) => l.path === file.path && l.target === target)) {
      links.push({ path: file.path, target });
    }
  }
  return { files: out, links };
}

// A `..` that follows a name (`l/..`), not one that only leads the path (`../x`).
const NAME_THEN_DOTDOT = /(?:^|\/)(?!\.\.?(?:\/|$))[^/]+\/\.\.(?:\/|$)/;

/**
 * Where a path written with a name before `..` (`l/../home/u/x`) leads on disk: the kernel
 * climbs from where the name really is, so after a link (`l -> .`) the `..` leaves the folder
 * that the lexical reading (`/repo/home/u/x`) stays in. `undefined` when the path has no such
 * `..`; `null` when the folder it was written against cannot be told from the lexical reading
 * (`../a/../b` after a `cd`), so it may be any file. A path the analyzer saw joined otherwise
 * than its text shows (a relative one after a `cd`, `$PWD/../x`) climbs from where the joined
 * folders lead on disk: after `cd link` the shell sits in the link's target, and `../x`
 * leaves it, so there any `..` counts.
 */
function climbThroughLinks(
  file: TouchedFile,
  facts: ToolCallFacts,
  disk: DiskLookups,
): string | null | undefined {
  const raw = file.shown;
  let written: string;
  if (file.joined !== undefined) written = file.joined;
  else if (!raw.includes("..") || !NAME_THEN_DOTDOT.test(raw)) return undefined;
  else if (raw.startsWith("/")) written = raw;
  else if (raw === "~" || raw.startsWith("~/")) written = `${facts.home}${raw.slice(1)}`;
  else if (posix.join(facts.cwd, raw) === file.path) written = `${facts.cwd}/${raw}`;
  else {
    // Written after a `cd`: against the folder the analyzer's lexical reading ends in
    // (`cd sub && cat x/../y` is `/repo/sub/y`, written against `/repo/sub`).
    const tail = posix.normalize(raw);
    if (tail === ".") written = `${file.path}/${raw}`;
    else if (tail.startsWith("..") || !file.path.endsWith(`/${tail}`)) return null;
    else written = `${file.path.slice(0, -tail.length - 1) || "/"}/${raw}`;
  }
  if (posix.normalize(written) !== file.path) return null;
  if (physicalPath(written, disk) === null) return null;
  // Named under the working or home directory as the policy writes them (see linkTargetOf).
  const target = linkTargetOf(written, facts.cwd, facts.home, disk);
  return target === null || target === file.path ? undefined : target;
}

const PROC_LINK =
  /^\/proc\/(?:self|thread-self|\d+)(?:\/task\/\d+)?\/(root|cwd|fd|exe|map_files)(?=\/|$)/;

/**
 * The file a `/proc/<pid>/root/…` path names in the root it leads to, which is this machine's
 * `/` for every process that shares it (`/proc/1/root/etc/x` is `/etc/x`); `undefined` for any
 * other path. A file tool's path is judged as both.
 */
export function procRootPath(path: string): string | undefined {
  const link = PROC_LINK.exec(path);
  return link?.[1] === "root" ? posix.resolve("/", path.slice(link[0].length) || "/") : undefined;
}

/**
 * The file a `/proc/<pid>/` link of a process names for the shell that opens it: `root/x` is
 * `/x` (the shell's root); `cwd/…`, `fd/…`, `exe` and `map_files/…` may be any file (the
 * shell's working directory, after its own `cd`s, and its open files are not ours to read:
 * following them here would read the permission checker's own). `undefined` for any other path.
 */
function procPath(path: string): string | null | undefined {
  const link = PROC_LINK.exec(path);
  if (link === null) return undefined;
  if (link[1] !== "root") return null;
  return posix.resolve("/", path.slice(link[0].length) || "/");
}

/** How many directory entries one glob may read on disk before it may be any file. */
const GLOB_ENTRIES = 2000;

/**
 * The files an absolute shell glob matches on disk that a symbolic link leads to (a link among
 * the matches, or a linked folder on the way), read segment by segment the way bash expands it
 * (dot files included, which over-approximates). `[]` when nothing matched through a link or
 * the glob does not start at a folder on this machine; `null` when more than
 * {@link GLOB_ENTRIES} entries would have to be read (the glob may then reach any file). A glob
 * the analyzer made for a directory it could not follow (`**` first) names no folder: its own
 * pattern already stands for every place.
 */
function globLinks(glob: string, disk: DiskLookups, deep: boolean): string[] | null {
  if (!glob.startsWith("/") || glob.startsWith("/**")) return [];
  let frontier: { path: string; linked: boolean }[] = [{ path: "/", linked: false }];
  const count = { read: 0 };
  for (const segment of glob.split("/").filter((c) => c !== "")) {
    if (deep && segment === "**") {
      const below = everythingBelow(frontier, count);
      if (below === null) return null;
      frontier = below;
      continue;
    }
    const next: { path: string; linked: boolean }[] = [];
    const literal = !/[*?[]/.test(segment);
    let matcher: Minimatch | undefined;
    for (const { path, linked } of frontier) {
      if (literal) {
        // A literal segment is matched only where it exists, as bash's expansion does.
        const child = posix.join(path, segment);
        const link = disk.linkState(child);
        if (link !== null) next.push({ path: child, linked: linked || link });
        continue;
      }
      const entries = globEntries(path, count);
      if (entries === null) return null;
      // One matcher per segment, for every folder of the frontier.
      matcher ??= segmentMatcher(segment);
      for (const entry of entries) {
        if (!matcher.match(entry.name)) continue;
        next.push({ path: posix.join(path, entry.name), linked: linked || entry.isSymbolicLink() });
      }
    }
    frontier = next;
    if (frontier.length === 0) return [];
  }
  const linked = frontier.filter((f) => f.linked).map((f) => f.path);
  // Each link reached is judged as its target (and a folder's as everything below it): past
  // a few dozen (/etc/alternatives below `rm -rf /etc`), the glob may reach any file.
  return linked.length > GLOB_LINKS ? null : linked;
}

/** How many links one glob may reach on disk before it may be any file. */
const GLOB_LINKS = 64;

/**
 * What a `**` segment matches below each place of a frontier, as bash's `globstar` reads it:
 * the place itself and every entry at any depth below it (a superset of `*`, which is what
 * `**` is without `globstar`). Folders are entered, links are not, but a link is itself a
 * match, so the next segment is matched inside what it leads to (R28 deep-link-globstar,
 * traced: `shopt -s globstar; cat src/**\/id_rsa` read ~/.ssh/id_rsa through
 * src/deep/keys). `null` past the glob's limit of entries read.
 */
function everythingBelow(
  frontier: readonly { path: string; linked: boolean }[],
  count: { read: number },
): { path: string; linked: boolean }[] | null {
  const found: { path: string; linked: boolean }[] = [];
  for (const start of frontier) {
    found.push(start);
    const pending = [start];
    while (pending.length > 0) {
      const { path, linked } = pending.pop() as { path: string; linked: boolean };
      const entries = globEntries(path, count);
      if (entries === null) return null;
      for (const entry of entries) {
        const child = {
          path: posix.join(path, entry.name),
          linked: linked || entry.isSymbolicLink(),
        };
        found.push(child);
        if (entry.isDirectory()) pending.push(child);
      }
    }
  }
  return found;
}

/**
 * A folder's entries, read for one glob and counted against its {@link GLOB_ENTRIES}: `[]`
 * for a folder that cannot be read (nothing matches there), `null` past the limit.
 */
function globEntries(path: string, count: { read: number }): Dirent[] | null {
  let entries: Dirent[];
  try {
    entries = readdirSync(path, { withFileTypes: true });
  } catch {
    return [];
  }
  count.read += entries.length;
  if (count.read > GLOB_ENTRIES) return null;
  // The limit above is per glob; a call of hundreds of globs is bounded by its budget.
  spendWork(entries.length * 20, "the globs of a command read on disk");
  return entries;
}

// Compiling a glob segment costs more than reading a folder (issue 18), and a session's
// globs repeat (`*.ts`, `*.log`): each segment is compiled once.
const segmentMatchers = new Map<string, Minimatch>();

function segmentMatcher(segment: string): Minimatch {
  let matcher = segmentMatchers.get(segment);
  if (matcher === undefined) {
    if (segmentMatchers.size >= 2048) segmentMatchers.clear();
    matcher = new Minimatch(segment, { dot: true });
    segmentMatchers.set(segment, matcher);
  }
  return matcher;
}

const SURFACES: Record<"path" | "external_directory", Record<ToolPathAccess, string[]>> = {
  path: { read: ["path_read"], write: ["path_write"], read_write: ["path_read", "path_write"] },
  external_directory: {
    read: ["external_directory_read"],
    write: ["external_directory_write"],
    read_write: ["external_directory_read", "external_directory_write"],
  },
};

/**
 * How one file fares on one family of surfaces. A plain path: the last matching rule of each
 * surface. A glob: every rule whose pattern can name a file the glob can match, the strictest
 * winning (which rule is last differs from file to file). A computed path: it may be any file,
 * so any rule of the family that does not allow makes it an ask; a deny cannot be proven. A
 * listing: the rules that cover every entry of its folder. The tool gate reads a file tool's
 * own surface (`grep: { "**\/.env": "deny" }`) this way too (S33 grep-surface-rules).
 */
export function judgeFile(
  policy: GatePolicy,
  facts: ToolCallFacts,
  surfaces: readonly string[],
  file: TouchedFile,
): (SurfaceVerdict & { computed?: true }) | null {
  const where = { cwd: facts.cwd, home: facts.home };
  // Every rule of the surfaces is met against the path: a command naming thousands of long
  // paths (or one glob listing hundreds of folders) is bounded by the call's budget.
  spendWork(
    policy.rules.length * (file.path.length + 16),
    "the paths of a call met against the rules",
  );
  if (file.listing) return judgeListing(policy, surfaces, file, where);
  if (!file.glob && !file.computed) {
    // The path is resolved once for all the rules it meets.
    const absolute = posix.resolve(where.cwd, file.path);
    const strict = strictPathPatterns(policy);
    const exact = judgeOnSurfaces(policy, surfaces, (pattern) =>
      ruleMeets(pattern, absolute, strict, where),
    );
    return withFoldedCase(
      policy,
      surfaces,
      exact,
      (pattern) => strict.has(pattern) && foldedRuleMeets(pattern, absolute, where),
    );
  }
  let worst: SurfaceVerdict | null = null;
  const sample = file.glob
    ? file.path.replace(/\*\*/g, "x").replace(/\*|\?|\[[^\]]*\]/g, "x")
    : null;
  const typical = (pattern: string | undefined) =>
    sample !== null && pattern !== undefined && matchesPathPattern(pattern, sample, where);
  for (const surface of surfaces) {
    const patterns = new Set(
      policy.rules.filter((r) => r.surface === surface).map((r) => r.pattern),
    );
    for (const pattern of patterns) {
      if (file.glob) {
        const resolved = resolvePathPattern(pattern, where);
        const below = strictPathPatterns(policy).has(pattern)
          ? pathPatternBelow(pattern, where)
          : null;
        const meets = (glob: string) =>
          globsMeet(file.path, glob, file.dots === true, file.starsSkipDots === true);
        // A refusing rule meets a glob whose literal names differ from it in case only (see
        // withFoldedCase): at most an ask, so the glob is met case-folded as well.
        const folded = (glob: string) =>
          glob !== "" &&
          globsMeet(
            file.path.toLowerCase(),
            glob.toLowerCase(),
            file.dots === true,
            file.starsSkipDots === true,
          );
        if (
          resolved !== "*" &&
          !meets(resolved) &&
          !(below !== null && meets(below)) &&
          !(strictPathPatterns(policy).has(pattern) && (folded(resolved) || folded(below ?? "")))
        ) {
          continue;
        }
      }
      // One rule at a time, through the policy's own layers (trust, broken files, floors).
      const verdict = judgeOnSurface(policy, surface, (p) => p === pattern, false);
      if (verdict === null) continue;
      // Of rules with the same action, one that meets a typical file of the glob names the
      // reason better (`~/.ssh/**` is explained by `**/.ssh/**`, not by `**/.env`).
      const better =
        worst === null ||
        isStricter(verdict.action, worst.action) ||
        (verdict.action === worst.action &&
          !typical(worst.rule?.pattern) &&
          typical(verdict.rule?.pattern));
      if (better) worst = verdict;
    }
  }
  if (worst !== null && file.glob && worst.action === "deny" && worst.rule) {
    // A deny is proven only when every file the glob can name meets the rule (`~/.ssh/**`
    // under `**/.ssh/**`); one that merely may lie below (`build/**` and `**/.env`) asks.
    const resolved = resolvePathPattern(worst.rule.pattern, where);
    const below = pathPatternBelow(worst.rule.pattern, where);
    const certain =
      resolved === "*" ||
      minimatch(file.path, resolved, { dot: true }) ||
      (below !== null && minimatch(file.path, below, { dot: true }));
    if (!certain) return { action: "ask", rule: worst.rule };
  }
  if (worst === null || !file.computed) return worst;
  if (worst.action === "allow") return worst;
  return { action: "ask", rule: null, computed: true };
}

/**
 * The files `. NAME` and `source NAME` read from the command search path: bash looks a name
 * without a slash up in `PATH` before the working directory (`sourcepath`, on by default), so
 * `. env_parallel.bash` reads `/usr/bin/env_parallel.bash`, not a file of the project. The
 * shell a tool call starts inherits this process's `PATH`, so the first match here is the
 * file it reads.
 */
function sourcedFromPath(analysis: BashAnalysis | null): TouchedFile[] {
  const found: TouchedFile[] = [];
  for (const unit of analysis?.units ?? []) {
    const words = unit.executed;
    if (words === null || (words[0] !== "." && words[0] !== "source")) continue;
    const name = words[1] === "--" ? words[2] : words[1];
    if (name === undefined || name === "" || name.includes("/")) continue;
    if ((unit.computed?.executed ?? []).length > 0) continue;
    for (const dir of (process.env.PATH ?? "").split(":")) {
      if (dir === "") continue;
      const path = posix.resolve(dir, name);
      let file = false;
      try {
        file = statSync(path, { throwIfNoEntry: false })?.isFile() ?? false;
      } catch {}
      if (file) {
        found.push({ shown: name, path, access: "read" });
        break;
      }
    }
  }
  return found;
}

/**
 * The globs bash expands in words that the analysis did not take as paths (an option's value,
 * `grep -e .e*`, an `echo` operand): bash lists the folders to expand them, and the names it
 * finds become words the program may open (`grep -ve` with a glob that climbs back to `.env`
 * reads `.env`). Each is judged
 * as the files it can match from each folder the shell may stand in (see possibleFolders); as
 * any file when a change of directory goes where the analysis does not say.
 */
function globWordsNotPaths(analysis: BashAnalysis, facts: ToolCallFacts): TouchedFile[] {
  const found: TouchedFile[] = [];
  // The folders the string may be in, asked only of a relative glob word after a `cd` (rare):
  // null when some change of directory goes where the analysis does not say.
  let folders: string[] | null | undefined;
  // The analysis's paths of each unit, by raw word and by what they name: looked up per glob
  // word, never scanned whole per word (thousands of brace words made that quadratic).
  let byUnit: Map<number, UnitPaths> | undefined;
  analysis.units.forEach((unit, index) => {
    if (!unit.computed) return;
    for (const at of unit.computed.argv) {
      const word = unit.argv[at];
      if (word === undefined || !/[*?[]/.test(word)) continue;
      byUnit ??= pathsByUnit(analysis);
      const paths = byUnit.get(index);
      if (paths?.raws.has(word)) continue;
      // A word a brace made (`{src,test}/**/*.ts` gives `src/**/*.ts`): the analysis took
      // it as a path under the brace word it was written as.
      if (paths !== undefined && bracedPath(paths, word, facts.cwd)) continue;
      let path: string | null;
      if (word.startsWith("/")) path = word;
      else if (word.startsWith("~/")) path = `${facts.home}${word.slice(1)}`;
      else if (word.startsWith("~")) path = null;
      else {
        folders ??= possibleFolders(analysis, facts.cwd);
        // A climb from a folder a `cd` reached may go where the disk says (a link): any file.
        const climbs = folders !== null && folders.length > 1 && /(^|\/)\.\.(\/|$)/.test(word);
        path = folders === null || climbs ? null : word;
      }
      if (path === null) found.push({ shown: word, path: word, access: "read", computed: true });
      else {
        const each = path.startsWith("/") ? [path] : (folders ?? []).map((f) => `${f}/${path}`);
        for (const one of each) {
          if (namesOnly(unit.executed)) found.push(...globListings(word, posix.normalize(one)));
          else found.push({ shown: word, path: posix.normalize(one), access: "read", glob: true });
        }
      }
    }
  });
  return found;
}

/**
 * Every folder the shell may stand in at some point of the command, or null when the analysis
 * does not say where some change of directory goes. The folder it starts in, and each folder a
 * `cd` unit names as its operand path (resolved by the analysis from each folder that `cd` may
 * run in, so `cd a; cd b` names `/repo/a/b`, and a `CDPATH` the string sets adds its folders). A
 * `cd` that fails stays where it was, a folder already counted. Unknown (null) as soon as a
 * `cd` names no folder or one the analysis could not work out (`cd`, `cd -`, `cd "$D"`, `cd s*`,
 * a climb the disk decides), or `pushd`/`popd` run (their stack is not followed here). After
 * `cd src; for f in *.ts; do cat "$f"; done` the glob word `*.ts` the variable hands `cat` is
 * `/repo/*.ts` or `/repo/src/*.ts`, not any file (R26 needless-cd-glob-loop).
 */
/** Past this many folders a `cd` may have left the shell in, a glob word is any file. */
const MAX_FOLDERS = 16;

function possibleFolders(analysis: BashAnalysis, cwd: string): string[] | null {
  const out = new Set<string>([cwd]);
  const moves = new Set<number>();
  for (const [index, unit] of analysis.units.entries()) {
    const name = unit.executed?.[0] ?? "";
    if (name === "pushd" || name === "popd") return null;
    if (name === "cd") moves.add(index);
  }
  if (moves.size === 0) return [cwd];
  const named = new Set<number>();
  for (const p of analysis.paths) {
    if (!moves.has(p.unit)) continue;
    if (
      p.via !== "operand" ||
      p.path === null ||
      p.glob !== undefined ||
      p.sentinel !== undefined ||
      p.joined !== undefined
    ) {
      return null;
    }
    out.add(p.path);
    named.add(p.unit);
  }
  return named.size === moves.size && out.size <= MAX_FOLDERS ? [...out] : null;
}

/** One unit's paths: their raw words, and the brace words among them by what they name. */
interface UnitPaths {
  readonly raws: Set<string>;
  readonly braced: Map<string, string[]>;
}

function pathsByUnit(analysis: BashAnalysis): Map<number, UnitPaths> {
  const out = new Map<number, UnitPaths>();
  spendWork(analysis.paths.length, "the paths of a command indexed by unit");
  for (const p of analysis.paths) {
    let paths = out.get(p.unit);
    if (paths === undefined) {
      paths = { raws: new Set(), braced: new Map() };
      out.set(p.unit, paths);
    }
    paths.raws.add(p.raw);
    // A plain brace word: no quote, escape or expansion, only `{a,b}` lists.
    const named = p.glob ?? p.path;
    if (named === null || named === undefined) continue;
    if (!p.raw.includes("{") || /['"\\$`]|\.\./.test(p.raw)) continue;
    const raws = paths.braced.get(named);
    if (raws === undefined) paths.braced.set(named, [p.raw]);
    else raws.push(p.raw);
  }
  return out;
}

/**
 * Whether the glob word `word` is one a brace expansion of a unit's path made: a path that
 * names what `word` names from the working directory (read as bash reads it with or without
 * globstar) and whose raw brace word has `word` among its expansions.
 */
function bracedPath(paths: UnitPaths, word: string, cwd: string): boolean {
  if (paths.braced.size === 0) return false;
  const absolute = posix.normalize(word.startsWith("/") ? word : `${cwd}/${word}`);
  const shallow = absolute
    .split("/")
    .map((segment) => (segment === "**" ? "*" : segment))
    .join("/");
  for (const named of shallow === absolute ? [absolute] : [absolute, shallow]) {
    for (const raw of paths.braced.get(named) ?? []) if (braceExpandsTo(raw, word)) return true;
  }
  return false;
}

/**
 * Whether one of the expansions of the plain brace word `raw` (`{a,b}` lists, nested) is
 * `word`. The word is matched as a set of places in it, one piece of `raw` at a time (no
 * regular expression: alternatives that share prefixes backtrack), so the work, counted, is
 * the length of `raw` times the places live; an unbalanced brace word expands to nothing here.
 */
export function braceExpandsTo(raw: string, word: string): boolean {
  // For each open group: the places before it, and the places its finished alternatives reach.
  const groups: { start: Set<number>; done: Set<number> }[] = [];
  let places = new Set<number>([0]);
  for (const c of raw) {
    spendWork(1 + places.size, "a brace word met against the words it expands to");
    const group = groups[groups.length - 1];
    if (c === "{") {
      groups.push({ start: places, done: new Set() });
    } else if (c === "}" && group !== undefined) {
      groups.pop();
      for (const at of places) group.done.add(at);
      places = group.done;
    } else if (c === "," && group !== undefined) {
      for (const at of places) group.done.add(at);
      places = group.start;
    } else {
      const next = new Set<number>();
      for (const at of places) if (word[at] === c) next.add(at + 1);
      places = next;
    }
  }
  return groups.length === 0 && places.has(word.length);
}

/** Whether a unit's program only shows the names a glob in its words expands to. */
function namesOnly(executed: readonly string[] | null): boolean {
  const name = executed?.[0];
  if (name === undefined || !NAMES_ONLY_PROGRAMS.has(name)) return false;
  // `printf -v 'a[$(…)]'` evaluates a subscript in the name it assigns.
  return name !== "printf" || !executed?.some((word) => word.startsWith("-v"));
}

/**
 * What expanding a glob in such a program's words reads: bash lists the folder before each
 * segment with a pattern character (`~/.ssh/*` lists `~/.ssh`; `src/*` + `/x*` lists `src` and
 * each folder `src/*` matches), and prints the names it finds; `**` may list every folder
 * below. Each listing is judged as `ls` of that folder is: `echo .e*` lists the working
 * directory and opens no `.env`.
 */
function globListings(shown: string, path: string, starsSkipDots = false): TouchedFile[] {
  const segments = path.split("/");
  const out: TouchedFile[] = [];
  for (let i = 1; i < segments.length; i++) {
    const segment = segments[i] as string;
    if (!/[*?[]/.test(segment)) continue;
    const folder = segments.slice(0, i).join("/") || "/";
    if (segment === "**") {
      out.push({
        shown,
        path: `${folder === "/" ? "" : folder}/**`,
        access: "read",
        glob: true,
        listing: true,
        ...(starsSkipDots ? { starsSkipDots: true as const } : {}),
      });
      break;
    }
    out.push(listingOf(shown, folder, starsSkipDots));
  }
  return out;
}

/** Whether a path is a folder operand whose entries a lister shows. */
function lists(analysis: BashAnalysis | null, path: BashAnalysis["paths"][number]): boolean {
  const program = analysis?.units[path.unit]?.executed?.[0] ?? "";
  return path.access === "read" && LISTERS.has(program.slice(program.lastIndexOf("/") + 1));
}

/**
 * The glob of a folder's entries, for a lister; with `starsSkipDots`, the folder's `**` are
 * bash's own (see {@link TouchedFile.starsSkipDots}).
 */
export function listingOf(shown: string, folder: string, starsSkipDots = false): TouchedFile {
  return {
    shown,
    path: `${folder === "/" ? "" : folder}/*`,
    access: "read",
    glob: true,
    listing: true,
    ...(starsSkipDots ? { starsSkipDots: true as const } : {}),
  };
}

/**
 * A folder's listing: the strictest refusing rule that every entry of the folder meets (so
 * `ls ~/.ssh` meets `~/.ssh/**`), or no verdict. A rule that only may name an entry (a
 * `.env` rule for `ls src`) is not met: the listing shows that name, not the file.
 */
function judgeListing(
  policy: GatePolicy,
  surfaces: readonly string[],
  file: TouchedFile,
  where: PathPatternContext,
): SurfaceVerdict | null {
  const refusing = strictPathPatterns(policy);
  // The listed folder, and for a recursive listing every folder below it too.
  const recursive = file.path.endsWith("/**");
  const folder = file.path.slice(0, recursive ? -3 : -2) || "/";
  const wild = /[*?[]/.test(folder);
  const skip = file.starsSkipDots === true;
  let worst: SurfaceVerdict | null = null;
  for (const surface of surfaces) {
    for (const rule of policy.rules) {
      if (rule.surface !== surface || !refusing.has(rule.pattern)) continue;
      const resolved = resolvePathPattern(rule.pattern, where);
      const below = pathPatternBelow(rule.pattern, where);
      const covers =
        resolved === "*" ||
        minimatch(file.path, resolved, { dot: true }) ||
        (below !== null && minimatch(file.path, below, { dot: true }));
      // A folder named in another case (`ls .SSH`) is the same folder on a file system that
      // ignores case (see withFoldedCase): at most an ask.
      const coversFolded =
        !covers &&
        (minimatch(file.path, resolved, { dot: true, nocase: true }) ||
          (below !== null && minimatch(file.path, below, { dot: true, nocase: true })));
      // A folder known only as a glob (`ls .ss?`) may be one whose entries a folder rule covers.
      const folders = [
        ...(resolved.endsWith("/**") ? [resolved.slice(0, -3) || "/"] : []),
        ...(below === null ? [] : [resolved]),
      ];
      const meets = (glob: string, f: string) =>
        globsMeet(glob, f, false, skip) ||
        globsMeet(glob.toLowerCase(), f.toLowerCase(), false, skip);
      const mayCover = folders.some(
        (f) => (wild && meets(folder, f)) || (recursive && meets(`${folder}/**`, f)),
      );
      if (!covers && !coversFolded && !mayCover) continue;
      let verdict = judgeOnSurface(policy, surface, (p) => p === rule.pattern, false);
      if (verdict !== null && !covers && verdict.action === "deny") {
        verdict = { ...verdict, action: "ask" };
      }
      if (verdict !== null && (worst === null || isStricter(verdict.action, worst.action))) {
        worst = verdict;
      }
    }
  }
  return worst !== null && worst.action !== "allow" ? worst : null;
}

/**
 * The listings of those `folders` (absolute, no glob) whose entries a refusing path rule
 * covers whole, as {@link judgeListing} reads them: only those can meet a rule, so a search
 * of a thousand folders is judged by the few a folder rule names (`…/.ssh`).
 */
export function coveredListings(
  policy: GatePolicy,
  where: PathPatternContext,
  shown: (folder: string) => string,
  folders: readonly string[],
): TouchedFile[] {
  const matchers: Minimatch[] = [];
  for (const pattern of strictPathPatterns(policy)) {
    const resolved = resolvePathPattern(pattern, where);
    if (resolved === "*") return folders.map((f) => listingOf(shown(f), f));
    matchers.push(new Minimatch(resolved, { dot: true }));
    const below = pathPatternBelow(pattern, where);
    if (below !== null) matchers.push(new Minimatch(below, { dot: true }));
  }
  if (matchers.length === 0) return [];
  spendWork(
    folders.length * matchers.length * 4,
    "the folders a listing shows met against the rules",
  );
  return folders
    .map((folder) => listingOf(shown(folder), folder))
    .filter((listing) => matchers.some((m) => m.match(listing.path)));
}

function strictPathPatterns(policy: GatePolicy): ReadonlySet<string> {
  return refusingPatterns(policy.rules, "paths");
}

/**
 * A matcher per pattern, built once for the last working and home directory asked about (a
 * session keeps one): a gate meets every path of a call against every rule.
 */
function contextMatchers<T>(
  build: (pattern: string, where: PathPatternContext) => T,
): (pattern: string, where: PathPatternContext) => T {
  let cwd = "";
  let home = "";
  let built = new Map<string, T>();
  return (pattern, where) => {
    if (where.cwd !== cwd || where.home !== home) {
      cwd = where.cwd;
      home = where.home;
      built = new Map();
    }
    if (built.has(pattern)) return built.get(pattern) as T;
    if (built.size >= 2048) built.clear();
    const found = build(pattern, where);
    built.set(pattern, found);
    return found;
  };
}

// What lies below each refusing folder rule (see pathRuleMeets), by the pattern.
const belowMatcher = contextMatchers((pattern, where): PathMatcher | null => {
  const below = pathPatternBelow(pattern, where);
  if (below === null) return null;
  const matcher = new Minimatch(below, { dot: true });
  return (absolute) => matcher.match(absolute);
});

/**
 * Whether a path rule's pattern meets a path: as the pattern language says, or, for a deny or
 * ask rule naming a folder without a glob (`"~/.ssh": "deny"`), anywhere below that folder
 * ({@link pathPatternBelow}). An allow rule stays exact: `"build": "allow"` allows the name,
 * never everything inside it. A rule the path meets as written keeps its place, so a later
 * allow of a file inside still decides for that file.
 */
export function pathRuleMeets(
  policy: GatePolicy,
  pattern: string,
  path: string,
  where: PathPatternContext,
): boolean {
  return ruleMeets(pattern, posix.resolve(where.cwd, path), strictPathPatterns(policy), where);
}

/**
 * The verdict on a path once the file system may ignore case: on macOS (APFS as installed),
 * Windows and exFAT, `.ENV` and `.SSH/id_rsa` open `.env` and `.ssh/id_rsa` (T32
 * case-insensitive-fs, traced with Pi's read tool and `cat` on an exFAT volume). A deny or ask
 * rule the path meets only when case is folded makes the call an ask where `exact` (the
 * verdict as the patterns are written) is laxer: on a file system that keeps case it is
 * another file, so it is never a deny; an allow rule is never met so.
 */
function withFoldedCase(
  policy: GatePolicy,
  surfaces: readonly string[],
  exact: SurfaceVerdict | null,
  foldedMeets: (pattern: string) => boolean,
): SurfaceVerdict | null {
  if (exact !== null && exact.action !== "allow") return exact;
  const folded = judgeOnSurfaces(policy, surfaces, foldedMeets);
  if (folded === null || folded.action === "allow") return exact;
  return { action: "ask", rule: folded.rule };
}

// What each refusing rule meets with case folded: the pattern and what lies below it.
const foldedMatcher = contextMatchers((pattern, where): PathMatcher => {
  const globs = [resolvePathPattern(pattern, where), pathPatternBelow(pattern, where)]
    .filter((glob): glob is string => glob !== null)
    .map((glob) => new Minimatch(glob, { dot: true, nocase: true }));
  return (path) => globs.some((glob) => glob.match(path));
});

/** Whether a refusing rule meets `absolute` with case folded (see {@link withFoldedCase}). */
function foldedRuleMeets(pattern: string, absolute: string, where: PathPatternContext): boolean {
  return foldedMatcher(pattern, where)(absolute);
}

// pathRuleMeets for a path already resolved against the working directory.
function ruleMeets(
  pattern: string,
  absolute: string,
  strict: ReadonlySet<string>,
  where: PathPatternContext,
): boolean {
  if (pathPatternMatcher(pattern, where)(absolute)) return true;
  if (!strict.has(pattern)) return false;
  return belowMatcher(pattern, where)?.(absolute) ?? false;
}

function judgeFiles(
  policy: GatePolicy,
  facts: ToolCallFacts,
  family: "path" | "external_directory",
  files: readonly TouchedFile[],
): JudgedItem[] {
  const items: JudgedItem[] = [];
  for (const file of files) {
    const verdict = judgeFile(policy, facts, SURFACES[family][file.access], file);
    // A path map with no matching pattern adds no verdict (corpus rule 2).
    if (!verdict) continue;
    // A file only an unknown host's later words touch, read as its command, when it runs
    // them (see `TouchedFile.hostedBy`): at most ask, as that unit is.
    const hosted = file.hostedBy !== undefined && verdict.action === "deny";
    const item: JudgedItem = {
      action: hosted ? "ask" : verdict.action,
      rule: verdict.rule,
      sentinel: verdict.computed
        ? file.concurrent
          ? SENTINELS.concurrentCall
          : SENTINELS.computedPath
        : hosted
          ? SENTINELS.indirectionWrapper
          : null,
      value: file.path,
      shown: file.shown,
      surface: verdict.rule?.surface ?? family,
      context: null,
      access: file.access,
      executedUnit: null,
      suggestion: file.computed || file.glob ? file.path : suggestPathPattern(file.path),
    };
    // Added last, in the order a spread gave them, without its cost (issue 18).
    if (file.computed || file.glob) {
      item.exact = true;
      item.speculative = true;
    }
    items.push(item);
  }
  return items;
}

/** The `path` gate: every touched file on the `path_read` / `path_write` surfaces. */
export function pathGate(
  policy: GatePolicy,
  facts: ToolCallFacts,
  files: readonly TouchedFile[],
  command: string | null,
): RequestVerdict | null {
  const items = judgeFiles(policy, facts, "path", files);
  const deciding = pickDeciding(items);
  if (!deciding) return null;
  return requestOf(facts, {
    gate: "path",
    surface: "path",
    value: deciding.value,
    action: deciding.action,
    decidingItem: deciding,
    items,
    payload: {
      kind: "path",
      surface: "path",
      value: deciding.value,
      evidence: command === null ? [] : [fullCommandEvidence(command)],
    },
    facts: { kind: "path", path: deciding.value, access: deciding.access ?? null },
  });
}

/** The `external_directory` gate: every touched path outside the working directory. */
export function externalDirectoryGate(
  policy: GatePolicy,
  facts: ToolCallFacts,
  files: readonly TouchedFile[],
  command: string | null,
): RequestVerdict | null {
  const outside = files.filter((f) => mayBeOutside(f, facts.cwd));
  const items = judgeFiles(policy, facts, "external_directory", outside);
  const deciding = pickDeciding(items);
  if (!deciding) return null;
  const flagged = items.filter((i) => i.action === deciding.action);
  const gate: GateName = "external_directory";
  const evidence = [
    workingDirectoryEvidence(facts.cwd),
    ...(command === null ? [] : [fullCommandEvidence(command)]),
    ...(command === null ? [] : flagged.map((i) => externalPathEvidence(i.shown, i.value))),
  ];
  return requestOf(facts, {
    gate,
    surface: "external_directory",
    value: command ?? deciding.value,
    action: deciding.action,
    decidingItem: deciding,
    items,
    payload: {
      kind: command === null ? "external_directory" : "bash_external_directory",
      surface: "external_directory",
      value: command ?? deciding.value,
      evidence,
    },
    facts: { kind: "external_directory", externalPaths: flagged.map((i) => i.value) },
  });
}

/**
 * Whether a file can lie outside the working directory: a computed one always can; a glob
 * can unless its fixed leading directory is inside (bash's wildcards never match `/`, and
 * bash 5.2 never expands one to `..`).
 */
function mayBeOutside(file: TouchedFile, cwd: string): boolean {
  if (file.computed) return true;
  if (!file.glob) return isOutside(file.path, cwd);
  const wild = file.path.search(/[*?[\\]/);
  const fixed = wild === -1 ? file.path : file.path.slice(0, wild);
  const directory = fixed.slice(0, fixed.lastIndexOf("/") + 1);
  if (!directory.startsWith("/")) return true;
  return isOutside(directory.length > 1 ? directory.slice(0, -1) : directory, cwd);
}
