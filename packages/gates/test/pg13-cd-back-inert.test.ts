// `cd -` goes back to the folder an earlier directory change of the string left: under an
// asking catch-all `cd sub && git log && cd -` is judged on git (p13 K-C18); a `cd -` to a
// folder the string does not decide still meets the catch-all.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow", "rm *": "deny" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

describe("cd - to a folder the string decided does not meet the catch-all", () => {
  it.each<[string]>([
    ["cd src && cd - && ls"],
    ["cd packages/api && git log --oneline -3 -- . && cd -"],
  ])("%j is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string]>([
    // A cd that may fail: OLDPWD may be the caller's.
    ["cd src; cd -"],
    ["cd -"],
    // OLDPWD set for this cd alone, or given a value the analysis does not follow.
    ["cd src && OLDPWD=/home/user cd -"],
    ["cd src && OLDPWD=$X; cd -"],
    // The folder it goes back to is outside the project.
    ["cd /home/user && cd /repo && cd -"],
    ["builtin cd -"],
  ])("%j still asks", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("ask");
  });
});
