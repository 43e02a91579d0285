// Paths in the arguments of tools the gates do not know (MCP servers, extensions, declared
// shell tools) read the ways such a tool may open them: through links before `..`, `file:`
// URLs of every spelling, absolute and climbing spellings under any key, argument lists handed
// on as JSON text; and a proxy call named by its tool alone, and tools named like a special
// surface.

import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import {
  argumentPathsOf,
  looksLikeFilePath,
  looksLikeRoutedFilePath,
} from "../src/argument-paths.ts";
import { type EvaluationPolicy, evaluateToolCall } from "../src/evaluate.ts";
import { physicalPath } from "../src/links.ts";
import { mcpTargetReadings } from "../src/mcp-targets.ts";
import { shellCallOf } from "../src/shell-tools.ts";
import { foreignPathReadings } from "../src/tool-paths.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-foreign-paths-")));
const repo = join(root, "repo");
const home = join(root, "home");
const etc = join(root, "etc");
mkdirSync(join(repo, "src"), { recursive: true });
mkdirSync(join(home, ".ssh"), { recursive: true });
mkdirSync(etc);
writeFileSync(join(home, "notes.txt"), "n");
writeFileSync(join(repo, "notes.txt"), "n");
writeFileSync(join(home, ".ssh", "id_rsa"), "k");
// A repository may commit links out of itself: `keys` into the home's .ssh, `ext` to a
// system folder. A `..` after either climbs from where the link leads.
symlinkSync("../home/.ssh", join(repo, "keys"));
symlinkSync(etc, join(repo, "ext"));

const P3: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow" },
  path: { "~/.ssh/**": "deny" },
  external_directory: "ask",
};

async function decide(
  toolName: string,
  input: unknown,
  permission: PermissionMap = P3,
  settings: EvaluationPolicy["settings"] = {},
) {
  const policy: EvaluationPolicy = { ...policyOf(permission), settings };
  const verdict = evaluateToolCall(
    policy,
    call(toolName, input, { cwd: repo, home }),
    await analyzerOnce(),
  );
  return verdict.action;
}

describe("a foreign tool's path with `..` after a link", () => {
  it("is read where the kernel climbs to, besides the lexical reading", () => {
    expect(foreignPathReadings("ext/../etc/x", repo, home)).toContain(join(root, "etc", "x"));
    expect(foreignPathReadings("keys/../notes.txt", repo, home)).toEqual([
      join(repo, "notes.txt"),
      join(home, "notes.txt"),
    ]);
    expect(foreignPathReadings(`${repo}/keys/..`, repo, home)).toContain(home);
    // No link on the way: one reading, and no walk for a path without `..`.
    expect(foreignPathReadings("src/../notes.txt", repo, home)).toEqual([join(repo, "notes.txt")]);
  });

  it.each([
    ["mcp__fs__read_file", { path: "keys/../notes.txt" }, "ask"],
    ["mcp__fs__list_directory", { path: "keys/.." }, "ask"],
    ["mcp__fs__write_file", { path: "ext/../etc/x" }, "ask"],
    ["mcp__fs__read_file", { path: "keys/../.ssh/id_rsa" }, "deny"],
    ["mcp__fs__read_file", { path: "src/../notes.txt" }, "allow"],
  ])("%s %j: %s", async (tool, input, expected) => {
    expect(await decide(tool, input)).toBe(expected);
  });
});

describe("a declared shell tool's working directory", () => {
  const shellTools = { exec_command: [{ command: "cmd", cwd: "workdir" }] };

  it("is judged both as written and where the process really starts", () => {
    expect(
      shellCallOf("exec_command", { cmd: "ls", workdir: "keys/.." }, shellTools, repo, home),
    ).toEqual([
      { command: "ls", cwd: repo, cwdShown: "keys/.." },
      { command: "ls", cwd: home, cwdShown: "keys/.." },
    ]);
    expect(
      shellCallOf("exec_command", { cmd: "ls", workdir: "src" }, shellTools, repo, home),
    ).toEqual([{ command: "ls", cwd: join(repo, "src"), cwdShown: "src" }]);
  });

  it.each([
    [{ cmd: "cat notes.txt", workdir: "keys/.." }, "ask"],
    [{ cmd: "cat ../notes.txt", workdir: "keys" }, "ask"],
    [{ cmd: "cat notes.txt", workdir: "src/.." }, "allow"],
  ])("%j: %s", async (input, expected) => {
    expect(await decide("exec_command", input, P3, { shellTools })).toBe(expected);
  });
});

