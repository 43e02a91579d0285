// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { Parser } from "web-tree-sitter";
import { plainFastPath } from "../src/analyze.ts";
import { tokenCommands } from "../src/check/crosscheck.ts";
import { builtinProgram, loadBashAnalyzer } from "../src/index.ts";
import { loadParser } from "../src/read/grammar.ts";
import { plainParse, plainTokenCommands, plainTree } from "../src/read/plain-tree.ts";
import { scanSource } from "../src/read/source.ts";
import { copyTree, type SyntaxNode } from "../src/read/syntax-tree.ts";
import { OPTIONS } from "./helpers.ts";

// The plain-command fast path skips tree-sitter-bash for lines of literal words joined by
// `&&`, `||`, `;` and `|`. It is sound only if it is indistinguishable from the grammar: these
// properties compare its tree with the copy of the grammar's tree node by node, and its
// analysis with the full analysis (fast path off), over generated commands.

/** Program names from every built-in table (wrappers, executors, git, file commands, shell). */
const PROGRAMS = [
  ...["git", "gitk", "rm", "rmdir", "cp", "mv", "ln", "cat", "ls", "grep", "rg", "sed", "awk"],
  ...["find", "xargs", "tar", "zip", "rsync", "tee", "dd", "curl", "wget", "sort", "head"],
  ...["sudo", "doas", "env", "timeout", "nice", "nohup", "stdbuf", "setsid", "command", "exec"],
  ...["builtin", "watch", "flock", "ionice", "chrt", "taskset", "setpriv", "unshare", "chroot"],
  ...["busybox", "npx", "bunx", "su", "runuser", "script", "parallel", "ssh", "make", "vim"],
  ...["gdb", "fd", "bash", "sh", "dash", "zsh", "python", "python3", "node", "perl", "ruby"],
  ...["deno", "bun", "eval", "source", ".", "cd", "pushd", "popd", "echo", "printf", "trap"],
  ...["alias", "hash", "mapfile", "compgen", "let", "shopt", "set", "read", "kill", "true"],
  ...["npm", "pnpm", "yarn", "docker", "kubectl", "/bin/rm", "/usr/bin/env", "./deploy.sh"],
  ...["/usr/bin/git", "./node_modules/.bin/x", "ls", "mkdir", "touch", "chmod", "diff", "wc"],
];

/** Arguments: options with and without values, paths of every shape, git words, numbers. */
const ARGUMENTS = [
  ...["-c", "-e", "-x", "-rf", "-i", "-s", "-u", "-o", "-f", "-C", "-p", "-lc", "-r", "-exec"],
  ...["--exec", "--output", "--file=x", "--upload-pack=sh", "--config-env=a=b", "--", "-"],
  ...["--signal=KILL", "-S", "alias.x=!sh", "core.pager=less", "core.editor=vi", "push"],
  ...["status", "log", "config", "rebase", "bisect", "run", "submodule", "foreach", "difftool"],
  ...["origin", "main", "HEAD~1", "HEAD..origin/main", "ext::sh", "FOO=1", "PATH=/x", "X=rm"],
  ...[".", "..", "./x", "../..", "/etc/passwd", "~", "~/.ssh", "~root", "~+", "~-", ".env"],
  ...["src/app.ts", "build", "/", "/tmp/x", "/dev/stdin", "/dev/null", "/dev/fd/0", "if=x"],
  ...["of=/etc/y", "5", "-5", "10", "0x1f", "0x1", "-0x12", "1.5", "a,b", "host:path"],
  ...["user@host", "a%b", "*.ts", "src/**/*.ts", "?", "a?b", "*", ".env*", "-*", "~/*", "*=x"],
  ...["+5", "-n", "10", "KILL", "rm", "sh", "ls", "id", "1", "2", "{}", "a=b=c", "@x", "x+y"],
  ...["--format=%h", "%1"],
];

