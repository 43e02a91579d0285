// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { type BashAnalysis, SENTINELS } from "../src/index.ts";
import { analyze, paths } from "./helpers.ts";

/** The sentinels of an analysis's units. */
function sentinels(analysis: BashAnalysis): string[] {
  return analysis.units.flatMap((unit) => (unit.sentinel === null ? [] : [unit.sentinel]));
}

/** The commands an analysis says run, each as its executed words joined by spaces. */
function executed(analysis: BashAnalysis): string[] {
  return analysis.units.flatMap((unit) => (unit.executed ? [unit.executed.join(" ")] : []));
}

/**
 * Traced under bash 5.2 (round8 H19, a9-o27/a9-o28, and adv8b- corpus cases): a declaration
 * builtin reads a quoted `(…)` value again as a compound array assignment and expands it.
 */
describe("adversarial: a declaration reads a quoted (…) value again as a compound assignment", () => {
  it.each([
    ["declare -a", "declare -a a='($(git push origin main))'"],
    ["typeset -a", "typeset -a a='($(git push origin main))'"],
    ["local -a in a called function", "f(){ local -a a='($(git push origin main))'; }; f"],
    ["declare -A with a key", "declare -A a='([k]=$(git push origin main))'"],
    ["a value the string assigned", "x='($(git push origin main))'; declare -a a=$x"],
    ["readonly -a", "readonly -a a='($(git push origin main))'"],
    ["the whole word quoted", "declare -a 'a=($(git push origin main))'"],
    ["+= onto an array", "a=(); declare a+='($(git push origin main))'"],
    ["through builtin", "builtin declare -a a='($(git push origin main))'"],
    ["through command, backticks", "command typeset -A a='([k]=`git push origin main`)'"],
    ["-ga", "declare -ga a='($(git push origin main))'"],
    ["quotes joined", 'declare -a a="("\'$(git push origin main)\'")"'],
    ["export +=", "a=(); export a+='($(git push origin main))'"],
    ["an escaped name", "\\declare -a a='($(git push origin main))'"],
  ])("%s: %s", async (_note, command) => {
    const analysis = await analyze(command);
    expect(sentinels(analysis)).toContain(SENTINELS.evaluatedString);
    expect(executed(analysis)).toContain("git push origin main");
  });

  it.each([
    ["a value the walk cannot see", "declare -a a=$(cat list)"],
    ["a computed word", 'read x; declare -a "$x"'],
  ])("%s is an evaluated string: %s", async (_note, command) => {
    expect(sentinels(await analyze(command))).toContain(SENTINELS.evaluatedString);
  });

  it.each([
    ["plain words", "declare -a a='(x y)'"],
    ["a syntactic array", "declare -a arr=(a b c); echo ${arr[@]}"],
    ["a scalar from an argument", 'f() { local v="$1"; echo "$v"; }; f hello'],
    ["an exported scalar", "export NAME=$USER; echo $NAME"],
    ["a substitution exported after ls -la", "ls -la; export X=$(pwd)"],
  ])("%s stays proven: %s", async (_note, command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

/** Traced (round8 H13, a9-o19): compgen expands its -W word list again. */
describe("adversarial: compgen -W and complete -W expand their word list again", () => {
  it.each([
    ["compgen -W '$(git push origin main)' x"],
    ["compgen -W '`git push origin main`' x"],
    ["x='$(git push origin main)'; compgen -W \"$x\" y"],
    ["compgen -W '${x:=$(git push origin main)}' -- y"],
    ["complete -W '$(git push origin main)' x"],
    ["compgen -aW '$(git push origin main)' x"],
  ])("%s", async (command) => {
    const analysis = await analyze(command);
    expect(sentinels(analysis)).toContain(SENTINELS.evaluatedString);
    expect(executed(analysis)).toContain("git push origin main");
  });

  it("keeps a word list of plain words proven: compgen -W 'start stop' -- st", async () => {
    expect(sentinels(await analyze("compgen -W 'start stop' -- st"))).toEqual([]);
  });
});

/** Traced (round8 H6 a9-o7, round7 G6, bs8-h1..h8 under the oracle). */
describe("adversarial: the history file is a path bash reads and writes", () => {
  it.each([
    ["history -w FILE writes it", "history -w /home/user/x", ["write:/home/user/x"]],
    ["history -a FILE", "history -a /home/user/x", ["write:/home/user/x"]],
    [
      "history -r FILE reads it",
      "history -r /home/user/notes.txt; history",
      ["read:/home/user/notes.txt"],
    ],
    [
      "history -n with HISTFILE",
      "HISTFILE=/home/user/notes.txt; history -n",
      ["read:/home/user/notes.txt"],
    ],
    [
      "set -o history reads HISTFILE",
      "HISTFILE=~/.ssh/id_rsa; set -o history; history",
      ["read:/home/user/.ssh/id_rsa"],
    ],
    [
      "shopt -o -s history",
      "HISTFILE=~/notes.txt; shopt -o -s history",
      ["read:/home/user/notes.txt"],
    ],
    [
      "history -w with HISTFILE unset names the user's file",
      "set -o history; history -w",
      ["read:?", "write:?"],
    ],
  ])("%s: %s", async (_note, command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it.each([
    "HISTFILE=~/notes.txt; set -o history; HISTFILESIZE=0",
    "set -o history; HISTFILE=~/notes.txt; HISTFILESIZE=0",
  ])("assigning HISTFILESIZE rewrites the history file: %s", async (command) => {
    const found = paths(await analyze(command));
    expect(found).toContain("read_write:/home/user/notes.txt");
    expect(found).toContain("read_write:?");
  });

  it("a ${HISTFILESIZE:=…} default assigns it too", async () => {
    expect(paths(await analyze(": ${HISTFILESIZE:=0}"))).toContain("read_write:?");
  });

  it("reading HISTFILESIZE names no path: echo $HISTFILESIZE ${HISTFILESIZE:-5}", async () => {
    expect(paths(await analyze("echo $HISTFILESIZE ${HISTFILESIZE:-5}"))).toEqual([]);
  });

  it("keeps a plain history listing free of paths", async () => {
    expect(paths(await analyze("history"))).toEqual([]);
  });
});

/** Traced (round7 G23, a8 traces): `set -H` rebuilds later lines from history. */
describe("adversarial: history expansion once the string turns it on", () => {
  it.each([
    "set -o history; set -H\necho git push origin main >/dev/null\n!:1-4",
    "set -o history -H\nx='git push origin main'\n!!:s/x=//:s/'//:s/'//",
    "set -o histexpand\n!!",
    "'set' -H; !!",
    "set -o history -H\necho git push origin main >/dev/null\n^echo ^",
    "histchars=%^#; set -o history -H\necho git push origin main >/dev/null\n%:1-4",
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain(SENTINELS.evaluatedString);
  });

  it("keeps a ! test without set -H proven: if [ ! -f x ]; then :; fi", async () => {
    expect(sentinels(await analyze("if [ ! -f x ]; then :; fi"))).toEqual([]);
  });
});

/** Traced (round7 G17): with globskipdots off `.*` matches `..`. */
describe("adversarial: shopt -u globskipdots lets a .* segment climb", () => {
  it.each([
    "shopt -u globskipdots; cat .*/etc/passwd",
    "shopt -u globskipdots; cat .?/etc/passwd",
    "shopt -u globskipdots; cat src/.*/../etc/passwd",
  ])("%s", async (command) => {
    expect(paths(await analyze(command))).toContain("read:?");
  });

  it("keeps .* a glob inside the folder without the option: cat .*rc", async () => {
    expect(paths(await analyze("cat .*rc"))).toEqual(["read:/repo/.*rc"]);
  });
});

/** Traced (peer7 W2, pm7-cv1..cv5): with cdable_vars `cd NAME` goes to `$NAME`. */
describe("adversarial: shopt -s cdable_vars", () => {
  it.each([
    ["shopt -s cdable_vars; t=/home/user; cd t; cat notes.txt", "read:**/notes.txt"],
    ["shopt -s cdable_vars; cd HOME; cat notes.txt", "read:**/notes.txt"],
    ["shopt -s cdable_vars; t=/home/user; pushd t; cat notes.txt", "read:**/notes.txt"],
    ["builtin shopt -s cdable_vars; t=/home/user; cd t; cat notes.txt", "read:**/notes.txt"],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toContain(expected);
  });

  it("leaves the folder cd enters unknown: shopt -s cdable_vars; d=/home/user; cd d && ls", async () => {
    const analysis = await analyze("shopt -s cdable_vars; d=/home/user; cd d && ls");
    expect(analysis.paths.some((path) => path.sentinel === SENTINELS.computedPath)).toBe(true);
  });

  it("follows cd to a folder name without the option: cd src; cat x", async () => {
    const found = paths(await analyze("cd src; cat x"));
    expect(found).toContain("read:/repo/src/x");
    expect(found).not.toContain("read:**/x");
  });
});

/** Traced (peer7 W4, round7 G1): under `set -k` assignment words anywhere are environment. */
describe("adversarial: set -k moves assignment words into the command's environment", () => {
  it.each([
    "set -k; echo x >> README.md; git diff GIT_EXTERNAL_DIFF='g=git; $g push origin main'",
    "set -o keyword; echo x >> README.md; git diff GIT_EXTERNAL_DIFF='g=git; $g push origin main'",
    "set -ek; echo x >> README.md; git diff GIT_EXTERNAL_DIFF='g=git; $g push origin main'",
    "'set' -k; echo x >> README.md; git diff GIT_EXTERNAL_DIFF='g=git; $g push origin main'",
    "builtin set -k; echo x >> README.md; git diff GIT_EXTERNAL_DIFF='g=git; $g push origin main'",
    "shopt -o -s keyword; echo x >> README.md; git diff GIT_EXTERNAL_DIFF='g=git; $g push origin main'",
  ])("the variable runs its command: %s", async (command) => {
    expect(executed(await analyze(command))).toContain("git push origin main");
  });

  it("the words are not arguments: set -k; git X=1 push origin main", async () => {
    expect(executed(await analyze("set -k; git X=1 push origin main"))).toContain(
      "git push origin main",
    );
  });

  it("a path variable is followed: set -k; git log -1 GIT_DIR=/srv/origin.git", async () => {
    const analysis = await analyze("set -k; git log -1 GIT_DIR=/srv/origin.git");
    expect(paths(analysis).some((path) => path.includes("/srv/origin.git"))).toBe(true);
  });

  it("still judges a builtin's own words, in case the option is off", async () => {
    const analysis = await analyze(
      "set -k; shopt -s expand_aliases; alias ls='git push origin main'\nls",
    );
    expect(executed(analysis)).toContain("git push origin main");
  });

  it("leaves the words of a function's commands alone: f() { alias x=y; }", async () => {
    const analysis = await analyze("f() { alias x='git push origin main'; }; f");
    expect(executed(analysis)).toContain("git push origin main");
  });

  it("keeps the words as arguments without set -k: make CC=gcc", async () => {
    const analysis = await analyze("make CC=gcc");
    expect(analysis.units.map((unit) => unit.argv.join(" "))).toEqual(["make CC=gcc"]);
  });
});

/** Traced (peer7 W7, pm7-b001..b020, pm7-q036..q041): declaration builtins in other spellings. */
describe("adversarial: a declaration builtin reached as a plain command still assigns", () => {
  it.each([
    "builtin export GIT_EXTERNAL_DIFF='g=git; $g push origin main'; echo x >> README.md; git diff",
    "command export GIT_EXTERNAL_DIFF='g=git; $g push origin main'; echo x >> README.md; git diff",
    "builtin declare -x GIT_EXTERNAL_DIFF='g=git; $g push origin main'; echo x >> README.md; git diff",
    "\\export GIT_EXTERNAL_DIFF='g=git; $g push origin main'; echo x >> README.md; git diff",
    "'export' GIT_EXTERNAL_DIFF='g=git; $g push origin main'; echo x >> README.md; git diff",
    "x=export; $x GIT_EXTERNAL_DIFF='git push origin main'; echo x >> README.md; git diff",
    "e{xport,} GIT_EXTERNAL_DIFF='git push origin main'; echo x >> README.md; git diff",
    "builtin declare PS4='$(git push origin main)'; set -x; :",
    "command readonly PS4='$(git push origin main)'; set -x; :",
  ])("%s", async (command) => {
    expect(executed(await analyze(command))).toContain("git push origin main");
  });
});

/** Traced (peer7 W8, pm7-a1/a2): `${NAME:=…}` assigns NAME where the walk does not place it. */
describe("adversarial: ${NAME:=…} gives NAME a value the walk does not place", () => {
  it.each([
    "set -a; : ${GIT_DIR:=/srv/origin.git}; git log -1",
    "export GIT_DIR; : ${GIT_DIR:=/srv/origin.git}; git log -1",
  ])("%s", async (command) => {
    expect(paths(await analyze(command)).some((path) => path.endsWith(":?"))).toBe(true);
  });
});

/** Traced for the statement form (pm7-a1/a2, a9 W5 rows): git reads GIT_DIR from its environment. */
describe("adversarial: a function body sees the variables the string assigns around it", () => {
  it.each([
    "GIT_DIR=/srv/origin.git; f() { git log -1; }; f",
    "export GIT_DIR=/srv/origin.git; f() { git log -1; }; f",
    "f() { git log -1; }; GIT_DIR=/srv/origin.git; f",
    "f() { : ${GIT_DIR=/srv/origin.git}; git log -1; }; f",
  ])("%s", async (command) => {
    expect(paths(await analyze(command)).some((path) => path.endsWith(":?"))).toBe(true);
  });

  it("keeps a function that names no such variable proven: f() { git log -1; }; f", async () => {
    expect(paths(await analyze("f() { git log -1; }; f"))).toEqual([]);
  });
});
