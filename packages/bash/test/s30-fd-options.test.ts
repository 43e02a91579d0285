import { describe, expect, it } from "vitest";
import { analyze, pathsOf, runs, unproven } from "./helpers.ts";

// S30 fd-options (R38): fd's words were matched as exact strings (`-x`, `--search-path`), not
// read with the clap grammar declared beside them. Traced under bash 5.2 with fd 8.6:
// `fdfind -Hx git push` ran `git push ./README.md`; `--search-path=/home/user` and
// `--base-directory=/home/user` walked /home/user; `--ignore-file F` opened F; after `--`,
// `-d` is the pattern and the next word a search path. A second `-x` after `;` runs too.

describe("s30: fd's exec options wherever its grammar finds them", () => {
  it.each([
    "fdfind -Hx git push",
    "fdfind -uX git push origin main",
    "fdfind README -HX git push origin main",
    "fdfind -1x git push",
    "fd -tf -Lx git push",
    "fd --hidden --exec git push",
    "fd -e md -x echo hi ; -x git push",
    "fd -x echo hi ; README -X git push",
    "fd --exec=git x ; fd -xgit ; fd -x=git",
    "fd -C src -x git push",
  ])("%s runs git", async (command) => {
    const analysis = await analyze(command);
    const seen =
      (await runs(command, "git", "push")) ||
      analysis.units.some((unit) => unit.executed?.[0] === "git");
    expect(seen).toBe(true);
  });

  it.each([
    "fd -x echo $(cat f) -H",
    'fd "$(cat p)" -x rm',
    "fd $(cat p)",
    'fd --search-path="$(cat d)" x',
    "fd --bogus -x rm",
    "fd --exec-b rm",
    "fd -h -x rm",
    'fd -C"$(cat d)" -x rm',
    'fd -x"$(cat c)" x',
  ])("%s: words fd reads another way are unproven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    ["fdfind --search-path=/home/user x", "read /home/user"],
    ["fdfind --search-path /home/user x", "read /home/user"],
    ["fdfind --base-directory=/home/user x", "read /home/user"],
    ["fd -C/home/user x", "read /home/user"],
    ["fd --base-directory /home/user --search-path .ssh x", "read /home/user/.ssh"],
    ["fd -C /home/user x .ssh", "read /home/user/.ssh"],
    ["fd -C src x ..", "read /repo"],
    ["fdfind --ignore-file /home/user/notes.txt x", "read /home/user/notes.txt"],
    ["fdfind --ignore-file=/home/user/notes.txt x", "read /home/user/notes.txt"],
    ["fd -C /home/user --ignore-file notes.txt x", "read /home/user/notes.txt"],
    ["fdfind -- -d /home/user", "read /home/user"],
    ["fdfind -- -E /home/user/.ssh", "read /home/user/.ssh"],
    ["fdfind -d 1 -- -x /home/user", "read /home/user"],
    ["fd --search-path=/home/user -HX cat", "read /home/user"],
  ])("%s: %s", async (command, use) => {
    expect(await pathsOf(command)).toContain(use);
  });

  it.each([
    // bash expands no `~` after `--ignore-file=`: fd opens ./~/… (in the working directory).
    ["fd --ignore-file=~/x y", ["read /repo", "read /repo/~/x"]],
    // -d takes 1; the pattern is x, no path given: the working directory.
    ["fd -d1 x", ["read /repo"]],
    // -E's value is no path.
    ["fd -E /home/user x src", ["read /repo/src"]],
  ])("%s reads %j only", async (command, uses) => {
    expect([...new Set(await pathsOf(command))].sort()).toEqual(uses);
  });

  it.each([
    "fd -e ts src",
    "fd . src -t f",
    "fd -- -x git push",
    "fd -d1 -- -x",
    'fd --exclude="$(cat x)" y src',
    'fd -e"$(cat x)" y src',
  ])("%s lists files only", async (command) => {
    // The units of a substitution (`cat x`) come after fd's.
    const fd = (await analyze(command)).units[0];
    expect([fd?.executed?.[0], fd?.sentinel]).toEqual(["fd", null]);
  });
});
