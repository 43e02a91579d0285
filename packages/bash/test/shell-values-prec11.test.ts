import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

const proven = async (command: string) =>
  (await analyze(command)).units.every((unit) => unit.sentinel === null);
const evaluates = async (command: string) =>
  (await analyze(command)).units.some((unit) => unit.sentinel === "<evaluated-string>");
const found = async (command: string) => paths(await analyze(command));

/**
 * Values the walk knows only by their kind (precision round 11, corpus prec11s-*): a counter
 * every assignment of which is an integer, and an array assigned from plain words.
 */
describe("integer counters", () => {
  it.each([
    ["for counter", 'n=0\nfor f in src/*.ts; do n=$((n+1)); done\necho "$n files"'],
    ["while counter", "i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); done"],
    [
      "quoted counter",
      'i=0\nwhile [ "$i" -lt 5 ]; do\n  i="$((i + 1))"\n  echo "attempt $i"\ndone',
    ],
    ["(( )) in the loop", "i=0; while [ $i -lt 3 ]; do ((i++)); done; echo $((i * 2))"],
    ["sum of counters", "a=1; b=2; c=$((a+b)); d=$((c*2)); echo $((d+c))"],
    ["both branches", "if true; then n=$((1+1)); else n=3; fi; echo $((n))"],
  ])("%s: nothing is evaluated", async (_, command) => {
    expect(await proven(command)).toBe(true);
  });

  it.each([
    // A round may assign text holding code: the next round's arithmetic evaluates it.
    [
      "code in a later round",
      "i=0; while [ $i -lt 3 ]; do echo $((i)); i=$((i+1)); i='a[$(id)]'; done",
    ],
    ["read in a round", "i=0; while [ $i -lt 3 ]; do echo $i; i=$((i+1)); read i; done"],
    ["appended text", "i=1; j=$((i+1)); j+=x; echo $((j))"],
    // The arithmetic fails inside eval: the name keeps the text it held.
    ["failed in eval", "i='a[$(id)]'; eval 'i=$((1/0))'; echo $((i))"],
    ["old text", "i='a[$(id)]'; i=$((i+1)); echo $((i))"],
    ["one branch text", "n=0; if true; then n='a[$(id)]'; fi; n=$((n+1)); echo $((n))"],
    ["substitution", "n=$(( $(cat f) )); echo $((n))"],
    ["break midway", "n=0; while :; do n='a[$(id)]'; break; n=$((1)); done; echo $((n))"],
    ["read after the loop", "n=0; for f in a b; do n=$((n+1)); done; read n; echo $((n))"],
  ])("%s: still evaluated", async (_, command) => {
    expect(await evaluates(command)).toBe(true);
  });

  it("an integer counter split unquoted never turns into `-v NAME` for test", async () => {
    expect(await proven("n=0; for x in a b; do n=$((n+1)); done; [ $n -gt 1 ] && echo many")).toBe(
      true,
    );
    // A value from read may be `-v a[$(id)]`.
    expect(await evaluates("read n; [ $n -gt 1 ] && echo many")).toBe(true);
  });
});

