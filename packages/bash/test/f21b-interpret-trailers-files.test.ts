// C21 trailers-inplace (wrong allows under P3, traced under bash 5.2): `git interpret-trailers
// --in-place --trailer 'git push origin main;#=x' README.md; bash README.md` ran git push: the
// file operands were no paths at all, so the rewrite went unseen and the runner read the
// project's own README. Its operands are files it reads; `--in-place` writes them back.
import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

async function pathsOf(command: string): Promise<string[]> {
  return (await analyze(command)).paths
    .filter((path) => path.unit === 0)
    .map((path) => `${path.access} ${path.path ?? path.glob ?? path.sentinel}`);
}

describe("git interpret-trailers' file operands", () => {
  it.each([
    ["git interpret-trailers --in-place --trailer 'a=b' README.md", "read_write /repo/README.md"],
    ["git interpret-trailers --in-pl --trailer a=b x.txt", "read_write /repo/x.txt"],
    ["git interpret-trailers --trailer a=b README.md", "read /repo/README.md"],
    ["git interpret-trailers /home/user/.ssh/id_rsa", "read /home/user/.ssh/id_rsa"],
  ])("%s touches %s", async (command, path) => {
    expect(await pathsOf(command)).toContain(path);
  });

  it("a trailer's value is no file", async () => {
    expect(await pathsOf("git interpret-trailers --trailer a=b --where end x.txt")).toEqual([
      "read /repo/x.txt",
    ]);
  });

  it("the rewritten file, run later, is text the string may have written", async () => {
    const analysis = await analyze(
      "git interpret-trailers --in-place --trailer 'git push origin main;#=x' README.md; bash README.md",
    );
    expect(analysis.units.at(-1)?.sentinel).not.toBeNull();
  });
});
