// Files git reads as configuration, runs as code or acts on as its state, wherever a repository
// or the user keeps them. A command that writes one plants what a later git call runs
// (`core.fsmonitor`, a hook, an alternate object store, the `exec` lines of a rebase's todo
// list that `git rebase --continue` runs), so the write itself is never allowed without
// asking, however the policy treats the writer (`echo … >> .git/config`,
// `git log --output=.git/hooks/pre-commit`, `echo 'exec …' > .git/rebase-merge/git-rebase-todo`).
// A glob that may name one counts as the file (`>> .gi?/config`, `--output .git/conf*`).

import { statSync } from "node:fs";
import { posix } from "node:path";
import { spendWork } from "@pi-permission/policy";

/** What, inside a `.git` folder, git reads as configuration or runs. */
const INSIDE_GIT =
  /^(config|config\.worktree|commondir|objects\/info\/alternates|hooks(\/.*)?|(worktrees|modules)\/.+\/(config|config\.worktree|commondir|hooks(\/.*)?))$/;

/**
 * Lock files: git creates its own with O_EXCL and fails on one it finds, so a written or
 * removed lock plants nothing (`rm -f .git/index.lock`).
 */
const LOCK = /(^|\/)[^/]*\.lock$/;

/** The names directly in a `.git` folder under which {@link INSIDE_GIT} lies. */
const CONFIGURATION_TOP = /^(config|config\.worktree|commondir|objects|hooks|worktrees|modules)$/;

