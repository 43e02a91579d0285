// R21 fetch-setting and submodule-add (wrong allows under P1, traced under bash 5.2 + git
// 2.39): `echo -ne … > b` writes a bundle whose commit holds a link l -> ~/.ssh/id_rsa; a
// fetch that reaches b through its own settings (`-c remote.o.url=b`, `-c url.b.insteadOf=…`,
// GIT_CONFIG_COUNT / GIT_CONFIG_PARAMETERS, an exported GIT_CONFIG_PARAMETERS, a remote group,
// `remote update`, `fetch --all`), or `git submodule add ./b s`, brings it in, a checkout
// writes l and `cat l` reads the key. 34acb2b counted only settings an earlier `git config` or
// `git remote` unit wrote.
import { describe, expect, it } from "vitest";
import { analyze, unitPathsOf } from "./helpers.ts";

describe("a fetch whose own settings lead to a local source the string may have built", () => {
  it.each([
    ["echo x > b; git -c url.b.insteadOf=zz fetch -q zz x:x; git checkout -q x; cat l", "cat l"],
    [
      "echo x > b; git -c url.b.insteadOf=https://x.example/r fetch -q https://x.example/r x:x; git checkout -q x; cat l",
      "cat l",
    ],
    ["echo x > b; git -c remote.o.url=b fetch -q o x:x; git checkout -q x; cat l", "cat l"],
    ["git -c remote.o.url=/repo/b fetch -q o x:x; git checkout -q x; cat l", "cat l"],
    ["git -c remote.o.url=./b fetch -q o x:x; git switch -q x; cat l", "cat l"],
    [
      "echo x > b; GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=remote.o.url GIT_CONFIG_VALUE_0=b git fetch -q o x:x; git checkout -q x; cat l",
      "cat l",
    ],
    [
      "echo x > b; GIT_CONFIG_PARAMETERS=\"'remote.o.url'='b'\" git fetch -q o x:x; git checkout -q x; cat l",
      "cat l",
    ],
    [
      "echo x > b; env GIT_CONFIG_PARAMETERS=\"'remote.o.url'='b'\" git fetch -q o x:x; git checkout -q x; cat l",
      "cat l",
    ],
    [
      "echo x > b; export GIT_CONFIG_PARAMETERS=\"'remote.o.url'='b'\"; git fetch -q o x:x; git checkout -q x; cat l",
      "cat l",
    ],
    [
      "echo x > b; git -c remote.o.url=b -c remote.o.fetch=+refs/heads/x:refs/heads/x remote update o; git checkout -q x; cat l",
      "cat l",
    ],
    [
      "echo x > b; git -c remote.o.url=b -c remote.o.fetch=+refs/heads/x:refs/heads/x fetch -q --all; git checkout -q x; cat l",
      "cat l",
    ],
    [
      "echo x > b; git -c remotes.g=b -c remote.b.fetch=+refs/heads/x:refs/heads/x remote update g; git checkout -q x; cat l",
      "cat l",
    ],
    [
      "echo x > b; git -c branch.main.remote=o -c remote.o.url=b pull -q --no-rebase o x; cat l",
      "cat l",
    ],
    ["echo x > b; git -c remote.o.url=b pull -q o x; cat l", "cat l"],
    [
      "echo x > b; git -c protocol.file.allow=always submodule add -q -b x ./b s; cat s/l",
      "cat s/l",
    ],
    ["echo x > b; git submodule add -q -- ./b s; cat s/l", "cat s/l"],
    ["echo x > b; git submodule add b s; cat s/l", "cat s/l"],
    ["echo x > .gitmodules; git submodule update --init; cat s/l", "cat s/l"],
    ["echo x > b; git clone -q --bundle-uri=b https://x.example/r c; cat c/l", "cat c/l"],
    // subtree add/pull fetch their repository; maintenance's prefetch fetches the remotes.
    ["echo x > b; git stash -q; git subtree add -q -P s b x; cat s/l", "cat s/l"],
    ["echo x > b; git -c remote.o.url=b subtree add -q -P s o x; cat s/l", "cat s/l"],
    [
      "echo x > b; git -c remote.o.url=b -c 'remote.o.fetch=+refs/heads/*:refs/remotes/o/*' maintenance run --task=prefetch; git checkout -q refs/prefetch/remotes/o/x; cat l",
      "cat l",
    ],
  ])("%s reads through an unknown file", async (command, reader) => {
    expect(unitPathsOf(await analyze(command), reader)).toContain("read <computed-path>");
  });

  it.each([
    "git -c http.sslVerify=false fetch -q origin; git checkout -q main; cat l",
    "git -c remote.o.url=https://x.example/r fetch -q o x:x; git checkout -q x; cat l",
    "git -c url.git@x.example:.insteadOf=https://x.example/ fetch -q https://x.example/r x:x; git checkout -q x; cat l",
    "echo x > c; git -c remote.o.url=b fetch -q o x:x; git checkout -q x; cat l",
    "git -c branch.main.remote=origin pull -q; cat l",
    "git submodule add -q https://x.example/r s; cat s/l",
    "git submodule update --init; cat s/l",
    "git subtree add -q -P s https://x.example/r main; cat s/l",
    "git maintenance run --task=prefetch; git checkout -q main; cat l",
  ])("%s reads as written", async (command) => {
    const reader = command.endsWith("cat s/l") ? "cat s/l" : "cat l";
    expect(unitPathsOf(await analyze(command), reader)).not.toContain("read <computed-path>");
  });
});
