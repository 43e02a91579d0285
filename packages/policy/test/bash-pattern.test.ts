import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { normalizeBashPattern } from "../src/bash-pattern.ts";
import { matchesBashPattern } from "../src/index.ts";

describe("matchesBashPattern", () => {
  it.each<[pattern: string, text: string, expected: boolean, note: string]>([
    ["*", "anything at all", true, "`*` alone matches every command"],
    ["*", "", true, "`*` matches the empty text too"],
    ["git *", "git", true, "a trailing ` *` also matches the bare command"],
    ["git *", "git status", true, "`*` matches the rest"],
    ["git *", "git push origin main", true, "`*` spans spaces"],
    ["git *", "gitk", false, "`git *` needs a word boundary: `gitk` is another command"],
    ["git *", "gitk --all", false, "nor does it match `gitk` with arguments"],
    ["rm *", "rmdir x", false, "`rm *` does not match `rmdir`"],
    ["rm *", "rm -rf build", true, "`rm *` matches rm with any arguments"],
    ["git status", "git status", true, "an exact pattern matches itself"],
    ["git status", "git status -s", false, "an exact pattern matches nothing longer (P2)"],
    ["git push *", "git stash push -m x", false, "patterns match from the first word (P3)"],
    ["npm publish*", "npm publish", true, "`*` may match nothing (P3)"],
    ["npm publish*", "npm publish --dry-run", true, "P3's `npm publish*` covers any argument"],
    ["npm publish*", "npm publisher", true, "without a space the star also continues the word"],
    ["rm -rf /*", "rm -rf /", true, "P3's `rm -rf /*` matches the root itself"],
    ["rm -rf /*", "rm -rf /etc/passwd", true, "`*` spans `/`"],
    ["rm -rf /*", "rm -rf build /", false, "the whole text must match: `build` comes first"],
    ["git  push   *", "git push origin", true, "runs of blanks in the pattern are one space"],
    ["  git *  ", "git log", true, "the pattern is trimmed"],
    ["git **", "git", true, "`**` is `*`, so the bare command still matches"],
    ["git * --force", "git push --force", true, "a star in the middle"],
    ["git * --force", "git push --force-with-lease", false, "the literal tail must end the text"],
    ["ls ?", "ls a", false, "`?` is literal"],
    ["ls ?", "ls ?", true, "`?` matches only itself"],
    ["echo [a]", "echo [a]", true, "brackets are literal"],
    ["echo $(x)", "echo $(x)", true, "regex characters are literal"],
    ["echo *", "echo a\nb", true, "`*` spans newlines inside an argument"],
    ["GIT *", "git status", false, "matching is case-sensitive"],
  ])("%j vs %j → %s (%s)", (pattern, text, expected) => {
    expect(matchesBashPattern(pattern, text)).toBe(expected);
  });

  it("normalises blanks and stars the same way it matches", () => {
    expect(["  git   push  **", "a\t*b", "***"].map(normalizeBashPattern)).toEqual([
      "git push *",
      "a *b",
      "*",
    ]);
  });
});

// The language as a regular expression, written out for small inputs only: a star is any run.
function byRegExp(pattern: string, text: string): boolean {
  const normalized = normalizeBashPattern(pattern);
  const literal = (run: string) => run.replace(/[\\^$.*+?()[\]{}|/-]/g, "\\$&");
  const bare = normalized.endsWith(" *") ? normalized.slice(0, -2) : undefined;
  const body = (bare ?? normalized).split("*").map(literal).join("[\\s\\S]*");
  return new RegExp(bare === undefined ? `^${body}$` : `^${body}(?: [\\s\\S]*)?$`).test(text);
}

describe("matchesBashPattern over any input", () => {
  const alphabet = fc.constantFrom("a", "b", " ", "*", "-", "/", ".");
  const word = (max: number) => fc.array(alphabet, { maxLength: max }).map((cs) => cs.join(""));

  it("agrees with the pattern read as a regular expression", () => {
    fc.assert(
      fc.property(word(8), word(14), (pattern, text) => {
        expect(matchesBashPattern(pattern, text)).toBe(byRegExp(pattern, text));
      }),
      { numRuns: 20_000 },
    );
  });

  it("answers a long command against a pattern of many stars (a regular expression backtracks for hours)", () => {
    // Without the linear scan this never returns: the test fails by its timeout, not by a timing.
    const text = `x ${"a".repeat(50_000)}`;
    expect(matchesBashPattern("*a*a*a*a*a*a*a*b", text)).toBe(false);
    expect(matchesBashPattern("git * * * * * * z", `git ${"a ".repeat(20_000)}`)).toBe(false);
    expect(matchesBashPattern("git * * * * * * z", `git ${"a ".repeat(20_000)}z`)).toBe(true);
  });
});
