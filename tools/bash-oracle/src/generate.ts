import fc from "fast-check";

/**
 * A piece of bash source and the here-document bodies it still owes: bash reads a body after
 * the end of the line that opened it, so bodies travel up until a newline (or the end of a
 * command substitution) lets them be written.
 */
export interface Fragment {
  text: string;
  bodies: string[];
}

const frag = (text: string, bodies: string[] = []): Fragment => ({ text, bodies });

/** The fragment as a complete string: its pending here-document bodies after a newline. */
export function render(fragment: Fragment): string {
  return fragment.bodies.length > 0
    ? `${fragment.text}\n${fragment.bodies.join("")}`
    : fragment.text;
}

function join(parts: Fragment[], separator: string): Fragment {
  // `;&` would be a case fall-through, not `;` then `&>file`.
  const text = parts
    .map((part) => part.text)
    .reduce(
      (left, right) =>
        `${left}${separator === ";" && right.startsWith("&") ? "; " : separator}${right}`,
    );
  return frag(
    text,
    parts.flatMap((part) => part.bodies),
  );
}

/** The file words the fixture answers to: secrets, project files, relative escapes, globs, braces, tilde forms. */
export const FILE_WORDS = [
  ".env",
  ".env.local",
  "README.md",
  "src/a.ts",
  "src/b.ts",
  "~/.ssh/id_rsa",
  "~/.aws/credentials",
  "~/notes.txt",
  "../x",
  ".en?",
  ".env*",
  ".[e]nv",
  "src/*.ts",
  "*.md",
  "{.env,README.md}",
  "src/{a,b}.ts",
  "build",
  "build/out.js",
  "./.env",
  "src/../.env",
  "~+/README.md",
  "~-/x",
  "/repo/.env",
  "$HOME/.ssh/id_rsa",
  '"$HOME"/.aws/credentials',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: bash parameter expansion, not a template
  "${HOME}/notes.txt",
  "~",
  "~/.ssh",
  "/tmp/x",
] as const;

/** Where a command writes: new and existing files, a secret, outside the project, the null device. */
export const TARGET_WORDS = [
  "out.txt",
  ".env",
  "src/new.ts",
  "build/x",
  "/tmp/out",
  "~/notes.txt",
  "~/.ssh/authorized_keys",
  "../x",
  "/dev/null",
  "README.md",
] as const;

const PLAIN_WORDS = ["hello", "x", "API", "-n", "a b", "'$(rm -rf build)'", "\\$HOME"] as const;
const GREP_PATTERNS = ["hello", "API", "x", "'^#'", '"a b"', "-e fixture"] as const;

