// F14 declaration-computed-value (P15): `export VERSION="$(git describe --tags --always)"`
// asked although `VERSION="$(git describe …)"` is allowed. Traced under bash 5.2: only git
// runs; export, readonly, declare and local keep the one double-quoted value as it is. What
// bash does with a value beyond keeping it (an integer variable evaluates it, an array reads
// a `(…)` value again, PATH or PS4 change what runs) the analysis floors as a unit of its own.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow", "echo *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

describe("a declaration given one double-quoted value runs nothing", () => {
  it.each<[string]>([
    ['export VERSION="$(git describe --tags --always)"'],
    ['export X="$HOME"; echo "$X"'],
    ['declare sha="$(git rev-parse HEAD)"; echo "$sha"'],
    ['readonly ROOT="$(git rev-parse --show-toplevel)"'],
    ['export BRANCH="$(git branch --show-current)" && echo "$BRANCH"'],
    ['f() { local out="$(git status --porcelain)"; echo "$out"; }; f'],
    ['X="$(git describe)"; export X'],
    ['export A=1 B="$A"'],
    // `export -n` takes the export attribute away; it makes no name reference.
    ["export -n FOO; git status"],
  ])("%s is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string]>([
    // An array reads a quoted `(…)` value again as a compound assignment; an integer
    // variable evaluates it (traced: both run a `$(…)` the value holds).
    ['a=(1); declare a="$v"'],
    ['declare -a a="$v"'],
    ['declare -i n="$v"'],
    ['declare -i n; export n="$(git log -1)"'],
    ['declare -n r="$v"'],
    // A computed name, an unquoted value (split and globbed: maybe more words).
    ['export "$k=v"'],
    ["export $k"],
    ["export X=$v"],
    ["declare a=$v"],
    // PATH and PS4 change what runs.
    ['export PATH="$(git rev-parse --show-toplevel)/bin"; ls'],
    ['export PS4="$v"; set -x; ls'],
    ['export GIT_SSH_COMMAND="$v"; git fetch'],
    // Un-exported, PATH no longer reaches the programs run after it.
    ["export -n PATH; git status"],
    ["x=PATH; export -n $x; git status"],
  ])("%s still asks", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("ask");
  });

  it("the substitution is still judged", async () => {
    expect((await decideBash(CAUTIOUS, 'export X="$(cat .env)"')).action).toBe("deny");
    expect((await decideBash(CAUTIOUS, 'local -r X="$(cat .env)"')).action).toBe("deny");
  });
});

// F14 let-arithmetic (P15): `let i=i+1` is `(( i=i+1 ))`; traced under bash 5.2, it runs and
// opens nothing. A computed word, a name whose value may hold code, or PATH still ask.
describe("let with written-out words runs nothing", () => {
  it.each<[string]>([
    ['let x=1+2; echo "$x"'],
    ['i=0; let i=i+1; echo "$i"'],
    ['n=0; for f in src/a.ts src/b.ts; do let n++; done; echo "$n"'],
  ])("%s is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string]>([
    ['let "$y"'],
    ["let x=$y"],
    ["let"],
    ['x="a[$(id)]"; let y=x'],
    ['x="a[$(id)]"; let 1/0 x=1; echo $((x))'],
    ["let PATH=1; git status"],
    ["let x=a*b"],
  ])("%s still asks", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("ask");
  });
});

// F14 minor-inert-builtin-forms (P15): `printf -v msg "%s-%s" a b` assigns msg and runs
// nothing (traced). The analysis takes msg as unknown afterwards.
describe("printf -v into a plain name runs nothing", () => {
  it.each<[string]>([
    ['printf -v msg "%s-%s" a b; echo "$msg"'],
    ['printf -v msg "%s" "$x"; echo "$msg"'],
    ["printf -vmsg x"],
  ])("%s is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string]>([
    // A subscript is evaluated; a computed name or format may be anything.
    ["printf -v 'a[$(id)]' x"],
    ['printf -v "$n" x'],
    ['printf -v msg "$fmt" a'],
    // What it assigns is unknown: PATH, an integer variable, a file name.
    ['printf -v PATH "%s" /tmp; ls'],
    ['declare -i n; printf -v n "%s" "$x"'],
    ['printf -v f "%s" .env; cat "$f"'],
  ])("%s still asks", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("ask");
  });
});
