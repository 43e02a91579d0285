// After `cd LINK` the shell's process sits in the link's target (bash's logical PWD names the
// link, the kernel's working directory is the target), so a relative `..` written later climbs
// from the target. strace: `cd packages/app/node_modules/lib && cat ../../../../README.md`
// opened the file one level above the project (a pnpm-style `lib -> ../../lib` link).
import { mkdirSync, mkdtempSync, realpathSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, policyOf } from "./fixtures.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-cd-links-")));
const repo = join(root, "repo");
const home = join(root, "home");
for (const dir of [
  repo,
  join(repo, "src"),
  join(repo, "packages"),
  join(repo, "packages", "lib"),
  join(repo, "packages", "app"),
  join(repo, "packages", "app", "node_modules"),
  home,
]) {
  mkdirSync(dir);
}
writeFileSync(join(root, "README.md"), "outside");
writeFileSync(join(repo, "README.md"), "inside");
symlinkSync("../../lib", join(repo, "packages", "app", "node_modules", "lib"));
symlinkSync(".", join(repo, "self"));

const POLICY: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow" },
  path: { "**/.env": "deny" },
  external_directory: "ask",
};

async function decide(command: string) {
  const facts = { toolCallId: "c", toolName: "bash", input: { command }, cwd: repo, home };
  const verdict = evaluateToolCall(policyOf(POLICY), facts as never, await analyzerOnce());
  const deciding = verdict.action === "allow" ? null : verdict.deciding;
  return { action: verdict.action, rule: deciding?.payload.request.matchedPattern ?? null };
}

describe("a relative path after a cd through a link climbs from the link's target", () => {
  it.each<[string, string, string | null]>([
    // Lexically the project's README; on disk the file above the project.
    ["cd packages/app/node_modules/lib && cat ../../../../README.md", "ask", "*"],
    ["cd self && cat ../README.md", "ask", "*"],
    ["cd self/src && cat ../../README.md", "ask", "*"],
    ["cd src; cd ../self && cat ../README.md", "ask", "*"],
    ["cd self && cat x/../../README.md", "ask", "*"],
    // Where the climb stays inside: the target's parent is in the project.
    ["cd packages/app/node_modules/lib && cat ../lib/index.js", "allow", null],
    ["cd self && cat README.md", "allow", null],
    ["cd src && cat ../README.md", "allow", null],
    // A name before `..` after a plain cd is the lexical file (no link on the way).
    ["cd src && cat x/../../README.md", "allow", null],
    ["cd packages/app && cat .pi/../../../README.md", "allow", null],
    // Words the string expands climb from the same place (bash printed the outside file).
    ["f=README.md; cd self && cat ../$f", "ask", "*"],
    ["cd self && cat $PWD/../README.md", "ask", "*"],
    ["cd self && cat ~+/../README.md", "ask", "*"],
    // `cd ..` without -P climbs the folder bash names (PWD), with -P the one on disk.
    ["cd self && cd .. && cat README.md", "allow", null],
    ["cd self && cd -P .. && cat README.md", "ask", "*"],
  ])("%s", async (command, action, rule) => {
    expect(await decide(command)).toEqual({ action, rule });
  });
});
