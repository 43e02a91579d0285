import { describe, expect, it } from "vitest";
import { analyze } from "./helpers.ts";

/** The sentinel of the unit whose words start with `words`. */
async function floorOf(command: string, words: string): Promise<string | null> {
  const analysis = await analyze(command);
  const unit = analysis.units.find((u) => u.argv.join(" ").startsWith(words));
  expect(unit).toBeDefined();
  return unit?.sentinel ?? null;
}

describe("an @FILE response file of a program whose options run code", () => {
  // strace: `cc @r` with r holding `-wrapper 'sh,-c,git push'` runs sh -c git push; with
  // `-include /home/user/.ssh/id_rsa` cc1 reads the key; ld.bfd opens a listed file as a
  // linker script; javac writes its classes where `-d` in the file says.
  it.each([
    ["echo \"-wrapper 'sh,-c,git push'\" > r; cc @r -E -x c /dev/null", "cc @r"],
    ["echo \"-wrapper 'sh,-c,git push'\" > r; g++ @r -E -x c++ /dev/null", "g++ @r"],
    ["gcc -fsyntax-only @cflags.rsp -x c /dev/null", "gcc"],
    ["cpp @r /dev/null", "cpp @r"],
    ["x86_64-linux-gnu-gcc-12 @r x.c", "x86_64-linux-gnu-gcc-12"],
    ["/usr/bin/clang-17 @r x.c", "/usr/bin/clang-17"],
    ["gcc -Wl,@r x.c", "gcc"],
    ["gcc -Wa,--64,@r -c x.s", "gcc"],
    ["ld @r", "ld @r"],
    ["ld.bfd @r -o /dev/null", "ld.bfd"],
    ["ld.gold @r", "ld.gold"],
    ["javac @r A.java", "javac"],
    ["javac @opts @sources", "javac"],
    ['javac @"$F" A.java', "javac"],
    ["java @args Main", "java"],
    ["jar cf x.jar @files", "jar"],
    ["kotlinc @argfile", "kotlinc"],
    ["rustc @r x.rs", "rustc"],
    ["pytest @r", "pytest"],
    ["python3 -m pytest @r", "python3"],
    ["nm @r", "nm"],
    ["timeout 60 gcc @r x.c", "timeout"],
  ])("%s floors %s", async (command, runner) => {
    expect(await floorOf(command, runner)).not.toBeNull();
  });

  it.each([
    ["gcc -O2 -o x x.c", "gcc"],
    ["cc -c -I include src/a.c", "cc"],
    ["gcc -Wl,-rpath,/usr/lib -o x x.c", "gcc"],
    ["javac -d out src/*.java", "javac"],
    ["java -jar app.jar", "java"],
    ["pytest -q tests", "pytest"],
    ["python3 -m pytest -x tests", "python3"],
    ["rustc --edition 2021 main.rs", "rustc"],
    ["ld -o x a.o b.o", "ld"],
  ])("%s leaves %s proven", async (command, runner) => {
    expect(await floorOf(command, runner)).toBeNull();
  });
});

describe("a linker plugin, or a linker script read from a stream", () => {
  // strace: `ld -T /dev/stdin <<< 'INPUT(/home/user/.ssh/id_rsa)'` opens the key; so do
  // --script=/dev/stdin, -T <(…), INCLUDE, and gcc handing -T /dev/stdin on through -Wl.
  it.each([
    ["ld -T /dev/stdin -o /dev/null <<< 'INPUT(/home/user/.ssh/id_rsa)'", "ld"],
    ["echo 'INPUT(/home/user/notes.txt)' | ld.bfd -T /dev/stdin -o /dev/null", "ld.bfd"],
    ["ld -o /dev/null -T <(echo 'INPUT(/home/user/notes.txt)')", "ld -o"],
    ["ld --script=/dev/stdin -o /dev/null <<< 'INCLUDE /home/user/notes.txt'", "ld"],
    ["ld -T/dev/./stdin x.o < s", "ld"],
    ["ld -dT /proc/self/fd/0 x.o < s", "ld"],
    ["ld x.o /dev/stdin < s", "ld"],
    ["ld -plugin ./p.so x.o", "ld"],
    ["gcc -nostdlib -o /dev/null -x c /dev/null -Wl,-T,/dev/stdin <<< 'INPUT(/x)'", "gcc"],
    ["gcc -o x x.c -Wl,--script=/dev/fd/0 < s", "gcc"],
    ["gcc -o x x.c -Xlinker -T -Xlinker /dev/stdin < s", "gcc"],
    ["gcc -T /dev/stdin -o x x.c < s", "gcc"],
    ["gcc -Wl,-plugin,./p.so x.c", "gcc"],
  ])("%s floors %s", async (command, runner) => {
    expect(await floorOf(command, runner)).not.toBeNull();
  });

  it.each([
    ["ld -T link.ld -o x a.o", "ld"],
    ["gcc -Wl,-T,link.ld -o x x.c", "gcc"],
    ["gcc -Wl,--gc-sections,-Map=out.map -o x x.c", "gcc"],
  ])("%s leaves %s proven", async (command, runner) => {
    expect(await floorOf(command, runner)).toBeNull();
  });
});
