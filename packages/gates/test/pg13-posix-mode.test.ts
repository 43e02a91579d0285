// `set -o posix` runs and opens nothing, as `POSIXLY_CORRECT=1` (which turns the same mode on)
// does not: under a catch-all that asks it is judged by the commands after it (traced under
// bash 5.2: `set -o posix; ls` runs ls only; f13 precision f13p-4, f13p-5).
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow", "rm *": "deny" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

describe("set -o posix does not meet the catch-all", () => {
  it.each<[string]>([
    ["set -o posix; ls"],
    ["set -o posix\ngit status"],
    ["set +o posix; ls"],
    ["set -euo posix; git status"],
  ])("%j is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string, string]>([
    // What the mode changes on later lines is still judged.
    ["set -o posix\nalias ls='rm -rf x'\nls", "deny"],
    // POSIXLY_CORRECT exported: GNU cat reads every word after its first operand as a file.
    ["set -o posix\nexport POSIXLY_CORRECT\ncat README.md --/../../home/user/.ssh/id_rsa", "deny"],
    // A prefix assignment before a special builtin stays in posix mode.
    ["set -o posix\nx=/home/user/notes.txt export z\ncat $x", "ask"],
    // Other options of the same command, or one only known at run time.
    ["set -o posix -x\nls", "ask"],
    ['set -o posix "$o"; ls', "ask"],
  ])("%j stays %s", async (command, action) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe(action);
  });
});
