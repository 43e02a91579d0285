import { describe, expect, it } from "vitest";
import { folderMoveUses } from "../src/programs/folder-moves.ts";
import { wordFromText } from "../src/read/words.ts";
import { mayCarry } from "../src/walk/moved-folders.ts";
import { analyze } from "./helpers.ts";

// S34 moved-cwd (r34a class 2): the shell keeps its working directory as the folder itself.
// Traced under bash 5.2: `mkdir -p a/b && cd a/b && mv ../b ../../c && cat
// ../../home/user/notes.txt` renamed /repo/a/b to /repo/c and cat opened
// /home/user/notes.txt, which the walk read as /repo/home/user/notes.txt; `git mv`, a redirect
// (`echo pwn > ../../tmp/p` wrote /tmp/p), `cd ..` (bash climbed from /repo/c, PWD's parent
// being gone), xargs, find -exec and a pipeline member that waits behind the mv did the same.
// A rename whose operand may be the working folder or one above it now leaves the folder
// unknown, as `cd "$X"` does; a rename of anything else keeps the precise reading.

/** The paths of the units running `program`, as the analysis gives them. */
async function pathsOf(command: string, program: string) {
  const analysis = await analyze(command);
  const units = new Set(
    analysis.units.flatMap((unit, index) => (unit.executed?.[0] === program ? [index] : [])),
  );
  return analysis.paths.filter((path) => units.has(path.unit));
}

/**
 * Whether a path of `program`'s units that the text writes out (no `$`) is read from a folder
 * nobody knows.
 */
async function readUnknown(command: string, program: string): Promise<boolean> {
  return (await pathsOf(command, program)).some(
    (path) =>
      path.path === null &&
      !path.raw.includes("$") &&
      (path.glob === undefined || path.glob.startsWith("**")),
  );
}

describe("s34: a rename that may carry the working folder leaves it unknown", () => {
  it.each([
    ["mkdir -p a/b && cd a/b && mv ../b ../../c && cat ../../home/user/notes.txt", "cat"],
    ["mkdir -p a/b/c && cd a/b/c && mv ../../b ../../../x && cat ../../../etc/hostname", "cat"],
    ["mkdir -p a/b && cd a/b && mv ../b ../../c && echo pwn > ../../tmp/p", "echo"],
    [
      "mkdir -p a/b && touch a/b/f && git add a && cd a/b && git mv ../b ../../c && cat ../../etc/hostname",
      "cat",
    ],
    // bash's own `cd ..` climbs from where the folder went once PWD's parent is gone.
    ["mkdir -p a/b && cd a/b && mv ../b ../../c && cd .. && cat ../etc/hostname", "cat"],
    // In a subshell, a substitution, a wrapper, find's -exec, xargs: the folder moved all the same.
    ["mkdir -p a/b && cd a/b && (mv ../b ../../c) && cat ../../etc/hostname", "cat"],
    ["mkdir -p a/b && cd a/b && x=$(mv ../b ../../c) && cat ../../etc/hostname", "cat"],
    ["mkdir -p a/b && cd a/b && cat ../../etc/hostname $(mv ../b ../../c)", "cat"],
    ["mkdir -p a/b && cd a/b && x=$(mv ../b ../../c) cat ../../etc/hostname", "cat"],
    ['mkdir -p a/b && cd a/b && cat ../../etc/hostname < "$(mv ../b ../../c; echo f)"', "cat"],
    ["mkdir -p a/b && cd a/b && timeout 5 mv ../b ../../c && cat ../../etc/hostname", "cat"],
    [
      "mkdir -p a/b && cd a/b && echo ../b | xargs -I{} mv {} ../../c && cat ../../etc/hostname",
      "cat",
    ],
    [
      "mkdir -p a/b && cd a/b && find .. -maxdepth 1 -name b -exec mv {} ../../c \\; && cat ../../etc/hostname",
      "cat",
    ],
    // Run after the rename though written before it.
    ["mkdir -p a/b && cd a/b && { sleep 0.3; cat ../../etc/hostname; } | mv ../b ../../c", "cat"],
    ["mkdir -p a/b; cd a/b; cat ../../etc/hostname & mv ../b ../../c", "cat"],
    [
      "mkdir -p a/b && cd a/b && for i in 1 2; do cat ../../etc/hostname; mv ../b ../../c; done",
      "cat",
    ],
    // Other spellings of the folder or a parent: a slash, `.`, a glob, an absolute name, -t.
    ["mkdir -p a/b && cd a/b && mv ../b/ ../../c && cat ../../etc/hostname", "cat"],
    ["mkdir -p a/b && cd a/b && mv ./ ../../c && cat ../../etc/hostname", "cat"],
    ["mkdir -p a/b && cd a/b && mv ../? ../../c && cat ../../etc/hostname", "cat"],
    ["mkdir -p a/b && cd a/b && mv ../[b] ../../c && cat ../../etc/hostname", "cat"],
    ["mkdir -p a/b && cd a/b && mv /repo/a/ /repo/c/ && cat ../../etc/hostname", "cat"],
    ["mkdir -p a/b && cd a/b && mv -t /repo ../b && cat ../../etc/hostname", "cat"],
    ["mkdir -p a/b && cd a/b && mv ../../a ../../q && cat ../../etc/hostname", "cat"],
    // The session's own folder (no cd).
    ["mv ../repo ../x/y/repo && cat ../../etc/hostname", "cat"],
    ["mv /repo /x/y/repo; cat ../../etc/hostname", "cat"],
    // Other renamers.
    ["mkdir -p a/b && cd a/b && rename.ul a/b c /repo/a/b && cat ../../etc/hostname", "cat"],
    ["mkdir -p a/b && cd a/b && cmake -E rename ../b ../../c && cat ../../etc/hostname", "cat"],
    ["mkdir -p a/b && cd a/b && git -c alias.m=mv m ../b ../../c && cat ../../etc/hostname", "cat"],
    ["mkdir -p a/b && cd a/b && mmv ../b ../../c && cat ../../etc/hostname", "cat"],
    ["mkdir -p a/b && cd a/b && hg mv ../b ../../c && cat ../../etc/hostname", "cat"],
    // Sources after the first are read from where the first one took the folder.
    ["mkdir -p a/b/c && cd a/b/c && mv -t /repo ../../b ../../../../home/user/notes.txt", "mv"],
  ])("%s: %s reads from a folder nobody knows", async (command, program) => {
    expect(await readUnknown(command, program)).toBe(true);
  });

  it("reads the paths after the rename from a folder nobody knows", async () => {
    const analysis = await analyze(
      "mkdir -p a/b && cd a/b && mv ../b ../../c && cat ../../home/user/notes.txt",
    );
    const cat = analysis.units.findIndex((unit) => unit.argv[0] === "cat");
    expect(analysis.paths.filter((path) => path.unit === cat)).toEqual([
      expect.objectContaining({ raw: "../../home/user/notes.txt", path: null, access: "read" }),
    ]);
  });

  it.each([
    // Renames of files that are neither the working folder nor above it.
    ["mkdir -p a/b && cd a/b && mv ../x ../y && cat z", "/repo/a/b/z"],
    ["mkdir -p a/b && cd a/b && mv ../b2 ../../c && cat ../x", "/repo/a/x"],
    ["mkdir -p a/b && cd a/b && mv ../../c/d ../../e && cat x", "/repo/a/b/x"],
    ["cd src && mv a.ts b.ts && cat c.ts", "/repo/src/c.ts"],
    ["cd src && mv ../README.md ../x.md && cat a.ts", "/repo/src/a.ts"],
    ["cd src && git mv a.ts c.ts && cat b.ts", "/repo/src/b.ts"],
    ["mv src lib && cat README.md", "/repo/README.md"],
    ["mv src/a.ts src/b.ts && cat src/b.ts", "/repo/src/b.ts"],
    ["mv *.log logs/ && cat notes.txt", "/repo/notes.txt"],
    ["git mv src/a.ts src/c.ts && cat README.md", "/repo/README.md"],
    ['for f in *.txt; do mv "$f" "${f%.txt}.md"; done && cat README.md', "/repo/README.md"],
    ["rename 's/\\.txt$/.md/' *.txt && cat README.md", "/repo/README.md"],
    // A copy leaves the folder where it is.
    ["mkdir -p a/b && cd a/b && cp -r ../b ../../c && cat ../../README.md", "/repo/README.md"],
    // An absolute cd after the rename names the folder again.
    ["mkdir -p a/b && cd a/b && mv ../b ../../c && cd /repo/c && cat x", "/repo/c/x"],
  ])("%s keeps its precise reading (%s)", async (command, file) => {
    const paths = await pathsOf(command, "cat");
    expect(paths).toContainEqual(expect.objectContaining({ path: file, access: "read" }));
    expect(paths.every((path) => path.path !== null || path.glob?.startsWith("/repo/"))).toBe(true);
  });
});

