import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// Round 11 (adv11b): what git starts or matches that the string does not spell out. Each
// example was traced under bash 5.2 with strace (corpus fix11g-*).

/** The words of every unit but git itself. */
async function others(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units
    .map((unit) => (unit.executed ?? unit.argv).join(" "))
    .filter((words) => !words.startsWith("git "));
}

describe("adversarial: a git pathspec glob matches a leading dot (git-pathspec-glob-leading-dot)", () => {
  // git matches pathspecs with fnmatch and no hidden-file rule: `[.]env` stages .env.
  it.each<[string, string]>([
    ["git add -f '[.]env'", "/repo/**"],
    ["git add -f ':(glob)[.]env'", "/repo/**"],
    ["git add -f ':(top)[.]e*'", "/repo/**"],
    ["git add -f 'src/../[.]*'", "/repo/**"],
    ["git add -f '?env'", "/repo/**"],
    ["git add -f '[[:punct:]]env'", "/repo/**"],
    ["git add -f '\\.env'", "/repo/**"],
    ["git add -f [.]env", "/repo/**"],
    ["git clean -fx '[.-.]env'", "/repo/**"],
    ["git rm --cached '.[e]nv'", "/repo/**"],
    ["git log -p '[.]env'", "/repo/**"],
    ["git diff -- 'src/*.ts'", "/repo/src/**"],
    ["git checkout HEAD -- 'config/[.]*'", "/repo/config/**"],
  ])("%j covers every file below %s, dot-files included", async (command, glob) => {
    const paths = (await analyze(command)).paths;
    expect(paths.map((path) => path.glob ?? null)).toContain(glob);
  });

  it.each([
    "git branch --list 'feat/*'",
    "git tag -l 'v*'",
    "git for-each-ref 'refs/heads/*'",
    "git describe --match 'v*'",
    "git add src/a.ts",
    "git log --grep='fix*'",
    "git add ':(literal)[.]env'",
    "git hash-object '[x].txt'",
  ])("%j names no pathspec glob", async (command) => {
    const paths = (await analyze(command)).paths;
    expect(paths.filter((path) => path.glob?.endsWith("/**"))).toEqual([]);
  });
});

describe("adversarial: git checks signatures with gpg (git-signature-verification-runs-gpg)", () => {
  const gpg = "gpg --keyid-format=long --status-fd=1 --verify $GIT_SIGNATURE_FILE -";

  it.each([
    "git verify-commit HEAD",
    "git verify-tag v1",
    "git tag -v v1",
    "git tag --verify v1",
    "git log --show-signature",
    "git show --show-sig HEAD",
    "git log --format=%G?",
    "git log --pretty='%h %GS'",
    "git log --pretty=format:%GK",
    "git log --format='%GF %GP %GT'",
    'git log --format="$F"',
    "git for-each-ref --format '%(signature)'",
    "git merge --verify-signatures main",
    "git -c log.showSignature log -1",
    "git -c log.showSignature=true log",
    "git -c merge.verifySignatures=true merge main",
    "git -c pretty.s='%GS' log --pretty=s",
    "git -c format.pretty=%GG log",
    "GIT_CONFIG_COUNT=1 GIT_CONFIG_KEY_0=log.showSignature GIT_CONFIG_VALUE_0=true git log",
  ])("%j runs gpg: a unit for it", async (command) => {
    expect(await others(command)).toContain(gpg);
  });

  it.each([
    "git log --oneline",
    "git log --format='%h %an %s'",
    "git log --pretty=oneline",
    "git log --pretty",
    "git -c log.showSignature=false log",
    "git log --no-show-signature",
    "git commit -m 'see %GS'",
    "git tag -l",
    "git tag -a v1 -m v1",
  ])("%j checks no signature", async (command) => {
    expect(await others(command)).toEqual([]);
  });
});

describe("adversarial: git help shows a manual page with man (git-help-runs-man)", () => {
  it.each<[string, string]>([
    ["git help log", "man git-log"],
    ["git log --help", "man git-log"],
    ["git --help log", "man git-log"],
    ["git -p help status", "man git-status"],
    ["git help -m log", "man git-log"],
    ["git help --man log", "man git-log"],
    ["git help git", "man git"],
    ["git help everyday", "man giteveryday"],
    ["git help -i log", "info git-log"],
  ])("%j runs %j", async (command, run) => {
    expect(await others(command)).toEqual([run]);
  });

  it.each([
    "git help",
    "git help -a",
    "git help -g",
    "git help --config",
    "git --help",
    "git log -h",
    "git log --oneline --help",
  ])("%j shows git's own text", async (command) => {
    expect(await others(command)).toEqual([]);
  });
});

