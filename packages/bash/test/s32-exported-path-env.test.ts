// S32 exported-path-env: a variable whose value is a file a program reads or writes (TAPE,
// DEPENDENCIES_OUTPUT, SUNPRO_DEPENDENCIES, PYTHONPYCACHEPREFIX, PGSERVICEFILE, …) was judged
// only as a literal prefix assignment. Traced: `export TAPE=/home/user/.ssh/authorized_keys;
// tar c README.md` made tar create that file, `DEPENDENCIES_OUTPUT=$HOME/.bashrc gcc -E …`
// made cc1 truncate .bashrc, `set -a; DEPENDENCIES_OUTPUT=/home/user/x.d; gcc -E …` wrote it.
// Every way the variable reaches the program counts now, its value expanded as bash does.
import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/** The files the last unit touches outside /repo (`?`: a path the walk cannot name). */
async function outside(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  const last = analysis.units.length - 1;
  return analysis.paths
    .filter((path) => path.unit === last)
    .map((path) => path.path ?? path.glob ?? "?")
    .filter((path) => !path.startsWith("/repo") && !path.startsWith("/dev/"));
}

describe("a path-valued variable however it reaches the program (S32 exported-path-env)", () => {
  it.each([
    [
      "export TAPE=/home/user/.ssh/authorized_keys; tar c README.md",
      "/home/user/.ssh/authorized_keys",
    ],
    ["TAPE=/home/user/k; export TAPE; tar c README.md", "/home/user/k"],
    ["declare -x TAPE=/home/user/k; tar c README.md", "/home/user/k"],
    ["typeset -gx TAPE=/home/user/k; tar c README.md", "/home/user/k"],
    ["set -a; DEPENDENCIES_OUTPUT=/home/user/x.d; gcc -E -x c /dev/null", "/home/user/x.d"],
    ["set -o allexport; DEPENDENCIES_OUTPUT=/home/user/x.d; gcc -E x.c", "/home/user/x.d"],
    [
      "export SUNPRO_DEPENDENCIES='/home/user/.bashrc t'; gcc -E -x c /dev/null",
      "/home/user/.bashrc",
    ],
    ["export PYTHONPYCACHEPREFIX=/home/user/.ssh/pc; python3 -m json.tool", "/home/user/.ssh/pc"],
    [
      "export PGSERVICEFILE=/home/user/.aws/credentials; psql -c 'select 1'",
      "/home/user/.aws/credentials",
    ],
    ["f() { tar c README.md; }; export TAPE=/home/user/k; f", "/home/user/k"],
    ["read -r TAPE <<< /home/user/k; export TAPE; tar c README.md", "?"],
    ["export TAPE=$(cat name.txt); tar c README.md", "?"],
    // A value with expansions, on the command or by a wrapper.
    ['TAPE="$HOME/.ssh/authorized_keys" tar c README.md', "/home/user/.ssh/authorized_keys"],
    ["DEPENDENCIES_OUTPUT=$HOME/.bashrc gcc -E -x c /dev/null", "/home/user/.bashrc"],
    ["d=/home/user; DEPENDENCIES_OUTPUT=$d/x.d gcc -E x.c", "/home/user/x.d"],
    ['SUNPRO_DEPENDENCIES="$HOME/.bashrc t" gcc -E x.c', "/home/user/.bashrc"],
    ["env TAPE=$HOME/k tar c README.md", "/home/user/k"],
    ["TAPE=$(cat name.txt) tar c README.md", "?"],
  ])("%s touches %s", async (command, file) => {
    expect(await outside(command)).toContain(file);
  });

  it.each([
    // Not exported: the program never sees it.
    "X=/home/user/x; tar c README.md",
    "export -n X; X=/home/user/x; tar c README.md",
    'f() { readonly x=README.md; cat "$x"; }; f; f',
    // Values that are no path: a number, a git object name, a URL, a name in the project.
    "export PORT=$((3000+1)); npm start",
    "PORT=$((3000+1)) npm start",
    "export SHA=$(git rev-parse HEAD); npm run build",
    "SHA=$(git rev-parse HEAD) npm run build",
    "export DATABASE_URL=postgres://localhost/db; npm test",
    "export NODE_ENV=production; npm run build",
    "OUT=build; export OUT; npm run build",
    // bash's own builtins read no file from their environment.
    "export X=/home/user/x; echo hi",
  ])("%s names no file outside", async (command) => {
    expect(await outside(command)).toEqual([]);
  });

  it("keeps a data folder's reach and direction", async () => {
    const found = paths(await analyze("export PYTHONPYCACHEPREFIX=/home/user/pc; python3 x.py"));
    expect(found).toContain("write:/home/user/pc");
  });
});
