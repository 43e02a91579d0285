// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// Session 17, A17 status-param-in-exit-or-test-not-inert and harmless-builtin-not-inert, C17
// noglob / local-dash: builtins that run nothing and open nothing (traced under bash 5.2: only
// git's execve, no file opened) no longer meet the catch-all.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow", "echo *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

describe("the shell's status and quiet builtins do not meet the catch-all", () => {
  it.each<[string]>([
    // `$?` and `${PIPESTATUS[N]}` are a number bash sets; exit/return/break/continue read
    // any quoted value as a number only (`exit "a[$(id)]"` is refused, nothing evaluated).
    ["git status; exit $?"],
    ['git diff --quiet; exit "$?"'],
    ["git status || exit $?"],
    ["git status; exit ${?}"],
    ["git log -1 | cat; exit ${PIPESTATUS[0]}"],
    ['git log -1 | cat; exit "${PIPESTATUS[1]}"'],
    ["f() { git status; return $?; }; f"],
    ['f() { git status; return "$1"; }; f 0'],
    ["git status; [ $? -eq 0 ] && echo ok"],
    ["git status; test $? = 0 && echo ok"],
    ["git status; [ $? -ne 0 ] && echo failed"],
    ["git diff --quiet; if [ $? -eq 0 ]; then echo same; fi"],
    ['git log -1 | cat; [ "${PIPESTATUS[0]}" -eq 0 ] && echo ok'],
    // set's verbose and noglob options, dirs, umask printing or tightening, local -.
    ["set -v; git status"],
    ["set -f; ls *"],
    ["set -o noglob; git status"],
    ["set +f; git status"],
    ["set -euf; git status"],
    ["dirs -v"],
    ["dirs"],
    ["umask"],
    ["umask -S"],
    ["umask 022; git status"],
    ["umask 077"],
    ["f(){ local -; set -e; git status; }; f"],
  ])("%s is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string]>([
    // An unquoted variable of a value only known at run time may be globbed (`rc=$?; exit
    // $rc` is allowed: rc holds a number, f19-leaving-status-inert.test.ts); a substitution runs.
    ["git status; read rc; exit $rc"],
    ["exit $(rm -rf build)"],
    ["git status; [ $? -eq 0* ]"],
    // `\$?` and `$$?` end in a glob `?`.
    [": \\$?"],
    [": $$?"],
    ["git status; [ ${PIPESTATUS[$(id)]} -eq 0 ]"],
    // set -x expands PS4 for every command; dirs -c clears the stack.
    ["set -x; git status"],
    ["dirs -c"],
    // A mask that lets group or others write, or one written symbolically.
    ["umask 000"],
    ["umask 002"],
    ["umask u=rwx,g=rwx,o=rwx"],
    ["f(){ local - x=1; git status; }; f"],
  ])("%s still asks", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("ask");
  });
});
