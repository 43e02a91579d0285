// A plain prefix assignment in front of true/false/: lives only while the builtin runs, and the
// builtin runs and opens nothing (C16 inert-builtin-with-prefix-assignment: `X=1 true; git
// status` was denied under a `git status`-only allow list; bash ran no program for `X=1 true`).
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "deny", "git status": "allow", "cat *": "allow" },
  path: { "**/.env": "deny" },
  external_directory: "ask",
};

describe("a plain prefix assignment keeps a no-op builtin inert", () => {
  it.each<[string]>([
    ["X=1 true; git status"],
    ["LC_ALL=C false || git status"],
    ["IFS=: true"],
    ["A=1 B=x/y.z :"],
  ])("%s is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string]>([
    // A value with an expansion, a quote (PS4 under set -x), a subscript: not plain.
    ["X=$(git push) true"],
    ["PS4='$(git push)' true"],
    ['X="$Y" true'],
    ["a[0]=1 true"],
    // Any other command keeps its own judgement.
    ["X=1 rm -rf build"],
  ])("%s is not allowed by it", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).not.toBe("allow");
  });
});
