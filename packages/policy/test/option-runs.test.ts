import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { optionRunsShortcut } from "../src/bash-pattern.ts";
import { bashPatternMeetsWithOptions } from "../src/index.ts";

// bashPatternMeetsWithOptions answers null at once when a pattern that names no option has a
// run of its words (`push` of `git push *`) the command does not hold (src/bash-pattern.ts,
// OptionWords.runs). That is sound only if it never answers otherwise than reading the command:
// over generated patterns, commands and the command's own words, the answer with the check
// deep-equals the answer without it.

afterEach(() => {
  optionRunsShortcut.enabled = true;
});

function bothWays(pattern: string, text: string, argv?: readonly string[]) {
  optionRunsShortcut.enabled = false;
  const read = bashPatternMeetsWithOptions(pattern, text, argv);
  optionRunsShortcut.enabled = true;
  return { read, checked: bashPatternMeetsWithOptions(pattern, text, argv) };
}

describe("a pattern's runs missing from a command: no reading", () => {
  it.each<[pattern: string, text: string, reading: string | null, note: string]>([
    ["git push *", "git status -s", null, "the subcommand is missing"],
    ["git push *", "git -C x push", "git push", "a run present is read as before"],
    ["git push origin *", "git push -f origin main", "git push origin main", "between words"],
    ["npm publish*", "npm --silent publish", "npm publish", "a run before a star"],
    ["npm publish*", "npm --silent pub", null, "a run only partly present"],
    ["rm -rf /*", "rm -r -f /", "rm -fr /", "a pattern naming an option is read in full"],
  ])("%j meets %j as %j (%s)", (pattern, text, reading) => {
    expect(bothWays(pattern, text)).toEqual({ read: reading, checked: reading });
  });

  it("answers as reading the command does, over generated patterns and commands", () => {
    // Words that make runs (`pu`, `a*b`, `x=y`), options the pattern may name or set aside
    // (clusters, long options with values, `--`), and words with blanks (a quoted message).
    const patternWord = fc.constantFrom(
      "push",
      "pu",
      "a",
      "b",
      "*",
      "a*",
      "*b",
      "a*b",
      "-",
      "=",
      "x=y",
      "-a",
      "--ab",
      "-ab",
      "--",
      "-v",
      "--ab=*",
    );
    const textWord = fc.constantFrom(
      "push",
      "pu",
      "pushed",
      "a",
      "b",
      "ab",
      "x=y",
      "-",
      "",
      "-a",
      "-ba",
      "-ab",
      "-apush",
      "--ab",
      "--ab=b",
      "--ab=push",
      "--",
      "-q",
      "-v",
      "a b",
      "-m push",
    );
    const head = fc.constantFrom("git", "g*", "npm");
    // Both kinds of case come up: a reading found, and a run the command lacks.
    let readings = 0;
    let lacking = 0;
    fc.assert(
      fc.property(
        head,
        fc.array(patternWord, { minLength: 1, maxLength: 3 }),
        fc.constantFrom("git", "npm"),
        fc.array(textWord, { maxLength: 8 }),
        fc.boolean(),
        (first, rest, program, args, withArgv) => {
          const pattern = [first, ...rest].join(" ");
          const argv = [program, ...args];
          const text = argv.join(" ");
          const { read, checked } = bothWays(pattern, text, withArgv ? argv : undefined);
          expect(checked).toBe(read);
          if (read !== null) readings++;
          if (rest.some((w) => !w.startsWith("-") && w.split("*").some((r) => !text.includes(r))))
            lacking++;
        },
      ),
      { numRuns: 20_000 },
    );
    expect(readings).toBeGreaterThan(150);
    expect(lacking).toBeGreaterThan(500);
  });
});
