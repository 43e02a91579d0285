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
export function physicalPath(path: string, disk: DiskLookups = UNCACHED): string | null {
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
    // Missing, or not ours to look into: the tool meets the same wall, so the rest of the
    // path is taken as written.
    const link = disk.linkState(next);
    if (link === null) return rest(next, pending);
    const target = link ? disk.linkText(next) : null;
    if (target === undefined) return rest(next, pending);
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
export function linkTargetOf(
  path: string,
  cwd: string,
  home: string,
  disk: DiskLookups = UNCACHED,
): string | null {
  const real = physicalPath(path, disk);
  if (real === null || real === path) return null;
  const target = reroot(real, [cwd, home], disk);
  return target === path ? null : target;
}

/** Name a physical path under the root (as written) whose physical form holds it, the deepest first. */
function reroot(real: string, roots: readonly string[], disk: DiskLookups): string {
  let best: { root: string; physical: string } | null = null;
  for (const root of roots) {
    const physical = physicalPath(root, disk);
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

/**
 * What the disk holds at each path one judging looks up: whether something is there and
 * whether it is a symbolic link (`lstat`), and a link's text (`readlink`). Most calls name
 * several paths in the same folders, and following one path through its links looks up the
 * working directory's and the home directory's components again each time: with
 * {@link cachedLookups} each is asked of the disk once per call (issue 18), as if the disk
 * did not change within the call, which is all the judging can assume anyway.
 */
export interface DiskLookups {
  /** `true` for a symbolic link, `false` for anything else, `null` when nothing is there (or it cannot be looked at). */
  linkState(path: string): boolean | null;
  /** The text of the link at `path`; `undefined` when it cannot be read. */
  linkText(path: string): string | undefined;
}

/** Every lookup asks the disk. */
const UNCACHED: DiskLookups = { linkState: lookLinkState, linkText: readLinkText };

/** Lookups for one judging: each path is asked of the disk once, then answered from memory. */
export function cachedLookups(): DiskLookups {
  const states = new Map<string, boolean | null>();
  const texts = new Map<string, string | undefined>();
  return {
    linkState(path) {
      let state = states.get(path);
      if (state === undefined) {
        state = lookLinkState(path);
        states.set(path, state);
      }
      return state;
    },
    linkText(path) {
      if (texts.has(path)) return texts.get(path);
      const text = readLinkText(path);
      texts.set(path, text);
      return text;
    },
  };
}

function lookLinkState(path: string): boolean | null {
  try {
    // A missing path answers `undefined` rather than throwing: an exception costs ten times
    // the lstat itself, and most paths a call names end in one (issue 18).
    return lstatSync(path, { throwIfNoEntry: false })?.isSymbolicLink() ?? null;
  } catch {
    return null;
  }
}

function readLinkText(path: string): string | undefined {
  try {
    return readlinkSync(path);
  } catch {
    return undefined;
  }
}
