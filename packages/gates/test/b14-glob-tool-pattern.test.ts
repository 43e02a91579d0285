// A glob tool (Claude Code's `Glob {pattern, path}`, an MCP server's fast-glob finder) lists
// the names of every file its `pattern` matches (attack round 14): its `pattern` names paths,
// where a search tool's `pattern` is a text to look for and stays unread.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { argumentPathsOf, isGlobTool } from "../src/argument-paths.ts";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const P3: PermissionMap = { "*": "allow", external_directory: "ask" };
const P1: PermissionMap = {
  "*": "ask",
  path: { "**/.ssh/**": "deny" },
  external_directory: "ask",
};

async function action(permission: PermissionMap, tool: string, input: unknown) {
  const facts = call(tool, input, { cwd: "/repo", home: "/home/user" });
  return (await evaluateToolCall(policyOf(permission), facts, await analyzerOnce())).action;
}

describe("a glob tool's pattern", () => {
  it("is told by the tool's name", () => {
    expect(isGlobTool("Glob", {})).toBe(true);
    expect(isGlobTool("mcp__fs__glob", {})).toBe(true);
    expect(isGlobTool("mcp", { tool: "fs_glob" })).toBe(true);
    expect(isGlobTool("Grep", {})).toBe(false);
    expect(isGlobTool("mcp", { tool: "fs_search" })).toBe(false);
  });

  it("names paths for a glob tool only", () => {
    expect(argumentPathsOf({ pattern: "~/.ssh/*" }, true)).toEqual(["~/.ssh/*"]);
    expect(argumentPathsOf({ pattern: "~/.ssh/*" })).toEqual([]);
    expect(argumentPathsOf({ pattern: "**/*.ts", path: "src" }, true)).toEqual(["src"]);
  });

  it.each<[PermissionMap, string, unknown, string]>([
    [P3, "Glob", { pattern: "/home/user/.ssh/*" }, "ask"],
    [P3, "mcp__fs__glob", { pattern: "/etc/**/*.conf" }, "ask"],
    [P3, "Glob", { pattern: "../../etc/*" }, "ask"],
    [P3, "mcp", { tool: "fs_glob", args: '{"pattern": "~/.ssh/*"}' }, "ask"],
    [P1, "Glob", { pattern: "~/.ssh/*" }, "deny"],
    // Brace alternatives are expanded first (round X3): `{/etc/*,src/*}` lists /etc.
    [P3, "Glob", { pattern: "{/etc/*,src/*.ts}" }, "ask"],
    [P3, "mcp__fs__glob", { patterns: ["src/*", "{x,~/.aws/*}"] }, "ask"],
    [P3, "Glob", { pattern: "{src,test}/**/*.ts" }, "allow"],
    [P3, "Glob", { pattern: "**/*.ts" }, "allow"],
    [P3, "Glob", { pattern: "/repo/src/*.ts" }, "allow"],
    [P3, "Grep", { pattern: "/api/users" }, "allow"],
  ])("%j %s %j: %s", async (permission, tool, input, expected) => {
    expect(await action(permission, tool, input)).toBe(expected);
  });
});
