import fc from "fast-check";
import { minimatch } from "minimatch";
import { describe, expect, it } from "vitest";
import { globsMeet, globsMeetBySearch } from "../src/glob-meet.ts";

describe("globsMeet", () => {
  it.each([
    ["/repo/.en?", "/**/.env", true],
    ["/repo/.[e]nv", "/**/.env", true],
    // Equivalence classes and collating symbols (round 11a K-a5, traced a11a-o2-*): bash's
    // matcher reads them; each may match any one character here.
    ["/repo/.[[=e=]]nv", "/**/.env", true],
    ["/repo/.[[.e.]]nv", "/**/.env", true],
    ["/repo/.[![.x.]]nv", "/**/.env", true],
    ["/repo/.[a-[.f.]]nv", "/**/.env", true],
    ["/repo/.[[.hyphen.]-f]nv", "/**/.env", true],
    ["/repo/.[[.a.]-[.f.]]nv", "/**/.env", true],
    ["/repo/.e[[=n=]]v.local", "/**/.env.*", true],
    ["/repo/.[[=e=]]nv", "/**/.git", false],
    ["/repo/.env*", "/**/.env", true],
    ["/repo/*", "/**/.env", false],
    ["/repo/?env", "/**/.env", false],
    ["/repo/[.]env", "/**/.env", false],
    ["/repo/*.ts", "/**/.env", false],
    ["/repo/src/*.ts", "/**/.env.*", false],
    ["/repo/.env.*", "/**/.env.*", true],
    ["/home/user/.ssh/*", "/**/.ssh/**", true],
    ["/home/user/*/id_rsa", "/**/.ssh/**", false],
    ["/home/user/.*/id_rsa", "/**/.ssh/**", true],
    ["**/.env", "/**/.env", true],
    ["**/README.md", "/**/.env", false],
    ["/repo/[!a]env", "/repo/.env", false],
    ["/repo/x[!a]env", "/repo/x.env", true],
    ["/repo/[a-c]", "/repo/[!ac]", true],
    ["/repo/[ac]", "/repo/[!ac]", false],
    ["/repo/\\*", "/repo/a", false],
    ["/repo/\\*", "/repo/*", true],
    ["/etc/*", "/etc/{passwd,shadow}", true],
    ["/etc/p*", "/etc/{shadow,hosts}", false],
    ["/repo/x", "/repo/@(x|y)", true],
    // A `.` or `..` segment is resolved on disk by bash, not read as text: it may meet anything.
    ["/a/../a", "/a", true],
    ["/repo/./.e*", "/**/.env", true],
    ["/repo/src/*/../../.env", "/**/.env", true],
  ])("%j meets %j: %s", (shell, policy, expected) => {
    expect(globsMeet(shell, policy)).toBe(expected);
  });

  it("is never wrong about a path both globs match (minimatch as the reference)", () => {
    const piece = fc.constantFrom("a", "b", ".", "/", "*", "?", "[ab]", "[!a]", "**");
    const glob = fc
      .array(piece, { minLength: 1, maxLength: 6 })
      .map((parts) => `/${parts.join("")}`.replace(/\/+/g, "/"));
    const path = fc
      .array(fc.constantFrom("a", "b", ".", "/", "c"), { minLength: 1, maxLength: 7 })
      .map((parts) => `/${parts.join("")}`.replace(/\/+/g, "/"))
      // Paths reach the gates normalised: no trailing slash.
      .filter((candidate) => candidate.length > 1 && !candidate.endsWith("/"));
    fc.assert(
      fc.property(glob, glob, path, (shell, policy, candidate) => {
        // Bash without dotglob hides dot files from wildcards, as minimatch does without `dot`.
        const both =
          minimatch(candidate, shell, { dot: false }) &&
          minimatch(candidate, policy, { dot: true });
        if (both) expect(globsMeet(shell, policy)).toBe(true);
      }),
      { numRuns: 3000 },
    );
  });

  it.each([
    ["/repo/*.ts", "/**/.env", false],
    ["/etc/*", "/home/user/**", false],
    ["/repo/b", "/**/b", true],
    ["/b", "/**/b", true],
    ["**/b", "b", true],
    ["**/.env", "x.env", false],
    ["/repo/a\\*", "/repo/a*", true],
    ["/repo/x.env", "/**/{.env,x.env}", true],
  ])("the literal ends of %j and %j agree with the search: %s", (shell, policy, expected) => {
    expect(globsMeet(shell, policy)).toBe(expected);
    expect(globsMeetBySearch(shell, policy)).toBe(expected);
  });

  it("answers as the search alone does, literal ends checked first or not (generated globs)", () => {
    const shellPiece = fc.constantFrom(
      "a",
      "b",
      "e",
      ".",
      "/",
      "*",
      "?",
      "[ab]",
      "[!a]",
      "**",
      "\\*",
    );
    const policyPiece = fc.constantFrom("a", "b", "e", ".", "/", "*", "?", "[ab]", "**", "{a,.e}");
    // Absolute as the gates pass them, and relative too (`**/.env` accepts `.env`).
    const glob = (piece: fc.Arbitrary<string>) =>
      fc
        .tuple(fc.constantFrom("/", "", "**/"), fc.array(piece, { minLength: 1, maxLength: 7 }))
        .map(([head, parts]) => `${head}${parts.join("")}`.replace(/\/+/g, "/"));
    fc.assert(
      fc.property(glob(shellPiece), glob(policyPiece), (shell, policy) => {
        expect(globsMeet(shell, policy)).toBe(globsMeetBySearch(shell, policy));
      }),
      { numRuns: 20_000 },
    );
  });
});
