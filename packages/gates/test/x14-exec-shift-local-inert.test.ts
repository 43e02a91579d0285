// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// exec with no command only applies its redirects to the shell, shift drops positional
// parameters (the analysis takes them as unknown after it), local declares a variable as
// declare does: none of them runs or opens anything of its own (F14 classes
// exec-redirect-only, shift-builtin, local-declaration; strace of `exec 2>&1; git status`,
// `set -- src README.md; shift; echo "$@"`: no execve but git/echo, no openat).
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow", "echo *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};

describe("exec without a command, shift and local run nothing", () => {
  it.each<[string]>([
    ["exec 2>&1; git status"],
    ["exec > build.log 2>&1\ngit log --oneline -3"],
    ["set -e\nexec 2>&1\necho start\ngit diff --stat"],
    ["exec 3>&-; git status"],
    ['set -- src README.md; shift; echo "$@"'],
    ['f() { echo "$1"; shift; echo "$*"; }; f a b c'],
    ["set -- a b c; shift 2; git status"],
    ["f() { local n=3; git log -n 3; }; f"],
    ["f() { local -r x=1; git status; }; f"],
    ["set -o noclobber; echo x > new.txt"],
    ["set -Ceu; git status"],
    ["trap - ERR; git status"],
    ["trap - INT TERM EXIT; git status"],
    ["ulimit -c 0; git status"],
    ["ulimit -S -n unlimited; git status"],
    ["cd -- src && ls"],
    [': "${PORT:=3000}"; echo "$PORT"'],
    [': "${X:?}"; git status'],
    // A call of a function the string defined, its arguments double-quoted.
    ['main() { git status; }; main "$@"'],
    ['log() { echo "[info] $*"; }; log "$(git rev-parse --short HEAD)"'],
    ['say() { echo "$1"; }; say "$USER"'],
  ])("%s is allowed", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).toBe("allow");
  });

  it.each<[string]>([
    // exec's redirect files are still judged.
    ["exec > .env; git status"],
    ["exec 3< .env; git status"],
    // A read redirect gives later commands their stdin.
    ["exec < run.sh; git status"],
    ["exec 0<&3; git status"],
    // exec with a command runs it; a computed count is not read.
    ["exec sh run.sh"],
    ['shift "$n"; git status'],
    ["shift 'a[$(id)]'; git status"],
    // After shift the positional parameters are unknown: a later read asks.
    ['set -- README.md .env; shift; cat "$1"'],
    // local of a variable that finds programs or loads code is floored as export is.
    ["f() { local PATH=/tmp/evil; ls; }; f"],
    ["f() { local LD_PRELOAD=/tmp/x.so; git status; }; f"],
    ["f() { local -n r=x; git status; }; f"],
    // noclobber writes less; the file written is still judged.
    ["set -o noclobber; echo x > .env"],
    // A trap that sets code, or a computed one, is not a reset.
    ['trap "sh run.sh" EXIT; git status'],
    ['trap - "$SIG"; git status'],
    ['ulimit -n "$N"; git status'],
    // `cd -- -` goes to OLDPWD; `cd -- DIR` is judged as cd DIR.
    ["cd -- - && ls"],
    ["cd -- .ssh && ls"],
    // `${X:=v}` assigns: what the variable then reaches is judged (unknown here, or floored
    // for a variable that loads code or finds programs).
    [': "${OUT:=.env}"; cat "$OUT"'],
    [': "${LD_PRELOAD:=/tmp/x.so}"; git status'],
    [': "${PATH:=/tmp}"; ls'],
    [": ${PORT:=3000} *; git status"],
    // Unquoted, a computed argument may be split and globbed; the body is still judged.
    ["f() { git status; }; f $X"],
    ['f() { cat "$1"; }; f "$X"'],
    ['f() { git status; }; f "$(rm -rf x)"'],
  ])("%s still asks or denies", async (command) => {
    expect((await decideBash(CAUTIOUS, command)).action).not.toBe("allow");
  });
});
