// Which children a `subagent` call may start that no pi-permission will judge (S34
// agent-file-trust, r33f F2). A child is gated only by the pi-permission it loads itself, and
// what it loads is decided by the agent file pi-subagents picks for the name, so the parent
// works the file out before the launch and asks when it cannot vouch for it.
//
// How pi-subagents 0.67.0 gets from a name to a child, as read in its source
// (agents/agents.ts, agents/agent-management.ts, runs/shared/child-tool-plan.ts,
// runs/shared/child-launch.ts, extension/schemas.ts), in our words:
//
// - Names. A run names its agent in `agent` (no `action`), in `tasks[].agent`, in
//   `chain[].agent` and in a chain step's `parallel` (a list of tasks, or one template); each
//   may carry its own `cwd` (relative to the call's). `workflowScript`, `workflowScriptPath`
//   and `workflow` are JavaScript that picks its agents while it runs. `append-step` starts a
//   run from the same fields; `schedule.*` and `resume` start runs later or again, looking the
//   agent up then. Other actions manage, not launch.
// - Where definitions come from, by rank (the higher wins a name): built-in (its own
//   `agents/` folder), packages, the user's folders (`PI_SUBAGENT_EXTRA_AGENT_DIRS`, the user
//   settings' `subagents.agentScanDirs`, `<agentDir>/agents`, `~/.agents`), then the project.
//   The project is the nearest folder from the launch's cwd up holding `.pi` or `.agents`
//   (a project `settings.json` may pick the git root instead); its `.agents/` and
//   `.pi/agents/` are searched for Markdown files at any depth, plus its settings'
//   `agentScanDirs`, its packages (`.pi/npm/node_modules`, its settings' `packages`, a
//   `pi-subagents`/`pi.subagents` manifest in its package.json). No trust is asked for any of
//   it. A file's agent is the `name:` of its front matter (with `package:` prefixed as
//   `<package>.<name>`), and `aliases:` answer too; the file's own name does not count.
// - What the child loads. A foreground child loads no ambient extension: only the agent's
//   `extensions:` (or, when it lists none, the settings' `subagents.defaultExtensions`, the
//   project's over the user's) and `subagentOnlyExtensions:`; settings' `agentOverrides` (user,
//   then project) may replace either list. A path starting with `./` or `../` is relative to
//   the agent file. An agent with a `runner:` is run by an external program (Claude Code,
//   Codex, Cursor), not by Pi: nothing of ours loads there.
//
// What is checked: every child the call may start. pi-permission does not re-implement that
// reader (S34 agent-file-trust-2, r34c: six spellings it read differently let a child run
// unchecked); it reads only a strict subset it can read with certainty (see strictFrontMatter)
// and asks whenever a searched file falls outside it, since such a file may define any name.
// A project's file that may define the name asks (any project other than your home, whose
// agent folders are yours), and so does any project setting that can change agents (your
// home's `.pi/settings.json` and packages included: pi-subagents takes your home as the project
// for a folder under it with no nearer `.pi` or `.agents`); every file of yours that may define
// the name must load this package's gate entry and name no runner; and unless one of them is a
// file pi-subagents certainly loads under exactly that name, what answers instead must too: a
// Pi package of yours that may define it asks, a built-in loads what the settings give it, and
// any other name asks. Whatever cannot be read asks (fail closed). A run whose agent is looked
// up again later (`resume`, a schedule) asks: its definition cannot be checked now.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  type Dirent,
  existsSync,
  readdirSync,
  readFileSync,
  realpathSync,
  statSync,
} from "node:fs";
import { posix } from "node:path";
import type { UnguardedLaunch } from "@pi-permission/gates";

/** pi-subagents' tool. */
export const SUBAGENT_TOOL = "subagent";

/** The package a child must load to be judged. */
const OUR_PACKAGE = "@pi-permission/extension";

/** pi-subagents 0.67.0's built-in agents run by Pi (they load what the settings give them). */
const BUILTIN_PI_AGENTS: ReadonlySet<string> = new Set([
  ...["delegate", "evidence-auditor", "oracle", "researcher", "reviewer", "scout", "worker"],
]);
/** Its built-in agents run by another program. */
const BUILTIN_RUNNER_AGENTS: ReadonlySet<string> = new Set([
  ...["claude-code", "claude-code-writer", "codex-exec", "codex-exec-writer"],
  ...["cursor-agent", "cursor-agent-writer"],
]);

/** Actions that start runs now from the call's agent fields. */
const LAUNCH_ACTIONS: ReadonlySet<string> = new Set(["append-step"]);
/**
 * Actions that start a run later, or again, looking its agent up at that time (pi-subagents'
 * resumeAsyncRun discovers the agents again at the run's cwd; a schedule fires in the
 * background): what the child will load cannot be checked now (S34 agent-file-trust-2).
 */
