// M21 cmake-launcher, cflags-wrapper, cmdenv-names (wrong allows under P3, traced under bash
// 5.2: each ran git push): build tools start programs named in variables the walk did not
// know: CMake's launchers and checkers (`CMAKE_C_COMPILER_LAUNCHER='git;push;origin' cmake .`,
// `-DCMAKE_C_CLANG_TIDY=…`), a compiler's `-wrapper PROG,ARG` in CFLAGS or CMAKE_C_FLAGS, the
// cc crate's per-target compilers (`TARGET_CC`, `CC_<target>`), LDCXXSHARED, CONFIG_SHELL,
// autoreconf's AUTOCONF and kubectl's KUBECTL_EXTERNAL_DIFF.
import { describe, expect, it } from "vitest";
import { analyze, runs } from "./helpers.ts";

async function opaque(command: string): Promise<boolean> {
  return (await analyze(command)).units.some((unit) => unit.sentinel !== null);
}

describe("programs build tools start from variables", () => {
  it.each([
    "CMAKE_C_COMPILER_LAUNCHER='git;push;origin' cmake .",
    "CMAKE_CXX_COMPILER_LAUNCHER='git;push;origin' cmake -S . -B build",
    "export CMAKE_C_COMPILER_LAUNCHER='git;push;origin'; cmake .",
    "CMAKE_C_LINKER_LAUNCHER='git;push;origin' cmake .",
    "cmake -DCMAKE_C_COMPILER_LAUNCHER='git;push;origin' .",
    "cmake -D CMAKE_CXX_CLANG_TIDY:STRING='git;push' .",
    "cmake -DCMAKE_C_CLANG_TIDY='git;push;origin' . && cmake --build .",
    "cmake -DCMAKE_C_FLAGS='-wrapper git,push,origin' .",
    "CFLAGS='-wrapper git,push,origin' cmake .",
    "CFLAGS='-O2 -wrapper git,push,origin' ./configure",
    "LDFLAGS='-wrapper git,push' pip install .",
    "CC_x86_64_unknown_linux_gnu='git push origin' cargo build",
    "TARGET_CC='git push origin' cargo build",
    "HOST_CXX='git push' cargo build",
    "LDCXXSHARED='git push origin' pip install .",
    "AUTOCONF='git push origin' autoreconf -i",
    "CONFIG_SHELL='git push origin' ./configure",
    "KUBECTL_EXTERNAL_DIFF='git push origin' kubectl diff -f x.yaml",
  ])("%s runs git push", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });

  it.each([
    'cmake -DCMAKE_C_FLAGS="$F" .',
    'cmake -D"$v" .',
    "CFLAGS='-fplugin=./p.so' make",
    'CMAKE_C_COMPILER_LAUNCHER="$L" cmake .',
  ])("%s runs what it cannot show", async (command) => {
    expect(await opaque(command)).toBe(true);
  });

  it.each([
    "cmake -DCMAKE_BUILD_TYPE=Release -S . -B build",
    "CFLAGS=-O2 ./configure",
    "CC=clang cmake -S . -B build",
  ])("%s runs nothing more", async (command) => {
    expect(await opaque(command)).toBe(false);
  });
});
