import { describe, expect, it } from "vitest";
import { crossCheck } from "../src/analyze.ts";
import { tokenCommands } from "../src/check/crosscheck.ts";
import { originalSlice, scanSource } from "../src/read/source.ts";
import type { Diagnostic, PendingUnit } from "../src/walk/walk.ts";
import { analyze, unit, unparseable } from "./helpers.ts";

// A heredoc inside `$( )` reaches the grammar as written (see parseWithHeredocRepair), and
// tree-sitter-bash 0.25.1 drops the pipeline written after its operator.
const HEREDOC_DROP =
  "x=$(git commit -F - <<'MSG' 2>&1 | rm -rf /tmp/x\nfix: handle empty input\n\nrm -rf is no longer used by the build.\nMSG\n)";

const SUB = "command_substitution" as const;

describe("the token cross-check catches units the grammar dropped", () => {
  it("recovers the rm that tree-sitter-bash drops after a heredoc operator, and marks the analysis partial", async () => {
    expect(await analyze(HEREDOC_DROP)).toEqual({
      status: "partial",
      units: [
        unit("git commit -F - <<'MSG' 2>&1 | rm -rf /tmp/x", "git commit -F -", { context: SUB }),
        unit("|", "", { executed: null, sentinel: unparseable, context: SUB }),
        unit("rm -rf /tmp/x", "rm -rf /tmp/x", { sentinel: unparseable, context: SUB }),
      ],
      paths: [
        { raw: "/tmp/x", path: "/tmp/x", access: "write", unit: 2, via: "operand" },
        // rm -r removes everything below its operand.
        { raw: "/tmp/x", path: null, glob: "/tmp/x/**", access: "write", unit: 2, via: "operand" },
      ],
      diagnostics: [
        { kind: "grammar-error", message: "the grammar could not parse `|`", offset: 33 },
        {
          kind: "cross-check",
          message: "the grammar did not enumerate the command `rm` that the token pass found",
          offset: 35,
        },
      ],
    });
  });

  it("recovers, on its own, a command no grammar unit accounts for", () => {
    const { source, lines } = scanSource("git status && rm -rf build");
    const git: PendingUnit = {
      pos: 0,
      seq: 0,
      start: 0,
      end: 10,
      argv: ["git", "status"],
      context: null,
      wrappers: [],
      executed: ["git", "status"],
      sentinel: null,
      paths: [],
      key: "git",
      synthetic: false,
    };
    const diagnostics: Diagnostic[] = [];
    const recovered = crossCheck(
      lines,
      [git],
      diagnostics,
      { cwds: ["/repo"], home: "/home/user", vars: new Map() },
      source.text,
    );
    expect({
      recovered: recovered.map((u) => ({
        text: u.text,
        executed: u.executed,
        sentinel: u.sentinel,
        paths: u.paths,
      })),
      diagnostics,
    }).toEqual({
      recovered: [
        {
          text: "rm -rf build",
          executed: ["rm", "-rf", "build"],
          sentinel: unparseable,
          paths: [
            { raw: "build", path: "/repo/build", glob: null, access: "write", via: "operand" },
            {
              raw: "build",
              path: null,
              glob: "/repo/build/**",
              access: "write",
              via: "operand",
            },
          ],
        },
      ],
      diagnostics: [
        {
          kind: "cross-check",
          message: "the grammar did not enumerate the command `rm` that the token pass found",
          at: 14,
        },
      ],
    });
  });

  it("repairs the lone - that tree-sitter-bash drops before a heredoc instead of flooring the command", async () => {
    expect(
      await analyze("git commit -F - <<'MSG'\nsubject\n\nbody with rm -rf and | pipes\nMSG"),
    ).toEqual({
      status: "ok",
      units: [unit("git commit -F - <<'MSG'", "git commit -F -")],
      paths: [],
    });
  });

  it("marks text the grammar leaves out of its tree as partial", async () => {
    // `cat <<A <<B`: two heredocs on one line, which tree-sitter-bash 0.25.1 cannot parse
    // where it reads them itself (inside `$( )`).
    const analysis = await analyze("x=$(cat <<A <<B >o\na\nA\nb\nB\n)");
    expect({ status: analysis.status, kinds: analysis.diagnostics?.map((d) => d.kind) }).toEqual({
      status: "partial",
      kinds: ["grammar-error"],
    });
  });
});

