import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * Attack round M20, classes interpreter-dashdash-then-stdin-script, option-value-dashdash-
 * then-code-option, roff-stdin-after-dashdash, npm-dashdash-before-subcommand-or-spec,
 * ctest-dashdash-then-script-option and git-subcommand-dashdash-before-operand: `--` read as
 * the end of what the words mean. Traced under bash 5.2 with strace: `python3 -- -`, `perl --
 * -` and `node -- -` ran the program on stdin (git push); `perl -I -- -e CODE` ran CODE (-I
 * took `--`); `groff -- /dev/stdin` and `groff README.md -` opened the file a `.so` named;
 * `npm install -- git+file:///tmp/r` and `npm -- install …` ran git ls-remote on /tmp/r;
 * `ctest -- -S x` and `ctest -E foo -S x` ran x's execute_process; `git worktree add -- .ssh
 * HEAD` and `git clone -- . .ssh` wrote /repo/.ssh/*.
 */
const proven = async (command: string) => {
  const analysis = await analyze(command);
  return analysis.status === "ok" && analysis.units.every((unit) => unit.sentinel === null);
};

function touched(analysis: BashAnalysis, path: string, access: "read" | "write"): boolean {
  return analysis.paths.some(
    (each) =>
      each.path === path &&
      (access === "read" ? true : each.access === "write" || each.access === "read_write"),
  );
}

describe("`--` ends the options, not what the words after it mean", () => {
  it.each([
    "python3 -- - <<< 'import os'",
    "python3 -u -- - <<< 'import os'",
    "echo 'import os' | python3 -I -- - x",
    "echo 'system(1)' | perl -- -",
    "echo 'system(1)' | perl -w -- - x y",
    "echo 'process.exit()' | node -- -",
    "echo 'process.exit()' | node --no-warnings -- -",
    "perl -I -- -e 'system(1)'",
    "perl -I -- -E 'system(1)'",
    "perl -I -- -Mstrict -e 'system(1)'",
    "perl -I -- -ne 'system(1)' README.md",
    "perl -I -- -pi -e 'system(1)' README.md",
    "ruby -I -- -e 'system(1)'",
    "printf 'execute_process(COMMAND id)\\n' > x; ctest -- -C Debug -S x,a",
    "printf 'execute_process(COMMAND id)\\n' > x; ctest -E foo -S x",
  ])("%j is not proven", async (command) => {
    expect(await proven(command)).toBe(false);
  });

  it.each([
    "python3 -- x.py",
    "perl -- x.pl",
    "node -- x.js",
    "perl -I lib -- t.pl",
    "ctest -C Debug",
  ])("%j stays proven", async (command) => {
    expect(await proven(command)).toBe(true);
  });

  it("groff reads stdin named after `--` or after a file", async () => {
    for (const command of [
      "groff -Tascii -- /dev/stdin <<< '.so /home/user/notes.txt'",
      "groff -Tascii -- - <<< '.so /home/user/notes.txt'",
      "groff -Tascii README.md - <<< '.so /home/user/notes.txt'",
    ]) {
      const analysis = await analyze(command);
      expect(
        analysis.paths.some((path) => path.sentinel !== undefined && path.sentinel !== null),
        command,
      ).toBe(true);
    }
  });

  it("npm reads its command and specs after `--`", async () => {
    for (const command of [
      "npm install -- git+file:///tmp/r",
      "npm -- install git+file:///tmp/r",
      "npm cache add -- git+file://localhost/tmp/r",
    ]) {
      const analysis = await analyze(command);
      expect(touched(analysis, "/tmp/r", "read"), command).toBe(true);
      expect(
        analysis.units.some((unit) => unit.argv.includes("ls-remote")),
        command,
      ).toBe(true);
    }
  });

  it("git's clone, init, worktree and submodule take their folder after `--`", async () => {
    for (const command of [
      "git worktree add -- .ssh HEAD",
      "git worktree add -f -- .ssh HEAD",
      "git worktree add --detach -- .ssh",
      "git clone -- . .ssh",
      "git clone --bare -- . .ssh",
      "git init --bare -- .ssh",
      "git submodule add -- ./ .ssh",
    ]) {
      const analysis = await analyze(command);
      expect(
        analysis.paths.some(
          (path) => path.path?.startsWith("/repo/.ssh/") === true && path.access === "write",
        ),
        command,
      ).toBe(true);
    }
  });

  it("git pull hands the words after `--` to fetch as options again", async () => {
    const analysis = await analyze(
      "git remote add x git@h:r; git pull -- --recurse-submodules x main",
    );
    expect(analysis.units.some((unit) => unit.argv[0] === "ssh")).toBe(true);
  });
});
