import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S33 ls-listing-words (r33d): `for f in $(ls src); do echo "$f"; done` asked under every
// policy: the unquoted output may glob, and a glob of unknown text may list any folder.
// Traced under bash 5.2: ls src reads /repo/src and prints a.ts b.ts; nothing else is opened.
// GNU ls given one folder and none of -l, -R, -d, -F, -p prints entry names, and a name holds
// no `/`; so a word of its output that globs matches names in the working folder (`*`, `.*`),
// or below it for a `**` under globstar. Those folders are listed, no file is read; the words
// stay computed where a program takes them as files.

/** Whether every path of the analysis is known, inside /repo, and a glob only listed. */
async function listsInsideOnly(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return (
    analysis.units.every((unit) => unit.sentinel === null) &&
    analysis.paths.every((path) => {
      const name = path.path ?? path.glob;
      if (name == null || path.sentinel != null) return false;
      if (name !== "/repo" && !name.startsWith("/repo/")) return false;
      return path.glob == null || path.listed === true;
    })
  );
}

describe("s33: the words of a plain ls glob in the working folder only", () => {
  it.each([
    'for f in $(ls src); do echo "$f"; done',
    'for f in $(ls); do echo "$f"; done',
    'for f in $(ls -1 src); do echo "$f"; done',
    'for f in $(ls -A src/lib); do echo "$f"; done',
    "echo $(ls src)",
  ])("%s lists inside the project only", async (command) => {
    expect(await listsInsideOnly(command)).toBe(true);
  });

  it.each([
    // Output that may hold a `/`: long format (a link's target), headers, a `/` suffix, globbed
    // or climbing operands, another lister.
    'for f in $(ls -l src); do echo "$f"; done',
    'for f in $(ls -R src); do echo "$f"; done',
    'for f in $(ls -d */); do echo "$f"; done',
    'for f in $(ls -F src); do echo "$f"; done',
    'for f in $(ls src/*); do echo "$f"; done',
    'for f in $(ls src/../..); do echo "$f"; done',
    'for f in $(ls ..); do echo "$f"; done',
    'for f in $(ls /etc); do echo "$f"; done',
    'for f in $(ls -a src); do echo "$f"; done',
    'for f in $(find src); do echo "$f"; done',
    // `ls` may be another program.
    'ls() { echo "/etc/*"; }; for f in $(ls src); do echo "$f"; done',
    "alias ls='echo /etc/*'; for f in $(ls src); do echo \"$f\"; done",
    'PATH=/tmp/bin:$PATH; for f in $(ls src); do echo "$f"; done',
    // The working folder is elsewhere.
    'cd /etc; for f in $(ls src); do echo "$f"; done',
    // A program taking the words as files reads names nobody knows.
    "cat $(ls src)",
  ])("%s is not proven inside", async (command) => {
    expect(await listsInsideOnly(command)).toBe(false);
  });
});
