// Known tools that write outside the project with no argument naming the file (F17 class
// tool-implied-write-outside-project): pi-mcp-adapter's `mcp {"action": "install"}` writes the
// global MCP configuration, pi-web-access's `fetch_content` of a GitHub URL removes and clones
// into `/tmp/pi-github-repos/<owner>/<repo>`, and a percent-encoded `..` in the URL's owner
// reaches any folder. The implied files are judged by the path rules like named ones.

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { afterAll, describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { impliedFiles } from "../src/implied-files.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const CWD = "/nonexistent-x18/repo";
const HOME = "/nonexistent-x18/u";
const P3: PermissionMap = { "*": "allow", external_directory: "ask" };
const PATHS: PermissionMap = {
  "*": "allow",
  path: { "/nonexistent-x18/u/.ssh": "deny", "/etc/**": "deny" },
  external_directory: "allow",
};

function paths(tool: string, input: unknown, home = HOME): string[] {
  return impliedFiles(call(tool, input, { cwd: CWD, home })).map((f) =>
    f.computed ? `<computed>${f.path}` : f.path,
  );
}

async function action(permission: PermissionMap, tool: string, input: unknown) {
  const facts = call(tool, input, { cwd: CWD, home: HOME });
  return (await evaluateToolCall(policyOf(permission), facts, await analyzerOnce())).action;
}

describe("the files a known tool writes without naming them", () => {
  it.each<[string, unknown, string[]]>([
    ["mcp", { action: "install", url: "https://x/mcp" }, [`${HOME}/.pi/agent/mcp.json`]],
    [
      "mcp",
      { action: "install", url: "https://x/mcp", target: "global" },
      [`${HOME}/.pi/agent/mcp.json`],
    ],
    ["mcp", { action: "install", url: "https://x/mcp", target: "project" }, [`${CWD}/.mcp.json`]],
    ["fetch_content", { url: "https://github.com/o/r" }, ["/tmp/pi-github-repos/o/r"]],
    ["fetch_content", { url: "https://github.com/o/r.git" }, ["/tmp/pi-github-repos/o/r"]],
    [
      "fetch_content",
      { url: "https://github.com/o/r/tree/main/src" },
      ["/tmp/pi-github-repos/o/r@main"],
    ],
    [
      "fetch_content",
      { url: "https://github.com/..%2F..%2Fhome%2Fuser/.ssh" },
      ["/home/user/.ssh"],
    ],
    ["fetch_content", { urls: ["https://github.com/..%2F..%2Fetc/cron.d"] }, ["/etc/cron.d"]],
    // The URL parser's own spellings: no slashes, an encoded host, capitals, no scheme.
    ["fetch_content", { url: "https:github.com/..%2F..%2Fetc/x" }, ["/etc/x"]],
    ["fetch_content", { url: "https://git%68ub.com/..%2F..%2Fetc/x" }, ["/etc/x"]],
    ["fetch_content", { url: "HTTPS://WWW.GITHUB.COM/o/r" }, ["/tmp/pi-github-repos/o/r"]],
    ["fetch_content", { url: "github.com/o/r" }, ["/tmp/pi-github-repos/o/r"]],
    // A ref that climbs is kept even where this version would not clone.
    [
      "fetch_content",
      { url: "https://github.com/o/r/commits/..%2F..%2F..%2F..%2F..%2Fetc" },
      ["/etc"],
    ],
    // Its MCP server, directly and through the proxy (arguments as JSON text).
    ["mcp__web__fetch_content", { url: "https://github.com/o/r" }, ["/tmp/pi-github-repos/o/r"]],
    [
      "mcp",
      { tool: "web_fetch_content", args: '{"url": "https://github.com/..%2F..%2Fetc/x"}' },
      ["/etc/x"],
    ],
  ])("%s %j touches %j", (tool, input, expected) => {
    expect(paths(tool, input)).toEqual(expected);
  });

  it.each<[string, unknown]>([
    ["mcp", { tool: "github_search", args: { q: "x" } }],
    ["mcp", { search: "install" }],
    ["mcp", { action: "auth-start", server: "x" }],
    ["fetch_content", { url: "https://example.com/github.com/o/r" }],
    ["fetch_content", { url: "https://github.com/o" }],
    ["fetch_content", { url: "https://github.com/o/r/issues/5" }],
    ["fetch_content", { url: "https://github.com/o/r/pull/5/files" }],
    [
      "fetch_content",
      { url: "https://github.com/o/r/blob/0123456789abcdef0123456789abcdef01234567/x" },
    ],
    ["web_search", { query: "https://github.com/o/r" }],
  ])("%s %j touches none", (tool, input) => {
    expect(paths(tool, input)).toEqual([]);
  });

  it("an input holding more values than are looked through is a computed file", () => {
    const urls = Array.from({ length: 20_000 }, (_, i) => `https://example.com/${i}`);
    expect(paths("fetch_content", { urls })).toEqual(["<computed>fetch_content"]);
  });

  describe("a clone folder configured in ~/.pi/web-search.json", () => {
    const home = mkdtempSync(join(tmpdir(), "x18-home-"));
    afterAll(() => rmSync(home, { recursive: true, force: true }));
    mkdirSync(join(home, ".pi"));
    writeFileSync(
      join(home, ".pi", "web-search.json"),
      JSON.stringify({ githubClone: { clonePath: "~/clones" } }),
    );

    it("is where the repository is cloned", () => {
      expect(paths("fetch_content", { url: "https://github.com/o/r" }, home)).toEqual([
        `${home}/clones/o/r`,
      ]);
    });
  });
});

describe("the verdict judges the implied files by the path rules", () => {
  it.each<[PermissionMap, string, unknown, string]>([
    [P3, "mcp", { action: "install", url: "https://mcp.example.com/mcp" }, "ask"],
    [P3, "mcp", { action: "install", url: "https://x/mcp", target: "global", server: "h" }, "ask"],
    [P3, "fetch_content", { url: "https://github.com/octocat/Hello-World" }, "ask"],
    [P3, "fetch_content", { url: "https://github.com/..%2F..%2Fhome%2Fuser/.ssh" }, "ask"],
    [P3, "fetch_content", { urls: ["https://github.com/..%2F..%2Fhome%2Fuser/.aws"] }, "ask"],
    [
      PATHS,
      "fetch_content",
      { url: "https://github.com/..%2F..%2Fnonexistent-x18%2Fu/.ssh" },
      "deny",
    ],
    [PATHS, "fetch_content", { url: "https://github.com/..%2F..%2Fetc/cron.d" }, "deny"],
    [
      PATHS,
      "mcp",
      { tool: "web_fetch_content", args: { url: "https://github.com/..%2F..%2Fetc/x" } },
      "deny",
    ],
    // What stays allowed: a fetch that clones nothing, a proxy call that installs nothing, an
    // install into the project's own `.mcp.json`.
    [P3, "fetch_content", { url: "https://example.com/docs" }, "allow"],
    [P3, "fetch_content", { url: "https://github.com/o/r/issues/5" }, "allow"],
    [P3, "mcp", { tool: "github_search", args: { q: "x" } }, "allow"],
    [P3, "mcp", { action: "install", url: "https://x/mcp", target: "project" }, "allow"],
  ])("%j: %s %j is %s", async (permission, tool, input, expected) => {
    expect(await action(permission, tool, input)).toBe(expected);
  });
});