describe("arrays of plain words", () => {
  it(`a loop over "\${a[@]}" takes each element`, async () => {
    const paths0 = await found(`dirs=(src tests)\nfor d in "\${dirs[@]}"; do ls "$d"; done`);
    expect(paths0).toContain("read:/repo/src");
    expect(paths0).toContain("read:/repo/tests");
    expect(paths0.some((path) => path.endsWith(":?"))).toBe(false);
  });

  it("declare -a assigns the same elements", async () => {
    const paths0 = await found(`declare -a d=(src .env)\nfor x in "\${d[@]}"; do cat "$x"; done`);
    expect(paths0).toContain("read:/repo/.env");
  });

  it("both branches' elements are possible", async () => {
    const paths0 = await found(
      `d=(src); if true; then d=(.env); fi\nfor x in "\${d[@]}"; do cat "$x"; done`,
    );
    expect(paths0).toContain("read:/repo/.env");
    expect(paths0).toContain("read:/repo/src");
  });

  it.each([
    ["element assigned", `d=(src tests); d[1]=.env\nfor x in "\${d[@]}"; do cat "$x"; done`],
    ["elements appended", `d=(src); d+=(.env)\nfor x in "\${d[@]}"; do cat "$x"; done`],
    ["read -a", `d=(src); read -a d\nfor x in "\${d[@]}"; do cat "$x"; done`],
    // A glob element alone is now its glob (l28-array-globs-and-cased-loops.test.ts).
    ["a glob element with a tilde", `d=(src ~/*)\nfor x in "\${d[@]}"; do cat "$x"; done`],
    ["a subscript", `d=(src [1]=.env)\nfor x in "\${d[@]}"; do cat "$x"; done`],
    ["an expansion", `d=(src $y)\nfor x in "\${d[@]}"; do cat "$x"; done`],
    ["associative", `declare -A d=(src .env)\nfor x in "\${d[@]}"; do cat "$x"; done`],
    ["unquoted", `d=(src tests)\nfor x in \${d[@]}; do cat "$x"; done`],
    ["assigned in the loop", `d=(src)\nfor x in "\${d[@]}"; do cat "$x"; d=(.env); done`],
  ])("%s: the loop variable is not known", async (_, command) => {
    const paths0 = await found(command);
    expect(paths0.some((path) => path.endsWith(":?")) || paths0.includes("read:/repo/.env")).toBe(
      true,
    );
  });
});

/** Where a path is read, or `?`/a glob when the walk lost the working directory. */
const reads = async (command: string) => paths(await analyze(command));

describe("working directories the walk keeps", () => {
  it("a call of a function keeps the directory when nothing in the string can change it", async () => {
    const found = await reads('section() { echo "=== $1 ==="; }\nsection lint\ncat src/a.ts');
    expect(found).toContain("read:/repo/src/a.ts");
  });

  it.each([
    ["a cd in the string", "f() { echo; }; f; cd /etc; f; cat hostname"],
    ["source in a body", "f() { source x.sh; }; f; cat hostname"],
    ["dot in a body", "f() { . x.sh; }; f; cat hostname"],
    ["eval in a body", 'f() { eval "$1"; }; f "c""d /etc"; cat hostname'],
    ["a called function defined later", "f() { g; }; g() { source x; }; f; cat hostname"],
    ["a line continuation", "f() { c\\\nd /etc; }; f; cat hostname"],
    ["a computed command", "f() { $1 /etc; }; f cd; cat hostname"],
  ])("%s: the directory after a call is not known", async (_, command) => {
    expect(await reads(command)).not.toContain("read:/repo/hostname");
  });

  it("a cd inside a subshell in a loop leaves the loop's directory", async () => {
    const found = await reads("for p in core cli; do (cd packages/$p && npm test); cat x; done");
    expect(found).toContain("read:/repo/packages/core");
    expect(found).toContain("read:/repo/packages/cli");
    expect(found).toContain("read:/repo/x");
    // A cd outside the subshell moves the next round.
    expect(await reads("for p in a b; do (cd $p); cd $p; cat x; done")).not.toContain(
      "read:/repo/x",
    );
  });
});