const LATER_ACTIONS: ReadonlySet<string> = new Set([
  ...["resume", "schedule.create", "schedule.run", "schedule.run-due", "schedule.resume"],
]);
/** Folders pi-subagents' agent discovery never enters (DISCOVERY_PRUNED_DIR_NAMES). */
const PRUNED_FOLDERS: ReadonlySet<string> = new Set([
  ".git",
  "node_modules",
  ".pi",
  "sync-backups",
]);
/** Front matter keys whose reading decides which agent a file defines and what it loads. */
const DECIDING_KEYS: ReadonlySet<string> = new Set([
  ...["name", "description", "package", "aliases", "alias", "runner"],
  ...["extensions", "subagentOnlyExtensions"],
]);
/** Of those, the ones read as lists. */
const LIST_KEYS: ReadonlySet<string> = new Set([
  ...["aliases", "alias", "extensions", "subagentOnlyExtensions"],
]);
/** Project `subagents` settings that change no agent definition. */
const HARMLESS_PROJECT_SETTINGS: ReadonlySet<string> = new Set(["projectRootResolution"]);
/** How many files of one agent folder are read before the folder counts as unreadable. */
const MAX_FILES = 2000;
/** How deep a folder's Markdown files are looked for. */
const MAX_DEPTH = 8;

/** Where the launch is judged from. */
export interface LaunchPlace {
  cwd: string;
  home: string;
  agentDir: string;
  env: Readonly<Record<string, string | undefined>>;
  /**
   * The global npm folder pi-subagents searches for packages (`npm root -g`); `null` for
   * none. Worked out once per process when not given.
   */
  globalNpmRoot?: string | null;
}

interface Launch {
  agent: string;
  cwd: string;
}

/**
 * The children of a `subagent` call the parent cannot vouch for (see the top of this file);
 * empty for any other tool and for a call that starts none.
 */
