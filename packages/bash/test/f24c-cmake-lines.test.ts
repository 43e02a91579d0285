// R24 cmake classes (wrong allows under P3, traced in the oracle unless said): cmake's other
// spellings of a `-D` (`NAME:=VALUE`, `"NAME"=VALUE`), its other program and flags variables
// (CMAKE_CROSSCOMPILING_EMULATOR, CMAKE_<LANG>_STANDARD_LIBRARIES, the rule variables), the
// words `cmake --build DIR --` hands to make, the hidden `cmake -E` commands that run programs
// (`__run_co_compile`, `cmake_link_script`, …), env names bash could not assign (`ASM-ATT`),
// configure run by a shell with options (`sh -e ./configure CC=…`), and the install prefix
// `cmake --install` writes below.
import { describe, expect, it } from "vitest";
import { analyze, runs, unproven } from "./helpers.ts";

describe("cmake's -D spellings, program and flags variables join the compiler line", () => {
  it.each([
    // cmake-define-spelling: an empty type, a quoted name.
    "cmake -DCMAKE_C_COMPILER:=git -DCMAKE_C_FLAGS='push origin' .",
    "cmake '-D\"CMAKE_C_COMPILER\"=git' -DCMAKE_C_FLAGS='push origin' .",
    "cmake -DCMAKE_C_COMPILER=git '-DCMAKE_C_FLAGS:=push origin' .",
    "cmake -D '\"CMAKE_C_COMPILER\":FILEPATH=git' -D CMAKE_C_FLAGS=push .",
    'cmake "-DCMAKE_C_COMPILER=git  " -DCMAKE_C_FLAGS=push .',
    "cmake \"-DCMAKE_C_COMPILER='git;push'\" .",
    // cmake-standard-libraries, and the other words cmake pastes into a link line.
    "cmake -DCMAKE_C_STANDARD_LIBRARIES='-wrapper git,push,origin' . && cmake --build .",
    "cmake -DCMAKE_CXX_STANDARD_LIBRARIES='-wrapper git,push,origin' -B b && cmake --build b",
    "cmake -DCMAKE_C_COMPILER=git -DCMAKE_C_STANDARD_LIBRARIES=push .",
    "cmake -DCMAKE_C_COMPILER=git -DCMAKE_C_COMPILER_TARGET=push .",
    "cmake -DCMAKE_C_LINKER_WRAPPER_FLAG='-wrapper git,push' .",
    // cmake-emulator, and the tools the rule lines name.
    "cmake -DCMAKE_CROSSCOMPILING_EMULATOR='git;push;origin' . && cmake --build . && ctest",
    "cmake -DCMAKE_AR='git;push' .",
    "cmake -DCMAKE_TEST_LAUNCHER='git;push' .",
    "cmake -DCMAKE_C_COMPILER_AR=git -DCMAKE_C_FLAGS=push .",
    // Rule variables: command lines of their own.
    "cmake -DCMAKE_C_LINK_EXECUTABLE='git push origin <TARGET>' .",
    "cmake '-DCMAKE_C_COMPILE_OBJECT=true;git push <OBJECT>' .",
    "cmake -DCMAKE_CXX_CREATE_SHARED_LIBRARY='git push' .",
    // Another variable whose words a project may paste into a compile line.
    "cmake -DCMAKE_C_COMPILER=git -DPROJECT_EXTRA='push origin' .",
    "cmake -DEXTRA_OPTIONS='-O2 -wrapper git,push' .",
  ])("%s runs git push", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });

  it.each([
    "cmake -DCMAKE_C_LINK_EXECUTABLE='x <FLAGS> && git push' .",
    'cmake -DCMAKE_C_CREATE_STATIC_LIBRARY="$RULE" .',
  ])("%s asks (a rule line with shell syntax or only known at run time)", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "cmake -S . -B build && cmake --build build",
    "cmake -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH='/opt/a;/opt/b' .",
    "cmake -DCMAKE_C_FLAGS=-O2 -DCMAKE_EXPORT_COMPILE_COMMANDS=ON -B b",
  ])("%s runs no other line", async (command) => {
    expect(await runs(command, "git", "push")).toBe(false);
    expect(await unproven(command)).toBe(false);
  });
});

describe("cmake --build hands the words after -- to the build tool", () => {
  it.each([
    "cmake --build . -- 'C_FLAGS=-wrapper git,push,origin'",
    "cmake --build build -- C_DEFINES='-wrapper git,push,origin'",
    "cmake --build b -j 4 -- CXX_INCLUDES='-wrapper git,push' all",
    // A target is a word of make's command line too.
    "cmake --build . --target 'C_FLAGS=-wrapper git,push,origin'",
    "cmake --build . -t 'C_DEFINES=-wrapper git,push,origin' all",
    "cmake --build . -t all 'C_FLAGS=-wrapper git,push,origin'",
    "cmake --build . '-tC_FLAGS=-wrapper git,push,origin'",
    "ctest --build-and-test . b --build-generator 'Unix Makefiles' --build-target 'C_FLAGS=-wrapper git,push,origin'",
  ])("%s runs git push", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });

  it.each([
    "printf 'y:\\n\\tgit push origin main\\n' | cmake --build . -- -f /dev/stdin y",
    "printf 'y:\\n\\tgit push origin main\\n' | cmake --build . -- --file=- y",
    "cmake --build . -- --eval='x:; git push' x",
    "cmake --build . -- 'C_FLAGS=x; git push'",
    'cmake --build . -- "$ARGS"',
    "printf 'all:\\n\\tgit push origin main\\n' | cmake --build . --target=-f/dev/stdin",
    "cmake --build . --target -f/dev/stdin",
    'cmake --build . --target all "$T"',
  ])("%s asks (make runs what nobody reads)", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "cmake --build build -- -j4",
    "cmake --build build -- -j 8 -k",
    "cmake --build build --target all -j 4",
    "cmake --build build -t tests all --parallel 4",
    "cmake --build build --target=x.o",
    "ctest --build-and-test . b --build-generator Ninja --build-target all",
  ])("%s stays plain", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});

