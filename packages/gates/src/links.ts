// The file a path reaches on disk once symbolic links are followed, the way the kernel
// follows them when a tool opens the path.
import { lstatSync, readlinkSync } from "node:fs";
import { posix } from "node:path";
import { spendWork } from "@pi-permission/policy";

/** How many links one resolution follows before it gives up, as Linux does (ELOOP). */
const MAX_LINKS = 40;

/** The work of one component looked up on disk, in steps of the judging's budget. */
const LOOKUP_STEPS = 40;

/**
 * The physical form of an absolute, normalised path: every symbolic link in it (the last
 * component included) replaced by what it points to, each `..` of a link's text applied to
 * the directory the link really is in. The first component that does not exist ends the
 * walk: the rest is appended as written, so a write through a dangling link
 * (`out -> /etc/cron.d/job`) is reported at the file it would create. `null` when the links
 * loop or nest deeper than the kernel follows (the open would fail).
 *
 * @example
 * ```ts
 * physicalPath("/repo/link/key"); // "/home/u/.ssh/key" when /repo/link -> /home/u/.ssh
 * ```
 */
export function physicalPath(path: string): string | null {
  let real = "/";
  // The components still to walk, the next one last: a stack, so that a path of many
  // thousand components costs one step each (and no argument list as long as the path).
  const pending = components(path).reverse();
  let links = 0;
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (name === ".") continue;
    if (name === "..") {
      real = posix.dirname(real);
      continue;
    }
    const next = posix.join(real, name);
    // Counted where it is spent: a call naming tens of thousands of paths looks up each
    // component of each, before any rule is met.
    spendWork(LOOKUP_STEPS, "the paths of a call looked up on disk");
    let target: string | null;
    try {
      // A missing component answers `undefined` rather than throwing: an exception costs ten
      // times the lstat itself, and most paths a call names end in one (issue 18).
      const stat = lstatSync(next, { throwIfNoEntry: false });
      if (stat === undefined) return rest(next, pending);
      target = stat.isSymbolicLink() ? readlinkSync(next) : null;
    } catch {
      // Missing, or not ours to look into: the tool meets the same wall, so the rest of the
      // path is taken as written.
      return rest(next, pending);
    }
    if (target === null) {
      real = next;
      continue;
    }
    if (++links > MAX_LINKS) return null;
    if (target.startsWith("/")) real = "/";
    pending.push(...components(target).reverse());
  }
  return real;
}

/** `folder` with the components still pending (a stack, the next one last) resolved after it. */
function rest(folder: string, pending: readonly string[]): string {
  return posix.resolve(folder, [...pending].reverse().join("/"));
}

function components(path: string): string[] {
  return path.split("/").filter((c) => c !== "");
}

/**
 * The file a tool that opens `path` really reaches, when symbolic links make it another
 * file; `null` when it is the same file (or does not resolve). A link in the working
 * directory's or the home directory's own path is no news: a target under the real
 * working (or home) directory is named under `cwd` (or `home`) as the policy writes it, so
 * only links below them count.
 *
 * @example
 * ```ts
 * linkTargetOf("/repo/notes", "/repo", "/home/u"); // "/repo/.env" when /repo/notes -> .env
 * linkTargetOf("/repo/src/a.ts", "/repo", "/home/u"); // null: no link on the way
 * ```
 */
export function linkTargetOf(path: string, cwd: string, home: string): string | null {
  const real = physicalPath(path);
  if (real === null || real === path) return null;
  const target = reroot(real, [cwd, home]);
  return target === path ? null : target;
}

/** Name a physical path under the root (as written) whose physical form holds it, the deepest first. */
function reroot(real: string, roots: readonly string[]): string {
  let best: { root: string; physical: string } | null = null;
  for (const root of roots) {
    const physical = physicalPath(root);
    if (physical === null || physical === root) continue;
    const inside = real === physical || real.startsWith(physical === "/" ? "/" : `${physical}/`);
    if (inside && (best === null || physical.length > best.physical.length)) {
      best = { root, physical };
    }
  }
  if (best === null) return real;
  const rest = real.slice(best.physical.length);
  return posix.join(best.root, rest);
}
