import { describe, expect, it } from "vitest";
import { scanSource } from "../src/read/source.ts";
import { analyze, unparseable } from "./helpers.ts";

/**
 * Attack round F13, classes arith-command-hash-comment and arith-expansion-hash-comment:
 * bash reads `(( … ))`, `for (( … ))`, `$(( … ))`, `<(( … ))`, `$[ … ]` and an assignment's
 * subscript to their closing bracket with no comment rule (parse.y's parse_matched_pair), so a
 * `#` there is arithmetic text (an arithmetic error) and what follows the first `))` on the
 * line runs. tree-sitter-bash and the pre-pass read a comment to the end of the line and close
 * the arithmetic on a later line: `rm x` was never seen. Each case below was run under bash
 * 5.2 with strace: the command after the closing bracket ran.
 */

const runs = async (command: string, argv: string) => {
  const analysis = await analyze(command);
  return analysis.units.some((unit) => unit.argv.join(" ") === argv);
};

describe("a # inside arithmetic is no comment", () => {
  it.each([
    "(( 1 #)); rm x\n))",
    "(( $# #)); rm x\n))",
    "(( n # note )); rm x\n))",
    "echo ok && (( 1 # c )) || rm x\n))",
    "[[ 1 ]] && (( 1 #)); rm x\n))",
    "(( 1 #)) | rm x\n))",
    "(( 1 #)) & rm x\n))",
    "x=1; ((x+=1 #)) ; rm x\n))",
    "f() { (( 1 #)); rm x\n)); }",
    "for ((i=0; i<1; i++ #)); do rm x; done\n)); do :; done",
    "for((i=0; i<1; i++ #)); do rm x; done\n)); do :; done",
    "for ((;; #)); do rm x; break; done\n)); do :; done",
    "if((1 #)); then rm x; fi\n)); then :; fi",
    "while (( 0 #)); do :; done; rm x\n)); do :; done",
    "echo $(( 1 #)) | cat; rm x\n))",
    "echo $(( 1 #)) | rm x\n))",
    "echo $(( 1 #)) & rm x\n))",
    "true | echo $(( 1 #)); rm x\n))",
    "( echo $(( 1 #)) ); rm x\n)) )",
    "(echo $(( 1 #))); rm x\n)))",
    "x=$(echo $(( 1 #))); rm x\n)))",
    "cat <(echo $(( 1 #))); rm x\n)))",
    'echo "$(( 1 #))" | cat; rm x\n))"',
    '(echo "$(( 1 #))") | rm x\n))")',
    "(cat <(( 1 #)) ); rm x\n)) )",
    "(echo $[ 1 #]); rm x\n])",
    '(echo "$[ 1 #]"); rm x\n])"',
    "(a[1 #]=3); rm x\n])",
    "true | a=([1 #]=3); rm x\n])",
    "a=([1 #]=3) & rm x\n])",
    "x=$(a=([1 #]=3)); rm x\n]))",
    "declare -a a=([1 #]=3) & rm x\n])",
  ])("%j runs rm x", async (command) => {
    expect(await runs(command, "rm x")).toBe(true);
  });

  it("floors the grammar's reading where the comment hid a substitution inside arithmetic", async () => {
    // bash expands `$(rm x)` before it evaluates the expression: rm runs, then the `#` fails.
    for (const command of [
      "(( 1 # $(rm x) ))\n))",
      "for ((i=0 # $(rm x); i<1; i++)); do :; done\n)); do :; done",
    ]) {
      const analysis = await analyze(command);
      expect(analysis.status, command).not.toBe("ok");
      expect(
        analysis.units.some((unit) => unit.sentinel === unparseable),
        command,
      ).toBe(true);
    }
  });
});

describe("the pre-pass reads arithmetic as bash does", () => {
  it("keeps the text after a # in arithmetic on the line, escaped for the token pass", () => {
    const scanned = scanSource("(( 1 #)); rm x\n))");
    expect(scanned.lines.map((line) => line.tokens)).toEqual(["(( 1 \\#)); rm x", "))"]);
    expect(scanned.arithmeticHashes).toEqual([5]);
  });

  it("notes no heredoc at a shift inside arithmetic", () => {
    // `<<` in `$((1<<2))` is a shift: the next line is a command, not a heredoc body.
    const scanned = scanSource("echo $((1<<2))\nrm x\n2");
    expect(scanned.lines.map((line) => line.tokens)).toEqual(["echo $((1<<2))", "rm x", "2"]);
  });

  it("reads a subscript only where a command starts: an argument's [ is a glob character", () => {
    // `declare a[1 #]=3`: bash reads `a[1` and a comment; `echo a[⏎rm x⏎]` is three commands.
    expect(scanSource("declare a[1 #]=3; rm x").lines.map((line) => line.tokens)).toEqual([
      "declare a[1 ",
    ]);
    expect(scanSource("echo a[\nrm x\n]").lines.map((line) => line.tokens)).toEqual([
      "echo a[",
      "rm x",
      "]",
    ]);
    expect(scanSource("x=1 a[1 #]=2; rm x").lines.map((line) => line.tokens)).toEqual([
      "x=1 a[1 \\#]=2; rm x",
    ]);
  });

  it("reads a # that starts a substitution's first word as a comment, as bash does", () => {
    // bash 5.2 parses `$( )` as commands: `$(#x; rm y⏎echo hi)` runs only echo.
    const scanned = scanSource("echo $(#x; rm y\necho hi)");
    expect(scanned.lines.map((line) => line.tokens)).toEqual(["echo $( ; echo hi)"]);
  });

  it("reads a ((…) that is no arithmetic again with comments", () => {
    // `((echo a) #x⏎)`: a subshell in a subshell, its comment a comment again.
    const scanned = scanSource("((echo a) #x\n)");
    expect(scanned.lines.map((line) => line.tokens)).toEqual(["((echo a) ", ")"]);
  });
});

describe("ordinary arithmetic keeps its reading", () => {
  it.each([
    ["(( i++ )) # count", []],
    ["for ((i=0;i<3;i++)); do echo $i; done # c", ["echo $i"]],
    ["for((i=0;i<2;i++)); do echo $i; done # c", ["echo $i"]],
    ["echo $((16#ff)) # hex", ["echo $((16#ff))"]],
    ["x=$(( (1+2) * 3 )) # c\necho $x", ["echo $x"]],
    ["echo $[1+2] # c", ["echo $[1+2]"]],
    ["a[1]=2 # c", []],
    ["a=(1 # one\n2)\necho $a", ["echo $a"]],
    ["a=(\n  [0]=x # c\n  [1]=y\n)\nls", ["ls"]],
    ["ls x[ab] # c", ["ls x[ab]"]],
    ["if (( $# > 0 )); then echo yes; fi # c", ["echo yes"]],
    ['echo "$(( 1 + 2 ))" # c\nls', ['echo "$(( 1 + 2 ))"', "ls"]],
    ["(( x = 1 <<\n2 )) # c\nls", ["ls"]],
    ["cat <<EOF\n$((1 + 2)) # not a comment\nEOF\nls", ["cat <<EOF", "ls"]],
  ])("%j", async (command, texts) => {
    const analysis = await analyze(command);
    expect(analysis.status).toBe("ok");
    expect(analysis.units.map((unit) => unit.text)).toEqual(texts);
    expect(analysis.units.every((unit) => unit.sentinel === null)).toBe(true);
  });
});
