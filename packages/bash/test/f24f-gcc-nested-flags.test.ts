// R24 gcc-compare-debug (wrong allows under P3, traced under bash 5.2 in the oracle): gcc's
// `-fcompare-debug=OPTS` and the `GCC_COMPARE_DEBUG` variable compile a second time with OPTS,
// so a `-wrapper git,push,origin` there runs `git push origin` around cc1; nobody read the
// option's value. gcc also spells every `-fNAME=V` as `--NAME=V`, has long spellings of its
// hand-on flags (`--for-linker=`, `--for-assembler=`), clang hands `-Xarch_host F` to its
// driver and reads `CCC_OVERRIDE_OPTIONS` as edits of its command line. A flags value pasted
// into make's or cmake's `sh -c` line keeps a backslash-escaped blank inside one word (traced:
// `CFLAGS='-fcompare-debug=-wrapper\ git,push,origin' cmake .` compiled with the one word).
import { describe, expect, it } from "vitest";
import { compilerFlagEffects, flagWords } from "../src/programs/compiler-flags.ts";
import { runs, unproven } from "./helpers.ts";

describe("flags inside a driver flag's value are the driver's", () => {
  it.each([
    ["-fcompare-debug=-wrapper git,push,origin", ["git", "push", "origin"]],
    ["--compare-debug=-wrapper git,push", ["git", "push"]],
    ["-fcompare-debug=-O1\t-wrapper=git,push", ["git", "push"]],
  ])("%j runs a wrapper", (flag, program) => {
    expect(compilerFlagEffects([flag, "x.c"]).runs).toContainEqual(program);
  });

  it.each([
    ["-fcompare-debug=-fplugin=./p.so"],
    ["-fcompare-debug=-B ./d"],
    ["-fcompare-debug=-specs=./s"],
    ["-fcompare-debug=@./r"],
    ["--plugin=./p.so"],
    ["--for-linker=-plugin=./p.so"],
    ["--for-linker", "--plugin=./p.so"],
    ["--for-assembler=@./f"],
    ["-Xarch_host", "-fplugin=./p.so"],
    ["-Xopenmp-target", "-fplugin=./p.so"],
    ["-Wl,--load-pass-plugin=./p.so"],
  ])("%j loads code", (...flags) => {
    expect(compilerFlagEffects([...flags, "x.c"]).code.length).toBeGreaterThan(0);
  });

  it.each([
    ["-fcompare-debug"],
    ["-fcompare-debug=-gtoggle"],
    ["-O2", "-g"],
    ["--for-linker=-z,now"],
  ])("%j loads nothing", (...flags) => {
    const effects = compilerFlagEffects([...flags, "x.c"]);
    expect(effects.code).toEqual([]);
    expect(effects.runs).toEqual([]);
  });

  it("reads a backslash as sh does", () => {
    expect(flagWords("-fcompare-debug=-wrapper\\ git,push -O2")).toEqual([
      "-fcompare-debug=-wrapper git,push",
      "-O2",
    ]);
    expect(flagWords(`"a\\"b" 'c\\d' e\\\nf`)).toEqual(['a"b', "c\\d", "ef"]);
  });
});

describe("the second compile's wrapper runs", () => {
  it.each([
    "GCC_COMPARE_DEBUG='-wrapper git,push,origin' gcc -x c -c /dev/null -o x.o",
    "export GCC_COMPARE_DEBUG='-wrapper git,push,origin'; gcc -x c -c /dev/null -o x.o",
    "CFLAGS='-fcompare-debug=-wrapper\\ git,push,origin' cmake .",
    "CFLAGS=\"-fcompare-debug='-wrapper git,push,origin'\" make",
    "cmake -DCMAKE_C_FLAGS='-fcompare-debug=-wrapper\\ git,push,origin' .",
  ])("%j runs git push", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });

  it.each([
    "gcc -x c -c /dev/null -o x.o -fcompare-debug='-wrapper git,push,origin'",
    "gcc -fcompare-debug='-wrapper git,push,origin' -c src/main.c",
    "gcc --compare-debug=-fplugin=./p.so -c x.c",
    "GCC_COMPARE_DEBUG=-fplugin=./p.so gcc -c x.c",
    "gcc --for-linker=-plugin=./p.so x.c",
    "gcc --for-assembler=@./f -c x.c",
    "CCC_OVERRIDE_OPTIONS='+-fplugin=./p.so' clang x.c",
    "CCC_OVERRIDE_OPTIONS='s/x.c/y.c/' clang x.c",
    "clang -Xarch_host -fplugin=./p.so x.c",
  ])("%j is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "gcc -fcompare-debug -c x.c",
    "gcc -O2 -Wall -o x x.c",
    "GCC_COMPARE_DEBUG=1 gcc -c x.c",
    "CCC_OVERRIDE_OPTIONS='# +-O2' clang -c x.c",
  ])("%j runs nothing more", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});
