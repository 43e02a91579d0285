// The files a non-shell tool call touches: its path arguments resolved as the tool would open
// them, and, where symbolic links make one of them another file, that file too.

import { FILE_TOOLS, spendWork, type ToolPathAccess } from "@pi-permission/policy";
import { linkTargetOf } from "./links.ts";
import type { ToolCallFacts } from "./model.ts";
import { procRootPath, type TouchedFile } from "./path-gates.ts";
import {
  expandedVariables,
  foreignPathReadings,
  isInertDevice,
  readPathSpellings,
  resolvePath,
  type ToolPath,
} from "./tool-paths.ts";

/** A path that symbolic links turn into another file: both are judged. */
export interface LinkedPath {
  /** The path as the tool opens it, lexically resolved. */
  path: string;
  /** The file it reaches on disk. */
  target: string;
}

/** The files of a call, and the links among them. */
export interface ToolFiles {
  files: TouchedFile[];
  links: LinkedPath[];
}

/**
 * Resolve a call's path arguments into the files it touches. A built-in file tool's path is
 * resolved exactly as Pi resolves it (and, for `read`, the screenshot spelling Pi falls
 * back to when it exists); another tool's path is read every plausible way. Each file that
 * exists behind a symbolic link is followed to its target, which is judged as well: a link
 * inside the project that points at `.env` or outside the project meets the rules of the
 * file it reaches. Device nodes that touch no file are left out.
 *
 * @example
 * ```ts
 * toolFiles(facts, [{ raw: "notes", access: "read" }]);
 * // { files: [{ shown: "notes", path: "/repo/notes", … }, { shown: "notes", path: "/repo/.env", … }],
 * //   links: [{ path: "/repo/notes", target: "/repo/.env" }] }  when /repo/notes -> .env
 * ```
 */
export function toolFiles(facts: ToolCallFacts, paths: readonly ToolPath[]): ToolFiles {
  return linkedFiles(
    facts,
    paths.flatMap(({ raw, access }): TouchedFile[] => {
      // Each argument is read several ways before any reading is followed (see `readings`).
      spendWork(100 + raw.length * 10, "the paths of a tool call read");
      const files: TouchedFile[] = readings(facts, raw).map((path) => ({
        shown: raw,
        path,
        access,
      }));
      // A foreign tool that expands a variable whose value is not known here may open any file.
      if (
        !Object.hasOwn(FILE_TOOLS, facts.toolName) &&
        expandedVariables(raw.trim(), facts.cwd, facts.home)?.unknown
      ) {
        files.push({ shown: raw, path: raw, access, computed: true });
      }
      return files;
    }),
  );
}

/**
 * Resolved files, each followed through symbolic links: a file that reaches another one is
 * listed with it. Device nodes that touch no file are left out, and duplicates once.
 */
export function linkedFiles(facts: ToolCallFacts, resolved: readonly TouchedFile[]): ToolFiles {
  const files: TouchedFile[] = [];
  const links: LinkedPath[] = [];
  // Seen by key, not by searching the list: a tool's arguments may hold tens of thousands of
  // paths, and a search per path made that quadratic.
  const seenFiles = new Set<string>();
  const seenLinks = new Set<string>();
  const add = (shown: string, path: string, access: ToolPathAccess) => {
    if (isInertDevice(path)) return;
    const key = `${access}\u0000${path}`;
    if (seenFiles.has(key)) return;
    seenFiles.add(key);
    files.push({ shown, path, access });
  };
  for (const file of resolved) {
    const { shown, path, access } = file;
    if (file.computed) {
      files.push(file);
      continue;
    }
    // Each path is looked up on disk, one component at a time.
    spendWork(100 + path.length * 10, "the paths of a tool call followed on disk");
    add(shown, path, access);
    // `/proc/<pid>/root/x` is `/x` to the tool when that process shares its root.
    const rooted = procRootPath(path);
    if (rooted !== undefined) add(shown, rooted, access);
    const target = linkTargetOf(path, facts.cwd, facts.home);
    if (target === null) continue;
    add(shown, target, access);
    const key = `${path}\u0000${target}`;
    if (!seenLinks.has(key)) {
      seenLinks.add(key);
      links.push({ path, target });
    }
  }
  return { files, links };
}

/** Every absolute path the tool may open for one argument, the one it names first. */
function readings(facts: ToolCallFacts, raw: string): string[] {
  const { toolName, cwd, home } = facts;
  if (!Object.hasOwn(FILE_TOOLS, toolName)) return foreignPathReadings(raw, cwd, home);
  if (toolName === "read") return readPathSpellings(raw, cwd, home);
  return [resolvePath(raw, cwd, home)];
}
