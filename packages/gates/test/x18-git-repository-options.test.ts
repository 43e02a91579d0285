import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const STRICT: PermissionMap = {
  "*": "deny",
  read: "allow",
  path: "allow",
  external_directory: "deny",
  bash: { "*": "deny", "git status": "allow", "git diff *": "allow", "git log *": "allow" },
};

// A18 git-default-repository-option-blocks-subcommand-rule: traced, `git --git-dir=.git
// --work-tree=. status` runs and opens what `git status` does. The options naming the
// repository are set aside like `-C DIR`; the folders stay paths of the analysis.
describe("git's repository options are set aside when its subcommand is matched", () => {
  it.each([
    "git --git-dir=.git status",
    "git --git-dir .git status",
    "git --git-dir=./.git log -1",
    "git --git-dir=.git diff HEAD",
    "git --work-tree=. status",
    "git --work-tree . log -1",
    "git --git-dir=.git --work-tree=. status",
    "git --namespace=x status",
  ])("%s is allowed", async (command) => {
    expect((await decideBash(STRICT, command)).action).toBe("allow");
  });

  it.each([
    // Another folder's repository: its config and hooks are the command's own.
    "git --git-dir=sub/.git status",
    "git --git-dir=/tmp/r/.git status",
    "git --git-dir=$D status",
    // A work tree outside the project is judged by external_directory.
    "git --work-tree=/etc status",
    "git --work-tree ../x status",
    // The subcommand still decides.
    "git --namespace=x push",
    "git --work-tree=. push origin main",
  ])("%s is still denied", async (command) => {
    expect((await decideBash(STRICT, command)).action).toBe("deny");
  });
});
