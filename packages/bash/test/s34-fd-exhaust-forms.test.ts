import { describe, expect, it } from "vitest";
import { mayExhaustResources } from "../src/walk/failing-substitutions.ts";
import { allowedUnderP4 } from "./allowed-under-p4.ts";
import { analyze } from "./helpers.ts";

// S34 fd-exhaust-forms (r34a): S33 read trusted substitutions (`$(pwd)`, `$(date +%s)`, …) as
// possibly empty only where the text kept descriptors in the forms it knew (`exec 3<…` with
// `exec` first, `{name}` with a plain name). Traced under bash 5.2 in the oracle (nofile
// 20000): 20200 `echo -n {a[1]}</dev/null` in a nested brace loop (an array element's
// descriptor is kept like `{fd}`'s) then a group holding 3 to 9 by its own redirections, and
// `$(pwd)` expanded to nothing: `cat "$(pwd)/etc/hostname"` read /etc/hostname, `echo x >
// "$(pwd)/tmp/x"` wrote /tmp/x; `3</dev/null exec;` (redirection before `exec`) kept fd 3 the
// same way. The detector now reads every way a string can hold many descriptors at once.

/** The absolute paths and globs the analysis names for a command. */
async function names(command: string): Promise<(string | null)[]> {
  const analysis = await analyze(command);
  return analysis.paths.map((path) => path.path ?? path.glob ?? null);
}

const LOOP = "for i in {1..200}; do for j in {1..101}; do echo -n {a[1]}</dev/null; done; done;";
const GROUP = "3</dev/null 4</dev/null 5</dev/null 6</dev/null 7</dev/null 8</dev/null 9</dev/null";

describe("s34: every form that keeps or holds descriptors empties trusted substitutions", () => {
  it.each([
    [`${LOOP} { cat "$(pwd)/etc/hostname"; } ${GROUP}`, "/etc/hostname"],
    [`${LOOP} { cat "$(pwd)/home/user/.ssh/id_rsa"; } ${GROUP}`, "/home/user/.ssh/id_rsa"],
    [`${LOOP} { echo x > "$(pwd)/tmp/x"; } ${GROUP}`, "/tmp/x"],
    [`${LOOP} { cat "..$(date +%s)/etc/hostname"; } ${GROUP}`, "/etc/hostname"],
    [
      'for i in {1..200}; do for j in {1..101}; do : {a[1]}</dev/null; done; done 2>/dev/null; 3</dev/null exec;4</dev/null exec;5</dev/null exec;6</dev/null exec;7</dev/null exec;8</dev/null exec;9</dev/null exec; cat "$(pwd)/etc/hostname"',
      "/etc/hostname",
    ],
    // Brace expansion copies a process substitution; each stays open while the command's
    // later words expand.
    ['echo <(:){1..200}{1..101} > "$(pwd)/tmp/x"', "/tmp/x"],
  ])("%s names %s", async (command, path) => {
    expect(await names(command)).toContain(path);
  });

  it.each([
    // {name} redirections in every form bash keeps (traced: each left 10, 11, 12 open).
    ": {a[1]}</dev/null",
    ": {a[$i]}</dev/null",
    ": {a[b[1]]}</dev/null",
    ": {a[x]}>&-",
    ": {a}<>/dev/null",
    ": {a}>|/dev/null",
    ": {a}<<<x",
    ": {a}<&0",
    ": {a}>&1",
    "{ :; } {a}</dev/null",
    "f(){ :; } {a}</dev/null",
    "x=1;{a}</dev/null :",
    // exec's redirections wherever they are written and however exec is reached.
    "3</dev/null exec;",
    "exec 3</dev/null",
    "exec\t3</dev/null",
    "exec -- 3</dev/null",
    "exec -a name 3</dev/null",
    "exec $e 3</dev/null",
    'exec "" 3</dev/null',
    "exec ${e} 3< /dev/null",
    "exec \\\n 3</dev/null",
    "command exec 3</dev/null",
    "command -p exec 3</dev/null",
    "builtin exec 3</dev/null",
    "time exec 3</dev/null",
    "X=1 exec 3</dev/null",
    "true;exec 3</dev/null",
    "if exec 3</dev/null; then :; fi",
    "exec &>/dev/null 3</dev/null",
    "e\\xec 3</dev/null",
    "exec exec 3</dev/null",
    "shopt -s execfail; exec nothere 3</dev/null",
    // coproc keeps two.
    "coproc cat",
    // More held redirections than the smallest table allows for.
    `{ :; } ${Array.from({ length: 70 }, (_, i) => `${i + 3}</dev/null`).join(" ")}`,
    `cat ${"<(:) ".repeat(70)}`,
    // A multiplied process substitution.
    "cat <(:){1..200}{1..101}",
    "cat {<(:),<(:)}",
    "cat >(:){a,b}",
    // Recursion holding descriptors at each level.
    "f(){ f 3</dev/null; }",
    ":(){ : 3</dev/null; }",
    "a.b(){ a.b < <(:); }",
    "function f { f <<<x; }",
    "shopt -s lastpipe; f(){ echo | f; }",
  ])("%s may exhaust descriptors", (command) => {
    expect(mayExhaustResources(`${command}; cat "$(pwd)/x"`)).toBe(true);
  });

  it.each([
    // A command's or a group's redirections are released when it ends, a loop re-opens the same
    // ones, `exec prog` replaces the shell, a program's `exec` subcommand is not bash's.
    "{ npm test; } > test.log 2>&1",
    "( npm test ) > test.log 2>&1",
    "for f in src/*.ts; do wc -l $f 2>/dev/null; done > out.txt",
    "while read -r f; do wc -l $f; done < <(git ls-files)",
    "diff <(git show HEAD:src/a.ts) src/a.ts",
    "npm test | tee >(grep FAIL > failures.txt)",
    "npm run build 3>&1 1>&2 2>&3",
    "exec npm test > build.log",
    "exec git status 2>&1",
    "npm exec -- tsc > out.txt",
    "pnpm exec vitest run 2>&1",
    "docker compose exec db psql -c x > out.txt",
    "find . -exec cat {} + > out.txt",
    "echo ${a}>out.txt",
    "echo ${a[1]}>out.txt",
    "f() { git status; }; f | head",
    "x=() ; echo $(date) > out.txt",
  ])("%s keeps every descriptor count small", (command) => {
    expect(mayExhaustResources(`${command}; cat "$(pwd)/x"`)).toBe(false);
  });

  it.each([
    '{ cat "$(pwd)/README.md"; } > test.log 2>&1',
    'for f in src/*.ts; do wc -l "$(pwd)/$f"; done > out.txt 2>&1',
    'exec npm test > "out-$(date +%s).log"',
    'diff <(git show HEAD:src/a.ts) "$(pwd)/src/a.ts"',
  ])("%s keeps its one reading", async (command) => {
    expect(await allowedUnderP4(command)).toBe(true);
  });
});
