// R22 cmake-compiler-words, cmake-asm-env (wrong allows under P3, traced under bash 5.2 with a
// one-line CMakeLists.txt): a build tool runs the compiler program a variable names with the
// words of the flags variables after it, as one command line. `CC=git CFLAGS='push origin'
// cmake .` and `cmake -DCMAKE_C_COMPILER=git -DCMAKE_C_COMPILER_ARG1='push origin' .` ran
// `git push origin CMakeCCompilerId.c`; `LDSHARED=git LDFLAGS='push origin' python3 setup.py
// build` ran `git push origin x.o …`; cmake takes `$ASM` as the assembler with its first words
// (`ASM='gcc -wrapper git,push,origin'` ran git push around each assembly). Each carrier judged
// alone saw an allowed program and no known flag (injection.ts compilerLines).
import { describe, expect, it } from "vitest";
import { runs, unproven } from "./helpers.ts";

describe("a compiler program and the flags after it are one command line", () => {
  it.each([
    "CC=git CFLAGS='push origin' cmake .",
    "CC=git CFLAGS='push origin' cmake -B b",
    "CXX=git CXXFLAGS='push origin' cmake .",
    "CC=git LDFLAGS=push ./configure",
    "CC=git CFLAGS=push pip install .",
    "CC=git CGO_CFLAGS=push go build",
    "LDSHARED=git LDFLAGS='push origin' python3 setup.py build",
    "AR=git ARFLAGS=push make",
    "CC=git CFLAGS=-O2 LDFLAGS=push cargo build",
    "env CC=git CFLAGS=push npm install",
    "export CC=git; CFLAGS='push origin' cmake .",
    "CC=git; export CFLAGS=push; node-gyp rebuild",
    "CMAKE_C_COMPILER_LAUNCHER=git CC=push cmake .",
    "cmake -DCMAKE_C_COMPILER=git -DCMAKE_C_COMPILER_ARG1=push .",
    "cmake -DCMAKE_C_COMPILER=git -DCMAKE_C_COMPILER_ARG1='push origin' .",
    "cmake -DCMAKE_C_COMPILER=git -DCMAKE_C_FLAGS='push origin' .",
    "cmake -D CMAKE_CXX_COMPILER:FILEPATH=git -D CMAKE_CXX_FLAGS:STRING=push .",
    "cmake -DCMAKE_C_COMPILER_LAUNCHER=git -DCMAKE_C_COMPILER=push .",
    "CC=git cmake -DCMAKE_C_COMPILER_ARG1='push origin' .",
    "CFLAGS=push cmake -DCMAKE_C_COMPILER=git .",
    "ASM='gcc -wrapper git,push,origin' cmake . && cmake --build .",
    "ASM='gcc -wrapper git,push,origin' cmake .",
    "ASM_NASM=git ASM_NASMFLAGS=push cmake .",
    "ASM=git ASMFLAGS=push cmake .",
    "CC='gcc -wrapper git,push' ./configure",
    // configure and make take the variables as operands too (autoconf: `./configure CC=…`).
    "./configure CC=git CFLAGS='push origin'",
    "sh configure CC=git CFLAGS=push",
    "../configure --prefix=/usr CC=git LDFLAGS=push",
    "make CC=git CFLAGS=push",
    "CC=git make CFLAGS=push",
    "HOSTCC=git HOSTCFLAGS=push cargo build",
    "ctest --build-and-test . b --build-generator Ninja --build-options -DCMAKE_C_COMPILER=git -DCMAKE_C_FLAGS=push",
    "ctest --build-and-test . b --build-generator Ninja --build-options -DCMAKE_C_COMPILER='git;push'",
    "ctest --build-and-test . b --build-generator Ninja --build-options -DCMAKE_C_FLAGS='-wrapper git,push'",
  ])("%s runs git push", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });

  it.each([
    "CC=npm CFLAGS=publish cmake .",
    "cmake -DCMAKE_C_COMPILER=npm -DCMAKE_C_FLAGS=publish .",
  ])("%s runs npm publish", async (command) => {
    expect(await runs(command, "npm", "publish")).toBe(true);
  });

  it.each([
    // A flags value only known at run time beside a named compiler: any line.
    "read f; CC=git CFLAGS=$f cmake .",
    'CC=git cmake -DCMAKE_C_FLAGS="$x" .',
    // An assembler command line of its own (a blank in the value), as CC's is.
    "ASM='git push' cmake .",
  ])("%s is not proven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "cmake -S . -B build && cmake --build build",
    "CC=clang cmake -B build",
    "CFLAGS=-O2 cmake .",
    "cmake -DCMAKE_C_COMPILER=clang .",
    "cmake -DCMAKE_C_FLAGS=-O2 .",
    "echo CC=git CFLAGS=push",
    'RUSTFLAGS="-D warnings" cargo build',
  ])("%s stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});
