// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// M19 wait-on-last-background-pid-asks: `wait $!` waits for the last background job; `$!` is
// its process id (digits, or nothing before any job), never an option such as `-p NAME`, so
// wait assigns no variable and runs nothing. Traced under bash 5.2: `git status & wait $!`
// runs git status alone; `x=-p; wait $x PATH; git status` assigns PATH and git is not found.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow", "echo *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

describe("wait for the last background job runs nothing", () => {
  it.each<[string]>([
    ["git status & wait $!"],
    ['git fetch & git status; wait "$!"'],
    ["git log -1 & wait ${!}; echo done"],
    ["git status & wait -n $!"],
  ])("%s is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string]>([
    // A word only known at run time may be `-p NAME` (wait assigns NAME).
    ["x=-p; wait $x PATH; git status"],
    ["wait $x"],
    ["git status & wait $! $x"],
    // read's operand is a name whatever it holds.
    ["read $!; git status"],
  ])("%s is not allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).not.toBe("allow");
  });
});
