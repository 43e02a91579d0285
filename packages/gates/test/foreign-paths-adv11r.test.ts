// Paths a foreign tool's arguments name in spellings the look-based walk used to miss:
// another user's home (`~root/…`), a map keyed by file, an option word's value
// (`--output=/etc/passwd`) and the file headers of a patch text.

import { describe, expect, it } from "vitest";
import { argumentPathsOf, patchPaths } from "../src/argument-paths.ts";
import { evaluateToolCall } from "../src/evaluate.ts";
import { foreignPathReadings } from "../src/tool-paths.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const PERMISSIVE = {
  "*": "allow",
  path: { "/etc/**": "deny", "/home/*/.ssh/**": "deny", "/root/**": "deny" },
  external_directory: "ask",
} as const;

async function action(tool: string, input: unknown) {
  const facts = { ...call(tool, input), cwd: "/repo", home: "/home/user" };
  return (await evaluateToolCall(policyOf(PERMISSIVE), facts, await analyzerOnce())).action;
}

describe("~user paths", () => {
  it("read as that user's home, next to the session's, and /root for root", () => {
    expect(foreignPathReadings("~alice/.ssh/id_rsa", "/repo", "/home/user")).toContain(
      "/home/alice/.ssh/id_rsa",
    );
    expect(foreignPathReadings("~root/../etc/cron.d/x", "/repo", "/home/user")).toContain(
      "/etc/cron.d/x",
    );
    expect(argumentPathsOf({ target: "~root/.bashrc" })).toEqual(["~root/.bashrc"]);
  });

  it.each([
    ["mcp__fs__read_file", { path: "~root/.bashrc" }],
    ["mcp__fs__read_file", { path: "~user/.ssh/id_rsa" }],
    ["mcp__fs__write_file", { path: "~root/../etc/cron.d/x", content: "x" }],
    ["mcp", { tool: "fs_read_text_file", args: '{"target":"~root/.bashrc"}' }],
  ])("%s %j meets the rules of the file it names", async (tool, input) => {
    expect(await action(tool, input)).toBe("deny");
  });
});

describe("paths in keys, option words and patches", () => {
  it.each([
    ["mcp__fs__edit_files", { files: { "/etc/cron.d/job": "* * * * * root sh /tmp/x" } }],
    ["mcp__gist__create", { files: { "/home/user/.ssh/id_rsa": {} } }],
    ["mcp__fs__read_multiple", { paths: { "../home/user/.ssh/id_rsa": true } }],
    ["mcp__git__git_log", { args: ["--output=/etc/passwd"] }],
    ["mcp__runner__run", { argv: ["tar", "--file=/home/user/.ssh/id_rsa", "-t"] }],
    ["mcp__codex__apply_patch", { patch: "*** Begin Patch\n*** Add File: /etc/cron.d/evil\n+x\n" }],
    [
      "mcp__codex__apply_patch",
      { input: "*** Begin Patch\n*** Update File: /etc/hosts\n@@\n+x\n" },
    ],
    ["mcp__git__apply", { diff: "--- a/../etc/x\n+++ b/../etc/x\n@@ -0,0 +1 @@\n+x\n" }],
  ])("%s %j meets the rules of the file it names", async (tool, input) => {
    expect(await action(tool, input)).toBe("deny");
  });

  it("reads every header of a patch, with and without the a/ b/ prefix", () => {
    expect(
      patchPaths("diff --git a/x b/y\n--- a/x\n+++ /dev/null\n*** Move to: z\n-- removed\n"),
    ).toEqual(["a/x", "x", "b/y", "y", "z"]);
  });

  it("keeps keys and words that name no file out", async () => {
    expect(argumentPathsOf({ headers: { "Content-Type": "application/json" } })).toEqual([]);
    expect(argumentPathsOf({ args: ["--format=%H", "--since=2.weeks"] })).toEqual([]);
    expect(argumentPathsOf({ content: "--- a/x\n+++ b/x\n" })).toEqual([]);
    expect(await action("mcp__fs__edit_files", { files: { "src/a.ts": "x" } })).toBe("allow");
  });
});
