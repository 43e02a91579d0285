import { describe, expect, it } from "vitest";
import type { BashUnit } from "../src/index.ts";
import { analyze, opaqueWrapper, unit } from "./helpers.ts";

const sub = { context: "command_substitution" } as const;
const proc = { context: "process_substitution" } as const;
const shell = { context: "subshell" } as const;

describe("units: every command the string runs, in source order", () => {
  it.each<[string, string, BashUnit[]]>([
    [
      "&& runs the second command after the first",
      "git status && rm -rf build",
      [unit("git status", "git status"), unit("rm -rf build", "rm -rf build")],
    ],
    [
      "|| without spaces still separates",
      "ls||rm -rf build",
      [unit("ls", "ls"), unit("rm -rf build", "rm -rf build")],
    ],
    [
      "; and & and newlines separate",
      "a; b & c\nd",
      // `b` runs in the background: it may still run after the call returns.
      [unit("a", "a"), unit("b", "b", { background: true }), unit("c", "c"), unit("d", "d")],
    ],
    [
      "a pipeline lists each member",
      "cat f | grep x |& tee y",
      [unit("cat f", "cat f"), unit("grep x", "grep x"), unit("tee y", "tee y")],
    ],
    ["a negated pipeline still runs", "! rm x", [unit("rm x", "rm x")]],
    [
      "leading assignments are not the command",
      'GIT_AUTHOR_NAME="A B" git push origin main',
      [unit('GIT_AUTHOR_NAME="A B" git push origin main', "git push origin main")],
    ],
    [
      "runs of blanks collapse between words",
      "git  push   origin main",
      [unit("git  push   origin main", "git push origin main")],
    ],
    [
      "a substitution in an argument runs",
      "echo `rm -rf build`",
      [
        unit("echo `rm -rf build`", ["echo", "`rm -rf build`"]),
        unit("rm -rf build", "rm -rf build", sub),
      ],
    ],
    [
      "a substitution inside double quotes runs",
      'git commit -m "$(curl -s https://x.example/msg)"',
      [
        unit('git commit -m "$(curl -s https://x.example/msg)"', [
          "git",
          "commit",
          "-m",
          "$(curl -s https://x.example/msg)",
        ]),
        unit("curl -s https://x.example/msg", "curl -s https://x.example/msg", sub),
      ],
    ],
    [
      "a substitution in a prefix assignment runs",
      "X=$(rm -rf build) git status",
      [
        unit("rm -rf build", "rm -rf build", sub),
        unit("X=$(rm -rf build) git status", "git status"),
      ],
    ],
    [
      "a substitution in a parameter default runs",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion, not a template
      "echo ${X:-$(rm y)}",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion, not a template
      [unit("echo ${X:-$(rm y)}", ["echo", "${X:-$(rm y)}"]), unit("rm y", "rm y", sub)],
    ],
    [
      "a substitution in a redirect target runs",
      'ls > "$(rm -rf build)"',
      [unit('ls > "$(rm -rf build)"', "ls"), unit("rm -rf build", "rm -rf build", sub)],
    ],
    [
      "nested substitutions all run",
      'echo "$(echo "$(rm -rf build)")"',
      [
        unit('echo "$(echo "$(rm -rf build)")"', ["echo", '$(echo "$(rm -rf build)")']),
        unit('echo "$(rm -rf build)"', ["echo", "$(rm -rf build)"], sub),
        unit("rm -rf build", "rm -rf build", sub),
      ],
    ],
    [
      "an arithmetic expansion's substitution runs",
      "echo $((1 + $(id -u)))",
      [unit("echo $((1 + $(id -u)))", ["echo", "$((1 + $(id -u)))"]), unit("id -u", "id -u", sub)],
    ],
    [
      "an unquoted heredoc body expands its substitutions",
      "cat <<EOF\nbuild: $(rm -rf build)\nEOF",
      [unit("cat <<EOF", "cat"), unit("rm -rf build", "rm -rf build", sub)],
    ],
    [
      "single quotes inside an unquoted heredoc body are ordinary",
      "cat <<EOF > deploy.sh\necho '$(rm -rf build)'\nEOF",
      [unit("cat <<EOF > deploy.sh", "cat"), unit("rm -rf build", "rm -rf build", sub)],
    ],
    [
      "a here-string's substitution runs",
      'cat <<< "$(id)"',
      [unit('cat <<< "$(id)"', "cat"), unit("id", "id", sub)],
    ],
    [
      "subshells nest",
      "(git status; (rm -rf build))",
      [unit("git status", "git status", shell), unit("rm -rf build", "rm -rf build", shell)],
    ],
    ["a brace group is not a subshell", "{ rm a; ls; }", [unit("rm a", "rm a"), unit("ls", "ls")]],
    [
      "process substitutions run, in both directions",
      "diff <(cat a) >(tee b)",
      [
        unit("diff <(cat a) >(tee b)", ["diff", "<(cat a)", ">(tee b)"]),
        unit("cat a", "cat a", proc),
        unit("tee b", "tee b", proc),
      ],
    ],
    [
      "a process substitution as a redirect target runs",
      "git ls-files > >(xargs rm -f)",
      [
        unit("git ls-files > >(xargs rm -f)", "git ls-files"),
        unit("xargs rm -f", "xargs rm -f", {
          ...proc,
          wrappers: [{ name: "xargs", kind: "indirection", argv: ["xargs"] }],
          executed: ["rm", "-f"],
          sentinel: "<indirection-bash-wrapper>",
        }),
      ],
    ],
    [
      "every if branch may run",
      "if git diff --quiet; then echo clean; elif true; then ls; else rm -rf build; fi",
      [
        unit("git diff --quiet", "git diff --quiet"),
        unit("echo clean", "echo clean"),
        unit("true", "true"),
        unit("ls", "ls"),
        unit("rm -rf build", "rm -rf build"),
      ],
    ],
    [
      "while and until bodies and conditions run",
      "while read l; do echo $l; done; until false; do sleep 1; done",
      [
        unit("read l", "read l"),
        unit("echo $l", ["echo", "$l"]),
        unit("false", "false"),
        unit("sleep 1", "sleep 1"),
      ],
    ],
    [
      "for word lists expand, loop variables are not commands",
      'for f in $(ls) a; do grep -c TODO "$f"; done',
      [unit("ls", "ls", sub), unit('grep -c TODO "$f"', ["grep", "-c", "TODO", "$f"])],
    ],
    [
      "a C-style for runs its substitutions and body",
      "for ((i=0; i<$(nproc); i++)); do :; done",
      [unit("nproc", "nproc", sub), unit(":", ":")],
    ],
    ["select bodies run", "select x in a b; do rm $x; done", [unit("rm $x", ["rm", "$x"])]],
    [
      "every case arm may run, patterns are not commands",
      "case $x in a|b) rm x;; *) ls;; esac",
      [unit("rm x", "rm x"), unit("ls", "ls")],
    ],
    [
      "a function body is listed where it is defined, the call as a unit",
      "f(){ rm -rf build; }; f",
      [unit("rm -rf build", "rm -rf build"), { ...unit("f", "f"), callsFunction: true }],
    ],
    [
      "function keyword bodies are listed when called",
      "function g { rm a; }; g",
      [unit("rm a", "rm a"), { ...unit("g", "g"), callsFunction: true }],
    ],
    ["a function never called runs nothing", "function g { rm a; }", []],
    [
      "a call that spells the name with quoting removed calls the function",
      "function x=y { rm a; }; x\\=y",
      [unit("rm a", "rm a"), { ...unit("x\\=y", "x=y"), callsFunction: true }],
    ],
    [
      "a call spelled with an ANSI-C escape calls the function",
      "f() { rm a; }; $'\\x66'",
      [unit("rm a", "rm a"), { ...unit("$'\\x66'", "f"), callsFunction: true }],
    ],
    [
      "declarations are units and their values expand",
      "export A=$(rm x) B; local c",
      [
        unit("export A=$(rm x) B", ["export", "A=$(rm x)", "B"]),
        unit("rm x", "rm x", sub),
        unit("local c", "local c"),
      ],
    ],
    ["unset is a unit", "unset HOME", [unit("unset HOME", "unset HOME")]],
    [
      "[ is a command, [[ is a keyword",
      "[ -f x ] && [[ -d $(pwd) ]]",
      [unit("[ -f x ]", "[ -f x ]"), unit("pwd", "pwd", sub)],
    ],
    [
      "arithmetic commands run only their substitutions",
      "(( n = $(wc -l < f) ))",
      [unit("wc -l < f", "wc -l", sub)],
    ],
    ["an array assignment's substitutions run", "a=(x $(y) z)", [unit("y", "y", sub)]],
    ["a redirect-only statement is a unit without words", "> out.txt", [unit("> out.txt", "")]],
    [
      "time peels as a transparent wrapper",
      "time -p rm x",
      [
        unit("time -p rm x", "time -p rm x", {
          wrappers: [{ name: "time", kind: "transparent", argv: ["time", "-p"] }],
          executed: ["rm", "x"],
        }),
      ],
    ],
    [
      "time ( … ) runs the subshell's commands",
      "time ( rm x; ls )",
      [unit("rm x", "rm x", shell), unit("ls", "ls", shell)],
    ],
    ["time { … } runs the group's commands", "time { rm a; } 2>t", [unit("rm a", "rm a")]],
    [
      "time before an assignment times the command after it",
      "time X=1 rm a",
      [unit("X=1 rm a", "rm a")],
    ],
    [
      "coproc runs its command in a subshell",
      "coproc rm -rf x",
      [unit("rm -rf x", "rm -rf x", shell)],
    ],
    [
      "a named coproc runs its compound command",
      "coproc worker { rm x; }",
      [unit("rm x", "rm x", shell)],
    ],
    [
      "a literal bash -c payload is analysed, its units floored to opaque",
      "bash -c 'rm -rf build; ls'",
      [
        unit("bash -c 'rm -rf build; ls'", ["bash", "-c", "rm -rf build; ls"], {
          wrappers: [{ name: "bash", kind: "opaque", argv: ["bash", "-c", "rm -rf build; ls"] }],
          executed: null,
          sentinel: opaqueWrapper,
        }),
        unit("rm -rf build", "rm -rf build", {
          wrappers: [{ name: "bash", kind: "opaque", argv: ["bash", "-c", "rm -rf build; ls"] }],
          sentinel: opaqueWrapper,
        }),
        unit("ls", "ls", {
          wrappers: [{ name: "bash", kind: "opaque", argv: ["bash", "-c", "rm -rf build; ls"] }],
          sentinel: opaqueWrapper,
        }),
      ],
    ],
    [
      "a quoted heredoc fed to a shell is analysed as its script",
      "bash <<'EOF'\nrm -rf build\nEOF",
      [
        unit("bash <<'EOF'", "bash", {
          wrappers: [{ name: "bash", kind: "opaque", argv: ["bash"] }],
          executed: null,
          sentinel: opaqueWrapper,
        }),
        unit("rm -rf build", "rm -rf build", {
          wrappers: [{ name: "bash", kind: "opaque", argv: ["bash"] }],
          sentinel: opaqueWrapper,
        }),
      ],
    ],
    [
      "a heredoc piped into sh through cat is analysed as its script",
      "cat <<'EOF' | sh\ngit status\nEOF",
      [
        unit("cat <<'EOF'", "cat"),
        unit("sh", "sh", {
          wrappers: [{ name: "sh", kind: "opaque", argv: ["sh"] }],
          executed: null,
          sentinel: opaqueWrapper,
        }),
        unit("git status", "git status", {
          wrappers: [{ name: "sh", kind: "opaque", argv: ["sh"] }],
          sentinel: opaqueWrapper,
        }),
      ],
    ],
    [
      "eval of a variable is opaque",
      'eval "$X"',
      [
        unit('eval "$X"', ["eval", "$X"], {
          wrappers: [{ name: "eval", kind: "opaque", argv: ["eval", "$X"] }],
          executed: null,
          sentinel: opaqueWrapper,
        }),
      ],
    ],
    [
      "a command name the string assigns is that command",
      "X=rm; $X -rf build",
      [unit("$X -rf build", ["rm", "-rf", "build"])],
    ],
    [
      "a computed command name is opaque",
      "$X -rf build",
      [unit("$X -rf build", ["$X", "-rf", "build"], { executed: null, sentinel: opaqueWrapper })],
    ],
    [
      "quote removal joins adjacent parts",
      `r"m" -rf 'build' \\x`,
      [unit(`r"m" -rf 'build' \\x`, "rm -rf build x")],
    ],
    [
      "ANSI-C quoting is decoded",
      "$'\\x72m' -rf build",
      [unit("$'\\x72m' -rf build", "rm -rf build")],
    ],
    [
      "a backslash-newline inside a word is removed",
      "r\\\nm -rf build",
      [unit("r\\\nm -rf build", "rm -rf build")],
    ],
    [
      "a non-breaking space is part of a word",
      "echo ok\u00a0&& rm -rf build",
      [unit("echo ok\u00a0", ["echo", "ok\u00a0"]), unit("rm -rf build", "rm -rf build")],
    ],
    [
      "escaped backticks nest a substitution inside backticks",
      "echo `echo \\`rm nested\\``",
      [
        unit("echo `echo \\`rm nested\\``", ["echo", "`echo \\`rm nested\\``"]),
        unit("echo `rm nested`", ["echo", "`rm nested`"], sub),
        unit("rm nested", "rm nested", sub),
      ],
    ],
    [
      "$(< file) reads the file without running a command",
      'echo "$(< .env)"',
      [unit('echo "$(< .env)"', ["echo", "$(< .env)"]), unit("$(< .env)", "", sub)],
    ],
  ])("%s: %j", async (_note, command, units) => {
    const analysis = await analyze(command);
    expect({ status: analysis.status, units: analysis.units }).toEqual({ status: "ok", units });
  });
});

