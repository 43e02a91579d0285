import { describe, expect, it } from "vitest";
import { analyze, globPaths, indirectionWrapper, opaqueWrapper } from "./helpers.ts";

/** Each unit as `executed` (or `?`) and its sentinel. */
async function runs(command: string): Promise<string[]> {
  const { units } = await analyze(command);
  return units.map((unit) => `${unit.executed?.join(" ") ?? "?"} | ${unit.sentinel ?? "-"}`);
}

/** The sentinel of every unit whose words start with `name`. */
async function floorsOf(command: string, name: string): Promise<(string | null)[]> {
  const { units } = await analyze(command);
  return units.filter((unit) => unit.argv[0] === name).map((unit) => unit.sentinel);
}

describe("find -exec: {} is the starting point or a path below it", () => {
  it.each<[string, string[]]>([
    // The start is named `src`, which `-name '*.ts'` cannot match: find never hands it on.
    ["find src -name '*.ts' -exec wc -l {} +", ["wc -l src/** | -"]],
    [
      "find src -type f -exec grep -l TODO {} \\;",
      ["grep -l TODO src/** | -", "grep -l TODO src | -"],
    ],
    ["find / -exec rm -rf {} +", ["rm -rf /** | -", "rm -rf / | -"]],
    ["find -exec cat {} +", ["cat ./** | -", "cat . | -"]],
    ["find src/ -ok rm {} \\;", ["rm src/** | -", "rm src/ | -"]],
    ["find . -exec echo done \\;", ["echo done | -"]],
    ["find src tests -name x -exec rm -rf {} +", ["rm -rf src/** | -", "rm -rf tests/** | -"]],
    [
      "find src tests -name src -exec rm -rf {} +",
      ["rm -rf src/** | -", "rm -rf src | -", "rm -rf tests/** | -"],
    ],
  ])("%s runs its inner command with {} written out", async (command, expected) => {
    expect(await runs(command)).toEqual(expected);
  });

  it("judges everything below the start as the inner command's operand (.env below .)", async () => {
    const analysis = await analyze("find . -exec cat {} +");
    // find's own walk, then `./**` (only below the start: the start is the next word), then `.`.
    expect(globPaths(analysis)).toEqual([
      "read:/repo",
      "read:glob:/repo/**",
      "read:glob:/repo/**",
      "read:/repo",
    ]);
  });

  it.each([
    ['find "$D" -exec cat {} +', "a computed start"],
    ["find src -execdir wc -l {} +", "-execdir runs in each folder, with ./NAME"],
    ["find src -okdir rm {} \\;", "-okdir alike"],
    ["find src -exec cp {} {}.bak \\;", "{} inside a longer word"],
    ["find 'src*' -exec cat {} +", "a start with a pattern character"],
    ["find ~ -exec cat {} +", "a start with a tilde"],
    ["find -files0-from list -exec cat {} +", "starting points read from a file"],
    ["find a b c d e f g h i -exec cat {} +", "more commands than spelled out"],
  ])("%s stays floored (%s)", async (command) => {
    const { units } = await analyze(command);
    expect(units.map((unit) => unit.sentinel)).toEqual(units.map(() => indirectionWrapper));
  });

  it("reads each further command like the first: git's table applies to a second -exec", async () => {
    const { units } = await analyze(
      "find . -exec cat {} \\; -exec git -c core.pager=sh log {} \\;",
    );
    // The pager git runs is a unit of its own, for the second -exec as for a git run alone.
    const pagers = units.filter((unit) => unit.wrappers[0]?.argv[0] === "core.pager=sh");
    expect(pagers.length).toBeGreaterThan(0);
    expect(pagers.every((unit) => unit.sentinel === opaqueWrapper)).toBe(true);
  });
});

