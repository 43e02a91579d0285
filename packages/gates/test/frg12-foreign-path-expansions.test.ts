// A foreign tool's path with an expansion that has an operator (attack round 12, second
// pass): `${HOME:-x}` is read as both sides, and `${HOME%/}`, `${HOME:0}`, `$((…))`, `$(…)`
// and backticks make the path computed, asked about where path rules exist.

import { describe, expect, it } from "vitest";
import { argumentPathsOf } from "../src/argument-paths.ts";
import { evaluateToolCall } from "../src/evaluate.ts";
import { expandedVariables, foreignPathReadings } from "../src/tool-paths.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const PERMISSIVE = {
  "*": "allow",
  path: { "/home/u/.ssh/**": "deny", "/etc/**": "deny" },
  external_directory: "ask",
} as const;

async function action(tool: string, input: unknown) {
  const facts = { ...call(tool, input), home: "/home/u" };
  return evaluateToolCall(policyOf(PERMISSIVE), facts, await analyzerOnce()).action;
}

describe("a foreign tool's path with an operator in an expansion", () => {
  it.each([
    `\${HOME:-x}/.ssh/x`,
    `\${HOME-x}/.ssh/x`,
    `\${HOME:=x}/.ssh/x`,
    `\${HOME:?unset}/.ssh/x`,
    `\${XDG_CONFIG_HOME:-$HOME/.config}/../.ssh/x`,
    `\${NOPE:-/home/u/.ssh}/x`,
    `\${NOPE:-\${HOME}}/.ssh/x`,
    `\${HOME:+/home/u/.ssh/x}`,
  ])("%s meets the rules of each reading", async (path) => {
    expect(await action("mcp__fs__write_file", { path, content: "x" })).toBe("deny");
    expect(await action("edit_notebook", { notebook_path: path })).toBe("deny");
  });

  it.each([`\${XDG_DATA_HOME:-/etc}/x`, `\${NOPE:-/etc}/x`])(
    "%s: the default side meets a deny rule",
    async (path) => {
      expect(await action("mcp__fs__write_file", { path, content: "x" })).toBe("deny");
    },
  );

  it.each([
    `\${HOME%/}/.ssh/x`,
    `\${HOME:0}/.ssh/x`,
    `\${HOME/u/v}/x`,
    `\${#HOME}/x`,
    `\${!N}/x`,
    `\${TMPDIR:-/tmp}/x`,
    "$((1+1))/x",
    "$(echo /home/u)/.ssh/x",
    "`echo /home/u`/.ssh/x",
    `\${HOME:-"/x"}/y`,
  ])("%s is a computed path: asked about", async (path) => {
    expect(await action("mcp__fs__write_file", { path, content: "x" })).not.toBe("allow");
  });

  it.each([
    ["under another key", { to: `\${HOME:-/x}/.ssh/x` }],
    ["a default that is a file's", { dest: `\${OUT:-/etc}/x` }],
  ])("%s is a path by its look", (_note, input) => {
    expect(argumentPathsOf(input)).toHaveLength(1);
  });

  it("keeps a path of the project allowed", async () => {
    expect(await action("mcp__fs__write_file", { path: `\${PWD:-.}/notes.md`, content: "" })).toBe(
      "allow",
    );
    expect(await action("mcp__fs__write_file", { path: `out/\${USER}.json`, content: "" })).toBe(
      "allow",
    );
  });

  it("reads both sides of a default, and nothing for an unset alternative", () => {
    expect(expandedVariables(`\${HOME:-/x}/.ssh`, "/repo", "/home/u")).toEqual({
      texts: ["/home/u/.ssh", "/x/.ssh"],
      unknown: false,
    });
    expect(expandedVariables(`a\${HOME:+/b}`, "/repo", "/home/u")).toEqual({
      texts: ["a", "a/b"],
      unknown: false,
    });
    expect(expandedVariables(`\${HOME%/}`, "/repo", "/home/u")?.unknown).toBe(true);
    expect(foreignPathReadings(`\${TMPDIR:-/tmp}/x`, "/repo", "/home/u")).toContain("/tmp/x");
  });

  it("reads deep or many expansions in bounded time, past a bound as computed", () => {
    const deep = `\${A:-`.repeat(20_000) + "}".repeat(20_000);
    expect(expandedVariables(deep, "/r", "/h")?.unknown).toBe(true);
    const many = expandedVariables(`\${NOPE:-a}`.repeat(20_000), "/r", "/h");
    expect(many?.unknown).toBe(true);
    expect(many?.texts.length).toBeLessThanOrEqual(16);
  });
});
