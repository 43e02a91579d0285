// `ls -R` without -a/-A never lists nor enters a name starting with `.` below its operands
// (R25 needless-ls-recursive; traced: `ls -R src` with src/.ssh/ and src/sub/.ssh/ opened src
// and src/sub only), so a dot-folder rule below is not met; a dot folder it is given is.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "ls *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny", "secrets/**": "ask" },
  external_directory: "ask",
};

const decide = (command: string) => decideBash(CAUTIOUS, command);

describe("a recursive ls that hides dot names", () => {
  it.each<[string, string, string | null]>([
    ["ls -lR src", "allow", null],
    ["ls --recursive src", "allow", null],
    ["ls -Rd src", "allow", null],
    // A folder a rule covers is still met below: `secrets` is no dot folder.
    ["ls -R .", "ask", "secrets/**"],
    // Named dot folders, and the listings that show dot names.
    ["ls -R .ssh", "deny", "**/.ssh/**"],
    ["ls -R src/.ssh", "deny", "**/.ssh/**"],
    ["ls -RA src", "ask", "**/.ssh/**"],
    ["ls -Rf src", "ask", "**/.ssh/**"],
    ["ls -R --almost-all src", "ask", "**/.ssh/**"],
  ])("%s", async (command, action, rule) => {
    expect(await decide(command)).toEqual({ action, rule });
  });
});
