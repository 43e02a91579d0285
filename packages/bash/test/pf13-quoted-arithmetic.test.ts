import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Precision class N1 of session 13: the search for assignments bash makes inside arithmetic
 * (untracked.ts) read every `((` of the string, quoted or not, so a JavaScript arrow in a
 * heredoc body or a commit message (`setTimeout(() => done())`: the `=` of `=>` after `((`)
 * counted as an assignment to a name it could not read, which may be PATH. Quoted text bash
 * never reads as code opens no arithmetic now; every real place still does.
 */

/** Whether the string may run a program bash finds through a PATH the string rebound. */
const lookupRebound = async (command: string) =>
  (await analyze(command)).units.some(
    (unit) => unit.argv.length === 1 && unit.argv[0] === "PATH" && unit.sentinel !== null,
  );

/** The words of the last command the string runs. */
const lastArgv = async (command: string) => {
  const units = (await analyze(command)).units;
  return units[units.length - 1]?.argv;
};

const SPLIT5 = "x=.env5README.md; cat $x";

describe("quoted text bash never evaluates assigns nothing", () => {
  it.each([
    "cat > src/s.ts <<'EOF'\nsetTimeout(() => done(), 10);\nEOF",
    "cat > src/sum.ts <<'EOF'\nexport const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);\nEOF",
    "cat > src/k.ts <<'EOF'\nconst t = ((x) += 1);\nEOF",
    'cat > src/k.ts <<"EOF"\nuseEffect(() => {\n  load((d) => setData(d));\n}, []);\nEOF',
    "git commit -m 'fix: guard setTimeout(() => …) cleanup'",
    "git log --oneline -S '(() =>' -- src",
    "echo 'f((x) => 1)'",
    "echo $'f((x) => 1)'",
    'git commit -m "fix: guard setTimeout(() => …) cleanup"',
    "grep -rn 'let x=1' src",
  ])("%s", async (command) => {
    expect(await lookupRebound(`${command}\nls`)).toBe(false);
  });

  it.each([
    "echo 'x [[ 1 -eq IFS=5 ]]' '${IFS:=5}' '{IFS}>x' 'let IFS=5' '((IFS=5))' '$[IFS=5]'",
    "echo $'x [[ 1 -eq IFS=5 ]] ((IFS=5))'",
    'echo "x [[ 1 -eq IFS=5 ]] ((IFS=5)) {IFS}>x let IFS=5"',
    "cat > run.sh <<'EOF'\n: \"${IFS:=5}\" $((IFS=5)) a[IFS=5]=1\nexec {IFS}>/dev/null\nlet IFS=5\nEOF",
  ])("%s: IFS keeps its value", async (first) => {
    expect(await lastArgv(`${first}\n${SPLIT5}`)).toEqual(["cat", ".env5README.md"]);
  });

  it("the other names keep their values", async () => {
    const command =
      "cat > src/s.ts <<'EOF'\nsetTimeout(() => done(), 10);\nEOF\nx=README.md; cat $x";
    expect(await lastArgv(command)).toEqual(["cat", "README.md"]);
  });
});

describe("every place bash evaluates arithmetic still assigns", () => {
  it.each([
    // Arithmetic in double quotes and in a heredoc body bash expands.
    'echo "it\'s $((PATH=1))"',
    'echo "it\'s ${PATH:=1}"',
    'echo "$[PATH=1]"',
    "cat <<EOF\nit's $((PATH=5)) don't\nEOF",
    "cat <<EOF\n'$[PATH=5]'\nEOF",
    // A quoted word read as arithmetic, or as a name with a subscript.
    "let 'PATH=1'",
    "[[ 1 -eq 'PATH=1' ]]",
    "read 'a[PATH=1]' <<< 5",
    "read $'a[PATH=1]' <<< 5",
    "declare 'a[PATH=1]=2'",
    "printf -v 'a[PATH=1]' 5",
    "test -v 'a[PATH=1]'",
    "declare -n r='a[PATH=1]'; r=4",
    // A quote elsewhere on the line does not hide what stands outside it.
    'echo "\'" $((PATH=1)) "\'"',
    "echo $'\\'' $((PATH=1)) $'\\''",
    "echo 'a' \"b'\" $((PATH=1)) \"'\"",
    "# it's a comment\n(( PATH = 5 )) # don't",
    "cat <<'E'\n'\nE\n(( PATH = 1 ))",
    "cat <<E\n'\nE\n(( PATH = 1 ))",
    "echo '((x) => 1)' $((PATH=1))",
    // Quoted code run in this shell.
    "trap '(( PATH = 5 ))' DEBUG",
    "eval '(( PATH = 5 ))'",
    "PS4='$((PATH=5))'; set -x",
    "mapfile -C '(( PATH = 5 ))' -c 1 <<< a",
  ])("%s", async (command) => {
    expect(await lookupRebound(`${command}\nls`)).toBe(true);
  });
});

describe("an element subscript of a compound assignment is arithmetic", () => {
  it.each([
    "a=( [IFS=5]=2 )",
    "a=(x [IFS=5]=2)",
    "a+=( [IFS=5]+=2 )",
    'a=( [IF"S=5"]=2 )',
    "declare -a b=( [IFS=5]=1 )",
    "local_f() { local c=( [IFS=5]=1 ); }; local_f",
  ])("%s: IFS is unknown after it", async (first) => {
    expect(await lastArgv(`${first}; ${SPLIT5}`)).toEqual(["cat", "$x"]);
  });

  it("a compound assignment of PATH's element rebinds the lookup", async () => {
    expect(await lookupRebound("a=( [PATH=1]=2 ); ls")).toBe(true);
  });

  it("an element with a plain subscript changes nothing else", async () => {
    expect(await lastArgv(`a=( [0]=x [1]=y ); ${SPLIT5}`)).toEqual(["cat", ".env5README.md"]);
  });
});
