// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// Attack round C14 (metamorphic), class redirection-makes-inert-builtin-ask: `unset X` and
// `printf '%s\n' "$X"` met only the rules that name them, but with any redirect
// (`2>/dev/null`, `>/dev/null 2>&1`) they met the catch-all: the check that their words are
// written as they read counted the redirect as a word. A redirect gives the command no word;
// its file is judged as a path. Class line-continuation-after-builtin-name: a backslash before
// a newline (`test \⏎-n "$CI"`) is gone before bash splits words, but the same check kept it.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "rm *": "deny" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

describe("a redirect leaves an inert builtin inert", () => {
  it.each<[string, string]>([
    ["unset X 2>/dev/null", "allow"],
    ["unset X >/dev/null 2>&1", "allow"],
    ["unset X > /dev/null", "allow"],
    ["printf '%s\\n' \"$X\" 2>/dev/null", "allow"],
    ['true "$X" 2>/dev/null', "allow"],
    // The file a redirect opens is still judged.
    ["unset X 2>~/.ssh/x", "deny"],
    ["unset X >.env", "deny"],
    ["printf '%s\\n' \"$X\" > ~/.ssh/y", "deny"],
    ['unset X 2>"$f"', "ask"],
    // What runs inside a redirect is its own command.
    [': "$X" <<<"$(rm -rf build)"', "deny"],
    // An operator with no target is no redirect bash reads.
    ["unset X >", "ask"],
  ])("%s: %s", async (command, action) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe(action);
  });
});

describe("a line continuation leaves an inert builtin inert", () => {
  it.each<[string, string]>([
    ['test \\\n-n "$CI" && cat README.md', "allow"],
    ["set \\\n-euo pipefail", "allow"],
    ["cd \\\nsrc && cat app.ts", "allow"],
    ["unset \\\nX", "allow"],
    ["printf '%s\\n' \"$X\" \\\n2>/dev/null", "allow"],
    ['true "$X" \\\n> ~/.ssh/x', "deny"],
    // In single quotes the backslash and the newline stay: still one quoted word.
    ["true 'a\\\nb'", "allow"],
  ])("%j: %s", async (command, action) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe(action);
  });
});

// Class time-keyword-before-builtin: bash's `time` keyword times the builtin after it in this
// shell (`time cd src` moves it); the check refused any unit with a wrapper layer.
describe("the time keyword leaves an inert builtin inert", () => {
  it.each<[string, string]>([
    ["time cd src && cat app.ts", "allow"],
    ["time -p cd src && cat app.ts", "allow"],
    ["time [ -d src ] && cat README.md", "allow"],
    ["time cd ~/.ssh; cat id_rsa", "deny"],
    ["time cd $(rm -rf build)", "deny"],
    // A program named time runs `cd` as a program: not the builtin.
    ["/usr/bin/time cd src && cat app.ts", "ask"],
  ])("%j: %s", async (command, action) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe(action);
  });
});
