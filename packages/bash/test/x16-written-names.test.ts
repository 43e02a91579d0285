import { describe, expect, it } from "vitest";
import { WRITTEN_NAMES } from "../src/programs/written-names.ts";
import { analyze, paths } from "./helpers.ts";

const matches = WRITTEN_NAMES.flatMap((entry) => entry.match);
const notMatches = WRITTEN_NAMES.flatMap((entry) => entry.notMatch);

/**
 * Programs whose words name the files they make however the names look (G15
 * bare-name-written-operand: under strace `mkfifo f`, `mknod p0 p`, `ld -o a.out x.o`,
 * `ar rc a.a README.md`, `sqlite3 db.sqlite "create table t(x)"` and
 * `ssh-keygen -q -f k -N ""` wrote /repo/f, /repo/p0, /repo/a.out, /repo/a.a,
 * /repo/db.sqlite and /repo/k with /repo/k.pub; `cd src && ar x ../a.a` wrote
 * /repo/src/README.md).
 */
describe("bare names a program writes by its own grammar", () => {
  it.each(matches)("%s touches %s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it.each(notMatches)("%s writes nothing in the project", async (command) => {
    const analysis = await analyze(command);
    expect(
      analysis.paths.filter(
        (p) => p.access !== "read" && (p.path ?? p.glob ?? "").startsWith("/repo"),
      ),
    ).toEqual([]);
  });

  it.each([
    ["cd src && ar x ../a.a", "write:/repo/src/**"],
    ["cd /tmp && mkfifo f", "write:/tmp/f"],
    ["cd /tmp && gcc -c /repo/x.c", "write:/tmp/x.o"],
  ])("%s writes where the command runs: %s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it.each(["ar xP lib.a", 'ssh-keygen -f "$K"', 'mkfifo -m 600 "$@"'])(
    "a name nobody can know may be any file: %s",
    async (command) => {
      const analysis = await analyze(command);
      expect(analysis.paths.some((p) => p.access !== "read" && p.path === null)).toBe(true);
    },
  );
});