describe("xargs: the words a provable producer gives it", () => {
  it.each<[string, string[]]>([
    ["echo src/a.ts | xargs cat", ["echo src/a.ts | -", "cat src/a.ts | -"]],
    ["echo a b | xargs", ["echo a b | -", "echo a b | -"]],
    ["echo -rf / | xargs rm", ["echo -rf / | -", "rm -rf / | -"]],
    [
      "printf '%s\\n' src/a.ts src/b.ts | xargs -r wc -l",
      ["printf %s\\n src/a.ts src/b.ts | -", "wc -l src/a.ts src/b.ts | -"],
    ],
    ["seq 2 | xargs -I{} echo run {}", ["seq 2 | -", "echo run 1 | -", "echo run 2 | -"]],
    ["echo a.ts | xargs -I % echo 'file: %'", ["echo a.ts | -", "echo file: a.ts | -"]],
    // -n N and -L N split the same words over several commands, each spelled out.
    [
      "echo src/a.ts src/b.ts | xargs -n1 npx prettier --check",
      [
        "echo src/a.ts src/b.ts | -",
        "prettier --check src/a.ts | -",
        "prettier --check src/b.ts | -",
      ],
    ],
    ["echo / x y | xargs -n 2 -P 4 rm -rf", ["echo / x y | -", "rm -rf / x | -", "rm -rf y | -"]],
    ["echo a b c | xargs --max-args=2 rm", ["echo a b c | -", "rm a b | -", "rm c | -"]],
    ["printf '%s\\n' a b c | xargs -L 2 rm", ["printf %s\\n a b c | -", "rm a b | -", "rm c | -"]],
    ["printf '%s\\n' a b | xargs -l rm", ["printf %s\\n a b | -", "rm a | -", "rm b | -"]],
    // a line ending in a blank goes on with the next one, past a blank line
    ["printf '%s\\n' 'a ' '' b | xargs -L1 rm", ["printf %s\\n a   b | -", "rm a b | -"]],
    [
      "printf '%s\\n' 'a ' b c | xargs -L1 rm",
      ["printf %s\\n a  b c | -", "rm a b | -", "rm c | -"],
    ],
    [
      "find src -name '*.ts' -print0 | xargs -0 grep -n any",
      ["find src -name *.ts -print0 | -", "grep -n any src/** | -"],
    ],
    [
      "find / -print0 | xargs -0 -n 5 rm -rf",
      ["find / -print0 | -", "rm -rf /** | -", "rm -rf / | -"],
    ],
  ])("%s", async (command, expected) => {
    expect(await runs(command)).toEqual(expected);
  });

  it.each([
    ["find src -name '*.ts' | xargs grep x", "newline-ended names split on blanks and quotes"],
    ["find src -print0 | xargs grep x", "-print0 read without -0"],
    ["find src | xargs -0 grep x", "-0 reading newline-ended names"],
    ["find src -print0 -print | xargs -0 cat", "a second list on the same stdout"],
    ["find src -print0 -fprint x | xargs -0 cat", "a printing primary"],
    ['find "$D" -print0 | xargs -0 cat', "a computed start"],
    ["find src -print0 | xargs -0 -a list cat", "an argument file"],
    ["find src -print0 | xargs -0 -I{} cp {}.bak /tmp", "-I inside a longer word"],
    ["git ls-files | xargs cat", "names git prints (quoted, maybe with a dash)"],
    ["ls src | xargs cat", "ls prints names relative to src"],
    ["cat list | xargs rm", "a file's content"],
    ['echo "a\'b" | xargs rm', "a quote xargs reads"],
    ["echo 'a\\b' | xargs rm", "a backslash xargs reads"],
    ["echo 'a*' | xargs rm", "a character outside the plain set"],
    ["{ echo /; echo x; } | xargs rm -rf", "a group writes more than its last command"],
    ["echo a |& xargs rm", "|& adds stderr"],
    ["echo a > f | xargs rm", "the producer's stdout goes elsewhere"],
    ["echo a | xargs rm < f", "xargs reads another stdin"],
    ["echo() { printf '/\\n'; }; echo x | xargs rm -rf", "a function named echo"],
    [
      "for i in 1 2; do echo x | xargs rm -rf; echo() { printf '/\\n'; }; done",
      "a later definition runs in the next round",
    ],
    ["function echo { :; }; echo x | xargs rm", "a function keyword definition"],
    ["enable -n echo; echo --help | xargs rm", "enable turns the builtin off"],
    ["en''able -n echo; echo --help | xargs rm", "enable spelled with quotes"],
    ["e=enable; $e -n echo; echo --help | xargs rm", "a computed command word may be enable"],
    ["ec''ho() { printf '/\\n'; }; echo x | xargs rm -rf", "a function name spelled with quotes"],
    [". ./lib.sh; echo x | xargs rm", "a sourced file may define echo"],
    ['echo a b | xargs -n "$N" rm', "-n with a count only known at run time"],
    ["echo a b | xargs -n1 -L1 rm", "-n and -L override each other"],
    ["echo a b | xargs -n1 -I{} rm {}", "-n beside -I"],
    ["echo a b | xargs -n 0 rm", "-n 0, which xargs refuses"],
    ["echo a b | xargs -s 5 rm", "-s groups by size"],
    ["echo a,b | xargs -d , rm", "-d changes the separator"],
    ["echo a | nice xargs rm", "xargs under another wrapper"],
    ["echo a | xargs xargs rm", "an inner xargs reads /dev/null"],
    ["echo 'a b' | xargs -I{} rm {}", "-I keeps a blank inside a line"],
  ])("%s stays floored (%s)", async (command) => {
    const sentinels = await floorsOf(command, command.includes("nice") ? "nice" : "xargs");
    expect(sentinels.length).toBeGreaterThan(0);
    expect(sentinels.every((sentinel) => sentinel !== null)).toBe(true);
  });

  it("judges {} below a start as everything below it, dot-files included, without globstar", async () => {
    const analysis = await analyze("shopt -u globstar; find . -exec cat {} +");
    expect(globPaths(analysis)).toContain("read:glob:/repo/**");
    expect(globPaths(analysis)).not.toContain("read:glob:/repo/*");
  });

  it("judges find's -print0 list as everything below its start (.env below .)", async () => {
    const analysis = await analyze("find . -name '*.ts' -print0 | xargs -0 cat");
    expect(globPaths(analysis).filter((path) => path.includes("**"))).toEqual([
      "read:glob:/repo/**",
      "read:glob:/repo/**",
    ]);
  });
});
