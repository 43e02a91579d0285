import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

// S27 wrapper-script-helpers: memusage was peeled as a transparent wrapper, so only the command
// it wraps was judged. It is a bash script: with -p and no -d it makes a temporary data file
// (`mktemp -t memusage.XXXXXX`), then runs memusagestat on it and `rm -f` (traced). The other
// script wrappers of the table start helpers too: fakeroot (getopt, sed, faked, cut) and
// dpkg-architecture (dpkg, the compiler). Each helper is a unit judged by its words.

/** Each unit's executed words. */
async function runsOf(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.units.map((unit) => (unit.executed ?? unit.argv).join(" "));
}

describe("s27: a wrapper that is a script starts its own helpers", () => {
  it.each([
    ["memusage -p m.png ls", "rm -f $TMPDIR/memusage.XXXXXX"],
    ["memusage --png=m.png git status", "memusagestat $TMPDIR/memusage.XXXXXX m.png"],
    ["memusage --pn m.png -t ls", "memusagestat -t $TMPDIR/memusage.XXXXXX m.png"],
    ["memusage -p m.png ls", "mktemp -t memusage.XXXXXX"],
    ["memusage -d m.dat -p m.png ls", "memusagestat m.dat m.png"],
    ["nice memusage -p m.png ls", "rm -f $TMPDIR/memusage.XXXXXX"],
    ["fakeroot ls", "faked-sysv"],
    ["fakeroot-tcp -u -- make", "faked-tcp"],
    ["dpkg-architecture -c ls", "gcc -dumpmachine"],
    ["dpkg-architecture -aarm64 -c ls", "dpkg --print-architecture"],
  ])("%s runs %s", async (command, helper) => {
    expect(await runsOf(command)).toContain(helper);
  });

  it("keeps the wrapped command the first unit", async () => {
    expect((await runsOf("memusage -p m.png ls"))[0]).toBe("ls");
  });

  it("the temporary data file is a computed write and read", async () => {
    const analysis = await analyze("memusage -p m.png ls");
    const computed = analysis.paths.filter((path) => path.path === null);
    expect(computed.length).toBeGreaterThan(0);
  });

  it.each(["memusage ls", "memusage -d m.dat ls", "memusage -- ls"])(
    "%s starts no helper: without -p there is no graph",
    async (command) => {
      expect(await runsOf(command)).toEqual(["ls"]);
    },
  );
});
