import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S32 F-prec2 gitref-loop (r32b needless asks): `for t in $(git tag); do echo "$t"; done` and
// `for b in $(git branch --format='%(refname:short)'); …` asked <computed-path>: the unquoted
// listing was taken as a word that may glob. Traced: only git ran, and printed ref names, one a
// line. git check-ref-format refuses `*`, `?`, `[`, blanks, `\`, `~`, `^`, `:`, `..` and a
// component starting with `.` in a ref name, and git skips a broken name when it lists refs,
// so the words cannot glob. The loop variable stays unknown: a name may start with `-` or hold
// `/`, so `cat "$t"` stays judged.

/** Whether the analysis names every unit and every path (nothing computed, nothing opaque). */
async function precise(command: string): Promise<boolean> {
  const analysis = await analyze(command);
  return (
    analysis.units.every((unit) => unit.sentinel === null) &&
    analysis.paths.every((path) => path.sentinel == null && (path.path ?? path.glob) != null)
  );
}

describe("s32: a loop over ref names", () => {
  it.each([
    'for t in $(git tag); do echo "$t"; done',
    'for t in $(git tag -l); do echo "$t"; done',
    "for t in $(git tag --list 'v1.*' --sort=-version:refname); do echo \"$t\"; done",
    "for b in $(git branch --format='%(refname:short)'); do echo \"$b\"; done",
    'for b in $(git branch -r --format="%(refname:short)"); do echo "$b"; done',
    "for r in $(git for-each-ref --format='%(refname)' refs/tags); do echo \"$r\"; done",
    "echo $(git tag --merged HEAD)",
  ])("%s is judged by name", async (command) => {
    expect(await precise(command)).toBe(true);
  });

  it.each([
    // Plain `git branch` marks the current branch with `*`; `-n` prints annotations, any other
    // --format any text.
    'for b in $(git branch); do echo "$b"; done',
    'for t in $(git tag -n); do echo "$t"; done',
    "for t in $(git tag --format='%(subject)'); do echo \"$t\"; done",
    "for b in $(git branch --format='%(subject)'); do echo \"$b\"; done",
    'for b in $(git for-each-ref); do echo "$b"; done',
    // The variable is a ref name the walk does not know: a path or an option it may be.
    'for t in $(git tag); do cat "$t"; done',
    "for t in $(git tag); do git log $t; done",
    // A function of the name runs instead of git.
    'git() { echo "*"; }; for t in $(git tag); do echo "$t"; done',
  ])("%s is not judged by name", async (command) => {
    expect(await precise(command)).toBe(false);
  });
});
