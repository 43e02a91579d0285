// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import { type BashAnalysis, SENTINELS } from "../src/index.ts";
import { analyze, paths } from "./helpers.ts";

/**
 * Traced under bash 5.2 with strace (attack12 a12-*, corpus fa12-*): shell grammar and shell
 * state that make bash evaluate text a second time, or open a file, where no word shows it.
 */

function evaluated(analysis: BashAnalysis): boolean {
  return analysis.units.some((unit) => unit.sentinel === SENTINELS.evaluatedString);
}

function sentinels(analysis: BashAnalysis): string[] {
  return analysis.units.flatMap((unit) => (unit.sentinel === null ? [] : [unit.sentinel]));
}

function executed(analysis: BashAnalysis): string[] {
  return analysis.units.map((unit) => (unit.executed ?? unit.argv).join(" "));
}

describe("adversarial: `>&WORD` that is no descriptor number expands WORD a second time", () => {
  it.each([
    ["a quoted substitution", "echo hi >&'$(git push)'"],
    ["a quoted backquote", "git status >&'`rm -rf build`'"],
    ["an escaped substitution", "echo hi >&\\$\\(git\\ push\\)"],
    ["a double-quoted escaped substitution", 'echo hi >& "\\$(git push)"'],
    ["a variable holding a substitution", "x='$(rm -rf build)'; echo hi >&\"$x\""],
    ["unquoted, split on IFS", "x='$(git${IFS}push)'; echo hi >&$x"],
    ["with a suffix", "x='$(git push)'; echo hi >&\"$x\".log"],
    ["descriptor 1 spelled", "x='$(rm -rf build)'; git status 1>&\"$x\""],
    ["on a group", "x='$(git push)'; { echo hi; } >&\"$x\""],
    ["on a loop", "x='$(git push)'; while false; do :; done >&\"$x\""],
    ["on exec", "x='$(git push)'; exec >&\"$x\""],
    ["a glob bash matches the second time", "echo hi >&'.en[v]'"],
    ["a glob in a variable", "x='.en?'; echo hi >&\"$x\""],
    ["a quoted tilde", "echo hi >&'~/x'"],
    ["a quoted $HOME", "echo hi >&'$HOME/x'"],
    ["a brace range", "echo hi >&'.en{v..v}'"],
    ["a process substitution", "echo hi >&'>(git push)'"],
    ["a value the string does not know", 'echo hi >&"$LOG"'],
    ["a glob the first time (a file name may hold code)", "echo hi >& *.log"],
  ])("%s: %s", async (_note, command) => {
    expect(evaluated(await analyze(command))).toBe(true);
  });

  it.each([
    ["a plain file", "make >& build.log", ["write:/repo/build.log"]],
    ["a home file", "echo hi >& ~/x.log", ["write:/home/user/x.log"]],
    ["a variable holding a plain path", 'LOG=out.log; echo hi >& "$LOG"', ["write:/repo/out.log"]],
    ["a descriptor", "echo hi >&2", []],
    ["a descriptor in a variable", "fd=2; echo hi >&$fd", []],
    ["stderr to stdout", "echo hi 2>&1", []],
    ["a close", "echo hi >&-", []],
  ])("%s stays as it was: %s", async (_note, command, expected) => {
    const analysis = await analyze(command);
    expect(evaluated(analysis)).toBe(false);
    expect(paths(analysis)).toEqual(expect.arrayContaining(expected));
  });

  it("a glob or a tilde the second expansion applies names the file written", async () => {
    const analysis = await analyze("out='~/.ssh/conf*'; git status >&\"$out\"");
    expect(evaluated(analysis)).toBe(true);
    expect(analysis.paths).toContainEqual(
      expect.objectContaining({ access: "write", glob: "/home/user/.ssh/conf*" }),
    );
  });

  it("other descriptors fail as ambiguous: no second expansion", async () => {
    expect(evaluated(await analyze("echo hi 2>&'$(git push)'"))).toBe(false);
    expect(evaluated(await analyze("cat <&'$(git push)'"))).toBe(false);
  });
});