/** Words that stay a single literal word whatever the shell does (safe to quote). */
const LITERAL_FILES = FILE_WORDS.filter((word) => !/[*?[{~$"]/.test(word));

/** Everything the generator builds, by depth: a depth-0 piece contains no nested command. */
interface Grammar {
  file: fc.Arbitrary<string>;
  target: fc.Arbitrary<string>;
  word: fc.Arbitrary<string>;
  simple: fc.Arbitrary<Fragment>;
  statement: fc.Arbitrary<Fragment>;
}

const cache = new Map<number, Grammar>();

function grammar(depth: number): Grammar {
  const known = cache.get(depth);
  if (known) return known;
  const inner = depth > 0 ? grammar(depth - 1) : null;
  const file = fileWord(inner);
  const target = targetWord(inner);
  const word = fc.oneof(
    { arbitrary: fc.constantFrom(...PLAIN_WORDS), weight: 3 },
    { arbitrary: file, weight: 2 },
  );
  const simple = simpleCommand(file, target, word, inner);
  const statement = inner ? compound(simple, file, target, inner) : simple;
  const built = { file, target, word, simple, statement };
  cache.set(depth, built);
  return built;
}

/** A nested command as one line of text: its here-document bodies end inside the substitution. */
function nested(inner: Grammar): fc.Arbitrary<string> {
  return inner.statement.map((statement) =>
    statement.bodies.length > 0 ? `${render(statement)}` : statement.text,
  );
}

function substitution(inner: Grammar): fc.Arbitrary<string> {
  return nested(inner).map((command) =>
    command.includes("\n") ? `$(${command}\n)` : `$(${command})`,
  );
}

function fileWord(inner: Grammar | null): fc.Arbitrary<string> {
  const plain = fc.constantFrom(...FILE_WORDS);
  const literal = fc.constantFrom(...LITERAL_FILES);
  const options: fc.WeightedArbitrary<string>[] = [
    { arbitrary: plain, weight: 8 },
    { arbitrary: literal.map((w) => `"${w}"`), weight: 1 },
    { arbitrary: literal.map((w) => `'${w}'`), weight: 1 },
    { arbitrary: literal.map((w) => `\${x:-${w}}`), weight: 1 },
    { arbitrary: literal.map((w) => `"\${x:-'${w}'}"`), weight: 1 },
    { arbitrary: literal.map((w) => `\${x:+${w}}`), weight: 1 },
    { arbitrary: literal.map((w) => `\${x/a/b}${w}`), weight: 1 },
  ];
  if (inner) {
    const sub = substitution(inner);
    options.push(
      { arbitrary: literal.map((w) => `$(echo ${w})`), weight: 2 },
      { arbitrary: literal.map((w) => `\`echo ${w}\``), weight: 1 },
      { arbitrary: literal.map((w) => `"$(printf %s ${w})"`), weight: 1 },
      {
        arbitrary: fc
          .tuple(nested(inner), literal)
          .map(([c, w]) => (c.includes("\n") ? `$(${c}\necho ${w})` : `$(${c}; echo ${w})`)),
        weight: 1,
      },
      { arbitrary: sub.map((s) => `\${x:-${s}}`), weight: 1 },
      { arbitrary: sub.map((s) => `"\${x:-${s}}"`), weight: 1 },
      { arbitrary: sub.map((s) => `\${x:+${s}}`), weight: 1 },
      { arbitrary: sub.map((s) => `\${x/${s}/y}`), weight: 1 },
      { arbitrary: nested(inner).map((c) => `\`${c.replaceAll("`", "\\`")}\``), weight: 1 },
    );
  }
  return fc.oneof(...options);
}

function targetWord(inner: Grammar | null): fc.Arbitrary<string> {
  const options: fc.WeightedArbitrary<string>[] = [
    { arbitrary: fc.constantFrom(...TARGET_WORDS), weight: 6 },
    { arbitrary: fc.constantFrom("out.txt", ".env").map((w) => `"${w}"`), weight: 1 },
  ];
  if (inner) {
    options.push({
      arbitrary: fc.constantFrom("out.txt", ".env").map((w) => `$(echo ${w})`),
      weight: 1,
    });
  }
  return fc.oneof(...options);
}

type Item = { text: string; body?: string };

const heredocBodyLine = (inner: Grammar | null): fc.Arbitrary<string> => {
  const lines: fc.WeightedArbitrary<string>[] = [
    { arbitrary: fc.constantFrom("hello", "API_KEY=x", "'quoted'", "a\\b"), weight: 3 },
    {
      arbitrary: fc.constantFrom("\\$(rm -rf build)", "\\`rm -rf build\\`", "$HOME/.ssh"),
      weight: 1,
    },
  ];
  if (inner) {
    // A body line holds one line: a nested here-document would end the outer body early.
    const command = grammar(0)
      .simple.filter((s) => s.bodies.length === 0)
      .map((s) => s.text);
    lines.push(
      { arbitrary: command.map((c) => `$(${c})`), weight: 2 },
      { arbitrary: command.map((c) => `\`${c.replaceAll("`", "\\`")}\``), weight: 1 },
      { arbitrary: command.map((c) => `\${x:-$(${c})}`), weight: 1 },
      { arbitrary: command.map((c) => `'$(${c})'`), weight: 1 },
    );
  }
  return fc.oneof(...lines);
};

/**
 * A here-document redirect with its body: quoted or not (whole, in part, ANSI-C), `<<-` with
 * tab-indented lines, and delimiter look-alikes (blanks around it, spaces for tabs) that bash
 * reads as body.
 */
function heredoc(inner: Grammar | null): fc.Arbitrary<Item> {
  return fc
    .record({
      strip: fc.boolean(),
      quote: fc.constantFrom("", "", "'", '"', "\\", "$'", "part"),
      delimiter: fc.constantFrom("EOF", "END", "MSG"),
      lines: fc.array(heredocBodyLine(inner), { minLength: 1, maxLength: 3 }),
      decoy: fc.constantFrom(null, null, "trailing", "leading", "tab", "spaces"),
    })
    .map(({ strip, quote, delimiter, lines, decoy }) => {
      const indent = strip ? "\t" : "";
      const decoys = {
        trailing: `${indent}${delimiter} `,
        leading: ` ${delimiter}`,
        tab: `${delimiter}\t`,
        spaces: `  ${delimiter}`,
      };
      const body = [...lines.map((line) => `${indent}${line}`), ...(decoy ? [decoys[decoy]] : [])]
        .map((line) => `${line}\n`)
        .join("");
      const word =
        quote === "part"
          ? `${delimiter[0]}"${delimiter.slice(1, 2)}"${delimiter.slice(2)}`
          : quote === "\\"
            ? `\\${delimiter}`
            : quote === "$'"
              ? `$'${delimiter}'`
              : `${quote}${delimiter}${quote}`;
      return {
        text: `<<${strip ? "-" : ""}${word}`,
        body: `${body}${indent}${delimiter}\n`,
      };
    });
}

function redirect(
  file: fc.Arbitrary<string>,
  target: fc.Arbitrary<string>,
  inner: Grammar | null,
): fc.Arbitrary<Item> {
  return fc.oneof(
    {
      arbitrary: fc.constantFrom("2>/dev/null", "2>&1", ">&2", "2>&-").map((text) => ({ text })),
      weight: 3,
    },
    { arbitrary: target.map((t) => ({ text: `>${t}` })), weight: 2 },
    { arbitrary: target.map((t) => ({ text: `>> ${t}` })), weight: 1 },
    { arbitrary: file.map((f) => ({ text: `<${f}` })), weight: 2 },
    { arbitrary: file.map((f) => ({ text: `<<<${f}` })), weight: 1 },
    { arbitrary: target.map((t) => ({ text: `&>${t}` })), weight: 1 },
    { arbitrary: heredoc(inner), weight: 1 },
  );
}

const maybe = <T>(arbitrary: fc.Arbitrary<T>): fc.Arbitrary<T[]> =>
  fc
    .option(arbitrary, { nil: undefined, freq: 2 })
    .map((value) => (value === undefined ? [] : [value]));

/** The words of one program call from the vocabulary (cat, ls, grep, rm, echo, git, sed, awk, tee, touch, head, …). */
function programWords(
  file: fc.Arbitrary<string>,
  target: fc.Arbitrary<string>,
  word: fc.Arbitrary<string>,
): fc.Arbitrary<string[]> {
  const files = (min: number, max: number) => fc.array(file, { minLength: min, maxLength: max });
  const flag = (...flags: string[]) => maybe(fc.constantFrom(...flags));
  const pattern = fc.constantFrom(...GREP_PATTERNS);
  return fc.oneof(
    fc.tuple(flag("-n", "-A"), files(1, 2)).map(([f, fs]) => ["cat", ...f, ...fs]),
    fc.tuple(flag("-la", "-a", "-R", "-d"), files(0, 1)).map(([f, fs]) => ["ls", ...f, ...fs]),
    fc
      .tuple(flag("-r", "-n", "-l", "-i", "-h"), pattern, files(0, 2))
      .map(([f, p, fs]) => ["grep", ...f, p, ...fs]),
    fc.tuple(file, file).map(([a, b]) => ["grep", "-f", a, b]),
    fc.tuple(flag("-rf", "-f", "-r"), files(1, 2)).map(([f, fs]) => ["rm", ...f, ...fs]),
    fc.array(word, { minLength: 0, maxLength: 3 }).map((ws) => ["echo", ...ws]),
    fc.oneof(
      fc
        .constantFrom(
          ["git", "status"],
          ["git", "status", "--short"],
          ["git", "log", "--oneline", "-1"],
          ["git", "diff", "--stat"],
          ["git", "show", "HEAD:README.md"],
          ["git", "push", "origin", "main"],
          ["git", "commit", "-qm", "msg"],
          ["git", "-C", "src", "status"],
          ["git", "rev-parse", "HEAD"],
          ["git", "ls-files"],
          ["git", "branch"],
        )
        .map((words) => [...words]),
      file.map((f) => ["git", "add", f]),
      file.map((f) => ["git", "diff", "--", f]),
      file.map((f) => ["git", "log", "--oneline", "--", f]),
    ),
    fc
      .tuple(
        fc.constantFrom(
          ["-n", "1p"],
          ["-i", "s/a/b/"],
          ["s/x/y/"],
          ["-e", "s/a/b/"],
          ["-n", "'/API/p'"],
        ),
        file,
      )
      .map(([s, f]) => ["sed", ...s, f]),
    fc
      .tuple(
        fc.constantFrom(
          ["'{print $1}'"],
          ["'NR==1'"],
          ["-F:", "'{print $2}'"],
          ["'END{print NR}'"],
        ),
        files(1, 2),
      )
      .map(([p, fs]) => ["awk", ...p, ...fs]),
    fc.tuple(flag("-a"), target).map(([f, t]) => ["tee", ...f, t]),
    fc.tuple(flag("-c"), target).map(([f, t]) => ["touch", ...f, t]),
    fc
      .tuple(fc.constantFrom([], ["-n", "1"], ["-c", "5"], ["-1"], ["-n", "$((1+1))"]), files(1, 2))
      .map(([f, fs]) => ["head", ...f, ...fs]),
    fc.tuple(fc.constantFrom(["-l"], ["-c"]), files(1, 1)).map(([f, fs]) => ["wc", ...f, ...fs]),
    fc.tuple(file, target).map(([a, b]) => ["cp", a, b]),
    target.map((t) => ["mkdir", "-p", t]),
  );
}

const PREFIXES = [
  "X=1 ",
  "F=.env ",
  "HOME=/tmp ",
  "LC_ALL=C ",
  "timeout 5 ",
  "env ",
  "env X=1 ",
  "nice ",
  "nice -n 5 ",
  "nohup ",
  "command ",
  "stdbuf -o0 ",
  "time ",
  "/usr/bin/env ",
  "timeout -s KILL 5 ",
] as const;

/** A simple command: optional prefix, the program's words, and redirects at any position among them. */
function simpleCommand(
  file: fc.Arbitrary<string>,
  target: fc.Arbitrary<string>,
  word: fc.Arbitrary<string>,
  inner: Grammar | null,
): fc.Arbitrary<Fragment> {
  return fc
    .record({
      prefix: fc.oneof(
        { arbitrary: fc.constant(""), weight: 5 },
        { arbitrary: fc.constantFrom(...PREFIXES), weight: 2 },
      ),
      words: programWords(file, target, word),
      redirects: fc.array(fc.tuple(redirect(file, target, inner), fc.nat()), { maxLength: 2 }),
    })
    .map(({ prefix, words, redirects }) => {
      const items: Item[] = words.map((text) => ({ text }));
      for (const [item, at] of redirects) items.splice(at % (items.length + 1), 0, item);
      return frag(
        prefix + items.map((item) => item.text).join(" "),
        items.flatMap((item) => (item.body === undefined ? [] : [item.body])),
      );
    });
}

/** Commands that read stdin, for the right side of a pipe. */
const FILTERS = [
  "cat",
  "grep x",
  "head -1",
  "tee out.txt",
  "sed s/a/b/",
  "awk '{print}'",
  "wc -l",
  "sort",
  "tee -a ~/.ssh/id_rsa",
] as const;

/**
 * Text before a statement that a reader of bash can misjudge: where bash's words, comments,
 * quotes and arithmetic end. Bash runs the statement after each of these (a `#` in the middle
 * of a word, inside arithmetic or after a character bash does not count as a blank is no
 * comment; `$'\''` is one quote; a line continuation joins words), so a reader that ends them
 * elsewhere hides the statement. The last ones leave a line bash rejects after the statement
 * has run, which makes a misreading reader's tree whole again.
 */
const DECOYS: ReadonlyArray<readonly [string, string]> = [
  ["echo a#b; ", ""],
  ["echo \\#; ", ""],
  ["echo a\\\n#; ", ""],
  ["echo \r#; ", ""],
  ["echo \v#; ", ""],
  ["echo \f#; ", ""],
  ["echo \u00a0#; ", ""],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter, not a template
  ["echo ${x:-#}; ", ""],
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell parameter, not a template
  ["echo ${#x} ${x#*}; ", ""],
  [": $'\\''; ", ""],
  [": $'#'; ", ""],
  [": 'a\\'; ", ""],
  [': "a\\"b"; ', ""],
  [": \"$(echo ')')\"; ", ""],
  ["echo $(echo a #\n); ", ""],
  [": `echo a #`; ", ""],
  ["x=(a #b\n); ", ""],
  [": <<< '#'; ", ""],
  [": $(( 1 ))#; ", ""],
  ["(( 1 #)); ", ""],
  ["( (( 1 #)) ); ", ""],
  ["echo $(( 1 #)) | cat; ", ""],
  ["case x in (x) : ;; esac; ", ""],
  ["(( 1 #)); ", "\n))"],
  ["echo $(( 1 #)) | cat; ", "\n))"],
  ["for (( i = 0; i < 1; i++ #)); do ", "; done\n)); do :; done"],
];

const DIRECTORIES = [
  "src",
  "..",
  "~",
  "/tmp",
  '"$X"',
  "build",
  "~/.ssh",
  '"src"',
  "$(echo src)",
  "-",
  "~/.aws",
] as const;

/** Lists, pipelines, compound commands, cd, assignments, HOME rebinding, functions, arithmetic, quoting. */
function compound(
  simple: fc.Arbitrary<Fragment>,
  file: fc.Arbitrary<string>,
  target: fc.Arbitrary<string>,
  inner: Grammar,
): fc.Arbitrary<Fragment> {
  const sub = inner.statement;
  const pair = fc.tuple(sub, sub);
  return fc.oneof(
    { arbitrary: simple, weight: 6 },
    {
      arbitrary: fc
        .tuple(
          simple,
          fc.array(fc.constantFrom(...FILTERS), { minLength: 1, maxLength: 2 }),
          fc.boolean(),
        )
        .map(([head, filters, both]) =>
          frag([head.text, ...filters].join(both ? " |& " : " | "), head.bodies),
        ),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(pair, fc.constantFrom(" && ", " || ", "; ", ";", "&&", "||", " & "))
        .map(([[a, b], op]) => join([a, b], op)),
      weight: 3,
    },
    { arbitrary: sub.map((a) => frag(`( ${a.text} )`, a.bodies)), weight: 1 },
    { arbitrary: sub.map((a) => frag(`{ ${a.text}; }`, a.bodies)), weight: 1 },
    {
      arbitrary: fc
        .tuple(sub, sub, fc.option(sub))
        .map(([c, a, b]) =>
          b
            ? frag(`if ${c.text}; then ${a.text}; else ${b.text}; fi`, [
                ...c.bodies,
                ...a.bodies,
                ...b.bodies,
              ])
            : frag(`if ${c.text}; then ${a.text}; fi`, [...c.bodies, ...a.bodies]),
        ),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(
          fc.array(file, { minLength: 1, maxLength: 3 }),
          fc.constantFrom("cat", "head -1", "wc -c", "grep x", "touch", "rm"),
          fc.boolean(),
        )
        .map(([files, program, quoted]) =>
          frag(`for f in ${files.join(" ")}; do ${program} ${quoted ? '"$f"' : "$f"}; done`),
        ),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(file, pair)
        .map(([w, [a, b]]) =>
          frag(`case ${w} in *.md|.e*) ${a.text};; *) ${b.text};; esac`, [
            ...a.bodies,
            ...b.bodies,
          ]),
        ),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(sub, fc.boolean())
        .map(([a, called]) =>
          frag(called ? `f() { ${a.text}; }; f` : `f() { ${a.text}; }`, a.bodies),
        ),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(sub, fc.constantFrom("while false", "until true"))
        .map(([a, loop]) => frag(`${loop}; do ${a.text}; done`, a.bodies)),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...DIRECTORIES), fc.constantFrom(" && ", "; ", " || "), sub)
        .map(([dir, op, a]) => frag(`cd ${dir}${op}${a.text}`, a.bodies)),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...LITERAL_FILES),
          fc.constantFrom("cat", "head -1", "rm", "grep x"),
          fc.boolean(),
        )
        .map(([value, program, quoted]) =>
          frag(`F=${value}; ${program} ${quoted ? '"$F"' : "$F"}`),
        ),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(
            "HOME=/tmp; ",
            "export HOME=/repo/src; ",
            "HOME=/etc ",
            "HOME=/tmp ",
            "unset HOME; ",
            "HOME=~/.ssh; ",
          ),
          fc.constantFrom(
            "cat ~/a.ts",
            "cat ~/x",
            "ls ~",
            "cat ~/.ssh/id_rsa",
            "cat $HOME/notes.txt",
            "cd; cat .env",
            "cat ~/shadow",
          ),
        )
        .map(([binding, use]) => frag(binding + use)),
      weight: 1,
    },
    {
      // An error that leaves the rest of its line (an expansion error, a refused assignment):
      // the next line reads the value from before it.
      arbitrary: fc
        .tuple(
          fc.constantFrom(...LITERAL_FILES),
          fc.constantFrom(...LITERAL_FILES),
          fc.constantFrom(": $((1/0))", "UID=1", ": ${F:0:-9}", "a[-3]=x", "echo $[08]", "((1/0))"),
          fc.constantFrom("cat", "head -1", "rm", "grep x"),
        )
        .map(([first, second, error, program]) =>
          frag(`F=${first}\n${error}; F=${second}\n${program} "$F"`),
        ),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom("(( n = 1 + 2 )); ", "let n=2; ", "n=$((2*3)); ", "x=1; "),
          fc.constantFrom("head -n $n README.md", "echo $((n+1))", "cat .env", "ls src"),
        )
        .map(([a, b]) => frag(a + b)),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(
          fc.constantFrom(...DECOYS),
          sub.filter((a) => a.bodies.length === 0),
        )
        .map(([[before, after], a]) => frag(`${before}${a.text}${after}`)),
      weight: 1,
    },
    {
      arbitrary: fc
        .tuple(sub, fc.constantFrom("echo", "cat", "ls"))
        .map(([a, program]) => frag(`${program} "x $(${render(a)}) y"`)),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(sub, target).map(([a, t]) => frag(`${a.text} > ${t}`, a.bodies)),
      weight: 1,
    },
  );
}

