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
//   and `workflow` are JavaScript that picks its agents while it runs. `schedule.create` and
//   `append-step` start runs later from the same fields. Other actions manage, not launch.
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
// What is checked: every child the call may start. A definition from a project (any folder
// with `.pi` or `.agents` from the launch's cwd up, other than your home) asks, as does any
// project setting that can change agents; among your own definitions of the name, each must
// load this package (a path whose package is `@pi-permission/extension`) and none may name a
// runner; a name defined by none of your files counts as a built-in only when pi-subagents
// ships one of that name. Whatever cannot be read asks (fail closed).
import { createHash } from "node:crypto";
import { type Dirent, readdirSync, readFileSync, realpathSync, statSync } from "node:fs";
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

/** Actions that start runs from the call's agent fields. */
const LAUNCH_ACTIONS: ReadonlySet<string> = new Set(["schedule.create", "append-step"]);
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

function launchesOf(input: Record<string, unknown>, base: string): Launch[] | "workflow" {
  const action = typeof input.action === "string" ? input.action.trim().toLowerCase() : "";
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
    // Your home's `.pi` holds your own agent folder: its files are yours (see ownDefinition).
    if (root === home) continue;
    manifests.push(posix.join(root, "package.json"));
    for (const dir of [posix.join(root, ".agents"), posix.join(root, ".pi", "agents")]) {
      for (const file of markdownFiles(dir)) {
        const text = readFileSync(file, "utf8");
        if (!mayDefine(text, launch.agent)) continue;
        const loads = loadsUs(definitionOf(text, file), null);
        return {
          agent: launch.agent,
          definition: `${file} sha256:${digest(text)}`,
          why: `the project's ${shown(file)} defines ${launch.agent} (pi-subagents takes a project's agent over yours, and asks nobody)${loads ? "" : " and loads no pi-permission: its commands will not be checked"}`,
        };
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
    const pi = isRecord(pkg.pi) ? pkg.pi : {};
    if (pkg["pi-subagents"] !== undefined || pi.subagents !== undefined) {
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
  const found: Array<{ file: string; text: string }> = [];
  for (const dir of new Set(dirs)) {
    for (const file of markdownFiles(dir)) {
      const text = readFileSync(file, "utf8");
      if (mayDefine(text, agent)) found.push({ file, text });
    }
  }
  for (const { file, text } of found) {
    const definition = { ...definitionOf(text, file), ...override };
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
        why: `${shown} defines ${agent} and loads no pi-permission (neither its extensions, its subagentOnlyExtensions nor subagents.defaultExtensions name it): its commands will not be checked`,
      };
    }
  }
  if (found.length > 0) return null;
  if (BUILTIN_RUNNER_AGENTS.has(agent)) {
    return {
      agent,
      definition: `<builtin:${agent}>`,
      why: `pi-subagents' built-in ${agent} is run by an external agent, where no pi-permission loads: its commands will not be checked`,
    };
  }
  if (!BUILTIN_PI_AGENTS.has(agent)) {
    return unknown(
      agent,
      `no agent file of yours defines ${agent}; a package may, with extensions pi-permission cannot see`,
    );
  }
  if (loadsUs({ ...override }, defaults)) return null;
  return {
    agent,
    definition: `<builtin:${agent}>${settingsTag(settingsFile, subagents)}`,
    why: `pi-subagents' built-in ${agent} loads no pi-permission (subagents.defaultExtensions in your settings does not name it): its commands will not be checked`,
  };
}

function settingsTag(file: string, subagents: Record<string, unknown>): string {
  return ` ${file} sha256:${digest(JSON.stringify(subagents) ?? "")}`;
}

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

/** Whether an extension path is this package (its folder, or a file inside it). */
function isOurs(path: string): boolean {
  if (!path.startsWith("/")) return false;
  let dir: string;
  try {
    const real = realpathSync(path);
    dir = statSync(real).isDirectory() ? real : posix.dirname(real);
  } catch {
    return false;
  }
  for (let depth = 0; depth < 6; depth++) {
    const pkg = readJson(posix.join(dir, "package.json"));
    if (isRecord(pkg)) return pkg.name === OUR_PACKAGE;
    const up = posix.dirname(dir);
    if (up === dir) return false;
    dir = up;
  }
  return false;
}

// ---- agent files ------------------------------------------------------------------------

/** The Markdown files of an agent folder, at any depth; throws past the limits. */
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
        // Every folder is looked in, even those pi-subagents skips: more files may only ask.
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

/**
 * The front matter's fields as pi-subagents reads them: the text must start with `---` and
 * runs to the next line starting with `---`; `key: value` lines (quotes around the value
 * dropped, the last of a key counting), and a key with an empty value, `>` or `|` takes the
 * more indented lines after it. `null` when there is none.
 */
function frontMatter(text: string): Map<string, string> | null {
  const normalized = text.replace(/\r\n/g, "\n");
  if (!normalized.startsWith("---")) return null;
  const end = normalized.indexOf("\n---", 3);
  if (end === -1) return null;
  const fields = new Map<string, string>();
  let block: { key: string; indent: number; lines: string[] } | null = null;
  const flush = () => {
    if (block !== null) fields.set(block.key, block.lines.map((l) => l.trim()).join("\n"));
    block = null;
  };
  for (const line of normalized.slice(4, end).split("\n")) {
    const indent = line.search(/\S|$/);
    if (block !== null && (indent > block.indent || line.trim() === "")) {
      block.lines.push(line);
      continue;
    }
    flush();
    const match = /^([\w-]+):\s*(.*)$/.exec(line);
    if (!match) continue;
    const key = match[1] as string;
    const raw = (match[2] as string).trim();
    const quoted = /^(["']).*\1$/.test(raw) && raw.length >= 2;
    if (!quoted && (raw === "" || [">", ">-", "|", "|-"].includes(raw))) {
      block = { key, indent, lines: [] };
      continue;
    }
    fields.set(key, quoted ? raw.slice(1, -1) : raw);
  }
  flush();
  return fields;
}

/**
 * Whether a file may define the agent: its `name`, its `<package>.<name>`, or one of its
 * `aliases` is the name. A name or alias written over several lines counts when it holds the
 * name anywhere (fail closed).
 */
function mayDefine(text: string, agent: string): boolean {
  const fields = frontMatter(text);
  if (fields === null) return false;
  const name = fields.get("name")?.trim();
  if (name === undefined || name === "") return false;
  if (name.includes("\n")) return name.includes(agent);
  const pkg = fields.get("package")?.trim();
  if (name === agent || (pkg !== undefined && pkg !== "" && `${pkg}.${name}` === agent)) {
    return true;
  }
  if (pkg?.includes("\n") && agent.endsWith(`.${name}`)) return true;
  return frontMatterList(fields.get("aliases"))?.includes(agent) === true;
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

function definitionOf(text: string, file: string): Definition {
  const fields = frontMatter(text) ?? new Map<string, string>();
  // A path starting with `./` or `../` (or just `.`/`..`) is the agent file's folder's.
  const list = (key: string) =>
    frontMatterList(fields.get(key))?.map((entry) =>
      /^\.\.?(\/|$)/.test(entry) ? posix.resolve(posix.dirname(file), entry) : entry,
    );
  return {
    extensions: list("extensions"),
    subagentOnlyExtensions: list("subagentOnlyExtensions"),
    ...(fields.get("runner") ? { runner: true } : {}),
  };
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
