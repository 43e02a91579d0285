import { describe, expect, it } from "vitest";
import { unproven } from "./helpers.ts";

// S26 (difftool-helper, traced): git's own back ends run as `git NAME` like any dashed
// command. `git difftool--helper` starts the diff tool (vimdiff when none is set), which read
// `:!rm -rf y` from the command's pipe; `git difftool` already asked, its back end was allowed
// under a `git *` allow. `git web--browse` starts a browser the same way `help --web` does.

describe("l26: git's back ends that start a tool are not proven", () => {
  it.each([
    "printf ':!rm -rf y\\n:qa!\\n' | git difftool--helper README.md README.md 0000 100644 src/a.ts 0000 100644",
    "GIT_DIFF_TOOL=vimdiff git difftool--helper a b c d e f g",
    "git -c diff.tool=vimdiff difftool--helper a b c d e f g",
    "git web--browse https://example.com",
  ])("%j", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each(["git web--browse --help", "git diff README.md"])("%j stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});
