import { afterEach, describe, expect, it } from "vitest";
import { deadlineClocks } from "../src/check/deadline.ts";
import { SENTINELS } from "../src/index.ts";
import { analyze, mayReadNotes, mayRun, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 (attack11a, corpus fix11b-*): a shell option or the readonly
 * attribute set in a spelling that does not write its name out. Brace expansion
 * (`last{pipe,}` turns on `lastpipe` and `last`), a pattern a file name completes, a line
 * continuation, a glob command word, a host that hands the option to a nested bash.
 */
describe("adversarial: options and readonly named without writing the name", () => {
  it.each([
    ["lastpipe by braces", "c=log; shopt -s last{pipe,} 2>/dev/null; true | c=push; git $c"],
    ["lastpipe by a prefix", "c=log; shopt -s {last,}pipe 2>/dev/null; true | c=push; git $c"],
    ["lastpipe by a range", "c=log; shopt -s last{p..p}ipe; true | c=push; git $c"],
    ["lastpipe, builtin", "c=log; builtin shopt -s l{a,}stpipe; true | c=push; git $c"],
    ["lastpipe by a pattern", "c=log; shopt -s lastp?pe; true | c=push; git $c"],
    ["lastpipe, continued", "c=log; shopt -s \\\n$o; true | c=push; git $c"],
    ["lastpipe, -o computed", "c=log; shopt -so `cat f`; true | c=push; git $c"],
    ["lastpipe from the host", "env BASHOPTS=$(cat f) bash -c 'c=log; true | c=push; git $c'"],
    ["readonly by braces", "c=push; read{only,} c; declare c=log; git $c"],
    ["readonly by a range", "c=push; read{o..o}nly c; declare c=log; git $c"],
    ["readonly by a glob command word", "c=push; rea?only c; declare c=log; git $c"],
    ["declare -r by braces", "c=push; declare -{r,} c; declare c=log; git $c"],
    [
      "set -o keyword by braces",
      "set -o key{word,}; echo x >> README.md; git diff GIT_EXTERNAL_DIFF='git push;:'",
    ],
    [
      "shopt -so keyword computed",
      "shopt -so $(cat f); echo x >> README.md; git diff GIT_EXTERNAL_DIFF='git push;:'",
    ],
    [
      "set -k by a glob command word",
      "s?t -k; echo x >> README.md; git diff GIT_EXTERNAL_DIFF='git push;:'",
    ],
    [
      "set -k from the host",
      "bash -$(cat f) -c \"echo x >> README.md; git diff GIT_EXTERNAL_DIFF='git push;:'\"",
    ],
    ["a brace too large to write out", "c=log; shopt -s x{1..5000}; true | c=push; git $c"],
    [
      "set -o by a backtick substitution",
      "set -o `cat f`; echo x >> README.md; git diff GIT_EXTERNAL_DIFF='git push;:'",
    ],
    [
      "lastpipe by an extglob",
      "c=log; shopt -s extglob\nshopt -s @(lastp)ipe; true | c=push; git $c",
    ],
  ])("%s: %s", async (_note, command) => {
    expect(mayRun(await analyze(command), "git push")).toBe(true);
  });

  it.each([
    [
      "cdable_vars by braces",
      "shopt -s cdable_var{s,} 2>/dev/null; h=/home/user; cd h && cat notes.txt",
    ],
    ["cdable_vars by a range", "shopt -s cdable_v{a..a}rs; h=/home/user; cd h; cat notes.txt"],
    ["globskipdots by braces", "shopt -u globskipdot{s,} 2>/dev/null; cat .*/home/user/notes.txt"],
    ["cd by a range in a loop", "for i in 1 2; do cat notes.txt; c{d..d}; done"],
  ])("%s: %s", async (_note, command) => {
    expect(mayReadNotes(await analyze(command))).toBe(true);
  });
});

/** Traced under bash 5.2 (attack11a): an assignment expands a `~` after every unquoted `:`. */
describe("adversarial: a tilde after a colon in an assignment value", () => {
  it.each([
    "x=README.md:~/notes.txt; IFS=:; cat $x",
    "x=README.md; x+=:~/notes.txt; IFS=:; cat $x",
    "export x=README.md:~/notes.txt; IFS=:; cat $x",
    "declare x=README.md:~/notes.txt; IFS=:; cat $x",
    "f() { local x=README.md:~/notes.txt; IFS=:; cat $x; }; f",
    "builtin export x=README.md:~/notes.txt; IFS=:; cat $x",
    "IFS=:; x=README.md:~; cat $x/notes.txt",
    "IFS=:; x=README.md::~/notes.txt; cat $x",
    'IFS=:; x="README.md":~/notes.txt; cat $x',
    "IFS=:; x=README.md:~user/notes.txt; cat $x",
    "IFS=:; x=README.md:~-/notes.txt; cat $x",
    "cd /home/user; IFS=:; x=README.md:~+/notes.txt; cat $x",
  ])("%s", async (command) => {
    expect(mayReadNotes(await analyze(command))).toBe(true);
  });

  it("names the folder when HOME is known: x=README.md:~/notes.txt; IFS=:; cat $x", async () => {
    const found = paths(await analyze("x=README.md:~/notes.txt; IFS=:; cat $x"));
    expect(found).toEqual(["read:/repo/README.md", "read:/home/user/notes.txt"]);
  });

  it.each([
    // A quoted `~`, a quoted or escaped `:`, or a `~` after `=` is left as written.
    ["x=a:'~'/notes.txt; IFS=:; cat $x", "cat a ~/notes.txt"],
    ["x=a\\:~/notes.txt; cat $x", "cat a:~/notes.txt"],
    ["x=a=~/notes.txt; IFS==; cat $x", "cat a ~/notes.txt"],
  ])("leaves the tilde alone where bash does: %s", async (command, expected) => {
    const analysis = await analyze(command);
    expect(analysis.units.map((unit) => unit.argv.join(" "))).toContain(expected);
  });
});

describe("precision: ordinary options, braces and assignments stay proven", () => {
  it.each([
    ["another option", "shopt -s extglob nullglob; echo hi | read x; cat README.md"],
    ["set flags", "set -euo pipefail; cat README.md"],
    ["braces elsewhere", "mkdir -p build/{x,y}; c=status; declare c=log; git $c"],
    ["braces in a loop list", "for f in src/{a,b}.ts; do cat $f; done"],
    ["a path list", "x=src:build; IFS=:; ls $x"],
    ["a tilde path list", "x=README.md:~/notes.txt; echo $x"],
    [
      "a method named set in written code",
      "cat > src/m.ts <<'EOF'\nm.set(k, v ?? []);\nif (!ok) throw e;\nEOF\ncat README.md",
    ],
  ])("%s: %s", async (_note, command) => {
    const analysis = await analyze(command);
    expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
    expect(paths(analysis).every((path) => !path.endsWith(":?"))).toBe(true);
  });

  it("keeps a declared value after braces that spell no readonly: echo {a,b}", async () => {
    const analysis = await analyze("c=push; echo {a,b}; declare c=log; git $c");
    expect(analysis.units.map((unit) => unit.argv.join(" "))).toContain("git log");
    expect(mayRun(analysis, "git push")).toBe(false);
  });

  it("keeps a pipeline's last member in a subshell: shopt -s ext{glob,}", async () => {
    const analysis = await analyze("c=log; shopt -s ext{glob,} 2>/dev/null; true | c=push; git $c");
    expect(mayRun(analysis, "git push")).toBe(false);
  });
});

describe("denial of service: the brace spelling stays linear", () => {
  // The clocks are stopped, so the analysis can end only by spending its counted steps: work the
  // steps do not see (60,000 `{` once took 60 s) would run into the test's own timeout instead
  // of being cut short by the CPU-time stop. No wall time is measured (a loaded CI machine
  // made a 3 s bound fail).
  afterEach(() => {
    deadlineClocks.wall = clocks.wall;
    deadlineClocks.cpu = clocks.cpu;
  });
  const clocks = { ...deadlineClocks };
  it.each([
    ["nested braces", `echo ${"{".repeat(60000)}; c=log; true | c=push; git $c`],
    ["open alternatives", `echo ${"{a,".repeat(30000)}; git log`],
    ["a long word and a brace", `echo ${"a".repeat(150000)} {; git log`],
  ])("%s", async (_note, command) => {
    deadlineClocks.wall = () => 0;
    deadlineClocks.cpu = () => 0;
    const analysis = await analyze(command);
    expect(analysis.units.map((unit) => unit.sentinel)).toContain(SENTINELS.analysisTimeout);
  });
});

describe("an argument spelled as an assignment gets the same tildes", () => {
  it("names the home the string set: HOME=/tmp; env X=a:~/b printenv", async () => {
    const analysis = await analyze("HOME=/tmp; env X=a:~/b printenv");
    expect(analysis.units.map((unit) => unit.argv.join(" "))).toContain("env X=a:/tmp/b printenv");
  });

  it("names PWD for ~+: env X=a:~+/b printenv", async () => {
    const analysis = await analyze("env X=a:~+/b printenv");
    expect(analysis.units.map((unit) => unit.argv.join(" "))).toContain("env X=a:/repo/b printenv");
  });

  it("keeps a plain ~ as written under the user's HOME: dd if=~/notes.txt", async () => {
    const analysis = await analyze("dd if=~/notes.txt of=/dev/null");
    expect(analysis.units.map((unit) => unit.argv.join(" "))).toEqual([
      "dd if=~/notes.txt of=/dev/null",
    ]);
    expect(paths(analysis)).toContain("read:/home/user/notes.txt");
  });
});
