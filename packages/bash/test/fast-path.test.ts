import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { plainAnalysis, plainAnalysisPath } from "../src/fast-path.ts";
import { type AnalyzeOptions, type BashAnalyzer, loadBashAnalyzer } from "../src/index.ts";
import { corpusCommands, OPTIONS, PLACES } from "./helpers.ts";

// The analysis fast path (src/fast-path.ts) answers plain commands without the grammar and the
// walk. It is sound only if it is indistinguishable from the full analysis: for every command
// it accepts, its answer deep-equals the full analysis's (fast path off), over every command
// of the corpus and the bench's everyday commands and over generated commands; and it
// declines every shape outside its set. A change of the full analysis that the fast path does
// not follow fails here.

const CORPUS = corpusCommands(
  "corpus/cases.jsonl",
  "corpus/adversarial.jsonl",
  "bench/pi/everyday.jsonl",
);

/**
 * The generators' seed: fixed, so that `npm test` gives the same commands every run (how many
 * the fast path takes is asserted); `FAST_PATH_SEED` and `FAST_PATH_RUNS` explore further.
 */
const SEED = Number(process.env.FAST_PATH_SEED ?? 1818);

let analyzer: BashAnalyzer;
beforeAll(async () => {
  // No memo: every answer is worked out.
  analyzer = await loadBashAnalyzer({ memoSize: 0 });
});

/** The full analysis, fast path off. */
function full(command: string, options: AnalyzeOptions) {
  plainAnalysisPath.enabled = false;
  try {
    return analyzer.analyze(command, options);
  } finally {
    plainAnalysisPath.enabled = true;
  }
}

/** Whether the fast path accepts the command; when it does, its answer must be the full one. */
function agrees(command: string, options: AnalyzeOptions): boolean {
  const fast = plainAnalysis(command, options);
  if (fast === null) return false;
  expect(fast, command).toStrictEqual(full(command, options));
  return true;
}

/** Program names: the first words of the corpus and everyday commands, and table names. */
const PROGRAMS = [
  ...new Set([
    ...CORPUS.map((c) => c.split(" ")[0] as string).filter((w) => /^[A-Za-z0-9_.+-]+$/.test(w)),
    ...["ls", "cat", "rm", "cp", "mv", "ln", "mkdir", "touch", "chmod", "grep", "rg", "sed"],
    ...["awk", "tar", "zip", "rsync", "tee", "dd", "curl", "wget", "sort", "head", "tail", "wc"],
    ...["make", "cargo", "go", "node", "python3", "ruby", "perl", "docker", "kubectl", "ssh"],
    ...["scp", "gh", "jq", "yq", "diff", "patch", "file", "stat", "du", "df", "less", "vim"],
    ...["timeout", "nice", "nohup", "watch", "gcc", "cc", "javac", "tsc", "vitest", "jest"],
    ...["eslint", "prettier", "biome", "black", "gofmt", "rustfmt", "uv", "pytest", "pip"],
    ...["git-commit", "git-push", "git-lfs-helper", "git-upload-pack", "git-shell", "gitk"],
    ...["echo", "printf", "npm", "npx", "pnpm", "yarn", "pnpx", "bun", "ln", "unzip", "bash"],
    ...["vitest", "jest", "tsx", "ts-node", "node", "deno", "uv", "python", "ruby", "cd"],
  ]),
];

