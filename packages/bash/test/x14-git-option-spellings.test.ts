import { describe, expect, it } from "vitest";
import { gitOptionWords } from "../src/programs/git-options.ts";
import { wordFromText } from "../src/read/words.ts";
import { analyze, gatesView, globPaths, indirectionWrapper } from "./helpers.ts";

/** The words git reads for `git NAME REST…`, as text. */
function read(command: string): string {
  const [name, ...rest] = command.split(" ");
  return gitOptionWords(
    name as string,
    rest.map((text) => wordFromText(text)),
  )
    .args.map((word) => word.text)
    .join(" ");
}

describe("git's option spellings are read as git reads them (parse-options)", () => {
  it.each([
    // a unique prefix of a long option, negated ones included
    ["add --forc .", "--force ."],
    ["stash push --al", "push --all"],
    ["grep --no-ind KEY", "--no-index KEY"],
    ["grep --untracked --no-exclude KEY", "--untracked --no-exclude-standard KEY"],
    ["apply --uns x.patch", "--unsafe-paths x.patch"],
    ["tag --sig v1", "--sign v1"],
    ["merge --gpg b", "--gpg-sign b"],
    ["commit --mes=x", "--message=x"],
    ["commit --no-post -m x", "--no-post-rewrite -m x"],
    // a long option's value as the next word is not read as an option
    ["commit --mes --forc", "--message --forc"],
    // short clusters and attached values
    ["stash -qa", "-q -a"],
    ["commit -qem x", "-q -e -m x"],
    ["config -f.env -l", "-f .env -l"],
    ["config -lf.env", "-l -f .env"],
    ["fmt-merge-msg -F.env", "-F .env"],
    ["diff -O.env", "-O .env"],
    // an optional value stays attached; after `--` nothing is an option
    ["commit -qSkey", "-q -Skey"],
    ["grep -Ovim x", "-Ovim x"],
    ["add -- --forc -qa", "-- --forc -qa"],
  ])("git %s reads as %s", (command, expected) => {
    expect(read(command)).toBe(expected);
  });

  it("spells out every unique prefix of every long option of every subcommand in its table", () => {
    for (const [name, option] of [
      ["add", "force"],
      ["clean", "force"],
      ["commit", "gpg-sign"],
      ["update-index", "stdin"],
      ["cat-file", "batch-command"],
      ["quiltimport", "patches"],
      ["subtree", "prefix"],
    ] as const) {
      const full = read(`${name} --${option}`);
      expect(full).toBe(`--${option}`);
      for (let n = option.length; n > 0; n--) {
        const abbreviated = read(`${name} --${option.slice(0, n)}`);
        if (abbreviated.startsWith("--") && abbreviated !== `--${option.slice(0, n)}`) {
          expect(abbreviated).toBe(`--${option}`);
        }
      }
    }
  });

  it.each([
    ["git stash push --al", "git stash push --all"],
    ["git stash push -qa", "git stash push -q -a"],
    ["git add --forc .", "git add --force ."],
    ["git grep --unt --no-exclude-st KEY", "git grep --untracked --no-exclude-standard KEY"],
    ["git grep --no-ind KEY", "git grep --no-index KEY"],
    ["git apply --uns x.patch", "git apply --unsafe-paths x.patch"],
    ["git tag --sig v1 -m m", "git tag --sign v1 -m m"],
    ["git tag --loc K v1 -m m", "git tag --local-user K v1 -m m"],
    ["git commit --allow-empty --gpg-s -m x", "git commit --allow-empty --gpg-sign -m x"],
    ["git commit --allow-empty -qS -m x", "git commit --allow-empty -q -S -m x"],
    ["git commit --edi --allow-empty -m x", "git commit --edit --allow-empty -m x"],
    ["git commit --allow-empty -qem x", "git commit --allow-empty -q -e -m x"],
    ["git commit -C HEAD --ed --allow-empty", "git commit -C HEAD --edit --allow-empty"],
    ["git commit --allow-empty --amend --mes=x", "git commit --allow-empty --amend --message=x"],
    ["git merge --gpg --no-ff -m m b", "git merge --gpg-sign --no-ff -m m b"],
    ["git merge --no-ff -m m -qS b", "git merge --no-ff -m m -q -S b"],
    ["git update-index --add --stdi < list", "git update-index --add --stdin < list"],
    ["git cat-file --batch-co < list", "git cat-file --batch-command < list"],
    ["git tag --edi v1 -m m", "git tag --edit v1 -m m"],
    ["git tag --ann v1", "git tag --annotate v1"],
    ["git tag -fe v1 -m m", "git tag -f -e v1 -m m"],
    ["git add -ve", "git add -v -e"],
    ["git config -f.env -l", "git config -f .env -l"],
    ["git config -lf.env", "git config -l -f .env"],
    ["git config -f/home/user/.bashrc x.y z", "git config -f /home/user/.bashrc x.y z"],
    [
      "git config -f.git/config core.fsmonitor 'rm -rf build'",
      "git config -f .git/config core.fsmonitor 'rm -rf build'",
    ],
    ["git fmt-merge-msg -F.env", "git fmt-merge-msg -F .env"],
    ["git diff -O.env", "git diff -O .env"],
    ["git diff-index -O.env HEAD", "git diff-index -O .env HEAD"],
  ])("%s is judged as %s", async (abbreviated, spelled) => {
    expect(await gatesView(abbreviated)).toBe(await gatesView(spelled));
  });

  it("does not prove an option git would refuse as ambiguous (--for: force, force-with-lease, ...)", async () => {
    const analysis = await analyze("git push --for origin");
    expect(analysis.units[0]?.sentinel).toBe(indirectionWrapper);
  });

  it("keeps plain commands proven", async () => {
    for (const command of [
      "git status -sb",
      "git commit -am wip",
      "git log --oneline -5",
      "git ls-files -oi --exclude-standard",
      "git clean -nfX",
      "git push -u origin main",
      // options of gits newer than the table's
      "git clone --revision=v1 https://x.example/r",
      "git worktree add --orphan x",
    ]) {
      expect((await analyze(command)).units[0]?.sentinel, command).toBe(null);
    }
  });
});

