// Calls the host runs at the same time as the judged one (T32 sibling-call-toctou). Pi 1.6
// judges every tool call of one assistant message before any of them runs, then runs them
// together: a path this call names was looked up on disk before a sibling could make a link
// on it. Traced in a real Pi session: `read notes` was judged as the plain file `notes` while
// its sibling `git checkout-index -f notes` made `notes -> .env`, and the read returned the
// secret. So when a sibling may make or move a link, every file this call opens is one the
// lookup did not prove: it may be any file, as a computed path may.
import { readFileSync } from "node:fs";
import { posix } from "node:path";
import { type BashAnalyzer, mayMakeLinks } from "@pi-permission/bash";
import { FILE_TOOLS, type ProgramMap, type ShellToolMap } from "@pi-permission/policy";
import { hookRunningGit } from "./git-hooks.ts";
import { globsMeet } from "./glob-meet.ts";
import { linkTargetOf } from "./links.ts";
import type { ConcurrentCall, ToolCallFacts } from "./model.ts";
import type { TouchedFile } from "./path-gates.ts";
import {
  analyzeInvocations,
  commandShown,
  type ShellInvocation,
  shellCallOf,
} from "./shell-tools.ts";
import { globOfFolder, resolvePath, toolPathOf } from "./tool-paths.ts";

/** What the judging of concurrent calls reads from the policy's settings. */
export interface ConcurrentSettings {
  readonly shellTools?: ShellToolMap;
  readonly programs?: ProgramMap;
  readonly analysisDeadlineMs?: number;
}

/** A concurrent call that may make links, and how a prompt names it. */
export interface LinkingCall {
  call: ConcurrentCall;
  /** The command of a shell call (`bash: tar xf a.tar`), else the tool and its input. */
  shown: string;
}

/**
 * The first call running at the same time as this one that may make or move a symbolic link,
 * or `null` when none may. Pi's file tools make none (`read`, `ls`, `grep` and `find` write
 * nothing; `write` and `edit` write plain files); a shell call may unless its analysis proves
 * every command it runs makes none (see `mayMakeLinks`); any other tool may do anything.
 */
export function linkingCall(
  facts: ToolCallFacts,
  settings: ConcurrentSettings | undefined,
  analyzer: BashAnalyzer,
): LinkingCall | null {
  for (const sibling of siblingCalls(facts, settings)) {
    if (sibling.shell === null) {
      if (Object.hasOwn(FILE_TOOLS, sibling.call.toolName)) continue;
      return { call: sibling.call, shown: toolShown(sibling.call) };
    }
    // Past a few analyses the rest are not read (any may link): see `siblingCalls`.
    if (!sibling.readable) return sibling.shown;
    const analysis = analyzeInvocations(sibling.shell, analyzer, facts.home, settings ?? {});
    if (mayMakeLinks(analysis) || hookRunningGit(analysis, sibling.shell) !== -1) {
      return sibling.shown;
    }
  }
  return null;
}

/**
 * A call already running beside the judged one, as a prompt names it, when there is one (see
 * `ToolCallFacts.running`): the judged call is held at ask when it may make a link under it.
 */
export function runningShown(facts: ToolCallFacts): string | null {
  const call = facts.running?.[0];
  return call === undefined ? null : toolShown(call);
}

/**
 * Whether the judged call may make a link while calls judged before it still run: any tool
 * but Pi's file tools may (a shell call is judged unit by unit in the bash gate instead).
 */
export function toolLinksWhileRunning(facts: ToolCallFacts): boolean {
  return (facts.running?.length ?? 0) > 0 && !Object.hasOwn(FILE_TOOLS, facts.toolName);
}

/** How many concurrent shell calls one judging analyses. */
const MAX_ANALYSED = 8;

/** A call beside the judged one: a shell call with how a prompt names it, or another tool. */
type SiblingCall =
  | { call: ConcurrentCall; shell: null }
  | {
      call: ConcurrentCall;
      shell: ShellInvocation[];
      shown: LinkingCall;
      /** Within the first MAX_ANALYSED shell calls, which are the ones analysed. */
      readable: boolean;
    };

/**
 * The calls beside the judged one, in order, each shell call with its shown command. Each
 * analysis has its own deadline, so only the first few shell calls are read: a message of
 * many long commands costs each judged call a bounded time, and the rest count as unread.
 */