/** A whole generated command string, built from 1 to 3 statements of nesting depth up to `depth`. */
export function generatedCommand(depth = 2): fc.Arbitrary<string> {
  const statement = grammar(depth).statement;
  return fc
    .tuple(fc.array(statement, { minLength: 1, maxLength: 3 }), fc.constantFrom("\n", "; ", " && "))
    .map(([statements, separator]) => {
      if (separator === "\n") return statements.map(render).join("\n");
      return render(join(statements, separator));
    });
}

/**
 * Mutations of a corpus command: a redirect between its words, a cd or wrapper in front, the
 * whole string in a substitution, subshell or group, a generated command joined to it, a
 * file word swapped for a glob.
 */
export function mutatedCorpusCommand(commands: readonly string[]): fc.Arbitrary<string> {
  const simple = grammar(1).statement.map(render);
  return fc
    .tuple(
      fc.constantFrom(...commands),
      fc.nat(),
      fc.constantFrom(
        "redirect",
        "cd",
        "wrapper",
        "substitution",
        "subshell",
        "group",
        "join",
        "glob",
        "none",
      ),
      simple,
    )
    .map(([command, position, mutation, extra]) => {
      switch (mutation) {
        case "redirect": {
          const words = command.split(" ");
          words.splice(1 + (position % Math.max(1, words.length)), 0, "2>/dev/null");
          return words.join(" ");
        }
        case "cd":
          return `cd src && ${command}`;
        case "wrapper":
          return `${["timeout 5 ", "env ", "nice ", "command "][position % 4]}${command}`;
        case "substitution":
          return `echo "$(${command})"`;
        case "subshell":
          return `( ${command} )`;
        case "group":
          return `{ ${command}\n}`;
        case "join":
          return position % 2 === 0 ? `${command} && ${extra}` : `${extra}\n${command}`;
        case "glob":
          return command.replaceAll(".env", ".en?");
        default:
          return command;
      }
    });
}
