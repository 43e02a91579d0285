// A foreign tool's (an MCP server's, an extension's) absolute argument is a path under any key
// that holds no text and names no web route, whatever top folder it starts at (attack round 14:
// `{"target": "/secrets/prod.key"}` was read as a path only when `/secrets` was in a fixed list
// or existed on the checking machine). Keys that glue a path word to the word before it
// (`keyfile`, `dbpath`, `outdir`) name a path, and so does `dst`.

import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { argumentPathsOf, isPathKey } from "../src/argument-paths.ts";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const P3: PermissionMap = { "*": "allow", external_directory: "ask" };
const P1: PermissionMap = {
  "*": "ask",
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

async function action(permission: PermissionMap, tool: string, input: unknown) {
  const facts = call(tool, input, { cwd: "/nonexistent-b14/repo", home: "/nonexistent-b14/u" });
  return (await evaluateToolCall(policyOf(permission), facts, await analyzerOnce())).action;
}

describe("an absolute argument under a key of the server's own choosing", () => {
  it.each<[unknown, string[]]>([
    [{ target: "/secrets/prod.key" }, ["/secrets/prod.key"]],
    [{ location: "/config/app.yml" }, ["/config/app.yml"]],
    [
      { from: "/content/drive/x", to: "/github/workspace/x" },
      ["/content/drive/x", "/github/workspace/x"],
    ],
    [{ target: "//keys/id" }, ["//keys/id"]],
    [{ args: ["--config=/certs/server.key"] }, ["/certs/server.key"]],
    [{ args: ["-c", "/rootfs/etc/shadow"] }, ["/rootfs/etc/shadow"]],
    [{ args: '{"target": "/backup/db.sql"}' }, ["/backup/db.sql"]],
    [{ target: "/" }, ["/"]],
    [{ changes: { "/vault/x": 1 } }, ["/vault/x"]],
  ])("%j names %j", (input, paths) => {
    expect(argumentPathsOf(input)).toEqual(paths);
  });

  it.each<[unknown]>([
    [{ target: "production", version: "~4.17.21", count: 3 }],
    [{ url: "https://example.com/secrets/x", branch: "feature/x", mime: "text/plain" }],
    [{ route: "/api/users", endpoint: "/v1/items", url: "/", href: "/docs" }],
    [{ routes: { "/api/users": "list" } }],
    [{ url: "/secrets", link: "/secrets/x" }],
    [{ content: "/etc/passwd", query: "/x" }],
    [{ zone: "Europe/Paris", ratio: "16/9", relative: "a/b", here: "./x" }],
  ])("%j names none", (input) => {
    expect(argumentPathsOf(input)).toEqual([]);
  });

  it.each<[PermissionMap, string, unknown, string]>([
    [P3, "mcp__fs__read_file", { target: "/secrets/prod.key" }, "ask"],
    [P3, "mcp__fs__read_file", { target: "/nonexistent-b14/repo/../secrets/x" }, "ask"],
    [P3, "ffgrep", { target: "/outside/project/x" }, "ask"],
    [P3, "mcp", { tool: "fs_read", args: '{"target": "/backup/db.sql"}' }, "ask"],
    [P1, "ffgrep", { target: "/mock/home/.ssh/config" }, "deny"],
    // What stays no path stays allowed.
    [P3, "mcp__fs__read_file", { target: "production", route: "/api/users" }, "allow"],
    [P3, "mcp__web__fetch", { url: "https://example.com/x" }, "allow"],
    [P3, "mcp__fs__read_file", { target: "/nonexistent-b14/repo/src/a.ts" }, "allow"],
  ])("%j %s %j: %s", async (permission, tool, input, expected) => {
    expect(await action(permission, tool, input)).toBe(expected);
  });
});

describe("a key that glues a path word to the word before it", () => {
  it.each([
    ["keyfile", true],
    ["srcfile", true],
    ["configfile", true],
    ["dbpath", true],
    ["outdir", true],
    ["logdir", true],
    ["basedir", true],
    ["destdir", true],
    ["cachedirs", true],
    ["dst", true],
    ["profile", false],
    ["profiles", false],
    ["file", true],
    ["pathology", false],
    ["directive", false],
  ])("%j names a path: %s", (key, expected) => {
    expect(isPathKey(key)).toBe(expected);
  });

  it.each<[PermissionMap, string, unknown, string]>([
    [P1, "mcp__tls__load", { keyfile: ".env" }, "deny"],
    [P1, "mcp__db__open", { dbpath: "secrets/.env" }, "deny"],
    [P1, "mcp__fs__copy", { src: "README.md", dst: ".env" }, "deny"],
    [P3, "mcp__build__run", { outdir: "/secrets/out" }, "ask"],
    [P3, "mcp__x__run", { profile: "../x" }, "ask"],
    [P3, "mcp__x__run", { profile: "default" }, "allow"],
  ])("%j %s %j: %s", async (permission, tool, input, expected) => {
    expect(await action(permission, tool, input)).toBe(expected);
  });
});