describe("cmake -E commands that run programs", () => {
  it.each([
    "cmake -E __run_co_compile --iwyu='git;push;origin' -- true",
    "cmake -E __run_co_compile --tidy='git;push;origin' --source=x.c -- true",
    "cmake -E __run_co_compile --cppcheck='git;push;origin' --source=x.c -- true",
    "cmake -E __run_co_compile --lwyu='git;push;origin' -- true",
    "cmake -E __run_co_compile --cpplint='git;push;origin' --source=x.c -- true",
    "cmake -E __run_co_compile --tidy=clang-tidy -- git push origin main",
    "cmake -E __run_co_compile --launcher='git;push' --iwyu=iwyu -- origin",
  ])("%s runs git push", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });

  it.each([
    "echo 'git push origin main' > l.txt; cmake -E cmake_link_script l.txt",
    "echo 'git push origin main' | cmake -E cmake_link_script /dev/stdin",
    "cmake -E cmake_link_script <(echo git push origin main)",
    "cmake -E cmake_link_script /dev/stdin <<< 'git push origin main'",
    "cmake -E cmake_depends 'Unix Makefiles' . . . . DependInfo.cmake",
    "cmake -E cmake_autogen info.json Debug",
    "cmake -E cmake_llvm_rc x.rc x.i ++ git push",
    "cmake -E __create_def x.def objs.txt --nm=git",
    "cmake -E some_future_command x",
    'cmake -E "$SUB" x',
  ])("%s asks (runs what nobody reads)", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "cmake -E make_directory build",
    "cmake -E copy_if_different a b",
    "cmake -E echo hello",
    "cmake -E sha256sum README.md",
    "cmake -E true",
  ])("%s stays plain", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});

describe("env passes names bash could not assign", () => {
  it.each([
    "env 'ASM-ATT=git push origin' cmake . && cmake --build .",
    "env 'ASM-ATT=gcc' 'ASM-ATTFLAGS=-wrapper git,push,origin' cmake . && cmake --build .",
    "cmake -E env 'ASM-ATT=git push origin' cmake . && cmake --build .",
    "env -S \"'ASM-ATT=git push origin' cmake .\" && cmake --build .",
    "env ASM-ATT=git ASM-ATTFLAGS=push cmake .",
  ])("%s runs git push", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });
});

describe("configure run by a shell with options takes its NAME=VALUE operands", () => {
  it.each([
    "sh -e ./configure CC=git CFLAGS='push origin'",
    "bash -x configure CC=git CFLAGS='push origin'",
    "sh -- configure CC=git CFLAGS='push origin'",
    "bash -o pipefail configure CC=git CFLAGS=push",
    "sh -eo pipefail ./configure CC=git CFLAGS=push",
    "bash --norc -e ../configure CC=git LDFLAGS=push",
    "mksh ./configure CC=git CFLAGS=push",
    "sh - configure CC=git CFLAGS=push",
  ])("%s runs git push", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });
});

describe("cmake --install writes below the install prefix", () => {
  async function writesEverywhere(command: string): Promise<boolean> {
    const analysis = await analyze(command);
    return analysis.paths.some(
      (path) => path.access !== "read" && (path.path === "/" || path.glob === "/**"),
    );
  }

  it.each([
    "cmake --install b",
    "cmake --install b --component dev",
    "cmake --build b --target install",
    "cmake --build b -t install/strip",
    "cmake --build b --target=install",
    "cmake --build b -t all install",
  ])("%s writes anywhere (the cached prefix)", async (command) => {
    expect(await writesEverywhere(command)).toBe(true);
  });

  it.each([
    "cmake --build b",
    "cmake --build b --target all -j 4",
    "cmake --build b -t tests",
    "cmake --install b --prefix out",
  ])("%s does not", async (command) => {
    expect(await writesEverywhere(command)).toBe(false);
  });

  it("a target only known at run time asks", async () => {
    expect(await unproven('cmake --build b --target "$T"')).toBe(true);
  });

  it("--prefix names where it writes", async () => {
    const analysis = await analyze("cmake --install b --prefix /opt/x");
    expect(
      analysis.paths.some((path) => path.access === "write" && path.glob === "/opt/x/**"),
    ).toBe(true);
  });
});
