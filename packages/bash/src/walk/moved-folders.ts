import type { PendingPath, PendingUnit } from "./walk.ts";

/**
 * S34 moved-cwd (r34a): a folder a unit may rename (programs/folder-moves.ts) carries the
 * shell's working directory with it when it is that directory or one of its parents, and
 * relative paths then land below the new place (traced: `cd a/b && mv ../b ../../c && cat
 * ../../home/user/notes.txt` opened /home/user/notes.txt; bash's own `cd ..` there climbed
 * from /repo/c, its PWD's parent being gone). The walk takes such a working directory as
 * unknown, as after `cd "$X"`; these are the questions it asks.
 */

/**
 * Whether a renamed path (`path`, or `glob` when only a pattern is known, neither when it is
 * computed) may be one of `cwds` or a folder above one.
 */
export function mayCarry(moved: PendingPath, cwds: readonly string[]): boolean {
  if (moved.path !== null) {
    const folder = moved.path;
    return cwds.some((cwd) => folder === "/" || cwd === folder || cwd.startsWith(`${folder}/`));
  }
  if (moved.glob === null) return true;
  const pattern = segmentsOf(moved.glob);
  // A `..` left in a pattern (a relative name after `cd "$X"`) climbs from a folder nobody knows.
  if (pattern.includes("..")) return true;
  return cwds.some((cwd) => {
    const names = segmentsOf(cwd);
    for (let depth = 0; depth <= names.length; depth++) {
      if (matchSegments(pattern, 0, names.slice(0, depth), 0)) return true;
    }
    return false;
  });
}

/** Whether any of `moved` may carry one of `cwds` (see {@link mayCarry}). */
export function mayCarryAny(moved: readonly PendingPath[], cwds: readonly string[]): boolean {
  return moved.some((path) => mayCarry(path, cwds));
}

/**
 * Marks a unit whose relative paths were read from a working directory that a rename may have
 * moved before it ran (a loop's next round, a pipeline member, a background job, a later
 * call of a function): each access it makes may also be of a file nobody knows, as
 * made-links.ts marks a path through a link whose target is unknown. The file it runs by its
 * path is no longer known either.
 */
export function markMovedCwd(unit: PendingUnit): void {
  const seen = new Set<string>();
  for (const path of [...unit.paths]) {
    const key = `${path.access}\0${path.via}`;
    if (seen.has(key)) continue;
    seen.add(key);
    unit.paths.push({ raw: path.raw, path: null, glob: null, access: path.access, via: path.via });
  }
  delete unit.runs;
}

function segmentsOf(path: string): string[] {
  return path.split("/").filter((segment) => segment !== "" && segment !== ".");
}

/** Whether `pattern` from `p` matches `names` from `n` whole, a `**` segment taking any run of names. */
function matchSegments(
  pattern: readonly string[],
  p: number,
  names: readonly string[],
  n: number,
): boolean {
  if (p === pattern.length) return n === names.length;
  const segment = pattern[p] as string;
  if (segment === "**") {
    for (let skip = n; skip <= names.length; skip++) {
      if (matchSegments(pattern, p + 1, names, skip)) return true;
    }
    return false;
  }
  if (n === names.length) return false;
  return segmentMatches(segment, names[n] as string) && matchSegments(pattern, p + 1, names, n + 1);
}

/**
 * Whether one glob segment may match a name. Read widely: case aside (nocaseglob), dot names
 * too (dotglob), and a segment with an extended pattern or a brace matches anything.
 */
function segmentMatches(segment: string, name: string): boolean {
  if (/[?*+@!]\(|\{|\[[:=.]/.test(segment)) return true;
  let source = "";
  for (let i = 0; i < segment.length; i++) {
    const char = segment[i] as string;
    if (char === "\\" && i + 1 < segment.length) {
      source += escapeRegExp(segment[++i] as string);
    } else if (char === "*") source += ".*";
    else if (char === "?") source += ".";
    else if (char === "[") {
      const end = segment.indexOf("]", i + 2);
      if (end === -1) source += "\\[";
      else {
        let body = segment.slice(i + 1, end);
        const negated = body.startsWith("!") || body.startsWith("^");
        if (negated) body = body.slice(1);
        source += `[${negated ? "^" : ""}${body.replace(/[\\\]^]/g, "\\$&")}]`;
        i = end;
      }
    } else source += escapeRegExp(char);
  }
  try {
    return new RegExp(`^${source}$`, "is").test(name);
  } catch {
    return true;
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");
}
