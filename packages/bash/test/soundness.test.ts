// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the strings are bash parameter expansions, not templates
import { describe, expect, it } from "vitest";
import type { BashAnalysis } from "../src/index.ts";
import { analyze, analyzeFull } from "./helpers.ts";

/** Every command the analysis says runs, as text. */
function runs(analysis: BashAnalysis): string[] {
  return analysis.units.map((unit) => (unit.executed ?? unit.argv).join(" "));
}

function sentinels(analysis: BashAnalysis): string[] {
  return analysis.units.flatMap((unit) => (unit.sentinel === null ? [] : [unit.sentinel]));
}

/**
 * What the oracle's checker accepts for a program bash ran: the analysis is floored (not `ok`,
 * or a sentinel), or a unit runs exactly these words.
 */
function covers(analysis: BashAnalysis, argv: readonly string[]): boolean {
  if (analysis.status !== "ok" || sentinels(analysis).length > 0) return true;
  const wanted = JSON.stringify(argv);
  return analysis.units.some((unit) => JSON.stringify(unit.executed ?? unit.argv) === wanted);
}

describe("strings bash evaluates later are never proven", () => {
  it.each([
    ["x='a[$(rm -rf build)]'; echo $((x))"],
    ["x='a[$(rm -rf build)]'; echo $[x]"],
    ["x='a[$(rm -rf build)]'; echo ${arr[x]}"],
    ["x='a[$(rm -rf build)]'; echo ${x:x}"],
    ["x='a[$(rm -rf build)]'; (( x + 1 ))"],
    ["x='a[$(rm -rf build)]'; [[ x -eq 1 ]]"],
    ["x='a[$(rm -rf build)]'; for ((i=x; i<1; i++)); do :; done"],
    ["x='a[$(rm -rf build)]'; echo ${!x}"],
    ["x='$(rm -rf build)'; echo ${x@P}"],
    ["read x; echo $((x))"],
    ["let 'a[$(rm -rf build)]=1'"],
    ["declare -i n; declare -i n='a[$(rm x)]'"],
    ["PS4='$(rm -rf build)'; set -x; :"],
    ["mapfile -C 'rm -rf build' -c 1 a < f"],
    ["compgen -C 'rm -rf build' x"],
    ["shopt -s expand_aliases; alias ls='rm -rf build'; ls"],
    ["hash -p /bin/rm ls; ls build"],
    ["read 'a[$(rm -rf build)]' < f"],
    ["printf -v 'a[$(rm -rf build)]' x"],
    ["[[ -v 'a[$(rm -rf build)]' ]]"],
    ["eval 'x=a[\\$(id)]'; echo $((x))"],
  ])("%s", async (command) => {
    const analysis = await analyze(command);
    expect(sentinels(analysis).length).toBeGreaterThan(0);
  });

  it.each([
    ["x=5; echo $((x * 2))"],
    ["for ((i=0; i<3; i++)); do echo $i; done"],
    ["echo $((RANDOM % 6))"],
    ["n=3; [[ $n -gt 2 ]] && echo big"],
    ["echo ${#PATH}"],
    ["a=(1 2); echo ${a[1]}"],
  ])("stays proven: %s", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("substitutions the grammar hands back as text are found", () => {
  it.each([
    ["cat <<-EOF\n\t$(rm -rf build)\n\tEOF", "rm -rf build"],
    ["cat <<EOF\n`rm -rf build`\nEOF", "rm -rf build"],
    ["cat <<EOF\n${x:-$(rm -rf build)}\nEOF", "rm -rf build"],
    ["echo \"${x:-'$(rm -rf build)'}\"", "rm -rf build"],
    ["echo ${x/a/`rm -rf build`}", "rm -rf build"],
  ])("%j runs %s", async (command, inner) => {
    expect(runs(await analyze(command))).toContain(inner);
  });

  it.each([
    ["cat <<'EOF'\n$(rm -rf build) `rm x`\nEOF"],
    ["cat <<EOF\n\\$(rm -rf build)\nEOF"],
    ["echo ${x:-'$(rm -rf build)'}"],
    ["echo '$(rm -rf build)'"],
  ])("finds nothing to run in %j", async (command) => {
    expect(runs(await analyze(command)).some((text) => text.startsWith("rm"))).toBe(false);
  });
});

describe("what the string decides about its own words is applied", () => {
  it.each([
    ["X=rm; $X -rf build", "rm -rf build"],
    ["{rm,-rf,build}", "rm -rf build"],
    ["rm${IFS}-rf${IFS}build", "rm -rf build"],
    ["IFS=,; x=rm,build; $x", "rm build"],
    ["timeout {5,sudo} rm x", "rm x"],
    ["c='rm -rf'; $c build", "rm -rf build"],
  ])("%j runs %s", async (command, inner) => {
    expect(runs(await analyze(command))).toContain(inner);
  });

  it.each([
    ["f=.env; cat $f", "/repo/.env"],
    ["HOME=/etc; cat ~/shadow", "/etc/shadow"],
    ["cat ~+/.env", "/repo/.env"],
    ["cat {.env,README.md}", "/repo/.env"],
    ["cd /tmp && cat x", "/tmp/x"],
    ["if true; then f=a; else f=.env; fi; cat $f", "/repo/.env"],
  ])("%j touches %s", async (command, path) => {
    expect((await analyze(command)).paths.map((p) => p.path)).toContain(path);
  });

  it.each([
    ["cat $(pick)"],
    ["read f; cat $f"],
    ["cat ~bob/x"],
    ["cat ~-/x"],
    ["cat ${HOME:-$(pick)}/x"],
    ['eval "$X"; cat $f'],
  ])("%j touches a computed path", async (command) => {
    const paths = (await analyze(command)).paths;
    expect(paths.some((p) => p.sentinel === "<computed-path>")).toBe(true);
  });

  it("keeps a loop variable over a glob as that glob", async () => {
    const analysis = await analyze('for f in src/*.ts; do cat "$f"; done');
    expect(analysis.paths.map((p) => p.glob)).toContain("/repo/src/*.ts");
  });
});

describe("words only known at run time are marked", () => {
  it.each([
    ["git $(echo push) origin", [1], [1]],
    ['git "$SUB" x', [1], null],
    ["sudo rm $X", [2], [1]],
    ["git status", null, null],
  ])("%j", async (command, argv, executed) => {
    const unit = (await analyzeFull(command)).units[0];
    if (argv === null) expect(unit?.computed).toBeUndefined();
    else expect(unit?.computed?.argv).toEqual(argv);
    if (executed !== null) expect(unit?.computed?.executed).toEqual(executed);
  });
});

describe("code the string itself wrote is never proven", () => {
  it.each([
    ["echo 'rm -rf build' > s.sh; sh s.sh"],
    ["echo 'rm -rf build' > s.sh && . ./s.sh"],
    ["printf 'rm x' > ./run && chmod +x ./run && ./run"],
    ["printf '#!/bin/sh\\nrm x\\n' > .git/hooks/pre-commit && git commit -m x"],
    ["git config alias.x '!rm x' > /dev/null; echo '[alias]' >> .git/config; git x"],
    ["python3 /dev/stdin <<<'import os'"],
    ["bash /dev/./stdin <<<'rm x'"],
  ])("%j", async (command) => {
    expect(sentinels(await analyze(command)).length).toBeGreaterThan(0);
  });

  it.each([["echo hi > out.txt; git status"], ["rm -rf build && git status"], ["sh build.sh"]])(
    "stays proven: %j",
    async (command) => {
      expect(sentinels(await analyze(command))).toEqual([]);
    },
  );
});

describe("adversarial: what the grammar breaks inside double quotes is not trusted", () => {
  // tree-sitter-bash ends a command after the one word it puts inside `2>&-`, inventing a `;`:
  // inside a double-quoted `$(…)` or `${…}` that MISSING node was never looked at.
  it.each([
    ['ls "x $(sed 2>&- s/x/y/ README.md) y"', ["sed", "s/x/y/", "README.md"]],
    ['echo "x $(env 2>&- origin main &>out.txt) y"', ["env", "origin", "main"]],
    ['echo "${x:-$(sed 2>&- s/x/y/ README.md)}"', ["sed", "s/x/y/", "README.md"]],
  ])("%j runs %j or is floored", async (command, argv) => {
    expect(covers(await analyze(command), argv)).toBe(true);
  });

  it("keeps a quoted substitution the grammar reads whole proven", async () => {
    const analysis = await analyze('echo "x $(git rev-parse 2>&- HEAD) y"');
    expect({
      status: analysis.status,
      runs: runs(analysis),
      sentinels: sentinels(analysis),
    }).toEqual({
      status: "ok",
      runs: ["echo x $(git rev-parse 2>&- HEAD) y", "git rev-parse HEAD"],
      sentinels: [],
    });
  });
});

describe("adversarial: a substitution inside double quotes is read like any command line", () => {
  it.each([
    // The grammar takes `MSG ` (trailing blank) for the delimiter; bash does not.
    ['ls "x $(2>&- <<\\MSG rm README.md\nMSG \nMSG\n) y"', ["rm", "README.md"]],
    ['rm "x $(>~/.ssh/authorized_keys <<-\\MSG tee \n\tMSG\n) y"', ["tee"]],
    // The grammar takes `EOF;cp` for the delimiter.
    [
      "head ${x:-$(tee <<-EOF;cp src/new.ts\n\t\\$(rm build)\n\tEOF\n\n)} | sort",
      ["cp", "src/new.ts"],
    ],
  ])("%j runs %j or is floored", async (command, argv) => {
    expect(covers(await analyze(command), argv)).toBe(true);
  });

  it("runs the words written after a heredoc with no command before it", async () => {
    const analysis = await analyze("2>&- <<\\MSG rm README.md\nhello\nMSG");
    expect({ status: analysis.status, runs: runs(analysis) }).toEqual({
      status: "ok",
      runs: ["rm README.md"],
    });
  });

  it("keeps an ordinary quoted substitution proven, with its heredoc", async () => {
    const analysis = await analyze('git commit -m "$(cat <<EOF\nfix: x\n\nsee $(date)\nEOF\n)"');
    expect({ status: analysis.status, runs: runs(analysis).slice(1) }).toEqual({
      status: "ok",
      runs: ["cat", "date"],
    });
  });
});

describe("adversarial: a heredoc's body is never words of the commands on its line", () => {
  // tree-sitter-bash reads a body line that starts with a backslash as more words of the
  // command after `|` or `&&` on the heredoc's line.
  it.each([
    ["rm <<MSG |& grep\n\\`rm -rf\nMSG", ["grep"]],
    ["cat <<MSG | grep x\n\\$y README.md\nMSG", ["grep", "x"]],
    ["touch x <<END && cat README.md\n\\`rm -rf build\\`\nEND", ["cat", "README.md"]],
  ])("%j runs %j or is floored", async (command, argv) => {
    expect(covers(await analyze(command), argv)).toBe(true);
  });

  it("keeps a heredoc piped into a command proven", async () => {
    const analysis = await analyze("cat <<MSG | grep x\nhello $(date)\nMSG");
    expect({ status: analysis.status, runs: runs(analysis) }).toEqual({
      status: "ok",
      runs: ["cat", "grep x", "date"],
    });
  });
});

describe("adversarial: a command ends at its line's end, whatever the grammar joins", () => {
  it.each([
    ["wc |& cat |& sort\nHOME=/tmp ${x:+./.env} >out.txt ${x/$(cd ~ && awk 1)/y}", ["sort"]],
  ])("%j runs %j or is floored", async (command, argv) => {
    expect(covers(await analyze(command), argv)).toBe(true);
  });

  it("keeps commands on consecutive lines proven", async () => {
    const analysis = await analyze("wc |& sort\nhead x");
    expect({ status: analysis.status, runs: runs(analysis) }).toEqual({
      status: "ok",
      runs: ["wc", "sort", "head x"],
    });
  });
});

describe("adversarial: `|` binds tighter than `&&` and `||`, whatever the grammar nests", () => {
  it.each([
    ["cd src && cat a.ts 2>&1 | grep x b.ts; cat a.ts", ["/repo/src/b.ts", "/repo/src/a.ts"]],
    ["cd || ls >out.txt | wc; ( cat <build/out.js )", ["/home/user/build/out.js"]],
    ["cd && wc 2>&1 |&\nfor f in .env.local; do wc $f; done", ["/home/user/.env.local"]],
    ["cat && { cd || x; } && wc 2>&1 | tee out.txt", ["/home/user/out.txt"]],
    // `a |& b |& c && d` is `(a |& b |& c) && d`; the grammar reads `a |& (b |& c && d)`.
    ["cd /tmp || a |& b && cat f", ["/tmp/f", "/repo/f"]],
    ["a |& b |& c && HOME=/tmp; cat ~/x", [null]],
  ])("%j touches %j", async (command, paths) => {
    const touched = (await analyze(command)).paths.map((path) => path.path);
    expect(touched).toEqual(expect.arrayContaining(paths));
  });
});

describe("adversarial: git reads its configuration from a HOME the string rebinds", () => {
  it.each([
    ["HOME=/tmp git diff", "/tmp/.config/git/**"],
    ["HOME=/tmp;\ntimeout 5 git diff", "/tmp/.config/git/**"],
    ["env HOME=/repo/src git log", "/repo/src/.config/git/**"],
  ])("%j reads %s", async (command, glob) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((path) => path.glob ?? path.path)).toContain(glob);
  });

  it("reads nothing of git's own under the caller's home", async () => {
    for (const command of ["git diff", "f() { git status; }; f"]) {
      expect((await analyze(command)).paths, command).toEqual([]);
    }
  });
});

describe("adversarial: adjacent backtick substitutions are two words", () => {
  // The grammar reads `` `a` `b` `` as one substitution whose body is `a` `b`.
  it.each([
    ["awk <`echo README.md` `echo build/out.js`", ["awk", "build/out.js"]],
    ["cp <<<`echo /repo/.env` `echo x` ~/notes.txt", ["cp", "x", "/home/user/notes.txt"]],
    // With an escaped backtick inside, the body is parsed again: still two words.
    [
      "for f in `grep -f a >&2 .env` `grep -f ./.env \\`echo x\\``; do :; done",
      ["grep", "-f", "a", ".env"],
    ],
  ])("%j runs %j or is floored", async (command, argv) => {
    expect(covers(await analyze(command), argv)).toBe(true);
  });

  it("keeps a backtick substitution with escaped backticks inside proven", async () => {
    const analysis = await analyze("echo `echo \\`date\\`` x");
    expect({ status: analysis.status, sentinels: sentinels(analysis) }).toEqual({
      status: "ok",
      sentinels: [],
    });
  });
});

describe("adversarial: single quotes do not quote in arithmetic", () => {
  it.each([
    ["echo $(( '$(rm x)' + 1 ))", ["rm", "x"]],
    ["(( '$(rm y)' ))", ["rm", "y"]],
    ["a[ '$(rm z)' ]=1", ["rm", "z"]],
    // The grammar reads `$((` in a `${…}` operand as a subshell whose command is the string.
    ["log ${x:-$(( '$(rm -rf build)' ))} '{print}'", ["rm", "-rf", "build"]],
    ["echo \"${x:-$(( '$(rm w)' ))}\"", ["rm", "w"]],
  ])("%j runs %j or is floored", async (command, argv) => {
    expect(covers(await analyze(command), argv)).toBe(true);
  });

  it("keeps single quotes quoting outside arithmetic", async () => {
    expect(runs(await analyze("echo '$(rm q)' ${x:-'$(rm r)'}"))).toEqual([
      "echo $(rm q) ${x:-'$(rm r)'}",
    ]);
  });
});

describe("adversarial: `$((` that does not close with `))` is a command substitution", () => {
  it.each([
    ["grep x ${x:-$((( + 2 )); ls src)}", ["ls", "src"]],
    ['echo "${x:-$((( 1 )); rm y)}"', ["rm", "y"]],
  ])("%j runs %j or is floored", async (command, argv) => {
    expect(covers(await analyze(command), argv)).toBe(true);
  });
});

describe("adversarial: programs that run code from their options, stdin, or later words are floored", () => {
  // Each runs the code (or a program) it is given; traced under bash 5.2 where installed.
  it.each([
    ["expect -c 'spawn git push origin main'"],
    ["socat - EXEC:'git push origin main'"],
    ["socat - SYSTEM:'rm -rf build'"],
    ["zip -T -TT 'git push' out.zip README.md"],
    ["rsync -e 'git push' a host:"],
    ["scp -S ./evil a host:"],
    ["sftp -o ProxyCommand='git push' host"],
    ["sort --compress-program=sh big.txt"],
    ["dc -e '!git push'"],
    ["ed -s notes.txt <<< '!git push'"],
    ["sqlite3 x.db '.shell git push'"],
    ["echo '.system id' | sqlite3"],
    ["psql -c '\\! git push'"],
    ["mysql -e 'system git push'"],
    ["gnuplot -e 'system(\"git push\")'"],
    ["emacs --batch --eval '(shell-command \"git push\")'"],
    ["R -e 'system(\"git push\")'"],
    ["erl -noshell -eval 'os:cmd(\"git push\")'"],
    ["guile -c '(system \"git push\")'"],
    ["ipython -c 'import os'"],
    ['tsx -e \'require("child_process").execSync("git push")\''],
    ["ts-node --eval 'x'"],
    ["deno run -A -"],
    ["php < x.php"],
    ["cat x.lua | lua"],
    ["echo 'exec git push' | tclsh"],
    ["py -c 'import os'"],
    ["uv run python -c 'import os; os.system(\"git push\")'"],
    ["poetry run node -e 'x'"],
    ["unbuffer sh -c 'git push'"],
    ["./tools/run bash -c 'git push'"],
    ["rg --pre 'git push' foo"],
    ["diff3 --diff-program=./evil a b c"],
    ["wget --use-askpass='git push' https://x.example"],
    ["echo '* * * * * git push' | crontab -"],
    ["man --html='git push' ls"],
    ["python3 -m timeit 'import os; os.system(\"git push\")'"],
    ["echo 'import os' | python3 -m code"],
    ["echo x | python3 -i app.py"],
    ["perl -M'strict;system(\"git push\")' x.pl"],
    ["php -B 'system(\"git push\");' -R 'x'"],
    ["node --import 'data:text/javascript,1' app.js"],
  ])("%s", async (command) => {
    const analysis = await analyze(command);
    expect(sentinels(analysis)).toContain("<opaque-bash-wrapper>");
  });

  it("a literal shell string after a program no table knows is listed", async () => {
    const analysis = await analyze("unbuffer bash -c 'git push origin main'");
    expect(runs(analysis)).toContain("git push origin main");
  });

  it.each([
    ["sort -u names.txt"],
    ["zip -r out.zip src"],
    ["rsync -a src/ dst/"],
    ["scp -P 2222 a host:"],
    ["sqlite3 x.db 'select * from t'"],
    ["uv run pytest -q"],
    ["cargo install just"],
    ["brew install make"],
    ["docker run --rm img make test"],
    ["tsx src/main.ts"],
    ["deno run -A main.ts"],
    ["rg -n TODO src"],
    ["python3 -m pytest -q"],
    ["perl -MO=Deparse x.pl"],
    ["node --import ./register.mjs app.js"],
    ["crontab -l"],
  ])("stays proven: %s", async (command) => {
    const analysis = await analyze(command);
    expect(sentinels(analysis)).toEqual([]);
  });
});

describe("adversarial: git options and settings whose value is a file", () => {
  // Traced under bash 5.2 (strace): git diff -O/tmp/orderfile opens /tmp/orderfile.
  it.each([
    ["git diff -O/tmp/orderfile", "/tmp/orderfile"],
    ["git log -p -O/tmp/o", "/tmp/o"],
    ["git grep -f.env x", "/repo/.env"],
    ["git grep --file=.env x", "/repo/.env"],
    ["git -c diff.orderFile=/tmp/x diff", "/tmp/x"],
    ["git -c user.signingKey=~/.ssh/id_ed25519 log", "/home/user/.ssh/id_ed25519"],
  ])("%s reads %s", async (command, path) => {
    const analysis = await analyze(command);
    expect(analysis.paths.map((p) => p.path)).toContain(path);
  });
});

describe("adversarial: npm's script shell and code-loading options are floored", () => {
  // Traced with npm 11: `npm run x --script-sh=/tmp/evil` and NPM_CONFIG_SCRIPT_SHELL both run
  // the script through /tmp/evil.
  it.each([
    ["npm run build --script-shell=./evil"],
    ["npm run build --script-sh ./evil"],
    ["npm test --node-options='--require /tmp/x.js'"],
    ["npm_config_script_shell=./evil npm run build"],
    ["NPM_CONFIG_SCRIPT_SHELL=./evil npm run build"],
    ["export npm_config_script_shell=./evil; npm run build"],
    ["NODE_OPTIONS='--require /tmp/x.js' npm test"],
    ['NODE_OPTIONS="$X" node a.js'],
    ["PERL5OPT=-Mx perl y.pl"],
    ["JAVA_TOOL_OPTIONS=-javaagent:/tmp/a.jar java -jar x.jar"],
    // round9 I6: JVM options that name a file the JVM writes (unified logging, GC log, dumps).
    ["JAVA_TOOL_OPTIONS='-Xlog:os:file=/home/user/pwned' java -version"],
    ["JDK_JAVA_OPTIONS=-XX:HeapDumpPath=/home/user/d java -jar x.jar"],
    ["_JAVA_OPTIONS=-Xloggc:/home/user/gc java -version"],
    ["JDK_JAVA_OPTIONS=@/home/user/args java -version"],
    ["JAVA_TOOL_OPTIONS=-Djava.util.logging.config.file=/home/user/x java -version"],
    ["echo x > e.so; OPENSSL_ENGINES=. openssl version"],
    ["GST_PLUGIN_PATH=p gst-inspect-1.0"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([
    ["NODE_OPTIONS=--max-old-space-size=4096 npm test"],
    ["JAVA_TOOL_OPTIONS='-Xmx2g -XX:MaxDirectMemorySize=1g -Dfile.encoding=UTF-8' java -version"],
    ["OPENSSL_MODULES=/usr/lib/ossl-modules openssl version"],
    ["npm run build --silent"],
    ["npm run build -- --watch"],
  ])("stays proven: %s", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("adversarial: npm runs the command an alias or a unique prefix names", () => {
  // Checked with npm 11: `npm publis --dry-run` and `npm pub --dry-run` publish; `npm p` is unknown.
  it.each([
    ["npm pub", "npm publish"],
    ["npm publis --tag next", "npm publish --tag next"],
    ["npm --silent pub", "npm --silent publish"],
    ["npm --prefix . publ", "npm --prefix . publish"],
    ["npm unpub x", "npm unpublish x"],
    ["npm tst", "npm test"],
    ["npm rum build", "npm run build"],
    ["npm installTest", "npm install-test"],
  ])("%s executes %s", async (command, executed) => {
    expect(runs(await analyze(command))).toEqual([executed]);
  });

  it.each([["npm p"], ["npm run pub"], ["npm test"], ["npm run build"]])(
    "stays as written: %s",
    async (command) => {
      expect(runs(await analyze(command))).toEqual([command]);
    },
  );
});

describe("adversarial: git subtree push is a push", () => {
  // git-subtree.sh ends `cmd_push` with `git push "$repository" "$localrevname:refs/heads/$remoteref"`.
  // Both split first, and cmd_split's cache_setup removes and remakes its cache under the git
  // folder (git-scripts.ts; strace: rm -rf /repo/.git/subtree-cache/PID).
  const cache = [
    "rm -rf /repo/.git/subtree-cache/$$",
    "mkdir -p /repo/.git/subtree-cache/$$",
    "mkdir -p /repo/.git/subtree-cache/$$/notree",
  ];
  it("executes git push", async () => {
    expect(runs(await analyze("git subtree push -P lib origin main"))).toEqual([
      "git push -P lib origin main",
      ...cache,
    ]);
  });

  it("leaves the other subtree commands as written", async () => {
    expect(runs(await analyze("git subtree split -P lib"))).toEqual([
      "git subtree split -P lib",
      ...cache,
    ]);
  });
});

describe("adversarial: git and npm run under another name", () => {
  it.each([
    ["/usr/lib/git-core/git-push origin main", "git push origin main"],
    ["git-commit -m x", "git commit -m x"],
    ["/usr/lib/node_modules/npm/bin/npm-cli.js pub", "npm publish"],
  ])("%s executes %s", async (command, executed) => {
    expect(runs(await analyze(command))).toEqual([executed]);
  });

  // Since 223a32e (R22 git-ext-dashed) a git-NAME program PATH finds is the extension
  // `git NAME` runs (git-town sync pushes), so it is read as that command with git's alias
  // sentinel; one run by a relative path is a project script and stays as written.
  it("reads a program PATH finds as git-NAME as the extension git NAME runs", async () => {
    const analysis = await analyze("git-lfs-helper push");
    expect(runs(analysis)).toEqual(["git lfs-helper push"]);
    expect(sentinels(analysis)).toContain("<git-alias>");
    expect(runs(await analyze("./tools/git-lfs-helper push"))).toEqual([
      "./tools/git-lfs-helper push",
    ]);
  });
});

describe("adversarial: a value one branch may have set is never the environment's", () => {
  it.each([
    ["true && x='a[$(rm -rf build)]'; echo $((x))"],
    ["if [ -f f ]; then x='a[$(rm -rf build)]'; fi; echo $((x))"],
    ["echo a && x='$(rm -rf build)'; echo ${x@P}"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<evaluated-string>");
  });

  it("keeps a value both branches set", async () => {
    const analysis = await analyze("if [ -f f ]; then n=1; else n=2; fi; echo $((n + 1))");
    expect(sentinels(analysis)).toEqual([]);
  });
});

describe("adversarial: input redirected onto a compound command feeds every command in it", () => {
  it.each([
    ["{ python3; } < job.py"],
    ["( node ) < job.js"],
    ["! php < deploy.php"],
    ["if true; then perl; fi < job.pl"],
    ["for i in 1; do python3; done < job.py"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it("keeps a reader in a redirected loop proven", async () => {
    expect(sentinels(await analyze("while read -r l; do echo $l; done < list.txt"))).toEqual([]);
  });
});

describe("adversarial: PATH rebound by the string makes a bare name run a file of its choosing", () => {
  it.each([
    ["PATH=. cat README.md"],
    ["PATH=/tmp/evil:$PATH cat README.md"],
    ['PATH="/tmp/evil:${PATH}" git status'],
    ["PATH=/tmp/evil:$PATH; git status"],
    ["export PATH=/tmp/evil:$PATH; git status"],
    ["env PATH=/tmp/evil cat README.md"],
    ["sudo PATH=. ls"],
    ["PATH= ls"],
    ["PATH+=:. ls"],
    ["PATH+=/usr/bin; ls"],
    ["PATH[0]=.; ls"],
    ["unset PATH; ls"],
    ["f() { local PATH; ls; }; f"],
    ["read -r PATH < p; ls"],
    ["for PATH in .; do ls; done"],
    ["printf -v PATH .; ls"],
    ['read -r "$n" < p; ls'],
    ["declare -n r; r=PATH; r=.; ls"],
    ['export "$x"; ls'],
    ["f() { read PATH; }; f < p; ls"],
    ["((PATH=0)); ls"],
    ["n=PATH; (( $n = 0 )); ls"],
    ["echo $((PATH=0)) && ls"],
    [": ${PATH:=.}; ls"],
    ["exec {PATH}>/dev/null; ls"],
    ["coproc PATH { :; }; ls"],
    ["BASH_CMDS[cat]=./x; cat README.md"],
    ["bash -c 'PATH=. cat README.md'"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([
    ["PATH=/usr/bin:$PATH git status"],
    ['PATH="/usr/local/bin:${PATH}" git status'],
    ["PATH=/opt/homebrew/bin:$PATH; git status"],
    ["echo $PATH; ls"],
    ["export PATH; ls"],
    ["read -r line < f; ls"],
    ["x=1; echo $((x + 1))"],
    ['printf "%s" "$x"'],
    ["local c"],
  ])("keeps %s proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("adversarial: a function called with stdin fed gives it to its body", () => {
  it.each([
    ["f() { python3; }; f < job.py"],
    ["f() { python3; }; cat job.py | f"],
    ['f() { node; }; f <<< "require(1)"'],
    ["g() { bash; }; f() { g; }; f < job.sh"],
    ["f() { g; }; g() { perl; }; f < job.pl"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([
    ["f() { grep x; }; f < log"],
    ["f() { python3; }; f"],
    ["f() { python3; }; command f < job.py"],
    ["f() { f; }; f < x"],
  ])("keeps %s proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("adversarial: fc runs an editor or a stored history line", () => {
  it.each([
    ['set -o history; history -s x; fc -e "git push"'],
    ['set -o history; history -s "git push origin main"; fc -s git'],
    ["fc"],
    ["fc -e vi -1"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([["fc -l"], ["fc -ln 1 5"], ["history"], ["history -c"]])(
    "keeps %s proven",
    async (command) => {
      expect(sentinels(await analyze(command))).toEqual([]);
    },
  );
});

describe("adversarial: a git file:// URL is the directory it names", () => {
  it.each([
    ["git fetch file:///tmp/xrepo", "/tmp/xrepo", "read"],
    ["git clone file:///tmp/x y", "/tmp/x", "read"],
    ["git pull file://localhost/tmp/x main", "/tmp/x", "read"],
    ["git ls-remote FILE:///tmp/a%20b", "/tmp/a b", "read"],
    ["git push file:///tmp/x HEAD", "/tmp/x", "read_write"],
    ["git remote add o file:///etc/r", "/etc/r", "read"],
  ])("%s", async (command, path, access) => {
    const analysis = await analyze(command);
    expect(analysis.paths).toContainEqual(expect.objectContaining({ path, access }));
  });
});

describe("adversarial: a whole command line given as one word to a program nobody knows", () => {
  it.each([
    [`watchexec -- 'bash -c "git push"'`],
    [`nodemon --exec 'python3 -c "import os; os.system(1)"'`],
    [`concurrently "python3 -c 'import os'"`],
    ["hyperfine 'python3 -c x'"],
    ["tmux new-session -d 'python3 -c x'"],
    ["mytool --cmd='python3 -c x'"],
    ["runner 'npm test && node -e x'"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it("lists the units of a literal shell script in it", async () => {
    expect(runs(await analyze(`watchexec -- 'bash -c "git push"'`))).toContain("git push");
  });

  it.each([
    ['concurrently "npm run a" "npm run b"'],
    ['gh pr create --title "fix a bug" --body "run make"'],
    ["mytool 'it''s fine'"],
  ])("keeps %s proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("adversarial: values evaluated as arithmetic after quote removal or through the integer attribute", () => {
  it.each([
    // [[ ]] removes the quotes of an arithmetic operand, then evaluates its subscript.
    ["[[ 'a[$(rm y)]' -eq 1 ]]"],
    ['[[ 1 -lt "a[\\`rm y\\`]" ]]'],
    // A compound assignment's subscript is quote-removed, then evaluated (indexed arrays).
    ["a=( ['a[$(rm y)]']=1 )"],
    ["declare -a a=( [ 'a[$(rm y)]' ]=1 )"],
    ['a=(["\\$(rm y)"]=1)'],
    ["a=(['`rm y`']=1)"],
    ["a=([$'\\x60rm y\\x60']=1)"],
    ["x='a[$(rm y)]'; a=([x]=1)"],
    // What is assigned to an integer variable, by any route, is evaluated.
    ["declare -i x; read x <<< 'a[$(rm y)]'"],
    ["declare -i x; mapfile x <<< 'a[$(rm y)]'"],
    ["declare -i x; for x in 'a[$(rm y)]'; do :; done"],
    ["declare -i x; : ${x:='a[$(rm y)]'}"],
    ["declare -i x; select x in 'a[$(rm y)]'; do break; done"],
    ["declare -ai a; a=('a[$(rm y)]')"],
    ["declare -ai a; a+=('a[$(rm y)]')"],
    ["declare -ai a; a[0]='a[$(rm y)]'"],
    ["f() { declare -gi x; }; f; read x <<< 'a[$(rm y)]'"],
    ["declare \"-i\" x; read x <<< 'a[$(rm y)]'"],
    // A declaration run as a plain command gives its attributes all the same.
    ["time declare -i n; n='a[$(rm y)]'"],
    ["! declare -i n; n='a[$(rm y)]'"],
    ["command typeset -i n; n='a[$(rm y)]'"],
    ["builtin declare -i n; read n < f"],
    ["command declare -i n='a[$(rm y)]'"],
    ["time declare -n r='a[$(rm y)]'; echo $r"],
    ["f(){ declare -gi n; }; f; n='a[$(rm y)]'"],
    // The variables a builtin fills without being named.
    ["declare -i REPLY; read <<< 'a[$(rm y)]'"],
    ["declare -ai MAPFILE; mapfile <<< 'a[$(rm y)]'"],
    ["declare -i OPTARG; getopts a: o -a 'a[$(rm y)]'"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<evaluated-string>");
  });

  it.each([
    ["[[ 3 -eq 'x' ]]"],
    ["a=([0]=x [1]='y z')"],
    ["declare -A m=(['key with space']=1)"],
    ["declare -i n; n=4; read x < f"],
    ["declare -i n; for n in 1 2 3; do echo $n; done"],
    ['f() { read -r line; echo "$line"; }; f < f'],
    ["f() { out=$(git status); }; npm run lint -- --fix"],
    ["source .venv/bin/activate; x=$(pwd); echo $x"],
    ["command declare -x n=3; n=$(date)"],
  ])("stays proven: %s", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("adversarial: a declaration's word is one shell word, however the grammar splits it", () => {
  it.each([
    ['declare PA""TH=/tmp/e; cat x'],
    ['export "PA"TH=/tmp/e; cat x'],
    ['export "PATH=/tmp/e"; cat x'],
    ["typeset PA''TH=.; git status"],
  ])("%s rebinds PATH", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([
    ['declare "x=.env"; cat $x', "/repo/.env"],
    ['export HO""ME=/repo/k; cat ~/id', "/repo/k/id"],
  ])("%s follows the value", async (command, path) => {
    expect((await analyze(command)).paths.map((p) => p.path)).toContain(path);
  });

  it.each([
    ["declare -l x; x=.ENV; cat $x"],
    ["declare -l x=.ENV; cat $x"],
    ["typeset -u x; x=.env; cat $x"],
    ["command declare -l x; x=.ENV; cat $x"],
    ["f(){ declare -gl x; }; f; x=.ENV; cat $x"],
  ])("%s: a case attribute changes the value", async (command) => {
    const cat = (await analyze(command)).paths.filter((p) => p.raw === "$x");
    expect(cat.map((p) => p.path)).toEqual([null]);
  });

  it('finds the command in export "GIT_SSH_COMMAND=…"', async () => {
    expect(runs(await analyze('export "GIT_SSH_COMMAND=rm -rf x"; git fetch'))).toContain(
      "rm -rf x",
    );
  });
});

describe("adversarial: dotglob and nocaseglob widen what a glob names", () => {
  const globs = async (command: string) =>
    (await analyze(command)).paths.flatMap((p) => (p.glob === undefined ? [] : [p.glob]));
  it.each([
    ["GLOBIGNORE=x; cat *", "/repo/.*"],
    ["GLOBIGNORE=x\ncat *", "/repo/.*"],
    ['declare GLOB""IGNORE=x; cat */*', "/repo/.*/.*"],
    ["read GLOBIGNORE < f; cat ?nv", "/repo/.nv"],
    ["shopt -s dotglob; cat [.e]nv", "/repo/.nv"],
    ["shopt -s nocaseglob; cat .EN?", "/repo/.[eE][nN]?"],
    ["shopt -s nocaseglob; cat ~/.SS*/id", "/home/user/.[sS][sS]*/id"],
  ])("%s", async (command, glob) => {
    expect(await globs(command)).toContain(glob);
  });

  it("leaves a glob as written when neither can be on", async () => {
    expect(await globs("cat * .EN?")).toEqual(["/repo/*", "/repo/.EN?"]);
  });
});

describe("adversarial: an element of BASH_ALIASES is an alias", () => {
  it.each([
    ["shopt -s expand_aliases\nBASH_ALIASES[ls]='rm -rf build'\nls"],
    ["shopt -s expand_aliases\nBASH_ALIASES=([ls]='rm -rf build')\nls"],
    ["shopt -s expand_aliases\nBASH_ALIASES+=([ls]='rm -rf build')\nls"],
    ["shopt -s expand_aliases\nread 'BASH_ALIASES[ls]' <<< 'rm -rf build'\nls"],
    ["shopt -s expand_aliases\nprintf -v 'BASH_ALIASES[ls]' 'rm -rf build'\nls"],
    ["shopt -s expand_aliases\nprintf -v $'BASH_\\x41LIASES[ls]' 'rm -rf build'\nls"],
    ["shopt -s expand_aliases\n: ${BASH_ALIASES[ls]:='rm -rf build'}\nls"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });
});

describe("adversarial: a variable's value evaluated inside text the grammar hands back", () => {
  it.each([
    ["x='a[$(rm y)]'; cat <<EOF\n$((x))\nEOF"],
    ["x='a[$(rm y)]'; z=abc; cat <<EOF\n${z:x}\nEOF"],
    ["x='a[$(rm y)]'; echo \"${z:-$((x))}\""],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<evaluated-string>");
  });

  it.each([
    ["x='a[$(rm y)]'; cat <<'EOF'\n$((x))\nEOF"],
    ["x=5; cat <<EOF\n$((x)) ${z:x} $[x]\nEOF"],
    ["cat <<EOF\n$((1+2)) ${HOME:0:3} $[RANDOM]\nEOF"],
  ])("stays proven: %s", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("adversarial: a package manager after the string wrote what it runs", () => {
  it.each([
    [`echo '{"scripts":{"test":"rm -rf build"}}' > package.json; npm test`],
    ["echo 'script-shell=./x.sh' > .npmrc; npm test"],
    ["echo 'rm -rf build' > node_modules/.bin/x; chmod +x node_modules/.bin/x; npx x"],
    ["f=package.json; echo x > $f; pnpm test"],
    ["cp x.json *; yarn build"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([
    // Written outside the project (a write in it floors npm test: s31 written-unnamed-load).
    ["echo hi > /tmp/notes.txt; npm test"],
    ["npm test > test.log 2>&1"],
    ["npm run build && cp -r dist /repo/out && npm test"],
  ])("keeps %s proven", async (command) => {
    expect(sentinels(await analyze(command))).toEqual([]);
  });
});

describe("adversarial: an unquoted expansion splits on an IFS the string may have changed", () => {
  it.each([
    ["ls >/dev/null && IFS=_; x=a_.env; cat $x"],
    ["if true; then IFS=_; fi; x=a_.env; cat $x"],
    // One branch's value splits into several words.
    ["if grep -q z f; then x='a b'; else x='c .env'; fi; cat $x"],
  ])("%s", async (command) => {
    const paths = (await analyzeFull(command)).paths.filter((p) => p.raw === "$x");
    expect(paths.map((p) => p.path)).toEqual([null]);
  });

  it("keeps the value when IFS is decided", async () => {
    const paths = (await analyzeFull("x=a_.env; cat $x")).paths;
    expect(paths.map((p) => p.path)).toEqual(["/repo/a_.env"]);
  });

  it("splits on the one IFS a loop over a literal word gives it", async () => {
    // Each round's IFS is `_` (the loop word needs no IFS to expand): bash runs cat a .env.
    const command = "for IFS in _; do x=a_.env; cat $x; done";
    const paths = (await analyzeFull(command)).paths.filter((p) => p.raw === "$x");
    expect(paths.map((p) => p.path)).toEqual(["/repo/a", "/repo/.env"]);
  });
});

describe("adversarial: env takes any word holding = as a variable, BASH_FUNC_ functions included", () => {
  it.each([
    ["env 'BASH_FUNC_ls%%=() { rm -rf build; }' bash <<< ls"],
    ["env 'BASH_FUNC_ls%%=() { rm -rf build; }' bash script.sh"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([
    ["env 'a b=1' rm -rf build", "rm -rf build"],
    ["env ./x=1 rm -rf build", "rm -rf build"],
  ])("%s runs %s", async (command, inner) => {
    expect(runs(await analyze(command))).toContain(inner);
  });
});

describe("adversarial: python after the string wrote a module it may import", () => {
  it.each([
    ["echo 'import os' > json.py; python3 -m json.tool < f"],
    ["echo x > helper.py; python3 main.py"],
    ["echo x > tools/helper.py; python3 tools/main.py"],
    ["echo x > sub/x.py; python3 -c 'import sub.x'"],
  ])("%s", async (command) => {
    expect(sentinels(await analyze(command))).toContain("<opaque-bash-wrapper>");
  });

  it.each([["echo x > notes.txt; python3 -m json.tool < f"], ["python3 -m pytest > out.log"]])(
    "keeps %s proven",
    async (command) => {
      expect(sentinels(await analyze(command))).toEqual([]);
    },
  );
});
