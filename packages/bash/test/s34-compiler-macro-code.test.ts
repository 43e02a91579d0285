// S34 compiler-macro-code (r34b, wrong allows under P3, traced under bash 5.2 in the oracle): a
// compiler's output counted as made from the project's files, yet its flags can put code from
// the command text into it. `gcc -x c /dev/null -include stdlib.h '-Dabort=x(void); int
// main(){return system("git push origin main");} void y' && ./a.out` built a main from the -D
// body alone and ran git push; so did `-Wp,-D…`, `-Xpreprocessor -D…`, `--define …`, and
// `gcc -E … -o w; sh w` (the macro body became the script). A flag that puts such text in makes
// the output code the string wrote: running it floors as running a file the string wrote. A
// body that is only a value (`-DNDEBUG`, `-DDEBUG=1`, `-DGREETING='"hi"'`, `-DPLATFORM=linux`)
// stays inert, so the everyday build-and-run stays allowed.
import { describe, expect, it } from "vitest";
import {
  compilerFlagEffects,
  compilerInjections,
  inertDefinition,
} from "../src/programs/compiler-flags.ts";
import { unproven } from "./helpers.ts";

const PUSH = 'int main(){return system("git push origin main");}';

describe("a -D body is a value or code", () => {
  it.each([
    ["NDEBUG"],
    ["DEBUG=1"],
    ['VERSION="1.2"'],
    ['GREETING="hi"'],
    ['W=L"wide"'],
    ['JOINED="a" "b"'],
    ['ESCAPED="a\\"); system(\\"x"'],
    ["C='c'"],
    ["PLATFORM=linux"],
    ["EMPTY="],
    ["NEG=-1"],
    ["SIZE=(4*1024)"],
    ["PI=3.14f"],
    ["V=1.2.3"],
    ["MAX(a,b)=((a)>(b)?(a):(b))"],
    ["ID(x)=x"],
  ])("%j is inert", (definition) => {
    expect(inertDefinition(definition)).toBe(true);
  });

  it.each([
    [`export=${PUSH}`],
    ['x=system("git push origin main")'],
    ["abort=x(void); int main(){} void y"],
    ["puts=system"],
    ["fopen=popen"],
    ["f(s)=execlp(s, s, 0)"],
    ["X=a b"],
    ["X={1}"],
    ["X=1;2"],
    ['X="a" b'],
    ["X=1 /* c"],
    ['X="??/"'],
    ["X=1\nint main(){}"],
    // Without `=` gcc defines the whole word: a blank there starts the body.
    ['main() {system("x");} int y'],
  ])("%j is code", (definition) => {
    expect(inertDefinition(definition)).toBe(false);
  });

  it("preprocessing only, a body other than a number is read by another grammar", () => {
    expect(inertDefinition('export="$(git push origin main)"', true)).toBe(false);
    expect(inertDefinition("export=git", true)).toBe(false);
    expect(inertDefinition("export=1", true)).toBe(true);
    expect(inertDefinition("NDEBUG", true)).toBe(true);
  });
});

