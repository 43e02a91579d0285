// A recursive reader that does not follow the symbolic links below its folder operand reads
// nothing they reach (attack round 14, traced with strace): GNU `grep -r` opens a link below
// with O_NOFOLLOW and skips it (only `-R` follows), `rg` follows none without `-L`, and
// `ls -R` lists a linked folder's name without descending (only `-L` does). Each was judged
// as if it read what the links reach. `ls -R` shows names, not contents: it meets the rules
// that cover every entry of a folder below, as `ls` of that folder does.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-unfollowed-links-")));
const repo = join(root, "repo");
const home = join(root, "home");
for (const dir of [join(repo, "docs", "deep"), join(repo, "vendor", "x"), join(home, ".ssh")]) {
  mkdirSync(dir, { recursive: true });
}
writeFileSync(join(repo, ".env"), "SECRET=1");
writeFileSync(join(repo, "docs", "a.md"), "x");
writeFileSync(join(repo, "vendor", "x", ".env"), "SECRET=2");
writeFileSync(join(home, ".ssh", "id_rsa"), "key");
symlinkSync("../../.env", join(repo, "docs", "deep", "notes"));
symlinkSync(join(home, ".ssh"), join(repo, "docs", "keys"));

const POLICY: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "grep *": "allow", "rg *": "allow", "ls *": "allow", "head *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

async function action(command: string) {
  const facts = call("bash", { command }, { cwd: repo, home });
  return (await evaluateToolCall(policyOf(POLICY), facts, await analyzerOnce())).action;
}

describe("links below a recursive reader's folder", () => {
  it.each([
    // Not followed: what they reach is not read.
    ["grep -r x docs", "allow"],
    ["grep -rn x docs | head", "allow"],
    ["rg x docs", "allow"],
    ["ls -R docs", "allow"],
    // Followed: what they reach is read.
    ["grep -R x docs", "deny"],
    ["grep --dereference-recursive x docs", "deny"],
    // getopt_long's unique prefixes (round R14): `--deref` is `--dereference-recursive`.
    ["grep -r --deref x docs", "deny"],
    ["grep --dere x docs", "deny"],
    ["grep --dereference-rec x docs", "deny"],
    // `ls -RL` lists what docs/keys leads to, ~/.ssh's entries, which `**/.ssh/**` covers
    // (R28 ls-RL-links-below: before, only the operand itself was followed, and it asked).
    ["ls -R --deref docs", "deny"],
    ["grep -rR x docs", "deny"],
    ["rg -L x docs", "deny"],
    ["rg --follow x docs", "deny"],
    ["ls -RL docs", "deny"],
    // A file below is still read, and a link given as the operand is still followed.
    ["grep -r x vendor", "deny"],
    ["grep -r x docs/keys", "deny"],
  ])("%s: %s", async (command, expected) => {
    expect(await action(command)).toBe(expected);
  });

  it("judges ls -R by the names it shows: a .env below is a name, a .ssh folder's entries are covered", async () => {
    expect(await action("ls -R vendor")).toBe("allow");
    mkdirSync(join(repo, "vendor", ".ssh"));
    expect(await action("ls -R vendor")).toBe("deny");
  });
});
