// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { type BashAnalysis, SENTINELS } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/** The sentinels of an analysis, strongest reasons first as the units carry them. */
function sentinels(analysis: BashAnalysis): string[] {
  return analysis.units.flatMap((unit) => (unit.sentinel === null ? [] : [unit.sentinel]));
}

/** Each row was traced under bash 5.2: bash runs the `$(…)` the value holds (a7-o21 to a7-o32). */
describe("adversarial: `[ -v NAME ]` evaluates NAME's subscript as `test -v` does", () => {
  it.each([
    ["a literal subscript", "[ -v 'a[$(rm -rf build)]' ]"],
    ["a subscript naming a variable", "x='a[$(rm -rf build)]'; [ -v \"a[x]\" ]"],
    ["a name the string assigned", "x='a[$(rm -rf build)]'; [ -v \"$x\" ]"],
    ["after !", "x='a[$(rm -rf build)]'; [ ! -v \"a[x]\" ]"],
    ["after -a", "x='a[$(rm -rf build)]'; [ -n 1 -a -v \"a[x]\" ]"],
    ["in an if", "x='a[$(rm -rf build)]'; if [ -v \"a[x]\" ]; then :; fi"],
    ["a name read at run time", 'read n; [ -v "$n" ]'],
    ["an unquoted value that splits into -v NAME", "read x; [ $x ]"],
    ["a substitution's output that splits", "[ $(cat f) ]"],
    ["test, a name read at run time", 'read n; test -v "$n"'],
  ])("%s: %s", async (_note, command) => {
    expect(sentinels(await analyze(command))).toContain(SENTINELS.evaluatedString);
  });
});

