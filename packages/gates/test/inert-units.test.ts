// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
// Builtins that run nothing (`cd`, `pwd`, `true`, `[ … ]`, `set -e`) meet only the rules that
// name them: under an asking or denying catch-all, `cd src && npm test` is judged on `npm test`.
import type { PermissionMap } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { decideBash } from "./fixtures.ts";

const CAUTIOUS: PermissionMap = {
  "*": "ask",
  bash: { "*": "ask", "git *": "allow", "cat *": "allow", "ls *": "allow", "rm *": "deny" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
};
const STRICT: PermissionMap = {
  "*": "deny",
  path: "allow",
  external_directory: "deny",
  bash: { "*": "deny", "npm test": "allow", "git status": "allow" },
};
const OPEN: PermissionMap = { "*": "allow", bash: { "*": "allow", id: "deny", "id *": "deny" } };
const NAMED: PermissionMap = {
  "*": "allow",
  bash: { "*": "ask", "git *": "allow", "cd *": "deny", pwd: "ask" },
};

const decide = decideBash;

describe("builtins that run nothing do not meet the catch-all", () => {
  it.each<[PermissionMap, string, string, string | null]>([
    [CAUTIOUS, "cd src && cat app.ts", "allow", null],
    [CAUTIOUS, "cd packages/api && ls", "allow", null],
    [CAUTIOUS, "pwd", "allow", null],
    [CAUTIOUS, "true", "allow", null],
    [CAUTIOUS, ":", "allow", null],
    [CAUTIOUS, "[ -d src ] && ls src", "allow", null],
    [CAUTIOUS, "test -f README.md && cat README.md", "allow", null],
    [CAUTIOUS, "if [ -f README.md ]; then cat README.md; fi", "allow", null],
    [CAUTIOUS, "set -euo pipefail; git status", "allow", null],
    [CAUTIOUS, "set -e -o pipefail; git status", "allow", null],
    // Positional parameters given literally, which the analysis then knows.
    [CAUTIOUS, 'set -- README.md; cat "$1"', "allow", null],
    [CAUTIOUS, "set -eu -- src/a.ts -x; git status", "allow", null],
    [CAUTIOUS, "pushd src && ls", "allow", null],
    [STRICT, "cd packages/api && npm test", "allow", null],
    [STRICT, "true && git status", "allow", null],
    // Leaving a loop, a function or the shell, with a literal status or count.
    [CAUTIOUS, "git status || exit 1", "allow", null],
    [CAUTIOUS, "git status || { cat x; exit; }", "allow", null],
    [CAUTIOUS, "return 2>/dev/null; git status", "allow", null],
    [CAUTIOUS, "for f in a b; do break 2; continue; done", "allow", null],
    [STRICT, "wait; git status", "allow", null],
    [STRICT, "wait -n 1234 %1", "allow", null],
    [CAUTIOUS, "unset X Y; git status", "allow", null],
    [CAUTIOUS, 'unset -v "X"; unset -f g', "allow", null],
    [CAUTIOUS, "while read -r f; do cat x; done < README.md", "allow", null],
    [CAUTIOUS, "read -r -d '' -a parts -t 5 -n 10 -u 3 x y", "allow", null],
    // `IFS=…` written out in front of read only says how the line is split.
    [CAUTIOUS, "git diff --name-only | while IFS= read -r f; do cat x; done", "allow", null],
    [CAUTIOUS, "while IFS='|' read -r h a s; do cat x; done < README.md", "allow", null],
    [CAUTIOUS, "while IFS=$'\\t' read -r a b; do cat x; done < README.md", "allow", null],
    [CAUTIOUS, 'IFS=", " read -r a b', "allow", null],
    // An array of plain words declared: nothing runs, as for `dirs=(src tests)`.
    [CAUTIOUS, "declare -a dirs=(src tests scripts)\nls src", "allow", null],
    [CAUTIOUS, "local -a xs=(a.txt b/c.md) ys=(1 2)", "allow", null],
    [CAUTIOUS, "type git", "allow", null],
    [CAUTIOUS, "type -P node npm", "allow", null],
    [CAUTIOUS, "command -v node && git status", "allow", null],
    [CAUTIOUS, "command -V git", "allow", null],
    // A test whose operators are written out and whose values are double-quoted.
    [CAUTIOUS, 'test -n "$CI" && git status', "allow", null],
    [CAUTIOUS, 'test "${CI:-}" = true', "allow", null],
    [CAUTIOUS, 'test ! -d "$HOME/x"', "allow", null],
    [CAUTIOUS, 'test "$X"', "allow", null],
    // Only redirects: no program runs, the files are judged by the path rules.
    [CAUTIOUS, "> out.txt", "allow", null],
    [CAUTIOUS, "2> err.log && git status", "allow", null],
    [STRICT, ">> build.log", "allow", null],
    // A call of a function the string defined runs its body, judged by its own units.
    [CAUTIOUS, "f() { git status; }; f", "allow", null],
    [STRICT, "t() { npm test; }; t", "allow", null],
  ])("%#: %s", async (permission, command, action, rule) => {
    expect(await decide(permission, command)).toEqual({ action, rule });
  });

  it.each<[PermissionMap, string, string, string | null]>([
    // The commands around them are judged as before.
    [CAUTIOUS, "cd src && rm x", "deny", "rm *"],
    [STRICT, "cd packages/api && npm publish", "deny", "*"],
    [CAUTIOUS, "cd ~/.ssh && cat id_rsa", "deny", "**/.ssh/**"],
    // What they run or write is judged: a substitution, a redirect, a function of that name.
    [CAUTIOUS, "cd $(rm x)", "deny", "rm *"],
    [CAUTIOUS, ": > .git/config", "ask", "<opaque-bash-wrapper>"],
    [CAUTIOUS, ": > .env", "deny", "**/.env"],
    [CAUTIOUS, "cd() { rm -rf x; }; cd src", "deny", "rm *"],
    // Not inert: other options of `set`, a wrapper, a computed command word.
    [CAUTIOUS, "set -x; git status", "ask", "*"],
    [CAUTIOUS, "set -o history", "ask", "*"],
    [CAUTIOUS, 'set -- .env; cat "$1"', "deny", "**/.env"],
    [CAUTIOUS, "set -x -- a; git status", "ask", "*"],
    [CAUTIOUS, "set -- ~/.ssh/*; git status", "deny", "**/.ssh/**"],
    [CAUTIOUS, 'set -- "$(rm x)"', "deny", "rm *"],
    [CAUTIOUS, "set -- $x; git status", "ask", "*"],
    // (`command cd src` runs the builtin: f19-command-time-inert.test.ts.)
    [CAUTIOUS, "command -p cd src", "ask", "*"],
    [CAUTIOUS, "$(echo cd) src", "ask", "*"],
    // Where a directory change goes is not in its operand: `cd` alone ($HOME), `cd -`, an
    // option, a CDPATH search, an assignment in front, the directory stack. Where the string
    // itself gives CDPATH or HOME, the analysis follows it into the folder (a work tree
    // under ~/.ssh: git reads the files there).
    [CAUTIOUS, "cd && git status", "ask", "*"],
    [CAUTIOUS, "cd - && git status", "ask", "*"],
    [CAUTIOUS, "cd -P src && git status", "ask", "*"],
    [CAUTIOUS, "CDPATH=/home/user cd .ssh && git add -A", "deny", "**/.ssh/**"],
    [CAUTIOUS, "export CDPATH=/home/user; cd .ssh && git add -A", "deny", "**/.ssh/**"],
    [CAUTIOUS, "HOME=/home/user/.ssh cd && git status", "deny", "**/.ssh/**"],
    // popd to a stack the string did not make (pushd src && popd goes back: allowed).
    [CAUTIOUS, "popd && git status", "ask", "<computed-path>"],
    [CAUTIOUS, 'pushd "$D" && popd && git status', "ask", "*"],
    [CAUTIOUS, "pushd +1 && git status", "ask", "*"],
    // A glob or a computed word may be anything (bash lists the folder to expand a glob).
    [STRICT, ": ~/.ssh/*", "deny", "*"],
    [STRICT, "[ ~/.ssh/* ]", "deny", "*"],
    // Unquoted, it may be split and globbed (a double-quoted one is one word, and `true`
    // ignores it: fp12-inert-builtins.test.ts).
    [STRICT, "true $X", "deny", "*"],
    // A count or status only known at run time, or a name with a subscript (bash
    // evaluates it: `read 'a[$(id)]'` runs id), or an option that reads a file or a name.
    // (`exit $x` of a value `read` gave: may glob, so bash may list any folder.)
    [CAUTIOUS, "read x; git status || exit $x", "ask", "<computed-path>"],
    [CAUTIOUS, "exit 1 2", "ask", "*"],
    [CAUTIOUS, "unset 'a[$(id)]'", "ask", "*"],
    [CAUTIOUS, "unset $v", "ask", "*"],
    [CAUTIOUS, "read 'a[$(id)]'", "ask", "*"],
    [CAUTIOUS, "read -a 'a[0]'", "ask", "*"],
    [CAUTIOUS, "read -e x", "ask", "*"],
    [CAUTIOUS, 'read "$n"', "ask", "*"],
    [CAUTIOUS, "read -r PATH; git status", "ask", "*"],
    // Any other assignment in front, or an IFS value only known at run time.
    [CAUTIOUS, "IFS=x PATH=y read -r a", "ask", "*"],
    [CAUTIOUS, 'IFS="$x" read -r a', "ask", "*"],
    [CAUTIOUS, "IFS=$(id) read -r a", "ask", "*"],
    [CAUTIOUS, "IFS=x read -r 'a[$(id)]'", "ask", "*"],
    [CAUTIOUS, "IFS= pwd", "ask", "*"],
    // A declaration with anything else in it: an expansion, a glob, an upper-case name, an
    // option other than -a.
    [CAUTIOUS, "declare -a dirs=(src $x)", "ask", "*"],
    [CAUTIOUS, "declare -a dirs=(src *)", "ask", "*"],
    [CAUTIOUS, "declare -a BASH_ENV=(x.sh)", "ask", "*"],
    [CAUTIOUS, "declare -ai n=(1 2)", "ask", "*"],
    [CAUTIOUS, "declare -a d=([0]=x)", "ask", "*"],
    [CAUTIOUS, "wait -p 'a[$(id)]'", "ask", "*"],
    [CAUTIOUS, "wait $pid", "ask", "*"],
    [CAUTIOUS, "command -p rm x", "deny", "rm *"],
    [CAUTIOUS, "command git push", "allow", null],
    [CAUTIOUS, "command -v", "ask", "*"],
    [CAUTIOUS, "type $x", "ask", "*"],
    // `test -v` evaluates a subscript; a computed word where an operator stands may be -v,
    // an unquoted one may split into `-v NAME`, `"$@"` gives several words.
    [CAUTIOUS, 'test -v "$X"', "ask", "*"],
    [CAUTIOUS, 'test "$op" "$x"', "ask", "*"],
    [CAUTIOUS, "test -n $X", "ask", "*"],
    [CAUTIOUS, 'test -n "$@"', "ask", "*"],
    [CAUTIOUS, 'test -n "$X" -a -n "$Y"', "ask", "*"],
    [OPEN, "a=(-v 'a[$(id)]'); [ \"${a[@]}\" ]", "ask", "<evaluated-string>"],
    [OPEN, "f() { [ \"$@\" ]; }; f -v 'a[$(id)]'", "ask", "<evaluated-string>"],
    // A builtin turned off runs the program of that name.
    [CAUTIOUS, "enable -n test; test -f x", "ask", "*"],
    // Redirects only, to a file the path rules deny or ask for.
    [CAUTIOUS, "> .env", "deny", "**/.env"],
    [CAUTIOUS, "2> ~/.ssh/x", "deny", "**/.ssh/**"],
    [CAUTIOUS, '> "$f"', "ask", "<computed-path>"],
    // A function that may not be defined there: bash runs the program of that name.
    [CAUTIOUS, "f; f() { git status; }", "ask", "*"],
    [CAUTIOUS, "(f() { git status; }); f", "ask", "*"],
    [CAUTIOUS, "[ -f x ] && f() { git status; }; f", "ask", "*"],
    [CAUTIOUS, "f() { git status; }; unset -f f; f", "ask", "*"],
    [CAUTIOUS, "f() { git status; }; command f", "ask", "*"],
    [CAUTIOUS, "f() { git status; }; f $(rm x)", "deny", "rm *"],
    [CAUTIOUS, "rm() { git status; }; rm -rf build", "deny", "rm *"],
    // A rule that names the builtin still decides.
    [NAMED, "cd src && git status", "deny", "cd *"],
    [NAMED, "pwd", "ask", "pwd"],
    [NAMED, "true", "allow", null],
  ])("%#: %s", async (permission, command, action, rule) => {
    expect(await decide(permission, command)).toEqual({ action, rule });
  });
});
