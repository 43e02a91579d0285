// Files git reads as configuration, runs as code or acts on as its state, wherever a repository
// or the user keeps them. A command that writes one plants what a later git call runs
// (`core.fsmonitor`, a hook, an alternate object store, the `exec` lines of a rebase's todo
// list that `git rebase --continue` runs), so the write itself is never allowed without
// asking, however the policy treats the writer (`echo … >> .git/config`,
// `git log --output=.git/hooks/pre-commit`, `echo 'exec …' > .git/rebase-merge/git-rebase-todo`).
// A glob that may name one counts as the file (`>> .gi?/config`, `--output .git/conf*`).

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
 * or a `git/config` below a `.config` folder. A removal (`removal`) plants nothing in git's
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
  if (GLOB_CHARACTER.test(path)) return globMayBeGitMetadata(path, removal);
  return literalGitMetadata(path, removal);
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
 * might, and an extended glob as matching anything.
 */
function segmentMayMatch(segment: string, name: string): boolean {
  if (!GLOB_CHARACTER.test(segment)) return segment === name;
  if (/[@!+*?]\(/.test(segment)) return true;
  if (name.startsWith(".") && (segment.startsWith("*") || segment.startsWith("?"))) return false;
  let source = "^";
  for (let i = 0; i < segment.length; i++) {
    const c = segment[i] as string;
    if (c === "\\" && i + 1 < segment.length) {
      source += escapeRegex(segment[++i] as string);
    } else if (c === "*") {
      source += ".*";
    } else if (c === "?") {
      source += ".";
    } else if (c === "[") {
      const end = segment.indexOf("]", i + 2);
      if (end === -1) {
        source += "\\[";
        continue;
      }
      // Classes and ranges as a regular expression reads them; a negation either way.
      const body = segment.slice(i + 1, end).replace(/^[!^]/, "^");
      source += `[${body.replace(/\\/g, "\\\\").replace(/\[:[a-z]+:\]/g, "\\s\\S")}]`;
      i = end;
    } else {
      source += escapeRegex(c);
    }
  }
  try {
    return new RegExp(`${source}$`, "i").test(name);
  } catch {
    return true;
  }
}

function escapeRegex(c: string): string {
  return /[\\^$.*+?()[\]{}|/-]/.test(c) ? `\\${c}` : c;
}