describe("precision: text that only looks like commands runs nothing", () => {
  it.each<[string, string, BashUnit[]]>([
    ["a single-quoted string", "echo 'rm -rf /'", [unit("echo 'rm -rf /'", ["echo", "rm -rf /"])]],
    [
      "single quotes stop substitution",
      "echo '$(rm -rf build)'",
      [unit("echo '$(rm -rf build)'", ["echo", "$(rm -rf build)"])],
    ],
    [
      "a comment to the end of the line",
      "git status # && rm -rf build",
      [unit("git status", "git status")],
    ],
    [
      "# inside a word is not a comment",
      "echo hi#; rm -rf build",
      [unit("echo hi#", "echo hi#"), unit("rm -rf build", "rm -rf build")],
    ],
    [
      "an escaped semicolon is a character",
      "echo hi\\;rm -rf build",
      [unit("echo hi\\;rm -rf build", "echo hi;rm -rf build")],
    ],
    [
      "an apostrophe inside double quotes opens nothing",
      'echo "it\'s done"; rm -rf build',
      [unit('echo "it\'s done"', ["echo", "it's done"]), unit("rm -rf build", "rm -rf build")],
    ],
    [
      "a ( inside quotes is no subshell",
      "git log -S'eval(' --oneline",
      [unit("git log -S'eval(' --oneline", "git log -Seval( --oneline")],
    ],
    [
      "a quoted heredoc body is text",
      "cat <<'EOF' > notes.txt\nrm -rf / ; curl x | sh ; $(whoami) `id`\nEOF",
      [unit("cat <<'EOF' > notes.txt", "cat")],
    ],
    [
      "a double-quoted delimiter also quotes the body",
      'cat <<"EOF"\n`curl -s x | sh`\nEOF',
      [unit('cat <<"EOF"', "cat")],
    ],
    [
      "a backslash-quoted delimiter also quotes the body",
      "cat <<\\EOF\n$(rm -rf build)\nEOF",
      [unit("cat <<\\EOF", "cat")],
    ],
    [
      "a <<- body with tabs is text when quoted",
      "cat <<-'EOF'\n\trm -rf build\n\tEOF\nls",
      [unit("cat <<-'EOF'", "cat"), unit("ls", "ls")],
    ],
    [
      "a comment line between commands",
      "ls\n# rm -rf build\npwd",
      [unit("ls", "ls"), unit("pwd", "pwd")],
    ],
  ])("%s: %j", async (_note, command, units) => {
    const analysis = await analyze(command);
    expect(analysis.status).toBe("ok");
    expect(analysis.units).toEqual(units);
  });
});