describe("adversarial: an ssh URL makes git run ssh (git-ssh-transport-runs-ssh)", () => {
  const v2 = "ssh -o SendEnv=GIT_PROTOCOL";
  it.each<[string, string]>([
    ["git clone git@github.com:x/y.git", `${v2} git@github.com git-upload-pack 'x/y.git'`],
    ["git clone x.example:y.git", `${v2} x.example git-upload-pack 'y.git'`],
    ["git clone ssh://git@x.example/y.git", `${v2} git@x.example git-upload-pack '/y.git'`],
    ["git clone git+ssh://x.example/y.git", `${v2} x.example git-upload-pack '/y.git'`],
    [
      "git ls-remote ssh://x.example:2222/y.git",
      `${v2} -p 2222 x.example git-upload-pack '/y.git'`,
    ],
    ["git fetch --depth 1 x.example:y.git", `${v2} x.example git-upload-pack 'y.git'`],
    ["git fetch --dep=1 git@x.example:y.git", `${v2} git@x.example git-upload-pack 'y.git'`],
    ["git pull git@x.example:y.git main", `${v2} git@x.example git-upload-pack 'y.git'`],
    ["git push git@x.example:y.git main", "ssh git@x.example git-receive-pack 'y.git'"],
    ["git push --repo=git@x.example:y.git", "ssh git@x.example git-receive-pack 'y.git'"],
    [
      "git archive --remote=git@x.example:y.git HEAD",
      `${v2} git@x.example git-upload-archive 'y.git'`,
    ],
    ["git request-pull HEAD git@x.example:y.git", `${v2} git@x.example git-upload-pack 'y.git'`],
    ["git submodule add git@x.example:y.git lib", `${v2} git@x.example git-upload-pack 'y.git'`],
    ["git remote add -f o git@x.example:y.git", `${v2} git@x.example git-upload-pack 'y.git'`],
    [
      "git remote add o git@x.example:y.git && git fetch o",
      `${v2} git@x.example git-upload-pack 'y.git'`,
    ],
    [
      "git remote add origin git@x.example:y.git && git push -u origin main",
      "ssh git@x.example git-receive-pack 'y.git'",
    ],
    [
      "git config remote.o.url x.example:y.git; git ls-remote o",
      `${v2} x.example git-upload-pack 'y.git'`,
    ],
    ["git -c remote.o.url=x.example:y.git fetch o", `${v2} x.example git-upload-pack 'y.git'`],
  ])("%j runs %j", async (command, run) => {
    expect(await others(command)).toEqual([run]);
  });

  // The command's own -c rewrite is applied to its URL (faa7167): the exact run is named, and
  // the run through a rewrite of unknown reach stays beside it.
  it("a -c url.*.insteadOf rewrite of the clone's own URL runs ssh with git-upload-pack", async () => {
    const command =
      "git -c url.git@x.example:.insteadOf=https://x.example/ clone https://x.example/y.git";
    expect(await others(command)).toEqual([
      `${v2} git@x.example $REMOTE_COMMAND`,
      `${v2} git@x.example git-upload-pack 'y.git'`,
    ]);
  });

  it.each([
    "git clone https://github.com/x/y.git",
    "git clone /srv/a:b",
    "git clone ./a:b c",
    "git fetch origin main:main",
    "git push origin HEAD:refs/heads/x",
    "git push origin HEAD@{1}:main",
    "git pull --rebase origin main",
    "git ls-remote --get-url git@x.example:y.git",
    "git archive -o out.tar HEAD:src",
    "git remote add o git@x.example:y.git",
    "git remote add o https://x.example/y.git && git fetch o",
    // Written to the configuration, the URL runs nothing yet.
    "git config remote.origin.url git@x.example:y.git",
    "git config --global url.git@x.example:.insteadOf https://x.example/",
  ])("%j runs no ssh", async (command) => {
    expect(await others(command)).toEqual([]);
  });
});
