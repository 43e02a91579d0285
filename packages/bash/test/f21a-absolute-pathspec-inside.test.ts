import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * F21a (needless ask from session 20): `git log --oneline -- /repo/src/*.ts` run in /repo asked,
 * while `git log --oneline -- src/*.ts` was allowed. A log, ls-files, shortlog … that prints no
 * file's content opens none of its pathspecs (traced with git 2.39 under strace: `git log
 * --oneline -- /repo/src/a.ts /repo/src/b.ts`, `-- /repo/.env`, `-- "/repo/src/*.ts"` and `git
 * ls-files -- /repo/src/*.ts` open no file of the work tree; bash lists /repo/src to expand the
 * glob). An absolute pathspec was kept as a read of everything below it (`/repo/src/**`, which
 * may name a .env); it is now judged only where it resolves outside the working directory, as
 * one climbing out with `..` or naming the home is.
 */
const paths = async (command: string) =>
  (await analyze(command)).paths.map((path) => path.glob ?? path.path);

describe("an absolute names-only pathspec inside the working directory", () => {
  it.each([
    "git log --oneline -- /repo/src/*.ts",
    "git log --oneline -- /repo/.env",
    'git log --oneline -- "/repo/src/*.ts"',
    "git log --oneline -- /repo",
    "git ls-files -- /repo/src/*.ts",
    "git shortlog -s -- /repo/README.md",
  ])("%j touches no file", async (command) => {
    expect(await paths(command)).toEqual([]);
  });

  it("after a cd into the project, the pathspec is not among its paths", async () => {
    expect(await paths("cd src && git log --oneline -- /repo/src/a.ts")).not.toContain(
      "/repo/src/a.ts",
    );
  });

  it.each<[string, string]>([
    // Outside the working directory, or not surely inside it: still judged.
    ["git log --oneline -- /repo/../home/user/.ssh/id_rsa", "/home/user/.ssh/id_rsa"],
    ["git log --oneline -- /repo/src/../../etc/x", "/etc/x"],
    ["git log --oneline -- /home/user/*.ts", "/home/user/**"],
    ["git log --oneline -- /re*/x", "/**"],
    ["git log --oneline -- /repository/x", "/repository/x"],
    ["git log --oneline -- ~/.ssh", "/home/user/.ssh"],
    ["git log --oneline -- ../x", "/x"],
    ["cd /tmp && git log --oneline -- /repo/src/a.ts", "/repo/src/a.ts"],
    ["cd $D && git log --oneline -- /repo/src/a.ts", "/repo/src/a.ts"],
    // A log that shows content reads the file's history: judged wherever it is.
    ["git log -p -- /repo/.env", "/repo/.env"],
    ["git log --follow -p -- /repo/src/a.ts", "/repo/src/a.ts"],
  ])("%j still names %j", async (command, expected) => {
    expect(await paths(command)).toContain(expected);
  });
});
