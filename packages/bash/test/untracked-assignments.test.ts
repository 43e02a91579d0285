import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/**
 * Assignments bash makes without an assignment word (attack round 11, corpus fix11i-*): a
 * `{NAME}>` redirection, an assignment inside arithmetic anywhere, `${NAME:=word}`. The walk
 * must not stay sure of a value (IFS above all: `x=.env0README.md; cat $x` opens `.env` once
 * IFS holds `0`) that such an assignment changed; a plain assignment later in the flow decides
 * the name again.
 */

/** The words of the last command the string runs. */
const lastArgv = async (command: string) => {
  const units = (await analyze(command)).units;
  return units[units.length - 1]?.argv;
};
/** Whether the string may run a program bash finds through a PATH the string rebound. */
const lookupRebound = async (command: string) =>
  (await analyze(command)).units.some(
    (unit) => unit.argv.length === 1 && unit.argv[0] === "PATH" && unit.sentinel !== null,
  );
/** Whether the walk ends sure that `$x` is the one word `.env0README.md` with nothing to ask. */
const wrongReading = async (command: string, word = ".env0README.md") => {
  const units = (await analyze(command)).units;
  const last = units[units.length - 1]?.argv;
  return (
    units.every((unit) => unit.sentinel === null) &&
    JSON.stringify(last) === JSON.stringify(["cat", word])
  );
};

const SPLIT = "x=.env0README.md; cat $x";
const SPLIT5 = "x=.env5README.md; cat $x";

describe("a {NAME}> redirection assigns the descriptor number", () => {
  it.each([
    "echo {IFS}>/dev/null",
    ": {IFS}</dev/null",
    "echo {IFS}>&2",
    "exec {IFS}>/dev/null",
    ": {IFS}<<<x",
    "echo {IFS}>/dev/null {IFS}>/dev/null",
    "echo {IFS}<<E\nE\n",
  ])("%s: IFS is unknown after it", async (first) => {
    const joined = first.endsWith("\n") ? first + SPLIT : `${first}; ${SPLIT}`;
    expect(await lastArgv(joined)).toEqual(["cat", "$x"]);
  });

  it("an element of BASH_CMDS rebinds a command name", async () => {
    expect(await lookupRebound("echo {BASH_CMDS[ls]}>/dev/null; ls")).toBe(true);
    expect(await lookupRebound(": {BASH_CMDS[cat]}</dev/null; cat README.md")).toBe(true);
  });

  it("a descriptor kept in a name of its own changes nothing else", async () => {
    const command = "exec {fd}>build/out.log; echo hi >&$fd; exec {fd}>&-; x=README.md; cat $x";
    expect(await lastArgv(command)).toEqual(["cat", "README.md"]);
    expect(await lookupRebound(command)).toBe(false);
  });
});

describe("an assignment inside arithmetic assigns the name", () => {
  it.each([
    "(( IFS = 5 ))",
    "echo $((IFS=5))",
    "echo $[IFS=5]",
    "echo ${a[IFS=5]}",
    "a[IFS=5]=1",
    "[[ -v a[IFS=5] ]]",
    "[[ 1 -eq IFS=5 ]]",
    '[[ 1 -eq "IFS=5" ]]',
    "let IFS=5",
    "case $((IFS=5)) in *) ;; esac",
    "x=$((IFS=5))",
    'echo "${x:-$((IFS=5))}"',
    "for ((IFS=5; 0; )); do :; done",
    "v=abc; echo ${v:IFS=5:1}",
    "(( IFS += 5 ))",
    "(( IFS <<= 0 ))",
    "(( IFS |= 5 ))",
  ])("%s: IFS is unknown after it", async (first) => {
    expect(await lastArgv(`${first}; ${SPLIT5}`)).toEqual(["cat", "$x"]);
  });

  it("a heredoc body's arithmetic is evaluated by a builtin in this shell", async () => {
    expect(await lastArgv(`: <<E\n$((IFS=5))\nE\n${SPLIT5}`)).toEqual(["cat", "$x"]);
  });

  it("a value that assigns when evaluated is code", async () => {
    const sentinels = async (command: string) =>
      (await analyze(command)).units.map((unit) => unit.sentinel).filter(Boolean);
    expect(await sentinels("v='IFS=5'; echo $((v))")).toContain("<evaluated-string>");
    expect(await sentinels("declare -i n; n=IFS=5")).toContain("<evaluated-string>");
    expect(await sentinels("v='n+1'; echo $((v))")).toEqual([]);
    // A name operand whose subscript came from a value: no text shows the assignment.
    expect(await sentinels(`s='a[IFS=5]'; IFS=' '; test -v "$s"`)).toContain("<evaluated-string>");
    expect(await sentinels("s='a[IFS=5]'; [[ -v $s ]]")).toContain("<evaluated-string>");
    expect(await sentinels(`s='a[i+1]'; test -v "$s"`)).toEqual([]);
  });

  it("a plain assignment later in the flow decides the name again", async () => {
    expect(await lastArgv(`(( IFS = 5 )); IFS=' '; ${SPLIT5}`)).toEqual(["cat", ".env5README.md"]);
    expect(await lastArgv(`IFS=' '; (( IFS = 5 )); ${SPLIT5}`)).toEqual(["cat", "$x"]);
  });

  it("a name an expansion builds may be any name", async () => {
    expect(await lastArgv(`n=I; (( \${n}FS = 5 )); ${SPLIT5}`)).toEqual(["cat", "$x"]);
    expect(await lookupRebound("n=P; [[ 1 -eq ${n}ATH=0 ]]; ls")).toBe(true);
    expect(await lookupRebound("n=PATH; (( $n = 0 )); ls")).toBe(true);
    expect(await lookupRebound("n=P; a[${n}ATH=0]=1; ls")).toBe(true);
  });

  it.each([
    "n=0; for f in src/*.ts; do n=$((n+1)); done",
    "((count++))",
    "i=0; while [ $i -lt 3 ]; do ((i++)); done",
    "for ((i=0; i<3; i++)); do echo $i; done",
    '[ "$a" = "$b" ] && ((i++))',
    "[[ $y == a=b ]]",
    '[[ $line == *"key=value"* ]]',
    'echo "${y:-"a=b"}"',
    '[[ 1 -eq 1 && $y = "k=v" ]]',
    "let i++",
  ])("%s: other names keep their values", async (first) => {
    expect(await lastArgv(`x=README.md; ${first}; cat $x`)).toEqual(["cat", "README.md"]);
  });
});