describe("status", () => {
  it("reports an empty command as ok with no units", async () => {
    expect(await analyze("")).toEqual({ status: "ok", units: [], paths: [] });
  });

  it("reports a command made only of an error as unparseable, with a sentinel unit", async () => {
    const analysis = await analyze(")");
    expect(analysis.status).toBe("unparseable");
    expect(analysis.units.map((u) => u.sentinel)).toEqual(["<unparseable-bash-command>"]);
  });

  it("reports an unterminated string as partial, floors the broken region and adds the token reading", async () => {
    expect(await analyze('echo "abc')).toEqual({
      status: "partial",
      units: [
        unit("echo", "echo"),
        unit("echo abc", "echo abc", { sentinel: "<unparseable-bash-command>" }),
        unit('"abc', ["abc"], { executed: null, sentinel: "<unparseable-bash-command>" }),
      ],
      paths: [],
      diagnostics: [
        { kind: "grammar-error", message: 'the grammar could not parse `"abc`', offset: 5 },
        {
          kind: "cross-check",
          message: "the grammar read the command `echo` differently from the token pass",
          offset: 0,
        },
      ],
    });
  });

  it("reports a dangling operator as partial with a floored unit", async () => {
    expect(await analyze("ls &&")).toEqual({
      status: "partial",
      units: [
        unit("ls", "ls"),
        unit("ls &&", "ls", { executed: null, sentinel: "<unparseable-bash-command>" }),
      ],
      paths: [],
      diagnostics: [
        { kind: "missing-token", message: "the grammar expected `word` here", offset: 5 },
      ],
    });
  });

  it("accepts a command with assignments and redirects but no name, as bash does", async () => {
    expect(await analyze("x=1 >out")).toEqual({
      status: "ok",
      units: [unit("x=1 >out", "")],
      paths: [{ raw: "out", path: "/repo/out", access: "write", unit: 0, via: "redirect" }],
    });
  });
});

describe("words after a redirection are arguments (issue: a redirect between words)", () => {
  it.each([
    ["git 2>/dev/null push origin", ["git", "push", "origin"]],
    ["git push 2>&1 origin", ["git", "push", "origin"]],
    ["ls >&- .env", ["ls", ".env"]],
    ["cat <in arg1 >out arg2", ["cat", "arg1", "arg2"]],
    ["cat <<EOF .env\nbody\nEOF", ["cat", ".env"]],
  ])("%j", async (command, argv) => {
    const analysis = await analyze(command);
    expect(analysis.units[0]?.argv).toEqual(argv);
  });

  it("walks a substitution that stands after a redirection", async () => {
    const analysis = await analyze("cat <in arg >out $(rm -rf build)");
    expect(analysis.units.map((unit) => unit.argv)).toContainEqual(["rm", "-rf", "build"]);
  });
});
