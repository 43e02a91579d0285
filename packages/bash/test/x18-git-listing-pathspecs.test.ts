import { describe, expect, it } from "vitest";
import { pathsOf } from "./helpers.ts";

// A18 git-index-history-listing-pathspec-taken-for-file-read and
// git-log-diff-option-without-patch-taken-for-content: strace with .env tracked, then modified,
// then staged showed no open of .env and no line of it in the output.
describe("pathspecs that only choose what git lists", () => {
  it.each([
    "git ls-files .env",
    "git ls-files --error-unmatch .env",
    "git ls-files -s -- .env .env.local",
    "git ls-files -t .env",
    "git ls-files .ssh",
    "git ls-files -c -d -o .env",
    "git ls-files -x '*.log' --with-tree=HEAD .env",
    "git ls-tree HEAD .env",
    "git ls-tree -r HEAD -- .env",
    "git rev-list HEAD -- .env",
    "git rev-list --all --objects -- .ssh",
    "git shortlog -sn HEAD -- .env",
    "git check-attr -a .env",
    "git diff --cached --name-only -- .env",
    "git diff --staged --name-status HEAD -- .env",
    "git whatchanged --oneline -- .env",
    "git log --diff-filter=D --oneline -- .env",
    "git log --stat -- .env",
    "git log --shortstat --oneline -- .env",
    "git log --numstat --oneline -- .env",
    "git log --raw --oneline -- .env",
    "git log --summary --oneline -- .env",
    "git log --compact-summary -- .env",
    "git log --follow --stat -- .env",
    "git log -M --oneline -- .env",
    "git log -w --oneline -- .env",
    "git cat-file -e HEAD:.env",
    "git cat-file -t HEAD:.env",
    "git cat-file -s HEAD:.env",
  ])("%s reads no protected file", async (command) => {
    expect((await pathsOf(command)).join(" ")).not.toMatch(/\.env|\.ssh|computed/);
  });

  it.each([
    // These open the file (strace), or print its lines.
    ["git ls-files -m .env", "/repo/.env"],
    ["git ls-files --eol .env", "/repo/.env"],
    ["git ls-files -sm .env", "/repo/.env"],
    ["git ls-files --format=%(eolinfo:worktree) .env", "/repo/.env"],
    ["git status .env", "/repo/.env"],
    ["git log -p -- .env", "/repo/.env"],
    ["git log --stat -p -- .env", "/repo/.env"],
    ["git log -U3 -- .env", "/repo/.env"],
    ["git log --cc -- .env", "/repo/.env"],
    ["git log --patch-with-stat -- .env", "/repo/.env"],
    ["git whatchanged -p -- .env", "/repo/.env"],
    ["git rev-list -p HEAD -- .env", "/repo/.env"],
    ["git shortlog -p HEAD -- .env", "/repo/.env"],
    ["git diff --name-only -- .env", "/repo/.env"],
    ["git diff --cached -- .env", "/repo/.env"],
    ["git diff --cached --exit-code -- .env", "/repo/.env"],
    // A stat reads the working-tree copy of a file unchanged since it was staged (strace).
    ["git diff --cached --stat -- .env", "/repo/.env"],
    ["git diff --cached --name-only -p -- .env", "/repo/.env"],
    ["git cat-file -p HEAD:.env", "/repo/.env"],
    ["git cat-file blob HEAD:.env", "/repo/.env"],
    ["git cat-file -e -p HEAD:.env", "/repo/.env"],
    ["git ls-files ~/.ssh", "/home/user/.ssh"],
  ])("%s still reads %s", async (command, path) => {
    expect((await pathsOf(command)).join(" ")).toContain(path);
  });

  it.each([
    "git ls-files $X .env",
    "git cat-file -p $(git ls-tree --object-only HEAD .env)",
    "git show $(git ls-files -s .env | cut -d' ' -f2)",
  ])("%s stays judged", async (command) => {
    expect((await pathsOf(command)).join(" ")).toMatch(/\.env|computed/);
  });
});
