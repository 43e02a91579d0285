// T33 sibling-git-init-rename (attacker, traced): `git init --separate-git-dir=gd` keeps the
// git directory in `gd` and leaves a `.git` file pointing there; a later write of
// `gd/config` set `core.fsmonitor`, which the next `git status` ran. A git directory is found
// on disk by what it holds (`HEAD`, `objects`, `refs`), whatever its name: what git reads
// there as configuration or runs is checked as `.git`'s is (at most an ask).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, realpathSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { inGitDirectoryOnDisk } from "../src/git-metadata.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-git-dir-")));
const repo = join(root, "repo");
mkdirSync(join(repo, "plain"), { recursive: true });
execFileSync("git", ["init", "-q", `--separate-git-dir=${join(repo, "gd")}`, repo]);
execFileSync("git", ["init", "-q", "--bare", join(repo, "r.git")]);

const POLICY: PermissionMap = { "*": "allow", bash: { "*": "allow" }, external_directory: "ask" };

async function action(tool: string, input: unknown) {
  const facts = call(tool, input, { cwd: repo, home: join(root, "home") });
  return evaluateToolCall(policyOf(POLICY), facts, await analyzerOnce()).action;
}

describe("a git directory under another name than .git", () => {
  it.each<[string, unknown]>([
    ["write", { path: "gd/config", content: "[core]\n\tfsmonitor = x\n" }],
    ["write", { path: "gd/hooks/pre-commit", content: "x" }],
    ["edit", { path: "r.git/config", edits: [] }],
    ["write", { path: "r.git/hooks/post-receive", content: "x" }],
    ["bash", { command: "echo '[core] fsmonitor = x' >> gd/config" }],
    ["bash", { command: "cp x r.git/hooks/update" }],
    ["mcp__fs__write", { path: "gd/info/../config", content: "x" }],
  ])("%s %j asks", async (tool, input) => {
    expect(await action(tool, input)).toBe("ask");
  });

  it.each<[string, unknown]>([
    ["write", { path: "plain/config", content: "x" }],
    ["bash", { command: "echo x > plain/hooks" }],
    ["read", { path: "gd/config" }],
  ])("%s %j, outside one or only read, is judged as before", async (tool, input) => {
    expect(await action(tool, input)).toBe("allow");
  });

  it("reads the disk for absolute paths, globs from their fixed folder", () => {
    expect(inGitDirectoryOnDisk(join(repo, "gd", "config"))).toBe(true);
    expect(inGitDirectoryOnDisk(join(repo, "gd", "index.lock"))).toBe(false);
    expect(inGitDirectoryOnDisk(join(repo, "gd", "hooks", "*"))).toBe(true);
    expect(inGitDirectoryOnDisk(join(repo, "plain", "config"))).toBe(false);
    expect(inGitDirectoryOnDisk("gd/config")).toBe(false);
  });
});