function* siblingCalls(
  facts: ToolCallFacts,
  settings: ConcurrentSettings | undefined,
): Generator<SiblingCall> {
  let analysed = 0;
  for (const call of facts.concurrent ?? []) {
    const shell = shellCallOf(
      call.toolName,
      call.input,
      settings?.shellTools,
      facts.cwd,
      facts.home,
    );
    if (shell === null) {
      yield { call, shell: null };
      continue;
    }
    const command = commandShown(shell);
    const shown = command === "" ? toolShown(call) : `${call.toolName}: ${command}`;
    yield { call, shell, shown: { call, shown }, readable: ++analysed <= MAX_ANALYSED };
  }
}

/**
 * For each file the call opens, a twin that may be any file: the lookup on disk that followed
 * it through links happened before a linking call could make one (see the module comment).
 * Files already unknown (computed) stand for any file as they are.
 */
export function concurrentTwins(files: readonly TouchedFile[]): TouchedFile[] {
  const twins: TouchedFile[] = [];
  const seen = new Set<string>();
  for (const file of files) {
    if (file.computed) continue;
    const key = `${file.access}\0${file.path}`;
    if (seen.has(key)) continue;
    seen.add(key);
    twins.push({
      shown: file.shown,
      path: file.path,
      access: file.access,
      computed: true,
      concurrent: true,
    });
  }
  return twins;
}

/** A tool call named by its tool and its input. */
function toolShown(call: ConcurrentCall): string {
  let input: string;
  try {
    input = JSON.stringify(call.input) ?? String(call.input);
  } catch {
    input = String(call.input);
  }
  return `${call.toolName} ${input}`;
}

// Calls beside a search that may change which files it reads (S33 sibling-ignore-write, r33c
// F1). Pi's `grep` is judged on the files ripgrep lists when the call is judged, and ripgrep
// leaves out what the ignore files leave out. A sibling that writes or removes an ignore file
// (`.gitignore`, `.ignore`, `.rgignore`, anything in a `.git`, git's global excludes file or
// the configuration naming it) changes that listing before the search runs: traced in a real
// Pi session, `write z/.ignore` (`!.env`) beside `grep SECRET` made the grep return the
// `.env` line that `.gitignore` had hidden when it was judged. Such a sibling makes no link,
// so the linking check above let it be.

/** The names of the files whose rules ripgrep applies in a folder and below it. */
const IGNORE_FILES: ReadonlySet<string> = new Set([".gitignore", ".ignore", ".rgignore"]);

/** What a sibling call writes or removes, as far as can be told. */
interface SiblingWrites {
  call: LinkingCall;
  /** Some file it writes is not known (a computed path, a program that may do anything). */
  unknown: boolean;
  /** The absolute paths it writes, and, where a link on the way leads elsewhere, the targets. */
  paths: string[];
  /** The globs it writes (`rm .git*`, everything below `rm -r z`). */
  globs: string[];
}

/**
 * For a searched folder, the first call beside the judged one that may change which files a
 * search of it lists, or `null` when none may: one whose writes are not all known (a shell
 * command the analysis cannot read whole, a program that may do anything, a computed path, a
 * tool the checker does not know), or one that may write or remove an ignore file that
 * applies to the folder (in it, below it or above it), anything in or named `.git`, or git's
 * global configuration or excludes file. A sibling writing `src/a.ts` changes nothing.
 * The siblings are read once, on the first question.
 */
export function listingChanges(
  facts: ToolCallFacts,
  settings: ConcurrentSettings | undefined,
  analyzer: BashAnalyzer,
): (dir: string) => LinkingCall | null {
  let writes: SiblingWrites[] | undefined;
  let configs: string[] | undefined;
  return (dir) => {
    writes ??= siblingWrites(facts, settings, analyzer);
    if (writes.length === 0) return null;
    configs ??= gitConfigFiles(facts.home);
    const globs = ignoreGlobs(dir, configs);
    for (const sibling of writes) {
      if (sibling.unknown) return sibling.call;
      if (sibling.paths.some((path) => changesIgnores(path, dir, configs ?? []))) {
        return sibling.call;
      }
      for (const written of sibling.globs) {
        const lower = written.toLowerCase();
        if (globs.some((g) => globsMeet(written, g, true) || globsMeet(lower, g, true))) {
          return sibling.call;
        }
      }
    }
    return null;
  };
}