describe("the last of an option and its negation decides (parse-options sets one variable)", () => {
  it.each([
    "git commit --allow-empty -m x --no-message",
    "git commit --allow-empty --dry-run --no-dry-run",
    "git commit --allow-empty --short --no-short",
    "git commit --allow-empty -F msg --no-file",
    "git commit --allow-empty -C HEAD --no-reuse-message",
    "git commit --allow-empty -qS --no-gpg-sign --gpg",
    "git difftool -y --tool-help --no-tool-help",
    "git instaweb --stop --start",
  ])("%s starts a program: never proven", async (command) => {
    expect((await analyze(command)).units[0]?.sentinel).toBe(indirectionWrapper);
  });

  it.each([
    "git commit --allow-empty --no-message -m x",
    "git commit -S --no-gpg-sign -m x",
    "git difftool --no-tool-help --tool-help",
    "git instaweb --start --stop",
  ])("%s: the option switched off last starts nothing", async (command) => {
    expect((await analyze(command)).units[0]?.sentinel).toBe(null);
  });

  it("reaches ignored files when --no-dry-run undoes clean's -n", async () => {
    expect(globPaths(await analyze("git clean -fdxn --no-dry-run"))).toContain("read_write:/repo");
    expect(globPaths(await analyze("git clean -fdxn"))).not.toContain("read_write:/repo");
  });
});

describe("a --fixup value given as the next word", () => {
  it.each(["git commit --fixup amend:HEAD", "git commit --fixup reword:HEAD~1"])(
    "%s rewrites the message in the editor",
    async (command) => {
      expect((await analyze(command)).units[0]?.sentinel).toBe(indirectionWrapper);
    },
  );

  it("git commit --fixup HEAD opens no editor", async () => {
    expect((await analyze("git commit --fixup HEAD")).units[0]?.sentinel).toBe(null);
  });
});

