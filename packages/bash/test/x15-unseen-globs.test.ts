// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** Whether the analysis holds a read path nobody knows for the word `raw`. */
function unknownRead(command: string, raw: string): Promise<boolean> {
  return analyze(command).then((analysis) =>
    analysis.paths.some(
      (path) =>
        path.raw === raw &&
        path.path === null &&
        path.glob === undefined &&
        path.sentinel === "<computed-path>" &&
        path.access === "read",
    ),
  );
}

/** Whether the analysis names no path at all. */
function noPaths(command: string): Promise<boolean> {
  return analyze(command).then((analysis) => analysis.paths.length === 0);
}

/**
 * An unquoted expansion whose value is only known at run time may hold glob characters, `/`
 * and `..`: bash then lists folders for any command, even `echo`. Traced under bash 5.2 (C15
 * unknown-value-glob-listing): `read x <<< '*'; echo ~/.ssh/$x` and
 * `x=$(printf '/etc/*'); echo $x` read the folders /home/user/.ssh and /etc.
 */
describe("a word that may glob though the text shows no glob character", () => {
  it.each([
    ["a read value", "read x; echo ~/.ssh/$x", "~/.ssh/$x"],
    ["a substitution assigned", "x=$(printf '*'); echo ~/.ssh/$x", "~/.ssh/$x"],
    ["a substitution in place", "echo /etc/$(cat list)", "/etc/$(cat list)"],
    ["no folder before it: any folder", "read x; echo $x", "$x"],
    ["a value-keeping operator", "read x; echo ~/.ssh/${x%a}", "~/.ssh/${x%a}"],
    ["a default operand holding a glob", "echo ${u:-*}", "${u:-*}"],
    ["an indirection", "y='*'; x=y; echo ~/.ssh/${!x}", "~/.ssh/${!x}"],
    ["a positional parameter in a function", "f(){ echo ~/.ssh/$1; }; f '*'", "~/.ssh/$1"],
    ["the last argument", "echo '*' > /dev/null; echo ~/.ssh/$_", "~/.ssh/$_"],
    ["REPLY", "read; echo ~/.ssh/$REPLY", "~/.ssh/$REPLY"],
    ["true ignores its words but bash lists", "read x; true $x", "$x"],
    ["a for list", "read x; for f in ~/.ssh/$x; do :; done", "~/.ssh/$x"],
    ["an array's element", "read x; a=(~/.ssh/$x)", "~/.ssh/$x"],
    ["a declared array's element", "read x; declare -a y=($x)", "$x"],
    // The string assigns a glob on one branch: the word is one of two, not expanded in place.
    ["a glob on one branch", "if c; then x='*'; fi; echo ~/.ssh/$x", "~/.ssh/$x"],
    ["a default holding a glob", ": ${g:=*}; echo $g", "$g"],
    ["a default of a name read", "read g; : ${g:=src}; echo $g", "$g"],
    ["an array holding a glob", "a=(x '*'); echo $a", "$a"],
  ])("%s: %s", async (_note, command, raw) => {
    expect(await unknownRead(command, raw)).toBe(true);
  });

  it.each([
    ["a quoted expansion is never globbed", 'read x; echo "~/.ssh/$x" "$x"'],
    ["an inherited variable is the user's", "echo $PATH ~/.ssh/$SUFFIX"],
    ["numbers", "echo $? $# $$ $! $((1 + 2)) ${#PATH} $RANDOM"],
    ["an integer the string keeps", "n=0; n=$((n + 1)); echo $n"],
    ["a value the string decides with no glob", "x=src; echo $x"],
    ["a value-keeping operator of an inherited variable", "echo ${HOME%/} ${PWD##*/}"],
    ["a quoted operand", "echo ${x:-'$(rm -rf build)'} ${x/a/\\$(b)}"],
    ["a revision", "echo $(git rev-parse HEAD) $(git merge-base HEAD origin/main)"],
    ["a pid", "echo $(lsof -t -i:3000) $(pidof node)"],
    ["an exit status", "cargo test | tail; exit ${PIPESTATUS[0]}"],
    ["an assignment does not glob", "read x; y=$x"],
    ["a default of plain text", ": ${g:=src}; echo $g"],
    ["arrays of written-out words", "a=(x y); set -- a b; echo $a ${a[@]} $@"],
  ])("%s: %s", async (_note, command) => {
    expect(await noPaths(command)).toBe(true);
  });

  it("a path the command already reads as unknown is not named twice", async () => {
    const analysis = await analyze("read x; cat ~/.ssh/$x");
    expect(analysis.paths.filter((path) => path.raw === "~/.ssh/$x")).toHaveLength(1);
  });
});

/**
 * `read` from a literal here-string gives its one name the line, blanks trimmed: traced, the
 * glob it holds is then expanded where the walk sees it (`read x <<< '*'; echo ~/.ssh/$x`
 * lists ~/.ssh), and `read -r ans <<< y; echo $ans` prints y.
 */
describe("read from a literal here-string", () => {
  it("follows the value", async () => {
    const analysis = await analyze("read -r -p 'go? ' ans <<< '  y  '; cat $ans");
    expect(analysis.paths.map((path) => path.path)).toEqual(["/repo/y"]);
  });

  it("expands a glob value as written", async () => {
    const analysis = await analyze("read x <<< '*'; cat ~/.ssh/$x");
    expect(analysis.paths.map((path) => path.glob)).toEqual(["/home/user/.ssh/*"]);
  });

  it.each([
    ["two names", "read a b <<< 'x y'; cat $a"],
    ["a backslash without -r", "read a <<< 'x\\y'; cat $a"],
    ["IFS set", "IFS=: read a <<< 'x'; cat $a"],
    ["IFS changed before", "IFS=x; read a <<< 'x'; cat $a"],
    ["an option past -r, -s, -p", "read -n 1 a <<< 'xy'; cat $a"],
    ["a file's line", "read a < f; cat $a"],
    ["a computed here-string", 'read a <<< "$y"; cat $a'],
    ["code characters", "read a <<< 'a[$(id)]'; cat $a"],
    ["a declaration may give the name an attribute", "declare -i a; read a <<< '1+1'; cat $a"],
    ["a function named read", "read() { :; }; read a <<< x; cat $a"],
  ])("stays unknown with %s: %s", async (_note, command) => {
    const analysis = await analyze(command);
    expect(analysis.paths.some((path) => path.raw === "$a" && path.path === null)).toBe(true);
  });
});