describe("every spelling of a definition is read", () => {
  it.each([
    [["-Dx=f()", "a.c"]],
    [["-D", "x=f()", "a.c"]],
    [["--define-macro", "x=f()", "a.c"]],
    [["--define-macro=x=f()", "a.c"]],
    [["--def", "x=f()", "a.c"]],
    [["--define", "x=f()", "a.c"]],
    [["-Wp,-Dx=f()", "a.c"]],
    [["-Wp,-D,x=f()", "a.c"]],
    [["-Xpreprocessor", "-Dx=f()", "a.c"]],
    [["-Xpreprocessor", "-D", "-Xpreprocessor", "x=f()", "a.c"]],
    [["-Xclang", "-D", "-Xclang", "x=f()", "a.c"]],
    [["-fcompare-debug=-Dx=f()", "a.c"]],
    [["-E", "-Dexport=git", "a.ts", "-o", "w"]],
    [["-MM", "-MT", "x; git push origin main #", "a.c"]],
    [["-Wl,--dynamic-linker=./ld.so", "a.c"]],
    [["-Wl,-I,/usr/bin/x", "a.c"]],
    [["-static", "-Wl,--defsym=puts=system", "a.c"]],
  ])("%j puts code in", (flags) => {
    expect(compilerFlagEffects(flags).injects.length).toBeGreaterThan(0);
  });

  it.each([
    [["-DNDEBUG", "-DDEBUG=1", '-DVERSION="1.2"', "-I", "include", "-O2", "-o", "app", "a.c"]],
    [["-MD", "-MT", "obj/a.o", "-c", "a.c"]],
    [["-E", "-DX=1", "a.c"]],
    [["-Wl,--defsym=__stack=0x1000", "a.c"]],
    [["-Wl,--wrap=malloc", "a.c"]],
  ])("%j puts none in", (flags) => {
    expect(compilerFlagEffects(flags).injects).toEqual([]);
  });

  it("reads C drivers and the caches before them, not other compilers' -D", () => {
    expect(compilerInjections(["ccache", "gcc", "-Dx=f()", "a.c"]).length).toBe(1);
    expect(compilerInjections(["distcc", "-Dx=f()", "-c", "a.c"]).length).toBe(1);
    expect(compilerInjections(["x86_64-linux-gnu-gcc-12", "-Dx=f()", "a.c"]).length).toBe(1);
    expect(compilerInjections(["/usr/bin/clang", "-Dx=f()", "a.c"]).length).toBe(1);
    expect(compilerInjections(["rustc", "-D", "clippy::all", "x.rs"])).toEqual([]);
    expect(compilerInjections(["cargo", "clippy", "--", "-D", "clippy::all"])).toEqual([]);
    expect(compilerInjections(["ccache", "rustc", "-D", "clippy::all", "x.rs"])).toEqual([]);
  });
});

describe("running what such a compile wrote is running code the string wrote", () => {
  it.each([
    [`cd src && gcc -x c '-Dexport=${PUSH}' a.ts && ./a.out`],
    [`gcc -x c /dev/null -include stdlib.h '-Dabort=x(void); ${PUSH} void y' && ./a.out`],
    [`gcc -x c /dev/null -include stdlib.h --define 'abort=x(void); ${PUSH} void y' && ./a.out`],
    [`cd src; gcc -x c -Wp,-Dexport='${PUSH}' -c a.ts && gcc a.o && timeout 5 ./a.out`],
    [`cd src; gcc -x c -Xpreprocessor -Dexport='${PUSH}' a.ts && ./a.out`],
    [`cd src; g++ -x c++ -include stdlib.h -Dexport='${PUSH} int' a.ts && ./a.out`],
    [`cd src; ccache gcc -x c -Dexport='${PUSH}' a.ts && ./a.out`],
    ["cd src; gcc -E -P -x c '-Dexport=git push origin main;' a.ts -o w; sh w"],
    [`cd src; gcc -E -P -x c -Dexport='"$(git push origin main)"' a.ts -o w; sh w`],
    ["gcc -Dputs=system main.c -o app && ./app"],
    ["gcc -static -Wl,--defsym=puts=system m.c -o m && ./m"],
  ])("%j is unproven", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    ["gcc -DGREETING='\"hi\"' main.c -o app && ./app"],
    [
      "gcc -DNDEBUG -DDEBUG=1 -DPLATFORM=linux -I include -O2 -Wall -std=c11 -g -o app main.c && ./app",
    ],
    ["gcc '-DMAX(a,b)=((a)>(b)?(a):(b))' main.c -o app && ./app"],
    ["gcc -Dx='f()' main.c"],
    ["cd src; gcc -E -P -x c -Dexport=1 a.ts -o w; sh w"],
    ["rustc -D warnings main.rs && ./main"],
  ])("%j stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });

  it.each([
    ["tcc -Dx='f()' -run x.c"],
    ["tcc -run -Dputs=system x.c"],
    ["zig run -lc x.c -Dx='f()'"],
  ])("%j runs the code now", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    ["CGO_CFLAGS='-Dx=system(\"git push origin main\")' go build -o app . && ./app"],
    ["CCC_OVERRIDE_OPTIONS='+-Dx=f()' clang a.c && ./a.out"],
    ["cmake -DCMAKE_C_FLAGS='-Dx=system(\"git\")' -B b && cmake --build b && ./b/app"],
  ])("%j: flags variables carry it to the compiler", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    ["CGO_CFLAGS='-DX=1' go build -o app . && ./app"],
    ["cmake -DCMAKE_C_FLAGS='-DX=1 -O2' -B b && cmake --build b && ./b/app"],
    ["tcc -run x.c"],
  ])("%j stays proven", async (command) => {
    expect(await unproven(command)).toBe(false);
  });
});