describe("${NAME:=word} assigns where it stands", () => {
  it.each([
    "IFS=; [[ ${IFS:=0} ]]",
    "IFS=; case ${IFS:=0} in *) ;; esac",
    'IFS=; echo "${IFS:=0}"',
    "IFS=; a[${IFS:=0}]=1",
    "IFS=; for i in ${IFS:=0}; do :; done",
    'IFS=; echo "${x:-${IFS:=0}}"',
    "unset IFS; echo ${IFS=0} >/dev/null",
    "IFS=; : <<E\n${IFS:=0}\nE\n",
  ])("%s: IFS is unknown after it", async (first) => {
    const joined = first.endsWith("\n") ? first + SPLIT : `${first}; ${SPLIT}`;
    expect(await lastArgv(joined)).toEqual(["cat", "$x"]);
  });

  it("a plain assignment after it decides the name again", async () => {
    expect(await lastArgv(`IFS=; : \${IFS:=0}; IFS=' '; ${SPLIT}`)).toEqual([
      "cat",
      ".env0README.md",
    ]);
  });

  it("another name's default changes nothing else", async () => {
    expect(await lastArgv(": ${y:=z}; x=README.md; cat $x")).toEqual(["cat", "README.md"]);
    expect(await lastArgv("x=README.md; : ${n:=5}; cat $x")).toEqual(["cat", "README.md"]);
  });
});

describe("IFS is split on bytes unless the locale is UTF-8", () => {
  it.each([
    "IFS=é; x=.env$'\\xa9'README.md; cat $x",
    "IFS=é; x=$'.env\\xc3README.md'; cat $x",
    "IFS=$'\\xc3'; x=.envéREADME.md; cat $x",
    "IFS=$'\\u00e9'; x=.env0README.md; cat $x",
    "IFS=$'\\u00e9'; x=README.mdE.env; cat $x",
  ])("%s: the split is unknown", async (command) => {
    expect(await lastArgv(command)).toEqual(["cat", "$x"]);
  });

  it("an ASCII IFS splits as written", async () => {
    expect(await lastArgv("IFS=,; x=README.md,src/a.ts; cat $x")).toEqual([
      "cat",
      "README.md",
      "src/a.ts",
    ]);
    expect(await lastArgv("IFS=$'\\u002c'; x=README.md,src/a.ts; cat $x")).toEqual([
      "cat",
      "README.md",
      "src/a.ts",
    ]);
  });
});

/**
 * Every way bash 5.2 assigns a variable, each aimed at IFS: none may leave the walk sure that
 * IFS still holds its default (the wrong reading is one word, `.env0README.md`).
 */
describe("every assignment mechanism of bash 5.2 reaches the state", () => {
  it.each([
    "read IFS <<< 0",
    "read -a IFS <<< 0",
    "mapfile -t IFS <<< 0",
    "readarray IFS <<< 0",
    "printf -v IFS %s 0",
    "set -- -0; getopts 0 IFS",
    "sleep 0 & wait -p IFS",
    "exec {IFS}>/dev/null",
    "(( IFS = 0 ))",
    "let IFS=0",
    "IFS=; : ${IFS:=0}",
    "declare IFS=0",
    "typeset IFS=0",
    "export IFS=0",
    "readonly IFS=0",
    "f() { declare -g IFS=0; }; f",
    "f() { (( IFS = 0 )); }; f",
    "for IFS in 0; do :; done",
    "select IFS in 0; do break; done <<< 1",
    "declare -n r=IFS; r=0",
    "declare -n r; r=IFS; r=0",
    "declare -n REPLY=IFS; read <<< 0",
    "declare -n OPTARG=IFS; set -- -a0; getopts a: o",
    "declare -n BASH_REMATCH=IFS; [[ 0 =~ 0 ]]",
    "n=IFS; printf -v $n 0",
    "n=IFS; read $n <<< 0",
    "n=IFS; declare $n=0",
    "n=IFS; : ${!n:=0}",
    "IFS+=0",
    "IFS[0]=0",
    "command read IFS <<< 0",
    "builtin printf -v IFS 0",
    "trap 'IFS=0' DEBUG; :",
  ])("%s", async (first) => {
    expect(await wrongReading(`${first}; ${SPLIT}`)).toBe(false);
  });

  it("coproc NAME assigns the descriptors to NAME", async () => {
    const command = "coproc IFS { :; }; x=.env63README.md; cat $x";
    expect(await wrongReading(command, ".env63README.md")).toBe(false);
    expect(await lastArgv(command)).toEqual(["cat", "$x"]);
  });
});