/** find's `{}` and `\;` alone, glued ones the grammar reads, and `%` in arguments. */
const FIND_WORDS = ["{}", "\\;", "{}", "\\;", "{}x", "x\\;", "{}+", "{};", "\\;;", "{a}"];
const PERCENT_WORDS = ["+%Y-%m-%d", "%", "%%", "a%", "-%", "--pretty=%H%n"];
/** Brackets and braces in arguments (patterns, brace expansions), balanced or not. */
const BRACKET_WORDS = [
  ...[".en[v]", "[ab]", "x[a]y", "[]", "{a,b}", "src/{a,b}.ts", "a.ts{,.bak}", "{a..c}", "x{}"],
  ...["x{a,{b,c}}", "[", "]", "{", "}", "[[", "]]", "a[0]", "[!a]", "[^a]", "{a", "a}", "-[a]"],
  ...["[ab]*", "'['x]", '"{"x}', "a[b]=c", "~[a]", "=[a]", "[a]=", "{a}=", "5[a]", "[a]5"],
];
/** `$NAME` and `${NAME}`, bare and quoted, and near ones the grammar reads in its own way. */
const EXPANSIONS = [
  ...["$HOME", "$x", "${x}", "x$a", "$a.txt", "$a/b", "--o=$a", "-$a", "~$a", "$a$b", "$a:x"],
  ...["$a=b", "$a-", "$A_1", "${a}b", "a${b}c", "$a'x'", "'x'$a", "5$a", "$a5", "=$a"],
  ...["$1", "$?", "$_", "$_x", "${x:-y}", "$", "a$", "$a[0]", "${a", "${1}", "$@", "$-"],
  ...['"$f"', '"$PWD/dist"', '"a $f b"', '"$a $b"', '"$a  "', '"  $a"', '"$a$b"', '"x$a"'],
  ...['"${a}x"', '"$a[0]"', '"$"', '"a$"', '"$1"', "'$a'", '"$a"$b', '"$a"x', '"-$a"', '"$a:"'],
  ...['"$a\t"', '"\t$a x"', '" x $a"', '"${a}"', '"$a${b}"', '"$a-$b"', '"$a $b c"'],
];

// `%` is plain in an argument, an assignment value or a redirect target, never in a name.
const PLAIN_CHARS = "abcxyzAZ019_./:,@%+=-~";

const randomWord = fc
  .array(fc.constantFrom(...PLAIN_CHARS.split("")), { minLength: 1, maxLength: 6 })
  .map((chars) => chars.join(""));
/** Arguments with glob characters among the plain ones (`*.ts`, `a?b`, `-*`). */
const randomGlob = fc
  .array(fc.constantFrom(..."abx.*?/-~=".split("")), { minLength: 1, maxLength: 5 })
  .map((chars) => chars.join(""));
/** Quoted strings with characters bash leaves alone inside them, and a few it does not. */
const QUOTED_CHARS = "ab x\t()*?[]{};&|<>#%^!,:=@+~/.-_'\"$`\\\n";
const quoted = fc
  .tuple(
    fc.constantFrom("'", '"'),
    fc.array(fc.constantFrom(...QUOTED_CHARS.split("")), { maxLength: 6 }),
  )
  .map(([quote, chars]) => quote + chars.join("") + quote);
/** Words with quotes: alone, and glued to bare parts (`-S'x'`, `r"m"`, `"a"b`). */
const quotedWord = fc
  .tuple(
    fc.constantFrom("", "", "-S", "r", "x=", "5", "=", "~", "a.b/", "*"),
    quoted,
    fc.constantFrom("", "", "m", "b", "1", "'c'", '"d"', "?"),
  )
  .map(([before, middle, after]) => before + middle + after);
