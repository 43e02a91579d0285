import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { isToolFullyDenied } from "../src/index.ts";
import { policyOf } from "./fixtures.ts";

describe("isToolFullyDenied", () => {
  it.each<[PermissionMap, string, boolean, string]>([
    [{ "*": "ask", write: "deny" }, "write", true, "the surface denies everything"],
    [{ "*": "deny" }, "write", true, "the universal default denies a tool with no rules"],
    [{ "*": "deny", bash: { "git *": "allow" } }, "bash", false, "one allowed pattern keeps it"],
    [{ "*": "ask", bash: { "rm *": "deny" } }, "bash", false, "unmatched commands fall to ask"],
    [{ "*": "allow", write: { "/etc/**": "deny" } }, "write", false, "a narrow deny is not total"],
    [{ "*": "deny", write: { "*": "ask" } }, "write", false, "an ask is not a deny"],
  ])("%j: %s fully denied is %s (%s)", (permission, tool, expected) => {
    expect(isToolFullyDenied(policyOf(permission).rules, tool)).toBe(expected);
  });
});
