// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { SENTINELS } from "../src/index.ts";
import { analyze, mayRun, paths } from "./helpers.ts";

const sentinels = async (command: string): Promise<(string | null)[]> =>
  (await analyze(command)).units.map((unit) => unit.sentinel);

/**
 * Attack round C14 (metamorphic), classes assignment-only-statement-with-redirection and
 * assignment-in-while-until-condition-dropped: a statement of assignments alone assigns in this
 * shell, expanding its values there (array globs list their folders, an integer variable or an
 * array subscript evaluates its text), wherever it stands. With a redirect and no command
 * (`a=(~/.ssh/*) 2>/dev/null`) the walk read it as a command with no words and dropped the
 * assignments; as a `while`/`until` condition it read them as expressions only. strace showed
 * bash listing /home/user/.ssh and running the subscripts' substitutions in both.
 */
describe("an assignment-only statement with a redirect assigns in this shell", () => {
  it.each([
    "a=(~/.ssh/*) 2>/dev/null",
    "a+=(~/.ssh/*) >/dev/null",
    "2>/dev/null a=(~/.ssh/*)",
    "a=(~/.ssh/*) </dev/null",
    "a=(~/.ssh/*) <<<''",
    "for i in 1; do a=(~/.ssh/*) 2>/dev/null; done",
  ])("%j lists ~/.ssh", async (command) => {
    expect(paths(await analyze(command))).toContain("read:/home/user/.ssh/*");
  });

  it.each([
    "a=( ['a[$(rm -rf build)]']=1 ) 2>/dev/null",
    "declare -i n; n='a[$(rm -rf build)]' >/dev/null",
    "n='a[$(rm -rf build)]' 2>&1; OPTIND=$n",
  ])("%j floors what it evaluates", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.evaluatedString);
  });

  it("keeps the value for what runs after it", async () => {
    const analysis = await analyze("x=rm 2>/dev/null; $x -rf build");
    expect(mayRun(analysis, "rm -rf build")).toBe(true);
  });

  it("still reads a plain one as running nothing", async () => {
    const analysis = await analyze("a=1 2>/dev/null");
    expect(analysis.status).toBe("ok");
    expect(analysis.units.map((unit) => unit.argv)).toEqual([[]]);
    expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
  });

  it("leaves a command the grammar put inside a redirect a prefix assignment", async () => {
    // `x=echo <<E cat` gives x to cat only: the shell's x stays unset for `$x rm …`.
    const analysis = await analyze("x=echo >/dev/null <<E cat\nE\n$x rm -rf build");
    expect(mayRun(analysis, "rm -rf build")).toBe(true);
  });
});

describe("an assignment in a while or until condition assigns in this shell", () => {
  it.each([
    "until a=(~/.ssh/*); do :; done",
    "while a=(~/.ssh/*); do break; done",
    "while a=1 b=(~/.ssh/*); do break; done",
    "while a=1; b=(~/.ssh/*); do break; done",
  ])("%j lists ~/.ssh", async (command) => {
    expect(paths(await analyze(command))).toContain("read:/home/user/.ssh/*");
  });

  it.each([
    "while a=( ['a[$(rm -rf build)]']=1 ); do break; done",
    "declare -i n; while n='a[$(rm -rf build)]'; do break; done",
    "while n='a[$(rm -rf build)]'; OPTIND=$n; git status\ndo break; done",
  ])("%j floors what it evaluates", async (command) => {
    expect(await sentinels(command)).toContain(SENTINELS.evaluatedString);
  });

  it("keeps the element it assigns for the loop after it", async () => {
    const analysis = await analyze(
      'until ! files=(README.md src/a.ts)\nfiles[1]=.env\nfor f in "${files[@]}"; do cat "$f"; done\ndo break; done',
    );
    // The element it sets (.env) is read, or the loop's path is left computed.
    const found = paths(analysis);
    expect(found.includes("read:/repo/.env") || found.includes("read:?")).toBe(true);
  });

  it("runs a C-style for's initializer as arithmetic, as before", async () => {
    const analysis = await analyze("for ((i=0; i<2; i++)); do echo $i; done");
    expect(analysis.units.map((unit) => unit.argv[0])).toEqual(["echo"]);
  });
});
