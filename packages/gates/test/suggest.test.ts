import { matchesBashPattern } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import {
  suggestBashPattern,
  suggestPathPattern,
  WIDENING_RULES,
  widerBashPattern,
  widerPathPattern,
} from "../src/suggest.ts";

const words = (unit: string) => unit.split(" ");

describe("the default session pattern is the call exactly as shown", () => {
  it.each([
    ["npm install lodash", "a package install"],
    ["rm build", "a delete"],
    ["git status --short", "even a command that could be widened"],
    ["sudo apt update", "a wrapper"],
  ])("%s (%s)", (unit) => {
    expect(suggestBashPattern(words(unit), false)).toBe(unit);
  });

  it("a path is approved as itself", () => {
    expect(suggestPathPattern("/repo/src/a.ts")).toBe("/repo/src/a.ts");
  });
});

describe("a wider pattern is offered only for read-only commands (docs/session-grants.md)", () => {
  // The table the docs show: what is approved, and the wider choice offered, if any.
  it.each<[string, string | null, string]>([
    ["npm install lodash", null, "a package install lets any package in"],
    ["npm i lodash", null, "its short spelling too"],
    ["pip install requests", null, "another package manager's install"],
    ["cargo install ripgrep", null, "every install is exact"],
    ["rm build", null, "`rm build *` would cover `rm build -rf /`"],
    ["rm -rf build", null, "a delete with flags"],
    ["mv a b", null, "a move overwrites"],
    ["cp a b", null, "a copy overwrites"],
    ["chmod 600 key", null, "mode changes"],
    ["chown me file", null, "owner changes"],
    ["dd if=a of=b", null, "raw writes"],
    ["git push origin main", null, "a push publishes"],
    ["git reset --hard", null, "a reset discards work"],
    ["git clean -fdx", null, "a clean deletes files"],
    ["git checkout -- .", null, "a checkout overwrites files"],
    ["npm run build", null, "a script runner runs anything"],
    ["make", null, "a bare unknown command"],
    ["./deploy.sh prod", null, "a script"],
    ["find . -delete", null, "find can delete and exec"],
    ["git status --short", "git status *", "status only reads"],
    ["git log --oneline -5", "git log *", "log only reads"],
    ["git diff --stat", "git diff *", "diff only reads"],
    ["ls -la src", "ls *", "listing only reads"],
    ["cat README.md", "cat *", "the files it reads are still judged by the path gates"],
    ["npm test -- --watch=false", "npm test *", "the project's tests with other flags"],
  ])("%s → %s (%s)", (unit, wider) => {
    expect(widerBashPattern(words(unit))).toBe(wider);
  });

  it("a wrapper's unit is never widened", () => {
    expect(widerBashPattern(words("git status"), true)).toBeNull();
  });

  // Each entry's own examples: the wider pattern covers its matches and none of its non-matches.
  it.each(WIDENING_RULES.map((r) => [r.prefix.join(" "), r] as const))(
    "%s * covers its examples and nothing listed against it",
    (_name, rule) => {
      const [first] = rule.match;
      expect(first).toBeDefined();
      const wider = widerBashPattern(words(first as string));
      expect(wider).toBe(`${rule.prefix.join(" ")} *`);
      for (const unit of rule.match) expect(matchesBashPattern(wider as string, unit)).toBe(true);
      for (const unit of rule.notMatch) {
        expect(matchesBashPattern(wider as string, unit)).toBe(false);
        expect(widerBashPattern(words(unit))).not.toBe(wider);
      }
    },
  );

  it.each<[string, "read" | "write" | "read_write", string | null]>([
    ["/repo/src/a.ts", "read", "/repo/src/*"],
    ["/etc", "read", "/*"],
    ["/repo/src/a.ts", "write", null],
    ["/repo/src/a.ts", "read_write", null],
  ])("%s (%s) → %s", (path, access, expected) => {
    expect(widerPathPattern(path, access)).toBe(expected);
  });
});
