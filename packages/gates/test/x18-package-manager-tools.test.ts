// MCP tools of the package managers run their subcommands as git's tools do (E18 class
// mcp-program-tool-only-git-mapped, source-documented): @lamysolution/npm-mcp-server's
// `npm_publish {packagePath, tag, access}` spawns `npm publish …` in packagePath; a context
// server's `npm_command {command}` / `pnpm_command` run `${executable} ${command}`. Only git's
// tool names were read, so they were allowed where `npm publish` is denied.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const PUBLISH_DENIED: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow", "npm publish*": "deny" },
};

async function action(tool: string, input: unknown) {
  const facts = call(tool, input, { cwd: "/nonexistent-x18/repo", home: "/nonexistent-x18/u" });
  return (await evaluateToolCall(policyOf(PUBLISH_DENIED), facts, await analyzerOnce())).action;
}

describe("a package manager's tool runs its subcommand", () => {
  it.each<[string, unknown]>([
    ["mcp__lamy_npm_mcp_server__npm_publish", { packagePath: "/repo", tag: "latest" }],
    ["mcp__npm__npm_publish", { packagePath: ".", access: "public" }],
    ["npm_publish", { dir: ".", tag: "latest" }],
    ["mcp", { tool: "npm_publish", args: '{"packagePath": "."}' }],
    ["mcp", { server: "npm", tool: "publish", args: "{}" }],
    ["mcp__npm__publish", { packagePath: "/repo" }],
    ["mcp__devtools__npm", { args: ["publish"] }],
    ["mcp__devtools__npm", { subcommand: "publish", cwd: "/repo" }],
    ["mcp__x__npmPublish", { cwd: "/repo" }],
    ["mcp__x__pnpm_publish", { cwd: "/repo" }],
    ["mcp__x__yarn_publish", { cwd: "/repo" }],
    ["mcp__ctx__npm_command", { command: "publish", prompt: "did it work?" }],
    ["mcp__ctx__pnpm_command", { command: "publish --access public" }],
    ["mcp__x__npm", { args: "publish --access public" }],
    ["mcp__x__npm_exec", { args: ["publish"] }],
    ["mcp__x__run_npm", { args: ["publish"] }],
    ["mcp__x__bun_publish", {}],
  ])("%s %j is denied", async (tool, input) => {
    expect(await action(tool, input)).toBe("deny");
  });

  it.each<[string, unknown]>([
    // Other subcommands, and tools that name no package manager.
    ["mcp__npm__npm_install", { packagePath: ".", package: "lodash" }],
    ["mcp__npm__search_packages", { query: "publish" }],
    ["mcp__x__npm_view", { package: "react" }],
    ["mcp__ctx__npm_command", { command: "test" }],
    ["mcp__notes__publish_note", { title: "x" }],
  ])("%s %j is allowed", async (tool, input) => {
    expect(await action(tool, input)).toBe("allow");
  });
});
