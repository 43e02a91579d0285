import { describe, expect, it } from "vitest";
import { allowedUnderP4 } from "./allowed-under-p4.ts";

// S31 cp-dest-widened (R42 class 4): a copy of a glob into a folder was judged as a write of
// anything below the folder (`cp src/*.ts out/` asked about `out/.env`). Traced under bash 5.2
// in /repo: `mkdir -p out && cp src/*.ts out/` runs `cp src/a.ts src/b.ts out/` and writes
// out/a.ts and out/b.ts only; `cp * o2/` omits the folders (no -r) and writes o2/README.md.
// A copy that does not recurse names its files as the glob's last segment matches them: the
// folder joined with that segment (`out/*.ts`), matched with the same glob options.

describe("s31: a glob copied into a folder keeps its names there", () => {
  it.each([
    "mkdir -p out && cp src/*.ts out/",
    "mkdir -p dist && cp build/*.js dist/",
    "cp src/* out/",
    "cp -v src/*.md docs/",
    "cp -- src/*.ts out/",
    "cp src/*.ts src/a.ts out/",
    "cp src/*env out/",
    "cp -t out src/*.ts",
    "ln -s src/*.ts out/",
    "install src/*.ts out/",
    "rsync src/*.ts out/",
    // A folder named by a trusted substitution: the file keeps its name inside it (traced:
    // `cp README.md "README.$(date +%s).md"` wrote /repo/README.<digits>.md).
    'cp README.md "README.$(date +%s).md"',
    "cp README.md README.$(git rev-parse --short HEAD).md",
    'cp README.md "o-$(date +%s)"/',
  ])("%s is judged by name", async (command) => {
    expect(await allowedUnderP4(command)).toBe(true);
  });

  it.each([
    // A folder copied whole: anything below it is written.
    "cp -r src out/",
    "cp -r src/*.ts out/",
    "cp -R src/* out/",
    "cp -a src/* out/",
    "cp --rec src/*.ts out/",
    "rsync -a src/*.ts out/",
    "mv src/*.ts out/",
    // Names other than the glob's: the path kept, a list of names, backups, folders made.
    "cp --parents src/*.ts out/",
    "rsync -R src/*.ts out/",
    "rsync --files-from=list src/* out/",
    "cp -b src/*.ts out/",
    "cp src/*.ts out/ --backup",
    "cp -S .x src/*.ts out/",
    "install -d src/*.ts out/",
    // A glob that may match .env: a written dot, dotglob, GLOBIGNORE, nocaseglob, globstar.
    "cp src/.e* out/",
    "cp src/.?nv out/",
    "cp src/.[e]nv out/",
    "shopt -s dotglob; cp src/* out/",
    "GLOBIGNORE=x; cp src/* out/",
    "shopt -s nocaseglob; cp src/.E* out/",
    "shopt -s globstar; cp src/** out/",
    "shopt -s extglob; cp src/@(.env) out/",
    // The folder itself, another source, a word that may be an option, a name the string made.
    "cp src/*.ts out/.ssh/",
    "cp src/*.ts ~/.ssh/",
    'cp src/*.ts "$d/"',
    "cp src/*.ts src/.env out/",
    "cp $o src/*.ts out/",
    "echo > ./-rt.ts; cp *.ts out/",
    // Another host's glob, matched by its shell.
    "scp host:src/* out/",
    // A folder named by a substitution: a source that is .env or a folder copied whole, a
    // glob, an untrusted or unknown value, a name that is .env when the output is empty,
    // --parents, several folders, a move.
    'cp .env "out-$(date +%s)/"',
    'cp -r src "out-$(date +%s)"',
    'cp src/*.ts "out-$(date +%s)/"',
    'cp README.md "$d"',
    'cp README.md "$(cat x)"',
    'cp README.md ".env$(date +%s)"',
    'cp README.md "$(date +%s).env"',
    'cp --parents src/a.ts "o-$(date +%s)"',
    'cp a.txt "o-$(date +%s)" "p-$(date +%s)"',
    'mv README.md "README.$(date +%s).md"',
    'cp README.md "/home/user/.ssh/$(date +%s)"',
  ])("%s is not trusted", async (command) => {
    expect(await allowedUnderP4(command)).toBe(false);
  });
});
