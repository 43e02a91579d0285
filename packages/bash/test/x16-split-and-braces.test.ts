import { describe, expect, it } from "vitest";
import { analyze, analyzeFull, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 (C16 ifs-nonblank-empty-field, unknown-var-word-split-by-literal-brace-
 * or-glob, A16 brace-sequence-signed-increment-not-expanded): how an unquoted expansion splits
 * on a non-blank IFS character, a word of the environment's variable that braces or a glob
 * still split, and the sequence expressions bash accepts.
 */

async function argv(command: string): Promise<(readonly string[])[]> {
  return (await analyze(command)).units.map((unit) => unit.argv);
}

describe("a non-blank IFS character delimits empty fields", () => {
  it.each([
    // strace: grep '' .env read /repo/.env
    ["IFS=:; x=':.env'; grep $x", ["grep", "", ".env"]],
    ["IFS=,; x=',.env'; grep $x", ["grep", "", ".env"]],
    ["IFS=:; x=::.env; grep $x", ["grep", "", "", ".env"]],
    ["IFS=:; x='-e::.env'; grep $x", ["grep", "-e", "", ".env"]],
    ["IFS=/; x=/.env; grep $x", ["grep", "", ".env"]],
    // White space around a non-blank IFS character belongs to the same delimiter.
    ["IFS=' :'; x=' : .env'; grep $x", ["grep", "", ".env"]],
    ["IFS=' :'; x='a : b'; echo $x", ["echo", "a", "b"]],
    ["IFS=' :'; x='a: :b'; echo $x", ["echo", "a", "", "b"]],
    ["IFS=:; IFS+=' '; x=':.env'; grep $x", ["grep", "", ".env"]],
    // Across two expansions of one word: `a:` then `:b` is a '' b.
    ["IFS=:; x=a:; y=:b; echo $x$y", ["echo", "a", "", "b"]],
    // A trailing delimiter ends the field and makes no empty one; a quoted "" after it does.
    ["IFS=:; x=a:; echo $x", ["echo", "a"]],
    ["IFS=:; x=a:; echo $x''", ["echo", "a", ""]],
    ["IFS=:; x=:; echo $x", ["echo", ""]],
    ['IFS=:; x=a:; echo "$x"$x', ["echo", "a:a"]],
    // Default IFS: blanks never make an empty field.
    ["x=' a  b '; echo $x", ["echo", "a", "b"]],
  ])("%s", async (command, words) => {
    expect((await argv(command)).at(-1)).toEqual(words);
  });

  it("the empty field shifts grep's operands: .env is a file it reads", async () => {
    expect(paths(await analyze("IFS=:; x=':.env'; grep $x"))).toContain("read:/repo/.env");
    expect(paths(await analyze("h(){ local IFS=:; x=':.env'; grep $x; }; h"))).toContain(
      "read:/repo/.env",
    );
  });
});

describe("a word of an inherited variable that braces or a glob split is not one trusted word", () => {
  it.each([
    'grep {"$u",.env}',
    'grep {"$USER",/home/user/.ssh/id_rsa}',
    'grep "$u".e*',
    'grep "$u"{.env,.env}',
    'git log {"$u"-1,--output=.env}',
    'find . -name {"$u"x,-o,-exec,git,push,origin,main,\\;}',
  ])("%s", async (command) => {
    const analysis = await analyzeFull(command);
    const proven =
      analysis.units.every((unit) => unit.sentinel === null && unit.computed === undefined) &&
      analysis.paths.every((path) => path.path !== null || path.glob != null);
    expect(proven).toBe(false);
  });

  it("keeps the environment's word one word where nothing splits it", async () => {
    const analysis = await analyzeFull('grep "$USER" README.md');
    expect(analysis.paths.map((path) => path.path)).toEqual(["/repo/README.md"]);
    expect(analysis.paths.every((path) => path.sentinel === undefined)).toBe(true);
  });
});

describe("brace sequence expressions as bash 5.2 reads them", () => {
  it.each([
    ["{d..f..+1}", "d e f"],
    ["{1..5..+2}", "1 3 5"],
    ["{+1..3}", "1 2 3"],
    ["{a..e..-2}", "a c e"],
    ["{5..1..-2}", "5 3 1"],
    ["{1..10..-3}", "1 4 7 10"],
    ["{1..3..0}", "1 2 3"],
    ["{a..c..-0}", "a b c"],
    ["{1..3..4}", "1"],
    ["{-5..-3}", "-5 -4 -3"],
    // Zero padding: a bound written with a leading zero sets the width.
    ["{01..3}", "01 02 03"],
    ["{1..03}", "01 02 03"],
    ["{-01..2}", "-01 000 001 002"],
    ["{1..-03}", "001 000 -01 -02 -03"],
    ["{001..10..3}", "001 004 007 010"],
    ["{-00..1}", "000 001"],
    // No padding: a `+` or a lone `-0` is no leading zero.
    ["{+01..3}", "1 2 3"],
    ["{-0..2}", "0 1 2"],
    ["{+05..3}", "5 4 3"],
    // Letters run through the characters between them.
    ["{Z..b}", "Z [ \\ ] ^ _ ` a b"],
    // Not sequences: left as written.
    ["{1..a}", "{1..a}"],
    ["{+a..c}", "{+a..c}"],
    ["{1..3..--1}", "{1..3..--1}"],
    ["{1..3..2a}", "{1..3..2a}"],
    ["{0x1..3}", "{0x1..3}"],
  ])("echo %s", async (word, expected) => {
    expect((await argv(`echo ${word}`))[0]).toEqual(["echo", ...expected.split(" ")]);
  });

  it("a sequence with a + step names the files it expands to (traced: cat read .env)", async () => {
    expect(paths(await analyze("cat .{d..f..+1}nv"))).toContain("read:/repo/.env");
  });

  it("a bound past what is followed exactly makes the word computed", async () => {
    const analysis = await analyzeFull("cat {1..2..99999999999999999999}");
    expect(analysis.paths.some((path) => path.path === null && path.sentinel !== undefined)).toBe(
      true,
    );
  });
});

/**
 * R16 dotglob-bracket-class-leading-dot, traced under bash 5.2: with `dotglob` a bracket that
 * starts a name may match its leading dot, also one holding a POSIX class, an equivalence
 * class or a collating symbol (`shopt -s dotglob; cat [![:upper:]]env` read /repo/.env). The
 * bracket's end was taken at the class's own `]`.
 */
describe("a bracket holding a class under dotglob", () => {
  it.each([
    ["shopt -s dotglob; cat [![:upper:]]env", "read:/repo/.env"],
    ["shopt -s dotglob; cat [[:punct:]]env", "read:/repo/.env"],
    ["shopt -s dotglob; cat [[=.=]]env", "read:/repo/.env"],
    ["GLOBIGNORE=x; cat [[.period.]]env", "read:/repo/.env"],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toContain(expected);
  });
});
