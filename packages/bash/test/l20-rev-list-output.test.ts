import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Attack round R20, class git-rev-list-pretty-output-taken-as-glob-free: an unquoted `$(git
 * rev-list …)` was taken for object names whatever its options, but `--oneline`, `--pretty`,
 * `--format`, `--header` and `-g` print commit subjects and messages (free text), `--objects`
 * prints paths and `--graph` a `*`. Traced under bash 5.2: after `git commit --allow-empty -m
 * '/home/user/.ssh/*'`, `echo $(git rev-list --oneline -1 HEAD)` listed /home/user/.ssh.
 */
const unknownPaths = async (command: string) =>
  (await analyze(command)).paths.filter((path) => path.path === null).length;

describe("git rev-list output in an unquoted substitution", () => {
  it.each([
    "echo $(git rev-list --oneline -1 HEAD)",
    "echo $(git rev-list --pretty=oneline -1 HEAD)",
    "echo $(git rev-list --pretty -1 HEAD)",
    "echo $(git rev-list --format=%s -1 HEAD)",
    "echo $(git rev-list --header -1 HEAD)",
    "echo $(git rev-list -g -1 HEAD)",
    "echo $(git rev-list --objects HEAD)",
    "echo $(git rev-list --graph HEAD)",
    "echo `git rev-list --oneline -1 HEAD`",
  ])("%j may print a glob: its words are unknown paths", async (command) => {
    expect(await unknownPaths(command)).toBeGreaterThan(0);
  });

  it.each([
    "echo $(git rev-list -1 HEAD)",
    "echo $(git rev-list -n 1 HEAD)",
    "echo $(git rev-list --max-count=1 --abbrev-commit HEAD~3..HEAD)",
    "echo $(git rev-list --all --reverse --first-parent)",
    "echo $(git rev-list --left-right --cherry-mark main...HEAD)",
  ])("%j prints object names only: no path", async (command) => {
    expect(await unknownPaths(command)).toBe(0);
  });
});
