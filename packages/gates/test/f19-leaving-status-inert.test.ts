// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// Session 18's needless ask `rc=$?; exit $rc`: exit, return, break and continue read their
// word as a plain number (`exit 'a[$(id)]'` is refused, nothing evaluated), so one unquoted
// variable there runs nothing either: split it makes exit refuse, and a value that may glob
// is a listing the analysis gives as a path of its own. `local rc=$?` declares a number.
// Traced: `git status; rc=$?; exit $rc`, `f() { git status; local rc=$?; return $rc; }; f`
// run git status alone and open nothing.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow", "echo *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

describe("leaving with a status kept in a variable runs nothing", () => {
  it.each<[string]>([
    ["git status; rc=$?; exit $rc"],
    ['ls; rc=$?; echo "exit code $rc"; exit $rc'],
    ["git diff --quiet; rc=$?; [ $rc -eq 0 ] && echo clean; exit $rc"],
    ["f() { git status; local rc=$?; return $rc; }; f"],
    ["ls src; status=${PIPESTATUS[0]}; exit ${status}"],
    ["for f in a b; do git log -1 || { rc=$?; break $rc; }; done"],
    ["n=$#; exit $n"],
    ["exit $#"],
  ])("%s is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string]>([
    // A value only known at run time may glob: the folders listed are unknown.
    ["x=$(ls); exit $x"],
    ["read rc; exit $rc"],
    ['x="*"; exit $x'],
    // An operator, two expansions, a subscript: not one plain variable.
    ["rc=$?; exit ${rc:-*}"],
    ["git status; rc=$?; exit $rc$x"],
    ["exit ${a[$(git push)]}"],
    // A number declared as an integer evaluates what it is given; PATH finds programs.
    ["ls; declare -i rc=$x; exit $rc"],
    ["local PATH=$?; ls"],
  ])("%s is not allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).not.toBe("allow");
  });

  it("a glob kept in a variable is still judged as the folder it lists", async () => {
    expect((await decideBash(CAUTIOUS, "x=~/.ssh/*; exit $x")).action).toBe("deny");
  });
});