describe("folders git fills, and file names git pastes together", () => {
  it.each([
    ["git quiltimport --patches .ssh", "read:/repo/.ssh/0001"],
    ["git quiltimport --pat=.ssh", "read:/repo/.ssh/0001"],
    ["git subtree add -P .ssh HEAD", "read_write:/repo/.ssh/0001"],
    ["git subtree add --prefix=.ssh HEAD", "read_write:/repo/.ssh/0001"],
    ["git commit-graph write --object-dir .ssh", "read_write:/repo/.ssh/0001"],
    ["GIT_TRACE2_EVENT=/repo/.ssh/ git log", "write:/repo/.ssh/…"],
    ["git -c trace2.eventTarget=/repo/.ssh log", "write:/repo/.ssh/…"],
    // checkout-index pastes its prefix before each index path; pack files are BASE-<hash>.pack
    ["git checkout-index -f --prefix=.en v", "write:/repo/.env"],
    ["git checkout-index --prefix=.gi t/hooks/pre-commit", "write:/repo/.git/hooks/pre-commit"],
    ["git pack-objects .ssh/", "write:/repo/.ssh/-…pack"],
    ["git repack --cruft --expire-to=.ssh/ -d", "write:/repo/.ssh/-…pack"],
  ])("%s touches %s", async (command, expected) => {
    expect(globPaths(await analyze(command))).toContain(expected);
  });

  it("leaves the files of a prefix pasted to every index path unknown", async () => {
    expect(globPaths(await analyze("git checkout-index -a -f --prefix=.gi"))).toContain("write:?");
  });

  it("writes nothing for pack-objects --stdout", async () => {
    expect(globPaths(await analyze("git pack-objects --stdout"))).toEqual([]);
  });
});

describe("a pathspec's . and .. segments are read as git normalises them", () => {
  it.each([
    "git rm -rq .ssh/.",
    "git checkout HEAD -- .ssh/.",
    "git checkout HEAD -- ./.ssh/./",
    "git stash push -- .ssh/.",
    "git rm -r .ssh/x/..",
  ])("%s reaches the files inside .ssh", async (command) => {
    expect(globPaths(await analyze(command)).some((path) => path.includes("/repo/.ssh/"))).toBe(
      true,
    );
  });
});

describe("a remote written earlier in the string is reached by every command that reaches it", () => {
  it.each([
    "git remote add x git@h:r; git remote update",
    "git remote add x git@h:r; git fetch --all",
    "git remote add x git@h:r; git pull --all",
    "git remote add x git@h:r; git remote show x",
    "git remote add x git@h:r; git remote prune x",
    "git remote add x git@h:r; git config branch.main.remote x; git fetch",
    "git remote add x git@h:r; git -c branch.main.remote=x fetch",
    "git remote add x git@h:r; git archive --remote=x HEAD",
    "git remote add x git@h:r; git maintenance run --task=prefetch",
    "git remote set-url x git@h:r; git remote update",
    // the remote's name and URL as git reads the options before them
    "git remote add --tr b x git@h:r; git fetch x",
    "git config -f .git/config remote.x.url git@h:r; git fetch x",
  ])("%s runs ssh", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.executed?.[0] === "ssh")).toBe(true);
  });

  it.each([
    "git remote add x git@h:r; git fetch origin",
    "git remote add x git@h:r; git remote show origin",
    "git remote add x git@h:r; git remote -v",
    "git remote add x https://h/r; git remote update",
  ])("%s does not reach it", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.executed?.[0] === "ssh")).toBe(false);
  });
});

describe("GNU long options abbreviated to a unique prefix (getopt_long)", () => {
  it.each([
    ["ls -a --rec", "/repo/**"],
    ["cp --rec .ssh backup", "/repo/.ssh/**"],
    ["chmod --rec 600 .ssh", "/repo/.ssh/**"],
  ])("%s covers everything below", async (command, below) => {
    expect(globPaths(await analyze(command)).join(" ")).toContain(below);
  });
});

describe("what the string did before a git command reaches it with its options as git reads them", () => {
  it.each([
    "echo '!.env' >> .gitignore; git clean -fdn --no-dry-run",
    "echo '!.env' >> .gitignore; git stash --include-u",
    "echo '!.env' >> .gitignore; git grep --unt KEY",
    "echo '!.env' >> .gitignore; git add -u --al",
  ])("%s reaches the un-ignored .env", async (command) => {
    expect(globPaths(await analyze(command)).join(" ")).toContain("/repo/**");
  });

  it.each(["echo '!.env' >> .gitignore; git clean -fdn", "echo '!.env' >> .gitignore; git add -u"])(
    "%s does not",
    async (command) => {
      expect(globPaths(await analyze(command)).join(" ")).not.toContain("/repo/**");
    },
  );
});

describe("an index entry the string made, with update-index's options abbreviated", () => {
  it("leaves the files a later checkout writes unknown", async () => {
    const analysis = await analyze(
      "git update-index --ad --cach 100644,$(git rev-parse HEAD:README.md),.env; git checkout -- .",
    );
    expect(globPaths(analysis)).toContain("write:?");
  });
});
