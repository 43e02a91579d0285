// A lister (`ls`, `du`, `tree`) shows the names and metadata of a folder's entries, not their
// contents: a folder rule that covers every entry (`**/.ssh/**`) meets the listing of that
// folder, a rule that may name one entry (`**/.env`) does not.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "ls *": "allow", "du *": "allow", "tree *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny", "secrets/**": "ask" },
  external_directory: "ask",
};

const decide = (command: string) => decideBash(CAUTIOUS, command);

describe("a folder's listing meets the rules that cover every entry", () => {
  it.each<[string, string, string | null]>([
    ["ls -la .ssh", "deny", "**/.ssh/**"],
    ["ls .ssh/", "deny", "**/.ssh/**"],
    ["ls -lL ~/.ssh", "deny", "**/.ssh/**"],
    ["du -sh .ssh", "deny", "**/.ssh/**"],
    ["ls secrets", "ask", "secrets/**"],
    // A glob may name the folder: ask.
    ["ls .ss?", "ask", "**/.ssh/**"],
    ["ls ~/.ss*", "ask", "**/.ssh/**"],
    // A recursive listing shows the names of every folder below; without -a/-A (or -f) ls
    // never lists nor enters a dot folder there (R25 needless-ls-recursive, traced).
    ["ls -Ra src", "ask", "**/.ssh/**"],
    ["ls -R src", "allow", null],
    // Only names are shown: a rule that may name one entry is not met.
    ["ls src", "allow", null],
    ["ls -la", "allow", null],
    ["ls src/*", "allow", null],
    // `*` may be `secrets`, whose entries the ask covers; dot folders are not matched.
    ["ls *", "ask", "secrets/**"],
    ["ls .ssh/..", "allow", null],
  ])("%s", async (command, action, rule) => {
    expect(await decide(command)).toEqual({ action, rule });
  });
});
