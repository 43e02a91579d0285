// R18 (session 18), follow-up of the package managers' tools: a tool that takes npm's words in
// its input (`npm_command {command}`, `npm_exec {args}`) was read only when the first word was
// a subcommand, so a global option first (`--loglevel silent publish`) or npm's own
// abbreviation (`pub`, `publ`: npm 11 runs publish for both, traced) was allowed where
// `npm publish` is denied.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const PUBLISH_DENIED: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow", "npm publish*": "deny" },
};

async function action(tool: string, input: unknown) {
  const facts = call(tool, input, { cwd: "/nonexistent-r18/repo", home: "/nonexistent-r18/u" });
  return (await evaluateToolCall(policyOf(PUBLISH_DENIED), facts, await analyzerOnce())).action;
}

describe("a package manager tool's own words, however they start", () => {
  it.each<[string, unknown]>([
    ["mcp__ctx__npm_command", { command: "--loglevel silent publish" }],
    ["mcp__ctx__npm_command", { command: "-w pkg publish" }],
    ["mcp__ctx__npm_command", { command: "pub" }],
    ["mcp__ctx__npm_command", { command: "publ --tag latest" }],
    ["mcp__x__npm_exec", { args: ["pub"] }],
  ])("%s %j is not allowed", async (tool, input) => {
    expect(await action(tool, input)).not.toBe("allow");
  });

  it.each<[string, unknown]>([
    ["mcp__ctx__npm_command", { command: "test" }],
    ["mcp__ctx__npm_command", { command: "--silent run build" }],
  ])("%s %j stays allowed", async (tool, input) => {
    expect(await action(tool, input)).toBe("allow");
  });
});
