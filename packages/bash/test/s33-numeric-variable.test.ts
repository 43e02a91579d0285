import { describe, expect, it } from "vitest";
import { allowedUnderP4 } from "./allowed-under-p4.ts";

// S33 numeric-variable (r33d): numbers bash makes were read as any text once held in a
// variable, or written into a path. Traced under bash 5.2 in /repo: `sleep 5 & PID=$!; kill
// $PID` kills a pid (`$!` is digits, or nothing before any background job), `sleep 1 & PID=$!;
// wait $PID` waits for it, `x=$((5 * 3)); mkdir -p "build/$x"` makes build/15 and `i=0;
// i=$((i+1)); mkdir -p "out/run-$i"` makes out/run-1. `$!`, `$?`, `$#`, `${#x}`, `$((…))`
// and a variable the walk knows holds an integer are now one name of digits (maybe `-`) in
// a path, and `PID=$!` is read as `$!`; a value that may be empty is read empty too
// (`"..$PID/etc"` may be `../etc`), a possibly negative one never starts a word, and `set -x`
// (whose trace may land in a substitution's output) keeps a counted output unknown.

describe("s33: numbers held in variables or written in a path", () => {
  it.each([
    "sleep 5 & PID=$!; echo $PID; kill $PID",
    "npm run dev & SERVER_PID=$!; sleep 1; kill $SERVER_PID",
    "sleep 1 & PID=$!; wait $PID",
    'sleep 1 & PID=$!; wait "$PID"',
    'sleep 1 & PID=$!; echo hi > "log-$PID.txt"',
    'x=$((5 * 3)); mkdir -p "build/$x"',
    'i=0; i=$((i+1)); mkdir -p "out/run-$i"',
    "x=$((5 * 3)); mkdir -p build/$x",
    'mkdir -p "build/$((5 * 3))"',
    'mkdir -p "build/$?"',
    'mkdir -p "build/${#HOME}"',
    "x=$?; touch out/$x.log",
  ])("%s is allowed", async (command) => {
    expect(await allowedUnderP4(command)).toBe(true);
  });

  it.each([
    // An empty `$!` (no background job) joins its neighbours: `../etc`, `.env`.
    'PID=$!; mkdir -p "..$PID/etc"',
    'mkdir -p "..$!/etc"',
    'PID=$!; cat "$PID.env"',
    // Maybe negative: `-5` first in a word is an option.
    'x=$((0-5)); mkdir -p "$x"',
    'mkdir -p "$((0-5))"',
    // What it is glued to makes the path.
    'x=$((1)); cat "/etc/passwd$x"',
    'x=$((1)); mkdir -p "build/${x}/../../../etc"',
    // Reassigned, or assigned where the walk cannot see.
    'sleep 1 & PID=$!; PID=$(cat f); mkdir -p "b/$PID"',
    'sleep 1 & PID=$!; read -r PID < f; mkdir -p "b/$PID"',
    'sleep 1 & PID=$!; declare -n PID=Q; mkdir -p "b/$PID"',
    'sleep 1 & PID=$!; read n; printf -v "$n" %s ../../etc; mkdir -p "b/$PID"',
    'sleep 1 & PID=$!; eval "$1"; mkdir -p "b/$PID"',
    'sleep 1 & PID=$!; f() { PID=../../etc/x; }; f; mkdir -p "b/$PID"',
    'x=$((1)); if c; then x=../../etc; fi; mkdir -p "b/$x"',
    'x=$((1)); : ${x:=../../etc}; mkdir -p "b/$x"',
    'x=$((1)); x+=../../etc; mkdir -p "b/$x"',
    'x=$((1)); source ./s.sh; mkdir -p "b/$x"',
    // An IFS that holds a digit or `-` cuts the number.
    "PID=$!; IFS=1; mkdir -p b/$PID",
    "x=$((5*3)); IFS=5; cat x$x/etc/passwd",
    // A trace in the output: `+ grep -c x /etc/passwd` then the count.
    'BASH_XTRACEFD=1; set -x; n=$(grep -c x f); mkdir -p "b/$n"',
    // A subshell first in `$((…))` is a command substitution.
    'mkdir -p "b/$((echo ../../etc);(true))"',
    // `wait -p NAME` once an empty pid left the option there.
    "sleep 1 & PID=$!; wait $PID -p PATH; sleep 1",
  ])("%s is not allowed", async (command) => {
    expect(await allowedUnderP4(command)).toBe(false);
  });
});
