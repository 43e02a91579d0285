// Bash's own `**` (globstar on, dotglob off) enters no dot folder, as `*` matches no dot file
// (C17 globstar-assumed-to-enter-dot-dirs; checked under bash 5.2 with src/.ssh/x.ts,
// src/a/.hid/z.ts and .ssh/k.json present: `src/**/*.ts` gave src/a/y.ts src/b.ts,
// `**/.hid/*` gave src/a/.hid/z.ts, and with dotglob or GLOBIGNORE set every dot name too).
// The glob keeps its text; `starsSkipDots` says its `**` are bash's. And a program that only
// prints its words (`echo */*`) lists the folders bash's options say (a dotglob lists dot
// folders: traced `shopt -s dotglob; echo */*` reads /repo/.git).

import { describe, expect, it } from "vitest";
import type { TouchedPath } from "../src/index.ts";
import { analyzeFull } from "./helpers.ts";

/** The globs of the analysis, each with `!` when its `**` are bash's own, `~` when listed. */
async function globs(command: string): Promise<string[]> {
  const analysis = await analyzeFull(command);
  return analysis.paths
    .filter((path): path is TouchedPath & { glob: string } => path.glob !== undefined)
    .map((path) => `${path.glob}${path.starsSkipDots ? " !" : ""}${path.listed ? " ~" : ""}`);
}

describe("bash's own ** under globstar", () => {
  it.each<[string, string[]]>([
    ["shopt -s globstar; cat src/**/*.ts", ["/repo/src/**/*.ts !"]],
    ["shopt -s globstar; ls **/.ssh/*", ["/repo/**/.ssh/* !"]],
    ["shopt -s globstar; cat ~/**/id_rsa", ["/home/user/**/id_rsa !"]],
    ["shopt -s globstar; for f in **/*.ts; do :; done", ["/repo/**/*.ts ! ~"]],
    // A recursive reader reads the dot files below what it is given: that glob is its own.
    ["shopt -s globstar; grep -r x src/**", ["/repo/src/** !", "/repo/src/**"]],
  ])("%s", async (command, expected) => {
    expect(await globs(command)).toEqual(expected);
  });

  it.each([
    // No globstar: `**` is `*`, which skips dot files anyway.
    "cat src/**/*.ts",
    // dotglob, however it is turned on, or maybe on.
    "shopt -s globstar dotglob; cat src/**/*.ts",
    "shopt -s globstar; GLOBIGNORE=x; cat src/**",
    "shopt -s globstar; shopt -s dot''glob; cat src/**",
    "shopt -s globstar; x=dotglob; shopt -s $x; cat src/**",
    "shopt -s globstar; shopt -s $'\\x64otglob'; cat src/**",
    'shopt -s globstar; eval "$CMD"; cat src/**',
    "bash -O globstar -O dotglob -c 'cat src/**/*.ts'",
    "env BASHOPTS=globstar:dotglob bash -c 'cat src/**/*.ts'",
    // A file git matches at any depth is git's glob, not bash's.
    "shopt -s globstar; git ls-files --exclude-per-directory=.env",
  ])("%s keeps every ** spanning dot folders", async (command) => {
    const analysis = await analyzeFull(command);
    expect(analysis.paths.filter((path) => path.starsSkipDots)).toEqual([]);
  });

  it("a folder nobody can name stays any folder", async () => {
    // In a function HOME is not known: `…/**` for it spans dot folders.
    const found = await globs("shopt -s globstar; f() { cat ~/**/*.ts; }; f");
    expect(found.every((glob) => !glob.includes("!"))).toBe(true);
  });
});

describe("the glob words of a program that only prints them", () => {
  it.each<[string, string[]]>([
    ["echo **/*.json", ["/repo/*/*.json ~"]],
    ["shopt -s globstar; echo src/**", ["/repo/src/** ! ~"]],
    ["echo .e*", ["/repo/.e* ~"]],
    // dotglob: the dot folders' names too.
    [
      "shopt -s dotglob; echo */*",
      ["/repo/*/* ~", "/repo/.*/* ~", "/repo/*/.* ~", "/repo/.*/.* ~"],
    ],
    ["GLOBIGNORE=x; printf '%s\\n' .s*/*", ["/repo/.s*/* ~", "/repo/.s*/.* ~"]],
    ["x='*/*'; echo $x", ["/repo/*/* ~"]],
    // The value's text, which the program gets.
    ["for f in src/*; do echo $f; done", ["/repo/src/* ~"]],
  ])("%s", async (command, expected) => {
    expect(await globs(command)).toEqual(expected);
  });

  it.each([
    // printf -v assigns: its words are no names only.
    "printf -v x '%s' */*",
    // A folder not known here: left to the gates.
    'cd "$D"; echo */*',
    "f() { echo ~/*; }; f",
    // Programs that open what they are given.
    "cat */*.md",
  ])("%s lists nothing of its own", async (command) => {
    const analysis = await analyzeFull(command);
    expect(analysis.paths.filter((path) => path.listed)).toEqual([]);
  });
});
