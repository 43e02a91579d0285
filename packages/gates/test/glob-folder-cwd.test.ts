// A working directory whose name holds glob characters (`app [old]`, `app*`): the policy's
// relative rules and the shell's globs are anchored at it as a name, so a rule on
// `secrets/**` still refuses what lies there.

import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-glob-folder-")));
const home = join(root, "home");
mkdirSync(home);
const POLICY: PermissionMap = { "*": "allow", path: { "secrets/**": "deny", config: "deny" } };

describe.each(["app [old]", "app*", "a{b,c}"])("in a working directory named %j", (name) => {
  const cwd = join(root, name);
  mkdirSync(join(cwd, "secrets"), { recursive: true });
  writeFileSync(join(cwd, "secrets", "key"), "k");
  writeFileSync(join(cwd, "README.md"), "r");

  async function decide(tool: string, input: unknown) {
    const facts = call(tool, input, { cwd, home });
    return evaluateToolCall(policyOf(POLICY), facts, await analyzerOnce()).action;
  }

  it.each<[string, unknown, string]>([
    ["read", { path: "secrets/key" }, "deny"],
    ["write", { path: "secrets/key", content: "x" }, "deny"],
    ["read", { path: "config/x" }, "deny"],
    ["bash", { command: "cat secrets/key" }, "deny"],
    ["bash", { command: "cat secrets/*" }, "ask"],
    ["bash", { command: "grep -r x ." }, "deny"],
    ["grep", { pattern: "x", path: "." }, "deny"],
    ["read", { path: "README.md" }, "allow"],
    ["bash", { command: "cat README.md" }, "allow"],
  ])("%s %j: %s", async (tool, input, expected) => {
    expect(await decide(tool, input)).toBe(expected);
  });
});
