// `. NAME` without a slash reads NAME from the command search path first, as bash does with
// `sourcepath` on: a library outside the project is a file read outside it.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, policyOf } from "./fixtures.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-sourced-")));
const repo = join(root, "repo");
const bin = join(root, "bin");
for (const dir of [repo, bin]) mkdirSync(dir);
writeFileSync(join(bin, "lib.bash"), 'f() { eval "$1"; }\n');
writeFileSync(join(repo, "env.sh"), "X=1\n");

const POLICY: PermissionMap = { "*": "allow", bash: { "*": "allow" }, external_directory: "ask" };
const saved = process.env.PATH;
beforeAll(() => {
  process.env.PATH = `${bin}:${saved ?? ""}`;
});
afterAll(() => {
  process.env.PATH = saved;
});

async function decide(command: string) {
  const facts = { toolCallId: "c", toolName: "bash", input: { command }, cwd: repo, home: root };
  const verdict = evaluateToolCall(policyOf(POLICY), facts as never, await analyzerOnce());
  return verdict.action;
}

describe("a sourced name without a slash is looked up in PATH first", () => {
  it.each<[string, string]>([
    [". lib.bash; f 'git push'", "ask"],
    ["source lib.bash", "ask"],
    ["source -- lib.bash", "ask"],
    // Not on PATH: the project's own file, as before.
    [". env.sh", "allow"],
    ["source ./lib.bash", "allow"],
  ])("%s", async (command, action) => {
    expect(await decide(command)).toBe(action);
  });
});
