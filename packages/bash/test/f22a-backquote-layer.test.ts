import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { backquoteReadings } from "../src/read/substitutions.ts";
import { analyze, paths } from "./helpers.ts";

/**
 * R21 backtick-escpipe (session 21, 11 wrong allows under P1/P3): inside backquotes bash removes
 * one backslash layer (`\\` → `\`, `` \` `` → `` ` ``, `\$` → `$`) before it parses the body,
 * so `` `echo 'a[$(rm -rf x)]' \\| nproc` `` runs echo with a `|` word and prints the
 * subscript, which `$(( ))`, `(( ))`, `[[ -gt ]]`, `${x:off}` then evaluate (traced under bash
 * 5.2: rm, cat .env, git push, npm publish ran). The reading of a substitution's output
 * (walk/evaluated.ts) took the raw body, where `\\|` is an escaped backslash and a pipe to
 * nproc. Right in double quotes bash removes the backslash of `\"` as well (traced:
 * `` echo "`cat \".env\"`" `` reads .env; in a heredoc body, `${…}` or `$(( ))` it stays), which
 * the walker's reading of the body did not (it listed cat of `".env"`).
 */

function evaluated(analysis: BashAnalysis): boolean {
  return analysis.units.some((unit) => unit.sentinel === "<evaluated-string>");
}

describe("soundness: a backquote body is evaluated as bash parses it", () => {
  it.each([
    "echo $(( `echo 'a[$(rm -rf x)]' \\\\| nproc` ))",
    "(( `echo 'a[$(rm -rf x)]' \\\\| nproc` )); echo",
    "[[ `echo 'a[$(rm -rf x)]' \\\\| nproc` -gt 0 ]]",
    "echo $(( `echo 'a[$(cat .env > x)]' \\\\| wc -l` ))",
    "x=abc; echo ${x:`echo 'a[$(rm -rf x)]' \\\\| nproc`}",
    "echo $(( `echo 'a[$(git push origin main)]' \\\\| nproc` ))",
    "echo $(( `echo 'a[$(npm publish)]' \\\\| id -u` ))",
    "cat <<E\n$(( `echo 'a[$(rm -rf x)]' \\\\| nproc` ))\nE",
    "echo \"$(( `echo 'a[$(rm -rf x)]' \\\\| nproc` ))\"",
    "for ((i=`echo 'a[$(rm -rf x)]' \\\\| nproc`; i<0; i++)); do :; done",
    "x=$(( `echo 'a[$(rm -rf x)]' \\\\| nproc` ))",
    // Other numeric tails, and `\$` standing for `$`.
    "echo $(( `echo 'a[$(rm -rf x)]' \\\\| git rev-list --count HEAD` ))",
    "echo $(( `echo 'a[$(rm -rf x)]' \\\\| grep -c x` ))",
    "echo $(( `echo a[\\$\\(rm -rf x\\)] \\\\| date +%s` ))",
    "echo $[ `echo 'a[$(rm -rf x)]' \\\\| nproc` ]",
    // A `\"` whose reading depends on where the backquotes stand.
    'echo "$(( `echo \\"a[\\$(rm -rf x)]\\" \\\\| nproc` ))"',
  ])("%j", async (command) => {
    expect(evaluated(await analyze(command))).toBe(true);
  });

  it.each([
    // The layer gone, `\\|` is an escaped backslash and a real pipe: wc prints a number.
    "echo $(( `echo 'a[$(rm -rf x)]' \\\\\\\\| wc -l` ))",
    "echo $(( `wc -l < f` + 1 ))",
    "[[ `nproc` -gt 2 ]]",
  ])("a number stays a number: %j", async (command) => {
    expect(evaluated(await analyze(command))).toBe(false);
  });
});

describe('soundness: `\\"` in a backquote right in double quotes is a quote', () => {
  it.each([
    ['echo "`cat \\".env\\"`"', "read:/repo/.env"],
    ['x="`cat \\".env\\"`"', "read:/repo/.env"],
    ['[[ "`cat \\".env\\"`" ]]', "read:/repo/.env"],
    ['echo "a`cat \\"/home/user/.ssh/id_rsa\\"`b"', "read:/home/user/.ssh/id_rsa"],
  ])("%j reads %s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it("a quote it ends no longer hides a command", async () => {
    const analysis = await analyze('echo "`echo \\\\\\" ; rm -rf x ; \\\\\\"`"');
    expect(analysis.units.map((unit) => unit.argv.join(" "))).toContain("rm -rf x");
  });

  it.each([
    // In a heredoc body and in `${…}` the backslash stays (traced: cat ran on `".env"`).
    ['cat <<E\n`cat \\".env\\"`\nE', 'read:/repo/".env"'],
    ['echo "${x:-`cat \\".env\\"`}"', 'read:/repo/".env"'],
  ])("%j keeps the backslash: %s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it("inside `$[ ]` in double quotes both readings are taken", async () => {
    const found = paths(await analyze('echo "$[ `cat \\".env\\"` ]"'));
    expect(found).toContain("read:/repo/.env");
  });

  it('a `\\"` a `${…}` keeps still runs what follows it', async () => {
    const analysis = await analyze('echo "${x:-`echo \\" ; rm -rf x ; \\"`}"');
    expect(analysis.units.map((unit) => unit.argv.join(" "))).toContain("rm -rf x");
  });
});

describe("backquoteReadings", () => {
  it("removes one layer", () => {
    expect(backquoteReadings("echo a \\\\| nproc", false)).toEqual(["echo a \\| nproc"]);
    expect(backquoteReadings("echo \\`id\\` \\$HOME", false)).toEqual(["echo `id` $HOME"]);
    expect(backquoteReadings('echo \\"a\\"', false)).toEqual(['echo \\"a\\"']);
    expect(backquoteReadings('echo \\"a\\"', true)).toEqual(['echo "a"']);
    expect(backquoteReadings('echo \\\\\\"a', true)).toEqual(['echo \\"a']);
  });

  it("gives both readings where the quoting is not known", () => {
    expect(backquoteReadings('cat \\".env\\"', null)).toEqual(['cat \\".env\\"', 'cat ".env"']);
    expect(backquoteReadings("cat .env", null)).toEqual(["cat .env"]);
  });
});

describe("soundness: a `|` after a backslash or `#` is no pipe to wc", () => {
  it.each([
    // Traced: git show ran with HEAD:.env (the comment hides `|wc -l`).
    'git show "$(echo HEAD:.env #|wc -l\n)"',
    'git show "HEAD$(echo :.env #|wc -l\n)"',
  ])("%j", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.paths.some((path) => path.path === null)).toBe(true);
  });
});
