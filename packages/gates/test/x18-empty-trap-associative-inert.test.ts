// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// `trap '' SIGNAL…` makes the shell ignore the signals: an empty action runs nothing, now or
// later. `declare -A m=([key]=value)` with plain keys and values assigns an associative array:
// its keys are strings (an indexed array's `[a]=1` evaluates `a` arithmetically), and a
// `[key]=value` inside `(…)` is a subscript, not a glob (C17/A17 needless asks; traced
// `declare -A m=([a]=1 [b.c]=x/y); echo "${m[a]}"`: no execve, nothing opened).
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "echo *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};
const PUSH_DENIED: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow", "git push *": "deny" },
};

describe("an empty trap and a plain associative array run nothing", () => {
  it.each<[string]>([
    ["trap '' INT TERM; git status"],
    ['trap "" HUP'],
    ['declare -A m=([a]=1); echo "${m[a]}"'],
    ["declare -A m=([a]=1 [b.c]=x/y) n=(); git status"],
    ["typeset -A colors=([red]=31 [green]=32)"],
  ])("%s is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string]>([
    // A trap with code runs it later; a computed action or signal may be anything.
    ["trap 'echo done' EXIT"],
    ['trap "$x" INT'],
    ["trap '' $SIG"],
    // An indexed array's subscript is arithmetic; no flag is an indexed array.
    ["declare -a m=([a]=1)"],
    ["declare m=([a]=1)"],
    // Computed keys or values, a tilde, a variable a program reads, a glob value.
    ["declare -A m=([$k]=1)"],
    ["declare -A m=([a]=$(id))"],
    ["declare -A m=([a]=~/x)"],
    ["declare -A PATH=([a]=1)"],
    ["declare -A m=([a]=*)"],
    // With `enable -n declare` a program named declare runs.
    ["enable -n declare; declare -A m=([a]=1)"],
  ])("%s still asks", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("ask");
  });

  it("an empty trap leaves the commands after it judged", async () => {
    expect((await decideBash(PUSH_DENIED, "trap '' INT; git push origin main")).action).toBe(
      "deny",
    );
  });
});
