// Digits written against a redirect are its descriptor, even where tree-sitter-bash names a
// command after them (B18 fd-zero-redirect-on-assignment-only-statement, traced under bash
// 5.2: `c=ls; c=git 0<&-; $c push origin main` runs git push origin main, and
// `0<&- c=svn; echo $c` prints svn). And `-$"c"` is the word `-c` (a locale string), which the
// grammar reads as a `$` token holding `-$` (B18, traced: `bash -$"c" 'git push origin main'`
// runs git push).

import { describe, expect, it } from "vitest";
import { analyzeFull } from "./helpers.ts";

async function runs(command: string): Promise<string[]> {
  const analysis = await analyzeFull(command);
  // A statement of assignments and redirects is a unit with no words (as `x=1 >f` is).
  return analysis.units
    .filter((unit) => unit.argv.length > 0)
    .map((unit) => `${unit.argv.join(" ")}${unit.sentinel ? " !" : ""}`);
}

describe("assignments and redirects alone", () => {
  it.each<[string, string[]]>([
    ["c=ls; c=git 0<&-; $c push origin main", ["git push origin main"]],
    ["c=ls; c=git 0</dev/null; $c push origin main", ["git push origin main"]],
    ["c=ls; c=git 2>/dev/null 0<&-; $c push origin main", ["git push origin main"]],
    ["c=ls; c=git 0<<<x; $c push origin main", ["git push origin main"]],
    ["c=ls; c=git 1<&- 0<&-; $c push origin main", ["git push origin main"]],
  ])("%s", async (command, expected) => {
    expect(await runs(command)).toEqual(expected);
  });

  it("the value is the file a later command reads", async () => {
    const analysis = await analyzeFull('f=README.md; f=.env 0</dev/null; cat "$f"');
    expect(analysis.paths.map((path) => path.path)).toContain("/repo/.env");
  });
});

describe("what the grammar reads as a command named after a descriptor", () => {
  it.each([
    // An assignment after the redirect (bash makes it in this shell).
    "c=ls; 0<&- c=git; $c push origin main",
    "c=ls; 0</dev/null c=git; $c push origin main",
    // A closed descriptor given a word.
    "c=ls; c=git 0<&- x; $c push origin main",
  ])("%s is not read as the tree says", async (command) => {
    const analysis = await analyzeFull(command);
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });
});

describe("a locale string after a dash", () => {
  it.each([
    "bash -$\"c\" 'git push origin main'",
    "bash -$\"\"c 'git push origin main'",
    'grep -$"r" password .',
    'find . -maxdepth 0 -$"exec" git push origin main \\;',
    'git ls-files -$"-exclude-from"=/home/user/notes.txt -o',
  ])("%s is not read as the tree says", async (command) => {
    const analysis = await analyzeFull(command);
    expect(analysis.status).toBe("partial");
    expect(analysis.units.some((unit) => unit.sentinel !== null)).toBe(true);
  });

  it.each([
    'echo $"hello"',
    'echo a$"b"c',
    // The grammar's `$` token inside a string holds the blanks before it.
    'echo "$h $a: $s"',
    "git log --format='%h|%an|%s' -3 | while IFS='|' read -r h a s; do echo \"$h $a: $s\"; done",
  ])("%s stays read", async (command) => {
    const analysis = await analyzeFull(command);
    expect(analysis.status).toBe("ok");
  });
});
