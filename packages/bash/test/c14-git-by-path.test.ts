import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

const runs = async (command: string): Promise<string[]> =>
  (await analyze(command)).units.map((unit) => unit.executed?.join(" ") ?? "");

/**
 * Attack round C14 (metamorphic), class git-by-path-not-tracked-as-git. What an earlier git
 * command wrote to the repository's config (a remote's URL, a URL rewrite, an alias) is read
 * back when a later git reaches that remote or alias; the earlier command was recognised only
 * when spelled `git`. Spelled `/usr/bin/git` (or git-core's `git-remote`, `git-config`) it was
 * missed: strace showed the later `git fetch o` run ssh to the host the first one wrote.
 */
describe("a git run by its path writes the config a later git reads", () => {
  it.each([
    "/usr/bin/git remote add o git@x.example:y.git && git fetch o",
    "/usr/bin/git config remote.o.url git@x.example:y.git && git fetch o",
    "/usr/lib/git-core/git-remote add o git@x.example:y.git && git fetch o",
    "/usr/lib/git-core/git-config remote.o.url git@x.example:y.git && git fetch o",
    "git remote add o git@x.example:y.git && /usr/bin/git fetch o",
  ])("%j runs ssh", async (command) => {
    expect((await runs(command)).some((run) => run.startsWith("ssh "))).toBe(true);
  });

  it("reads a URL rewrite it wrote", async () => {
    const command =
      "/usr/bin/git config url.git@x.example:.insteadOf https://github.com/ && git fetch https://github.com/a/b";
    expect((await runs(command)).some((run) => run.startsWith("ssh "))).toBe(true);
  });

  it("reads an alias it wrote", async () => {
    const command = "/usr/bin/git config alias.x '!rm -rf build' && git x y";
    expect((await runs(command)).some((run) => run.startsWith("rm -rf build"))).toBe(true);
  });

  it("leaves a git that wrote nothing alone", async () => {
    expect(await runs("/usr/bin/git status && git fetch o")).toEqual([
      "/usr/bin/git status",
      "git fetch o",
    ]);
  });
});