describe("s34: which renamed names may carry a working folder", () => {
  const at = (path: string | null, glob: string | null = null) => ({
    raw: "x",
    path,
    glob,
    access: "read_write" as const,
    via: "operand" as const,
  });
  it.each([
    [at("/repo/a/b"), "/repo/a/b", true],
    [at("/repo/a"), "/repo/a/b", true],
    [at("/"), "/repo", true],
    [at("/repo/a/b2"), "/repo/a/b", false],
    [at("/repo/a/b/c"), "/repo/a/b", false],
    [at(null), "/repo", true],
    [at(null, "/repo/*"), "/repo/a/b", true],
    [at(null, "/repo/*.log"), "/repo", false],
    [at(null, "/*"), "/repo", true],
    [at(null, "/repo/a/**"), "/repo/a/b", true],
    [at(null, "/repo/src/**"), "/repo", false],
    [at(null, "**/b"), "/repo/a/b", true],
    [at(null, "**/../x"), "/repo", true],
    [at(null, "/repo/[!x]"), "/repo/a", true],
    [at(null, "/repo/[x]"), "/repo/a", false],
    [at(null, "/R?PO"), "/repo", true],
    [at(null, "/repo/@(a|c)"), "/repo/a", true],
  ])("%j carries %s: %s", (moved, cwd, expected) => {
    expect(mayCarry(moved, [cwd])).toBe(expected);
  });

  const words = (text: string) => text.split(" ").map((part) => wordFromText(part));
  it.each([
    ["mmv a b", 2],
    ["svn mv a b", 2],
    ["svn status a", 0],
    ["hg -v rename a b", 2],
    ["git-mv a b", 0],
    ["cp a b", 0],
  ])("%s names %i renamed words beside its table", (command, count) => {
    expect(folderMoveUses(words(command), [])).toHaveLength(count);
  });
});