describe("set -e and a cd that fails", () => {
  it.each([
    ["set -e", "set -e; cd src; cd ..; ls"],
    ["set -euo pipefail", "set -euo pipefail\ncd src\nnpm run build\ncd ..\nls"],
    ["set -o errexit", "set -o errexit; cd src; cd ..; ls"],
    ["in a subshell", "set -e; (cd src; cd ..; ls)"],
  ])("%s: the shell stops when cd fails", async (_, command) => {
    expect(await reads(command)).not.toContain("read:/");
  });

  it.each([
    ["no set -e", "cd src; cd ..; ls"],
    ["set +e", "set -e; set +e; cd src; cd ..; ls"],
    ["set +o errexit", "set -e; set +o errexit; cd src; cd ..; ls"],
    ["computed set", "set -e; o=+e; set $o; cd src; cd ..; ls"],
    ["before &&", "set -e; cd src && npm test; cd ..; ls"],
    ["before ||", "set -e; cd src || true; cd ..; ls"],
    ["if condition", "set -e; if cd src; then :; fi; cd ..; ls"],
    ["negated", "set -e; ! cd src; cd ..; ls"],
    ["a substitution", "set -e; echo $(cd src; cd ..; ls)"],
    ["set -e in a subshell", "(set -e); cd src; cd ..; ls"],
    ["set -e on one branch", "if true; then set -e; fi; cd src; cd ..; ls"],
    ["a group before ||", "set -e; { cd src; cd ..; ls; } || true"],
    ["shopt -o", "set -e; shopt -uo errexit; cd src; cd ..; ls"],
    ["bash -c", 'set -e; bash -c "cd src; cd ..; ls"'],
    ["eval", 'set -e; eval "set +e"; cd src; cd ..; ls'],
  ])("%s: a failed cd may leave the directory", async (_, command) => {
    const found = await reads(command);
    expect(found.includes("read:/") || found.some((path) => path.endsWith(":?"))).toBe(true);
  });
});

describe("a cd at the very end", () => {
  it.each([
    ["after a list", "cd packages/core && npm test; cd ../.."],
    ["after lines", 'cd src\ngrep -rn "TODO" .\ncd ..'],
    ["two of them", "cd src; ls; cd ..; cd .."],
  ])("%s: the folder it enters is no path", async (_, command) => {
    expect(await reads(command)).not.toContain("read:/");
  });

  it.each([
    ["something after it", "cd src; cd ../..; ls"],
    ["in the background", "cd src; cd ../.. &"],
    ["a redirect", "cd src; cd ../.. > x"],
    ["an EXIT trap", 'trap "ls" EXIT; cd src; cd ../..'],
    ["a function named cd", "cd() { ls; }; cd src; cd ../.."],
  ])("%s: the folder stays a path", async (_, command) => {
    const found = await reads(command);
    expect(found.includes("read:/") || found.some((path) => path.endsWith(":?"))).toBe(true);
  });
});

describe("a for list of a few plain words", () => {
  const executed = async (command: string) =>
    (await analyze(command)).units.map((unit) => unit.executed?.join(" ") ?? null);

  it("walks the body once per word, each with the variable holding it", async () => {
    expect(await executed('for f in a.txt b.txt; do rm "$f"; done')).toEqual([
      "rm a.txt",
      "rm b.txt",
    ]);
    // Each word is split and globbed as bash does: `/` then `*` is `rm -rf /*`.
    expect(await executed("for f in a.txt /; do rm -rf $f*; done")).toContain("rm -rf /*");
    expect(await executed('for f in a "x /"; do rm -rf $f; done')).toContain("rm -rf x /");
  });

  it.each([
    // `select` may leave the variable empty.
    ["select", "select f in a b; do rm $f; done"],
    // A glob word names files the walk does not list.
    ["a glob", "for f in *.txt b; do rm $f; done"],
    // Past a few words the body is walked once.
    ["many words", "for f in a b c d e; do rm $f; done"],
  ])("%s: the body is walked once", async (_, command) => {
    const units = await executed(command);
    expect(units.filter((unit) => unit?.startsWith("rm ")).length).toBeLessThanOrEqual(1);
  });
});

describe("a command walked once per word is one command for written code", () => {
  const sentinels = async (command: string) =>
    (await analyze(command)).units.filter((unit) => unit.sentinel !== null).length;

  it("does not run what its own copy in another round writes", async () => {
    expect(
      await sentinels(
        'for i in 1 2 3; do echo "run $i"; npx vitest run src/flaky.test.ts && break; done',
      ),
    ).toBe(0);
  });

  it("still runs what another command of the body writes", async () => {
    expect(
      await sentinels(
        "for i in 1 2; do npx vitest run src/flaky.test.ts; echo x > src/flaky.test.ts; done",
      ),
    ).toBeGreaterThan(0);
  });
});