const word = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...ARGUMENTS) },
  { weight: 1, arbitrary: fc.constantFrom(...FIND_WORDS, ...PERCENT_WORDS) },
  { weight: 2, arbitrary: fc.constantFrom(...EXPANSIONS) },
  { weight: 1, arbitrary: fc.constantFrom(...BRACKET_WORDS) },
  { weight: 2, arbitrary: randomWord },
  { weight: 2, arbitrary: quotedWord },
  { weight: 1, arbitrary: randomGlob },
);
const name = fc.oneof(
  { weight: 8, arbitrary: fc.constantFrom(...PROGRAMS) },
  { weight: 2, arbitrary: randomWord },
  { weight: 1, arbitrary: quotedWord },
  { weight: 1, arbitrary: fc.constantFrom("$EDITOR", '"$x"', "${x}", "$x/bin/a") },
  { weight: 1, arbitrary: fc.constantFrom("[", "{", "[[", "a[b]", "{a,b}", "x{}", "]", "}") },
);
const blank = fc.constantFrom(" ", "  ", "\t");
/** Redirects the fast path takes, and near ones it must leave to the grammar. */
const redirect = fc.constantFrom(
  ...[" 2>/dev/null", " > out", " >out.txt", " >> .env", " < /dev/null", " 2>&1", " 1>&2"],
  ...[" &> log", " 2> err", " >&2", " 2>f", " <in", "  >   x", " > ~/.ssh/x", " >/etc/passwd"],
  ...[" > 5", " >&f", " 2 > f", " x2>f", " >| f", " <> f", " >& -", " &>> f", " 10>f", " >"],
  ...[" >-", " > -x", " 2>&-", " <<x", " <<<x", " <(x)", " >f<g", " >f>g", " 0<x", " 9>>y"],
  ...[" > *.log", " >a*", " 2>x?", " <*"],
);
/** Leading assignments: plain, quoted, empty, glued, and near ones the grammar reads otherwise. */
const assignment = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      ...["X=1", "FOO=bar", "A=", "B='a b'", 'C="x"', "D=a=b", "E=~/x", "F=-1", "G=0x1"],
      ...["H=a'b'", "I='a'b", "J=5'x'", "K==a", "L=if", "PATH=/x", "X+=1", "1X=2", "_a=b"],
      ...["GIT_SSH_COMMAND='ssh -i k'", "X=a*", "X=-", "X=1.5", 'X=""', "X=~", "HOME=/etc"],
      ...["BASH_ENV=e.sh", "X=a'b'c", "X=$y", "X=`y`", "X=(a)", "X=a\\ b", "X=~root/.ssh"],
    ),
  },
  {
    weight: 1,
    arbitrary: fc.tuple(fc.constantFrom("X", "Ab_1", "_"), word).map(([n, v]) => `${n}=${v}`),
  },
);
const simple = fc
  .tuple(
    fc.oneof(
      { weight: 4, arbitrary: fc.constant([]) },
      { weight: 1, arbitrary: fc.array(assignment, { minLength: 1, maxLength: 2 }) },
    ),
    name,
    fc.array(fc.tuple(blank, word), { maxLength: 6 }),
    fc.oneof(
      { weight: 3, arbitrary: fc.constant([]) },
      { weight: 1, arbitrary: fc.array(redirect, { minLength: 1, maxLength: 3 }) },
    ),
    fc.array(fc.tuple(blank, word), { maxLength: 1 }),
  )
  .map(
    ([assignments, program, rest, redirects, after]) =>
      assignments.map((a) => `${a} `).join("") +
      program +
      rest.map(([gap, text]) => gap + text).join("") +
      redirects.join("") +
      after.map(([gap, text]) => gap + text).join(""),
  );
const joiner = fc.constantFrom(
  " && ",
  " || ",
  "; ",
  "\n",
  " \n\n  ",
  ";\n",
  " &\n",
  " # c\n",
  "\n# c 'x' $y\n\t",
  " &&\n",
  "|\n",
  "\n;",
  "\n&& ",
  " | ",
  "&&",
  "|",
  ";",
  " ;  ",
  "||",
  " & ",
  "&",
);
/** Plain lines, and near-plain ones that must fall through to the grammar. */
/** A command with plain redirects, to go before an operator (`a 2>/dev/null | b`). */
const redirected = fc
  .tuple(
    simple,
    fc.array(
      fc.constantFrom(" 2>/dev/null", " > out", " >> .env", " < in", " 2>&1", " &> log", " 2>f"),
      { minLength: 1, maxLength: 2 },
    ),
  )
  .map(([command, redirects]) => command + redirects.join(""));
/** Statements of assignments alone (`x=1`, `A=1 B=`), and with a redirect (the grammar's). */
const assignmentsOnly = fc
  .tuple(
    fc.array(assignment, { minLength: 1, maxLength: 3 }),
    fc.constantFrom("", "", "", " > f", " 2>&1"),
  )
  .map(([assignments, redirect]) => assignments.join(" ") + redirect);
