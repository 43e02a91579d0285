// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze, mayRun } from "./helpers.ts";

const sentinels = async (command: string): Promise<(string | null)[]> =>
  (await analyze(command)).units.map((unit) => unit.sentinel);

const argvs = async (command: string): Promise<string[]> =>
  (await analyze(command)).units.map((unit) => unit.argv.join(" "));

/**
 * Attack round C14 (metamorphic), classes negated-pipeline-drops-evaluated-later and
 * negated-brace-group-misparsed-as-command. After `!` tree-sitter-bash reads only a simple
 * command, a test or a subshell: `! { …; }`, `! for …`, `! if …` came out as commands named
 * `{`, `for`, `if`, and `! (( x ))` as two nested subshells running a command `x`, so brace
 * spellings, IFS splits and arithmetic evaluation inside were lost. And a redirect after
 * `! cmd` was bound to the negation instead of the command (`! cat {m['$(id)']}</dev/null`
 * lost the descriptor variable's subscript). strace showed bash running the hidden commands
 * in each case.
 */
describe("a compound command after ! is read as bash reads it", () => {
  it.each([
    ["! { {git,push,origin,main}; }", "git push origin main"],
    ["! { npm${IFS}publish; }", "npm publish"],
    ["! { IFS=_; c=git_push_origin_main; $c; }", "git push origin main"],
    ["! for i in 1 2; do {git,push}; done", "git push"],
    ["! if true; then {git,push}; fi", "git push"],
    ["! while :; do {git,push}; done", "git push"],
    ["! until :; do {git,push}; done", "git push"],
    ["! case a in a) {git,push};; esac", "git push"],
    ["! time { {git,push}; }", "git push"],
    ["! ! { {git,push}; }", "git push"],
    ["true && ! { {git,push}; }", "git push"],
    ["f() { ! { {git,push}; }; }; f", "git push"],
    ['echo "$(! { {git,push}; })"', "git push"],
  ])("%j runs %j", async (command, words) => {
    expect(mayRun(await analyze(command), words)).toBe(true);
  });

  it.each([
    "x='a[$(rm -rf build)]'; ! (( x ))",
    "x='a[$(rm -rf build)]'; ! ((x)) && :",
    "x='a[$(rm -rf build)]'; if ! (( x )); then :; fi",
    "x='a[$(rm -rf build)]'; while ! ((x)); do :; done",
    "x='a[$(rm -rf build)]'; ! { ((x)); }",
    "x='a[$(rm -rf build)]'; ! (( x )) >/dev/null",
    "! { y=a[\\$\\(rm\\ -rf\\ /srv/origin.git\\)]; (( y )); }",
    "! for i in 1 2; do (( y )); : ${y='a[$(rm -rf build)]'}; done",
  ])("%j floors the evaluated value", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.evaluatedString);
  });

  it("keeps plain negated compounds plain", async () => {
    expect(await argvs("! { ls; }")).toEqual(["ls"]);
    expect(await argvs("! for i in 1 2; do ls; done")).toEqual(["ls", "ls"]);
    expect(await argvs("! ((1))")).toEqual([]);
    // A space between the parentheses: two subshells running `x`, as bash reads it.
    expect(await argvs("! ( (x) )")).toEqual(["x"]);
    for (const command of ["! { ls; }", "! ! ls", "! if true; then ls; fi"]) {
      const analysis = await analyze(command);
      expect(analysis.status, command).toBe("ok");
      expect(await sentinels(command), command).not.toContain(SENTINELS.unparseable);
    }
  });

  it("lets what follows a negated group run under set -e", async () => {
    expect(mayRun(await analyze("set -e; ! { false; }; git push"), "git push")).toBe(true);
  });
});

describe("a redirect after a negated command belongs to the command", () => {
  it.each([
    "! grep -c x README.md {m['$(rm -rf build)']}</dev/null",
    "! cat {m['$(rm -rf build)']}</dev/null",
  ])("%j floors the descriptor variable's subscript", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.evaluatedString);
  });

  it("reads the words after a redirect as the command's", async () => {
    expect(await argvs("! ls 2>/dev/null src")).toEqual(["ls src"]);
  });
});
