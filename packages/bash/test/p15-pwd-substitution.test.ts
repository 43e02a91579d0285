import { describe, expect, it } from "vitest";
import { analyze, paths } from "./helpers.ts";

/**
 * F14 pwd-substitution (P15), traced under bash 5.2: `cat "$(pwd)/README.md"` reads
 * /repo/README.md and `cd src && wc -l "$(pwd)/a.ts"` reads /repo/src/a.ts. `$(pwd)` prints
 * bash's working directory, which the walk knows as it knows `$PWD`'s; it was a computed path.
 * bash's pwd ignores an assigned PWD (`PWD=/etc; pwd` prints the folder it is in).
 */
describe("$(pwd) is the working directory", () => {
  it.each([
    ['cat "$(pwd)/README.md"', ["read:/repo/README.md"]],
    ['cat "$(pwd)"/README.md', ["read:/repo/README.md"]],
    ['cat "`pwd`/README.md"', ["read:/repo/README.md"]],
    ['cat "$(pwd -L)/README.md"', ["read:/repo/README.md"]],
    ['cd src && wc -l "$(pwd)/a.ts"', ["read:/repo/src", "read:/repo/src/a.ts"]],
    ['PWD=/etc; cat "$(pwd)/README.md"', ["read:/repo/README.md"]],
    ['cat "$(pwd)/.env"', ["read:/repo/.env"]],
    ['cd /etc && cat "$(pwd)/hostname"', ["read:/etc", "read:/etc/hostname"]],
  ])("%s", async (command, expected) => {
    expect(paths(await analyze(command))).toEqual(expected);
  });

  it.each([
    // A function, enable, source or eval may make pwd print anything.
    ['pwd() { echo /etc; }; cat "$(pwd)/hostname"'],
    ['function pwd { echo /etc; }; cat "$(pwd)/hostname"'],
    ['eval "p""wd() { echo /etc; }"; cat "$(pwd)/hostname"'],
    ['enable -n pwd; cat "$(pwd)/README.md"'],
    ['source ./env.sh; cat "$(pwd)/README.md"'],
    // A folder the walk does not know, a physical path, another command in the substitution.
    ['cd "$D" && cat "$(pwd)/x"'],
    ['cat "$(pwd -P)/README.md"'],
    ['cat "$(cd /etc; pwd)/hostname"'],
    ['f() { cat "$(pwd)/README.md"; }; f'],
  ])("%s stays a computed path", async (command) => {
    expect(paths(await analyze(command))).toContain("read:?");
  });
});
