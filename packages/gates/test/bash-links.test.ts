// A shell command opens the file its path reaches on disk, as a file tool does: a link inside
// the project that points at `.env`, or into a protected folder, meets the rules of its target.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, policyOf } from "./fixtures.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-bash-links-")));
const repo = join(root, "repo");
const home = join(root, "home");
for (const dir of [repo, join(repo, "sub"), home, join(home, ".ssh")]) mkdirSync(dir);
writeFileSync(join(repo, ".env"), "SECRET=1");
writeFileSync(join(repo, "README"), "hi");
writeFileSync(join(home, ".ssh", "id_rsa"), "key");
symlinkSync(".env", join(repo, "notes.txt"));
symlinkSync("../.env", join(repo, "sub", "cfg"));
symlinkSync(join(home, ".ssh"), join(repo, "keys"));
// Links to the project itself and to its parent: a `..` after them climbs from their target.
symlinkSync(".", join(repo, "self"));
symlinkSync("..", join(repo, "sub", "up"));

const POLICY: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow" },
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
    value: deciding?.payload.request.value ?? null,
  };
}

describe("a shell command's paths are followed through symbolic links on disk", () => {
  it.each<[string, string, string | null, string | null]>([
    ["cat notes.txt", "deny", "**/.env", join(repo, "notes.txt")],
    ["cat sub/cfg", "deny", "**/.env", join(repo, "sub", "cfg")],
    ["cd sub && cat cfg", "deny", "**/.env", join(repo, "sub", "cfg")],
    ["echo x > notes.txt", "deny", "**/.env", join(repo, "notes.txt")],
    ["cat keys/id_rsa", "deny", "~/.ssh/**", join(repo, "keys", "id_rsa")],
    ["cat README", "allow", null, null],
    // `..` after a link climbs from where the link leads, as the kernel walks it.
    // The path is named as written (read lexically); the deny is for the file it reaches.
    ["cat self/../home/.ssh/id_rsa", "deny", "~/.ssh/**", join(repo, "home", ".ssh", "id_rsa")],
    [
      "cat sub/up/../home/.ssh/id_rsa",
      "deny",
      "~/.ssh/**",
      join(repo, "sub", "home", ".ssh", "id_rsa"),
    ],
    [
      "cd sub && cat up/../home/.ssh/id_rsa",
      "deny",
      "~/.ssh/**",
      join(repo, "sub", "home", ".ssh", "id_rsa"),
    ],
    [
      "echo x > self/../home/.ssh/id_rsa",
      "deny",
      "~/.ssh/**",
      join(repo, "home", ".ssh", "id_rsa"),
    ],
    ["cat sub/../README", "allow", null, null],
    ["cat sub/../../repo/README", "allow", null, null],
    // A glob reaches what it matches on disk: a link among the matches, or a linked folder.
    ["cat not*", "deny", "**/.env", join(repo, "notes.txt")],
    ["cat */cfg", "deny", "**/.env", join(repo, "sub", "cfg")],
    ["cat ke*/id_rsa", "deny", "~/.ssh/**", join(repo, "keys", "id_rsa")],
    ["cat READ*", "allow", null, null],
    // A recursive reader reaches what lies below a linked folder; after something that may
    // change the folder, as everything below it may be (recursive-reads.test.ts has the rest).
    ["echo x > README; grep -R key .", "deny", "~/.ssh/**", join(home, ".ssh", "**")],
  ])("%s", async (command, action, rule, value) => {
    expect(await decide(command)).toEqual({ action, rule, value });
  });

  it.each<[string, string, string | null]>([
    ["cat /proc/self/root/etc/passwd", "deny", "/etc/**"],
    ["cat /proc/self/task/7/root/etc/shadow", "deny", "/etc/**"],
    // The shell's working directory and open files are not the checker's.
    ["cd /etc && cat /proc/self/cwd/passwd", "ask", "<computed-path>"],
    ["cat /proc/thread-self/fd/3", "ask", "<computed-path>"],
    ["cat /proc/self/status", "allow", null],
  ])("reads /proc/<pid>/ links as the shell's: %s", async (command, action, rule) => {
    const PROC: PermissionMap = {
      "*": "allow",
      bash: { "*": "allow" },
      path: { "/etc/**": "deny" },
      external_directory: "allow",
    };
    const facts = { toolCallId: "c", toolName: "bash", input: { command }, cwd: repo, home };
    const verdict = evaluateToolCall(policyOf(PROC), facts as never, await analyzerOnce());
    const deciding = verdict.action === "allow" ? null : verdict.deciding;
    expect({
      action: verdict.action,
      rule: deciding?.payload.request.matchedPattern ?? null,
    }).toEqual({
      action,
      rule,
    });
  });

  it("reads no more of a folder for a glob than it can afford: past that it may be any file", async () => {
    const big = join(root, "big");
    mkdirSync(big);
    for (let i = 0; i < 2100; i++) writeFileSync(join(big, `f${i}`), "");
    expect((await decide(`cat ${big}/*`)).action).toBe("ask");
  });

  it("does not look up more paths than it can afford: the rest may be any file", async () => {
    const many = Array.from({ length: 300 }, (_, i) => `f${i}`).join(" ");
    expect((await decide(`cat ${many}`)).action).toBe("ask");
    expect((await decide(`cat ${many.split(" ").slice(0, 200).join(" ")}`)).action).toBe("allow");
  });
});
