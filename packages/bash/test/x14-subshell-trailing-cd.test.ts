import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

const reads = async (command: string) => paths(await analyze(command));

/**
 * A14 needless-ask class cd-leaks-out-of-subshell: a plain `cd DIR` that ends a subshell
 * changes the directory of a process that then exits, as a cd ending the whole string does:
 * nothing runs or opens a file there (strace of `(cd /tmp) && git status`: git works in /repo,
 * only chdir("/tmp") in the child).
 */
describe("a cd at the end of a subshell", () => {
  it.each([
    ["alone", "(cd /tmp) && git status"],
    ["after other statements", "(git status; cd /tmp)"],
    ["in a substitution's subshell", "x=$( (cd /etc) ); cat hostname"],
    ["two of them", "(cd /tmp; cd /etc)"],
  ])("%s: the folder it enters is no path", async (_, command) => {
    const found = await reads(command);
    expect(found.filter((path) => path === "read:/tmp" || path === "read:/etc")).toEqual([]);
  });

  it.each([
    ["a home folder", "(cd ~/.ssh) && cat id_rsa"],
    ["home itself at the end", "git status; cd ~"],
    ["below home at the end", "cd src; ls; cd ~/work"],
  ])("%s: `~` and `~/…` are plain folders too", async (_, command) => {
    const found = await reads(command);
    expect(found.filter((path) => path.startsWith("read:/home/user"))).toEqual([]);
  });

  it.each([
    ["something after it", "(cd /tmp; ls)"],
    ["in the background", "(cd /tmp &); ls"],
    ["a redirect on it", "(cd /tmp > x)"],
    ["an EXIT trap", 'trap "ls" EXIT; (cd /tmp)'],
    ["a function named cd", "cd() { ls; }; (cd /tmp)"],
    ["a group, not a subshell", "{ cd /tmp; }; ls"],
  ])("%s: the folder stays a path", async (_, command) => {
    const found = await reads(command);
    expect(found.includes("read:/tmp") || found.some((path) => path.endsWith(":?"))).toBe(true);
  });
});
