// declare and typeset with -r, -x, -g are readonly and export spelled
// another way: bash sets the variable, which the analysis follows, and runs nothing (strace:
// no execve for `declare -r X=1`).
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow", "echo *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

describe("declare and typeset of plain names run nothing", () => {
  it.each<[string]>([
    ["declare -r X=1"],
    ["declare -rx MODE=test && git status"],
    ["typeset -r X=1"],
    ["declare -g -x CI=true; echo ok"],
    ["declare X=1 Y=2"],
    // An integer given a plain decimal evaluates it to the same digits (X2 16: F14 needless
    // ask typeset -i n=5; strace: no execve), or a name alone whose later values are judged.
    ["declare -i n=1"],
    ['typeset -i n=5; echo "$n"'],
    ["declare -i n"],
    ["declare -ri n=-3"],
  ])("%s is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string]>([
    // An integer variable evaluates what it is given; a reference names another variable.
    ["declare -i n=x"],
    ["declare -i n='a[$(id)]'"],
    ["declare -i n=010"],
    ["declare -n r=x"],
    // Functions and arrays.
    ["declare -f f"],
    ["declare -a 'a[$(id)]=x'"],
    // A value that carries a command is judged as that command.
    ["declare -x GIT_SSH_COMMAND=x"],
  ])("%s still asks", async (command) => {
    const decision = await decideBash(CAUTIOUS, command);
    expect(decision.action).toBe("ask");
  });

  it("a substitution in the value is still judged", async () => {
    expect((await decideBash(CAUTIOUS, 'declare -r X="$(cat .env)"')).action).toBe("deny");
  });
});
