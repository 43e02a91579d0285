import { describe, expect, it } from "vitest";
import { type PermissionAction, strictest } from "../src/index.ts";

describe("strictest", () => {
  it.each<[PermissionAction[], PermissionAction | undefined, string]>([
    [[], undefined, "no verdict at all"],
    [["allow"], "allow", "a lone allow stands"],
    [["allow", "ask"], "ask", "ask outranks allow"],
    [["ask", "deny", "allow"], "deny", "deny preempts ask wherever it appears"],
    [["deny", "ask"], "deny", "order does not matter"],
  ])("%j → %s (%s)", (actions, expected) => {
    expect(strictest(actions)).toBe(expected);
  });
});