const line = fc
  .tuple(
    fc.constantFrom("", " ", "", " ", "# lead\n", "\n", " # x\n\n"),
    fc.oneof(
      { weight: 4, arbitrary: simple },
      { weight: 4, arbitrary: redirected },
      { weight: 1, arbitrary: assignmentsOnly },
    ),
    fc.array(
      fc.tuple(
        joiner,
        fc.oneof(
          { weight: 9, arbitrary: simple },
          { weight: 3, arbitrary: redirected },
          { weight: 1, arbitrary: assignmentsOnly },
        ),
      ),
      { maxLength: 3 },
    ),
    fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom("", " ", ";", " ;", " &", "&", " # x", " #") },
      { weight: 1, arbitrary: fc.constantFrom("; # a 'b' $(c) && d", " & #x", "\t#\t", " #é") },
      { weight: 1, arbitrary: fc.constantFrom("#x", " && # x", " | #", "\n", " '", " $x") },
      {
        weight: 1,
        arbitrary: fc.constantFrom(" &;", " & &", " &|", " &&", " & ;", " 2>/dev/null"),
      },
    ),
  )
  .map(
    ([lead, head, rest, tail]) => lead + head + rest.map(([op, text]) => op + text).join("") + tail,
  );

/** Whether the tree holds a statement of assignments alone (not a command's prefix). */
function assignsAlone(node: SyntaxNode): boolean {
  if (node.type === "variable_assignments") return true;
  if (node.type === "variable_assignment" && node.parent?.type !== "command") return true;
  return node.children.some(assignsAlone);
}

/** Everything the walk can read of a node, as plain data. */
function shape(node: SyntaxNode): unknown {
  return {
    type: node.type,
    start: node.startIndex,
    end: node.endIndex,
    named: node.isNamed,
    missing: node.isMissing,
    error: node.hasError,
    parent: node.parent === null ? null : [node.parent.type, node.parent.startIndex],
    children: node.children.map((child, index) => ({
      field: node.fieldNameForChild(index),
      node: shape(child),
    })),
  };
}

function grammarTree(parser: Parser, text: string): SyntaxNode {
  const tree = parser.parse(text);
  if (tree === null) throw new Error("no tree");
  try {
    return copyTree(tree, text);
  } finally {
    tree.delete();
  }
}

