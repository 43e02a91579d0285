import { describe, expect, it } from "vitest";
import { analyze, unitPathsOf } from "./helpers.ts";

const FAST_IMPORT =
  "echo -e 'commit refs/heads/x\\ncommitter a <a> 0 +0000\\ndata 0\\nM 120000 inline l\\ndata 4\\n.env\\n' | git fast-import --quiet";
const CACHEINFO =
  "echo -n .env | git hash-object -w --stdin; git update-index --add --cacheinfo 120000,2eea525d885d5148108f6f3a9a8613863f783d36,l";
const MKTREE =
  "echo -n .env | git hash-object -w --stdin; echo -e '120000 blob 2eea525d885d5148108f6f3a9a8613863f783d36\\tl' | git mktree";

describe("adversarial: a link git writes out from objects the same string made", () => {
  it.each([
    [`${FAST_IMPORT}; git checkout x -- l; cat l`, "cat l"],
    [`${FAST_IMPORT}; git checkout -q x; cat l`, "cat l"],
    [`${FAST_IMPORT}; git reset -q --hard x; grep . l`, "grep . l"],
    [`${FAST_IMPORT}; git restore -s x l; cat l`, "cat l"],
    [`${FAST_IMPORT}; git merge --allow-unrelated-histories x; cat l`, "cat l"],
    [`${FAST_IMPORT}; git cherry-pick x; cat l`, "cat l"],
    [`${CACHEINFO}; git checkout-index l; cat l`, "cat l"],
    [`${CACHEINFO}; git stash -q; git stash pop -q; cat l`, "cat l"],
    [`${CACHEINFO}; git commit -qm x; git reset -q --hard; cat l`, "cat l"],
    [`${CACHEINFO}; git restore l; cat l`, "cat l"],
    [
      `${MKTREE}; git read-tree -u --reset 58eb60e6509318b6afd922ca0a95cccd32171500; cat l`,
      "cat l",
    ],
    [`${MKTREE}; git checkout 58eb60e6509318b6afd922ca0a95cccd32171500 -- l; cat l`, "cat l"],
    ["echo QlVORExF | base64 -d > b.bundle; git clone -q b.bundle w; cat w/l", "cat w/l"],
    ["echo QlVORExF | base64 -d > b.bundle; git pull -q b.bundle x; cat l", "cat l"],
    ["git fetch -q ../other x:x; git checkout -q x; cat l", "cat l"],
    ["git unpack-objects -q < p; git checkout -q 58eb60e -- l; cat l", "cat l"],
    [
      "echo -e 'diff --git a/l b/l\\nnew file mode 120000\\n--- /dev/null\\n+++ b/l\\n@@ -0,0 +1 @@\\n+.env' | git apply --cached; git checkout l; cat l",
      "cat l",
    ],
  ])("reads %s through an unknown file", async (command, reader) => {
    expect(unitPathsOf(await analyze(command), reader)).toContain("read <computed-path>");
  });

  it("writes through such a link to an unknown file", async () => {
    const analysis = await analyze(`${FAST_IMPORT}; git checkout -q x; echo pwned > l`);
    expect(unitPathsOf(analysis, "echo pwned")).toEqual(["write /repo/l", "write <computed-path>"]);
  });

  it("makes a work-tree update after a creator write files nobody named", async () => {
    const analysis = await analyze(
      "echo -e 'commit refs/heads/x\\ncommitter a <a> 0 +0000\\ndata 0\\nM 100644 inline .env\\ndata 6\\nPWNED\\n' | git fast-import --quiet; git checkout -qf x",
    );
    expect(unitPathsOf(analysis, "git checkout")).toEqual(["write /repo", "write <computed-path>"]);
  });

  it.each([
    "git checkout main; cat README.md",
    "git stash && git pull --rebase && git stash pop; cat README.md",
    "echo -n .env | git hash-object --stdin; git checkout x; cat README.md",
    "git update-index --refresh; git checkout x; cat README.md",
    "git fetch origin; git checkout origin/x; cat README.md",
    "git clone -q https://example.com/r.git && cat README.md",
    "git pull --rebase && cat README.md",
  ])("keeps %s judged by its words", async (command) => {
    expect(unitPathsOf(await analyze(command), "cat")).toEqual(["read /repo/README.md"]);
  });
});

describe("adversarial: a link an archive of unknown members may hold", () => {
  it.each([
    ["echo H4sI | base64 -d | tar xz; cat l", "cat l"],
    ["tar xzf a.tgz; grep . l", "grep . l"],
    ["bsdtar -xf a.tar; cat l/id_rsa", "cat l/id_rsa"],
    ["unzip -q a.zip; cat l", "cat l"],
    ["cpio -idm < a.cpio; cat l", "cat l"],
    ["7z x a.7z; cat l", "cat l"],
    ["patch -p1 < a.diff; cat h/notes.txt", "cat h/notes.txt"],
    ["tar xzf a.tgz -C out; cat out/l", "cat out/l"],
    ["tar xzf a.tgz -C out; cat out/l/../x", "cat out/l/../x"],
    ["python3 -m tarfile -e a.tgz out; cat out/l", "cat out/l"],
  ])("reads %s through an unknown file", async (command, reader) => {
    expect(unitPathsOf(await analyze(command), reader)).toContain("read <computed-path>");
  });

  it("reaches a reader that runs again in a loop after the extraction", async () => {
    const analysis = await analyze("for f in a b; do cat l; tar xzf a.tgz; done");
    expect(unitPathsOf(analysis, "cat l")).toContain("read <computed-path>");
  });

  it("keeps git's own reach over the tree, which records links and never follows them", async () => {
    const analysis = await analyze("tar xzf a.tgz; git rm -q .gitignore; git add -A");
    expect(unitPathsOf(analysis, "git add")).toEqual(["read /repo", "read /repo/**"]);
  });

  it.each([
    "tar czf out.tgz src; cat src/a.ts",
    "tar tzf a.tgz; cat src/a.ts",
    "unzip -l a.zip; cat src/a.ts",
    "python3 -m zipfile -e a.zip .; cat src/a.ts",
    "tar xzf a.tgz -C out; cat src/a.ts",
    "cat src/a.ts; tar xzf a.tgz",
  ])("keeps %s judged by its words", async (command) => {
    expect(unitPathsOf(await analyze(command), "cat")).toEqual(["read /repo/src/a.ts"]);
  });
});

