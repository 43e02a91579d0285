// Files git reads as configuration or runs as code, wherever a repository or the user keeps
// them. A command that writes one plants what a later git call runs (`core.fsmonitor`, a hook,
// an alternate object store), so the write itself is never allowed without asking, however the
// policy treats the writer (`echo … >> .git/config`, `git log --output=.git/hooks/pre-commit`).

/** What, inside a `.git` folder, git reads as configuration or runs. */
const INSIDE_GIT =
  /^(config|config\.worktree|commondir|objects\/info\/alternates|hooks(\/.*)?|(worktrees|modules)\/.+\/(config|config\.worktree|commondir|hooks(\/.*)?))$/;

/**
 * Whether a path (or a glob over paths) names git configuration or hooks: a `.git` file (a
 * `gitdir:` pointer), what {@link INSIDE_GIT} lists below a `.git` folder, a `.gitconfig`, or
 * a `git/config` below a `.config` folder.
 *
 * @example
 * ```ts
 * isGitMetadata("/repo/.git/hooks/pre-commit"); // true
 * isGitMetadata("/repo/.git/index.lock"); // false
 * ```
 */
export function isGitMetadata(spelled: string): boolean {
  // A case-insensitive disk (macOS) opens `.git/config` for `.GIT/CONFIG`: only an ask hangs
  // on this, so every case is read as git's.
  const path = spelled.toLowerCase();
  const at = path.lastIndexOf("/.git/");
  if (at !== -1 && INSIDE_GIT.test(path.slice(at + "/.git/".length))) return true;
  if (path.endsWith("/.git") || path === ".git") return true;
  if (/(^|\/)\.gitconfig$/.test(path)) return true;
  return /(^|\/)\.config\/git\/config$/.test(path);
}
