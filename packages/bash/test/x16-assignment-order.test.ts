import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 (C16 assignment-statement-substitution-sees-earlier-assignment): the
 * assignments of one statement, and the prefix assignments of a command, are expanded and made
 * left to right, so a substitution in a later value sees the earlier ones.
 */

async function executed(command: string): Promise<string[]> {
  return (await analyze(command)).units.map((unit) => (unit.executed ?? unit.argv).join(" "));
}

describe("a substitution in an assignment sees the assignments before it in the statement", () => {
  it.each([
    // strace: cat .env
    ['f=README.md; f=.env g=$(cat "$f")', "cat .env"],
    ['f=README.md; f=.env g="$(grep KEY "$f")"', "grep KEY .env"],
    ['f=README.md; f=.env g=`cat "$f"`', "cat .env"],
    ['f=README.md; f=.env g=${h:-$(cat "$f")}', "cat .env"],
    // strace: git push origin main
    ['c=status; c=push g=$(git "$c" origin main)', "git push origin main"],
  ])("%s runs %s", async (command, run) => {
    expect(await executed(command)).toContain(run);
  });

  it("$(< FILE) opens the file the earlier assignment named", async () => {
    expect(paths(await analyze('f=README.md; f=.env g=$(< "$f")'))).toContain("read:/repo/.env");
  });

  it("a cd in the substitution goes where the earlier assignment says", async () => {
    expect(paths(await analyze('d=src; d=/home/user g=$(cd "$d" && cat notes.txt)'))).toContain(
      "read:/home/user/notes.txt",
    );
  });

  it("prefix assignments too: the substitution sees the one before, the command words do not", async () => {
    // strace: cat README.md
    expect(await executed('f=.env; f=README.md c=$(cat "$f") true')).toContain("cat README.md");
    expect(await executed('f=.env; f=README.md c=$(cat "$f") true')).not.toContain("cat .env");
    // The words are expanded before any prefix assignment is made.
    expect(await executed('f=.env; f=README.md cat "$f"')).toContain("cat .env");
  });

  it("a later assignment does not reach back", async () => {
    expect(await executed('f=README.md; g=$(cat "$f") f=.env')).toContain("cat README.md");
  });
});
