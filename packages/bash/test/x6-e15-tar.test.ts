import { describe, expect, it } from "vitest";
import type { BashUnit } from "../src/index.ts";
import { operandPaths } from "../src/programs/paths.ts";
import { wordFromText } from "../src/read/words.ts";
import { analyze, opaqueWrapper } from "./helpers.ts";

/** The first unit of a command. */
async function first(command: string): Promise<BashUnit> {
  return (await analyze(command)).units[0] as BashUnit;
}

// E15 findings, each traced under bash 5.2 in the oracle sandbox.
describe("adversarial: tar's old-style first word takes I and F too (E15 tar-oldstyle-command-letter)", () => {
  // strace: `tar cfI x.tar 'git push' src` ran /bin/sh -c 'git push'; `tar xIf 'git push'
  // x.tar` ran git push -d; `tar cMLFf 10 'git push' x.tar big` ran it at the volume's end.
  it.each([
    "tar cfI x.tar 'git push' src",
    "tar xIf 'git push' x.tar",
    "tar cMLFf 10 'git push' x.tar big",
    "tar Ixf 'git push' x.tgz",
    "tar xIfC gzip x.tgz /tmp",
    "gtar cfF x.tar 'git push' src",
  ])("%s runs a program it is given", async (command) => {
    expect((await first(command)).sentinel).toBe(opaqueWrapper);
  });

  it.each(["tar czf x.tgz src", "tar xfC x.tar out", "tar cf x.tar Images Fonts"])(
    "%s stays proven",
    async (command) => {
      expect((await first(command)).sentinel).toBeNull();
    },
  );

  it("reads each old-style value letter's operand in order, I and F included", () => {
    const words = ["tar", "xIfC", "gzip", "x.tgz", "/tmp"].map((text) => wordFromText(text));
    const uses = operandPaths(words, []).map((use) => `${use.access}:${use.word.text}`);
    // strace: gzip -d ran, and src/a.ts was written under /tmp.
    expect(uses).toContain("write:/tmp");
    expect(uses).toContain("read:x.tgz");
    expect(uses).not.toContain("read:gzip");
  });
});
