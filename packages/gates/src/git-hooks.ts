// Whether git run in a folder may run hooks: a git subcommand that writes no work-tree file
// (`commit`, `add`, `fetch`, `status`, …) still runs the repository's hooks (pre-commit,
// post-index-change, reference-transaction, …), and a hook is a program that may do anything,
// make a link included. The hooks of `.git/hooks` are git metadata (asked for when written), but
// `core.hooksPath` may point into the work tree (husky's `.husky/`), whose files are the
// project's. So a call running beside git is only safe from links when the repository has no
// hook to run (T34 git-hook-sibling).
import { readdirSync, readFileSync, statSync } from "node:fs";
import { posix } from "node:path";
import type { BashAnalysis } from "@pi-permission/bash";

/** How many folders above the working directory are looked at for the repository. */
const MAX_DEPTH = 24;

/**
 * Whether git started in `cwd` may run a hook: the repository found from `cwd` upward has a
 * hook in `.git/hooks` (any file but git's `*.sample` ones), or its configuration names a
 * hooks folder (`hooksPath`). A `.git` file (a worktree or submodule), a repository that cannot
 * be read, or a folder that cannot be told: may.
 */
export function gitMayRunHooks(cwd: string): boolean {
  let folder = posix.normalize(cwd);
  for (let depth = 0; depth < MAX_DEPTH; depth++) {
    const dotGit = posix.join(folder, ".git");
    const kind = statOrNull(dotGit);
    if (kind !== null) {
      // A gitdir file leads elsewhere: its hooks are not looked up here.
      if (!kind.isDirectory()) return true;
      return hasHooks(dotGit);
    }
    if (folder === "/") return false;
    folder = posix.dirname(folder);
  }
  return true;
}

function hasHooks(gitDir: string): boolean {
  let config: string;
  try {
    config = readFileSync(posix.join(gitDir, "config"), "utf8");
  } catch {
    return true;
  }
  // git reads keys case-insensitively; an include may name another file that sets it.
  if (/hookspath|^\s*\[include/im.test(config)) return true;
  let names: string[];
  try {
    names = readdirSync(posix.join(gitDir, "hooks"));
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ENOENT";
  }
  return names.some((name) => !name.endsWith(".sample"));
}

function statOrNull(path: string) {
  try {
    return statSync(path, { throwIfNoEntry: false }) ?? null;
  } catch {
    return null;
  }
}

/**
 * The index of the first git unit that may run a hook of the repository it runs in, or -1: a
 * git subcommand that writes no work-tree file still runs hooks, which may make links (see
 * git-hooks.ts). After a directory change the repository is not known: any git unit may.
 */
export function hookRunningGit(
  analysis: BashAnalysis,
  places: readonly { readonly cwd: string }[],
): number {
  const first = analysis.units.findIndex((unit) => /(^|\/)git$/.test(unit.executed?.[0] ?? ""));
  if (first === -1) return -1;
  // After a directory change, or with the repository named elsewhere (`GIT_DIR=../o/.git`,
  // `GIT_COMMON_DIR`, a `hooksPath` given in the text), the repository found from the working
  // directory is not the one whose hooks run.
  const elsewhere = analysis.units.some(
    (unit) =>
      DIRECTORY_CHANGES.has(unit.executed?.[0] ?? "") ||
      /GIT_(DIR|COMMON_DIR|CONFIG)|hookspath/i.test(unit.text),
  );
  return elsewhere || places.some((place) => gitMayRunHooks(place.cwd)) ? first : -1;
}

const DIRECTORY_CHANGES: ReadonlySet<string> = new Set(["cd", "pushd", "popd"]);