describe("adversarial: prompt expansion of positional parameters and indirect names", () => {
  it.each([
    ["set -- '$(rm -rf build)'; : \"${1@P}\""],
    ["x='$(rm -rf build)'; y=x; : \"${!y@P}\""],
    ["f() { : \"${1@P}\"; }; f '$(rm -rf build)'"],
    ["set -- '$(rm -rf build)'; : \"${@@P}\""],
    ["set -- '$(rm -rf build)'; : \"${*@P}\""],
    ["set -- x '$(rm -rf build)'; shift; : \"${1@P}\""],
    ["x='$(rm -rf build)'; for y in x; do : \"${!y@P}\"; done"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain(SENTINELS.evaluatedString);
  });
});

describe("adversarial: positional parameters reaching an evaluating context", () => {
  it.each([
    ["set -- 'a[$(rm -rf build)]'; : \"${!1}\""],
    ["set -- 'a[$(rm -rf build)]'; (( $1 ))"],
    ["set -- 'a[$(rm -rf build)]'; echo $(( $1 ))"],
    ["set -- 'a[$(rm -rf build)]'; test -v \"$1\""],
    ["set -- 'a[$(rm -rf build)]'; [ -v \"$1\" ]"],
    ["set -- 'a[$(rm -rf build)]'; b[$1]=1"],
    ["set -- 'a[$(rm -rf build)]'; echo ${b[$1]}"],
    ["set -- 'a[$(rm -rf build)]'; [[ $1 -eq 1 ]]"],
    ["set -- 'a[$(rm -rf build)]'; echo $(( $* ))"],
    ["set -- 'a[$(rm -rf build)]'; (( $@ ))"],
    ["set -- 'a[$(rm -rf build)]'; : $[ $1 ]"],
    ["set -- 'a[$(rm -rf build)]'; unset \"$1\""],
    ["set -- 'a[$(rm -rf build)]'; declare \"$1\""],
    ['read -r n; export "$n"=1'],
    ["f() { (( $1 )); }; f 'a[$(rm -rf build)]'"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain(SENTINELS.evaluatedString);
  });
});

describe("adversarial: values bash sets by itself are unknown where they are evaluated", () => {
  it.each([
    ["the last word ($_)", "echo 'a[$(rm -rf build)]'; (( $_ ))"],
    ["the last word (_)", "echo 'a[$(rm -rf build)]'; (( _ ))"],
    ["the last word in [ -v ]", "echo 'a[$(rm -rf build)]'; [ -v \"$_\" ]"],
    ["the last word as a subscript", "echo 'a[$(rm -rf build)]'; b[$_]=1"],
    ["the last word in [[ -eq ]]", "echo 'a[$(rm -rf build)]'; [[ _ -eq 0 ]]"],
    ["the last word through ${!_}", "echo 'a[$(rm -rf build)]'; echo \"${!_}\""],
    ["the last word prompt-expanded", "echo '$(rm -rf build)'; echo \"${_@P}\""],
    ["a regex match", "[[ 'a[$(rm -rf build)]' =~ .* ]]; (( BASH_REMATCH ))"],
    ["a regex match element", "[[ 'a[$(rm -rf build)]' =~ .* ]]; (( ${BASH_REMATCH[0]} ))"],
    ["read's REPLY", "read <<< 'a[$(rm -rf build)]'; (( REPLY ))"],
    ["mapfile's MAPFILE", "mapfile -t <<< 'a[$(rm -rf build)]'; (( MAPFILE[0] ))"],
    ["a substitution's output", "echo 'a[$(rm -rf build)]' > f; (( $(cat f) ))"],
    ["a substitution's output in backticks", "(( `cat f` ))"],
    ["output before a line count", "echo $(( $(cat f; wc -l) ))"],
    ["counts of a glob's files", "echo $(( $(grep -c x *.ts) ))"],
    ["a default assigned inside a word", ": ${y:='a[$(rm -rf build)]'}; (( y ))"],
    ["an element's default", ": ${a[0]:='a[$(rm -rf build)]'}; (( a[0] ))"],
    ["a default a later round assigned", "for i in 1 2; do (( y )); : ${y='a[$(rm x)]'}; done"],
  ])("%s: %s", async (_note, command) => {
    expect(sentinels(await analyze(command))).toContain(SENTINELS.evaluatedString);
  });

  it.each([
    ["a number's output", "echo $((1 + $(id -u)))"],
    ["a line count", "echo $(( $(wc -l < README.md) + 1 ))"],
    ["a numeric default", ": ${n:=5}; echo $((n + 1))"],
    ["a loop over numbers", "for i in 1 2 3; do echo $((i * 2)); done"],
    ["the argument count", "[ $# -eq 0 ] && echo none"],
    ["a quoted value read at run time", 'while read -r l; do [ -n "$l" ] && echo "$l"; done < f'],
    ["a user id compared", "[ $(id -u) -eq 0 ] && echo root"],
    ["a pipeline's line count", "if [ $(git status --porcelain | wc -l) -eq 0 ]; then echo ok; fi"],
    ["a match count", "[ $(grep -c TODO src/a.ts) -gt 0 ] && echo todo"],
    ["quoted operands", '[ "$a" = "$b" ]'],
  ])("stays proven: %s: %s", async (_note, command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("adversarial: a command-bearing variable set other than by an assignment", () => {
  it.each([
    ["read PS4 <<< '$(rm -rf build)'; set -x; :"],
    ["printf -v PS4 '$(rm -rf build)'; set -x; :"],
    ["IFS= read -r PS4 <<< '$(rm -rf build)'; set -x; :"],
    ["read GIT_EXTERNAL_DIFF <<< 'rm -rf build'; export GIT_EXTERNAL_DIFF; git diff"],
    ["printf -v GIT_EXTERNAL_DIFF 'rm -rf build'; export GIT_EXTERNAL_DIFF; git diff"],
    ["export GIT_EXTERNAL_DIFF; read -d '' GIT_EXTERNAL_DIFF <<< 'rm -rf build'; git diff"],
    ["read -r GIT_SSH_COMMAND <<< 'rm -rf build'; export GIT_SSH_COMMAND; git fetch"],
    ["printf -v GIT_CONFIG_VALUE_0 'rm -rf build'; export GIT_CONFIG_VALUE_0; git status"],
    ["printf -v GIT_PAGER 'rm -rf build'; export GIT_PAGER; git -p log -1"],
    ["mapfile -t EDITOR <<< 'rm -rf build'; git commit"],
    ["export GIT_EXTERNAL_DIFF; : ${GIT_EXTERNAL_DIFF:='g=git; $g push'}; git diff"],
    ["export GIT_EXTERNAL_DIFF; : ${GIT_EXTERNAL_DIFF='rm -rf build'}; git diff"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain(SENTINELS.opaqueWrapper);
  });

  it("a for loop assigns each word as NAME=word would: its command is listed", async () => {
    const analysis = await analyze(
      "export GIT_EXTERNAL_DIFF; for GIT_EXTERNAL_DIFF in 'rm -rf build'; do git diff; done",
    );
    expect(analysis.units.map((unit) => unit.executed ?? unit.argv)).toContainEqual([
      "rm",
      "-rf",
      "build",
    ]);
  });
});

describe("precision: an assigning builtin's other words are not names it assigns", () => {
  it.each([
    ["printf -v out '%s' \"$val\"; ls"],
    ['read -p "$prompt" x; ls'],
    ['read -r -t "$timeout" -a parts; ls'],
    ['mapfile -t -d "$sep" lines < f; ls'],
    ["printf -v EDITOR_NOTE '%s' vim"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });

  it("a computed name may still be PATH", async () => {
    expect(sentinels(await analyze('read "$name" <<< /tmp; ls'))).toContain(
      SENTINELS.opaqueWrapper,
    );
  });
});

describe('precision: a function\'s `local NAME="$1"` gives no attribute', () => {
  it('local v="$1" in a called function stays proven', async () => {
    expect(sentinels(await analyze('f() { local v="$1"; echo "$v"; }; f a'))).toEqual([]);
  });

  it("a computed word after local may still be -i", async () => {
    const command = "f() { local $o v; v=$1; }; o=-i; f 'a[$(rm -rf build)]'";
    expect(sentinels(await analyze(command))).toContain(SENTINELS.evaluatedString);
  });
});

describe("precision: a heredoc whose operator line goes on after `;`", () => {
  it("cat <<EOF; echo ok runs cat and echo, the body is text", async () => {
    const analysis = await analyze("cat <<EOF; echo ok\nhello\nEOF");
    expect({ status: analysis.status, runs: analysis.units.map((unit) => unit.argv) }).toEqual({
      status: "ok",
      runs: [["cat"], ["echo", "ok"]],
    });
  });

  it("the unquoted body's substitution still runs", async () => {
    const analysis = await analyze("cat <<EOF; echo ok\n$(rm -rf build)\nEOF");
    expect(analysis.units.map((unit) => unit.argv)).toContainEqual(["rm", "-rf", "build"]);
  });

  it("a shift inside (( )) is not read as a heredoc", async () => {
    expect((await analyze("(( x <<EOF; rm y\nEOF\n")).status).not.toBe("ok");
  });
});

describe("robustness: an ANSI-C escape past the last code point", () => {
  it("is kept as written, not an analyzer failure", async () => {
    const analysis = await analyze("cat <<EOF\n${x:-$'\\UFFFFFFFF'}\nEOF");
    expect({ status: analysis.status, runs: analysis.units.map((unit) => unit.argv) }).toEqual({
      status: "ok",
      runs: [["cat"]],
    });
  });
});

describe("precision: an ANSI-C string widens globs only when it spells a glob option", () => {
  it.each([
    ["$'\\x73hopt' -s dotglob; cat *", true],
    ["shopt -s $'\\x64otglob'; cat *", true],
    ["GLOB$'\\x49'GNORE=x; cat *", true],
    ["x=$'sh\\x6fpt'; $x -s dotglob; cat *", true],
    ["echo $'\\n'; cat *", false],
    ["printf $'a\\tb\\n'; cat *", false],
  ])("%s: dot files meet the glob: %s", async (command, widened) => {
    const paths = (await analyze(command)).paths.map((path) => path.glob ?? path.path);
    expect(paths.includes("/repo/.*")).toBe(widened);
  });
});
