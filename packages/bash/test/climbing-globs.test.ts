import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The paths a command touches: the file, or the glob it expands. */
async function touched(command: string): Promise<(string | null | undefined)[]> {
  return (await analyze(command)).paths.map((path) => path.path ?? path.glob);
}

describe("a glob or brace word climbs where bash's words do", () => {
  it.each([
    // `~+` is the working directory: its `..` climbs out of it, glob or brace alike.
    ["cat ~+/../etc/pass*", ["/etc/pass*"]],
    ["cat ~+/../etc/{passwd,group}", ["/etc/passwd", "/etc/group"]],
    ["touch ~+/../tmp/{a,b}", ["/tmp/a", "/tmp/b"]],
    ["cat ~+/src/*.ts", ["/repo/src/*.ts"]],
    // An escaped or quoted `..` is still `..` to the kernel.
    ["cat .\\./*/user/notes.txt", ["/*/user/notes.txt"]],
    ['cat ".."/*', ["/*"]],
    ['cat "."/src/*.ts', ["/repo/src/*.ts"]],
  ])("%s", async (command, paths) => {
    expect(await touched(command)).toEqual(paths);
  });

  it("keeps a directory's glob characters literal in the pattern", async () => {
    const analysis = await analyze("cd '/tmp/a[1]' && cat ~+/*.txt");
    const glob = analysis.paths.find((path) => path.raw === "~+/*.txt")?.glob;
    expect(glob).toBe("/tmp/a\\[1\\]/*.txt");
  });
});
