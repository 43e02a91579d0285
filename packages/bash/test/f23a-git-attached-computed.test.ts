import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/**
 * R22 git-attached-computed and config-env-whole (session 22, 7 wrong allows under P1; traced
 * under bash 5.2 with strace). A value only known at run time stuck to a git short option that
 * takes one, alone or at the end of a cluster, was left as one unknown operand word:
 * `git config -lf"${x:-/home/user/.ssh/id_rsa}"` and `-f"…" -l` read id_rsa, while the `=` and
 * separate spellings asked. `git --config-env="$(cat f)" status` with f holding
 * core.fsmonitor=V ran V's command (rm); `-c "$(cat f)"` asked.
 */

/** Some path is computed (any file), or some unit is not proven: judged ask at least. */
function judged(analysis: BashAnalysis): boolean {
  return (
    analysis.paths.some((path) => path.path === null && path.sentinel !== undefined) ||
    analysis.units.some((unit) => unit.sentinel !== null)
  );
}

describe("soundness: a computed value stuck to a git short option is that option's value", () => {
  it.each([
    'git config -lf"$(cat f)"',
    'git config -f"$(cat f)" -l',
    'git config -zf"$(cat f)" -l',
    'git config --global -f"$(cat f)" -l',
    'git config -f"${x:-/home/user/.ssh/id_rsa}" -l',
    "git config -lf\"$(printf %s '/home/user/.ssh/id_rsa')\"",
    // Another subcommand's value letter that reads a file (commit-tree -F).
    'git commit-tree -F"$(cat f)" HEAD^{tree}',
    'git commit-tree -pHEAD -F"$(cat f)" HEAD^{tree}',
    // git's own -C and -c with a computed value stuck on (git refuses them, still judged).
    'git -C"$(cat f)" status',
    'git -c"$(cat f)" status',
  ])("%j", async (command) => {
    expect(judged(await analyze(command))).toBe(true);
  });

  it.each([
    'git config -lf"${x:-/home/user/.ssh/id_rsa}"',
    'git config -f"${x:-/home/user/.ssh/id_rsa}" -l',
    'git config -zf"${x:-/home/user/.ssh/id_rsa}" -l',
  ])("%j reaches the default's file", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.paths.some((path) => path.path === "/home/user/.ssh/id_rsa")).toBe(true);
  });
});

describe("soundness: a computed --config-env value whose key is not written out", () => {
  it.each([
    'git --config-env="$(cat f)" status',
    'git --config-env "$(cat f)" status',
    'git --config-env="${k:-core.fsmonitor=V}" status',
    'echo core.fsmonitor=V > f; V="rm -f x" git --config-env="$(cat f)" status',
    'git --config-env="core.fsmonitor$(cat f)" status',
  ])("%j", async (command) => {
    expect(judged(await analyze(command))).toBe(true);
  });
});

describe("keepers: messages and flags keep their reading", () => {
  it.each([
    'git commit -m"$(cat m)"',
    'git commit -am"$(cat m)"',
    "git config -l",
    "git config -f .gitmodules -l",
  ])("%j", async (command) => {
    expect(judged(await analyze(command))).toBe(false);
  });
});

/**
 * The same class through a letter no file table lists: any short option git's table gives a
 * value takes a value only known at run time as a possible file, as a long one does (F23a,
 * traced under bash 5.2: `git fmt-merge-msg -F"${m:-/home/user/.ssh/id_rsa}"` and the
 * separate spelling read id_rsa, and were allowed).
 */
describe("soundness: a computed value of any value-taking short letter", () => {
  it.each([
    'git fmt-merge-msg -F"$(cat f)"',
    'git fmt-merge-msg -F "$(cat f)"',
    'git fmt-merge-msg -F"${m:-/home/user/.ssh/id_rsa}"',
  ])("%j", async (command) => {
    expect(judged(await analyze(command))).toBe(true);
  });

  it("reaches the default's file", async () => {
    const analysis = await analyze('git fmt-merge-msg -F "${m:-/home/user/.ssh/id_rsa}"');
    expect(analysis.paths.some((path) => path.path === "/home/user/.ssh/id_rsa")).toBe(true);
  });

  it.each([
    "git fmt-merge-msg -F .git/FETCH_HEAD",
    'git checkout -b "$(cat b)"',
    'git grep -e "$(cat p)" -- src',
  ])("keeper %j", async (command) => {
    expect(judged(await analyze(command))).toBe(false);
  });
});