/** What each call beside the judged one writes (see {@link SiblingWrites}). */
function siblingWrites(
  facts: ToolCallFacts,
  settings: ConcurrentSettings | undefined,
  analyzer: BashAnalyzer,
): SiblingWrites[] {
  const out: SiblingWrites[] = [];
  for (const beside of siblingCalls(facts, settings)) {
    const { call, shell } = beside;
    if (shell === null) {
      if (!Object.hasOwn(FILE_TOOLS, call.toolName)) {
        out.push({ call: { call, shown: toolShown(call) }, unknown: true, paths: [], globs: [] });
        continue;
      }
      // Pi's `write` and `edit` write the one file their `path` names; the others write none.
      const named = toolPathOf(call.toolName, call.input);
      if (named === null || named.access === "read") continue;
      const path = resolvePath(named.raw, facts.cwd, facts.home);
      out.push({
        call: { call, shown: toolShown(call) },
        unknown: false,
        paths: withTarget(path, facts),
        globs: [],
      });
      continue;
    }
    const shown = beside.shown;
    if (!beside.readable) {
      out.push({ call: shown, unknown: true, paths: [], globs: [] });
      continue;
    }
    const analysis = analyzeInvocations(shell, analyzer, facts.home, settings ?? {});
    // A command read in part, one that may run any program (which may write anything), or
    // git's configuration written (it names the excludes file): its writes are not all known.
    const unknown =
      analysis.status !== "ok" ||
      mayMakeLinks(analysis) ||
      hookRunningGit(analysis, shell) !== -1 ||
      analysis.units.some(
        (unit) => /(^|\/)git$/.test(unit.executed?.[0] ?? "") && unit.executed?.includes("config"),
      );
    const sibling: SiblingWrites = { call: shown, unknown, paths: [], globs: [] };
    for (const written of analysis.paths) {
      if (written.access === "read") continue;
      if (written.path !== null) sibling.paths.push(...withTarget(written.path, facts));
      // A glob not anchored at a folder (`**/.gitignore` after a `cd` the analysis cannot
      // follow) may be anywhere.
      else if (written.glob?.startsWith("/")) sibling.globs.push(written.glob);
      else sibling.unknown = true;
    }
    if (sibling.unknown || sibling.paths.length > 0 || sibling.globs.length > 0) out.push(sibling);
  }
  return out;
}

/** A written path, and the file a symbolic link on the way makes it, when there is one. */
function withTarget(path: string, facts: ToolCallFacts): string[] {
  const target = linkTargetOf(path, facts.cwd, facts.home);
  return target === null ? [path] : [path, target];
}

/**
 * Whether writing or removing `path` may change which files ripgrep lists in `dir`: a file or
 * folder named `.git` or inside one, an ignore file in `dir`, above it or below it, or git's
 * global configuration or excludes file. Names are met with case ignored (on a file system
 * that ignores case, `.GitIgnore` is `.gitignore`).
 */
function changesIgnores(path: string, dir: string, configs: readonly string[]): boolean {
  const lower = path.toLowerCase();
  const segments = lower.split("/");
  if (segments.includes(".git")) return true;
  if (configs.some((config) => lower === config.toLowerCase() || path.startsWith(`${config}/`))) {
    return true;
  }
  const name = segments.at(-1) ?? "";
  if (!IGNORE_FILES.has(name)) return false;
  const folder = posix.dirname(path);
  const inside = (child: string, parent: string) =>
    child === parent || child.startsWith(parent === "/" ? "/" : `${parent}/`);
  return inside(dir, folder) || inside(folder, dir);
}

/** The globs of the files {@link changesIgnores} names for `dir`, for a written glob to meet. */
function ignoreGlobs(dir: string, configs: readonly string[]): string[] {
  const globs = ["/**/.git", "/**/.git/**"];
  for (const config of configs) globs.push(globOfFolder(config), `${globOfFolder(config)}/**`);
  const names = [...IGNORE_FILES];
  const root = dir === "/" ? "" : globOfFolder(dir);
  for (const name of names) globs.push(`${root}/**/${name}`);
  for (let folder = dir; ; folder = posix.dirname(folder)) {
    const at = folder === "/" ? "" : globOfFolder(folder);
    for (const name of names) globs.push(`${at}/${name}`);
    if (folder === "/") break;
  }
  return globs;
}

/**
 * Git's configuration files that ripgrep reads for `core.excludesFile` (the home's
 * `.gitconfig` and `$XDG_CONFIG_HOME/git/config`), the folder of the latter, and the
 * excludes files they name (or git's default one): writing any of them may change what is
 * ignored everywhere.
 */
function gitConfigFiles(home: string): string[] {
  const xdg = process.env.XDG_CONFIG_HOME || posix.join(home, ".config");
  const configs = [posix.join(home, ".gitconfig"), posix.join(xdg, "git")];
  for (const file of [configs[0] as string, posix.join(xdg, "git", "config")]) {
    let text: string;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    for (const match of text.matchAll(/^\s*excludesfile\s*=\s*(.*?)\s*$/gim)) {
      const value = (match[1] ?? "").replace(/^"(.*)"$/, "$1");
      if (value !== "") configs.push(resolvePath(value, home, home));
    }
  }
  return configs;
}
