// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// Blanks in the operand of a double-quoted ${X:-…}/${X:?…} stay in the one word: the builtin
// still runs nothing (A16 quoted-expansion-word-with-blank-not-inert, 7 needless asks, e.g.
// `: "${API_KEY:?API_KEY must be set}"` asked under P1).
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "deny", "git status": "allow", "echo *": "allow" },
  path: { "**/.env": "deny" },
  external_directory: "ask",
};

describe("a quoted operand with blanks keeps the builtin inert", () => {
  it.each<[string]>([
    [': "${API_KEY:?API_KEY must be set}"'],
    [': "${FOO:-some default}" && git status'],
    [': "${1:?usage: script name}"'],
    ['test -z "${CI:-not set}" && git status'],
    ['true "${X:?X is required}"'],
  ])("%s is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string]>([
    // Unquoted, the operand splits and globs; a substitution in it runs.
    [": ${FOO:-some default}"],
    [': "${FOO:-$(git push)}"'],
    [': "${FOO:-`git push`}"'],
  ])("%s is not allowed by it", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).not.toBe("allow");
  });
});
