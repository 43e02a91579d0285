// R21 cmake-arg1, cflags-atfile (wrong allows under P3, traced under bash 5.2 with a one-line
// CMakeLists.txt): every place compiler flags are written is read with one reading of gcc's
// and clang's flags (src/programs/compiler-flags.ts). cmake's CMAKE_<LANG>_COMPILER_ARG1 and
// its -D flag variables start -wrapper's program and open -include/-imacros files as CFLAGS
// does; a response file `@F` in CFLAGS/LDFLAGS is read (and its flags are unknown); cmake's
// compiler checks paste the flags into a `sh -c` line, so shell syntax there runs
// (traced: CFLAGS='x;git push origin' cmake . ran git push); CMAKE_<LANG>_COMPILER may be a
// `;` list of the compiler and its first words (traced: 'git;push;origin' ran git push).
import { describe, expect, it } from "vitest";
import { analyze, paths, runs, unproven } from "./helpers.ts";

describe("compiler flags read the same wherever they are written", () => {
  it.each([
    "cmake -DCMAKE_C_COMPILER_ARG1='-wrapper git,push,origin' .",
    "cmake -D CMAKE_C_COMPILER_ARG1='-wrapper git,push,origin' .",
    "cmake -DCMAKE_CXX_COMPILER_ARG1:STRING='-O2 -wrapper git,push' .",
    "cmake -DCMAKE_C_COMPILER='git;push;origin' .",
    "CFLAGS='x;git push origin' cmake .",
    "CXXFLAGS='-O2 && git push origin' cmake .",
    "CFLAGS='-O2 $(git push origin)' cmake .",
    "CGO_CFLAGS='-wrapper git,push' go build",
    "CGO_LDFLAGS='-wrapper git,push' go build",
    "KCFLAGS='-wrapper git,push' make",
    "CFLAGS='-Wl,-O1 -wrapper=git,push' ./configure",
  ])("%s runs git push", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });

  it.each([
    ["cmake -DCMAKE_C_FLAGS='-include /home/user/notes.txt' .", "read:/home/user/notes.txt"],
    ["cmake -DCMAKE_C_FLAGS='-imacros /home/user/notes.txt' .", "read:/home/user/notes.txt"],
    ["cmake -DCMAKE_CXX_FLAGS=-include/home/user/notes.txt .", "read:/home/user/notes.txt"],
    ["cmake -DCMAKE_C_COMPILER_ARG1='-include .env' .", "read:/repo/.env"],
    ["CFLAGS=@/home/user/notes.txt cmake .", "read:/home/user/notes.txt"],
    ["LDFLAGS=@/home/user/notes.txt cmake .", "read:/home/user/notes.txt"],
    ["CFLAGS=@/home/user/notes.txt ./configure", "read:/home/user/notes.txt"],
    ["env CPPFLAGS=@/home/user/notes.txt cmake .", "read:/home/user/notes.txt"],
    ["CFLAGS='-include .env' pip install .", "read:/repo/.env"],
    ["CFLAGS='-MF /etc/deps' ./configure", "write:/etc/deps"],
    ["LDFLAGS='-Wl,-Map=/etc/x.map' ./configure", "write:/etc/x.map"],
    ["LDFLAGS='-Xlinker -T -Xlinker .env' ./configure", "read:/repo/.env"],
  ])("%s opens %s", async (command, path) => {
    expect(paths(await analyze(command))).toContain(path);
  });

  it.each([
    "cmake -DCMAKE_C_FLAGS=-B/home/user/ .",
    "cmake -DCMAKE_C_FLAGS='-B bin' .",
    "cmake -DCMAKE_C_FLAGS=@flags.txt .",
    "cmake -DCMAKE_C_FLAGS='`git push origin`' .",
    "cmake -DCMAKE_C_FLAGS='-O2 $(git push origin)' .",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash text
    "cmake -DCMAKE_C_FLAGS='-O2 ${X:-y}' .",
    "cmake -DCMAKE_C_COMPILER_ARG1=-fplugin=./p.so .",
    "CFLAGS=@flags.txt cmake .",
    "LDFLAGS='-Wl,@link.rsp' cmake .",
    "LDFLAGS='--plugin ./p.so' ./configure",
    "LDFLAGS=-plugin=./p.so ./configure",
    "CFLAGS='--gcc-toolchain=./tc' cmake .",
    "CFLAGS='-Xclang -load -Xclang ./p.so' cmake .",
    "COMPILER_PATH=bin cmake .",
    "GCC_EXEC_PREFIX=./bin/ cmake .",
    "gcc --gcc-toolchain=./tc x.c",
    "gcc -Xclang -load",
  ])("%s runs what it cannot show", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "CFLAGS='-O2 -g' cmake .",
    "cmake -DCMAKE_C_FLAGS='-O2 -Wall' -S . -B build",
    "cmake -DCMAKE_C_COMPILER_ARG1=-m32 .",
    "CFLAGS=-O2 LDFLAGS='-Wl,--as-needed' ./configure",
    "gcc -O2 -include src/config.h -o x x.c",
    "LDFLAGS='-Wl,-rpath,$ORIGIN' cmake ..",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: bash text
    "cmake -DCMAKE_SHARED_LINKER_FLAGS='-Wl,-rpath,${ORIGIN}' .",
  ])("%s runs nothing more", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});