export function unguardedLaunches(
  toolName: string,
  input: unknown,
  place: LaunchPlace,
): UnguardedLaunch[] {
  if (toolName !== SUBAGENT_TOOL || !isRecord(input)) return [];
  const named = launchesOf(input, place.cwd);
  if (named === "later") {
    const agent = typeof input.agent === "string" ? input.agent.trim() : "<run>";
    return [
      {
        agent: agent === "" ? "<run>" : agent,
        definition: `<later-run> ${digest(JSON.stringify(input) ?? "")}`,
        why: `${String(input.action)} starts a run whose agent pi-subagents looks up again when it runs, from the agent files there and then, so whether its child loads pi-permission cannot be checked now`,
      },
    ];
  }
  if (named === "workflow") {
    return [
      {
        agent: "<workflow>",
        definition: `<workflow-script> ${digest(JSON.stringify(input) ?? "")}`,
        why: "a workflow script picks its agents while it runs, so which agent files its children use, and whether they load pi-permission, cannot be checked before",
      },
    ];
  }
  const out: UnguardedLaunch[] = [];
  const seen = new Set<string>();
  for (const launch of named) {
    const key = `${launch.agent}\0${launch.cwd}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const found = judgeLaunch(launch, place);
    if (found !== null) out.push(found);
  }
  return out;
}

function launchesOf(input: Record<string, unknown>, base: string): Launch[] | "workflow" | "later" {
  const action = typeof input.action === "string" ? input.action.trim().toLowerCase() : "";
  if (LATER_ACTIONS.has(action)) return "later";
  if (action !== "" && !LAUNCH_ACTIONS.has(action)) return [];
  if (
    input.workflowScript !== undefined ||
    input.workflowScriptPath !== undefined ||
    input.workflow !== undefined
  ) {
    return "workflow";
  }
  const cwd = cwdOf(input.cwd, base);
  const out: Launch[] = [];
  const add = (entry: unknown, at: string) => {
    if (!isRecord(entry)) return;
    const here = cwdOf(entry.cwd, at);
    if (entry.agent !== undefined) out.push({ agent: nameOf(entry.agent), cwd: here });
    const parallel = entry.parallel;
    if (Array.isArray(parallel)) for (const task of parallel) add(task, here);
    else if (isRecord(parallel)) add(parallel, here);
  };
  if (input.agent !== undefined) out.push({ agent: nameOf(input.agent), cwd });
  for (const key of ["tasks", "chain"] as const) {
    const list = input[key];
    if (Array.isArray(list)) for (const entry of list) add(entry, cwd);
    else if (list !== undefined) out.push({ agent: "<unreadable>", cwd });
  }
  return out;
}

function nameOf(value: unknown): string {
  return typeof value === "string" ? value.trim() : "<unreadable>";
}

function cwdOf(value: unknown, base: string): string {
  if (typeof value !== "string" || value.trim() === "") return base;
  return posix.resolve(base, value.trim());
}

/** The reason the parent cannot vouch for one child, or `null` when it can. */
function judgeLaunch(launch: Launch, place: LaunchPlace): UnguardedLaunch | null {
  const { agent } = launch;
  try {
    if (agent === "<unreadable>") {
      return unknown(agent, "the call names its agent in a form pi-permission cannot read");
    }
    const project = projectDefinition(launch, place);
    if (project !== null) return project;
    return ownDefinition(agent, place);
  } catch (error) {
    return unknown(agent, `its agent files could not be read (${String(error)})`);
  }
}

function unknown(agent: string, why: string): UnguardedLaunch {
  return { agent, definition: "<unknown-definition>", why: `${why}: asked instead` };
}

// ---- the project ----------------------------------------------------------------------

/** The project's definition of the agent, or a project setting that may change it. */
function projectDefinition(launch: Launch, place: LaunchPlace): UnguardedLaunch | null {
  const home = posix.resolve(place.home);
  const shown = (file: string) => shownPath(file, launch.cwd, home);
  // Packages named by the launch's cwd's package.json count when no project root is found.
  const manifests = [posix.join(launch.cwd, "package.json")];
  for (const root of projectRoots(launch.cwd)) {
    manifests.push(posix.join(root, "package.json"));
    // Your home's agent folders are yours: ownDefinition judges them (they must vouch). Its
    // settings and packages below are read as a project's, as pi-subagents reads them when it
    // takes your home as the project (S34 agent-file-trust-2, r34c F6).
    if (root !== home) {
      for (const dir of [posix.join(root, ".agents"), posix.join(root, ".pi", "agents")]) {
        for (const file of markdownFiles(dir)) {
          // A file pi-subagents does not list defines nothing.
          if (!listedByPi(dir, file)) continue;
          const text = readFileSync(file, "utf8");
          const read = readAgent(text);
          if (read === "uncertain") {
            return {
              agent: launch.agent,
              definition: `${file} sha256:${digest(text)}`,
              why: `the project's ${shown(file)} has front matter pi-permission cannot read with certainty, so it may define ${launch.agent} (pi-subagents takes a project's agent over yours, and asks nobody)`,
            };
          }
          if (read === null || !read.defines(launch.agent)) continue;
          const loads = loadsUs(read.definition, null);
          return {
            agent: launch.agent,
            definition: `${file} sha256:${digest(text)}`,
            why: `the project's ${shown(file)} defines ${launch.agent} (pi-subagents takes a project's agent over yours, and asks nobody)${loads ? "" : " and loads no pi-permission: its commands will not be checked"}`,
          };
        }
      }
    }
    const settingsFile = posix.join(root, ".pi", "settings.json");
    const settings = readJson(settingsFile);
    if (settings !== undefined) {
      const why = projectSettingsChange(settings);
      if (why !== null) {
        return {
          agent: launch.agent,
          definition: `${settingsFile} sha256:${digest(JSON.stringify(settings) ?? "")}`,
          why: `the project's ${shown(settingsFile)} ${why}, which may change the agent ${launch.agent} or what its child loads`,
        };
      }
    }
    const packages = posix.join(root, ".pi", "npm", "node_modules");
    if (isDirectory(packages)) {
      return {
        agent: launch.agent,
        definition: `${packages} <project-packages>`,
        why: `the project installs Pi packages (${shown(packages)}), which may define the agent ${launch.agent}`,
      };
    }
  }
  for (const manifest of new Set(manifests)) {
    const pkg = readJson(manifest);
    if (!isRecord(pkg)) continue;
    if (declaresAgents(pkg)) {
      return {
        agent: launch.agent,
        definition: `${manifest} sha256:${digest(JSON.stringify(pkg) ?? "")}`,
        why: `the project's ${shown(manifest)} declares subagent definitions, which may define the agent ${launch.agent}`,
      };
    }
  }
  return null;
}

/** What in a project's settings may change agents, or `null` when nothing does. */
function projectSettingsChange(settings: unknown): string | null {
  if (!isRecord(settings)) return "cannot be read as settings";
  if (Array.isArray(settings.packages) && settings.packages.length > 0) {
    return "loads Pi packages";
  }
  const subagents = settings.subagents;
  if (subagents === undefined) return null;
  if (!isRecord(subagents)) return "has subagent settings pi-permission cannot read";
  const keys = Object.keys(subagents).filter((key) => !HARMLESS_PROJECT_SETTINGS.has(key));
  return keys.length === 0 ? null : `sets subagents.${keys.join(", subagents.")}`;
}