describe("the token pass sees command starts only", () => {
  const keys = (command: string) =>
    tokenCommands(scanSource(command).lines).map((found) => [found.key, found.context] as const);

  it.each<[string, string, (readonly [string, string | null])[]]>([
    [
      "control operators start commands",
      "a && b || c; d & e | f |& g",
      [
        ["a", null],
        ["b", null],
        ["c", null],
        ["d", null],
        ["e", null],
        ["f", null],
        ["g", null],
      ],
    ],
    [
      "keywords are skipped, their bodies are commands",
      "if a; then b; elif c; then d; else e; fi",
      [
        ["a", null],
        ["b", null],
        ["c", null],
        ["d", null],
        ["e", null],
      ],
    ],
    [
      "loop heads are not commands",
      "for x in a b; do c; done; while d; do e; done",
      [
        ["c", null],
        ["d", null],
        ["e", null],
      ],
    ],
    [
      "case subjects and patterns are not commands",
      "case $x in a|b) c;; (d) e;; esac",
      [
        ["c", null],
        ["e", null],
      ],
    ],
    [
      "a function name is not a command",
      "f() { a; }; function g { b; }",
      [
        ["a", null],
        ["b", null],
      ],
    ],
    [
      "assignments and fd numbers are skipped",
      "X=1 Y=$(a) b 2>/dev/null",
      [
        ["a", "command_substitution"],
        ["b", null],
      ],
    ],
    [
      "arrays and arithmetic run nothing",
      "arr=(a b); (( x = 1 )); echo $((2 + 3))",
      [["echo", null]],
    ],
    [
      "substitutions and subshells open command positions",
      "a $(b) <(c) >(d); (e)",
      [
        ["a", null],
        ["b", "command_substitution"],
        ["c", "process_substitution"],
        ["d", "process_substitution"],
        ["e", "subshell"],
      ],
    ],
    ["a computed command word is a wildcard", "$CMD x", [["?", null]]],
    [
      "comments, strings and heredoc bodies hide nothing",
      "a 'b; c' \"d && e\" # f; g\ncat <<'E'\nh; i\nE",
      [
        ["a", null],
        ["cat", null],
      ],
    ],
    [
      "time and coproc are keywords",
      "time -p a; coproc b; coproc n { c; }",
      [
        ["a", null],
        ["b", null],
        ["c", null],
      ],
    ],
    ["[[ … ]] is skipped whole", "[[ -f x && y ]] && z", [["z", null]]],
  ])("%s: %j", (_note, command, expected) => {
    expect(keys(command)).toEqual(expected);
  });
});

describe("the lexical pre-pass", () => {
  it("removes line continuations where bash does, and maps offsets back", () => {
    const { source, lines } = scanSource("r\\\nm -rf 'a\\\nb' # c \\\nls");
    expect({
      text: source.text,
      lines: lines.map((line) => line.tokens),
      word: originalSlice(source, 0, 2),
    }).toEqual({
      text: "rm -rf 'a\\\nb' # c \\\nls",
      lines: ["rm -rf 'a\\\nb' ", "ls"],
      word: "r\\\nm",
    });
  });

  it("reads <<< as a here-string, not as a heredoc that would swallow the next lines", () => {
    const { source, lines } = scanSource('cat <<<"$(cb)"; a \\\n && b\nc');
    expect({ text: source.text, lines: lines.map((line) => line.tokens) }).toEqual({
      text: 'cat <<<"$(cb)"; a  && b\nc',
      lines: ['cat <<<"$(cb)"; a  && b', "c"],
    });
  });

  it("sets heredoc bodies aside and escapes a mid-word #", () => {
    const { lines } = scanSource("cat <<EOF; echo a#b\nbody; rm x\nEOF\nls");
    expect(lines.map((line) => line.tokens)).toEqual(["cat <<EOF; echo a\\#b", "ls"]);
  });
});

describe("no false alarms on ordinary scripts", () => {
  it.each([
    'set -euo pipefail\nfor f in src/*.ts; do\n  if grep -q TODO "$f"; then\n    echo "$f"\n  fi\ndone',
    'case "$1" in\n  start|run) npm start ;;\n  (stop) pkill -f node ;;\n  *) echo usage ;;\nesac',
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansions, not a template
    'deploy() {\n  local target="${1:-prod}"\n  arr=(a b "$(date)")\n  (( count = ${#arr[@]} + 1 ))\n}\ndeploy staging',
    "while read -r line; do printf '%s\\n' \"$line\"; done < <(git log --oneline)",
    "cat <<EOF > out.txt\nhello $(whoami)\nEOF\necho done",
    'function cleanup { rm -f "$TMP"; }; trap cleanup EXIT; TMP=$(mktemp)',
    "find src -name '*.js' -exec sed -i 's/var /let /g' {} +",
    "python3 - <<'PY'\nimport sys\nprint(sys.version)\nPY",
    'x=$(cat <<EOF\n$(date)\nEOF\n)\necho "$x"',
    "declare -a arr=($(ls)) && echo ok",
    "for ((i=0; i<$(nproc); i++)); do echo $i; done",
    'case "$(uname -s)" in Darwin) brew install jq;; Linux) sudo apt-get install -y jq;; esac',
  ])("%j parses with status ok", async (command) => {
    const analysis = await analyze(command);
    expect({ status: analysis.status, diagnostics: analysis.diagnostics }).toEqual({
      status: "ok",
      diagnostics: undefined,
    });
  });
});
