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

describe("a symbolic link's relative target is read from the link's folder", () => {
  it.each([
    // The link src/shared leads to /repo/shared (or, if src/shared is a folder, to a link in it).
    ["ln -s ../shared src/shared", ["/repo/shared", "/repo/src/shared"]],
    // From src, the link ../up is /repo/up, and `..` from /repo is `/`.
    ["cd src && ln -s .. ../up", ["/", "/repo"]],
    ["ln -s -t dir ../x", ["/repo/x"]],
    ["ln -s a b dir/", ["/repo/dir/a", "/repo/dir/b"]],
    // One operand: the link is made here, and its target resolves here.
    ["ln -s ../x", ["/x"]],
    // An absolute target and a hard link's source are what they say.
    ["ln -s /etc/passwd x", ["/etc/passwd"]],
    ["ln ../x y", ["/x"]],
  ])("%s", async (command, reads) => {
    const analysis = await analyze(command);
    const ln = analysis.units.findIndex((unit) => unit.argv[0] === "ln");
    const read = analysis.paths
      .filter((path) => path.unit === ln && path.access === "read")
      .map((path) => path.path);
    expect(read).toEqual(reads);
  });
});
