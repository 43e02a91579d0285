// R24/F24f left open: a compiler driver's own `-wrapper PROG,ARG,…` on its command line asked
// (the driver's floor) where the program it runs is known. Traced under bash 5.2 in the oracle:
// `gcc -wrapper git,push,origin x.c` ran `git push origin …/cc1 -quiet … x.c …`, and
// `-fcompare-debug='-wrapper git,push,origin'` the same around the second compile. The
// wrapper's program is now a unit of its own under the driver's opaque layer, so a refused
// program is refused; the driver itself still asks.
import { describe, expect, it } from "vitest";
import { analyze, opaqueWrapper, runs } from "./helpers.ts";

describe("a compiler driver's -wrapper program runs as a unit", () => {
  it.each([
    "gcc -wrapper git,push,origin x.c",
    "gcc -O2 -wrapper git,push -c x.c",
    "x86_64-linux-gnu-gcc-12 -wrapper git,push,origin -c x.c",
    "g++ -x c -wrapper git,push x.c",
    "cc -fcompare-debug='-wrapper git,push,origin' -c x.c",
    "gcc --compare-debug='-wrapper git,push' x.c",
    // The wrapper's own shell line is walked: `$g` is git there.
    "gcc -wrapper sh,-c,'g=git; $g push origin main' x.c",
  ])("%j runs git push", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });

  it.each(["gcc -wrapper git,push,origin x.c", "gcc -wrapper sh,-c,'git push' x.c"])(
    "%j keeps the driver's floor",
    async (command) => {
      const { units } = await analyze(command);
      expect(units[0]?.sentinel).toBe(opaqueWrapper);
      expect(units.every((unit) => unit.sentinel !== null)).toBe(true);
    },
  );

  it.each([
    // A word only known at run time: no program is named, the floor alone judges it.
    'gcc -wrapper "$W" x.c',
    'gcc -wrapper git,push "$X" x.c',
    // No -wrapper: nothing else runs.
    "gcc -O2 -o x x.c",
    "gcc -fplugin=./p.so x.c",
  ])("%j names no wrapper run", async (command) => {
    const { units } = await analyze(command);
    expect(units.some((unit) => unit.executed?.[0] === "git")).toBe(false);
    expect(units).toHaveLength(1);
  });
});