describe("adversarial: RANDOM, SRANDOM, OPTIND and HISTCMD are integer variables from the start", () => {
  it.each([
    ["a literal", "RANDOM='a[$(rm -rf build)]'; ls"],
    ["a variable's value", "x='a[$(git push)]'; OPTIND=$x"],
    ["a name whose value holds code", "x='a[$(git push)]'; SRANDOM=x"],
    ["+=", "x='a[$(git push)]'; HISTCMD+=$x"],
    ["export", "x='a[$(git push)]'; export RANDOM=\"$x\""],
    ["declare", "x='a[$(git push)]'; declare OPTIND=$x"],
    ["readonly", "v='b[$(git push)]'; readonly RANDOM=v"],
    ["read", "read RANDOM <<< 'a[$(git push)]'"],
    ["read -r", "v='b[$(git push)]'; read -r HISTCMD <<< v"],
    ["getopts into the name", "v='b[$(git push)]'; getopts v RANDOM -v"],
    ["for", "for OPTIND in 'a[$(git push)]'; do :; done"],
    ["mapfile", "mapfile -t RANDOM <<< 'a[$(git push)]'"],
    ["printf -v", "printf -v RANDOM %s 'a[$(git push)]'"],
    ["an element", "RANDOM[1]='a[$(git push)]'"],
    ["a compound assignment", "v='b[$(git push)]'; RANDOM=(v)"],
    ["a value read from a file", "read x < f; RANDOM=$x"],
  ])("%s: %s", async (_note, command) => {
    expect(evaluated(await analyze(command))).toBe(true);
  });

  it.each([
    ["a number", "RANDOM=42; echo $RANDOM"],
    ["the usual reset", "OPTIND=1; while getopts ab: o; do :; done"],
    ["getopts alone (it writes OPTIND as a number)", "getopts ab o"],
    ["a seed from the shell's pid", "RANDOM=$$"],
    ["a seed from the clock", "RANDOM=$(date +%s)"],
    ["arithmetic", "OPTIND=$((OPTIND + 1))"],
    ["a variable holding a number", "n=3; OPTIND=$n"],
    ["SECONDS stores the text as given", "x='a[$(git push)]'; SECONDS=$x"],
  ])("%s stays proven: %s", async (_note, command) => {
    expect(evaluated(await analyze(command))).toBe(false);
  });
});

describe("adversarial: a C library path variable set by an earlier statement", () => {
  it.each([
    ["export, then ls -l", "export TZ=/home/user/notes.txt; ls -l"],
    ["export, then git log", "export TZ=/home/user/notes.txt; git log -1"],
    ["assigned, exported later", "TZ=/home/user/notes.txt; export TZ; ls -l src"],
    ["declare -x (bash reads it itself)", "x=/home/user/notes.txt; declare -x TZ=$x"],
    ["set -a", "set -a; TZ=/home/user/notes.txt"],
    ["bash's own printf %T", "export TZ=/home/user/notes.txt; printf '%(%c)T' -1"],
    ["TZDIR with a relative TZ", "export TZDIR=/home/user/notes.txt TZ=x; ls -l"],
    ["MAGIC for file", "export MAGIC=/home/user/notes.txt; file README.md"],
    ["HOSTALIASES for getent", "export HOSTALIASES=/home/user/notes.txt; getent hosts x"],
  ])("%s: %s", async (_note, command) => {
    const found = paths(await analyze(command));
    expect(found.some((path) => path.startsWith("read:/home/user/notes.txt"))).toBe(true);
  });

  it("LOCPATH names a folder a later program reads locale files from", async () => {
    const found = paths(await analyze("export LOCPATH=/home/user LC_ALL=notes.txt; ls"));
    expect(found).toContain("read:/home/user");
  });

  it("a value the walk cannot see is a computed read", async () => {
    const found = paths(await analyze('printf -v TZ %s "$1"; export TZ; date'));
    expect(found).toContain("read:?");
  });

  it("a zone name stays a name in the working directory", async () => {
    const found = paths(await analyze("export TZ=UTC; date"));
    expect(found.every((path) => path.startsWith("read:/repo"))).toBe(true);
  });
});

describe("adversarial: `jobs -x` runs the command after its options", () => {
  it.each([
    ["jobs -x git push", "git push"],
    ["jobs -x cat /home/user/.ssh/id_rsa", "cat /home/user/.ssh/id_rsa"],
    ["command jobs -x npm publish", "npm publish"],
    ["builtin jobs -x rm -rf /tmp/x", "rm -rf /tmp/x"],
    ["jobs -rx -- git push", "git push"],
    ["x=push; jobs -x git $x", "git push"],
  ])("%s runs %s", async (command, inner) => {
    expect(executed(await analyze(command))).toContain(inner);
  });

  it("a script handed to sh -c stays opaque", async () => {
    expect(sentinels(await analyze("jobs -x sh -c 'git push'"))).toContain(SENTINELS.opaqueWrapper);
  });

  it.each(["jobs", "jobs -l", "jobs -p %1"])("%s only lists jobs", async (command) => {
    expect(executed(await analyze(command))).toEqual([command]);
  });
});

