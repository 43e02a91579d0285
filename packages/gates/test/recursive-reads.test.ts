// A shell command that only reads judges its recursive operands by what is on disk below them:
// `grep -rn foo src` reads the files in src, not every file a `**/.env` rule could name.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, policyOf } from "./fixtures.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-recursive-reads-")));
const repo = join(root, "repo");
const home = join(root, "home");
for (const dir of [
  repo,
  join(repo, "src"),
  join(repo, "src", "lib"),
  join(repo, "docs", "deep", "er"),
  join(repo, "vendor", "x"),
  join(repo, "keys-dir"),
  home,
  join(home, ".ssh"),
]) {
  mkdirSync(dir, { recursive: true });
}
writeFileSync(join(repo, ".env"), "SECRET=1");
writeFileSync(join(repo, "README.md"), "hi");
writeFileSync(join(repo, "src", "app.ts"), "x");
writeFileSync(join(repo, "src", "lib", "util.ts"), "x");
writeFileSync(join(repo, "vendor", "x", ".env"), "SECRET=2");
writeFileSync(join(home, ".ssh", "id_rsa"), "key");
// A folder with more entries than the walk reads.
mkdirSync(join(repo, "big"));
for (let i = 0; i < 2001; i++) writeFileSync(join(repo, "big", `f${i}`), "");
// Links deep below a folder: one to the project's .env, one into ~/.ssh.
symlinkSync("../../../.env", join(repo, "docs", "deep", "er", "notes"));
symlinkSync(join(home, ".ssh"), join(repo, "keys-dir", "k"));
symlinkSync(join(home, ".ssh"), join(repo, "keys"));

const POLICY: PermissionMap = {
  "*": "ask",
  bash: {
    "*": "ask",
    "grep *": "allow",
    "head *": "allow",
    "cp *": "allow",
    "rg *": "allow",
    "ls *": "allow",
  },
  path: { "**/.env": "deny", "~/.ssh/**": "deny" },
  external_directory: "ask",
};

async function decide(command: string) {
  const facts = { toolCallId: "c", toolName: "bash", input: { command }, cwd: repo, home };
  const verdict = evaluateToolCall(policyOf(POLICY), facts as never, await analyzerOnce());
  const deciding = verdict.action === "allow" ? null : verdict.deciding;
  return {
    action: verdict.action,
    rule: deciding?.payload.request.matchedPattern ?? null,
  };
}

describe("a recursive reader's operands are judged by what lies below them on disk", () => {
  it.each<[string, string, string | null]>([
    // Nothing a refusing rule names lies below: allowed (each asked before).
    ["grep -rn foo src", "allow", null],
    ["grep -rn TODO src --include='*.ts'", "allow", null],
    ["grep -rn foo src | head -20", "allow", null],
    ["cd src && grep -rn foo .", "allow", null],
    ["rg foo src", "allow", null],
    // A file operand, or nothing there: nothing below it is read.
    ["grep -r x README.md", "allow", null],
    ["grep -r x nothere", "allow", null],
    // A named file below is judged as itself: denied, not asked.
    ["grep -r x vendor", "deny", "**/.env"],
    // Links at any depth are followed to what they reach.
    ["grep -R x docs", "deny", "**/.env"],
    ["grep -R x keys-dir", "deny", "~/.ssh/**"],
    // A linked operand reaches its target's contents, and a linked folder lists its target.
    ["grep -r x keys", "deny", "~/.ssh/**"],
    ["ls keys", "deny", "~/.ssh/**"],
    ["ls -la keys-dir", "allow", null],
  ])("%s", async (command, action, rule) => {
    expect(await decide(command)).toEqual({ action, rule });
  });

  it.each<[string, string, string | null]>([
    // Another command may change the folder before the reader runs: everything below counts.
    ["cp README.md src/; grep -rn foo src", "ask", "**/.env"],
    ["grep -rn foo src > src/out; grep -r x src", "ask", "**/.env"],
    // More entries than the walk reads (the project holds `big`): everything below counts, and
    // the link `keys` at the top is still followed.
    ["grep -rn foo big", "ask", "**/.env"],
    ["grep -r x .", "deny", "~/.ssh/**"],
  ])("%s", async (command, action, rule) => {
    expect(await decide(command)).toEqual({ action, rule });
  });
});

describe("without the working directory on this machine", () => {
  it("judges a recursive operand as everything below it", async () => {
    const cwd = join(root, "not-here");
    const facts = {
      toolCallId: "c",
      toolName: "bash",
      input: { command: "grep -rn foo src" },
      cwd,
      home,
    };
    const verdict = evaluateToolCall(policyOf(POLICY), facts as never, await analyzerOnce());
    expect(verdict.action).toBe("ask");
  });
});