describe("adversarial: a tree-wide git reader after the ignore rules may have changed", () => {
  it.each([
    ["git rm -q .gitignore; git add -A", "git add", "read"],
    ["git mv .gitignore gi; git add -A", "git add", "read"],
    ["git rm -q .gitignore; git add :/", "git add", "read"],
    ["git rm -q .gitignore; git add .", "git add", "read"],
    ["git rm -q .gitignore; git add '*'", "git add", "read"],
    ["git rm -q .gitignore; git commit -qam x; git add -A", "git add", "read"],
    ["git switch -q --orphan x; git add -A", "git add", "read"],
    ["git checkout -q --orphan x; git add -A", "git add", "read"],
    ["git checkout -b x origin/x; git add -A", "git add", "read"],
    ["echo dist >> .gitignore && git add -A", "git add", "read"],
    ["git stash pop && git add -A", "git add", "read"],
    ["git reset -q --hard HEAD~1 && git clean -fd", "git clean", "write"],
    ["git stash -u && git add -A", "git add", "read"],
    ["echo '!.env' > packages/api/.gitignore; git add -A", "git add", "read"],
    ["echo x > .gitignore; git add packages", "git add", "read"],
    ["echo .env >> .git/info/exclude; git add -A", "git add", "read"],
    ["echo > ~/.config/git/ignore; git add -A", "git add", "read"],
    ["patch -p1 < x.diff; git add -A", "git add", "read"],
    ["tar xf a.tar; git add -A", "git add", "read"],
    ["git config core.excludesFile /dev/null; git add -A", "git add", "read"],
    ["git -c core.excludesFile=/dev/null add -A", "git -c", "read"],
    ["git rm -q .gitignore; git stash -u", "git stash", "read_write"],
    ["git rm -q .gitignore; git stash --include-untracked", "git stash", "read_write"],
    ["git rm -q .gitignore; git grep --untracked SECRET", "git grep", "read"],
    ["git rm -q .gitignore; git clean -fq", "git clean", "write"],
  ])("%s reaches everything below", async (command, reader, access) => {
    expect(unitPathsOf(await analyze(command), reader)).toContain(`${access} /repo/**`);
  });

  it("reaches a reader that runs again in a loop after the ignore file went", async () => {
    const analysis = await analyze("for b in a x; do git add -A; git rm -q .gitignore; done");
    expect(unitPathsOf(analysis, "git add")).toEqual(["read /repo/**"]);
  });

  it("makes an update that runs again after a tree was built write unknown files", async () => {
    const analysis = await analyze("while :; do git checkout -qf x; git fast-import < f; done");
    expect(unitPathsOf(analysis, "git checkout")).toEqual(["write /repo", "write <computed-path>"]);
  });

  it.each([
    "git add -A",
    "git add -A && git commit -m x",
    "git checkout -b feat && git add -A",
    "git switch -c feat && git add -A",
    "echo node_modules >> .gitignore && git add .gitignore",
    "git rm src/a.ts; git add -A",
    "git rm -q .gitignore; git add src/a.ts",
    "git rm -q .gitignore; git stash",
    "git rm -q .gitignore; git clean -n",
    "git reset --hard && git clean -fd",
    "git stash && git add -A",
  ])("keeps %s to what it names", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((path) => path.glob)).not.toContain("/repo/**");
  });
});

describe("adversarial: a path that climbs out of a link ln -s made (round9 I2)", () => {
  it.each([
    ["ln -s . l; cat l/../home/user/notes.txt", "cat"],
    ["ln -s . l && cat l/../home/user/.ssh/id_rsa", "cat"],
    ["mkdir a; ln -s .. a/up; cat a/up/../home/user/notes.txt", "cat"],
    ["ln -sf /repo l; cat ./l//../home/user/x", "cat"],
    ["ln -s -t d /repo; cat d/repo/../x", "cat"],
    ["ln -s . l; cd l && cat ../home/user/notes.txt", "cat"],
    ["mkdir a; ln -s .. a/up; pushd a/up; cat ../x", "cat"],
    ["ln -s . l; cat l*/../home/user/x", "cat"],
    // A hard link to a link is a link (l2 may be one already on disk): fd12.
    ["ln l2 l; cat l/../x", "cat"],
  ])("%s reaches a computed path", async (command, words) => {
    expect(unitPathsOf(await analyze(command), words)).toContain("read <computed-path>");
  });

  it.each([
    ["ln -s . l; cat l/x ../repo/y", "cat"],
    ["ln -s . l; cd src && cat ../x", "cat"],
  ])("%s stays lexical", async (command, words) => {
    expect(unitPathsOf(await analyze(command), words)).not.toContain("read <computed-path>");
  });
});
