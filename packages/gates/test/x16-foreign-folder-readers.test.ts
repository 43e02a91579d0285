// G16 foreign-search-tool-folder / foreign-copy-tool-folder: another server's content search or
// folder copy reads every file below the folder it is given, as Pi's own grep tool and bash's
// `grep -r` / `cp -r` do; judging only the folder let `search_code {"path": "~/.ssh"}` through.
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { readsFolderFiles } from "../src/folder-readers.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const GUARDED = {
  "*": "allow",
  bash: "allow",
  path: { "/etc/**": "deny", "**/.env": "deny", "**/.ssh/**": "deny" },
} as const;

async function action(tool: string, input: unknown, permission: object = GUARDED) {
  return evaluateToolCall(policyOf(permission as never), call(tool, input), await analyzerOnce())
    .action;
}

describe("another server's tool that reads a folder's files", () => {
  it.each([
    ["mcp__desktop-commander__search_code", { path: "~/.ssh", pattern: "BEGIN" }, "deny"],
    ["mcp__ripgrep__search", { pattern: "root", path: "/etc" }, "deny"],
    [
      "mcp__serena__search_for_pattern",
      { substring_pattern: "BEGIN", relative_path: "../home/user/.ssh" },
      "deny",
    ],
    ["mcp__fs__copy_directory", { source: "~/.ssh", destination: "/repo/k" }, "deny"],
    ["mcp__fs__zip_folder", { folder: "/home/user/.ssh", output: "/repo/k.zip" }, "deny"],
    ["mcp__fs__grep", { pattern: "API_KEY", path: "." }, "ask"],
  ])("%s %j is judged on the files below (%s)", async (tool, input, expected) => {
    expect(await action(tool, input)).toBe(expected);
  });

  it.each([
    ["mcp__fs__read_file", { path: "src/a.ts" }],
    ["mcp__fs__list_directory", { path: "src" }],
    ["mcp__ripgrep__search", { pattern: "TODO", path: "src" }],
  ])("%s %j stays allowed when no rule names a file below", async (tool, input) => {
    expect(await action(tool, input, { "*": "allow", path: { "/etc/**": "deny" } })).toBe("allow");
  });

  it("reads the tool's own name, not its server's", () => {
    expect(readsFolderFiles("mcp__desktop-commander__search_code")).toBe(true);
    expect(readsFolderFiles("mcp__fs__copyDirectory")).toBe(true);
    expect(readsFolderFiles("mcp__search__read_file")).toBe(false);
    expect(readsFolderFiles("mcp__fs__write_file")).toBe(false);
  });
});
