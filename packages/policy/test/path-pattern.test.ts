import { posix } from "node:path";
import { describe, expect, it } from "vitest";
import {
  matchesPathPattern,
  pathPatternBelow,
  pathPatternMatcher,
  resolvePathPattern,
} from "../src/index.ts";

const where = { cwd: "/repo", home: "/home/user" };

describe("matchesPathPattern", () => {
  it.each<[pattern: string, path: string, expected: boolean, note: string]>([
    ["*", "/repo/a.txt", true, "`*` alone matches every path"],
    ["*", "/etc/passwd", true, "including paths outside the working directory"],
    ["**/.env", "/repo/.env", true, "`**` matches no folder at all (corpus P1)"],
    ["**/.env", "/repo/packages/api/.env", true, "and any number of folders"],
    ["**/.env", "/home/user/.env", true, "a leading `**` is not tied to the working directory"],
    ["**/.env", "/repo/.envrc", false, "the last segment must match whole"],
    ["**/.env.*", "/repo/.env.example", true, "dot files match (`dot: true`)"],
    ["**/.ssh/**", "/home/user/.ssh/id_rsa", true, "files inside a `.ssh` anywhere (corpus P1)"],
    ["**/.ssh/**", "/home/user/.ssh", false, "`dir/**` matches inside the folder, not the folder"],
    [
      "secrets/*",
      "/repo/secrets/key",
      true,
      "a relative pattern is relative to the working directory",
    ],
    ["secrets/*", "/repo/secrets/a/key", false, "`*` stays inside one segment"],
    ["secrets/**", "/repo/secrets/a/key", true, "`**` spans segments"],
    ["secrets/**", "/other/secrets/key", false, "relative patterns do not match other trees"],
    ["*.env", "/repo/prod.env", true, "`*.env` matches the working directory's own files"],
    ["*.env", "/repo/config/prod.env", false, "but not nested ones"],
    ["~/.ssh/**", "/home/user/.ssh/id_rsa", true, "`~` is the home directory"],
    ["~", "/home/user", true, "`~` alone is the home directory itself"],
    ["/etc/**", "/etc/app/config.yaml", true, "an absolute pattern (corpus P3)"],
    ["/etc/**", "/repo/etc/x", false, "absolute means absolute"],
    ["src/*.ts", "src/index.ts", true, "a relative path is resolved against the working directory"],
    ["**/.env", "/repo/src/../.env", true, "paths are normalised lexically"],
    ["{a,b}.txt", "/repo/b.txt", true, "brace sets work as in a shell"],
    ["secrets/", "/repo/secrets/a/key", true, "a trailing slash names what is inside the folder"],
    ["/etc/", "/etc/passwd", true, "an absolute folder with its slash too"],
    ["$HOME/.aws/**", "/home/user/.aws/credentials", true, "`$HOME` is the home directory"],
    ["${HOME}/.aws/**", "/home/user/.aws/config", true, "and so is `${HOME}`"],
    ["$HOMEX/a", "/home/user/a", false, "only the whole word `$HOME`"],
    ["~/.ssh", "/home/user/.ssh/id_rsa", false, "a folder without a glob is the folder's own name"],
  ])("%j vs %j → %s (%s)", (pattern, path, expected) => {
    expect(matchesPathPattern(pattern, path, where)).toBe(expected);
  });

  it("anchors each kind of pattern the documented way", () => {
    expect(
      ["*", "~", "~/.ssh/**", "/etc/**", "**/.env", "secrets/**", "./a/../b"].map((p) =>
        resolvePathPattern(p, where),
      ),
    ).toEqual([
      "*",
      "/home/user",
      "/home/user/.ssh/**",
      "/etc/**",
      "/**/.env",
      "/repo/secrets/**",
      "/repo/b",
    ]);
  });
});

describe("pathPatternBelow", () => {
  it.each<[pattern: string, below: string | null, note: string]>([
    ["~/.ssh", "/home/user/.ssh/**", "a folder in the home directory"],
    ["/etc", "/etc/**", "an absolute folder"],
    ["secrets", "/repo/secrets/**", "a folder of the working directory"],
    ["$HOME/.aws", "/home/user/.aws/**", "`$HOME` as `~`"],
    ["/", "/**", "the root"],
    ["**/.env", null, "a glob says itself what it covers"],
    ["secrets/*", null, "so does a star"],
    ["*", null, "and the pattern for every path"],
  ])("%j → %j (%s)", (pattern, below) => {
    expect(pathPatternBelow(pattern, where)).toBe(below);
  });
});

describe("a working or home directory whose name holds glob characters", () => {
  it.each([
    ["secrets/**", "/w/app [old]", "/w/app [old]/secrets/key"],
    ["config", "/w/app*", "/w/app*/config"],
    ["*.env", "/w/a{b,c}", "/w/a{b,c}/x.env"],
    ["src/**", "/w/a?(b)", "/w/a?(b)/src/a.ts"],
  ])("%j anchored at %s matches %s", (pattern, cwd, path) => {
    expect(matchesPathPattern(pattern, path, { cwd, home: "/h" })).toBe(true);
  });

  it.each([
    ["secrets/**", "/w/app [old]", "/w/app o/secrets/key"],
    ["config", "/w/app*", "/w/appX/config"],
  ])("%j anchored at %s does not match %s", (pattern, cwd, path) => {
    expect(matchesPathPattern(pattern, path, { cwd, home: "/h" })).toBe(false);
  });

  it("keeps the folder of a rule without a glob covering what lies below it", () => {
    const where = { cwd: "/w/app [old]", home: "/h/[me]" };
    expect([pathPatternBelow("secrets", where), pathPatternBelow("~/.ssh", where)]).toEqual([
      "/w/app \\[old\\]/secrets/**",
      "/h/\\[me\\]/.ssh/**",
    ]);
    expect(matchesPathPattern("~/.ssh/**", "/h/[me]/.ssh/id_rsa", where)).toBe(true);
    expect(resolvePathPattern("/etc/[ab]", where)).toBe("/etc/[ab]");
  });
});

describe("pathPatternMatcher", () => {
  // Compiled once per working and home directory: a matcher from one context is never
  // handed out for another (a relative or `~` pattern names another place there).
  it("answers each context with that context's resolution", () => {
    const repo = { cwd: "/repo", home: "/home/u" };
    const other = { cwd: "/work", home: "/home/v" };
    for (let round = 0; round < 2; round++) {
      expect(pathPatternMatcher("secrets/**", repo)("/repo/secrets/k")).toBe(true);
      expect(pathPatternMatcher("secrets/**", other)("/repo/secrets/k")).toBe(false);
      expect(pathPatternMatcher("secrets/**", other)("/work/secrets/k")).toBe(true);
      expect(pathPatternMatcher("~/.ssh/**", repo)("/home/u/.ssh/id")).toBe(true);
      expect(pathPatternMatcher("~/.ssh/**", other)("/home/u/.ssh/id")).toBe(false);
      expect(pathPatternMatcher("*", other)("/anything")).toBe(true);
    }
  });

  it("is matchesPathPattern on the resolved path", () => {
    const where = { cwd: "/repo", home: "/home/u" };
    for (const [pattern, path] of [
      ["**/.env", "src/../.env"],
      ["/etc/**", "/etc/passwd"],
      ["build/", "/repo/build/x.js"],
      ["$HOME/.aws/*", "/home/u/.aws/credentials"],
    ] as const) {
      expect(pathPatternMatcher(pattern, where)(posix.resolve(where.cwd, path))).toBe(
        matchesPathPattern(pattern, path, where),
      );
    }
  });
});
