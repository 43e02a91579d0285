// Precision class N2 of session 13: `find . -name __pycache__ -type d -prune -exec rm -rf {} +`
// was denied by `rm -rf /*`. find never hands the start `.` on there (bash's find model), and
// the inner `rm -rf ./**` names only what lies below the project: find's own start operand
// `.` is not a word of the rm, so it no longer puts the rm where a root pattern looks.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const ROOT: PermissionMap = { "*": "allow", bash: { "*": "allow", "rm -rf /*": "deny" } };

describe("find's clean-up of folders below the project is not the project's removal", () => {
  it.each([
    "find . -name '__pycache__' -type d -prune -exec rm -rf {} +",
    "find . -type d -name node_modules -prune -exec rm -rf {} +",
    "find . -mindepth 1 -name '*.log' -exec rm -rf {} +",
    "find . -name '.DS_Store' -exec rm -rf {} +",
    "find . -name '__pycache__' -type d -print0 | xargs -0 rm -rf",
    "find src -name '*.pyc' -exec rm -rf {} +",
  ])("%s", async (command) => {
    expect(await decideBash(ROOT, command)).toEqual({ action: "allow", rule: null });
  });
});

describe("what may still reach the root pattern", () => {
  it.each<[string, string]>([
    // The start itself may be handed on: `rm -rf .` stands for the project.
    ["find . -type d -exec rm -rf {} +", "deny"],
    ["find . -name '.*' -exec rm -rf {} +", "deny"],
    ["find . -name x -o -exec rm -rf {} +", "deny"],
    ["rm -rf .", "deny"],
    // Outside the project the names lead where the pattern looks.
    ["find /tmp -name x -exec rm -rf {} +", "deny"],
    ["find .. -name x -exec rm -rf {} +", "ask"],
    // An operand of the inner command outside the project meets the rule whatever name find
    // passes before it (G15 operand-position: each operand is also read as the only one).
    ["find . -name x -exec rm -rf {} /tmp/y \\;", "deny"],
    ["find . -name x -exec rm -rf {} ../y \\;", "deny"],
    ["find . -name x -exec rm -rf /tmp/y {} \\;", "deny"],
  ])("%s: %s", async (command, action) => {
    expect((await decideBash(ROOT, command)).action).toBe(action);
  });
});
