// R24 cmake-cache-split (wrong allows under P3, traced under bash 5.2 in the oracle with a
// one-line CMakeLists.txt): the compiler in one cmake call and the flags in a later call on the
// same build folder are joined through CMakeCache.txt (the failed compiler check keeps the
// cache, and the next configure checks the cached compiler with its own flags): `cmake
// -DCMAKE_C_COMPILER=git -B b .; cmake -DCMAKE_C_FLAGS='push origin' b` ran `git push origin
// CMakeCCompilerId.c`. The walk joined carriers only within one command; now every cmake and
// ctest call of the string joins the carriers of the calls before it.
import { describe, expect, it } from "vitest";
import { analyze, runs } from "./helpers.ts";

describe("cmake calls of one string share the build folder's cache", () => {
  it.each([
    "cmake -DCMAKE_C_COMPILER=git -B b .; cmake -DCMAKE_C_FLAGS='push origin' b",
    "CC=git cmake -B b .; cmake -DCMAKE_C_FLAGS='push origin' b",
    "cmake -DCMAKE_C_COMPILER=git -B b . || cmake -DCMAKE_C_FLAGS='push origin' b",
    "cmake -B b -DCMAKE_C_COMPILER=git && cmake -B b -DCMAKE_C_FLAGS=push",
    "cmake -DCMAKE_C_FLAGS='push origin' -B b; CC=git cmake b",
    "cmake -B b -DCMAKE_C_COMPILER_LAUNCHER=git; cmake -DCMAKE_C_COMPILER=push b",
    "cmake -B b -DCMAKE_CXX_COMPILER:FILEPATH=git; cmake -DCMAKE_CXX_COMPILER_ARG1=push b",
    "cmake -B b -DCMAKE_C_COMPILER=git; ctest --build-and-test . b --build-generator Ninja --build-options -DCMAKE_C_FLAGS=push",
    "(cmake -DCMAKE_C_COMPILER=git -B b .); cmake -DCMAKE_C_FLAGS=push b",
    "cmake -S . -B b -DCMAKE_C_COMPILER=git; cd b && cmake -DCMAKE_C_FLAGS=push .",
  ])("%j runs git push", async (command) => {
    expect(await runs(command, "git", "push")).toBe(true);
  });

  it.each([
    "cmake -B build -DCMAKE_BUILD_TYPE=Release && cmake --build build",
    "cmake -B b -DCMAKE_C_COMPILER=clang; cmake -B b -DCMAKE_C_FLAGS=-O2",
  ])("%j runs no git", async (command) => {
    const units = (await analyze(command)).units;
    expect(units.some((unit) => unit.argv[0] === "git" || unit.executed?.[0] === "git")).toBe(
      false,
    );
  });
});
