import { describe, expect, it } from "vitest";
import { allowedUnderP4 } from "./allowed-under-p4.ts";

// S31 assigned-inert-value (R42 class 2): a variable assigned from a substitution whose output
// the analysis trusts inline lost that trust when used. Traced under bash 5.2 in /repo:
// `SHA=$(git rev-parse HEAD); git show --stat "$SHA"` runs git rev-parse, then git show with the
// 40-hex id; `TS=$(date +%s); touch "out-$TS.txt"` writes /repo/out-<digits>.txt only, as the
// inline `touch "out-$(date +%s).txt"` (allowed) does. The use is now read as the substitution
// written in its place, while nothing may have given the name another value.

describe("s31: a variable holding a trusted substitution's output keeps the trust", () => {
  it.each([
    'SHA=$(git rev-parse HEAD); git show --stat "$SHA"',
    'BASE=$(git merge-base HEAD main); git diff "$BASE" --stat',
    'BASE=$(git merge-base HEAD main); git log --oneline "$BASE"..HEAD',
    'TS=$(date +%s); touch "out-$TS.txt"',
    'TS=$(date +%s); echo hi > "log-$TS.txt"',
    'X=$(git rev-parse --short HEAD); mkdir -p "out/$X"',
    // Unquoted: the output's characters (hex, digits, a date) hold no blank or glob.
    "X=$(git rev-parse --short HEAD); echo $X",
    "TS=$(date +%s); touch out-$TS.txt",
    "D=$(date +%F); mkdir -p logs/$D",
    // The quoted value, a use after a test, a loop that assigns it each round.
    'SHA="$(git rev-parse HEAD)"; git show $SHA',
    'X=$(date +%s); [ -n "$X" ] && touch "o-$X"; touch "p-$X"',
    'for i in 1 2; do TS=$(date +%s); touch "o-$TS"; done',
    'X=$(git rev-parse HEAD); { git show "$X"; } > "out-$X.txt"',
  ])("%s is judged by name", async (command) => {
    expect(await allowedUnderP4(command)).toBe(true);
  });

  it.each([
    // Another value on some path: a branch, a later round, a function, a subshell's own.
    'X=$(git rev-parse HEAD); if [ -n "$1" ]; then X=.env; fi; cat "$X"',
    'X=$(date +%s); for i in 1 2; do cat "$X"; X=.env; done',
    'X=$(date +%s); while true; do cat "$X"; X=.env; done',
    'X=$(date +%s); f() { X=.env; }; f; cat "$X"',
    'X=$(date +%s); ( X=.env; cat "$X" )',
    'X=$(date +%s) || X=.env; cat "$X"',
    // Builtins that assign it: read (lastpipe too), mapfile, printf -v, wait -p, getopts, for.
    'X=$(date +%s); read X; cat "$X"',
    'shopt -s lastpipe; X=$(date +%s); echo .env | read X; cat "$X"',
    'X=$(date +%s); mapfile X < f; cat "$X"',
    'X=$(date +%s); printf -v X .env; cat "$X"',
    'X=$(date +%s); wait -p X; cat "$X"',
    'X=$(date +%s); getopts ab X; cat "$X"',
    'X=$(date +%s); for X in .env; do :; done; cat "$X"',
    'X=$(date +%s); read -a X; cat "$X"',
    // A nameref, eval, source, a DEBUG trap, export with a value.
    'X=$(date +%s); declare -n r=X; r=.env; cat "$X"',
    'declare -n r=X; X=$(date +%s); r=.env; cat "$X"',
    'X=$(date +%s); x=X; declare -n y=$x; y=.env; cat "$X"',
    "X=$(date +%s); eval 'X=.env'; cat \"$X\"",
    'X=$(date +%s); source ./f; cat "$X"',
    "X=$(date +%s); trap 'X=.env' DEBUG; cat \"$X\"",
    'X=$(date +%s); export X=.env; cat "$X"',
    // unset, an element, an append, an operator whose operand stands for a failed run.
    'X=$(date +%s); unset X; cat "$X.env"',
    'X=$(date +%s); X[1]=.env; cat "${X[1]}"',
    'X=$(date +%s); X+=/../.env; cat "$X"',
    'X=$(date +%s); cat "${X:-.env}"',
    'X=$(date +%s); cat "$X.env"',
    // What it is glued to makes the path.
    'X=$(date +%s); cat "/home/user/.ssh/$X"',
    'X=$(git rev-parse HEAD); git show "$X:.env"',
    'X=$(git rev-parse HEAD); cat "$X"/../.env',
    // IFS not bash's: the unquoted use is not read as the substitution.
    "IFS=0; X=$(date +%s); cat $X",
    "X=$(date +%s); IFS=1; cat $X",
    // The program may be another: a function, an alias, PATH; an attribute, a trace.
    'date() { echo .env; }; X=$(date +%s); cat "$X"',
    "X=$(date +%s); alias date='echo .env'; cat \"$X\"",
    'PATH=/tmp/evil:$PATH; X=$(date +%s); cat "$X"',
    'declare -i X; X=$(git rev-parse HEAD); cat "$X"',
    'X=$(date +%s); declare -l X; X=$(date +%s); cat "$X"',
    'set -x; X=$(date +%s); touch "o-$X"',
    // Output that depends on where or with what it ran; untrusted output.
    'cd ~/.ssh; X=$(pwd); cd /repo; cat "$X/id_rsa"',
    'f=.env; X=$(basename "$f"); f=a; cat "$X"',
    'X=$(cat VERSION); cat "$X"',
    'X=$(date +%s); X=$(cat f); cat "$X"',
    // Run as code, not a word.
    'X=$(git rev-parse HEAD); eval "$X"',
    "X=$(git rev-parse HEAD); $X",
    'X=$(git rev-parse HEAD); bash -c "$X"',
  ])("%s is not trusted", async (command) => {
    expect(await allowedUnderP4(command)).toBe(false);
  });
});
