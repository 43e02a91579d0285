import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Attack round M20, class git-pathspec-absolute-or-climbing-project-dir-asks: git diff compares
 * two paths as `--no-index` does (every file below two folders, ignored ones included) only
 * when it is given exactly two paths, one outside the working tree, as its only words or as the
 * only words after a leading `--`. Traced with git 2.39 under strace: `git diff -- /etc/hostname`
 * and `git diff HEAD -- /etc/hostname` stop with "outside repository" and open nothing, while
 * `git diff -- f /etc/hostname` compares the two files. Any absolute word had counted as the
 * implicit comparison, so `git diff -- /repo/src` read everything below /repo/src (and asked
 * for .env).
 */
const globs = async (command: string) =>
  (await analyze(command)).paths.flatMap((path) => (path.glob ? [path.glob] : []));

describe("git diff with an absolute pathspec", () => {
  it.each([
    "git diff -- /repo/src",
    "git diff HEAD -- /repo/src",
    "git diff --cached -- /repo/src",
    "cd src && git diff HEAD~1 -- ../src",
  ])("%j reads the pathspec, not everything below it", async (command) => {
    expect(await globs(command)).toEqual([]);
  });

  it.each<[string, string]>([
    ["git diff ~ src", "/home/user/**"],
    ["git diff -- ~ src", "/home/user/**"],
    ["git diff -- src /etc", "/etc/**"],
    ["git diff /etc src", "/etc/**"],
    ["git diff --no-index HEAD -- /etc src", "/etc/**"],
  ])("%j still compares everything below the folder", async (command, glob) => {
    expect(await globs(command)).toContain(glob);
  });
});
