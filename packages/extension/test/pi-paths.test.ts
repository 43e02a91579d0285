// The gates judge the file Pi opens: their resolver and Pi 1.x's own, called on the same
// inputs, must name the same file. Pi's resolver is not exported from its package root, so
// it is loaded from the installed dist (the module every file tool calls).
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { homedir, tmpdir } from "node:os";
import { join } from "node:path";
import { resolvePath, resolveReadPath, toolPathOf } from "@pi-permission/gates";
import { describe, expect, it } from "vitest";

interface PiPathUtils {
  resolveToCwd(path: string, cwd: string): string;
  resolveReadPath(path: string, cwd: string): string;
}

const pi = (await import(
  new URL("./core/tools/path-utils.js", import.meta.resolve("@earendil-works/pi-coding-agent")).href
)) as PiPathUtils;

// Pi expands `~` with the process's home directory; the gates are given it.
const home = homedir();
const cwd = "/work/repo";

/** Pi's answer, or the error it throws (an unreadable file URL: the tool opens nothing). */
function piOpens(raw: string, at = cwd): string | { throws: string } {
  try {
    return pi.resolveToCwd(raw, at);
  } catch (error) {
    return { throws: (error as NodeJS.ErrnoException).code ?? String(error) };
  }
}

const CASES: Array<[string, string]> = [
  [".env", "relative to the working directory"],
  ["src/../.env", "dots collapse"],
  ["../../etc/passwd", "`..` climbs out of the working directory"],
  ["../../../../../../etc/passwd", "and stops at the root"],
  ["/etc/passwd", "absolute"],
  ["/etc/../root/.ssh/id_rsa", "absolute with dots"],
  ["", "empty: the working directory"],
  [".", "the working directory"],
  ["dir/", "a trailing slash"],
  ["//etc//passwd", "doubled slashes"],
  ["~", "home"],
  ["~/x", "under home"],
  ["~/../../etc/passwd", "climbing out of home"],
  ["~user/x", "another user's home is not expanded"],
  ["x/~/y", "a tilde inside a path"],
  ["$HOME/x", "`$HOME` is not expanded"],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter, not a template
  ["${HOME}/x", "nor `${HOME}`"],
  ["@/etc/passwd", "a leading `@` is dropped"],
  ["@.env", "before a relative path too"],
  ["@@.env", "only one"],
  ["@~/x", "before `~` expands"],
  ["a@b", "an `@` inside a name"],
  ["file:///etc/passwd", "a file URL"],
  ["@file:///etc/passwd", "a file URL after `@`"],
  ["file:///work/repo/%2e%2e/%2e%2e/etc/passwd", "percent-encoded dots"],
  ["file:///work/repo/.%2E/x", "half-encoded dots"],
  ["file:///etc/pass%77d", "percent escapes"],
  ["file:///work/repo/%252e%252e/x", "double-encoded dots decode once"],
  ["file://localhost/etc/passwd", "the localhost host"],
  ["file:///work/repo/a%20b", "an encoded space"],
  ["FILE:///etc/passwd", "an upper-case scheme is a name"],
  ["file:/etc/passwd", "one slash is a name"],
  ["file:etc/passwd", "no slash is a name"],
  ["~/file:///x", "tilde before the URL test"],
  ["a\u00a0b", "a no-break space"],
  ["\u2000.env", "an en quad"],
  ["\u2003/etc/passwd", "an em space before an absolute path"],
  ["\u200a.env", "a hair space"],
  ["@\u202f.env", "a narrow no-break space after `@`"],
  ["\u202f@.env", "a narrow no-break space before `@`"],
  ["\u205f.env", "a medium mathematical space"],
  ["\u3000.env", "an ideographic space"],
  ["a\u200bb", "a zero-width space is not a space"],
  ["\t.env", "a tab is not a space to Pi"],
  [" .env ", "nothing is trimmed"],
  ["C:\\Windows\\x", "backslashes are names on POSIX"],
];

describe("the gates resolve a file tool's path exactly as Pi does", () => {
  it.each(CASES)("%j (%s)", (raw) => {
    expect(resolvePath(raw, cwd, home)).toEqual(piOpens(raw));
  });

  it("and so for the file URLs Pi refuses, the gates judge a path anyway (Pi opens nothing)", () => {
    for (const raw of [
      "file:///a%2Fb",
      "file://host/etc/passwd",
      "file:///work/repo/%2e%2e%2fetc",
    ]) {
      expect(piOpens(raw)).toEqual({ throws: expect.stringMatching(/^ERR_INVALID_FILE_URL/) });
      expect(resolvePath(raw, cwd, home)).toMatch(/^\//);
    }
  });

  it('an ls, grep or find call without a path opens the working directory, as Pi\'s `path || "."` does', () => {
    for (const tool of ["ls", "grep", "find"]) {
      for (const input of [{}, { path: "" }]) {
        const path = toolPathOf(tool, input);
        expect(path && resolvePath(path.raw, cwd, home)).toBe(piOpens(input.path || "."));
      }
    }
  });

  it("on generated spellings: every prefix, escape and space combined", () => {
    // A fixed linear congruential sequence: the same 3000 inputs on every run.
    let seed = 12345;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const parts = [
      "@",
      "~",
      "~/",
      "/",
      "./",
      "../",
      "..",
      ".",
      "file://",
      "file:///",
      "file://localhost/",
      "%2e",
      "%2E%2e/",
      "%2f",
      "%",
      "$HOME",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter, not a template
      "${HOME}",
      "\u00a0",
      "\u202f",
      "\u3000",
      " ",
      "etc",
      "passwd",
      ".env",
      "a b",
      "é",
      "e\u0301",
      "\\",
      "?",
      "#",
    ];
    let compared = 0;
    for (let i = 0; i < 3000; i++) {
      const raw = Array.from({ length: 1 + next(6) }, () => parts[next(parts.length)]).join("");
      const expected = piOpens(raw);
      if (typeof expected !== "string") continue;
      expect([raw, resolvePath(raw, cwd, home)]).toEqual([raw, expected]);
      compared++;
    }
    expect(compared).toBeGreaterThan(2000);
  });
});

describe("the gates name the file Pi's read tool falls back to", () => {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "pi-read-paths-")));
  mkdirSync(join(dir, "shots"));
  for (const name of [
    "Shot 10.00\u202fAM.png",
    "Capture d\u2019e\u0301cran.png",
    "caf\u0065\u0301.txt",
    "plain.txt",
  ]) {
    writeFileSync(join(dir, "shots", name), "");
  }

  it.each([
    "shots/Shot 10.00 AM.png",
    "shots/Capture d'écran.png",
    "shots/café.txt",
    "shots/plain.txt",
    "shots/none.txt",
    "@shots/plain.txt",
  ])("%j", (raw) => {
    expect(resolveReadPath(raw, dir, home)).toBe(pi.resolveReadPath(raw, dir));
  });
});
