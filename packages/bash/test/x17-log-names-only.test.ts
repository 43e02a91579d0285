import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The paths of a command as `access path` (a glob as its pattern). */
async function paths(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.paths.map((path) => `${path.access} ${path.path ?? path.glob}`);
}

// A17 history-pathspec-glob-without-content: strace showed `git log --oneline -- .env
// 'src/*.ts'` and `git log --name-only --format=%h --follow -- .env` open no file; such a log
// prints commits and names, never a file's content.
describe("x17: the pathspecs of a log that shows no content", () => {
  it.each([
    "git log --oneline -- 'src/*.ts'",
    "git log --format=%h -- '*.json'",
    "git log --name-only --oneline -- '*.ts'",
    "git log -n 3 --oneline -- .env",
    "git log -5 --pretty=format:%s -- .env",
    "git log --author x --since=yesterday --oneline -- '*.ts'",
    "git log --follow --name-status --date=short -- .env",
    "git log --oneline HEAD~3..HEAD -- src",
    "git log --oneline .env",
    // A18: a stat counts lines, raw output and whatchanged print modes and object ids; strace
    // with .env tracked and modified showed no open of it and no line of it printed.
    "git log --stat -- .env",
    "git log --raw -- .env",
    "git whatchanged --oneline -- .env",
  ])("%s touches nothing", async (command) => {
    expect(await paths(command)).toEqual([]);
  });

  it.each([
    // A patch, a combined diff or a word diff shows what the files held; a pickaxe tests it;
    // a line range prints it.
    ["git log -p -- .env", "read /repo/.env"],
    ["git log --oneline -p -- .env", "read /repo/.env"],
    ["git log --stat -p -- .env", "read /repo/.env"],
    ["git log -U3 --oneline -- .env", "read /repo/.env"],
    ["git log --word-diff --oneline -- .env", "read /repo/.env"],
    ["git log --cc --oneline -- .env", "read /repo/.env"],
    ["git log -m --oneline -- .env", "read /repo/.env"],
    ["git log -S KEY --oneline -- .env", "read /repo/.env"],
    ["git log -G KEY --oneline -- .env", "read /repo/.env"],
    ["git log --ext-diff --oneline -- .env", "read /repo/.env"],
    ["git log --format=%h -L1,2:.env", "read /repo/.env"],
    // An option log does not know as written (no abbreviation), or one known at run time.
    ["git log --pat --oneline -- .env", "read /repo/.env"],
    ["git log --end-of-options -p -- .env", "read /repo/.env"],
    ["git log --oneline $(echo -p) -- .env", "read /repo/.env"],
    // A pathspec written outside the working tree (git refuses it) is still judged.
    ["git log -n 5 --oneline /api", "read /api"],
    ["git log --oneline -- ../other/.env", "read /other/.env"],
    ["git log --oneline -- ~/.ssh", "read /home/user/.ssh"],
    // Other subcommands: show and whatchanged -p print a diff; diff reads the working tree.
    ["git show --oneline -- .env", "read /repo/.env"],
    ["git whatchanged -p --oneline -- .env", "read /repo/.env"],
    ["git diff --name-only -- .env", "read /repo/.env"],
  ])("keeps %s", async (command, expected) => {
    expect(await paths(command)).toContain(expected);
  });
});
