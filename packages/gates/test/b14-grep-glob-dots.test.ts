// Pi's grep tool hands its `glob` to ripgrep (`rg --hidden --glob G`), whose wildcards match
// a `.` that starts a name: `*`, `?env`, `[.]env`, `*env*`, `*.local` all search `.env` or
// `.env.local` (attack round 14, traced with Pi 1.6's own grep tool and ripgrep 13). The glob
// was met with the rules as a bash glob, whose wildcards never match a leading `.`, so no
// refusing rule seemed to name a file below and the search was allowed.
import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { globsMeet } from "../src/glob-meet.ts";
import { searchReads } from "../src/search-reads.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const DEFAULTS: PermissionMap = {
  "*": "ask",
  grep: "allow",
  path: { "**/.env": "deny", "**/.env.*": "deny" },
  external_directory: "ask",
};

const root = realpathSync(mkdtempSync(join(tmpdir(), "pi-grep-glob-dots-")));
const repo = join(root, "repo");
mkdirSync(join(repo, "sub"), { recursive: true });
writeFileSync(join(repo, ".env"), "API_KEY=1\n");
writeFileSync(join(repo, ".env.local"), "API_KEY=2\n");
writeFileSync(join(repo, "sub", ".env"), "API_KEY=3\n");
writeFileSync(join(repo, "a.ts"), "const API_KEY = process.env.API_KEY;\n");

async function action(glob: string, cwd: string) {
  const facts = call("grep", { pattern: "API_KEY", glob }, { cwd, home: join(root, "home") });
  return (await evaluateToolCall(policyOf(DEFAULTS), facts, await analyzerOnce())).action;
}

describe("a ripgrep glob's wildcards match a leading dot", () => {
  it("is met with the rules that way", () => {
    expect(globsMeet("/repo/**/*", "/**/.env")).toBe(false);
    expect(globsMeet("/repo/**/*", "/**/.env", true)).toBe(true);
    expect(globsMeet("/repo/**/?env", "/**/.env", true)).toBe(true);
    expect(globsMeet("/repo/**/[.]env", "/**/.env", true)).toBe(true);
    expect(globsMeet("/repo/**/*.local", "/**/.env.*", true)).toBe(true);
    expect(globsMeet("/repo/**/*.ts", "/**/.env", true)).toBe(false);
    expect(globsMeet("/repo/**/a*", "/**/.env", true)).toBe(false);
  });

  it.each(["*", "[.]env", "?env", "*env*", "*.local", "*local", "?*", "[!x]*", "**env"])(
    "%j: a search of a folder not on this machine asks",
    async (glob) => {
      expect(await action(glob, "/nonexistent-b14/repo")).toBe("ask");
    },
  );

  it.each(["*", "[.]env", "?env", "*env*", "*.local", "?*"])(
    "%j: a search of a folder holding a .env is denied",
    async (glob) => {
      expect(await action(glob, repo)).toBe("deny");
    },
  );

  it("names the dot files the walk finds without ripgrep", () => {
    const files = searchReads(
      call("grep", { pattern: "x", glob: "*" }, { cwd: repo, home: join(root, "home") }),
      policyOf(DEFAULTS),
      { shown: ".", path: repo, access: "read" },
      "*",
      [join(root, "no-rg")],
    );
    expect(files.map((f) => f.path)).toEqual([
      join(repo, ".env"),
      join(repo, ".env.local"),
      join(repo, "sub", ".env"),
    ]);
  });

  it.each(["*.ts", "a*"])("%j names no dot file there: allowed", async (glob) => {
    expect(await action(glob, repo)).toBe("allow");
  });

  it("a glob starting with a letter cannot name .env, on this machine or not", async () => {
    expect(await action("a*", "/nonexistent-b14/repo")).toBe("allow");
  });
});
