// C21 gitcfg-tilde (wrong allows under P1/P3, traced under bash 5.2): a pathname setting
// stored by `git config KEY '~/…'` (quoted, so bash leaves the `~`) is expanded by git itself
// when a later command reads it: `git config core.excludesFile '~/.aws/credentials'; git
// status` opens /home/user/.aws/credentials. The same value given as `git -c KEY='~/…'` was
// already read as the home folder's file; `git config` judged only `/repo/~/.aws/credentials`.
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function pathsOf(command: string): Promise<(string | null)[]> {
  return (await analyze(command)).paths.map((path) => path.path ?? path.sentinel ?? null);
}

describe("git expands a leading ~ of a pathname setting the shell left alone", () => {
  it.each([
    ["git config core.excludesFile '~/.aws/credentials'", "/home/user/.aws/credentials"],
    ["git config core.attributesFile '~/.aws/credentials'", "/home/user/.aws/credentials"],
    ["git config mailmap.file '~/.aws/credentials'", "/home/user/.aws/credentials"],
    ["git config blame.ignoreRevsFile '~/.aws/credentials'", "/home/user/.aws/credentials"],
    ["git config diff.orderFile '~/x'", "/home/user/x"],
    ["git config commit.template '~/x'", "/home/user/x"],
    ["git config --local include.path '~/x'", "/home/user/x"],
    ["git config set core.excludesFile '~/x'", "/home/user/x"],
    ["git config --add core.excludesFile \\~/x", "/home/user/x"],
    ['git config core.excludesFile "~/x"', "/home/user/x"],
  ])("%s names %s", async (command, path) => {
    expect(await pathsOf(command)).toContain(path);
  });

  it("a ~user prefix names a file nobody knows", async () => {
    const analysis = await analyze("git config core.excludesFile '~user/x'");
    expect(analysis.paths.some((path) => path.path === null && path.sentinel !== undefined)).toBe(
      true,
    );
  });

  it("keeps a value without a leading ~ as written", async () => {
    expect(await pathsOf("git config core.excludesFile 'a~/x'")).not.toContain("/home/user/x");
  });
});
