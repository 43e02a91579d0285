import { describe, expect, it } from "vitest";
import { analyze, mayReadNotes, mayRun, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 (attack10a, corpus adv10a-*): state an earlier part of a statement
 * leaves reaches a later part in ways the walk must follow.
 */
describe("adversarial: shell grammar and state", () => {
  it.each([
    // `;&` falls into the next body, `;;&` tests the later patterns, with the state left.
    ["case ;&", "c=echo; case x in x) c=rm ;& y) $c -rf build;; esac"],
    ["case ;;&", "c=echo; case x in x) c=rm ;;& *) $c -rf build;; esac"],
    ["case ;& twice", "c=echo; case x in x) c=rm ;& y) ;& z) $c -rf build;; esac"],
    ["case ;;& over an arm", "c=echo; case x in x) c=rm ;;& x) ;;& x) $c -rf build;; esac"],
    // An elif condition and the else run after every earlier condition.
    ["elif then else", "c=echo; if false; then :; elif c=rm; false; then :; else $c -rf build; fi"],
    [
      "elif then elif",
      "c=echo; if false; then :; elif c=rm; false; then :; elif $c -rf build; then :; fi",
    ],
    ["elif with &&", "c=echo; if false; then :; elif c=rm && false; then :; else $c -rf build; fi"],
    ["no else", "c=echo; if false; then :; elif c=rm; false; then :; fi; $c -rf build"],
    // A coprocess runs in a subshell.
    ["coproc command", "c=rm; coproc c=echo; $c -rf build"],
    ["coproc group", "c=rm; coproc { c=echo; }; $c -rf build"],
    ["coproc named group", "c=rm; coproc X { c=echo; }; $c -rf build"],
    // A statement put in the background runs in a subshell, wherever the list is.
    ["& in an if condition", "c=rm; if c=echo & :; then :; fi; $c -rf build"],
    ["& ending an if condition", "c=rm; if c=echo & then :; fi; $c -rf build"],
    ["& in both branches", "c=rm; if :; then c=echo & else c=echo & fi; $c -rf build"],
    ["& in a case arm", "c=rm; case x in x) c=echo & ;; *) c=echo ;; esac; $c -rf build"],
    ["& in a while condition", "c=rm; while c=echo & false; do :; done; $c -rf build"],
    // With lastpipe the last member of a pipeline runs in this shell.
    ["lastpipe", "c=echo; shopt -s lastpipe; true | c=rm; $c -rf build"],
    ["lastpipe, group", "c=echo; shopt -s lastpipe; true | { c=rm; }; $c -rf build"],
    ["lastpipe, quoted", "c=echo; shopt -s last''pipe; true | c=rm; $c -rf build"],
    ["lastpipe, computed", "c=echo; o=lastpipe; shopt -s $o; true | c=rm; $c -rf build"],
    ["lastpipe, heredoc", "c=echo; shopt -s lastpipe; cat <<E | c=rm\nx\nE\n$c -rf build"],
    // A quoted or wrapped assigning builtin in a loop reaches the next round.
    ["loop printf quoted", "c=echo; for i in 1 2; do $c -rf build; pr''intf -v c rm; done"],
    ["loop read quoted", "c=echo; for i in 1 2; do $c -rf build; re''ad c <<< rm; done"],
    ["loop declare quoted", "c=echo; for i in 1 2; do $c -rf build; decl''are c=rm; done"],
    ["loop export quoted", "c=echo; for i in 1 2; do $c -rf build; exp''ort c=rm; done"],
    ["loop command printf", "c=echo; for i in 1 2; do $c -rf build; command printf -v c rm; done"],
    ["loop builtin printf", "c=echo; for i in 1 2; do $c -rf build; builtin printf -v c rm; done"],
    ["loop printf -v $x", "c=echo; for i in 1 2; do $c -rf build; x=c; printf -v $x rm; done"],
    ["while condition", "c=echo; while $c -rf build; [[ $c == echo ]]; do pr''intf -v c rm; done"],
    [
      "until condition",
      "c=echo; until $c -rf build; [[ $c == rm ]]; do co''mmand printf -v c rm; false; done",
    ],
    // A `while` loop ends after its condition; `break` and `continue` leave a round midway.
    [
      "while exit",
      "x=c; c=echo; while declare $x=rm; false; do declare $x=echo; done; $c -rf build",
    ],
    ["break", "x=c; c=echo; while :; do declare $x=rm; break; declare $x=echo; done; $c -rf build"],
    [
      "continue",
      "x=c; c=echo; for i in 1 2; do $c -rf build; declare $x=rm; continue; declare $x=echo; done",
    ],
    // After `cmd <<EOF || x`, cmd may have succeeded and skipped x.
    ["heredoc ||", "c=rm; true <<E || c=echo\nx\nE\n$c -rf build"],
  ])("%s: %s", async (_note, command) => {
    expect(mayRun(await analyze(command), "rm")).toBe(true);
  });

  it.each([
    ["case ;& cd", "case x in x) cd ;& y) cat notes.txt ;; esac"],
    ["elif cd", "if false; then :; elif cd; false; then :; else cat notes.txt; fi"],
    ["lastpipe cd", "shopt -s lastpipe; true | cd; cat notes.txt"],
    ["lastpipe while", "shopt -s lastpipe; echo | while read; do cd; done; cat notes.txt"],
    ["quoted cd before a call", "f(){ cat notes.txt; }; c''d; f"],
    ["computed cd before a call", "x=c; f(){ cat notes.txt; }; ${x}d; f"],
    ["quoted cd in a loop", "for i in 1 2; do cat notes.txt; c''d; done"],
    ["ANSI-C cd in a loop", "for i in 1 2; do cat notes.txt; $'c\\x64'; done"],
    ["quoted readonly", "x=/home/user/notes.txt; read''only x; declare x=README.md; cat $x"],
    ["quoted declare -r", "x=/home/user/notes.txt; dec''lare -r x; typeset x=README.md; cat $x"],
    ["computed readonly", "r=read; x=/home/user/notes.txt; ${r}only x; export x=README.md; cat $x"],
    [
      "computed declare option",
      "o=-r; x=/home/user/notes.txt; declare $o x; export x=README.md; cat $x",
    ],
  ])("%s: %s", async (_note, command) => {
    expect(mayReadNotes(await analyze(command))).toBe(true);
  });

  it.each([
    ["declare -a quoted", "decl''are -a x; read -r v <<< a; declare x=\"$v\""],
    ["mapfile quoted", "map''file x < /dev/null; read -r v <<< a; declare x=\"$v\""],
    ["readarray quoted", "read''array x < /dev/null; read -r v <<< a; declare x=\"$v\""],
    ["read -a quoted", "re''ad -a x <<< a; read -r v <<< a; declare x=\"$v\""],
    ["computed builtin", 'm=mapfile; $m x < /dev/null; read -r v <<< a; declare x="$v"'],
  ])("an array made by %s: %s re-reads the value", async (_note, command) => {
    const analysis = await analyze(command);
    expect(analysis.units.some((unit) => unit.sentinel === "<evaluated-string>")).toBe(true);
  });
});

describe("precision: ordinary control flow stays proven", () => {
  it.each([
    ["case arms", "case $1 in a) echo a ;; b) echo b ;; *) echo c ;; esac; cat README.md"],
    ["case ;&", "case $1 in a) echo a ;& b) echo b ;; esac; cat README.md"],
    ["elif chain", "if [ -f a ]; then echo a; elif [ -d b ]; then echo b; else echo c; fi"],
    ["loop over a glob", 'for f in src/*.ts; do cat "$f"; done'],
    ["read loop", 'while read -r line; do echo "$line"; done < README.md'],
    ["printf in a loop", 'for f in src/a.ts src/b.ts; do printf \'%s\\n\' "$f"; cat "$f"; done'],
    ["counter loop", "for i in 1 2 3; do x=$i; echo $x; done; cat README.md"],
    ["a function", "f(){ cat README.md; }; f"],
    ["background job", "sleep 1 & wait; cat README.md"],
    ["pipeline", "echo hi | grep h; cat README.md"],
    ["coproc", "coproc cat; echo hi; cat README.md"],
    ["lastpipe pipeline", "shopt -s lastpipe; echo hi | read x; cat README.md"],
    ["declare", "x=src; declare y=$x; ls $y"],
  ])("%s: %s", async (_note, command) => {
    const analysis = await analyze(command);
    expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
    expect(paths(analysis).every((path) => !path.endsWith(":?") && path.includes("/repo"))).toBe(
      true,
    );
  });
});
