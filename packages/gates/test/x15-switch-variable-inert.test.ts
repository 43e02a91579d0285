// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "echo *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

/**
 * F15 inert-builtin-through-known-variable: `$ok` alone whose value the string set to `true`
 * or `false` runs that builtin (strace: no execve for it); only the switch's value is read.
 */
describe("a switch variable holding true or false is the builtin", () => {
  it.each([
    ["ok=true; if $ok; then git status; fi"],
    ["VERBOSE=false; $VERBOSE && echo verbose; git log -1"],
    ["dry=false; ${dry} || git status"],
  ])("%s", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each([
    // a value the string does not decide, arguments, a redirect, another program
    ["ok=$(cat f); if $ok; then git status; fi"],
    ["ok=true; $ok x; git status"],
    ["ok=true; $ok > out.txt; git status"],
    ["c=ls; $c; git status"],
    ['if [ -n "$X" ]; then ok=true; else ok=rm; fi; $ok; git status'],
    ["enable -n true; ok=true; $ok; git status"],
  ])("%s still asks", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).not.toBe("allow");
  });
});
