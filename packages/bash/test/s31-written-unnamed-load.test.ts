// S31 written-unnamed-load (R48, traced): a program that searches the project for files on its
// own (a build tool, test runner, documentation tool, compiler or linker, package manager, man
// and the roff tools, an interpreter running a project script) may load a file the same string
// wrote whatever its name: cmake reconfigures from b/CMakeCache.txt, pytest runs test*.txt as
// doctests, ld opens ./libgcc_s.so.1 on every gcc link, groff reads devascii/DESC and troffrc
// from GROFF_FONT_PATH / GROFF_TMAC_PATH and man.local from $HOME, `npm test` runs
// scripts/test. Before, only a file under a code name (CODE_NAME, the rules' `loads`) counted.
import { describe, expect, it } from "vitest";
import { analyze, unproven } from "./helpers.ts";

describe("a written file of any name, then a program that searches the project (S31 written-unnamed-load)", () => {
  it.each([
    "mkdir -p b; printf 'CMAKE_Fortran_COMPILER:FILEPATH=git\\n' > b/CMakeCache.txt; cmake b",
    "printf 'x\\n' > b/CMakeCache.txt; cd b && cmake .",
    "printf '>>> import os\\n' > test_x.txt; pytest -q",
    "mkdir -p tests; printf '>>> 1\\n' > tests/test_api.txt; python3 -m pytest",
    "printf 'INPUT(/home/user/.ssh/id_rsa)\\n' > libgcc_s.so.1; gcc -x c -o p /dev/null",
    "printf 'INPUT(/home/user/.ssh/id_rsa)\\n' > x.o; ld -o p x.o",
    "printf 'INPUT(/home/user/.ssh/id_rsa)\\n' > libgcc_s.so.1; ld -o p x.o -lgcc_s",
    "printf '.so /home/user/.ssh/id_rsa\\n' > man.local; HOME=/repo man ls | head -4",
    "printf '.so /home/user/.ssh/id_rsa\\n' > troffrc; GROFF_TMAC_PATH=. groff -Tascii README.md",
    "mkdir -p devascii; printf 'postpro sh\\n' > devascii/DESC; GROFF_FONT_PATH=/repo groff -Tascii README.md",
    "printf 'postpro sh\\n' > /tmp/f/devascii/DESC; GROFF_FONT_PATH=/tmp/f groff -Tascii README.md",
    "printf 'x\\n' > /tmp/m/troffrc; export GROFF_TMAC_PATH=/tmp/m; nroff README.md",
    "printf 'x\\n' > /tmp/h/man.local; HOME=/tmp/h man ls",
    "printf 'git push origin main\\n' > scripts/test; npm test",
    "printf 'git push origin main\\n' > scripts/test; yarn test",
    "printf 'git push\\n' > bin/x; make",
    "printf 'git push\\n' > tools/run; ./gradlew build",
    "printf 'x' > data/x; python3 run.py",
    "printf 'x' > a.txt; go test ./...",
    // Written while the program runs: a background job, a loop's next round, a tee fed by a
    // here-string rather than by the program, an input process substitution.
    "pytest & printf '>>> 1' > test_x.txt",
    "for i in 1 2; do pytest; tee test_x.txt <<< '>>> 1'; done",
    "pytest | tee test_x.txt <<< '>>> 1'",
    "printf '>>> 1' | pytest <(tee test_x.txt)",
    "exec > test_x.txt; echo '>>> 1'; pytest",
  ])("%s runs what nobody read", async (command) => {
    expect(await unproven(command)).toBe(true);
  });

  it.each([
    "echo x > notes.md && git add notes.md && git commit -m x",
    "printf 'a\\n' > a.txt; cat a.txt",
    "mkdir -p out && cp a out/",
    "npm run build > build.log",
    "npm test 2>&1 | tee test.log",
    "npm test > >(tee test.log)",
    "npm test | tee >(grep FAIL > failures.txt)",
    "npx tsc --noEmit | tee tsc.log | head",
    "> out.txt && npm test",
    "exec > build.log 2>&1; npm run build",
    "cmake -S . -B build && cmake --build build",
    "echo x > notes.txt; go vet ./...",
    "echo x > notes.txt; npm ls",
    "echo x > notes.txt; pip install requests",
    "echo x > notes.txt; sqlite3 app.db .tables",
    "zip -q k.zip README.md && python3 -m zipfile -e k.zip build",
    "echo x > in.json; python3 process.py in.json",
    "echo x > /tmp/notes.txt; pytest -q",
    "echo x > /tmp/out/x.txt; pip install .",
    "mkfifo f && ar rc a.a README.md && ld -o prog x.o",
  ])("%s stays proven", async (command) => {
    const analysis = await analyze(command);
    expect(analysis.units.filter((unit) => unit.sentinel !== null).map((u) => u.text)).toEqual([]);
  });
});
