import { describe, expect, it } from "vitest";
import { allowedUnderP4 } from "./allowed-under-p4.ts";
import { analyze } from "./helpers.ts";

// S33 empty-trusted-output (r33a): `$(pwd)`, `$(date +%s)`, `$(id -u)`, `$(nproc)` and
// `$(cat <<'EOF' … EOF)` were read as always printing. Traced under bash 5.2 in /repo: with no
// descriptor left for the substitution's pipe (`ulimit -n 4`, `prlimit --pid $$ --nofile=4`,
// every descriptor kept by `exec` redirections) bash says "cannot make pipe for command
// substitution", the substitution expands to nothing and the command still runs:
// `cat "$(pwd)/etc/hostname"` read /etc/hostname, `touch "..$(id -u)/../etc/x"` touched
// ../../etc/x. Where the string may exhaust descriptors, each such word is now read with the
// output and without it; elsewhere the one reading stays.

/** The absolute paths and globs the analysis names for a command. */
async function names(command: string): Promise<(string | null)[]> {
  const analysis = await analyze(command);
  return analysis.paths.map((path) => path.path ?? path.glob ?? null);
}

describe("s33: a trusted substitution may print nothing where descriptors may run out", () => {
  it.each([
    ['ulimit -n 4; ls "`pwd`/home/user/.ssh"', "/home/user/.ssh"],
    ['ulimit -n 4; cat "$(pwd)/etc/hostname"', "/etc/hostname"],
    ['ulimit -n 4; echo x > "$(pwd)/etc/x"', "/etc/x"],
    ['ulimit -n 4; touch "..$(id -u)/../etc/x"', "/etc/x"],
    ['ulimit -n 4; cat "..$(date +%s)/etc/hostname"', "/etc/hostname"],
    ['ulimit -n 4; X=$(pwd); cat "$X/etc/hostname"', "/etc/hostname"],
    ['ulimit -n 4; X=`date +%s`; touch "..$X/../etc/x"', "/etc/x"],
    ['ulimit -Sn 4; cat "$(nproc)/../etc/hostname"', "/etc/hostname"],
    ['prlimit --pid $$ --nofile=4; cat "$(pwd)/etc/hostname"', "/etc/hostname"],
    ['u""limit -n 4; cat "$(pwd)/etc/hostname"', "/etc/hostname"],
    ["$'\\x75limit' -n 4; cat \"$(pwd)/etc/hostname\"", "/etc/hostname"],
    ['cat "$(pwd)/etc/hostname"; ulimit -n 4', "/etc/hostname"],
    ["bash -c 'cat \"$(pwd)/etc/hostname\"'; ulimit -n 4", "/etc/hostname"],
    [
      'for i in $(seq 1 20100); do exec {fd}</dev/null; done; exec 3</dev/null 4</dev/null; cat "$(pwd)/etc/hostname"',
      "/etc/hostname",
    ],
    ["ulimit -n 4; cat \"$(cat <<'EOF'\nx\nEOF\n)/../etc/hostname\"", "/etc/hostname"],
    ['ulimit -n 4; cat "$(dirname src/a.ts)/../etc/hostname"', "/etc/hostname"],
  ])("%s names %s", async (command, path) => {
    expect(await names(command)).toContain(path);
  });

  it("judges the command's words with the substitution gone", async () => {
    const argvs = (await analyze('ulimit -n 4; rm -rf "$(date +%s)/tmp"')).units.map((unit) => [
      ...unit.argv,
    ]);
    expect(argvs).toContainEqual(["rm", "-rf", "/tmp"]);
  });

  it.each([
    // Without a limit or kept descriptors, the one reading stays.
    'cat "$(pwd)/README.md"',
    'touch "out-$(date +%s).log"',
    "touch out-$(date +%s).log",
    'X=$(pwd); cat "$X/README.md"',
    'cat "..$(id -u)/x" 2>/dev/null',
  ])("%s keeps its one reading", async (command) => {
    expect(await allowedUnderP4(command)).toBe(true);
  });

  it.each([
    // find's `-exec` keeps no descriptor of the shell's, a redirect alone neither.
    'find . -exec cat {} + > "..$(date +%s)/x"',
    'echo hi > "..$(date +%s)/x" 2>&1',
    'exec git status > "..$(nproc)/x"',
  ])("%s never names /x", async (command) => {
    expect(await names(command)).not.toContain("/x");
  });
});