describe("a path in any spelling an open accepts", () => {
  it.each([
    "//etc/passwd",
    "/./etc/passwd",
    "/repo/../etc/passwd",
    "/api/../etc/passwd",
    "./../outside.txt",
    "..",
    "../",
    "~",
    "~/x",
    "/",
    "/app/secrets.json",
    "/.dockerenv",
  ])("%j looks like a file", (text) => {
    expect(looksLikeFilePath(text)).toBe(true);
  });

  it.each(["production", "a/b", "./x", "/etc/my\nfile", "https://x/y", "42"])(
    "%j does not",
    (text) => {
      expect(looksLikeFilePath(text)).toBe(false);
    },
  );

  it.each(["/api/users", "/v1/items/3", "/"])(
    "%j is a route under a route key, and a path under any other",
    (text) => {
      expect(looksLikeRoutedFilePath(text)).toBe(false);
      expect(looksLikeFilePath(text)).toBe(true);
    },
  );

  it.each<[unknown, string]>([
    [{ target: "//etc/passwd" }, "ask"],
    [{ target: "/./etc/passwd" }, "ask"],
    [{ target: "./../x" }, "ask"],
    [{ target: ".." }, "ask"],
    [{ target: "~" }, "ask"],
    [{ target: "/" }, "ask"],
    [{ route: "/api/users" }, "allow"],
    [{ uri: "file:/etc/passwd" }, "ask"],
    [{ link: "file:/etc/shadow" }, "ask"],
    [{ url: "file:../../x" }, "ask"],
    [{ resource: "FILE:/home/x" }, "ask"],
    [{ url: "file://localhost/etc/passwd" }, "ask"],
    // A URL parser reads a relative file: URL from the root: `/notes.txt`.
    [{ uri: "file:notes.txt" }, "ask"],
    [{ uri: `file:${repo}/notes.txt` }, "allow"],
  ])("mcp__fs__read_file %j: %s", async (input, expected) => {
    expect(await decide("mcp__fs__read_file", input)).toBe(expected);
  });

  it("reads a file: URL without slashes as a URL parser does, and with the scheme cut off", () => {
    expect(foreignPathReadings("file:/etc/passwd", repo, home)).toContain("/etc/passwd");
    expect(foreignPathReadings("file:../../x", repo, home)).toEqual(
      expect.arrayContaining(["/x", join(repo, "..", "..", "x")]),
    );
  });
});

describe("arguments handed on as JSON text", () => {
  it("are parsed and walked, except under a key that holds text", () => {
    expect(
      argumentPathsOf({
        tool: "filesystem_read_text_file",
        args: '{"path":"/etc/passwd","options":{"files":["a"]}}',
      }),
    ).toEqual(["/etc/passwd", "a"]);
    expect(argumentPathsOf({ args: '[{"path":"x"}]' })).toEqual(["x"]);
    expect(argumentPathsOf({ content: '{"path":"/etc/passwd"}' })).toEqual([]);
    expect(argumentPathsOf({ args: "{not json" })).toEqual([]);
  });

  it.each([
    [{ tool: "filesystem_read_text_file", args: '{"path":"/etc/passwd"}' }, "ask"],
    [{ tool: "filesystem_read_text_file", args: `{"path":"${home}/.ssh/id_rsa"}` }, "deny"],
    [{ tool: "filesystem_list_directory", args: `{"path":"${home}/.ssh"}` }, "ask"],
    [{ tool: "filesystem_read_text_file", args: '{"path":"src/a.ts"}' }, "allow"],
  ])("mcp %j: %s", async (input, expected) => {
    expect(await decide("mcp", input)).toBe(expected);
  });
});

describe("a proxy call named by its tool alone", () => {
  it("is read at every place its server's name may end", () => {
    expect(mcpTargetReadings("mcp", { tool: "github_delete_repo" })).toEqual([
      ["github_delete_repo"],
      ["github:delete_repo", "github_delete_repo", "github", "delete_repo"],
      ["github_delete:repo", "github_delete_repo", "github_delete", "repo"],
    ]);
    expect(mcpTargetReadings("mcp", { tool: "github:x" })).toEqual([
      ["github:x"],
      ["github:x", "github_x", "github", "x"],
    ]);
    expect(mcpTargetReadings("mcp", { server: "exa", tool: "search" })).toEqual([
      ["exa:search", "exa_search", "exa", "search"],
    ]);
    expect(mcpTargetReadings("mcp", { search: "x" })).toEqual([["mcp"]]);
  });

  const rules: PermissionMap = {
    "*": "allow",
    mcp: { "*": "allow", "github:*": "deny", "chrome_devtools:*": "ask" },
  };
  it.each([
    [{ tool: "github_delete_repository" }, "deny"],
    [{ tool: "github:delete_repository" }, "deny"],
    [{ tool: "chrome_devtools_take_screenshot" }, "ask"],
    [{ tool: "exa_search" }, "allow"],
    [{ server: "github", tool: "delete_repository" }, "deny"],
  ])("mcp %j: %s", async (input, expected) => {
    expect(await decide("mcp", input, rules)).toBe(expected);
  });
});

describe("a tool named like a special surface", () => {
  const P2: PermissionMap = { "*": "deny", path: "allow", skill: "allow", bash: { "*": "deny" } };
  it.each(["path_read", "path_write", "path", "external_directory", "skill"])(
    "%s is judged by the universal default, not the surface's rules",
    async (tool) => {
      expect(await decide(tool, {}, P2)).toBe("deny");
    },
  );
  it("an extension tool keeps its own surface", async () => {
    expect(await decide("notes_append", {}, { ...P2, notes_append: "allow" })).toBe("allow");
  });
});

describe("a path of many components", () => {
  it("is walked without a call stack as deep as the path", () => {
    const long = `${repo}/${"a/".repeat(150_000)}x`;
    expect(physicalPath(long)).toBe(long);
  });

  it("is judged, not thrown out of the check", async () => {
    await expect(decide("read", { path: "a/".repeat(150_000) })).resolves.toMatch(/^(allow|ask)$/);
  });
});

describe("a grep call's glob that minimatch refuses", () => {
  it("widens the search to every file below, and is judged", async () => {
    const glob = `${"@(a|".repeat(600)}b${")".repeat(600)}`;
    expect(
      await decide(
        "grep",
        { pattern: "x", path: ".", glob },
        { "*": "allow", path: { "**/.env": "deny" } },
      ),
    ).toBe("allow");
  });
});
