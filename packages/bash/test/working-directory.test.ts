// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze } from "./helpers.ts";

/** The paths of an analysis as `unit access:path`, a glob as written, a computed one as `?`. */
function paths(analysis: BashAnalysis): string[] {
  return analysis.paths.map(
    (path) => `${path.unit} ${path.access}:${path.path ?? path.glob ?? "?"}`,
  );
}

/**
 * Round 10 of the attacker's measuring round (classes J1-J4), each traced under bash 5.2 (traces
 * a10-* and bs9-*; corpus cases adv9b-*).
 */
describe("adversarial: a program that works on the folder it runs in, after a cd (J1)", () => {
  it.each([
    ["cd alone goes home; ls lists it", "cd && ls -la", ["1 read:/home/user"]],
    ["cd -L alone too", "cd -L && ls", ["1 read:/home/user"]],
    [
      "git init writes there",
      "cd && git init -q",
      ["1 write:/home/user/.git/config", "1 read_write:/home/user", "1 read:/home/user/…"],
    ],
    [
      "in a subshell, where cd may fail",
      "(cd; git status)",
      ["1 read_write:/repo", "1 read_write:/home/user", "1 read:/repo/…", "1 read:/home/user/…"],
    ],
    ["a program the tables do not know", "cd; npm test", ["1 read:/repo", "1 read:/home/user"]],
    ["du walks everything below", "cd && du -a", ["1 read:/home/user", "1 read:/home/user/**"]],
    // A literal CDPATH, OLDPWD or HOME decides the folder (traced: CDPATH=/ cd tmp, OLDPWD=/tmp
    // cd -, HOME=/tmp cd entered /tmp); which CDPATH folder exists is not known: each is read.
    [
      "a CDPATH hit may be each folder",
      "CDPATH=/home/user cd .ssh && ls",
      [
        "0 read:/repo/.ssh",
        "0 read:/home/user/.ssh",
        "1 read:/home/user/.ssh",
        "1 read:/repo/.ssh",
      ],
    ],
    [
      "cd - goes to an OLDPWD given for it",
      "OLDPWD=/srv cd - && ls",
      ["0 read:/srv", "1 read:/srv"],
    ],
    [
      "cd goes to a HOME given for it alone",
      "HOME=/srv cd && git log",
      ["1 read_write:/srv", "1 read:/srv/…"],
    ],
    ["a function that changes folder", "f() { cd; }; f; ls -la", ["2 read:?"]],
    [
      "pushd +N goes where the stack says",
      "pushd src >/dev/null; DIRSTACK[1]=/home/user/.ssh; pushd +1 >/dev/null; ls -la",
      ["0 read:/repo/src", "1 read:/repo/+1", "1 read:/repo/src/+1", "2 read:?"],
    ],
    [
      "so does pushd alone",
      "pushd /srv >/dev/null && pushd >/dev/null && ls",
      ["0 read:/srv", "2 read:?"],
    ],
    [
      "a protected folder in the project",
      "cd .ssh && ls",
      ["0 read:/repo/.ssh", "1 read:/repo/.ssh"],
    ],
  ])("%s: %s", async (_note, command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it.each([
    ["ls in the folder the command starts in", "ls -la", []],
    ["git there", "git status", []],
    [
      "ls with an operand after cd",
      "cd src && ls foo",
      ["0 read:/repo/src", "1 read:/repo/src/foo"],
    ],
    ["a builtin after cd", "cd && echo hi", []],
    [
      "a file program names its files",
      "cd src && cat /repo/README.md",
      ["0 read:/repo/src", "1 read:/repo/README.md"],
    ],
    ["a called function is not a program", "f() { echo; }; f", []],
    [
      "a folder left unknown by sourced code",
      "source env.sh && npm run dev",
      ["0 read:/repo/env.sh"],
    ],
  ])("%s adds nothing: %s", async (_note, command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});

describe("adversarial: globs in the elements of an array assignment list their folder (J2)", () => {
  it.each([
    ["before a command", 'x=(~/.ssh/.*); echo "${x[@]}"', ["0 read:/home/user/.ssh/.*"]],
    ["declare -a", "declare -a x=(~/.ssh/*)", ["0 read:/home/user/.ssh/*"]],
    ["typeset -a among literal words", "typeset -a k=(a /srv/*)", ["0 read:/srv/*"]],
    ["a statement alone gets a unit of its own", "x=(/srv/*)", ["0 read:/srv/*"]],
  ])("%s: %s", async (_note, command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it("keeps an array of plain words free of paths", async () => {
    const analysis = await analyze("x=(a b); echo ${x[@]}");
    expect(analysis.paths).toEqual([]);
    expect(analysis.units.map((unit) => unit.argv[0])).toEqual(["echo"]);
  });
});

describe("adversarial: ~+ is the value of PWD (J3)", () => {
  it.each([
    // echo's glob lists the folder (names only).
    ["a glob after PWD=", "PWD=/home/user/.ssh; echo ~+/*", ["0 read:/home/user/.ssh/*"]],
    [
      "an assignment value",
      "PWD=/home/user/.ssh; x=~+/id_rsa; cat $x",
      ["0 read:/home/user/.ssh/id_rsa"],
    ],
    ["a redirect target", "PWD=/home/user/.ssh; cat <~+/id_rsa", ["0 read:/home/user/.ssh/id_rsa"]],
    ["a relative value", "PWD=.env; cat ~+", ["0 read:/repo/.env"]],
    ["an unknown value", "read PWD; cat ~+/a", ["1 read:?"]],
    ["~+ in a value without PWD assigned", "x=~+/a; cat $x", ["0 read:/repo/a"]],
    ["~user in a value is unknown", "x=~root/a; cat $x", ["0 read:?"]],
  ])("%s: %s", async (_note, command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it("shows the folder ~+ names in the words the patterns see", async () => {
    const analysis = await analyze("PWD=/home/user/.ssh; echo ~+/*");
    expect(analysis.units[0]?.argv).toEqual(["echo", "/home/user/.ssh/*"]);
  });

  it("takes cd to set PWD again", async () => {
    expect(paths(await analyze("PWD=/x; cd /srv && cat ~+/a"))).toEqual([
      "0 read:/srv",
      "1 read:/srv/a",
    ]);
  });
});

describe("adversarial: a word that may split gives an option its value and operands besides (J4)", () => {
  it.each([
    ["an array spread after -e", 'x=(); x+=(zzz .env); grep -ve "${x[@]}"', ["0 read:?"]],
    ["after --regexp", 'x=(); x+=(q .env); grep -v --regexp "${x[@]}"', ["0 read:?"]],
    ["ls -I", 'a=(); a+=(x /etc); ls -I "${a[@]}"', ["0 read:?"]],
    ["a glob after -e", "grep -v -e ~/.ssh/*", ["0 read:/home/user/.ssh/*"]],
    ["a value the string assigned", "x='*/../.env'; grep -ve $x", ["0 read:/repo/.env"]],
  ])("%s: %s", async (_note, command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it.each([
    ["a quoted pattern", 'grep "$p" src/a', ["0 read:/repo/src/a"]],
    ["a word after no option", "grep $p src/a", ["0 read:/repo/src/a"]],
    ["a revision range", "git diff $BASE..HEAD", []],
    ['"$*" stays one word', 'grep -e "$*" src/a', ["0 read:/repo/src/a"]],
    ["echo's words are no files", 'echo "$@"', []],
  ])("%s adds nothing: %s", async (_note, command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });
});

describe("precision: what a cd to an unknown folder and a directory-stack tilde leave proven", () => {
  it.each([
    [
      "an absolute path after cd to an unknown folder",
      'cd "$DIR" && cat /repo/x.txt',
      ["1 read:/repo/x.txt"],
    ],
    ["a relative path there is any such file", 'cd "$DIR" && cat x', ["1 read:**/x"]],
    ["a program working there is unknown", 'cd "$DIR" && npm test', ["1 read:?"]],
    // Traced (bs9-t1, bs9-t2): bash leaves `~1` as written, `cat ~1` opens /repo/~1.
    ["~N with the stack never pushed", "cat ~1", ["0 read:/repo/~1"]],
    ["~+N too", "cat ~+1/x", ["0 read:/repo/~+1/x"]],
    ["~N after a pushd is unknown", "pushd /srv; cat ~1", ["0 read:/srv", "1 read:?"]],
    ["~N after code the walk cannot read", 'eval "$x"; cat ~1', ["1 read:?"]],
  ])("%s: %s", async (_note, command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it("leaves git diff ~1 free of paths (git reads it as a revision or refuses it)", async () => {
    expect(paths(await analyze("git diff ~1"))).toEqual([]);
  });
});