/** Every folder from `cwd` up that pi-subagents may take as the project root. */
function projectRoots(cwd: string): string[] {
  const roots: string[] = [];
  for (let dir = posix.resolve(cwd); ; dir = posix.dirname(dir)) {
    if (isDirectory(posix.join(dir, ".pi")) || isDirectory(posix.join(dir, ".agents"))) {
      roots.push(dir);
    }
    if (posix.dirname(dir) === dir) return roots;
  }
}

// ---- your own definitions ------------------------------------------------------------

/** Whether your own definition of the agent loads pi-permission; the reason when not. */
function ownDefinition(agent: string, place: LaunchPlace): UnguardedLaunch | null {
  const home = posix.resolve(place.home);
  const settingsFile = posix.join(place.agentDir, "settings.json");
  const read = readJson(settingsFile);
  const settings = read === undefined ? {} : read;
  if (!isRecord(settings)) {
    return unknown(agent, `${shownPath(settingsFile, home, home)} cannot be read`);
  }
  const subagents = isRecord(settings.subagents) ? settings.subagents : {};
  const dirs = [
    ...(place.env.PI_SUBAGENT_EXTRA_AGENT_DIRS ?? "")
      .split(":")
      .map((dir) => dir.trim())
      .filter((dir) => dir !== ""),
  ];
  const scanDirs = subagents.agentScanDirs;
  if (Array.isArray(scanDirs)) {
    for (const entry of scanDirs) {
      if (typeof entry !== "string" || entry.trim() === "") continue;
      if (entry.includes("*")) {
        return unknown(agent, "your settings scan agent folders by a pattern");
      }
      dirs.push(posix.resolve(entry.trim().replace(/^~(?=\/|$)/, home)));
    }
  }
  dirs.push(posix.join(place.agentDir, "agents"), posix.join(home, ".agents"));
  // Your home counts as a project root to pi-subagents when it holds `.pi` or `.agents`.
  if (isDirectory(posix.join(home, ".pi")) || isDirectory(posix.join(home, ".agents"))) {
    dirs.push(posix.join(home, ".pi", "agents"));
  }
  const override = overrideOf(subagents, agent);
  if (override === "unknown") {
    return unknown(agent, "your settings override the agent per provider");
  }
  const defaults = stringList(subagents.defaultExtensions);
  const found: Array<{ file: string; text: string; definition: Definition }> = [];
  // Whether one of them is a file pi-subagents certainly loads under exactly this name: only
  // then does it replace the package's or built-in agent of the name (S34 agent-file-trust-2,
  // r34c F1: a file it drops, with no description or in a folder it skips, left the
  // built-in, loading nothing, in its place).
  let certain = false;
  let dropped: string | null = null;
  for (const dir of new Set(dirs)) {
    for (const file of markdownFiles(dir)) {
      const text = readFileSync(file, "utf8");
      const agentFile = readAgent(text);
      if (!listedByPi(dir, file)) {
        // pi-subagents never reads it (a pruned folder, `.agents/skills`, not `.md`).
        if (agentFile !== "uncertain" && agentFile?.defines(agent)) dropped ??= file;
        continue;
      }
      if (agentFile === "uncertain") {
        return {
          agent,
          definition: `${file} sha256:${digest(text)}`,
          why: `${shownPath(file, home, home)} has front matter pi-permission cannot read with certainty (only plain one-line values and simple lists, no blank lines, comments or quoted empty values), so it may define ${agent}`,
        };
      }
      if (agentFile === null || !agentFile.defines(agent)) continue;
      found.push({ file, text, definition: agentFile.definition });
      if (agentFile.loadedAs === agent) certain = true;
      else dropped ??= file;
    }
  }
  for (const { file, text, definition: own } of found) {
    const definition = { ...own, ...override };
    const shown = shownPath(file, home, home);
    if (definition.runner) {
      return {
        agent,
        definition: `${file} sha256:${digest(text)}`,
        why: `${shown} defines ${agent} as run by an external agent (runner), where no pi-permission loads: its commands will not be checked`,
      };
    }
    if (!loadsUs(definition, defaults)) {
      return {
        agent,
        definition: `${file} sha256:${digest(text)}${settingsTag(settingsFile, subagents)}`,
        why: `${shown} defines ${agent} and loads no pi-permission (neither its extensions, its subagentOnlyExtensions nor subagents.defaultExtensions name its gate entry): its commands will not be checked`,
      };
    }
  }
  if (certain) return null;
  const skipped =
    dropped !== null
      ? ` (your ${shownPath(dropped, home, home)} is not a file pi-subagents loads as ${agent}: it needs a description, a plain name and a folder it searches)`
      : "";
  const packaged = packageDefinition(agent, place, settings, home);
  if (packaged !== null) return { ...packaged, why: `${packaged.why}${skipped}` };
  if (BUILTIN_RUNNER_AGENTS.has(agent)) {
    return {
      agent,
      definition: `<builtin:${agent}>`,
      why: `pi-subagents' built-in ${agent} is run by an external agent, where no pi-permission loads: its commands will not be checked${skipped}`,
    };
  }
  if (!BUILTIN_PI_AGENTS.has(agent)) {
    return unknown(
      agent,
      `no agent file of yours defines ${agent}${skipped}; a package may, with extensions pi-permission cannot see`,
    );
  }
  if (loadsUs({ ...override }, defaults)) return null;
  return {
    agent,
    definition: `<builtin:${agent}>${settingsTag(settingsFile, subagents)}`,
    why: `pi-subagents' built-in ${agent} loads no pi-permission (subagents.defaultExtensions in your settings does not name its gate entry): its commands will not be checked${skipped}`,
  };
}

