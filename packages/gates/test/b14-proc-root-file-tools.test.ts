// A file tool opening `/proc/<pid>/root/x` opens `/x` of that process's root, the machine's
// own root for every process that shares it (attack round 14: `write` to
// `/proc/1/root/etc/cron.d/x` only met `external_directory`, not the `/etc/**` deny).
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { procRootPath } from "../src/path-gates.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const P3: PermissionMap = {
  "*": "allow",
  path: { "/etc/**": "deny" },
  external_directory: "ask",
};

async function action(tool: string, input: unknown) {
  const facts = call(tool, input, { cwd: "/repo", home: "/home/user" });
  return (await evaluateToolCall(policyOf(P3), facts, await analyzerOnce())).action;
}

describe("a file tool's /proc/<pid>/root path", () => {
  it("is read from the root", () => {
    expect(procRootPath("/proc/1/root/etc/x")).toBe("/etc/x");
    expect(procRootPath("/proc/self/task/3/root/../etc/x")).toBe("/etc/x");
    expect(procRootPath("/proc/1/root")).toBe("/");
    expect(procRootPath("/proc/1/cwd/x")).toBeUndefined();
    expect(procRootPath("/etc/x")).toBeUndefined();
  });

  it.each<[string, unknown, string]>([
    ["write", { path: "/proc/1/root/etc/cron.d/x", content: "x" }, "deny"],
    ["edit", { path: "/proc/42/root/etc/hosts", oldText: "a", newText: "b" }, "deny"],
    ["mcp__fs__write_file", { path: "/proc/1/root/etc/x", content: "x" }, "deny"],
    ["write", { path: "/proc/1/root/tmp/x", content: "x" }, "ask"],
  ])("%s %j: %s", async (tool, input, expected) => {
    expect(await action(tool, input)).toBe(expected);
  });
});
