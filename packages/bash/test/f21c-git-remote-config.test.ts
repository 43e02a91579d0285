import { describe, expect, it } from "vitest";
import { analyze, mayRun, paths } from "./helpers.ts";

// B21 branch-remote, push-default, remotes-group, remote-rename, url-empty-base,
// config-env-ext (traced, bash 5.2, git 2.39, strace): with no repository operand git fetches
// from branch.<current>.remote and pushes to branch.<current>.pushRemote or
// remote.pushDefault; `remote update G` and `fetch --multiple G` fetch remotes.G's members.
// A value that names no remote is the URL itself: `ext::rm y` ran rm, a path opened
// /home/user/.ssh/id_rsa. `url..insteadOf=y` (an empty base) makes `y/home/user/.ssh/id_rsa`
// the path /home/user/.ssh/id_rsa; `remote rename a b` keeps a's URL for b.

const runsRm = async (command: string) => {
  const analysis = await analyze(command);
  return analysis.units.some((unit) => unit.executed?.[0] === "rm") || mayRun(analysis, "rm");
};

describe("a setting that names the remote may be the URL itself", () => {
  it.each([
    "git -c branch.main.remote='ext::rm y' -c protocol.ext.allow=always fetch",
    "git -c branch.main.remote='ext::rm y' -c protocol.ext.allow=always pull",
    "git -c branch.main.remote='ext::rm y' -c protocol.ext.allow=always ls-remote",
    "git -c remote.pushDefault='ext::rm y' -c protocol.ext.allow=always push --all",
    "git -c branch.main.pushRemote='ext::rm y' -c protocol.ext.allow=always push --tags",
    "git config remote.pushDefault 'ext::rm y'; git -c protocol.ext.allow=always push --all",
    "git -c remotes.g='ext::rm y' -c protocol.ext.allow=always fetch --multiple g",
    "git -c remotes.g='origin ext::rm' -c protocol.ext.allow=always remote update g",
    "git config remotes.g 'ext::rm y'; git -c protocol.ext.allow=always remote update g",
    "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=branch.main.remote GIT_CONFIG_VALUE_0='ext::rm y' git fetch",
  ])("%s runs rm", async (command) => {
    expect(await runsRm(command)).toBe(true);
  });

  it.each([
    ["git -c branch.main.remote=../home/user/.ssh/id_rsa fetch", "read"],
    ["git -c remotes.g=/home/user/.ssh/id_rsa remote update g", "read"],
    ["git -c remotes.default='origin /home/user/.ssh/id_rsa' remote update", "read"],
    ["git -c remote.pushDefault=/home/user/.ssh/id_rsa push --all", "read_write"],
    ["git -c branch.main.pushRemote=/home/user/.ssh/id_rsa push --tags", "read_write"],
    [
      "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=branch.main.remote GIT_CONFIG_VALUE_0=/home/user/.ssh/id_rsa git fetch",
      "read",
    ],
  ])("%s opens the key (%s)", async (command, access) => {
    expect(paths(await analyze(command))).toContain(`${access}:/home/user/.ssh/id_rsa`);
  });

  it.each([
    "git config branch.main.remote x:y; git fetch",
    "git config branch.foo.remote x:y; git switch -c foo; git fetch",
    "git config remote.pushDefault x:y; git push --all",
    "git config branch.main.pushRemote x:y; git push --all",
    "git config remotes.default x:y; git remote update",
    "git remote add a x:y; git remote rename a b; git fetch b",
    "git config remote.a.url x:y; git remote rename a b; git pull b",
  ])("%s runs ssh", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.executed?.[0] === "ssh")).toBe(true);
  });

  it.each([
    "git -c branch.main.remote=origin fetch",
    "git -c remotes.g='origin upstream' remote update g",
    "git -c remote.pushDefault=origin push --all",
  ])("%s names remotes only: nothing more", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
    expect(analysis.units.map((unit) => unit.executed?.[0])).toEqual(["git"]);
    expect(paths(analysis).filter((path) => !path.includes("/repo"))).toEqual([]);
  });
});

describe("a URL rewrite with an empty or partial base", () => {
  it.each([
    ["git -c url..insteadOf=y fetch y/home/user/.ssh/id_rsa", "read"],
    ["git -c url..insteadOf=@ ls-remote @/home/user/.ssh/id_rsa", "read"],
    ["git -c url.file://.insteadOf=Z fetch Z/home/user/.ssh/id_rsa", "read"],
    ["git -c url.file://localhost.insteadOf=Z fetch Z/home/user/.ssh/id_rsa", "read"],
    ["git -c url../.insteadOf=Z fetch Z../home/user/.ssh/id_rsa", "read"],
    ["git -c url..pushInsteadOf=y push y/home/user/.ssh/id_rsa HEAD", "read_write"],
    ["git -c url./ho.insteadOf=y fetch yme/user/.ssh/id_rsa", "read"],
    ["git -c url./srv/o.git.insteadOf=x fetch x/../../home/user/.ssh/id_rsa", "read"],
  ])("%s opens the key (%s)", async (command, access) => {
    expect(paths(await analyze(command))).toContain(`${access}:/home/user/.ssh/id_rsa`);
  });

  it("a rewrite to ext:: runs its command", async () => {
    expect(
      await runsRm("git -c url.ext::rm.insteadOf=y -c protocol.ext.allow=always fetch y"),
    ).toBe(true);
  });

  it.each([
    "git config url..insteadOf y; git fetch y/home/user/.ssh/id_rsa",
    "git --config-env=url..insteadOf=P fetch y/home/user/.ssh/id_rsa",
  ])("%s: the rewritten URLs are not known here, any file", async (command) => {
    expect(paths(await analyze(command))).toContain("read_write:?");
  });
});

describe("a URL only known at run time", () => {
  it.each([
    "X='ext::rm y' git -c protocol.ext.allow=always --config-env=remote.origin.url=X fetch",
    "X='ext::rm y' git -c protocol.ext.allow=always --config-env=branch.main.remote=X fetch",
    'git -c remote.origin.url="$U" fetch',
  ])("%s is not proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });
});
