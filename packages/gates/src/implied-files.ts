// The files a known tool writes by design although no argument names them: the place is
// implied by what the tool is asked to do (install a server, fetch a repository). Each is
// judged by the path rules like any file a call names.

import { readFileSync, statSync } from "node:fs";
import { posix } from "node:path";
import { spendWork } from "@pi-permission/policy";
import type { ToolCallFacts } from "./model.ts";
import type { TouchedFile } from "./path-gates.ts";

/** A known tool whose call touches files its arguments do not name. */
interface ImpliedFiles {
  /** Whether a call (its tool's name, its input) is one of this tool's that touches them. */
  readonly calls: (toolName: string, input: Record<string, unknown>) => boolean;
  /** The files the call touches, absolute, or `null` when they cannot be worked out. */
  readonly files: (input: Record<string, unknown>, facts: ToolCallFacts) => string[] | null;
}

/**
 * Known tools and the files they write without naming them in their arguments:
 *
 * - pi-subagents' `subagent` tool (0.67.0, agents/agent-management.ts) in its management
 *   mode: `action: "create"` writes a new agent file named after `config.name` (lower-cased,
 *   spaces to dashes, other characters dropped; `config.package` prefixes `<package>.`) in the
 *   user's agent folder (`~/.pi/agent/agents`, or `~/.agents` when that folder exists) or, with
 *   `config.scope: "project"`, in `.pi/agents` of the project root pi-subagents settles on (the
 *   nearest folder up from the cwd holding `.pi` or `.agents`, unless a project settings file
 *   picks the git root); `update`, `delete`, `eject`, `disable`, `enable`, `reset` and the
 *   `refine` actions rewrite, move or remove a definition (or the settings overriding it)
 *   found by a discovery the gates do not repeat, so their file is unknown (computed: asked).
 *
 * - pi-mcp-adapter's `mcp` proxy called with `action: "install"` (nicobailon/pi-mcp-adapter,
 *   index.ts `executeInstall`): after the URL answers, `writeSharedServerEntry` adds the server
 *   to `<agent dir>/mcp.json` (`~/.pi/agent/mcp.json`, the global MCP configuration every
 *   later session loads) unless `target` is `"project"`, which writes `<cwd>/.mcp.json`.
 * - pi-web-access's `fetch_content` (nicobailon/pi-web-access, github-extract.ts
 *   `extractGitHub`) given a GitHub repository URL: `cloneRepo` removes
 *   `<clonePath>/<owner>/<repo>` (`rmSync(…, {recursive: true, force: true})`) and clones into
 *   it with `gh repo clone` or `git clone`, `clonePath` being `/tmp/pi-github-repos` unless
 *   `githubClone.clonePath` in `~/.pi/web-search.json` says otherwise. The owner, the
 *   repository and the ref come from the URL's path, each segment percent-decoded, so
 *   `https://github.com/..%2F..%2Fhome%2Fuser/.ssh` reaches `~/.ssh`. The same tool is served
 *   by its MCP server (`mcp__web__fetch_content`, the proxy's `{"tool": "web_fetch_content"}`).
 */
const IMPLIED_FILES: readonly ImpliedFiles[] = [
  {
    // S34 agent-file-trust: an agent file decides what a subagent child loads (see
    // subagentDefinitionWrites).
    calls: (toolName, input) =>
      toolName === "subagent" &&
      typeof input.action === "string" &&
      AGENT_FILE_ACTIONS.has(input.action.trim().toLowerCase()),
    files: (input, facts) => subagentDefinitionWrites(input, facts),
  },
  {
    calls: (toolName, input) =>
      toolName === "mcp" &&
      typeof input.action === "string" &&
      input.action.trim().toLowerCase() === "install",
    files: (input, { cwd, home }) => [
      input.target === "project"
        ? posix.join(cwd, ".mcp.json")
        : posix.join(home, ".pi", "agent", "mcp.json"),
    ],
  },
  {
    calls: (toolName, input) =>
      namesFetchContent(toolName) ||
      (typeof input.tool === "string" && namesFetchContent(input.tool)),
    files: (input, facts) => repositoryClones(input, facts),
  },
];

/**
 * The files a known tool's call touches without naming them (see {@link IMPLIED_FILES}),
 * each read and written; one computed file when they cannot be worked out.
 *
 * @example
 * ```ts
 * impliedFiles({ toolName: "mcp", input: { action: "install", url: "https://x/mcp" }, home: "/home/u", … });
 * // [{ shown: "/home/u/.pi/agent/mcp.json", path: "/home/u/.pi/agent/mcp.json", access: "read_write" }]
 * ```
 */
