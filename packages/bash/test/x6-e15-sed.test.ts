import { describe, expect, it } from "vitest";
import type { BashUnit } from "../src/index.ts";
import { analyze, paths } from "./helpers.ts";

/** The first unit of a command. */
async function first(command: string): Promise<BashUnit> {
  return (await analyze(command)).units[0] as BashUnit;
}

// E15 findings, each traced under bash 5.2 in the oracle sandbox.
describe("precision: sed's file commands are judged as paths, not floored (E15 sed-file-commands-floor)", () => {
  // strace: only sed ran, reading README.md (and writing out.txt).
  it.each([
    ["sed -n 's/hello/bye/w /dev/stdout' README.md", "read:/repo/README.md"],
    ["sed -n '/fixture/w out.txt' README.md", "write:/repo/out.txt"],
    ["sed -n 's/a/b/w /tmp/o' README.md", "write:/tmp/o"],
    ["sed --exp='s/a/b/w /tmp/o' README.md", "write:/tmp/o"],
    ["sed -ne 's/a/b/w /tmp/o' README.md", "write:/tmp/o"],
    ["sed -i.bak 's/a/b/w /tmp/o' README.md", "write:/tmp/o"],
    ["sed -n -- '1r /etc/passwd' README.md", "read:/etc/passwd"],
  ])("%s is proven and touches %s", async (command, path) => {
    const analysis = await analyze(command);
    expect(analysis.units[0]?.sentinel).toBeNull();
    expect(paths(analysis)).toContain(path);
  });

  it.each(["sed 's/x/date/e' f", "sed 's/a/b/w o\n1e id' f", "sed -f s.sed f", 'sed "w $X" f'])(
    "%s stays floored",
    async (command) => {
      expect((await first(command)).sentinel).not.toBeNull();
    },
  );
});
