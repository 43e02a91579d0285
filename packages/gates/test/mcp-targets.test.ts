import { describe, expect, it } from "vitest";
import { mcpTargetsOf } from "../src/mcp-targets.ts";

describe("mcpTargetsOf", () => {
  it.each([
    [
      "mcp__github__create_issue",
      {},
      [
        "github:create_issue",
        "github_create_issue",
        "github",
        "create_issue",
        "mcp__github__create_issue",
      ],
    ],
    ["mcp", { server: "exa", tool: "search" }, ["exa:search", "exa_search", "exa", "search"]],
    ["mcp", {}, ["mcp"]],
    ["read", { path: "x" }, null],
  ])("%s %j → %j", (tool, input, expected) => {
    expect(mcpTargetsOf(tool, input)).toEqual(expected);
  });
});