/** A glob character bash expands in a word or a redirect target. */
const GLOB_CHARACTER = /[*?[]|[@!+]\(/;

/**
 * Whether a path (or a glob over paths) names git configuration, hooks or state: a `.git`
 * file (a `gitdir:` pointer), anything below a `.git` folder but a lock file, a `.gitconfig`,
 * or a `git/config` below a `.config` folder, and the same inside a git directory the disk
 * holds under another name ({@link inGitDirectoryOnDisk}). A removal (`removal`) plants nothing in git's
 * state (`rm -rf .git/rebase-merge`, as git itself advises), so for one only the
 * configuration, the hooks and the `.git` file itself count.
 *
 * @example
 * ```ts
 * isGitMetadata("/repo/.git/hooks/pre-commit"); // true
 * isGitMetadata("/repo/.git/rebase-merge/git-rebase-todo"); // true
 * isGitMetadata("/repo/.gi?/config"); // true
 * isGitMetadata("/repo/.git/index.lock"); // false
 * ```
 */
export function isGitMetadata(spelled: string, removal = false): boolean {
  // A case-insensitive disk (macOS) opens `.git/config` for `.GIT/CONFIG`: only an ask hangs
  // on this, so every case is read as git's.
  const path = spelled.toLowerCase();
  const named = GLOB_CHARACTER.test(path)
    ? globMayBeGitMetadata(path, removal)
    : literalGitMetadata(path, removal);
  // A git directory kept under another name is known only on disk.
  return named || inGitDirectoryOnDisk(spelled, removal);
}

/** How many folders above a written path are looked at for a git directory. */
const MAX_GIT_DIRECTORY_DEPTH = 24;

/**
 * Whether an absolute path lies in a git directory the disk holds under another name than
 * `.git` (`git init --separate-git-dir=gd`, a bare `repo.git`, where a `.git` file's `gitdir:`
 * leads), and names there what git reads as configuration or runs: a folder on its way holds
 * `HEAD`, `objects` and `refs` (T33 sibling-git-init-rename, traced: after `git init
 * --separate-git-dir=gd`, a write of `gd/config` set `core.fsmonitor`, which the next `git
 * status` ran). A glob counts from the folder before its first wildcard.
 *
 * @example
 * ```ts
 * inGitDirectoryOnDisk("/repo/gd/config"); // true when /repo/gd holds HEAD, objects and refs
 * ```
 */
export function inGitDirectoryOnDisk(path: string, removal = false): boolean {
  if (!path.startsWith("/")) return false;
  const wild = path.search(GLOB_CHARACTER);
  const fixed = wild === -1 ? path : path.slice(0, path.lastIndexOf("/", wild) + 1) || "/";
  let folder = wild === -1 ? posix.dirname(fixed) : posix.normalize(fixed);
  for (let depth = 0; depth < MAX_GIT_DIRECTORY_DEPTH && folder !== "/"; depth++) {
    spendWork(40, "the paths of a call looked up on disk");
    if (isGitDirectory(folder)) {
      // Below a wildcard anything there may be named.
      if (wild !== -1) return true;
      return literalGitMetadata(`/.git/${path.slice(folder.length + 1).toLowerCase()}`, removal);
    }
    folder = posix.dirname(folder);
  }
  return false;
}

function isGitDirectory(folder: string): boolean {
  const kind = (name: string) => {
    try {
      return statSync(posix.join(folder, name), { throwIfNoEntry: false }) ?? null;
    } catch {
      return null;
    }
  };
  // A work tree's `.git` folder is found by its name already.
  if (posix.basename(folder) === ".git") return false;
  return (
    kind("HEAD")?.isFile() === true &&
    kind("objects")?.isDirectory() === true &&
    kind("refs")?.isDirectory() === true
  );
}

function literalGitMetadata(path: string, removal: boolean): boolean {
  const at = path.lastIndexOf("/.git/");
  const inside =
    at !== -1 ? path.slice(at + "/.git/".length) : path.startsWith(".git/") ? path.slice(5) : null;
  if (inside !== null && inside !== "") {
    if (INSIDE_GIT.test(inside)) return true;
    if (!removal && !LOCK.test(inside)) return true;
  }
  if (path.endsWith("/.git") || path === ".git") return true;
  if (/(^|\/)\.gitconfig$/.test(path)) return true;
  return /(^|\/)\.config\/git\/config$/.test(path);
}

/**
 * Whether a glob may match one of those files: a segment that may match `.git` followed by
 * anything that may name one below it, or a last segment that may match `.git` or
 * `.gitconfig`, or segments that may match `.config/git/config`. The analyzer's own `**` (the
 * contents of a folder a recursive tool reaches) is not read as a segment bash matches: the
 * analyzer adds `dotglob` spellings itself where the string may set it.
 */
function globMayBeGitMetadata(glob: string, removal: boolean): boolean {
  const segments = glob.split("/");
  const last = segments.length - 1;
  for (let i = 0; i <= last; i++) {
    const segment = segments[i] as string;
    if (segment === "**") continue;
    if (i === last) {
      if (segmentMayMatch(segment, ".git") || segmentMayMatch(segment, ".gitconfig")) return true;
      continue;
    }
    if (
      i === last - 2 &&
      segmentMayMatch(segment, ".config") &&
      segmentMayMatch(segments[i + 1] as string, "git") &&
      segmentMayMatch(segments[i + 2] as string, "config")
    ) {
      return true;
    }
    if (!segmentMayMatch(segment, ".git")) continue;
    const rest = segments.slice(i + 1).join("/");
    if (!GLOB_CHARACTER.test(rest)) {
      if (literalGitMetadata(`/.git/${rest}`, removal)) return true;
      continue;
    }
    // A glob below `.git` may name any file there; only one that ends in a literal `.lock`
    // names lock files alone. A removal matters only where it may reach the configuration or
    // the hooks (`rm -rf .git/rebase-merge` reaches neither).
    if (removal) {
      const first = rest.slice(0, rest.indexOf("/") === -1 ? undefined : rest.indexOf("/"));
      if (GLOB_CHARACTER.test(first) || CONFIGURATION_TOP.test(first)) return true;
      continue;
    }
    if (!/\.lock$/.test(rest)) return true;
  }
  return false;
}

/**
 * Whether one segment of a glob may match `name`. A wildcard that starts a segment does not
 * match a leading dot (bash's default); a bracket expression is read as matching anything it
 * might, and an extended glob as matching anything. The segment is matched as a set of places
 * in it, one name character at a time (never a backtracking regular expression: a run of `*`
 * read as `.*.*…` took seconds on a 45-byte command), so the work is the segment's length
 * times the name's.
 */
function segmentMayMatch(segment: string, name: string): boolean {
  if (!GLOB_CHARACTER.test(segment)) return segment === name;
  if (/[@!+*?]\(/.test(segment)) return true;
  if (name.startsWith(".") && (segment.startsWith("*") || segment.startsWith("?"))) return false;
  const pieces = globPieces(segment);
  spendWork(pieces.length * (name.length + 1), "a glob read as git's files");
  return piecesMatch(pieces, name.toLowerCase());
}

/** One piece of a glob segment: a character (lower case), `?`, `*`, or a bracket's test. */
type GlobPiece = string | "?" | "*" | ((c: string) => boolean);

const ANY = "?";
const STAR = "*";

function globPieces(segment: string): GlobPiece[] {
  const pieces: GlobPiece[] = [];
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i] as string;
    if (c === "\\" && i + 1 < segment.length) {
      const escaped = (segment[++i] as string).toLowerCase();
      // An escaped `*` or `?` is the character itself, not a wildcard.
      pieces.push(escaped === STAR || escaped === ANY ? literalTest(escaped) : escaped);
    } else if (c === "*") {
      // A run of stars matches what one does.
      if (pieces[pieces.length - 1] !== STAR) pieces.push(STAR);
    } else if (c === "?") {
      pieces.push(ANY);
    } else if (c === "[") {
      const end = bracketEnd(segment, i);
      if (end === -1) {
        pieces.push("[");
        continue;
      }
      pieces.push(bracketTest(segment.slice(i + 1, end)));
      i = end;
    } else {
      pieces.push(c.toLowerCase());
    }
  }
  return pieces;
}

/**
 * Where the bracket expression opened at `open` ends: its first character may be a `]` (after
 * a `!` or `^`), and a `[:class:]` inside holds a `]` of its own (`[[:alpha:]]`); -1 if unclosed.
 */
function bracketEnd(segment: string, open: number): number {
  let i = open + 1;
  if (segment[i] === "!" || segment[i] === "^") i++;
  if (segment[i] === "]") i++;
  for (; i < segment.length; i++) {
    if (segment[i] === "]") return i;
    if (segment[i] === "[" && segment[i + 1] === ":") {
      const close = segment.indexOf(":]", i + 2);
      if (close !== -1) i = close + 1;
    }
  }
  return -1;
}

function literalTest(c: string): (d: string) => boolean {
  return (d) => d === c;
}

/**
 * A bracket expression's test of one character, read as matching anything it might: a
 * character class (`[:alpha:]`) as any character, so that a negated one matches anything but
 * the characters and ranges listed beside it. Both sides are lower case already.
 */
function bracketTest(inner: string): (c: string) => boolean {
  const negated = inner.startsWith("!") || inner.startsWith("^");
  const body = negated ? inner.slice(1) : inner;
  const singles = new Set<string>();
  const ranges: [string, string][] = [];
  let classes = false;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === "[" && body[i + 1] === ":") {
      const close = body.indexOf(":]", i + 2);
      if (close !== -1) {
        classes = true;
        i = close + 1;
        continue;
      }
    }
    let c = body[i] as string;
    if (c === "\\" && i + 1 < body.length) c = body[++i] as string;
    if (body[i + 1] === "-" && i + 2 < body.length) {
      ranges.push([c, body[i + 2] as string]);
      i += 2;
    } else singles.add(c);
  }
  const listed = (c: string) =>
    singles.has(c) || ranges.some(([low, high]) => low <= c && c <= high);
  return negated ? (c) => !listed(c) : (c) => classes || listed(c);
}

/** Whether `pieces` match all of `name`: the places reachable after each character, as a set. */
function piecesMatch(pieces: readonly GlobPiece[], name: string): boolean {
  let places = new Uint8Array(pieces.length + 1);
  const close = (set: Uint8Array) => {
    // A star may match nothing: the place after it is reachable too.
    for (let j = 0; j < pieces.length; j++) if (set[j] === 1 && pieces[j] === STAR) set[j + 1] = 1;
  };
  places[0] = 1;
  close(places);
  for (const c of name) {
    const next = new Uint8Array(pieces.length + 1);
    let any = false;
    for (let j = 0; j < pieces.length; j++) {
      if (places[j] !== 1) continue;
      const piece = pieces[j] as GlobPiece;
      if (piece === STAR) {
        next[j] = 1;
        any = true;
      } else if (piece === ANY || (typeof piece === "string" ? piece === c : piece(c))) {
        next[j + 1] = 1;
        any = true;
      }
    }
    if (!any) return false;
    close(next);
    places = next;
  }
  return places[pieces.length] === 1;
}