function settingsTag(file: string, subagents: Record<string, unknown>): string {
  return ` ${file} sha256:${digest(JSON.stringify(subagents) ?? "")}`;
}

/**
 * Whether pi-subagents' listing of an agent folder (listFilesRecursive,
 * isLegacyAgentSkillPath) holds the file: a `.md` name that is no `.chain.md`, no folder on
 * the way that it prunes (`.git`, `node_modules`, `.pi`, `sync-backups`, one holding `.git`,
 * a nested project root), not under `.agents/skills`. A "no" is certain: pi-subagents lists
 * fewer files still (a folder it cannot read, a symbolic link to a folder already seen).
 */
function listedByPi(root: string, file: string): boolean {
  const name = posix.basename(file);
  if (!name.endsWith(".md") || name.endsWith(".chain.md")) return false;
  const segments = posix.relative(root, file).split("/");
  const parts = segments.map((part) => part.toLowerCase());
  if (posix.basename(root).toLowerCase() === ".agents") parts.unshift(".agents");
  if (parts.some((part, index) => part === ".agents" && parts[index + 1] === "skills")) {
    return false;
  }
  let dir = root;
  for (const segment of segments.slice(0, -1)) {
    dir = posix.join(dir, segment);
    if (PRUNED_FOLDERS.has(segment) || existsSync(posix.join(dir, ".git"))) return false;
    if (isDirectory(posix.join(dir, ".pi")) || isDirectory(posix.join(dir, ".agents"))) {
      return false;
    }
  }
  return true;
}

// ---- your Pi packages -----------------------------------------------------------------

/**
 * A Pi package of yours that may define the agent (S34 agent-file-trust-2, r34c F5): a
 * package's agent replaces pi-subagents' built-in of the same name. pi-subagents searches, at
 * your level, `<agentDir>/npm/node_modules`, your settings' `packages` and every package in
 * `npm root -g` (unless PI_OFFLINE); a package declares agent folders in its package.json
 * (`pi-subagents.agents` or `pi.subagents.agents`). A folder holding a file that may define the
 * name, or one pi-permission cannot read with certainty, asks; so does a package it cannot find.
 */
function packageDefinition(
  agent: string,
  place: LaunchPlace,
  settings: Record<string, unknown>,
  home: string,
): UnguardedLaunch | null {
  const roots = packageRoots(posix.join(place.agentDir, "npm", "node_modules"));
  const sources = Array.isArray(settings.packages) ? settings.packages : [];
  for (const entry of sources) {
    const source = typeof entry === "string" ? entry : isRecord(entry) ? entry.source : undefined;
    if (typeof source !== "string" || source.trim() === "") continue;
    const root = settingsPackageRoot(source.trim(), place.agentDir, home);
    if (root === "git") roots.push(...gitPackageRoots(posix.join(place.agentDir, "git")));
    else if (root !== null) roots.push(root);
  }
  const global = place.globalNpmRoot === undefined ? globalNpmRoot(place.env) : place.globalNpmRoot;
  if (global !== null) roots.push(...packageRoots(global));
  for (const root of new Set(roots)) {
    const manifest = posix.join(root, "package.json");
    const pkg = readJson(manifest);
    if (!isRecord(pkg) || !declaresAgents(pkg)) continue;
    const folders: string[] = [];
    const pi = isRecord(pkg.pi) ? pkg.pi : {};
    for (const declared of [pkg["pi-subagents"], pi.subagents]) {
      if (!isRecord(declared)) continue;
      if (declared.agents !== undefined && !Array.isArray(declared.agents)) {
        folders.push("<unreadable>");
        continue;
      }
      for (const dir of stringList(declared.agents) ?? []) folders.push(posix.resolve(root, dir));
    }
    for (const folder of folders) {
      const files = folder === "<unreadable>" ? null : markdownFiles(folder);
      const hit =
        files === null
          ? manifest
          : files.find((file) => {
              const read = readAgent(readFileSync(file, "utf8"));
              return read === "uncertain" || (read !== null && read.defines(agent));
            });
      if (hit === undefined) continue;
      return {
        agent,
        definition: `${hit} sha256:${digest(readFileSync(hit, "utf8"))}`,
        why: `the Pi package ${shownPath(root, home, home)} may define ${agent} (${shownPath(hit, home, home)}); pi-subagents takes a package's agent over its built-in, and pi-permission cannot vouch for what it loads`,
      };
    }
  }
  return null;
}

