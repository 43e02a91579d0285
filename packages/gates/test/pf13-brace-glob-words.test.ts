// Precision class N8 of session 13: `ls {src,test}/**/*.ts` asked `**/.ssh/**` while
// `ls src/**/*.ts test/**/*.ts` was allowed. The words a brace makes (`src/**/*.ts`) were not
// found among the analysis's paths (whose raw word is the brace word as written), so they were
// judged again as globs whose `**` crosses folders, dot folders included, though without
// globstar bash reads `**` as `*`, which never matches a leading dot.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "grep *": "allow", "cat *": "allow", "ls *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

const decide = async (command: string) => (await decideBash(CAUTIOUS, command)).action;

describe("a brace's words are the paths the analysis found for the brace word", () => {
  it.each([
    "ls {src,test}/**/*.ts",
    "ls {src,test}/**/*.ts 2>/dev/null",
    "cat {src,test}/**/*.ts",
    "grep -c TODO {src,lib}/**/*.ts",
    "ls {src,lib}/**",
    "cat {src,lib/{a,b}}/*.md",
  ])("%s", async (command) => {
    expect(await decide(command)).toBe("allow");
  });

  it.each<[string, string]>([
    // What the brace words can name is still judged.
    ["ls {src,.ssh}/**", "deny"],
    ["cat {src,.ssh}/*", "deny"],
    ["cd /home/user && ls {src,.ssh}/*", "deny"],
    ["cat {.e,x}*", "ask"],
    // With globstar `**` crosses folders, but enters no dot folder unless dotglob is on.
    ["shopt -s globstar; ls {src,test}/**/*.ts", "allow"],
    ["shopt -s globstar dotglob; ls {src,test}/**/*.ts", "ask"],
  ])("%s: %s", async (command, action) => {
    expect(await decide(command)).toBe(action);
  });
});
