// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// M19 wrapper-before-inert-builtin-judged-by-rules: `command` runs the builtin itself (never a
// function of its name), and the `time` keyword runs it in this shell: a builtin that runs
// nothing behind either runs nothing. The time keyword was taken already, but its words only
// known at run time were read from the text with `time` in it. Traced under bash 5.2:
// `command test -d src && ls` and `command cd src && ls` run ls alone (in /repo/src after cd);
// `time -p : "${API_KEY:-x}"` runs nothing.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow", "echo *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

describe("command and time before a builtin that runs nothing", () => {
  it.each<[string]>([
    ["command test -d src && ls"],
    ["command cd src && cat app.ts"],
    ["git status; command exit $?"],
    ['command : "${X:=1}"; git status'],
    ['time test -z "${CI:-not set}" && git status'],
    ['time -p : "${API_KEY:-x}"'],
    ['time : "${FOO:=a b}"; echo "$FOO"'],
  ])("%s is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string]>([
    // An option of command, a second wrapper, an assignment in front.
    ["command -p test -d src"],
    ["time command test -d src"],
    ["IFS= command read x"],
    // command runs no function: the program of that name.
    ["f() { true; }; command f"],
    // What the builtin itself does still counts.
    ["command eval ls"],
    ["command test -d $(git push origin main)"],
  ])("%s is not allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).not.toBe("allow");
  });

  it.each<[string]>([["command test -d ~/.ssh/*"], ["command exec > .env"]])(
    "%s is denied",
    async (command) => {
      expect((await decideBash(CAUTIOUS, command)).action).toBe("deny");
    },
  );
});