/** Plain arguments: options with and without values, paths of every shape, subcommands. */
const ARGUMENTS = [
  ...["-c", "-e", "-x", "-rf", "-r", "-R", "-i", "-s", "-u", "-o", "-O", "-f", "-C", "-p"],
  ...["-n", "-l", "-la", "-a", "-v", "-d", "-t", "-w", "-z", "-exec", "-delete", "-name"],
  ...["--", "-", "--help", "--version", "--output", "--file=x", "--upload-pack=sh"],
  ...["--format=%h", "--exec=id", "--config", "--global", "--force", "--dry-run", "--fix"],
  ...["status", "log", "config", "push", "run", "build", "test", "install", "exec", "init"],
  ...["origin", "main", "HEAD", "HEAD~1", "v1.2.3", "foo@1.2.3", "a,b", "host:path", "x+y"],
  ...[".", "..", "./x", "../..", "../x", "/etc/passwd", ".env", ".ssh", ".git", ".git/config"],
  ...["src", "src/a.ts", "build", "dist/index.js", "/", "/tmp", "/tmp/x", "/dev/null"],
  ...["/dev/stdin", "/dev/fd/0", "/proc/self/environ", "/home/user/.ssh/id_rsa", "a/../b"],
  ...["5", "10", "0x1f", "1.5", "%", "a%b", "user@host", "git@github.com:u/r.git"],
  ...["id", "sh", "bash", "rm", "ls", "git", "npm", "python3", "node", "x.py", "x.js", "x.sh"],
  ...["if=x", "of=/etc/y", "a=b", "--a=b=c", "package.json", "Makefile", "README.md"],
  ...["time", "do", "in", "set", "shopt", "dotglob", "posix", "history", "HOME", "PATH"],
  ...["core.pager=less", "core.editor=vi", "alias.x=status", "--exec-path=/tmp", "commit"],
  ...["rebase", "--amend", "pull", "fetch", "clone", "ext::sh", "--git-dir=.ssh", "am"],
  ...["--work-tree=/", "submodule", "foreach", "difftool", "bisect", "apply", "hook"],
  ...["filter-branch", "archive", "--remote=x", "ls-remote", "url.x.insteadOf=y", "diff"],
  ...["--no-pager", "-P", "--paginate", "--output=x", "-o", "show", "blame", "stash", "gc"],
  ...["run", "test", "t", "exec", "x", "dlx", "run-script", "pub", "publish", "add", "ci"],
  ...["lint", "--fix", "--watch", "-w", "--coverage", "vitest", "jest", "tsc", "eslint"],
  ...["github:u/r", "git+ssh://git@h/r.git", "--package=x", "-p", "create", "dev", "start"],
  ...["PS4", "GIT_EDITOR", "BASH_ENV", "PAGER", "EDITOR", "PROMPT_COMMAND", "LD_PRELOAD"],
  ...["-v", "-vx", "%s", "alias", "source", "enable", "trap", "unset", "exit", "lastpipe"],
  ...["-uno", "-lo", "-oL", "-o0", "-oProxyCommand=sh", "ProxyCommand=id", "errexit", "-Oa"],
  ...["-s", "-sfn", "link", "x.zip", "a.tar", "hooks", ".git/hooks/pre-commit", "-m"],
  ...["'a b'", '"x y"', "'*.ts'", "--grep='fix'", '-m"msg"', "''", '""', "'a;b'", "'|'"],
  ...["'&&'", '"a\'b"', "'a\"b'", "'#x'", "'~/x'", "'.env'", "'(x)'", "x'y'z", "'-v'"],
  ...["HEAD~1", "HEAD~", "a~b", "a=~/x", "--prefix=~/x", "x:~/y", "-H", "'^+'", "HEAD^", "%h"],
  ...['"fix: a bug"', "'^foo'", "'set -e'", "'a  b'", "'rm -rf /'", "'$HOME'", '"!x"'],
  // Parentheses in quotes: the walk reads some shapes of them from the whole text (a function
  // definition, `( . x`, an extglob).
  ...['"describe("', "'^(export|import) '", "'%C(auto)%h'", "'f()'", "'f ( )'", "'( . x'"],
  ...["'@(a|b)'", "'*(x)'", "'+(x)'", "'?(x)'", '"console.log(1)"', "'a)b'", "'ls ('", "'(. x'"],
];

/** A word of the fast path's characters. */
const WORD_CHARS = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_./:,@+=-";
const word = fc
  .array(fc.constantFrom(...WORD_CHARS), { minLength: 1, maxLength: 8 })
  .map((chars) => chars.join(""));

/** What may follow a command's words: nothing, or a redirect the fast path takes or declines. */
const SUFFIXES = [
  "",
  "",
  "",
  " 2>&1",
  " 2>/dev/null",
  " >/dev/null",
  " &>/dev/null",
  " 1>/dev/null",
];
SUFFIXES.push(
  " 2>&1 >/dev/null",
  " >/dev/null 2>&1",
  " 2>x",
  " >out.txt",
  " 2>/dev/nul",
  " 2>&1 x",
);
// Redirects to files (taken: the walk's `fileRedirect` and the text an `echo` leaves), and
// shapes around them the fast path declines.
SUFFIXES.push(
  " > out.txt",
  " >> out.txt",
  " > out.txt 2>&1",
  " >> build.log 2>&1",
  " 2> err.log",
  " 2>> err.log",
  " &> all.log",
  " &>> all.log",
  " 1> out.txt",
  " 1>> out.txt",
  " > /dev/null",
  " > Makefile",
  " > x.sh",
  " > package.json",
  " > .git/config",
  " > .git/hooks/pre-commit",
  " > .env",
  " > /etc/x",
  " > ../x",
  " > l/x",
  " > a > b",
  " > a 2> b",
  " 2>/dev/null > a",
  " > a x",
  " >| a",
  " > 'a'",
  " > ~/x",
  " > a%b",
  " > -",
  " >  a",
  " > do",
  " >& a",
  " < a",
);