export function impliedFiles(facts: ToolCallFacts): TouchedFile[] {
  const { toolName, input } = facts;
  if (typeof input !== "object" || input === null || Array.isArray(input)) return [];
  const record = input as Record<string, unknown>;
  const files: TouchedFile[] = [];
  for (const entry of IMPLIED_FILES) {
    if (!entry.calls(toolName, record)) continue;
    const paths = entry.files(record, facts);
    if (paths === null) {
      files.push({ shown: toolName, path: toolName, access: "read_write", computed: true });
      continue;
    }
    for (const path of paths) files.push({ shown: path, path, access: "read_write" });
  }
  return files;
}

/** A tool name that ends in `fetch_content` (`fetchContent`, `mcp__web__fetch_content`). */
function namesFetchContent(name: string): boolean {
  if (name.length > 256) return false;
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .endsWith("fetchcontent");
}

/** How many values of an input are looked through for URLs before it is unreadable. */
const MAX_VALUES = 10_000;
/** How often a string of JSON text may wrap the arguments (`"{\"url\": …}"`). */
const MAX_JSON_DEPTH = 3;
/** Where pi-web-access clones a repository unless configured otherwise. */
const DEFAULT_CLONE_PATH = "/tmp/pi-github-repos";
/** The second segments of a GitHub URL that pi-web-access does not clone for. */
const NON_CODE_SEGMENTS: ReadonlySet<string> = new Set([
  ...["issues", "pull", "pulls", "discussions", "releases", "wiki", "actions", "settings"],
  ...["security", "projects", "graphs", "compare", "commits", "tags", "branches"],
  ...["stargazers", "watchers", "network", "forks", "milestone", "labels", "packages"],
  ...["codespaces", "contribute", "community", "sponsors", "invitations", "notifications"],
  "insights",
]);

/**
 * The folders a fetch of GitHub URLs removes and clones into: one for each string anywhere in
 * the input (JSON text read too) that is a repository URL. `null` when the input holds more
 * values than are looked through.
 */
function repositoryClones(input: Record<string, unknown>, facts: ToolCallFacts): string[] | null {
  const folders: string[] = [];
  let root: string | undefined;
  const stack: Array<[unknown, number]> = [[input, 0]];
  const seen = new Set<object>();
  let visited = 0;
  while (stack.length > 0) {
    if (++visited > MAX_VALUES) return null;
    const [value, depth] = stack.pop() as [unknown, number];
    if (typeof value === "string") {
      spendWork(10 + value.length, "the URLs of a fetch read");
      const start = value.trimStart()[0];
      if ((start === "{" || start === "[") && depth < MAX_JSON_DEPTH) {
        const parsed = parsedJson(value);
        if (parsed !== undefined) stack.push([parsed, depth + 1]);
        continue;
      }
      const segments = repositoryFolder(value);
      if (segments === null) continue;
      root ??= clonePath(facts);
      folders.push(posix.resolve(facts.cwd, posix.join(root, ...segments)));
      continue;
    }
    if (typeof value !== "object" || value === null || seen.has(value)) continue;
    seen.add(value);
    for (const item of Array.isArray(value) ? value : Object.values(value)) {
      stack.push([item, depth]);
    }
  }
  return [...new Set(folders)];
}

/**
 * The owner and folder name pi-web-access clones a GitHub URL into (`["o", "r"]`,
 * `["o", "r@main"]` for a tree or blob at a ref), as its `parseGitHubUrl` reads the URL:
 * host `github.com` or `www.github.com`, path segments percent-decoded, `.git` cut from the
 * repository. A URL it fetches another way (an issue, a pull request, a full commit SHA) has
 * none, unless its names climb out of the clone folder, which is kept whatever the version.
 */
