import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The paths of a command as `access path` (a glob as its pattern, a computed one as written). */
async function paths(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.paths.map((path) => `${path.access} ${path.path ?? path.glob ?? path.raw}`);
}

// A17 search-or-label-option-value-taken-for-path and git-display-prefix-taken-for-path:
// strace showed git and grep open nothing outside /repo/.git for each of these (git 2.39).
describe("x17: an option's text value is no file", () => {
  it.each([
    // The diff machinery's pickaxe, ignore regex, prefixes and modes (git diff -h).
    "git log -S /api/users --oneline",
    "git log --oneline -S /usr/bin/env",
    "git log -G /v1/ --oneline",
    "git log -S/api --oneline",
    "git log -pS/api",
    "git log -p -I /x -1",
    "git diff -I /x HEAD",
    "git diff -I/x HEAD",
    "git diff --ignore-matching-lines=/x",
    "git diff --ignore-matching-lines /x HEAD",
    "git diff -G /x",
    "git diff --src-prefix=/a/ --dst-prefix=/b/",
    "git diff --src-prefix /old/ HEAD",
    "git diff --line-prefix=/x/",
    "git log -p --dst-prefix=/new/ -1",
    "git show --line-prefix /x/ HEAD",
    "git format-patch --stdout --src-prefix=/a/ --dst-prefix=/b/ -1",
    "git diff --rotate-to /x HEAD",
    "git diff --skip-to=/x",
    "git diff --word-diff-regex /x HEAD",
    "git diff --anchored /x HEAD",
    "git diff-tree -p -S /x HEAD",
    // The revision walk's patterns, names and dates, separate as well as after `=`.
    "git log --author /x",
    "git show --grep /x",
    "git log --exclude /x --all",
    "git log --since /x",
    "git whatchanged --committer /x",
    "git log --decorate-refs /x",
    // Names, patterns and commits of the ref commands, and their options' values.
    "git describe --match=/x",
    "git describe --match /x",
    "git describe --match '/x' --tags --always",
    "git describe --exclude=/x",
    "git tag -l '/x*'",
    "git tag --list /x --sort=/y",
    "git branch --list '/x*'",
    "git for-each-ref '/x*'",
    "git for-each-ref --format=/x",
    // ls-files' own --exclude is no abbreviation of --exclude-from.
    "git ls-files --exclude '/x' -o",
    "git ls-files --exclude=/x -o",
    "git ls-files -x /x -o",
    // git grep: the number is the option's value, /api the pattern.
    "git grep --max-depth 1 /api",
    "git grep --threads 2 /api",
    // GNU grep --label names standard input in the output.
    "grep --label=/etc/passwd -H x",
    "grep --label /etc/passwd -H x",
    "grep --lab=/etc/passwd -H x",
  ])("%s", async (command) => {
    expect(await paths(command)).toEqual([]);
  });

  it.each([
    // A value git does read or write is still judged.
    ["git log --output=/x", "write /x"],
    ["git log -S x --output=/x", "write /x"],
    ["git diff -O /x", "read /x"],
    ["git log -S x -O /x", "read /x"],
    ["git log -SO/x -O /y", "read /y"],
    ["git blame -S /x a.ts", "read /x"],
    ["git ls-files --exclude-from=/x", "read /x"],
    ["git ls-files --exclude-f /x", "read /x"],
    ["git ls-files -X /x", "read /x"],
    ["git tag -F /x v1", "read /x"],
    ["git tag -aF/x v1", "read /x"],
    ["git tag --file=/x v1", "read /x"],
    ["git tag --fi /x v1", "read /x"],
    // The operands of a comparison of files stay files.
    ["git diff --no-index /a /b", "read /a"],
    ["git diff -I /x /etc/passwd /tmp/y", "read /etc/passwd"],
    // git refuses an abbreviation of a diff option, and the word after it is an operand.
    ["git diff --src-pre /etc/passwd /tmp/y", "read /etc/passwd"],
    ["git log --src-pre /api", "read /api"],
    ["git log --auth /api", "read /api"],
    // A flag where another subcommand has a text option: the next word is an operand.
    ["git log -n 5 /api", "read /api"],
    ["git format-patch -n /x", "read /x"],
    ["git stash push -S /x", "write /x"],
    ["git tag -l -- /x", "read_write /x"],
    // grep: --color takes its value only after `=`, so /api is searched.
    ["grep --color never /api README.md", "read /api"],
    ["grep --label=x -f /x y", "read /x"],
    ["grep --exclude-from /x y .", "read /x"],
  ])("still judges a file: %s", async (command, expected) => {
    expect(await paths(command)).toContain(expected);
  });

  it("judges a text value that may split into options", async () => {
    const found = await paths("git log -S $(printf 'x --output=/tmp/x')");
    expect(found.some((path) => path.startsWith("read_write $(the options or files"))).toBe(true);
  });
});
