// R28 (attack round 28, traced with strace on this machine): the links on disk below a glob
// or a recursive operand were looked for one folder down only. bash's `**` (globstar) matches
// at any depth and hands the links it finds there on, and a program that follows the links
// below its operand (`grep -R`, `ls -RL`, `zip -r`, `tar -h`, `cp -rL`, `du -L`, `find -L`)
// reaches what a link two folders down leads to: `shopt -s globstar; cat src/**/id_rsa`
// printed ~/.ssh/id_rsa through src/deep/keys and was allowed. A program that leaves the links
// below unfollowed (`grep -r`, `ls -R`) still reads nothing through them.
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-deep-links-")));
const repo = join(root, "repo");
const home = join(root, "home");
const other = join(root, "other");
for (const dir of [join(repo, "src", "deep"), join(home, ".ssh"), join(other, "sub")]) {
  mkdirSync(dir, { recursive: true });
}
writeFileSync(join(repo, "src", "a.ts"), "x");
writeFileSync(join(home, ".ssh", "id_rsa"), "key");
writeFileSync(join(other, "sub", "f"), "o");
symlinkSync(join(home, ".ssh"), join(repo, "src", "deep", "keys"));
symlinkSync(other, join(repo, "src", "deep", "o2"));

const POLICY: PermissionMap = {
  "*": "ask",
  bash: {
    "*": "allow",
    "shopt *": "allow",
  },
  path: { "**/.ssh/**": "deny" },
  external_directory: "ask",
};

async function action(command: string) {
  const facts = call("bash", { command }, { cwd: repo, home });
  return (await evaluateToolCall(policyOf(POLICY), facts, await analyzerOnce())).action;
}

describe("l27: links two or more folders below a glob or a recursive operand", () => {
  it.each([
    // bash's `**` reaches the link src/deep/keys and matches id_rsa inside it.
    ["shopt -s globstar; cat src/**/id_rsa", "deny"],
    ["shopt -s globstar; cat ./**/id_rsa", "deny"],
    ["shopt -s globstar; cat src/**/sub/f", "ask"],
    ["shopt -s globstar; ls src/**", "deny"],
    // Programs that follow the links below their operand.
    ["ls -RL src", "deny"],
    ["grep -R x src > out.txt", "deny"],
    ["zip -r x.zip src", "deny"],
    ["tar -chf x.tar src", "deny"],
    ["cp -rL src d", "deny"],
    ["du -L src", "deny"],
    ["du -L", "deny"],
    ["find -L src -type f", "deny"],
  ])("%s: %s", async (command, expected) => {
    expect(await action(command)).toBe(expected);
  });
});

// Only the outside counts here: a folder operand's own glob meets no rule, so what decides
// is where the links below it lead.
const OUTSIDE_ONLY: PermissionMap = {
  "*": "ask",
  bash: { "*": "allow" },
  external_directory: "deny",
};

async function outsideAction(command: string) {
  const facts = call("bash", { command }, { cwd: repo, home });
  return (await evaluateToolCall(policyOf(OUTSIDE_ONLY), facts, await analyzerOnce())).action;
}

describe("l27: what follows the links below and what leaves them", () => {
  it.each([
    "grep -R x src > out.txt",
    "zip -r x.zip src",
    "tar -chf x.tar src",
    "cp -rL src d",
    "find -L src -type f -exec cat {} +",
    "rsync -aL src d",
    "du -L src",
    // R29: cp's hard links follow them; tar reads -h from TAR_OPTIONS, however it is set.
    "cp -rl src d",
    "cp -r --link src d",
    "TAR_OPTIONS=-h tar cf x.tar src",
    "export TAR_OPTIONS=--deref; tar cf x.tar src",
    "set -a; TAR_OPTIONS=-h; tar cf x.tar src",
  ])("%s follows them outside: deny", async (command) => {
    expect(await outsideAction(command)).toBe("deny");
  });

  it.each([
    "grep -r x src > out.txt",
    "tar -cf x.tar src",
    "cp -r src d",
    "rsync -a src d",
    "du -sh src",
    "find src -type f",
  ])("%s leaves them: allow", async (command) => {
    expect(await outsideAction(command)).toBe("allow");
  });
});