function repositoryFolder(text: string): [string, string] | null {
  const url = parsedUrl(text) ?? (text.includes("://") ? null : parsedUrl(`https://${text}`));
  if (url === null) return null;
  const host = url.hostname.toLowerCase();
  if (host !== "github.com" && host !== "www.github.com") return null;
  const segments = url.pathname
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
  const [owner, repoSegment, action, ref] = segments;
  if (owner === undefined || repoSegment === undefined) return null;
  const repo = repoSegment.replace(/\.git$/, "");
  const plain: [string, string] = [owner, repo];
  const atRef: [string, string] | null = ref === undefined ? null : [owner, `${repo}@${ref}`];
  // Names that climb out of the clone folder: kept whatever the reading below says.
  if (climbs(plain)) return plain;
  if (atRef && climbs(atRef)) return atRef;
  if (action !== undefined && NON_CODE_SEGMENTS.has(action.toLowerCase())) return null;
  if (segments.length === 2) return plain;
  if ((action !== "blob" && action !== "tree") || ref === undefined) return null;
  return /^[0-9a-f]{40}$/.test(ref) ? null : atRef;
}

/** Whether a folder's names, joined below the clone folder, reach outside it. */
function climbs(names: readonly string[]): boolean {
  const joined = posix.join("/clone", ...names);
  // A backslash separates names where the tool runs on Windows.
  const outside = joined !== "/clone" && !joined.startsWith("/clone/");
  return outside || names.some((name) => name.includes("\\"));
}

/** The clone folder pi-web-access is configured with (`~/.pi/web-search.json`), or its default. */
function clonePath({ home }: ToolCallFacts): string {
  let configured: unknown;
  try {
    const config = JSON.parse(readFileSync(posix.join(home, ".pi", "web-search.json"), "utf8"));
    configured = config?.githubClone?.clonePath;
  } catch {
    return DEFAULT_CLONE_PATH;
  }
  if (typeof configured !== "string" || configured.trim() === "") return DEFAULT_CLONE_PATH;
  const path = configured.trim();
  return path.startsWith("~/") ? posix.join(home, path.slice(2)) : path;
}

function parsedUrl(text: string): URL | null {
  try {
    return new URL(text);
  } catch {
    return null;
  }
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** pi-subagents' management actions that write an agent definition or its settings. */
const AGENT_FILE_ACTIONS: ReadonlySet<string> = new Set([
  ...["create", "update", "delete", "eject", "disable", "enable", "reset"],
  ...["refine", "refine.rollback"],
]);

/**
 * The agent files a `subagent` management call writes (see {@link IMPLIED_FILES}); `null`
 * (one computed file, asked) when they cannot be worked out without pi-subagents' discovery.
 */
function subagentDefinitionWrites(
  input: Record<string, unknown>,
  facts: ToolCallFacts,
): string[] | null {
  if (String(input.action).trim().toLowerCase() !== "create") return null;
  let config = input.config;
  if (typeof config === "string") config = parsedJson(config);
  if (typeof config !== "object" || config === null || Array.isArray(config)) return null;
  const record = config as Record<string, unknown>;
  if (typeof record.name !== "string" || record.package !== undefined) return null;
  const name = record.name
    .toLowerCase()
    .trim()
    .replace(/\s+/g, "-")
    .replace(/[^a-z0-9-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (name === "") return null;
  const scope = record.scope ?? "user";
  if (scope === "user") {
    // Which of the two pi-subagents picks depends on its environment: both are judged.
    return [
      posix.join(facts.home, ".pi", "agent", "agents", `${name}.md`),
      posix.join(facts.home, ".agents", `${name}.md`),
    ];
  }
  if (scope !== "project") return null;
  const root = nearestProjectRoot(facts.cwd);
  return root === null ? null : [posix.join(root, ".pi", "agents", `${name}.md`)];
}

/**
 * The project root pi-subagents writes a project agent into: the nearest folder from the cwd
 * up that holds `.pi` or `.agents` (the cwd itself when none does); `null` when a project
 * settings file on the way may pick another (`projectRootResolution`).
 */
function nearestProjectRoot(cwd: string): string | null {
  let nearest: string | null = null;
  for (let dir = posix.resolve(cwd); ; dir = posix.dirname(dir)) {
    spendWork(10, "the project root of an agent file");
    if (isDirectory(posix.join(dir, ".pi")) || isDirectory(posix.join(dir, ".agents"))) {
      nearest ??= dir;
      if (readsRootChoice(posix.join(dir, ".pi", "settings.json"))) return null;
    }
    if (posix.dirname(dir) === dir) break;
  }
  return nearest ?? posix.resolve(cwd);
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function readsRootChoice(file: string): boolean {
  try {
    return readFileSync(file, "utf8").includes("projectRootResolution");
  } catch {
    return false;
  }
}