describe("adversarial: `{NAME[SUB]}>FILE` evaluates SUB as the subscript of an assignment", () => {
  it.each([
    ["a quoted substitution", "echo hi {a['$(git push)']}>/dev/null"],
    ["a name whose value holds code", "x='a[$(rm -rf build)]'; ls {a[x]}>/dev/null"],
    ["an input redirect", "x='a[$(git push)]'; : {a[x]}</dev/null"],
    ["a file written", "i='a[$(rm -rf build)]'; cat README.md {fds[i]}<README.md"],
  ])("%s: %s", async (_note, command) => {
    expect(evaluated(await analyze(command))).toBe(true);
  });

  it.each(["echo hi {fd}>out.log", "echo hi {a[1]}>/dev/null", "i=2; echo hi {a[i]}>/dev/null"])(
    "stays proven: %s",
    async (command) => {
      expect(evaluated(await analyze(command))).toBe(false);
    },
  );
});

describe("adversarial: a here-document body evaluates the subscripts of its expansions", () => {
  it.each([
    ["plain", "x='a[$(git push)]'; cat <<EOF\n${b[x]}\nEOF"],
    ["<<-", "x='a[$(rm -rf build)]'; cat <<-EOF\n\t${b[x]}\n\tEOF"],
    ["a default", "x='a[$(git push)]'; cat <<EOF\n${b[x]:-}\nEOF"],
    ["a transformation", "x='a[$(git push)]'; cat <<EOF\n${b[x]@Q}\nEOF"],
    ["indirection", "x='a[$(git push)]'; cat <<EOF\n${!b[x]}\nEOF"],
    ["the length", "x='a[$(git push)]'; cat <<EOF\n${#b[x]}\nEOF"],
    ["a nested subscript", "x='a[$(git push)]'; cat <<EOF\n${c[d[x]]}\nEOF"],
  ])("%s: %s", async (_note, command) => {
    expect(evaluated(await analyze(command))).toBe(true);
  });

  it.each([
    "i=1; cat <<EOF\n${a[i]} ${a[@]} ${#a[*]}\nEOF",
    "cat <<EOF\n${a[0]}\nEOF",
    "x='a[$(git push)]'; cat <<'EOF'\n${b[x]}\nEOF",
  ])("stays proven: %s", async (command) => {
    expect(evaluated(await analyze(command))).toBe(false);
  });
});

describe("adversarial: under xtrace a pipe may carry trace lines before a producer's output", () => {
  it.each([
    "BASH_XTRACEFD=1; set -x; echo status | xargs -n1 git -c alias.echo=push",
    "set -ex; echo status | xargs -n1 git",
    "set -o xtrace; printf '%s\\n' status | xargs -n1 git",
  ])("the xargs command is not spelled out: %s", async (command) => {
    expect(executed(await analyze(command))).not.toContain("git status");
  });

  it("without xtrace the output is known", async () => {
    expect(executed(await analyze("set -e; echo status | xargs -n1 git"))).toContain("git status");
  });
});

describe("precision: positional parameters a literal `set --` gives", () => {
  it.each([
    ["set --", 'set -- README.md; cat "$1"', ["read:/repo/README.md"]],
    ["braced", 'set -- README.md; cat "${1}"', ["read:/repo/README.md"]],
    ["after options", "set -e -- README.md; cat $1", ["read:/repo/README.md"]],
    ["the first word that is no option", 'set -x README.md; cat "$1"', ["read:/repo/README.md"]],
    [
      "a subshell's set stays there",
      'set -- README.md; (set -- .env); cat "$1"',
      ["read:/repo/README.md"],
    ],
    [
      '"$@" in a for list',
      'set -- src/a.ts src/b.ts; for f in "$@"; do cat "$f"; done',
      ["read:/repo/src/a.ts", "read:/repo/src/b.ts"],
    ],
    [
      "either branch",
      'set -- README.md; if true; then set -- .env; fi; cat "$1"',
      ["read:/repo/.env", "read:/repo/README.md"],
    ],
  ])("%s: %s", async (_note, command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it.each([
    // (shift of a known count moves them as bash does: f20-shift-and-star.test.ts)
    ["shift by a count only known at run time", 'set -- README.md .env; shift $n; cat "$1"'],
    ["a trap may shift them", "set -- README.md .env; trap 'shift' DEBUG; cat \"$1\""],
    ["eval may set them", 'set -- README.md; eval "set -- .env"; cat "$1"'],
    ["a sourced file may set them", 'set -- README.md; . ./s; cat "$1"'],
    ["a trap may set them", "set -- README.md; trap 'set -- .env' DEBUG; cat \"$1\""],
    ["a computed word may be --", 'set -- README.md; set $opts; cat "$1"'],
    ["one set -- did not give", 'set -- README.md; cat "$2"'],
    ["none given", 'cat "$1"'],
  ])("%s: %s stays unknown", async (_note, command) => {
    expect(paths(await analyze(command))).toContain("read:?");
  });
});
