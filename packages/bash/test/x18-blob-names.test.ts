import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

// A18: the committed .env (and .ssh/id_rsa) printed through a blob name the reading missed.
// Each command was run with real git on a repository that commits both files.
describe("a blob name glued to a substitution that prints an object name", () => {
  it.each([
    "git show $(git rev-parse HEAD):.env",
    'git show "$(git rev-parse --short HEAD):.env"',
    "git show `git rev-parse HEAD`:.env",
    "git show $(git rev-parse HEAD)~1:.env",
    "git show $(git merge-base HEAD main):.env",
    "git show $(git rev-parse HEAD)':.env'",
    'git show $(git rev-parse HEAD)":.env"',
    "git show $(git rev-parse HEAD)\\:.env",
    "git show $(git rev-parse HEAD):.e''nv",
    "git cat-file -p $(git rev-parse HEAD):.env",
    "r=$(git rev-parse HEAD); git show $r:.env",
    // Nothing printed (`-q --verify` of no revision) leaves `:0:.env`, the staged file.
    "git show $(git rev-parse -q --verify nope):0:.env",
  ])("%s reads .env", async (command) => {
    expect(await pathsOf(command)).toContain("read /repo/.env");
  });

  it("reads the key through a folder name as well", async () => {
    expect(await pathsOf("git archive $(git rev-parse HEAD):.ssh")).toContain("read /repo/.ssh/…");
  });

  it.each([
    "git show HEAD:$(git rev-parse --short HEAD)",
    "git cat-file -p HEAD:.en?",
    "git show H*:.env",
  ])("%s names a file only known at run time", async (command) => {
    expect(await pathsOf(command)).toContain("read <computed-path>");
  });

  it.each([
    "git show $(git rev-parse HEAD)",
    "git diff $(git merge-base main HEAD)",
    "git log $(git merge-base main HEAD)..HEAD",
  ])("%s names no file", async (command) => {
    expect(await pathsOf(command)).toEqual([]);
  });

  it("a committed file that no rule guards is still named as itself", async () => {
    // The id may print nothing (S32 F-empty): both readings name README.md.
    expect(new Set(await pathsOf("git show $(git rev-parse HEAD):README.md"))).toEqual(
      new Set(["read /repo/README.md"]),
    );
  });
});

describe("the object id of a blob name is no plain word", () => {
  it.each([
    "git cat-file -p $(git rev-parse HEAD:.env)",
    "git cat-file blob $(git rev-parse :.env)",
    "git show $(git rev-parse -q --verify :0:.env)",
    "git unpack-file $(git rev-parse HEAD:.env)",
    "git update-ref refs/x $(git rev-parse HEAD:.env)",
  ])("%s names a file only known at run time", async (command) => {
    expect(await pathsOf(command)).toContain("read_write <computed-path>");
  });
});

describe("commands that keep or copy the object a blob or tree name names", () => {
  it.each([
    "git tag t HEAD:.env",
    "git tag -a t -m m HEAD:.env",
    "git tag -f t :.env",
    "git update-ref refs/x HEAD:.env",
    "git replace -f HEAD:README.md HEAD:.env",
    "git stash store -m x HEAD:.env",
  ])("%s reads .env", async (command) => {
    expect(await pathsOf(command)).toContain("read /repo/.env");
  });

  it.each([
    "git archive HEAD:.ssh",
    "git diff HEAD:.ssh HEAD:src",
    "git diff-tree -p HEAD:.ssh HEAD:",
    "git checkout HEAD:.ssh -- id_rsa",
    "git restore --source=HEAD:.ssh id_rsa",
    "git restore -sHEAD:.ssh id_rsa",
    "git reset HEAD:.ssh -- id_rsa",
    "git read-tree HEAD:.ssh",
    "git commit-tree HEAD:.ssh -m x",
    "git merge-tree HEAD: HEAD:.ssh HEAD:",
    "git diff-index -p HEAD:.ssh",
    "git tag t HEAD:.ssh",
  ])("%s reads a file inside .ssh", async (command) => {
    expect(await pathsOf(command)).toContain("read /repo/.ssh/…");
  });

  it("update-ref --stdin may point a ref at any blob", async () => {
    expect(await pathsOf("echo 'update refs/x HEAD:.env' | git update-ref --stdin")).toContain(
      "read <computed-path>",
    );
  });

  it.each(["git show HEAD:.ssh", "git ls-tree HEAD:.ssh", "git cat-file -p HEAD:.ssh"])(
    "%s prints only the names in the folder",
    async (command) => {
      expect(await pathsOf(command)).toEqual(["read /repo/.ssh"]);
    },
  );

  it.each([
    "git tag v1.0",
    'git tag -a v1 -m "release: one"',
    "git checkout main",
    "git reset --hard HEAD~1",
    'git stash push -m "wip: x"',
    "git update-ref refs/heads/x HEAD",
    "git restore -s main README.md",
  ])("%s names no committed file", async (command) => {
    expect((await pathsOf(command)).join(" ")).not.toMatch(/\.env|\.ssh|computed/);
  });
});