const single = fc
  .tuple(
    fc.oneof(fc.constantFrom(...PROGRAMS), word),
    fc.array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ARGUMENTS) }, word), {
      maxLength: 6,
    }),
    fc.constantFrom(...PLACES),
  )
  .map(([program, args]) => [program, ...args].join(" "))
  .chain((text) => fc.constantFrom(...SUFFIXES).map((suffix) => text + suffix));

const command = fc
  .tuple(single, fc.constantFrom(...PLACES))
  .map(([text, place]) => ({ text, place }));

/** Commands joined by the operators the fast path takes (and a few it declines). */
const chain = fc
  .tuple(
    single,
    fc.array(
      fc.tuple(fc.constantFrom(" && ", " || ", "; ", " ; ", " | ", " & ", " |& ", ";"), single),
      { minLength: 1, maxLength: 3 },
    ),
    fc.constantFrom(...PLACES),
  )
  .map(([first, rest, place]) => ({
    text: first + rest.map(([op, next]) => op + next).join(""),
    place,
  }));

describe("the analysis fast path", () => {
  it("answers every plain command of the corpus and the everyday commands as the full analysis does", () => {
    let accepted = 0;
    for (const text of CORPUS) {
      for (const place of PLACES) if (agrees(text, place)) accepted++;
    }
    // The comparison bites: many commands take the fast path.
    expect(accepted).toBeGreaterThan(300);
  });

  it("answers generated plain commands as the full analysis does", () => {
    let accepted = 0;
    fc.assert(
      fc.property(command, ({ text, place }) => {
        if (agrees(text, place)) accepted++;
      }),
      { numRuns: Number(process.env.FAST_PATH_RUNS ?? 3000), seed: SEED },
    );
    expect(accepted).toBeGreaterThan(300);
  });

  it("answers generated git commands as the full analysis does (git's reading is followed)", () => {
    let accepted = 0;
    const git = fc
      .tuple(
        fc.array(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...ARGUMENTS) }, word), {
          maxLength: 6,
        }),
        fc.constantFrom(...PLACES),
      )
      .map(([args, place]) => ({ text: ["git", ...args].join(" "), place }));
    fc.assert(
      fc.property(git, ({ text, place }) => {
        if (agrees(text, place)) accepted++;
      }),
      { numRuns: Number(process.env.FAST_PATH_RUNS ?? 3000), seed: SEED },
    );
    expect(accepted).toBeGreaterThan(300);
  });

  it("answers generated chains of commands as the full analysis does", () => {
    let accepted = 0;
    fc.assert(
      fc.property(chain, ({ text, place }) => {
        if (agrees(text, place)) accepted++;
      }),
      { numRuns: Number(process.env.FAST_PATH_RUNS ?? 3000), seed: SEED },
    );
    // Enough chains reach the fast path for the property to say something. The program names
    // are drawn from the corpus, which grows: the count moves with it (75 of 3,000 at 7,005
    // corpus lines), so the floor leaves room.
    expect(accepted).toBeGreaterThan(50);
  });

  it("answers generated chains of plain commands that write, link and run files as the full analysis does", () => {
    // Commands the fast path takes, on files one unit writes or links and a later one runs
    // or reads: the cross-unit passes (written code, made links, git's sequences) must agree.
    const programs = ["ls", "cat", "git", "npm", "yarn", "npx", "echo", "ln", "cp", "mv"];
    programs.push("rm", "touch", "mkdir", "tar", "unzip", "make", "node", "chmod", "tee", "grep");
    programs.push("head", "sort", "pnpm", "printf", "tsc", "vitest", "./x.sh", "cargo", "go");
    programs.push("true", "false", "pwd", "pwd -P", ":");
    const args = ["-s", "-sf", ".", "l", "l/x", "x.sh", "Makefile", "package.json", ".env"];
    args.push(".git/hooks/pre-commit", ".git/config", "-rf", "-p", "build", "src", "src/a.ts");
    args.push("-xf", "a.tar", "a.zip", "+x", "run", "test", "build", "add", "commit", "-m");
    args.push("'msg'", '"a b"', "status", "diff", "config", "alias.x", "checkout", "-A", "init");
    args.push("--", "vitest", "install", "x", "/tmp", "/tmp/x", "~/x", "..", "-o", "out.js");
    args.push("-n", "-e", "'git push'", "xtrace", "'{ . x'", "'do . x'", "all: x", "'#!/bin/sh'");
    args.push("'echo()'", "'cat ( )'", "'ls()'", "'( . x'", "'@(x)'", "'f() { ls; }'", '"x(1)"');
    const plainCommand = fc
      .tuple(fc.constantFrom(...programs), fc.array(fc.constantFrom(...args), { maxLength: 4 }))
      .map(([program, rest]) => [program, ...rest].join(" "))
      .chain((text) => fc.constantFrom(...SUFFIXES).map((suffix) => text + suffix));
    const plainChain = fc
      .tuple(
        plainCommand,
        fc.array(fc.tuple(fc.constantFrom(" && ", " || ", "; ", " | "), plainCommand), {
          minLength: 1,
          maxLength: 3,
        }),
        fc.constantFrom(...PLACES),
      )
      .map(([first, rest, place]) => ({
        text: first + rest.map(([op, next]) => op + next).join(""),
        place,
      }));
    let accepted = 0;
    fc.assert(
      fc.property(plainChain, ({ text, place }) => {
        if (agrees(text, place)) accepted++;
      }),
      { numRuns: Number(process.env.FAST_PATH_RUNS ?? 3000), seed: SEED },
    );
    expect(accepted).toBeGreaterThan(300);
  });

  it("answers pipes fed by echo, cat, seq and printf as the full analysis does", () => {
    // What the member before prints is the script the next reads on stdin (the walk's
    // `lastStdout`), and the input of a wrapper after it (`knownOutput`): the fast path must
    // decline or agree whatever the next member does with it.
    const producers = ["echo", "echo -n", "echo -e", "echo --", "cat", "cat -", "cat x.js"];
    producers.push("cat -n src/a.ts", "seq 3", "seq 1 300", "printf '%s\\n' a", "ls", "git diff");
    const texts = ["x", "'console.log(1)'", "'git push'", "'rm -rf /'", "push origin main"];
    texts.push("'system(\"id\")'", "'BEGIN{system(\"id\")}'", "a b", "-v", "'#!/bin/sh'", "");
    const consumers = ["sh", "bash", "node", "node -", "perl", "ruby", "python3", "php", "lua"];
    consumers.push("awk 1", "awk -f -", "sed -f -", "make -f -", "git", "git am", "tee x.sh");
    consumers.push("xargs rm", "nice xargs rm", "timeout 5 xargs rm", "nice grep x", "cat");
    consumers.push("grep h", "sort", "head -1", "wc -l", "jq .", "npx tsx", "deno run -", "at now");
    consumers.push("crontab", "crontab -", "source /dev/stdin", "tar -xf -", "patch", "git apply");
    // Programs no table knows, fed text naming a program (a shell they start may run it).
    consumers.push("vitest", "pg_virtualenv", "hyperfine", "vitest && ls", "msgexec -i x.po");
    const pipe = fc
      .tuple(
        fc.constantFrom(...producers),
        fc.constantFrom(...texts),
        fc.array(fc.constantFrom(...consumers), { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...SUFFIXES),
        fc.constantFrom(...PLACES),
      )
      .map(([producer, text, rest, suffix, place]) => ({
        text: [`${producer}${text === "" ? "" : ` ${text}`}`, ...rest].join(" | ") + suffix,
        place,
      }));
    let accepted = 0;
    fc.assert(
      fc.property(pipe, ({ text, place }) => {
        if (agrees(text, place)) accepted++;
      }),
      { numRuns: Number(process.env.FAST_PATH_RUNS ?? 3000), seed: SEED },
    );
    expect(accepted).toBeGreaterThan(150);
  });

  it("answers generated commands with globs as the full analysis does", () => {
    // Unquoted `*` and `?` words (the walk's glob paths, `computed`, `spreadOperands`, the
    // names-only listings of echo/printf, `globNamesFloor` after a command that may create a
    // file starting with `-`, and its second look for a pipeline's later writers), under
    // wrappers, after options, with `**` and an option word the walk reads as `globstar`.
    const programs = ["ls", "ls -la", "ls -d", "cat", "rm", "rm -rf", "rm -f --", "grep -n TODO"];
    programs.push("grep -e", "grep -l x --", "sed -i s/a/b/", "sed -n 1p", "wc -l", "head -5");
    programs.push(
      "echo",
      "printf '%s\\n'",
      "printf",
      "cp -r",
      "mv",
      "chmod +x",
      "touch",
      "tar -cf",
    );
    programs.push("git add", "git log --", "git diff", "npx prettier --check", "nice", "timeout 5");
    programs.push("du -sh", "jq .", "node", "sh", "make -f", "tee", "ln -s", "awk -f", "source");
    programs.push("cargo build", "npm test --", "rg -g", "diff", "file", "stat", "less", "xargs");
    const globs = ["*", "*.ts", "src/*.ts", "src/**/*.ts", "**", "*/", "./*", "-*", "--*", "a?"];
    globs.push(".*", "src/*", "*.md", "../*", "/etc/*", "/home/user/.ssh/*", ".env*", "x*y", "?");
    globs.push(
      "**/*.sh",
      ".git/hooks/*",
      "HEAD~*",
      "a*=b",
      "--o*",
      "'*'",
      '"src"/*',
      "*'.ts'",
      "-O",
    );
    globs.push("src", "-la", "x-Oy", "'-O'", "--", "-e", "README.md", ".env", "x.sh");
    globs.push("--include=*.ts", "--git-dir=.*ssh", "-o=*", "--x=a?", "x=*");
    const writers = ["touch ./-x", "echo hi > ./--output=x", "echo hi > x", "mkdir -p d", "ls"];
    writers.push("cat x", "git status", "tee ./-r", "cp a ./-rf", "rm x", "ln -s /etc e", "true");
    writers.push(
      "touch /tmp/-x",
      "echo hi > /tmp/x",
      "touch src/-x",
      "echo hi > src/x",
      "mkdir /tmp/d",
    );
    const globCommand = fc
      .tuple(
        fc.constantFrom(...programs),
        fc.array(fc.constantFrom(...globs), { minLength: 1, maxLength: 4 }),
        fc.constantFrom(...SUFFIXES),
      )
      .map(([program, rest, suffix]) => [program, ...rest].join(" ") + suffix);
    const globChain = fc
      .tuple(
        fc.option(fc.tuple(fc.constantFrom(...writers), fc.constantFrom(" && ", "; ", " | "))),
        globCommand,
        fc.option(fc.tuple(fc.constantFrom(" | ", " && ", "; "), fc.constantFrom(...writers))),
        fc.constantFrom(...PLACES),
      )
      .map(([before, middle, after, place]) => ({
        text:
          (before === null ? "" : before[0] + before[1]) +
          middle +
          (after === null ? "" : after[0] + after[1]),
        place,
      }));
    let accepted = 0;
    fc.assert(
      fc.property(globChain, ({ text, place }) => {
        if (agrees(text, place)) accepted++;
      }),
      { numRuns: Number(process.env.FAST_PATH_RUNS ?? 3000), seed: SEED },
    );
    expect(accepted).toBeGreaterThan(300);
  });

  it("answers generated commands under wrappers as the full analysis does", () => {
    // Transparent layers (nice, timeout, nohup, stdbuf, setsid, ionice, …) and indirections
    // (npx, xargs), stacked, before programs, builtins and shells, with options of their own.
    const layers = ["nice", "nice -n 10", "timeout 5", "timeout -s KILL 5", "nohup", "stdbuf -oL"];
    layers.push("setsid", "ionice -c3", "chrt 0", "taskset 1", "prlimit", "fakeroot", "time");
    layers.push(
      "command",
      "builtin",
      "exec",
      "env",
      "npx",
      "xargs",
      "sudo",
      "ssh-agent",
      "logsave x",
    );
    layers.push("nice exec", "timeout 5 command", "nohup builtin", "nice env", "timeout 5 nice");
    layers.push("setarch x86_64", "linux64", "memusage", "cmake -E env", "cmake -E time", "watch");
    const programs = ["ls", "ls -la src", "cat README.md", "git status", "git push", "npm test"];
    programs.push(
      "cargo build",
      "make",
      "rm -rf build",
      "cd src",
      "export X=1",
      "read x",
      "set -e",
    );
    programs.push("source x", ". x", "eval ls", "unset X", "sh -c ls", "bash x.sh", "node x.js");
    programs.push("./x.sh", "echo hi", "printf x", "tee x.sh", "X=1 ls", "-n 5 ls", "-- ls", "-v");
    const wrapped = fc
      .tuple(
        fc.constantFrom(...layers),
        fc.constantFrom(...programs),
        fc.constantFrom(...SUFFIXES),
        fc.option(fc.tuple(fc.constantFrom(" && ", "; ", " | "), fc.constantFrom(...programs))),
        fc.constantFrom(...PLACES),
      )
      .map(([layer, program, suffix, after, place]) => ({
        text: `${layer} ${program}${suffix}${after === null ? "" : after[0] + after[1]}`,
        place,
      }));
    let accepted = 0;
    fc.assert(
      fc.property(wrapped, ({ text, place }) => {
        if (agrees(text, place)) accepted++;
      }),
      { numRuns: Number(process.env.FAST_PATH_RUNS ?? 3000), seed: SEED },
    );
    expect(accepted).toBeGreaterThan(300);
  });

  it("answers generated find commands as the full analysis does", () => {
    // find's starts, tests and actions (-delete, -fprint, -exec … ';' and +, -newer, -files0-from),
    // quoted patterns, and pipes into the programs that read its output (xargs is declined).
    const starts = [
      ".",
      "src",
      "..",
      "/",
      "~",
      "/etc",
      "-L .",
      "-H src",
      "-P",
      "-D tree .",
      "-O3 .",
    ];
    starts.push("./-x", "src tests", "''", ".git", "/home/user/.ssh", "-files0-from x");
    const tests = ["-name '*.ts'", '-name "*.py"', "-iname x", "-type f", "-type d", "-maxdepth 2"];
    tests.push("-newer Cargo.toml", "-path './node_modules/*'", "-prune -o", "-not -path '*/x/*'");
    tests.push("-o -name '*.rej'", "-mtime -1", "-size +1M", "-empty", "-perm -u+x", "-regex '.*'");
    const actions = ["", "", "-print", "-print0", "-delete", "-fprint out.txt", "-fls x", "-quit"];
    actions.push("-exec rm ';'", "-exec ls +", "-execdir wc -l +", "-ok rm ';'", "-fprintf f '%p'");
    actions.push(
      "-exec sh -c x ';'",
      "-printf '%p\\n'",
      "-ls",
      "-exec git add +",
      "-exec ./x.sh ';'",
    );
    const after = [
      "",
      "",
      " | head -20",
      " | wc -l",
      " | xargs rm",
      " | sh",
      " | sort",
      " 2>/dev/null",
    ];
    after.push(" > files.txt", " | grep x", " | tee x.sh", " && ls", "; cat out.txt");
    const find = fc
      .tuple(
        fc.constantFrom(...starts),
        fc.array(fc.constantFrom(...tests), { maxLength: 3 }),
        fc.constantFrom(...actions),
        fc.constantFrom(...after),
        fc.constantFrom(...PLACES),
      )
      .map(([start, test, action, rest, place]) => ({
        text: ["find", start, ...test, action].filter((w) => w !== "").join(" ") + rest,
        place,
      }));
    let accepted = 0;
    fc.assert(
      fc.property(find, ({ text, place }) => {
        if (agrees(text, place)) accepted++;
      }),
      { numRuns: Number(process.env.FAST_PATH_RUNS ?? 3000), seed: SEED },
    );
    expect(accepted).toBeGreaterThan(300);
  });

  it("answers generated python and pip commands as the full analysis does", () => {
    // python runs a script, a module (`-m pip`, `-m venv`, `-m http.server`) or code (`-c`,
    // opaque); pip installs into folders its options name (`--user`, `--target`, `-e .`). Alone,
    // in chains after a write of the script or a requirements file, and fed by a pipe.
    const programs = ["python", "python3", "python3.12", "pip", "pip3", "python -m pip"];
    programs.push("python3 -m pip", "python3 -I", "python -u", "python3 -B -E", "python -s");
    const args = ["-m", "pytest", "pip", "venv", ".venv", "http.server", "json.tool", "unittest"];
    args.push("mypy", "site", "ensurepip", "zipapp", "compileall", "py_compile", "pydoc", "runpy");
    args.push("trace", "cProfile", "pdb", "timeit", "code", "idlelib", "x.py", "manage.py", "test");
    args.push("setup.py", "./x.py", "/tmp/x.py", "~/x.py", ".git/hooks/x", "-", "-u", "-B", "-I");
    args.push("-E", "-s", "-S", "-W", "ignore", "-X", "dev", "-q", "-v", "-i", "-b", "-x", "-c");
    args.push("'print(1)'", "install", "-e", ".", "-r", "requirements.txt", "--user", "--target");
    args.push("/tmp/t", "--prefix", "-t", "download", "-d", "wheel", "-w", "uninstall", "-y");
    args.push("freeze", "list", "show", "cache", "purge", "config", "set", "global.index-url");
    args.push("--index-url", "https://x/simple", "git+https://x/r", "--no-deps", "-U", "--src");
    args.push("--root", "/", "--log", "pip.log", "constraints.txt", "--editable", "--upgrade");
    args.push("migrate", "runserver", "--maxfail=1", "tests/", "src", "-k", "'a and b'", "--");
    args.push("--user-site", "--break-system-packages", "--require-hashes", "x==1.0", "'x>=1'");
    const py = fc
      .tuple(fc.constantFrom(...programs), fc.array(fc.constantFrom(...args), { maxLength: 5 }))
      .map(([program, rest]) => [program, ...rest].join(" "))
      .chain((text) => fc.constantFrom(...SUFFIXES).map((suffix) => text + suffix));
    const before = ["echo 'import os' > x.py", "cp a.py x.py", "touch requirements.txt", "ls"];
    before.push("ln -s /etc/passwd x.py", "echo x > requirements.txt", "git status", "cat x.py");
    before.push("mkdir -p .venv", "echo print | tee x.py", "cat x.py |", "echo 'import os' |");
    const chained = fc
      .tuple(
        fc.option(fc.constantFrom(...before)),
        fc.constantFrom(" && ", "; ", " | ", " || "),
        py,
        fc.option(fc.tuple(fc.constantFrom(" && ", "; ", " | "), py)),
        fc.constantFrom(...PLACES),
      )
      .map(([first, op, middle, after, place]) => ({
        text:
          (first === null ? "" : first.endsWith("|") ? `${first} ` : first + op) +
          middle +
          (after === null ? "" : after[0] + after[1]),
        place,
      }));
    let accepted = 0;
    fc.assert(
      fc.property(chained, ({ text, place }) => {
        if (agrees(text, place)) accepted++;
      }),
      { numRuns: Number(process.env.FAST_PATH_RUNS ?? 3000), seed: SEED },
    );
    expect(accepted).toBeGreaterThan(300);
  });

  it("answers generated commands that end in a program running code unread as the full analysis does", () => {
    // Opaque programs (make, an interpreter's -e/-c, go generate, sg, …) run what their words
    // say: taken last in the string only, after writes of the files they may run, under
    // wrappers, fed by a pipe, with their redirects.
    const programs = ["make", "make -f Makefile", "make -C src", "make -j4 build", "gmake test"];
    programs.push("node -e x", "node -p 1", "node", "node -", "perl -e x", "ruby -e x", "php -r x");
    programs.push(
      "python3 -c x",
      "python -c 'print'",
      "go generate ./...",
      "sg staff ls",
      "at now",
    );
    programs.push("nice make", "timeout 5 make test", "npx make", "nohup node -e x", "awk 1");
    programs.push("bmake", "make -n", "make -p", "make --eval=x", "make -E x", "make x=y", "jq .");
    const args = ["", "", "all", "test", "clean", "-k", "-B", "-s", "x.js", "Makefile", "-f", "-"];
    args.push("-C", "..", "/tmp", "~/x", ".git/hooks/x", "-o", "out", "x.sh", "--", "'git push'");
    const before = ["echo 'all:' > Makefile", "cp a Makefile", "ln -s /etc/x Makefile", "ls"];
    before.push("echo x > x.js", "git status", "touch x.sh", "mkdir -p src", "cat Makefile |");
    before.push("echo 'console.log(1)' |", "git diff |", "npm run build", "echo hi > /tmp/x");
    const ending = fc
      .tuple(
        fc.array(fc.constantFrom(...before), { maxLength: 2 }),
        fc.constantFrom(" && ", "; ", " || "),
        fc.constantFrom(...programs),
        fc.constantFrom(...args),
        fc.constantFrom(...SUFFIXES),
        fc.constantFrom(...PLACES),
        // Something after it: the walk reads the opaque program's state change there.
        fc.constantFrom("", "", "", " && ls build", "; cat out", " | tail", " || git status"),
        fc.constantFrom("", "", " && ls build", " | cat x.js; cat out", " | node", " > Makefile"),
      )
      .map(([first, op, program, arg, suffix, place, after, more]) => ({
        text:
          first.map((b) => (b.endsWith("|") ? `${b} ` : b + op)).join("") +
          [program, arg].filter((w) => w !== "").join(" ") +
          suffix +
          after +
          more,
        place,
      }));
    let accepted = 0;
    fc.assert(
      fc.property(ending, ({ text, place }) => {
        if (agrees(text, place)) accepted++;
      }),
      { numRuns: Number(process.env.FAST_PATH_RUNS ?? 3000), seed: SEED },
    );
    expect(accepted).toBeGreaterThan(300);
  });

  it("answers a command with extra units before a redirect as the full analysis does", () => {
    // The generated chains found `pnpm - 2>/dev/null`, whose extra unit the walk cuts to `pnpm`.
    for (const text of ["pnpm - 2>/dev/null && a", "pnpm - 2>/dev/null", "yarn build 2>&1"]) {
      for (const place of PLACES) agrees(text, place);
    }
    expect(plainAnalysis("pnpm - 2>/dev/null", OPTIONS)).toBeNull();
  });

  it("declines a command with any character outside its set, an empty word or edge blanks", () => {
    const insert = (chars: string) =>
      fc
        .tuple(fc.oneof(command, chain), fc.nat(), fc.constantFrom(...chars))
        .map(([{ text }, at, ch]) => {
          const i = at % (text.length + 1);
          return `${text.slice(0, i)}${ch}${text.slice(i)}`;
        });
    // The first of these characters are never taken, quoted or not; the others only in quotes
    // or the few redirects taken: any text that is taken must be answered as the full
    // analysis answers it.
    fc.assert(
      fc.property(insert("$`\\*?[]{}#!<>()\n\té"), (text) => {
        if (/[$`\\!\n\té]/.test(text)) {
          expect(plainAnalysis(text, OPTIONS)).toBeNull();
        } else agrees(text, OPTIONS);
      }),
      { numRuns: 2000, seed: SEED },
    );
    fc.assert(
      fc.property(insert("'\"&|;~%^"), (text) => {
        agrees(text, OPTIONS);
      }),
      { numRuns: 2000, seed: SEED },
    );
    for (const text of ["", " ls", "ls ", "ls  -la", "ls\t-la", "ls\n-la", "ls;", "ls &&"]) {
      expect(plainAnalysis(text, OPTIONS), JSON.stringify(text)).toBeNull();
    }
  });

  it("declines builtins, keywords, assignments, declared programs and the programs the walk reads beyond their tables", () => {
    const declined = [
      "cd src",
      "cd src && ls",
      "ls && cd src",
      "ls; pushd x",
      "export X=1; ls",
      "ls; X=1",
      "source x; ls",
      "eval ls && ls",
      "set -e; ls",
      "shopt -s dotglob; ls",
      "printf -v x y",
      "printf x && ls",
      "echo a | sh",
      "echo 'console.log(1)' | node",
      "echo a b | nice xargs rm",
      "ls | xargs rm",
      "echo '$HOME'",
      'echo "a\\b"',
      'echo "!x"',
      "ls &",
      "ls & ls",
      "ls;ls",
      "ls ;ls",
      "ls  && ls",
      "&& ls",
      "echo 'a",
      "echo alias",
      "ls 2>/dev/null x",
      "ls > out.txt x",
      "cat > out.txt",
      "ls > out.txt | cat",
      "2>/dev/null ls",
      "ls 2>&1|cat",
      "eval ls",
      "source x",
      "exec ls",
      "read x",
      "time ls",
      "ls do",
      "X=1 ls",
      "ls X=1",
      "sudo ls",
      "env ls",
      "bash x.sh",
      "xargs rm",
      // A program that runs code unread (opaque) is taken only last: the walk reads it as
      // possibly changing the shell's state for what follows.
      "make && ls build",
      "ls | make && ls build",
      "make clean && make",
      "node -e x; ls",
      "./deploy.sh",
      "/bin/ls",
      "ls -O",
      "ls -lO x",
      "ls -la -O",
      "shopt -s dotglob",
      "ls dotglob",
    ];
    for (const text of declined) expect(plainAnalysis(text, OPTIONS), text).toBeNull();
    expect(plainAnalysis("ls src", { ...OPTIONS, programs: {} })).toBeNull();
    // An unnormalised folder is left to the full analysis, which normalises it.
    expect(plainAnalysis("ls src", { cwd: "/repo/", home: "/home/user" })).toBeNull();
    expect(plainAnalysis("ls src", { cwd: "/repo/./x", home: "/home/user" })).toBeNull();
  });

  it("takes the everyday plain commands (the analyzer answers them through it)", () => {
    const everyday = ["ls -la src", "cat README.md", "rm -rf build", "mkdir -p out", "git status"];
    everyday.push("npm test", "npm run build && npm test", "npx vitest run src/a.test.ts");
    everyday.push("echo hello", 'git add -A && git commit -m "fix: x"', "git diff --stat | head");
    everyday.push("yarn build", "pnpm run lint -- --fix", "grep -rn 'foo bar' src");
    everyday.push("npm test 2>&1 | tail -20", "git status 2>/dev/null", "git log -1 >/dev/null");
    everyday.push("npm test > /tmp/test.log 2>&1", "git diff > changes.patch", "ls >out.txt");
    everyday.push('echo ".env" >> .gitignore', "echo hi > out.txt && cat out.txt");
    everyday.push("echo hi | grep h", "cat README.md | grep foo", "cat -n src/a.ts | sed -n 1,5p");
    everyday.push("git status -uno", "sort -u -o words.txt words.txt", "grep -o x src/a.ts");
    everyday.push("ls src/*.ts", "grep -n TODO src/*.ts", "find . -name '*.ts' | head -20");
    everyday.push("timeout 60 npm test", "nice -n 10 cargo build", "pwd", "npm test || true");
    everyday.push("make test", "make -j4 build", "npm run build && make", "ls && node -e x");
    everyday.push("make lint 2>&1 | tail -20", "make test | tail && git status");
    everyday.push("python3 -m pytest -q tests/unit", "pip install -r requirements.txt");
    everyday.push("python manage.py test", "python3 t.py", "cat x | node", "echo x | cat | node");
    everyday.push(
      "echo '(x)'",
      'grep -c "describe(" src/a.test.ts',
      "git log --format='%C(auto)%h'",
    );
    for (const text of [...everyday, "git -C . log --oneline", "git diff --stat"]) {
      const fast = plainAnalysis(text, OPTIONS);
      expect(fast, text).not.toBeNull();
      expect(analyzer.analyze(text, OPTIONS)).toStrictEqual(fast);
    }
  });
});