/** Whether a package.json declares subagent definitions for pi-subagents. */
function declaresAgents(pkg: Record<string, unknown>): boolean {
  const pi = isRecord(pkg.pi) ? pkg.pi : {};
  return pkg["pi-subagents"] !== undefined || pi.subagents !== undefined;
}

/** The package folders of a node_modules folder (`@scope/name` included). */
function packageRoots(nodeModules: string): string[] {
  const roots: string[] = [];
  const list = (dir: string) => {
    try {
      return readdirSync(dir).filter((name) => !name.startsWith("."));
    } catch {
      return [];
    }
  };
  for (const name of list(nodeModules)) {
    const path = posix.join(nodeModules, name);
    if (!isDirectory(path)) continue;
    if (name.startsWith("@")) {
      for (const inner of list(path)) roots.push(posix.join(path, inner));
    } else roots.push(path);
  }
  return roots;
}

/**
 * Where a settings `packages` entry lives, as pi-subagents resolves it (resolveSettingsPackageRoot):
 * "git" for a git package (somewhere under `<agentDir>/git`), `null` for a spelling it reads no
 * agents from.
 */
function settingsPackageRoot(source: string, base: string, home: string): string | null {
  if (source.startsWith("npm:")) {
    const spec = source.slice(4).trim();
    const name = /^(@?[^@]+(?:\/[^@]+)?)(?:@.+)?$/.exec(spec)?.[1] ?? spec;
    return posix.join(base, "npm", "node_modules", name);
  }
  if (source.startsWith("git:") || /^https?:\/\//i.test(source)) return "git";
  const local = source.startsWith("file:") ? source.slice(5) : source;
  if (local === "~" || local.startsWith("~/")) return posix.join(home, local.slice(1));
  if (local.startsWith("/")) return posix.resolve(local);
  if (/^\.\.?(\/|$)/.test(local)) return posix.resolve(base, local);
  return null;
}

/** Every folder holding a package.json under a git packages folder (`<host>/<owner>/<repo>…`). */
function gitPackageRoots(dir: string, depth = 0): string[] {
  if (depth > 5 || !isDirectory(dir)) return [];
  const roots = depth >= 2 && existsSync(posix.join(dir, "package.json")) ? [dir] : [];
  let names: string[];
  try {
    names = readdirSync(dir).filter((name) => !name.startsWith("."));
  } catch {
    return roots;
  }
  for (const name of names) roots.push(...gitPackageRoots(posix.join(dir, name), depth + 1));
  return roots;
}

let cachedNpmRoot: string | null | undefined;

/** `npm root -g`, as pi-subagents asks it (once per process); `null` offline or when none. */
function globalNpmRoot(env: LaunchPlace["env"]): string | null {
  const offline = env.PI_OFFLINE?.toLowerCase();
  if (offline === "1" || offline === "true" || offline === "yes") return null;
  if (cachedNpmRoot !== undefined) return cachedNpmRoot;
  try {
    const out = execFileSync("npm", ["root", "-g"], {
      encoding: "utf8",
      timeout: 5000,
      stdio: ["ignore", "pipe", "ignore"],
    });
    cachedNpmRoot = realpathSync(out.trim());
  } catch {
    cachedNpmRoot = null;
  }
  return cachedNpmRoot;
}

// ---- what a child loads -----------------------------------------------------------------

interface Definition {
  extensions?: string[] | undefined;
  subagentOnlyExtensions?: string[] | undefined;
  runner?: boolean;
}

/** The user settings' override of the agent's extension lists; "unknown" per provider. */
function overrideOf(subagents: Record<string, unknown>, agent: string): Definition | "unknown" {
  const byProvider = subagents.agentOverridesByProvider;
  if (isRecord(byProvider)) {
    for (const overrides of Object.values(byProvider)) {
      if (isRecord(overrides) && overrides[agent] !== undefined) return "unknown";
    }
  }
  const overrides = subagents.agentOverrides;
  const own = isRecord(overrides) ? overrides[agent] : undefined;
  if (!isRecord(own)) return {};
  const out: Definition = {};
  for (const key of ["extensions", "subagentOnlyExtensions"] as const) {
    if (!(key in own)) continue;
    // `false` removes the list; anything else replaces it.
    out[key] = own[key] === false ? undefined : (stringList(own[key]) ?? []);
  }
  if (own.runner !== undefined) out.runner = true;
  return out;
}

/** Whether the lists load pi-permission: `extensions` (or the defaults) and subagent-only. */
function loadsUs(definition: Definition, defaults: string[] | undefined | null): boolean {
  const extensions =
    definition.extensions === undefined ? (defaults ?? undefined) : definition.extensions;
  return [...(extensions ?? []), ...(definition.subagentOnlyExtensions ?? [])].some(isOurs);
}

/**
 * Whether an extension path loads this package's gate: the package's own folder (Pi loads
 * the entries its manifest declares), or exactly the file its manifest names as `main`
 * (dist/index.js). Another file of the package (dist/otel.js, the README) loads no gate (S34
 * agent-file-trust-2, r34c F4).
 */
function isOurs(path: string): boolean {
  if (!path.startsWith("/")) return false;
  let real: string;
  try {
    real = realpathSync(path);
  } catch {
    return false;
  }
  if (isDirectory(real)) {
    const pkg = readJson(posix.join(real, "package.json"));
    return isRecord(pkg) && pkg.name === OUR_PACKAGE;
  }
  let dir = posix.dirname(real);
  for (let depth = 0; depth < 4; depth++) {
    const pkg = readJson(posix.join(dir, "package.json"));
    if (isRecord(pkg)) {
      if (pkg.name !== OUR_PACKAGE || typeof pkg.main !== "string") return false;
      try {
        return realpathSync(posix.resolve(dir, pkg.main)) === real;
      } catch {
        return false;
      }
    }
    const up = posix.dirname(dir);
    if (up === dir) return false;
    dir = up;
  }
  return false;
}

// ---- agent files ------------------------------------------------------------------------

/**
 * The Markdown files of an agent folder, at any depth; throws past the limits. Every folder
 * is looked in, even those pi-subagents skips, and any `.md` spelling: a file found here may
 * only ask (listedByPi says which ones pi-subagents reads).
 */
function markdownFiles(dir: string): string[] {
  const files: string[] = [];
  const walk = (at: string, depth: number) => {
    let entries: Dirent[];
    try {
      entries = readdirSync(at, { withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      if ((error as NodeJS.ErrnoException).code === "ENOTDIR") return;
      throw error;
    }
    for (const entry of entries) {
      const path = posix.join(at, entry.name);
      const isDir = entry.isDirectory() || (entry.isSymbolicLink() && isDirectory(path));
      if (isDir) {
        if (depth >= MAX_DEPTH) throw new Error(`${at} is nested too deep`);
        walk(path, depth + 1);
        continue;
      }
      if (!entry.name.toLowerCase().endsWith(".md")) continue;
      files.push(path);
      if (files.length > MAX_FILES) throw new Error(`${dir} holds too many files`);
    }
  };
  walk(dir, 0);
  return files;
}

/** What one agent file defines, read with certainty. */
interface AgentFile {
  /** Whether it may answer to the name: its name, `<package>.<name>`, an alias. */
  defines: (agent: string) => boolean;
  /** The one name pi-subagents certainly loads it under, when it does (a description, no package). */
  loadedAs: string | null;
  definition: Definition;
}

/**
 * An agent file as pi-subagents 0.67.0 reads it, or `null` when it certainly defines no agent
 * (no front matter, no name), or "uncertain" when it is outside the subset read here.
 */
function readAgent(text: string): AgentFile | null | "uncertain" {
  const fields = strictFrontMatter(text);
  if (fields === null || fields === "uncertain") return fields;
  const name = fields.get("name")?.trim() ?? "";
  if (name === "") return null;
  const packaged = (fields.get("package")?.trim() ?? "") !== "";
  const names = new Set([name]);
  for (const key of ["aliases", "alias"]) {
    for (const alias of frontMatterList(fields.get(key)) ?? []) names.add(alias);
  }
  // pi-subagents cleans the package name up before prefixing it: any prefix may answer.
  const defines = (agent: string) => names.has(agent) || (packaged && agent.endsWith(`.${name}`));
  const described = (fields.get("description")?.trim() ?? "") !== "";
  const list = (key: string) => frontMatterList(fields.get(key));
  return {
    defines,
    loadedAs: described && !fields.has("package") ? name : null,
    definition: {
      extensions: list("extensions"),
      subagentOnlyExtensions: list("subagentOnlyExtensions"),
      ...(fields.has("runner") ? { runner: true } : {}),
    },
  };
}

/**
 * The front matter's fields, read only where the reading is certain (S34
 * agent-file-trust-2, r34c F2, F3: pi-subagents' reader is not YAML, and every spelling where
 * readers may part, a quoted empty value opening a block, a blank line ending one, asked
 * nothing). `null` when the text has none (it does not start with `---`, so pi-subagents
 * reads no field). "uncertain" unless: the first line and the closing line are exactly `---`;
 * no whitespace but spaces and line ends (no tab, CR, BOM, no-break space, line separator);
 * every line is a `key: value` at the left edge (no comment, no stray or blank-indented line)
 * with each key once; a value is plain or quoted with something inside; a key with an empty
 * value, `>` or `|` takes the indented lines after it, none blank, and for the keys that decide
 * which agent and what it loads (name, description, package, aliases, runner, extensions) only
 * list keys (with an empty value), the description and a runner may do so. pi-subagents'
 * parseFrontmatter reads such text line by line exactly as this does.
 */
function strictFrontMatter(text: string): Map<string, string> | null | "uncertain" {
  if (!text.startsWith("---")) return null;
  if (!text.startsWith("---\n")) return "uncertain";
  const end = text.indexOf("\n---", 3);
  if (end === -1 || (end + 4 < text.length && text[end + 4] !== "\n")) return "uncertain";
  const body = text.slice(4, end);
  if (/[^\S \n]/.test(body)) return "uncertain";
  const fields = new Map<string, string>();
  let block: { key: string; plain: boolean; lines: string[] } | null = null;
  const close = (): boolean => {
    if (block === null) return true;
    const { key, plain, lines } = block;
    block = null;
    // A description only needs to be there; a runner's settings are a block, and any
    // runner asks whatever it holds; a list key may be a plain block of `- item` lines.
    const blockable = key === "description" || key === "runner" || (plain && LIST_KEYS.has(key));
    if (DECIDING_KEYS.has(key) && !blockable) return false;
    fields.set(key, lines.map((line) => line.trim()).join("\n"));
    return true;
  };
  for (const line of body === "" ? [] : body.split("\n")) {
    if (line.startsWith(" ")) {
      if (block === null || line.trim() === "") return "uncertain";
      (block as { lines: string[] }).lines.push(line);
      continue;
    }
    if (!close()) return "uncertain";
    if (line === "") continue;
    const match = /^([\w-]+):(?: (.*))?$/.exec(line);
    if (!match) return "uncertain";
    const key = match[1] as string;
    const raw = (match[2] ?? "").trim();
    if (fields.has(key) || raw !== (match[2] ?? "")) return "uncertain";
    if (raw === "" || [">", ">-", "|", "|-"].includes(raw)) {
      fields.set(key, "");
      block = { key, plain: raw === "", lines: [] };
      continue;
    }
    const first = raw[0] as string;
    if (first === '"' || first === "'") {
      if (raw.length < 3 || !raw.endsWith(first)) return "uncertain";
      const inner = raw.slice(1, -1);
      if (inner.includes(first) || inner.trim() === "") return "uncertain";
      fields.set(key, inner);
      continue;
    }
    // A flow list, an anchor, a tag: another reader (a later pi-subagents) may read these
    // otherwise, so in a value that decides the agent they are not read.
    if (key !== "description" && DECIDING_KEYS.has(key) && /^[[{&*!#|>%@`]/.test(raw)) {
      return "uncertain";
    }
    fields.set(key, raw);
  }
  if (!close()) return "uncertain";
  return fields;
}

/** A list field as pi-subagents reads it: one entry per line (`- x`) or comma. */
function frontMatterList(raw: string | undefined): string[] | undefined {
  if (raw === undefined) return undefined;
  return raw
    .split("\n")
    .flatMap((line) => {
      const value = line.trim();
      return (/^-\s+(.+)$/.exec(value)?.[1] ?? value).split(",");
    })
    .map((value) => value.trim())
    .filter((value) => value !== "");
}

// ---- helpers ---------------------------------------------------------------------------

function stringList(value: unknown): string[] | undefined {
  if (!Array.isArray(value)) return undefined;
  return value.filter((entry): entry is string => typeof entry === "string").map((e) => e.trim());
}

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    return null;
  }
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function digest(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 16);
}

function shownPath(file: string, cwd: string, home: string): string {
  const relative = posix.relative(cwd, file);
  if (!relative.startsWith("..") && !posix.isAbsolute(relative)) return relative;
  if (file.startsWith(`${home}/`)) return `~/${file.slice(home.length + 1)}`;
  return file;
}
