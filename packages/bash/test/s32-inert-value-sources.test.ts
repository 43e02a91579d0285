import { describe, expect, it } from "vitest";
import { allowedUnderP4 } from "./allowed-under-p4.ts";

// S32 F-prec inert-value-sources: a variable holding a trusted substitution's output (S31
// assigned-inert-value) lost that trust when the value came another way. Traced under bash 5.2
// in /repo: `` X=`git rev-parse HEAD`; cat "$X" `` runs git rev-parse then cat with the 40-hex
// id, as `X=$(git rev-parse HEAD)` does; `Y=$X` copies the text whole (an assignment neither
// splits nor globs); a function's own `local X=$(…)` is assigned in the body the walk reads.

describe("s32: backquotes, copies and function locals keep a trusted substitution's trust", () => {
  it.each([
    'X=`git rev-parse HEAD`; git show --stat "$X"',
    'TS=`date +%s`; touch "out-$TS.txt"',
    'X="`git rev-parse --short HEAD`"; mkdir -p "out/$X"',
    'X=$(git rev-parse HEAD); Y=$X; git show "$Y"',
    'X=$(date +%s); Y="${X}"; touch "log-$Y.txt"',
    'f() { local X=$(git rev-parse HEAD); git show --stat "$X"; }; f',
    // Not `f() { export TS=$(date +%s); touch …; }; f`: since S32 exported-path-env a name a
    // function body exports reaches every program of a later call, where the walk no longer
    // knows its value (a computed path: asks, a known precision cost).
    // Not `f() { declare X=$(git rev-parse HEAD); cat "$X"; }; f`: a body does not know the
    // caller's shell options, so "$X" there may also be read as a dot name (`/repo/.*`, which
    // may be .env): the gates ask. The old local check here missed that glob.
  ])("%s is judged by name", async (command) => {
    expect(await allowedUnderP4(command)).toBe(true);
  });

  it.each([
    // A backquoted body with what backquotes read otherwise, or output not trusted.
    'X=`echo ~/.ssh/id_rsa`; cat "$X"',
    'X=`cat VERSION`; cat "$X"',
    'X=`git rev-parse \\`cat f\\``; cat "$X"',
    // The copy's source changed, or more than the source.
    'X=$(cat f); Y=$X; cat "$Y"',
    'X=$(git rev-parse HEAD); Y=$X$Z; cat "$Y"',
    'X=$(git rev-parse HEAD); Y=${X:-.env}; cat "$Y"',
    'X=$(git rev-parse HEAD); Y=$X; Y+=.env; cat "$Y"',
    'X=$(git rev-parse HEAD); declare "$n"=.env; Y=$X; cat "$Y"',
    'X=$(git rev-parse HEAD); Y=$X; declare "$n"=.env; cat "$Y"',
    // In a function: code it runs, a call, a name read, a program redefined, a `${X:=…}`.
    'f() { local X=$(git rev-parse HEAD); eval "$c"; cat "$X"; }; f',
    'f() { local X=$(git rev-parse HEAD); g; cat "$X"; }; g() { X=.env; }; f',
    'f() { local X=$(git rev-parse HEAD); read X; cat "$X"; }; f',
    'f() { local X=$(git rev-parse HEAD); cat "$X"; }; git() { echo .env; }; f',
    'f() { local X=$(git rev-parse HEAD); source ./lib; cat "$X"; }; f',
    'f() { local -n X=$(git rev-parse HEAD); cat "$X"; }; f',
    'f() { : ${X:=.env}; local Y=$X; cat "$Y"; }; f',
    // Unquoted in a body: the caller may have set IFS.
    "f() { local X=$(date +%s); cat out-$X.log; }; IFS=1; f",
  ])("%s is not trusted", async (command) => {
    expect(await allowedUnderP4(command)).toBe(false);
  });
});
