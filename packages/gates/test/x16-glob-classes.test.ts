// Session 16 (A16 negated-bracket-with-posix-class-matches-nothing, D16's slow glob classes): a
// negated bracket holding a POSIX class matches almost any character in bash, and the meeting
// of a glob with the path rules and the compiling of a glob are linear and paid for from the
// call's budget. Work is counted in steps (`withWorkBudget`), never timed: each size case
// below ran for seconds to minutes before.

import { withWorkBudget } from "@pi-permission/policy";
import fc from "fast-check";
import { minimatch } from "minimatch";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { globsMeet, globsMeetBySearch } from "../src/glob-meet.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

const CAUTIOUS = {
  "*": "ask",
  bash: { "*": "ask", "echo *": "allow", "cat *": "allow", "grep *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
} as const;

describe("a bracket holding a POSIX class", () => {
  it.each([
    // Traced (A16): bash reads .env through each of these.
    ["/repo/.[![:upper:]]nv", true],
    ["/repo/.[^[:upper:]]nv", true],
    ["/repo/.[![:digit:]]nv", true],
    ["/repo/.[![:punct:]]nv", true],
    ["/repo/.[![:space:]]nv", true],
    ["/repo/.[![:upper:]x]nv", true],
    ["/repo/.[!x[:upper:]]nv", true],
    ["/repo/.e[![:upper:]]v", true],
    ["/repo/.[![:upper:]]*", true],
    // Members no locale leaves out: `e` is lower case and a letter everywhere.
    ["/repo/.[![:lower:]]nv", false],
    ["/repo/.[![:alpha:]]nv", false],
    ["/repo/.[![:alnum:]]nv", false],
    ["/repo/.[![:xdigit:]]nv", false],
    ["/repo/.[![:upper:]e]nv", false],
    // A class whose members depend on the locale, or a name bash does not know, may hold
    // anything, so the negated bracket may match any character not listed beside it.
    ["/repo/.[![:graph:]]nv", true],
    ["/repo/.[![:nosuch:]]nv", true],
    ["/repo/.[[:upper:]]nv", true],
    ["/repo/.[[:lower:][:upper:]]nv", true],
    // A class name cut short by a `]` is read differently by bash's matcher and its bracket
    // finder: such a glob may meet anything.
    ["/repo/.[[:e]nv]", true],
    // The slash and a hidden leading dot stay out of every bracket.
    ["/repo/[![:upper:]]env", false],
  ])("%j meets **/.env: %s", (glob, expected) => {
    expect(globsMeet(glob, "/**/.env")).toBe(expected);
    expect(globsMeetBySearch(glob, "/**/.env")).toBe(expected);
  });

  it("is never wrong about an ASCII path both globs match (minimatch as the reference)", () => {
    // minimatch reads a class by its ASCII members, as bash does in the C locale: a model that
    // may only err towards "it can" meets whatever both match.
    const piece = fc.constantFrom(
      "a",
      "A",
      ".",
      "/",
      "*",
      "?",
      "**",
      "[!a]",
      "[![:upper:]]",
      "[[:lower:]]",
      "[!a[:digit:]]",
      "[^[:alpha:]]",
      "[![:lower:]b]",
    );
    const glob = fc
      .array(piece, { minLength: 1, maxLength: 6 })
      .map((parts) => `/${parts.join("")}`.replace(/\/+/g, "/"));
    const path = fc
      .array(fc.constantFrom("a", "b", "A", "1", ".", "/"), { minLength: 1, maxLength: 7 })
      .map((parts) => `/${parts.join("")}`.replace(/\/+/g, "/"))
      .filter((candidate) => candidate.length > 1 && !candidate.endsWith("/"));
    fc.assert(
      fc.property(glob, glob, path, (shell, policy, candidate) => {
        const both =
          minimatch(candidate, shell, { dot: false }) &&
          minimatch(candidate, policy, { dot: true });
        if (both) expect(globsMeet(shell, policy)).toBe(true);
        expect(globsMeet(shell, policy)).toBe(globsMeetBySearch(shell, policy));
      }),
      { numRuns: 3000 },
    );
  });

  it("lets a negated class match a dot inside a name", () => {
    expect(globsMeet("/repo/x[![:upper:]]env", "/**/x.env")).toBe(true);
    expect(globsMeet("/repo/x[![:upper:]]env", "/**/xAenv")).toBe(false);
  });

  it.each([
    "cat .[![:upper:]]nv",
    "cat .[^[:upper:]]nv",
    "cat .[!x[:upper:]]nv",
    "cat .[![:upper:]]*",
    "grep KEY .[![:upper:]]nv",
    "echo hi > .[![:upper:]]nv",
  ])("%s is not allowed where .env is denied", async (command) => {
    const verdict = evaluateToolCall(policyOf(CAUTIOUS), bash(command), await analyzerOnce());
    expect(verdict.action).not.toBe("allow");
  });
});

describe("the meeting of a long glob is paid for and linear", () => {
  // A fifth of one call's budget: the quadratic forms spent far more, or none at all.
  const STEPS = 200_000;
  const within = (meet: () => boolean) => withWorkBudget(meet, STEPS, Number.POSITIVE_INFINITY);

  it("reads thousands of `**` segments as one", () => {
    const glob = `/repo/${"**/".repeat(15_000)}`;
    expect(within(() => globsMeet(`${glob}x`, "/**/.env"))).toBe(false);
    expect(within(() => globsMeet(`${glob}.env`, "/**/.env"))).toBe(true);
    expect(within(() => globsMeet(`${glob}.env`, "/repo/.env"))).toBe(true);
    expect(globsMeet("/a/**/**/b", "/a/b")).toBe(true);
    expect(globsMeet("/a/**/**", "/a/x/y")).toBe(true);
    expect(globsMeet("/a/**/**/b", "/a/x/c")).toBe(false);
  });

  it("tells two brackets of thousands of characters apart without trying each", () => {
    const even = Array.from({ length: 10_000 }, (_, i) => String.fromCodePoint(0x4e00 + 2 * i));
    const odd = Array.from({ length: 10_000 }, (_, i) => String.fromCodePoint(0x4e01 + 2 * i));
    const glob = `/repo/*[${even.join("")}]`;
    expect(within(() => globsMeet(glob, "/**/.env"))).toBe(false);
    expect(within(() => globsMeet(glob, `/repo/*[${odd.join("")}]`))).toBe(false);
    expect(within(() => globsMeet(glob, `/repo/*[${odd.join("")}${even[9]}]`))).toBe(true);
    expect(within(() => globsMeet(glob, `/repo/x${even[5]}`))).toBe(true);
  });

  it("reads thousands of unclosed `[` once each", () => {
    // Each read to the end of the glob and failed: quadratic, and unpaid. The last
    // character tells the rule apart, so the compiling is all that is paid for here.
    for (const open of ["[", "[=", "[.", "[a-[=", "[!"]) {
      const glob = `/repo/${open.repeat(Math.floor(40_000 / open.length))}/x`;
      expect(within(() => globsMeet(glob, "/**/.env"))).toBe(false);
      expect(globsMeet(`/repo/${open.repeat(100)}/*`, "/**/.env")).toBe(false);
    }
    expect(within(() => globsMeet(`/repo/${"[[:".repeat(10_000)}/*`, "/**/.env"))).toBe(true);
  });

  it("keeps the certain deny of a call beside such a glob", async () => {
    const command = `cat .env ./${"[".repeat(4000)}/*`;
    const analyzer = await analyzerOnce();
    // The analysis of so many `[` takes a cold engine near its wall-clock stop on a loaded
    // machine (where it would rightly ask): it is read once beforehand, so the judging below
    // meets the gates' own budget, which counts work. The analyzer keeps a finished analysis.
    for (let tries = 0; tries < 3; tries++) {
      const read = analyzer.analyze(command, { cwd: "/repo", home: "/home/user" });
      if (read.status !== "partial") break;
    }
    const verdict = evaluateToolCall(policyOf(CAUTIOUS), bash(command), analyzer);
    expect(verdict.action).toBe("deny");
  });
});

/**
 * R16 reversed-range-in-negated-bracket, traced under bash 5.2: a range written high to low
 * (`z-a`, `f-a`, `e-E`) is empty, so `.[!z-a]nv` matches `.env` and `cat` reads it. The range
 * was read with its ends swapped, as if it excluded `e`.
 */
describe("a range written high to low", () => {
  it.each([
    ["/repo/.[!z-a]nv", true],
    ["/repo/.[!f-a]nv", true],
    ["/repo/.[!e-E]nv", true],
    ["/repo/.[!z-a]*", true],
    // Not negated, it matches nothing bash would, and still meets here (never less).
    ["/repo/.[z-a]nv", true],
    // A range written low to high still excludes what it names.
    ["/repo/.[!a-z]nv", false],
  ])("%s meets **/.env: %s", (glob, meets) => {
    expect(globsMeet(glob, "/**/.env")).toBe(meets);
  });
});