describe("plain-command fast path", () => {
  let parser: Parser;
  beforeAll(async () => {
    parser = await loadParser();
  });

  it("the generator draws program names from every built-in table", () => {
    const tables = new Set(PROGRAMS.map((program) => String(builtinProgram(program))));
    expect([...tables].sort()).toEqual(["executor", "files", "git", "null", "shell", "wrapper"]);
  });

  it("takes plain lines and leaves everything else to the grammar", () => {
    for (const text of [
      "git status -s",
      "npm test && git push origin main",
      "ls||rm -rf build",
      "git  push   origin main",
      "a | b; c",
      "env FOO=1 timeout -s KILL 5 rm -rf build",
      "git status 2>/dev/null",
      "npm test > /dev/null 2>&1; cat < /etc/passwd",
      `git stash push -m "before rebase"`,
      "git status # && rm -rf build",
      "nohup nice -n 10 rm -rf build &",
      "a & b; c &",
      `r"m" -rf build; echo 'rm -rf /' "it's done" -S'eval(' ''`,
      "a 2 > f",
      "cat .env*",
      "rm -f *.log src/**/*.tmp a?b",
      "X=1 git status",
      "NODE_ENV=test CI= npm test && GIT_SSH_COMMAND='ssh -i k' git push",
      "X=1 git status > /dev/null",
      "ls -la src 2>/dev/null | grep foo",
      "npm test > /tmp/out 2>&1 && git push",
      "a 2>/dev/null | b | c",
      "git log -1 --format=%cd",
      "date +%Y-%m-%d > /tmp/d%",
      "kill %1",
      "cat .en[v] src/{a,b}.ts x{,.bak} [ab] {a..c}",
      "a {};",
      "X=1",
      'f=src/a.ts; cat "$f"',
      "A=1 B= C='x y' && ls",
      "ls | X=2 &\nX=1\ngit",
      "find src -name '*.ts' -exec wc -l {} +",
      `echo "$x" $HOME`,
      'rm -rf "$PWD/dist" && cat "$f" x$a ${b}c "a $c d"',
      "find . -exec grep -H x {} \\; | wc -l",
      "a\nb",
      "set -e\n# build first\nnpm run build\n\nnpm test # all\n",
      "git stash\ngit pull --rebase; git stash pop &\n",
    ])
      expect(plainTree(text), text).not.toBeNull();
    for (const text of [
      "",
      "   ",
      "X=1 > f",
      "X=1 Y=2 2>/dev/null && ls",
      "X=1 Y=2\ngit",
      "a && X=1 Y=2 # c\ngit",
      "X==a git status",
      "X=$y git status",
      "X=[a] git status",
      "a[0]=1 git status",
      "[ -f x ]",
      "{ a; }",
      "a >f[0]",
      "X+=1 git status",
      "_=x git status",
      "echo 'x",
      'echo " "',
      "echo 'a\nb'",
      "$EDITOR notes.md",
      '"$x" a',
      "echo $1 $?",
      'echo "$a $b"',
      "X=$HOME git status",
      "echo > a$b",
      "a && ",
      "; a",
      "a;; b",
      "a |& b",
      "a &&\nb",
      "a |\nb",
      "a\n;b",
      "\na",
      "# x",
      "# x\n",
      "a\nb'\n'",
      "if true; then ls; fi",
      "time ls",
      "coproc ls",
      "export X",
      "echo done",
      "a && # x",
      "a #é",
      "a &;",
      "echo {a,b",
      "git [ {",
      "5 x",
      "ls\u00a0-la",
      "a%a",
      "%1",
      "{} x",
      "a \\;x",
      "a x\\;",
      "- if=x",
      "-x y",
      "git && git =~",
      "a b ==",
      "a >> b c",
      "a && b > f",
      "a | b 2>/dev/null",
      "a > f; b && c > g",
      "a && b 2>/dev/null && c",
      "a | b 2>&1 | c",
      "a >&f",
      "git 0<x",
      "git - 2>/dev/null",
      "a | b|c && d",
      "a && b | c",
      "a@b x",
      "a+: x",
      "00 x",
      "*.sh x",
      "a > *.log",
      "a >f*",
      "echo 'a'*",
      'echo *"b"',
      `echo ${"a".repeat(1100)}`,
    ])
      expect(plainTree(text), JSON.stringify(text)).toBeNull();
  });

  it("builds exactly the tree tree-sitter-bash builds", () => {
    let plain = 0;
    let globs = 0;
    let assigning = 0;
    let redirectsFirst = 0;
    let multiline = 0;
    let findWords = 0;
    let expanding = 0;
    let assigningAlone = 0;
    let bracketing = 0;
    fc.assert(
      fc.property(line, (text) => {
        const built = plainTree(text);
        if (built === null) return;
        plain++;
        if (/[*?]/.test(text)) globs++;
        if (/^\s*[A-Za-z_][A-Za-z0-9_]*=/m.test(text)) assigning++;
        if (/\S\s*\n\s*[^\s#]/.test(text)) multiline++;
        if (/[<>].*(\||&&)/.test(text)) redirectsFirst++;
        if (/\{\}|\\;|%/.test(text)) findWords++;
        if (text.includes("$")) expanding++;
        if (assignsAlone(built)) assigningAlone++;
        if (/[[\]{}]/.test(text.replace(/ \{\} /g, ""))) bracketing++;
        expect(shape(built)).toEqual(shape(grammarTree(parser, text)));
      }),
      { numRuns: 24000, seed: 20261201 },
    );
    // The property is not vacuous: most generated lines are plain, some hold globs and some
    // start with assignments.
    expect(plain).toBeGreaterThan(600);
    expect(globs, "glob lines").toBeGreaterThan(100);
    expect(assigning, "assignment lines").toBeGreaterThan(100);
    expect(redirectsFirst, "redirect-first lines").toBeGreaterThan(50);
    expect(multiline, "commands on several lines").toBeGreaterThan(200);
    expect(findWords, "lines with {}, \\; or %").toBeGreaterThan(200);
    expect(expanding, "lines with $NAME or ${NAME}").toBeGreaterThan(200);
    expect(assigningAlone, "statements of assignments alone").toBeGreaterThan(100);
    expect(bracketing, "lines with brackets or braces in words").toBeGreaterThan(200);
  });

  it("builds exactly the tree tree-sitter-bash builds for words with $NAME and ${NAME}", () => {
    // Quoted text around expansions, with the blanks the grammar folds into its next token.
    const around = fc.constantFrom("", "", "x", " ", "  ", "a b", "-", ":", "/", "\t", "=", ".");
    const quotedExpansion = fc
      .tuple(around, fc.constantFrom("$a", "${b}", "$HOME", "$x1"), around, fc.boolean(), around)
      .map(([a, e, b, twice, c]) => `"${a}${e}${b}${twice ? "$c" : ""}${c}"`);
    const expansionWord = fc.oneof(
      { weight: 3, arbitrary: fc.constantFrom(...EXPANSIONS) },
      { weight: 3, arbitrary: quotedExpansion },
      { weight: 2, arbitrary: fc.constantFrom(...ARGUMENTS) },
      {
        weight: 1,
        arbitrary: fc
          .tuple(fc.constantFrom("", "x", "-", "~", "a=", "'q'"), quotedExpansion)
          .map(([before, quoted]) => before + quoted),
      },
    );
    const expansionLine = fc
      .tuple(
        fc.constantFrom(...PROGRAMS),
        fc.array(fc.tuple(blank, expansionWord), { minLength: 1, maxLength: 4 }),
        fc.constantFrom("", " > out", " 2>&1", " && ls $d", " | grep $p", "; echo ${q}"),
      )
      .map(([program, rest, tail]) => program + rest.map(([gap, w]) => gap + w).join("") + tail);
    let plain = 0;
    fc.assert(
      fc.property(expansionLine, (text) => {
        const built = plainTree(text);
        if (built === null) return;
        if (text.includes("$")) plain++;
        expect(shape(built)).toEqual(shape(grammarTree(parser, text)));
      }),
      { numRuns: 8000, seed: 20261206 },
    );
    expect(plain, "plain lines with expansions").toBeGreaterThan(2000);
  });

  it("builds exactly the tree tree-sitter-bash builds for statements of assignments alone", () => {
    const statementLine = fc
      .tuple(
        fc.oneof({ weight: 2, arbitrary: assignmentsOnly }, { weight: 1, arbitrary: simple }),
        fc.array(
          fc.tuple(
            joiner,
            fc.oneof({ weight: 2, arbitrary: assignmentsOnly }, { weight: 1, arbitrary: simple }),
          ),
          { maxLength: 3 },
        ),
        fc.constantFrom("", ";", " &", " # x", "\n"),
      )
      .map(([head, rest, tail]) => head + rest.map(([op, text]) => op + text).join("") + tail);
    let alone = 0;
    fc.assert(
      fc.property(statementLine, (text) => {
        const built = plainTree(text);
        if (built === null) return;
        if (assignsAlone(built)) alone++;
        expect(shape(built)).toEqual(shape(grammarTree(parser, text)));
      }),
      { numRuns: 12000, seed: 20261207 },
    );
    expect(alone, "plain lines with statements of assignments alone").toBeGreaterThan(450);
  });

  it("scans a plain line as the source scan does, and hands the analysis all three", () => {
    let scanned = 0;
    let keysOnly = 0;
    fc.assert(
      fc.property(line, (text) => {
        const plain = plainParse(text);
        expect(plain === null).toBe(plainTree(text) === null);
        if (plain === null) return;
        scanned++;
        expect(plain.scanned).toStrictEqual(scanSource(text));
        expect(shape(plain.root)).toEqual(shape(plainTree(text) as SyntaxNode));
        const commands = plainTokenCommands(text);
        expect(plain.commands()).toStrictEqual(commands);
        if (commands !== null) expect(plain.keys).not.toBeNull();
        if (plain.keys === null) return;
        if (commands === null) keysOnly++;
        expect(plain.keys).toStrictEqual(
          tokenCommands(scanSource(text).lines).map((command) => command.key),
        );
      }),
      { numRuns: 15000, seed: 20261204 },
    );
    expect(scanned).toBeGreaterThan(600);
    // Lines whose words the token pass must read, and whose keys the fast path still gives.
    expect(keysOnly, "lines confirmed by keys alone").toBeGreaterThan(150);
  });

  it("builds trees the tree inspection has nothing to flag in: every non-blank character under a leaf, no ERROR or MISSING node", () => {
    let checked = 0;
    fc.assert(
      fc.property(line, (text) => {
        const built = plainTree(text);
        if (built === null) return;
        checked++;
        const covered = new Array<boolean>(text.length).fill(false);
        const stack: SyntaxNode[] = [built];
        while (stack.length > 0) {
          const node = stack.pop() as SyntaxNode;
          expect(node.type).not.toBe("ERROR");
          expect(node.isMissing).toBe(false);
          // What analyze.ts's inspectTree takes as a leaf: no children, or a word-like node.
          if (
            node.children.length === 0 ||
            ["word", "raw_string", "comment", "number"].includes(node.type)
          )
            covered.fill(true, node.startIndex, node.endIndex);
          else stack.push(...node.children);
        }
        for (let i = 0; i < text.length; i++) {
          if (text[i] !== " " && text[i] !== "\t" && text[i] !== "\n")
            expect(covered[i], `${JSON.stringify(text)} at ${i}`).toBe(true);
        }
      }),
      { numRuns: 15000, seed: 20261205 },
    );
    expect(checked).toBeGreaterThan(600);
  });

  it("reads the commands the token cross-check reads", () => {
    let read = 0;
    let multiline = 0;
    fc.assert(
      fc.property(line, (text) => {
        if (plainTree(text) === null) return;
        const commands = plainTokenCommands(text);
        if (commands === null) return;
        read++;
        if (text.includes("\n")) multiline++;
        expect(commands).toStrictEqual(tokenCommands(scanSource(text).lines));
      }),
      { numRuns: 27000, seed: 20261203 },
    );
    expect(read).toBeGreaterThan(400);
    // Lines after the first are numbered as the token pass numbers them.
    expect(multiline, "commands on several lines").toBeGreaterThan(100);
    expect(plainTokenCommands("find . -exec cat {} \\;")).toBeNull();
    expect(plainTokenCommands("a\n\n# x\nb")).toStrictEqual(
      tokenCommands(scanSource("a\n\n# x\nb").lines),
    );
    expect(plainTokenCommands(`echo "x*"`)).toBeNull();
    expect(plainTokenCommands(`echo ''`)).toBeNull();
    expect(plainTokenCommands(`git commit -m "wip 2"`)).not.toBeNull();
  });

  it("gives exactly the full analysis", async () => {
    const analyzer = await loadBashAnalyzer({ memoSize: 0 });
    const settings = [
      OPTIONS,
      { cwd: "/home/user/project", home: "/home/user" },
      { cwd: "/", home: "/root", deadlineMs: 10 },
    ];
    let plain = 0;
    let globs = 0;
    let assigning = 0;
    let redirectsFirst = 0;
    let multiline = 0;
    let findWords = 0;
    let expanding = 0;
    try {
      fc.assert(
        fc.property(line, fc.constantFrom(...settings), (text, options) => {
          if (plainTree(text) === null) return;
          plain++;
          if (/[*?]/.test(text)) globs++;
          if (/^\s*[A-Za-z_][A-Za-z0-9_]*=/m.test(text)) assigning++;
          if (/\S\s*\n\s*[^\s#]/.test(text)) multiline++;
          if (/[<>].*(\||&&)/.test(text)) redirectsFirst++;
          if (/\{\}|\\;|%/.test(text)) findWords++;
          if (text.includes("$")) expanding++;
          plainFastPath.enabled = true;
          const fast = analyzer.analyze(text, options);
          plainFastPath.enabled = false;
          const full = analyzer.analyze(text, options);
          expect(fast).toStrictEqual(full);
        }),
        { numRuns: 8500, seed: 20261202 },
      );
    } finally {
      plainFastPath.enabled = true;
    }
    expect(plain).toBeGreaterThan(300);
    expect(globs).toBeGreaterThan(30);
    expect(assigning).toBeGreaterThan(30);
    expect(redirectsFirst, "redirect-first lines").toBeGreaterThan(20);
    expect(multiline, "commands on several lines").toBeGreaterThan(80);
    expect(findWords, "lines with {}, \\; or %").toBeGreaterThan(80);
    expect(expanding, "lines with $NAME or ${NAME}").toBeGreaterThan(100);
  });
});
