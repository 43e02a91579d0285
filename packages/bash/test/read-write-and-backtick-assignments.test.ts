import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

describe("`<>` opens a file for reading and writing", () => {
  it.each([
    ["cat <> rw.txt", ["cat <> rw.txt"], [["/repo/rw.txt", "read_write"]]],
    ["exec 3<> README.md", ["exec 3<> README.md"], [["/repo/README.md", "read_write"]]],
    [
      "echo hi > out.txt <> rw.txt; git push",
      ["echo hi > out.txt <> rw.txt", "git push"],
      [
        ["/repo/out.txt", "write"],
        ["/repo/rw.txt", "read_write"],
      ],
    ],
    ["cat <> /etc/x", ["cat <> /etc/x"], [["/etc/x", "read_write"]]],
  ])("%j is read whole", async (command, units, paths) => {
    const analysis = await analyze(command);
    expect(analysis.status).toBe("ok");
    expect(analysis.units.map((unit) => unit.text)).toEqual(units);
    expect(analysis.paths.map((path) => [path.path, path.access])).toEqual(paths);
  });

  it("keeps a `<` then `>` apart when they are two redirects", async () => {
    const analysis = await analyze("cat < in.txt > out.txt");
    expect(analysis.paths.map((path) => [path.path, path.access])).toEqual([
      ["/repo/in.txt", "read"],
      ["/repo/out.txt", "write"],
    ]);
  });
});

describe("a backtick substitution as an assignment's value", () => {
  it.each([
    ["X=`echo q`", ["echo q"]],
    ["X=`rm q`", ["rm q"]],
    ["X=`echo a b c`; git push", ["echo a b c", "git push"]],
    ["X=`echo q` rm -rf /x", ["echo q", "rm -rf /x"]],
  ])("%j is read whole, its commands and the next one's", async (command, executed) => {
    const analysis = await analyze(command);
    expect(analysis.status).toBe("ok");
    expect(analysis.units.map((unit) => unit.executed?.join(" "))).toEqual(executed);
  });

  it("still finds a command the grammar drops after a closed substitution", async () => {
    const analysis = await analyze("X=`echo q`; Y=`pwd` rm x");
    expect(analysis.units.map((unit) => unit.executed?.join(" "))).toEqual([
      "echo q",
      "pwd",
      "rm x",
    ]);
  });
});

describe("a heredoc given to descriptor 0 by name", () => {
  it.each([
    ["cat 0<<EOF\nb\nEOF", ["cat"]],
    ["cat 0<<EOF | git push\nb\nEOF", ["cat", "git push"]],
    ["cat 0<<EOF; rm -rf /x\nb\nEOF", ["cat", "rm -rf /x"]],
  ])("%j is read whole, the heredoc on stdin", async (command, executed) => {
    const analysis = await analyze(command);
    expect(analysis.status).toBe("ok");
    expect(analysis.units.map((unit) => unit.executed?.join(" "))).toEqual(executed);
  });

  it("gives a shell its script from the heredoc", async () => {
    const analysis = await analyze("bash 0<<EOF\nrm -rf /x\nEOF");
    expect(analysis.status).toBe("ok");
    expect(analysis.units.map((unit) => unit.executed?.join(" "))).toContain("rm -rf /x");
  });
});
