// Builtins that run nothing (`cd`, `pwd`, `true`, `[ … ]`, `set -e`) meet only the rules that
// name them: under an asking or denying catch-all, `cd src && npm test` is judged on `npm test`.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow", "rm *": "deny" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};
const STRICT: PermissionMap = {
  "*": "deny",
  path: "allow",
  external_directory: "deny",
  bash: { "*": "deny", "npm test": "allow", "git status": "allow" },
};
const NAMED: PermissionMap = {
  "*": "allow",
  bash: { "*": "ask", "git *": "allow", "cd *": "deny", pwd: "ask" },
};

const decide = decideBash;

describe("builtins that run nothing do not meet the catch-all", () => {
  it.each<[PermissionMap, string, string, string | null]>([
    [CAUTIOUS, "cd src && cat app.ts", "allow", null],
    [CAUTIOUS, "cd packages/api && ls", "allow", null],
    [CAUTIOUS, "pwd", "allow", null],
    [CAUTIOUS, "true", "allow", null],
    [CAUTIOUS, ":", "allow", null],
    [CAUTIOUS, "[ -d src ] && ls src", "allow", null],
    [CAUTIOUS, "test -f README.md && cat README.md", "allow", null],
    [CAUTIOUS, "if [ -f README.md ]; then cat README.md; fi", "allow", null],
    [CAUTIOUS, "set -euo pipefail; git status", "allow", null],
    [CAUTIOUS, "set -e -o pipefail; git status", "allow", null],
    [CAUTIOUS, "pushd src && ls", "allow", null],
    [STRICT, "cd packages/api && npm test", "allow", null],
    [STRICT, "true && git status", "allow", null],
  ])("%#: %s", async (permission, command, action, rule) => {
    expect(await decide(permission, command)).toEqual({ action, rule });
  });

  it.each<[PermissionMap, string, string, string | null]>([
    // The commands around them are judged as before.
    [CAUTIOUS, "cd src && rm x", "deny", "rm *"],
    [STRICT, "cd packages/api && npm publish", "deny", "*"],
    [CAUTIOUS, "cd ~/.ssh && cat id_rsa", "deny", "**/.ssh/**"],
    // What they run or write is judged: a substitution, a redirect, a function of that name.
    [CAUTIOUS, "cd $(rm x)", "deny", "rm *"],
    [CAUTIOUS, ": > .git/config", "ask", "<opaque-bash-wrapper>"],
    [CAUTIOUS, ": > .env", "deny", "**/.env"],
    [CAUTIOUS, "cd() { rm -rf x; }; cd src", "deny", "rm *"],
    // Not inert: other options of `set`, a wrapper, a computed command word.
    [CAUTIOUS, "set -x; git status", "ask", "*"],
    [CAUTIOUS, "set -o history", "ask", "*"],
    [CAUTIOUS, "command cd src", "ask", "*"],
    [CAUTIOUS, "$(echo cd) src", "ask", "*"],
    // Where a directory change goes is not in its operand: `cd` alone ($HOME), `cd -`, an
    // option, a CDPATH search, an assignment in front, the directory stack.
    [CAUTIOUS, "cd && git status", "ask", "*"],
    [CAUTIOUS, "cd - && git status", "ask", "*"],
    [CAUTIOUS, "cd -L src && git status", "ask", "*"],
    [CAUTIOUS, "CDPATH=/home/user cd .ssh && git add -A", "ask", "*"],
    [CAUTIOUS, "export CDPATH=/home/user; cd .ssh && git add -A", "ask", "*"],
    [CAUTIOUS, "HOME=/home/user/.ssh cd && git status", "ask", "*"],
    [CAUTIOUS, "pushd src && popd && git status", "ask", "*"],
    [CAUTIOUS, "pushd +1 && git status", "ask", "*"],
    // A glob or a computed word may be anything (bash lists the folder to expand a glob).
    [STRICT, ": ~/.ssh/*", "deny", "*"],
    [STRICT, "[ ~/.ssh/* ]", "deny", "*"],
    [STRICT, 'true "$X"', "deny", "*"],
    // A rule that names the builtin still decides.
    [NAMED, "cd src && git status", "deny", "cd *"],
    [NAMED, "pwd", "ask", "pwd"],
    [NAMED, "true", "allow", null],
  ])("%#: %s", async (permission, command, action, rule) => {
    expect(await decide(permission, command)).toEqual({ action, rule });
  });
});
