import { STEP, tick } from "../check/deadline.ts";
import { compilerInjections } from "../programs/compiler-flags.ts";
import { gitDirWords, writesGitMetadata } from "../programs/git.ts";
import { storesMadeObjects } from "../programs/git-links.ts";
import { scriptSource } from "../programs/interpreter-options.ts";
import { cpanConfig, pydocOperands, streamSpelling } from "../programs/opaque.ts";
import { npmSettingVariable } from "../programs/option-env.ts";
import { NPM_PATH_SETTINGS, PIP_PATH_SETTINGS } from "../programs/own-expansions.ts";
import {
  isKnownFileCommand,
  isNeverPath,
  neverAnOption,
  type PathState,
  type PathUse,
  resolveWord,
} from "../programs/paths.ts";
import { SHELL_WORDS } from "../programs/shell-words.ts";
import { programStem, toolName } from "../programs/wrappers.ts";
import { type Word, wordFromText } from "../read/words.ts";
import { SENTINELS } from "../sentinels.ts";
import type { WrapperLayer } from "../types.ts";
import { type Assignment, isLoadPathVariable, usesHome } from "./injection.ts";
import { madeLinkNames } from "./made-links.ts";
import type { PendingPath, PendingUnit } from "./walk.ts";

/**
 * Code the same string wrote is code nobody read: a program that runs or loads a file an
 * earlier command of the string may have written is floored like an opaque wrapper.
 */

/**
 * Whether a written path may be `target` or lie under it (a glob: its fixed leading part; a
 * computed path: anything).
 */
function mayName(path: PendingPath, target: string): boolean {
  if (path.path !== null)
    return path.path === target || (target.endsWith("/") && path.path.startsWith(target));
  if (path.glob === null) return true;
  const wild = path.glob.search(/[*?[]/);
  const fixed = wild === -1 ? path.glob : path.glob.slice(0, wild);
  return fixed === "" || target.startsWith(fixed) || fixed.startsWith(target);
}

/** Package managers, which run what a project's files configure. */
const PACKAGE_TOOLS = /^(npm|pnpm|yarn|bun|npx|pnpx|bunx|corepack)$/;

/** The files that configure what a package manager runs. */
const PACKAGE_CODE =
  /(^|\/)(package\.json|\.npmrc|\.yarnrc|\.yarnrc\.yml|\.pnpmfile\.cjs|bunfig\.toml)$|(^|\/)node_modules(\/|$)/;

/** Programs whose first operand is a script they run (or a file they run commands from). */
const SCRIPT_RUNNERS =
  /^(bash|sh|dash|rbash|zsh|ksh|mksh|ash|fish|csh|tcsh|source|\.|python[0-9.]*|pypy[0-9.]*|node|nodejs|bun|deno|perl[0-9.]*|ruby[0-9.]*|irb[0-9.]*|erb[0-9.]*|php[0-9.]*|lua[0-9.]*|luajit|texlua|Rscript|R|tclsh[0-9.]*|wish[0-9.]*|expect|awk|gawk|mawk|nawk|original-awk|make|env|m4|gnuplot|tmux|screen|cmake|ctest|cpack|groff|troff|nroff|pic|gpic|man|soelim|mandoc|java|jshell|kotlin|scala|groovy|julia|octave|elixir|iex|escript|runghc|runhaskell|ocaml|guile|racket|swift|pwsh|powershell|osascript|tsx|ts-node|ts-node-esm|esno|esrun|babel-node|vite-node|dart|crystal|nim|dotnet|ipython[0-9]*|pytest|py\.test|uv|uvx|gdb|vim|nvim|emacs|sqlite3|psql|mysql|lli|llvm-jitlink|llvm-rtdyld|pdb|pydoc|rdbg|byebug|pry|bashdb|zshdb|ipdb[0-9]*|pudb[0-9]*|dlv|lldb|jdb)$/;

/**
 * Compilers and linkers: a program run after one of them ran in the same string may be what it
 * produced (`gcc x.c && ./a.out`, `cc -o x x.c; ./x`, `javac X.java && java X`).
 */
const COMPILERS =
  /^((gcc|g\+\+|cc|c\+\+|c89|c99|c11|c17|c2x|c23|clang|clang\+\+|tcc|icc|icx|icpx|dpcpp|pcc|owcc|nvcc|gccgo|musl-gcc|musl-clang|gfortran|ld|lld|ld\.lld|ld\.gold|as|llvm-mc|nasm|yasm|ccache|sccache|distcc|icecc)(-[0-9.]+)?|[a-z0-9_]+-(linux|w64|apple|elf|none)[a-z0-9_-]*-(gcc|g\+\+|cc|c\+\+|ld|gfortran|as)(-[0-9.]+|-win32|-posix)?|rustc|javac|kotlinc|scalac|ghc|ocamlopt|ocamlc|swiftc|zig|dmd|ldc2|gdc|fpc|go|cargo|tsc|dotnet|mcs|csc|crystal|nim|valac|gnatmake|cobc|emcc|wasm-ld)$/;

/** Programs whose operands are documents or sources that may pull in other files. */
const OPERAND_DOCUMENTS =
  /^(groff|nroff|troff|gtroff|soelim|mandoc|man|xsltproc|xmllint|asciidoctor|asciidoc|dot|cpp|gcc|cc|c\+\+|g\+\+|c89|c99|c11|c17|clang|clang\+\+|pdflatex|xelatex|lualatex|latex|tex|pdftex|xetex|luatex)$/;

/**
 * python -m modules that run, import or unpickle the files named after them (setuptools.launch
 * `exec`s its script whatever its name: S30 python-module-cli, traced with `notes.txt`).
 */
const RUNS_OPERANDS =
  /(^|\s)-m\s*(doctest|pickle|pdb|trace|cProfile|profile|unittest|runpy|timeit|code|pytest|coverage|pstats|pydoc|setuptools\.launch)(\s|$)/;

/** go's sources and module files, and the C, C++, assembly and Fortran files cgo compiles. */
const GO_FILES =
  /\.(go|s|S|sx|c|h|cc|cp|cpp|cxx|hh|hpp|hxx|m|mm|f|F|for|f90|F90|swig|swigcxx|syso)$|(^|\/)(go\.mod|go\.sum|go\.work|go\.work\.sum)$/;
/** cargo's sources, manifests and settings, and the native sources build scripts compile. */
const CARGO_FILES =
  /\.(rs|c|h|cc|cpp|cxx|hh|hpp|hxx|s|S|asm)$|(^|\/)(Cargo\.toml|Cargo\.lock|config\.toml|config|rust-toolchain(\.toml)?)$/;

/** Whether a program word names a compiler. */
function compilerName(program: string): boolean {
  return COMPILERS.test(toolName(program) ?? program);
}

/**
 * Compilers that build only from files of known kinds: their output holds code this string
 * wrote only where it wrote such a file (`go test ./... > out.txt; go vet ./...` compiled
 * nothing the string wrote). Any other compiler's output counts after any write.
 */
const COMPILED_FROM: ReadonlyMap<string, RegExp> = new Map([
  ["go", GO_FILES],
  ["cargo", CARGO_FILES],
]);

/** go's subcommands whose output flags (`-o`, profiles) name files go fills from the project. */
const GO_BUILDS = /^(build|test|install|vet|list)$/;

/**
 * Whether a path an earlier unit wrote holds nothing this string authored, so no code: touch
 * only creates an empty file or sets times; a compiler's output is compiled code (judged by
 * what it compiled); gofmt without `-r`, `go fmt` and `go fix` rewrite
 * Go sources in go's own way; what go build/test/install write through an output flag (the
 * path's access is `write`, see `goPaths`) is compiled from the project's sources (code the
 * string wrote on the way is judged by COMPILED_FROM). A redirect always counts: the program's
 * output is the file's content.
 */
function generated(unit: PendingUnit, path: PendingPath): boolean {
  if (path.via !== "operand" || unit.executed === null) return false;
  const program = toolName(unit.executed[0] ?? "");
  if (program === "touch") return true;
  // The build tree cmake configures (`cmake -S . -B build`) is generated from the project's
  // own CMakeLists.txt (one the string wrote counts by its name, see CODE_NAME). Not a tree
  // `cmake -E` copies, moves or extracts (`cmake -E copy_directory src d` puts src's files,
  // the string's included, in d: R26 copy-directory, traced).
  // So is the folder itself (`-B build`), and the source folder it writes its cache into
  // (`cmake .`): a cache the string wrote there is a write of its own (R48 cmake-cache).
  if (program === "cmake" && unit.executed[1] !== "-E" && path.access !== "read") {
    return true;
  }
  // What a compiler or linker writes by its own grammar (`gcc x.c` writes a.out, see
  // written-names.ts) is its output: counted as compiled code below, from what it compiled.
  if (path.access === "write" && compilerName(unit.executed[0] ?? "")) return true;
  const known = (unit.computed?.executed ?? []).length === 0;
  if (program === "gofmt") return known && !unit.executed.some((word) => /^--?r(=|$)/.test(word));
  if (program !== "go" || !known) return false;
  const sub = unit.executed[1] ?? "";
  return sub === "fmt" || sub === "fix" || (GO_BUILDS.test(sub) && path.access === "write");
}

/**
 * A unit whose words are all written out, run as the program it names: no function, no
 * sentinel, no word known only at run time (with `computedArgs`, only the command word must be
 * written out), no wrapper but a package runner's (`npx x`, `pnpm exec x`), which writes no
 * file of its own.
 */
function plainUnit(unit: PendingUnit, computedArgs = false): readonly string[] | null {
  const executed = unit.executed;
  if (executed === null || unit.sentinel !== null || unit.callsFunction === true) return null;
  const computed = unit.computed?.executed ?? [];
  if (computedArgs ? computed.includes(0) : computed.length > 0) return null;
  if (!unit.wrappers.every((layer) => PACKAGE_TOOLS.test(toolName(layer.name) ?? layer.name))) {
    return null;
  }
  return executed;
}

/** Programs that change only a file's owner, group or mode, or make empty folders. */
const METADATA_WRITERS = /^(chmod|chown|chgrp|mkdir)$/;

/**
 * Whether `unit` changes only metadata of the files it names (chown, chgrp, chmod) or makes
 * empty folders (mkdir): no content, so no code, comes from the string. `runnable`: whether
 * it may also make a file runnable (a chmod whose mode may add an execute, set-id or sticky
 * bit, or comes from another file), which git's hooks and a package tool's binaries care about.
 */
function metadataOnly(unit: PendingUnit, path: PendingPath): { runnable: boolean } | null {
  const executed =
    path.via === "operand" && unit.wrappers.length === 0 ? plainUnit(unit, true) : null;
  if (executed === null) return null;
  const program = toolName(executed[0] ?? "") ?? "";
  if (!METADATA_WRITERS.test(program)) return null;
  if (program !== "chmod") return { runnable: false };
  // A mode known only at run time may be any mode.
  if ((unit.computed?.executed ?? []).length > 0) return { runnable: true };
  const mode = executed
    .slice(1)
    .find((word) =>
      /^([0-7]{1,4}|[ugoa]*([-+=][rwxXstugo]*)+(,[ugoa]*([-+=][rwxXstugo]*)+)*)$/.test(word),
    );
  const runnable =
    mode === undefined ||
    executed.some((word) => word.startsWith("--reference")) ||
    (/^[0-7]+$/.test(mode) ? /[1357]|^[1-7][0-7]{3}$/.test(mode) : /[+=][^,]*[xXstugo]/.test(mode));
  return { runnable };
}

/**
 * In-place formatters: each rewrites the files it is given from their own text (eslint's
 * report file, `-o`, holds text of its own making, and stays counted).
 */
function formatsInPlace(executed: readonly string[]): boolean {
  const program = toolName(executed[0] ?? "") ?? "";
  const has = (...options: string[]) => executed.some((word) => options.includes(word));
  switch (program) {
    case "prettier":
      return executed.some((word) => word === "--write" || /^-[A-Za-z]*w[A-Za-z]*$/.test(word));
    case "eslint":
      return (
        has("--fix") &&
        !executed.some((word) => /^(-o|--output-file(=.*)?|-o.+|--format.*|-f.*)$/.test(word))
      );
    case "shfmt":
      return has("-w", "--write");
    case "clang-format":
      return has("-i");
    case "black":
    case "rustfmt":
    case "isort":
      return true;
    // ruff's fixes and formatting, biome's and rubocop's autocorrections: their own text.
    // `ruff check` without --fix writes only its cache (.ruff_cache, ruff's own serialized
    // results, which no other program loads): S32 F-prec, `ruff check . && ruff format .`
    // asked as if the check had written code into the project.
    case "ruff":
      return (
        executed[1] === "format" ||
        (executed[1] === "check" &&
          !executed.some((word) => /^(-o|--output-file)(=.*)?$|^-o./.test(word)))
      );
    case "biome":
      return /^(check|format|lint)$/.test(executed[1] ?? "") && has("--write", "--apply", "--fix");
    case "rubocop":
      return (
        has("-a", "-A", "--autocorrect", "--autocorrect-all", "--auto-correct") &&
        !executed.some((word) => /^(-o|--out)(=.*)?$|^-o./.test(word))
      );
    default:
      return false;
  }
}

/** npm's version words: a release kind or a semver version. */
const NPM_VERSION =
  /^(major|minor|patch|premajor|preminor|prepatch|prerelease|from-git|v?\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?)$/;

/**
 * Whether the files `unit` writes hold only the project's own text, whatever the string
 * authored elsewhere: an in-place formatter's operands, `npm version`'s version field, a
 * file git restores from the repository (`git restore`, `git checkout [TREE] -- PATH`, when
 * no other command of the string ran git or may have written below `.git`), and a copy or
 * move of project files no other command of the string may have written.
 */
function projectText(
  unit: PendingUnit,
  path: PendingPath,
  otherWrites: (unit: PendingUnit) => readonly PendingPath[],
  otherGit: (unit: PendingUnit) => boolean,
  cwds: readonly string[] | null,
  otherWriters: (unit: PendingUnit) => readonly (readonly [PendingUnit, PendingPath])[],
): boolean {
  const executed = path.via === "operand" ? plainUnit(unit) : null;
  if (executed === null) return false;
  const earlier = () => otherWrites(unit);
  const program = toolName(executed[0] ?? "") ?? "";
  if (formatsInPlace(executed)) {
    // S32 F-prec ruff-cache-names (traced with ruff 0.16.9): ruff's cache file
    // (.ruff_cache/<version>/<hash>, a name the project's folder and settings fix) holds each
    // checked file's name raw, newlines kept: `touch $'x\ngit push origin main\n.py'; ruff
    // check --fix .; sh .ruff_cache/0.16.9/<hash>` ran git push. So ruff's writes hold only
    // the project's own text when every other write of the string is an in-place formatter
    // rewriting files (a name none of them chose), or with the cache off.
    if (program !== "ruff" || executed.includes("--no-cache")) return true;
    return otherWriters(unit).every(([other, written]) => {
      const words = written.via === "operand" ? plainUnit(other) : null;
      return words !== null && formatsInPlace(words);
    });
  }
  if (program === "npm" && unit.wrappers.length === 0 && executed[1] === "version") {
    return executed.slice(2).some((word) => NPM_VERSION.test(word));
  }
  if (program === "git" && unit.wrappers.length === 0) {
    // A new worktree checks out committed text as restore does, into its own folder.
    const restores =
      executed[1] === "restore" ||
      (executed[1] === "checkout" && executed.includes("--")) ||
      (executed[1] === "worktree" && executed[2] === "add");
    if (!restores || otherGit(unit)) return false;
    return !earlier().some(inGitDir);
  }
  if ((program === "cp" || program === "mv") && unit.wrappers.length === 0 && cwds !== null) {
    const inside = (target: string) =>
      cwds.some((cwd) => target === cwd || target.startsWith(cwd === "/" ? "/" : `${cwd}/`));
    if (executed.some((word) => /[*?[]/.test(word))) return false;
    // A source that names no file of the analysis (`/dev/stdin`, `/dev/fd/3`, `../dev/stdin`,
    // a device) copies what a stream delivers, the string's own text: every operand must be one
    // of the paths read or written.
    const dashed = executed.indexOf("--");
    const operands = executed
      .slice(1)
      .filter((word, i) => (dashed !== -1 && i + 1 > dashed) || !word.startsWith("-"));
    const raws = new Set(unit.paths.map((own) => own.raw));
    if (!operands.every((word) => raws.has(word))) return false;
    const written = earlier();
    return unit.paths.every((own) => {
      // A folder operand's contents (`x/**`) count as the folder.
      const target =
        own.glob === null
          ? own.path
          : /^[^*?[]*\/\*\*$/.test(own.glob)
            ? own.glob.slice(0, -3)
            : null;
      if (target === null || !inside(target)) return false;
      const below = target.endsWith("/") ? target : `${target}/`;
      return !written.some(
        (file) => mayName(file, target) || mayName(file, below) || mayLieAbove(file, target),
      );
    });
  }
  return false;
}

/** Whether a written path may be a folder `target` lies in. */
function mayLieAbove(file: PendingPath, target: string): boolean {
  if (file.path === null)
    return file.glob === null || target.startsWith(file.glob.split(/[*?[]/)[0] ?? "");
  return target.startsWith(file.path.endsWith("/") ? file.path : `${file.path}/`);
}

/** Programs that only remove the files their operands name. */
const REMOVERS = /^(rm|rmdir|unlink)$/;

/** find's actions that write a file of their own or run a program. */
const FIND_WRITES = /^-(fprint|fprint0|fprintf|fls|exec|execdir|ok|okdir)$/;

/**
 * Whether an operand path of `unit` is a file it removes: rm, rmdir, unlink, `find … -delete`
 * with no other writing action, `git clean` and `git rm`. A removed file carries no code into a
 * later runner (`rm -rf node_modules && npm ci`); a command word known only at run time, a
 * function of the same name, a wrapped or floored unit or a redirect of its output is not this.
 */
function removes(unit: PendingUnit, path: PendingPath): boolean {
  const executed = unit.executed;
  if (path.via !== "operand" || executed === null || unit.sentinel !== null) return false;
  const computed = unit.computed?.executed ?? [];
  if (unit.callsFunction === true || computed.includes(0)) return false;
  // A wrapper may write a file of its own around the remover (`strace -o f`, `script … f`).
  if (unit.wrappers.length > 0) return false;
  const program = toolName(executed[0] ?? "") ?? "";
  // rm, rmdir and unlink write no content whatever their operands expand to (S33 remove-glob,
  // r33d: `rm -rf dist/* && npm run build` asked where `rm -rf dist && …` did not): a glob
  // or a variable only chooses which files go, and no option of theirs writes a file.
  if (REMOVERS.test(program)) return true;
  // git's subcommand, and find's actions, must be the words as written: a word known only at
  // run time may be `-fprint`/`-exec` (`find * -delete` with a file named -fprint), unless it
  // is a glob that starts with a fixed name, whose every match starts so too (`find dist/*`).
  const fixed = computed.every((at) => /^[A-Za-z0-9_./][^$`"'\\\s{}]*$/.test(executed[at] ?? ""));
  if (!fixed) return false;
  if (program === "find") {
    return executed.includes("-delete") && !executed.some((word) => FIND_WRITES.test(word));
  }
  return program === "git" && (executed[1] === "clean" || executed[1] === "rm");
}

/**
 * The files a program no table knows may write through words the analysis does not read as
 * paths: a bare name among its operands or given to any of its options (`tool -o package.json`,
 * `tool --out=run.sh`, `tool -orun.sh`). They are not judged as touched (a bare word is most
 * often no file), but the written-code floor counts them as possibly written: a runner after
 * such a program may run what it wrote. `uses` are the paths the analysis already found for
 * the command; a word among them keeps its access.
 */
export function unmodelledWrites(words: readonly Word[], uses: readonly PathUse[]): PathUse[] {
  const head = words[0];
  if (head === undefined || !head.literal) return [];
  const name = toolName(head.text) ?? head.text;
  if (name === "git" || name === "fd" || name === "fdfind" || isKnownFileCommand(name)) return [];
  // What a compiler writes counts as its output already (see `runsWrittenCode`).
  if (compilerName(head.text)) return [];
  const out: PathUse[] = [];
  // sqlite3's first operand is the database it opens: data a later sqlite3 opens as data (a
  // schema's functions that reach files are direct-only), not a script.
  const database = /^sqlite3?$/.test(name)
    ? words.slice(1).find((word) => !word.text.startsWith("-"))
    : undefined;
  for (const word of words.slice(1)) {
    if (word === database || uses.some((use) => use.word === word)) continue;
    // A word known only at run time is judged by its shape (see `shapedPaths`); guessing it
    // here would floor every loop that hands a variable to a program.
    if (!word.literal) continue;
    const text = word.text;
    // `--name=VALUE`, `-xVALUE` (a value glued to a letter), `NAME=VALUE`: the value.
    const value = /^--[^=]+=(.+)$|^-[A-Za-z0-9](.+)$|^[A-Za-z_][A-Za-z0-9_.-]*=(.+)$/s.exec(text);
    const candidate = value === null ? text : (value[1] ?? value[2] ?? value[3] ?? "");
    if (value === null && text.startsWith("-")) continue;
    if (candidate === "" || /^[a-z][a-z0-9+.-]*:\/\//i.test(candidate)) continue;
    const piece = wordFromText(candidate);
    if (!isNeverPath(piece, false)) out.push({ word: piece, access: "write" });
  }
  return out;
}

/** What a unit may have written: the paths it writes, and the words it may write through. */
function writtenBy(unit: PendingUnit): readonly PendingPath[] {
  const paths = unit.mayWrite === undefined ? unit.paths : [...unit.paths, ...unit.mayWrite];
  if (toolName(unit.executed?.[0] ?? "") !== "git") return paths;
  const filled = paths.map((path) => gitFilled(unit, path));
  return unit.executed?.[1] === "mv" ? [...filled, ...movedBelow(filled)] : filled;
}

/**
 * `git mv` moves a folder with every file below it: each place it writes may receive files
 * under names no word shows (C21 gitmv-folder, traced: `mkdir d; echo … > d/a; git add d/a;
 * git mv d e; bash e/a` ran the string's text as e/a). Only for what a later command runs:
 * the path gates judge the words.
 */
function movedBelow(paths: readonly PendingPath[]): PendingPath[] {
  return paths.flatMap((path) =>
    path.path === null || path.access === "read"
      ? []
      : [{ ...path, path: null, glob: path.path === "/" ? "/**" : `${path.path}/**` }],
  );
}

/** A written path that may lie in a `.git` folder (or is not known). */
function inGitDir(file: PendingPath): boolean {
  return file.path === null || /(^|\/)\.git(\/|$)/.test(file.path ?? file.glob ?? "");
}

/**
 * git subcommands that store files of the work tree (the string's, once it wrote one). Content
 * the string gives git directly (stdin, a patch, an id it wrote, a repository or bundle it
 * built) is what git-links' creators store (`storesMadeObjects`), the list the link passes
 * use; `merge-file` writes a merge of files the string may have given it.
 */
const GIT_STORES_FILES = /^(add|stage|commit|stash|mv|update-index)$/;

/**
 * Up to two members of a list of commands: enough to tell whether the list holds one other than
 * a given command.
 */
class Witnesses {
  private first: PendingUnit | undefined;
  private second: PendingUnit | undefined;

  add(unit: PendingUnit): void {
    if (this.first === undefined) this.first = unit;
    else if (this.second === undefined && unit !== this.first) this.second = unit;
  }

  /** Whether a command other than `unit` was added. */
  anyBut(unit: PendingUnit): boolean {
    return this.second !== undefined || (this.first !== undefined && this.first !== unit);
  }
}

/** git's subcommand; undefined for another program, null for a command known only at run time (which may be git doing anything). */
function gitSubcommand(unit: PendingUnit): string | null | undefined {
  if (unit.executed === null) return null;
  return toolName(unit.executed[0] ?? "") === "git" ? (unit.executed[1] ?? "") : undefined;
}

/**
 * Whether another command of the string may have put text of the string's making into the
 * repository: a `.git` file written, content given to git directly, or a file written and then
 * added, committed or stashed. A fetch, pull or merge alone brings the repository's history.
 *
 * The commands that make the answer are found once for the list (`writes`: every other
 * command's writes, with their writer); the answer for one command then sets that command
 * aside. Asked for every path of every command, comparing each with every other was cubic in
 * a list of checkouts (`git checkout f0; …; git checkout f199` ran out of time).
 */
function stringTextHolders(
  others: readonly PendingUnit[],
  writes: readonly (readonly [PendingUnit, PendingPath])[],
): (unit: PendingUnit) => boolean {
  const storers = new Witnesses();
  const fileStorers = new Witnesses();
  for (const other of others) {
    const sub = gitSubcommand(other);
    if (
      sub === null ||
      sub === "merge-file" ||
      (sub !== undefined && storesMadeObjects(other, others))
    ) {
      storers.add(other);
    }
    if (typeof sub === "string" && GIT_STORES_FILES.test(sub)) fileStorers.add(other);
  }
  const gitDirWriters = new Witnesses();
  const fileWriters = new Witnesses();
  for (const [writer, path] of writes) {
    if (inGitDir(path)) gitDirWriters.add(writer);
    if (gitSubcommand(writer) === undefined) fileWriters.add(writer);
  }
  return (unit) =>
    storers.anyBut(unit) ||
    gitDirWriters.anyBut(unit) ||
    (fileStorers.anyBut(unit) && fileWriters.anyBut(unit));
}

/**
 * A checkout, merge, reset, stash pop (…) writes whichever tracked files differ: git.ts names
 * the work tree itself (`.`, `w/.` under `-C w`). Where another git command of the string may
 * have put its own text into the repository (`git add a; git commit`, a `.git` file written),
 * those files are any file below the work tree, under names no word shows (C21
 * worktree-written: `git mv`, a branch of the string's making).
 */
function workTreeFilled(
  unit: PendingUnit,
  path: PendingPath,
  stringMade: () => boolean,
): PendingPath {
  if (path.path === null || path.access === "read") return path;
  if (toolName(unit.executed?.[0] ?? "") !== "git") return path;
  if (!/(^|\/)\.$/.test(path.raw) || unit.executed?.includes(path.raw) !== false) return path;
  if (!stringMade()) return path;
  return { ...path, path: null, glob: path.path === "/" ? "/**" : `${path.path}/**` };
}

/**
 * git names a folder it fills (a new worktree, `read-tree --prefix`, format-patch's `-o` or the
 * working directory) by one sample file in it (`w/…`, `d/0001`: git.ts's childWord), a name no
 * word of the command spells. What git writes there is any file below the folder: a script the
 * string committed, checked out under another name (C21 worktree-written, traced:
 * `echo … > a; git add a; git commit -qm x; git worktree add -q w; bash w/a` ran w/a).
 */
function gitFilled(unit: PendingUnit, path: PendingPath): PendingPath {
  if (path.path === null || path.access === "read") return path;
  const sample = /\/(…|0001)$/.exec(path.path);
  if (sample === null || unit.executed?.includes(path.raw) !== false) return path;
  const folder = path.path.slice(0, sample.index);
  return { ...path, path: null, glob: `${folder}/**` };
}

/** Whether a written path may be a file of the kind `loads` names, wherever it lies. */
function mayBeKind(loads: RegExp, path: PendingPath): boolean {
  const text = path.path ?? path.glob;
  if (text === null) return true;
  if (path.path === null && text.endsWith("/**")) return true;
  return loads.test(text) || /[*?[]/.test(text.slice(text.lastIndexOf("/") + 1));
}

/** A compiler operand that is a stream: stdin, a descriptor, a process substitution. */
const STREAM_SOURCE =
  /^(-|\/dev\/(stdin|fd\/\d+)|\/proc\/(self|thread-self|\d+)\/fd\/\d+|[<>]\(.*)$/s;

/** A stream name as written (see streamSpelling: `../dev/stdin` from /repo is stdin too). */
function streamSource(text: string): boolean {
  return STREAM_SOURCE.test(text) || streamSpelling(text);
}

/**
 * Programs that load project files they are not handed: test runners, build and package tools,
 * module systems, configuration readers. After the string wrote a file such a program may
 * load (its name or extension under the working directory or a directory the command names),
 * the program may run that code. One test walks the examples of every entry.
 */
export interface WrittenCodeRule {
  /** Program names, after any directory (`./node_modules/.bin/jest` is `jest`). */
  readonly names: RegExp;
  /** The written files the program may load. */
  readonly loads: RegExp;
  /** Only invocations this accepts load code (`pdflatex -shell-escape`). */
  readonly when?: (words: readonly Word[]) => boolean;
  readonly note: string;
  /** Strings that write such a file and then run the program: each is floored. */
  readonly match: readonly string[];
  /** Strings that are not. */
  readonly notMatch: readonly string[];
}

const PYTHON_FILES =
  /\.(py|pyw|pth)$|(^|\/)(pyproject\.toml|setup\.cfg|tox\.ini|pytest\.ini|noxfile\.py|\.pre-commit-config\.yaml|\.pre-commit-hooks\.yaml)$/;
const NODE_FILES =
  /\.(js|mjs|cjs|jsx|ts|mts|cts|tsx|node|wasm)$|(^|\/)(package\.json|tsconfig\.json|\.mocharc[^/]*|\.babelrc[^/]*|\.swcrc|\.eslintrc[^/]*|\.prettierrc[^/]*|deno\.jsonc?)$/;
const RUBY_FILES =
  /\.(rb|erb|gemspec|ru|rake)$|(^|\/)(Gemfile|Rakefile|Guardfile|Podfile|Fastfile|\.rspec|\.irbrc|\.pryrc|\.gemrc)$/;

export const WRITTEN_CODE_RULES: readonly WrittenCodeRule[] = [
  {
    names:
      /^((python|pypy|py)[0-9.]*|pdb[0-9.]*|pydoc[0-9.]*|pygmentize|pytest|py\.test|ipython[0-9]*|pip[0-9.]*|pipx|uv|uvx|poetry|pipenv|pdm|hatch|rye|tox|nox|invoke|inv|fab|pre-commit|coverage|sphinx-build|django-admin|flask|gunicorn|uvicorn|celery|behave|locust|jupyter|streamlit)$/,
    loads: PYTHON_FILES,
    note: "python puts the script's directory (the working directory for -m, -c, stdin) first on its module path; pytest imports conftest.py and test files; pip and build front ends run setup.py and build backends; tox, nox, invoke, pre-commit run their project files",
    match: [
      "echo 'import os' > json.py; python3 -m json.tool < f",
      "echo x > conftest.py; pytest -q",
      "echo x > test_a.py; python3 -m pytest",
      "echo x > setup.py; pip wheel --no-build-isolation --no-deps .",
      "echo x > setup.py; pip install -e .",
      "echo x > pyproject.toml; pip install .",
      "echo x > noxfile.py; nox",
      "echo x > tasks.py; invoke push",
      "echo x > .pre-commit-config.yaml; pre-commit run -a",
      "echo x > x.py; uv run x.py",
    ],
    notMatch: [
      "pytest",
      "echo x > /tmp/notes.txt; pytest -q",
      "echo x > notes.txt; python3 -m json.tool < f",
      "pip install requests",
      "echo x > /tmp/out/x.txt; pip install .",
    ],
  },
  {
    names:
      /^(node|nodejs|bun|bunx|deno|tsx|ts-node|ts-node-esm|esno|esrun|babel-node|vite-node|jest|vitest|mocha|ava|tap|jasmine|karma|playwright|cypress|nyc|c8|eslint|prettier|webpack|webpack-cli|vite|rollup|parcel|next|nuxt|astro|gulp|grunt|nx|turbo|lerna|npm|pnpm|yarn|npx|pnpx|corepack)$/,
    loads: NODE_FILES,
    note: "node resolves require/import of relative modules from the script's directory; test runners load test files and their config; bundlers, linters and formatters run their config files; npm run/test run the scripts, which load the project's modules",
    match: [
      "echo x > lib.js; node app.js",
      "echo x > x.test.js; npx jest",
      "echo x > src/a.test.ts; vitest run",
      "echo x > test/a.js; mocha",
      "echo x > eslint.config.js; eslint .",
      "echo x > x.ts; deno run -A x.ts",
      "echo x > x.ts; npx tsx x.ts",
      "echo x > x.test.js; npm test",
    ],
    notMatch: [
      "npx jest",
      "echo x > /tmp/notes.md; npx jest",
      "node app.js",
      "echo x > /tmp/out.txt; node app.js",
    ],
  },
  {
    names:
      /^((ruby|irb|erb|gem|bundle|bundler)[0-9.]*|rspec|rails|rackup|jekyll|pry|cucumber|pod|fastlane|danger)$/,
    loads: RUBY_FILES,
    note: "ruby and irb require files from the load path and -r; erb runs the Ruby code in a template; gem build evaluates a gemspec; bundle evaluates the Gemfile and the gemspecs it names",
    match: [
      "echo x > x.rb; irb x.rb",
      "echo x > x.rb; irb -r ./x.rb < /dev/null",
      "echo x > x.erb; erb x.erb",
      "echo x > x.gemspec; gem build x.gemspec",
      "echo x > Gemfile; bundle install",
      "echo x > Gemfile; bundle3.1 install",
      "echo x > lib/a.rb; ruby -Ilib app.rb",
    ],
    notMatch: ["bundle install", "gem build x.gemspec", "echo x > /tmp/notes.txt; bundle install"],
  },
  {
    names: /^(perl[0-9.]*|prove|cpan|cpanm)$/,
    loads: /\.(pl|pm|t|PL)$|(^|\/)(cpanfile)$/,
    note: "perl loads modules from the script's directory and -I; prove runs test files; cpan runs Makefile.PL",
    match: [
      "echo x > Lib.pm; perl -I. app.pl",
      "echo x > t/a.t; prove",
      "echo x > Makefile.PL; cpanm .",
    ],
    notMatch: ["prove", "echo x > /tmp/notes.txt; perl app.pl"],
  },
  {
    names: /^(php[0-9.]*|composer|phpunit|pest|artisan)$/,
    loads: /\.(php|phar)$|(^|\/)(composer\.json|phpunit\.xml(\.dist)?)$/,
    note: "php includes files by relative path; composer runs the scripts of composer.json; phpunit loads test files",
    match: ["echo x > lib.php; php app.php", "echo x > composer.json; composer install"],
    notMatch: ["composer install", "echo x > /tmp/notes.txt; composer install"],
  },
  {
    names: /^(cmake|ctest|cpack|ccmake)$/,
    // CMakeCache.txt: `cmake b` configures again from b's cache, whose compiler, flags and
    // CMAKE_PROJECT_INCLUDE* entries it runs and includes (R48 cmake-cache, traced).
    loads:
      /(^|\/)(CMakeLists\.txt|CMakePresets\.json|CMakeUserPresets\.json|CMakeCache\.txt)$|\.cmake$/,
    note: "cmake runs CMakeLists.txt, -P scripts, -C cache scripts and included .cmake files (execute_process runs programs); ctest -S runs a script",
    match: [
      "echo x > x.cmake; cmake -P x.cmake",
      "echo x > CMakeLists.txt; cmake -S . -B b",
      "echo x > CMakeLists.txt; cmake .",
      "echo x > x.cmake; cmake -C x.cmake -S . -B b",
      "echo x > x.cmake; ctest -S x.cmake",
    ],
    notMatch: ["cmake --build b", "cmake -S . -B b", "echo x > /tmp/notes.txt; cmake -S . -B b"],
  },
  {
    names: /^(cargo|rustc|rustup)$/,
    loads: CARGO_FILES,
    note: "cargo compiles and runs build.rs and proc macros; its config names runners and linkers",
    match: ["echo x > build.rs; cargo build", "echo x > .cargo/config.toml; cargo build"],
    notMatch: ["cargo build", "echo x > /tmp/notes.txt; cargo build"],
  },
  {
    names: /^(go|gofmt|dlv)$/,
    loads: GO_FILES,
    note: "go run compiles and runs the written sources (cgo the C files beside them); go.mod may name a toolchain to fetch and run",
    match: [
      "echo x > x.go; go run x.go",
      "echo x > go.mod; go build ./...",
      "echo x > pkg/a/x.c; go test ./pkg/a",
      "gofmt -r 'a -> b' -w pkg; go test ./pkg",
    ],
    notMatch: [
      "go run x.go",
      "echo x > notes.txt; go build ./...",
      "go vet ./...; go test ./...",
      "go test ./pkg/a > out.txt; go vet ./pkg/b",
      "touch pkg/a/x.go; go test ./pkg/a",
      "gofmt -w pkg; go test ./pkg",
    ],
  },
  {
    names:
      /^(java|jshell|jbang|kotlin|kotlinc|scala|scala-cli|groovy|clojure|clj|lein|dotnet|mix|elixir|iex|dart|flutter|swift|crystal|nim|julia|octave|runghc|runhaskell|stack|cabal|ocaml|dune|guile|racket|raco|pwsh|powershell)$/,
    loads:
      /\.(java|class|jar|kt|kts|scala|sc|groovy|gvy|clj|cljs|cljc|edn|cs|csx|fsx|csproj|fsproj|props|targets|ex|exs|dart|swift|cr|nim|nims|jl|m|hs|lhs|ml|mli|scm|ss|rkt|ps1|psm1)$|(^|\/)(pom\.xml|mix\.exs|pubspec\.yaml|Package\.swift|shard\.yml|dune|dune-project|stack\.yaml|project\.clj|deps\.edn|global\.json|Directory\.Build\.(props|targets))$/,
    note: "language runners compile and run the sources and project files they find: java X.java, dotnet run, mix run, dart run, swift run, nim r, julia, ghc's runghc, pwsh",
    match: [
      "echo x > X.java; java X.java",
      "echo x > x.csx; dotnet script x.csx",
      "echo x > x.exs; mix run x.exs",
      "echo x > x.ps1; pwsh -File x.ps1",
    ],
    notMatch: ["java X.java", "echo x > /tmp/notes.txt; dotnet run"],
  },
  {
    names: /^(tcc|tinycc)$/,
    loads: /\.(c|h)$/,
    when: (words) => words.some((w) => !w.literal || w.text === "-run"),
    note: "tcc -run compiles the sources and runs the program at once",
    match: ["echo x > x.c; tcc -run x.c"],
    // `echo x > x.c; tcc -o x x.c` floors by the code-name rule: the compile reads every file
    // the source includes, as gcc's does (OPERAND_DOCUMENTS).
    notMatch: ["echo x > /tmp/notes.txt; tcc -o x x.c", "tcc -run x.c"],
  },
  {
    names: /^(kustomize|kubectl|oc)$/,
    loads: /(^|\/)(kustomization\.ya?ml|Kustomization)$|\.ya?ml$/,
    when: (words) =>
      words.some(
        (w) => !w.literal || /^--(enable-exec|enable-alpha-plugins|enable-star)/.test(w.text),
      ),
    note: "kustomize with exec or alpha plugins on runs the plugin programs a kustomization names",
    match: ["echo x > kustomization.yaml; kustomize build --enable-exec ."],
    notMatch: ["echo x > kustomization.yaml; kustomize build .", "kustomize build --enable-exec ."],
  },
  {
    names: /^(pdflatex|xelatex|lualatex|latex|tex|pdftex|xetex|luatex|etex|context|tectonic)$/,
    loads: /\.(tex|sty|cls|ltx|dtx|ins|lua)$/,
    when: (words) =>
      words.some((w) => !w.literal || /^--?(shell-escape|enable-write18)$/.test(w.text)),
    note: "with shell escape on, \\write18 in a TeX source runs a shell command",
    match: [
      "echo x > x.tex; pdflatex -shell-escape x.tex",
      "echo x > x.tex; tex --shell-escape x.tex",
    ],
    notMatch: ["echo x > /tmp/notes.md; pdflatex x.tex", "pdflatex -shell-escape x.tex"],
  },
  {
    names: /^(latexmk)$/,
    loads: /(^|\/)\.?latexmkrc$|\.(tex|sty|cls)$/,
    note: "latexmk runs the Perl of a latexmkrc (its own, or -r's) and TeX, which may \\input any file of a source the string wrote",
    match: [
      "echo x > x.tex; latexmk -pdf -shell-escape x.tex",
      "echo x > x.tex; latexmk -pdf x.tex",
    ],
    notMatch: ["latexmk -pdf x.tex", "echo x > /tmp/notes.md; latexmk -pdf x.tex"],
  },
  {
    names:
      /^(cpp|gcc|cc|c\+\+|g\+\+|c89|c99|c11|c17|clang|clang\+\+|icc|icx|[a-z0-9_]+-(linux|w64|apple|elf|none)[a-z0-9_-]*-(gcc|g\+\+|cc|c\+\+|cpp))$/,
    loads: /\.(c|h|i|cc|cp|cxx|cpp|c\+\+|hh|hpp|hxx|ii|m|mm|S|sx|F|fpp|F90|F95)$/,
    note: "the preprocessor opens every file a source names in #include (any file, by absolute path), and a compiler error shows its lines: a source the string wrote is not proven to read only itself",
    match: [
      "echo '#include \"/etc/passwd\"' > x.c; cpp x.c",
      "echo x > x.c; gcc -c x.c",
      "echo x > x.c; c99 -E x.c",
    ],
    notMatch: ["cpp x.c", "gcc -o x x.c", "echo x > /tmp/notes.txt; gcc -c x.c"],
  },
  {
    names:
      /^(groff|nroff|troff|gtroff|soelim|gsoelim|mandoc|man|xsltproc|xmllint|rst2[a-z0-9]+|rst2[a-z0-9]+\.py|docutils|asciidoctor|asciidoc|a2x|dot|neato|twopi|circo|fdp|sfdp|pdflatex|xelatex|lualatex|latex|tex|pdftex|xetex|luatex|etex|context|tectonic|latexmk)$/,
    loads:
      /\.([1-9][a-z]*|man|mdoc|ms|me|mm|mom|roff|tr|t|xml|xsl|xslt|xhtml|svg|dtd|ent|xinclude|rst|rest|adoc|asciidoc|asc|dot|gv|tex|ltx|sty|cls)$/,
    note: "a document can pull in any file: roff `.so`, XML entities, XInclude and document(), reStructuredText and AsciiDoc `include::`, TeX `\\input`, Graphviz `image=`; a document the string wrote is not proven free of them",
    match: [
      "echo '.so /home/user/notes.txt' > x.1; man ./x.1",
      "echo '.so /home/user/notes.txt' > x.1; groff -Tascii x.1",
      "echo x > x.rst; rst2html x.rst",
      "echo x > x.xml; xmllint --xinclude x.xml",
      "echo x > x.tex; pdflatex x.tex",
      "echo x > d; groff -T ascii d",
      "echo x > s; gcc -x c -c s",
    ],
    notMatch: ["man ./x.1", "groff -man -Tascii x.1", "echo x > /tmp/notes.md; man ls"],
  },
  {
    names: /^(tmux|screen|direnv|mise|lefthook|just|task|m4|gnuplot|expect|wish[0-9.]*)$/,
    loads:
      /(^|\/)(\.?tmux\.conf|\.screenrc|\.envrc|\.env|mise\.toml|\.mise\.toml|\.tool-versions|lefthook\.ya?ml|\.lefthook\.ya?ml|justfile|Justfile|\.justfile|Taskfile\.ya?ml)$|\.(conf|m4|gp|plt|gnuplot|exp|tcl)$/,
    note: "tmux and screen run the commands of their configuration; direnv and mise run .envrc and mise.toml; lefthook runs its hooks; m4, gnuplot, expect and wish run code in their scripts",
    match: [
      "echo x > t.conf; tmux -f t.conf new -d",
      "echo x > t.conf; tmux new -d \\; source-file t.conf",
      "echo x > .envrc; direnv allow; direnv exec . true",
      "echo x > mise.toml; mise run x",
      "echo x > x.m4; m4 x.m4",
    ],
    notMatch: ["tmux new -d", "echo x > notes.txt; tmux new -d"],
  },
  {
    names:
      /^(as|gas|llvm-mc|llvm-tblgen|rpcgen|llvm-rc|windres|ld|ld\.bfd|ld\.gold|ld\.lld|lld|localedef|genrb)$/,
    loads: /./,
    when: (words) =>
      /genrb/.test(words[0]?.text ?? "") ||
      words
        .slice(1)
        .some(
          (word) =>
            /\.(s|S|sx|asm|inc|td|x|rc|ld|lds)$/.test(word.text) ||
            /^-(T|i|f|-script)/.test(word.text),
        ),
    note: "assembler sources (.include, .incbin), RPC and TableGen sources (#include, include), linker scripts (INCLUDE) and localedef sources (copy) open any file they name",
    match: [
      "echo '.incbin \"/home/user/.ssh/id_rsa\"' > x.s; as -o x.o x.s",
      "echo 'INCLUDE /home/user/notes.txt' > s.ld; ld -T s.ld",
      "echo x > l; localedef -i l -f UTF-8 ./o",
      "echo x > x.x; rpcgen x.x",
      "echo x > r.txt; genrb r.txt",
    ],
    notMatch: ["as -o x.o x.s", "echo x > notes.txt; ld -o a a.o"],
  },
  {
    names: /^(terraform|tofu|terragrunt)$/,
    loads:
      /\.tf(\.json)?$|\.tfvars(\.json)?$|\.tftest\.hcl$|(^|\/)(terragrunt\.hcl|\.terraformrc|terraform\.rc)$/,
    when: (words) =>
      !words.slice(1).some((word) => /^-?-(version|help)$|^(version|fmt)$/.test(word.text)),
    note: "terraform reads every .tf file of its folder: a local-exec provisioner runs its command on apply, and init installs the providers the files name",
    match: [
      "echo x > main.tf; terraform init -input=false; terraform apply -auto-approve",
      "echo x > m.tf.json; tofu plan",
    ],
    notMatch: [
      "terraform apply",
      "echo x > main.tf; terraform fmt",
      "echo x > /tmp/notes.txt; terraform plan",
    ],
  },
];

/**
 * Programs that load as code the files some of their words name, read with the program's own
 * option grammar (not the first word without a dash): pydoc imports a name given as a path,
 * cpan -j loads a configuration that is Perl code, java runs its main operand as a source
 * file in source-file mode (`--source N`, whatever the file is called). A file the string
 * wrote there is code nobody read. One test walks the examples of every entry.
 */
export interface CodeFileRule {
  /** Program names (or their stems: `pydoc3.11` is `pydoc`). */
  readonly names: RegExp;
  /** The words that name files it loads as code. */
  readonly files: (words: readonly Word[]) => readonly Word[];
  readonly note: string;
  readonly match: readonly string[];
  readonly notMatch: readonly string[];
}

const PLANT_PY = "printf 'import os\\n' > x";
const PLANT_PY_OUTSIDE = "printf 'import os\\n' > /tmp/x";

export const CODE_FILE_RULES: readonly CodeFileRule[] = [
  {
    names: /^pydoc$/,
    files: pydocOperands,
    note: "pydoc imports a name holding a path separator from that file, whatever it is called",
    match: [`${PLANT_PY}; pydoc3 ./x`, `${PLANT_PY}; pydoc3.11 -w ./x`],
    // The plants of the notMatch examples lie outside the project: a write in it floors pydoc
    // anyway, as it searches the working directory for modules (s31 written-unnamed-load).
    notMatch: [
      `${PLANT_PY_OUTSIDE}; pydoc3 json`,
      `${PLANT_PY_OUTSIDE}; pydoc3 -k os`,
      "pydoc3 ./x",
    ],
  },
  {
    names: /^cpan$/,
    files: (words) => {
      const config = cpanConfig(words);
      return config === undefined || config === null ? [] : [config];
    },
    note: "cpan -j FILE requires FILE: its configuration is Perl code",
    match: ["echo x > c; cpan -j c -l", "echo x > c; cpan -lj c"],
    notMatch: ["echo x > /tmp/c; cpan -l", "cpan -j c -l"],
  },
  {
    names: /^java$/,
    files: javaCodeFiles,
    note: "java runs its main operand as a source file in source-file mode (`--source N` takes any name), a -jar archive, -javaagent/-agentpath code, and reads options from @argfiles",
    match: [
      "echo x > x; java --source 17 x",
      "echo x > x; java -cp . --source 17 x",
      "echo x > x; java -Dx=1 --source=17 x",
      "echo x > a.jar; java -jar a.jar",
      "echo x > a.jar; java -javaagent:a.jar=opt Main",
      "echo x > opts; java @opts Main",
    ],
    notMatch: [
      "echo x > /tmp/x; java -cp lib Main",
      "java --source 17 x",
      "echo x > /tmp/y; java --source 17 x",
    ],
  },
  {
    names: /^perl[0-9.]*$/,
    files: perlDebuggerInit,
    note: "perl -d runs its debugger, which runs ./.perldb (or ~/.perldb) as Perl code before the script",
    match: [
      "echo x > .perldb; perl -d app.pl",
      "echo x > .perldb; perl -wd app.pl",
      "echo x > ~/.perldb; perl -d app.pl",
      "echo x > .perldb; HOME=. perl -d app.pl",
      "echo x > .perldb; perl -ld app.pl",
      "echo x > .perldb; perl -0777d app.pl",
    ],
    notMatch: [
      "echo x > ~/.perldb; perl app.pl",
      "perl -d app.pl",
      "echo x > ~/.perldb; perl -w -c app.pl",
    ],
  },
  {
    names: /^ansible-playbook$/,
    files: (words) => words.slice(1).filter((word) => !word.text.startsWith("-")),
    note: "ansible-playbook runs the playbooks it is given (a task's shell: line is a command)",
    match: ["printf -- '- hosts: all\\n' > p.yml; ansible-playbook p.yml"],
    notMatch: ["ansible-playbook p.yml", "echo x > /tmp/y.yml; ansible-playbook p.yml"],
  },
];

/**
 * `.perldb` and `~/.perldb` when perl's switches (before the script) turn on the debugger:
 * `-d`, in a cluster too (`-wd`), `-d:Mod` included (an over-approximation: only perl5db.pl
 * reads the files). A switch that takes the rest of its word (`-e`, `-M`, `-I`, …) ends the
 * cluster; a computed switch may be `-d`.
 */
function perlDebuggerInit(words: readonly Word[]): Word[] {
  const init = () => [wordFromText(".perldb"), wordFromText("~/.perldb", { tilde: true })];
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    const text = word.text;
    if (!word.literal) return text.startsWith("-") || text.startsWith("$") ? init() : [];
    if (text === "--" || !text.startsWith("-") || text === "-") return [];
    for (let k = 1; k < text.length; k++) {
      const letter = text[k] as string;
      if (letter === "d") return init();
      // Code, a folder or a module take the rest of the word; -l, -0, -C, -D, -i and -V
      // take digits or letters that may end before a `d` (`-ld`, `-0777d`: R20), so the
      // cluster is read on past them (a `d` in their value counts too: an over-approximation).
      if ("eEIMmx".includes(letter)) break;
    }
    // -e and -E take the next word when nothing is attached: it is code, not a switch.
    if (/^-[a-zA-Z]*[eE]$/.test(text)) i++;
  }
  return [];
}

/** java launcher options that take the next word as their value (JDK 21 `java --help`). */
const JAVA_VALUES = new Set([
  ...["-cp", "-classpath", "--class-path", "-p", "--module-path", "--upgrade-module-path"],
  ...["--add-modules", "--enable-native-access", "--limit-modules", "--add-reads"],
  ...["--add-exports", "--add-opens", "--patch-module", "--source", "--describe-module", "-d"],
]);

/**
 * The files java loads as code: the main operand (a class name, or a source file), a -jar
 * archive, -javaagent/-agentpath libraries and @argfiles. `-m`/`--module` names a module.
 */
function javaCodeFiles(words: readonly Word[]): Word[] {
  const files: Word[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    const text = word.text;
    if (!word.literal) {
      files.push(word);
      continue;
    }
    if (text.startsWith("@") && text.length > 1) {
      files.push({ ...word, text: text.slice(1) });
      continue;
    }
    const agent = /^-(?:javaagent|agentpath):([^=]+)/.exec(text);
    if (agent !== null) {
      files.push({ ...word, text: agent[1] as string });
      continue;
    }
    if (JAVA_VALUES.has(text)) {
      i++;
      continue;
    }
    if (text === "-jar") {
      const jar = words[i + 1];
      if (jar !== undefined) files.push(jar);
      break;
    }
    if (text === "-m" || text === "--module" || text.startsWith("--module=")) break;
    if (text.startsWith("-")) continue;
    files.push(word);
    break;
  }
  return files;
}

/**
 * Programs that run what a file or folder named by a variable or an option configures: a
 * kubeconfig's credential plugin, an AWS credential_process, docker's credential helpers and
 * CLI plugins, an rc file, an interpreter or toolchain to run. A file the string wrote there
 * (or below a home folder the string may have rebound HOME to) is code nobody read. One test
 * walks the examples of every entry. A moved HOME and the settings variables and options of
 * settings-homes.ts floor their program even with nothing written (S32 settings-home: a cloned
 * project brings the files), so no `notMatch` here gives one of them a value.
 */
export interface NamedFileRule {
  /** Program names, after any directory and version (`rdbg3.1` is `rdbg`). */
  readonly names: RegExp;
  /**
   * Variables whose value names the file, a folder it reads below, or a program it runs
   * (`:`- or `;`-separated lists, `@file` and `dir/?.lua` forms included).
   */
  readonly variables: readonly string[];
  /** Options whose value (`--x v`, `--x=v`, `-x v`) names one. */
  readonly options?: readonly string[];
  /** Below a folder so named, only written files this meets count (a module path loads modules). */
  readonly below?: RegExp;
  /** The files under any home the program reads by default (written anywhere, they count). */
  readonly homeFiles?: RegExp;
  /** Earlier commands (their words joined by blanks) that write such a file themselves. */
  readonly writers?: RegExp;
  /** Only invocations this accepts read the files (`python3 -m pip`, not any python script). */
  readonly when?: (words: readonly Word[]) => boolean;
  /**
   * Text the program reads as nothing but data: a write of it (its whole text known, see
   * `PendingPath.wroteText`) does not make the file code nobody read.
   */
  readonly harmless?: (text: string) => boolean;
  readonly note: string;
  readonly match: readonly string[];
  readonly notMatch: readonly string[];
}

const PLANT = "echo -e '#!/bin/sh\\ngit push' > p; chmod +x p";

/**
 * Any program linked with libssl or libcrypto (curl, node, python's ssl, git's https helper…)
 * loads the configuration OPENSSL_CONF names when it starts OpenSSL: its engines and providers
 * are shared objects, and `.include` opens any file (S30 openssl-config-file). Kept out of
 * {@link NAMED_FILE_RULES}, where a rule makes its programs loaders of every written file: it
 * only judges the file the variable names.
 */
export const OPENSSL_SETTINGS: NamedFileRule = {
  names: /^/,
  variables: ["OPENSSL_CONF"],
  note: "every program that starts OpenSSL loads the configuration OPENSSL_CONF names",
  match: [
    "OPENSSL_CONF=/dev/stdin curl https://x <<< x",
    "echo x > o.cnf; OPENSSL_CONF=o.cnf node a.js",
  ],
  notMatch: ["OPENSSL_CONF=o.cnf curl https://x", "curl https://x"],
};

/** An autoconf configure script, by any path (`./configure`, `../configure`). */
const CONFIGURE_RUNS = /(^|\/)configure$/;

/** configure's --cache-file and each prefix of it its option parser takes, down to `--c`. */
const CONFIGURE_CACHE_OPTIONS: readonly string[] = [
  ..."cache-file".split("").map((_, i) => `--${"cache-file".slice(0, i + 1)}`),
  "-cache-file",
];

/** python's module search: PYTHONPATH and its kin, and the user site folder (see {@link NAMED_FILE_RULES}). */
const PYTHON_LOADS: NamedFileRule = {
  names: /^((python|pypy)[0-9.]*|ipython[0-9]*|pip[0-9.]*|pytest|py\.test)$/,
  variables: [
    ...["PYTHONSTARTUP", "PYTHONPATH", "PYTHONHOME", "PYTHONUSERBASE", "IPYTHONDIR"],
    "JUPYTER_CONFIG_DIR",
  ],
  below: /\.(py|pyc|pth|so|pyd)$|^[^.]*$/,
  homeFiles: /(^|\/)\.pythonrc(\.py)?$|(^|\/)\.local\/lib\/python[^/]*\/site-packages\//,
  note: "python runs PYTHONSTARTUP's file when interactive and imports modules (and .pth files) from PYTHONPATH, PYTHONHOME and the user site folder",
  match: [
    "echo x > r; PYTHONSTARTUP=r python3",
    "mkdir d; echo x > d/json.py; PYTHONPATH=d python3 -m json.tool f",
    "echo x > d/x.pth; export PYTHONPATH=/tmp:d; python3 app.py",
  ],
  notMatch: ["PYTHONSTARTUP=r python3", "echo x > /tmp/notes.txt; PYTHONPATH=d python3 app.py"],
};

/** perl's module search: PERL5LIB and PERLLIB (see {@link NAMED_FILE_RULES}). */
const PERL_LOADS: NamedFileRule = {
  names: /^(perl[0-9.]*|prove|cpan|cpanm)$/,
  variables: ["PERL5LIB", "PERLLIB", "PERL5DB"],
  below: /\.(pm|pl|so|ix|al)$|^[^.]*$/,
  note: "perl loads modules from PERL5LIB and PERLLIB",
  match: ["mkdir d; echo x > d/strict.pm; PERL5LIB=d perl app.pl"],
  notMatch: ["PERL5LIB=d perl app.pl"],
};

export const NAMED_FILE_RULES: readonly NamedFileRule[] = [
  {
    names:
      /^(kubectl|kubectl-[a-z0-9-]+|helm|helmfile|k9s|kubectx|kubens|kubie|kustomize|oc|minikube|kind|k3d|flux|argocd|stern|skaffold|tilt|kpt|kubeadm|kubelogin|istioctl|linkerd|velero|kubeseal|kubecolor|kapp|kn|tkn|eksctl|popeye|kubent|krew|kubeshark)$/,
    variables: ["KUBECONFIG"],
    options: ["--kubeconfig"],
    homeFiles: /(^|\/)\.kube\//,
    writers:
      /^(kubectl|oc) (.* )?config (set|set-credentials|set-cluster|set-context|use-context|use)\b/,
    note: "a kubeconfig's users[].user.exec names a credential plugin the client runs (kubectl, helm and every client-go tool)",
    match: [
      "echo x > kc; KUBECONFIG=kc kubectl get pods",
      "echo x > kc; kubectl --kubeconfig=kc get pods",
      "echo x > kc; helm --kubeconfig kc list",
      "echo x > kc; export KUBECONFIG=/tmp/a:kc; kubectl get pods",
      "mkdir -p .kube; echo x > .kube/config; HOME=. kubectl get pods",
      "kubectl config set-credentials u --exec-command=git --exec-arg=push; kubectl get pods",
      "kubectl -n x config set-credentials u --exec-command=git --exec-arg=push; kubectl get pods",
      "kubectl get pods --kubeconfig <(printf x)",
    ],
    notMatch: ["echo x > notes.txt; kubectl get pods"],
  },
  {
    names:
      /^(aws|sam|cdk|cdktf|terraform|tofu|terragrunt|pulumi|copilot|chalice|serverless|sls|aws-vault|awslogs|s3cmd)$/,
    variables: ["AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE"],
    homeFiles: /(^|\/)\.aws\//,
    writers: /^aws (.* )?configure (set|import)\b/,
    note: "an AWS config or credentials file's credential_process is a command the SDK runs",
    match: [
      "echo x > ac; AWS_CONFIG_FILE=ac aws s3 ls",
      "echo x > ac; AWS_SHARED_CREDENTIALS_FILE=ac terraform plan",
      "mkdir -p .aws; echo x > .aws/config; HOME=. aws s3 ls",
      "aws configure set credential_process 'git push'; aws s3 ls",
    ],
    notMatch: [],
  },
  {
    names: /^(docker|docker-compose|docker-buildx|podman|nerdctl|buildah|skopeo)$/,
    variables: ["DOCKER_CONFIG", "REGISTRY_AUTH_FILE", "CONTAINERS_CONF"],
    options: ["--config", "--authfile"],
    homeFiles: /(^|\/)\.docker\/|(^|\/)containers\/auth\.json$/,
    note: "docker runs every docker-* file of its config folder's cli-plugins (and of cliPluginsExtraDirs), and config.json's credsStore and credHelpers name helpers it runs",
    match: [
      "mkdir -p d/cli-plugins; echo x > d/cli-plugins/docker-foo; DOCKER_CONFIG=d docker foo",
      "mkdir d; echo x > d/config.json; docker --config d pull alpine",
      "mkdir d; echo x > d/config.json; docker --config=d pull alpine",
      "mkdir -p .docker; echo x > .docker/config.json; HOME=. docker ps",
    ],
    notMatch: ["echo x > notes.txt; docker ps"],
  },
  {
    names: /^(gcloud|bq|gsutil)$/,
    variables: [
      "CLOUDSDK_PYTHON",
      "CLOUDSDK_GSUTIL_PYTHON",
      "CLOUDSDK_BQ_PYTHON",
      "CLOUDSDK_CONFIG",
      "BOTO_CONFIG",
      "BOTO_PATH",
    ],
    homeFiles: /(^|\/)\.config\/gcloud\/|(^|\/)\.boto$/,
    note: "the Cloud SDK launchers run the python CLOUDSDK_PYTHON names; their configuration folder and gsutil's boto file name helpers they run",
    match: [
      `${PLANT}; CLOUDSDK_PYTHON=./p gcloud version`,
      `${PLANT}; CLOUDSDK_PYTHON=/repo/p bq version`,
      `${PLANT}; export CLOUDSDK_PYTHON=p; gsutil version`,
    ],
    notMatch: ["CLOUDSDK_PYTHON=python3 gcloud version", `${PLANT}; gcloud version`],
  },
  {
    names: /^(az)$/,
    variables: ["AZURE_CONFIG_DIR"],
    homeFiles: /(^|\/)\.azure\//,
    note: "az loads extensions (python code) from its configuration folder",
    match: [
      "mkdir -p a/cliextensions; echo x > a/cliextensions/x.py; AZURE_CONFIG_DIR=a az version",
    ],
    notMatch: ["AZURE_CONFIG_DIR=a az version"],
  },
  {
    names: /^(irb|pry|rails|racksh)$/,
    variables: ["IRBRC", "PRYRC", "XDG_CONFIG_HOME"],
    homeFiles: /(^|\/)\.(irbrc|pryrc)$|(^|\/)irb\/irbrc$/,
    note: "irb runs the Ruby of the rc file IRBRC names (pry PRYRC), or ~/.irbrc and $XDG_CONFIG_HOME/irb/irbrc",
    match: [
      "echo x > r; IRBRC=r irb",
      "echo x > r; export IRBRC=r; irb",
      "echo x > r; IRBRC=r bundle exec irb",
      "echo x > .irbrc; HOME=. irb",
      "mkdir -p c/irb; echo x > c/irb/irbrc; XDG_CONFIG_HOME=c irb",
      "IRBRC=/dev/stdin irb <<< 'system \"git push\"'",
    ],
    notMatch: [],
  },
  PYTHON_LOADS,
  {
    names: /^(pip[0-9.]*|pip-sync|pip-compile|(python|pypy)[0-9.]*|uv)$/,
    when: pipRun,
    // PIP_FIND_LINKS: a folder pip takes archives from, as `-f` (R50 pip-written-archive).
    variables: ["PIP_CONFIG_FILE", "PIP_REQUIREMENT", "PIP_CONSTRAINT", "PIP_FIND_LINKS"],
    options: [
      ...["-r", "--requirement", "--requiremen", "--requireme", "--requirem"],
      ...["-c", "--constraint", "--constrain", "--constrai", "--constra", "--constr", "--const"],
      "--cons",
    ],
    homeFiles: /(^|\/)pip\.(conf|ini)$/,
    harmless: plainRequirements,
    note: "pip (and pip-tools, uv pip) reads a requirements or constraints file's lines as more options: -r/-c name any file it reads, -e a project it builds, --index-url, --find-links; a pip configuration (PIP_CONFIG_FILE, any pip.conf) sets log, target, cache-dir and cert files",
    match: [
      "echo '-r /home/user/notes.txt' > req.txt; pip download -r req.txt -d d",
      "printf x > req.txt; pip3 install --requirement=req.txt",
      "printf x > req.txt; pip install -rreq.txt",
      "printf x > c.txt; pip install -c c.txt x",
      "printf x > req.txt; python3 -m pip install -r req.txt",
      "printf x > req.txt; uv pip install -r req.txt",
      "printf '[global]\\nlog = /home/user/pip.log\\n' > p.conf; PIP_CONFIG_FILE=p.conf pip list",
      "mkdir -p .config/pip; echo x > .config/pip/pip.conf; HOME=. pip list",
      "pip install -r /dev/stdin <<< x",
      "cat > req.txt <<'R'\nflask\n-e .\nR\npip install -r req.txt",
      "echo 'x --hash=sha256:0' > req.txt; pip install -r req.txt",
      "echo flask > req.txt; echo '-r ~/x' >> req.txt; pip install -r req.txt",
      "cat > req.txt <<R\n$PKG\nR\npip install -r req.txt",
    ],
    notMatch: [
      "pip install -r requirements.txt",
      "cat > requirements.txt <<'REQ'\nfastapi==0.110.0\nuvicorn[standard] >=0.29, <1 # server\nREQ\npip install -r requirements.txt",
      "echo 'requests; python_version >= \"3.8\"' > req.txt && pip install -r req.txt",
      "echo x > notes.txt; pip install -r req.txt",
      "echo x > req.txt; python3 app.py -r req.txt",
    ],
  },
  {
    names: /^(ctags|ctags-universal|universal-ctags|uctags|ctags-exuberant|exuberant-ctags)$/,
    variables: [],
    options: ["--options", "--optlib-dir"],
    homeFiles: /(^|\/)\.?ctags\.d\/[^/]*$|(^|\/)\.ctags$|(^|\/)ctags\/[^/]*\.ctags$/,
    note: "Universal Ctags reads every *.ctags file of ./.ctags.d, ./ctags.d, ~/.ctags.d and $XDG_CONFIG_HOME/ctags as options (Exuberant Ctags ./.ctags and ~/.ctags), and --options FILE: -f/-o there writes the tag file anywhere, and the sort it runs goes through sh -c",
    match: [
      "mkdir .ctags.d; echo '-f/home/user/tags' > .ctags.d/x.ctags; ctags -R src",
      "mkdir -p ctags.d && printf -- '-o/home/user/tags' > ctags.d/a.ctags && ctags src/a.ts",
      "echo x > .ctags; ctags-exuberant -R",
      "echo x > o; ctags --options=o -R",
    ],
    notMatch: ["ctags -R src", "echo x > notes.txt; ctags -R src"],
  },
  PERL_LOADS,
  {
    names: /^prove$/,
    variables: [],
    options: ["--rc"],
    homeFiles: /(^|\/)\.proverc$/,
    note: "prove reads options from ./.proverc, ~/.proverc and --rc FILE: an --exec there names the program that runs every test file",
    match: [
      "printf -- '--exec=git push\\n' > .proverc; prove t",
      "echo x > r; prove --rc=r t",
      "echo x > r; prove --rc r t",
    ],
    notMatch: ["prove --rc r t", "echo x > /tmp/notes.txt; prove t"],
  },
  {
    names: /^cpan$/,
    variables: [],
    homeFiles:
      /(^|\/)\.cpan\/CPAN\/MyConfig\.pm$|(^|\/)\.local\/share\/\.cpan\/CPAN\/MyConfig\.pm$/,
    note: "cpan requires CPAN/MyConfig.pm of its home folder: Perl code",
    match: ["mkdir -p .cpan/CPAN; echo x > .cpan/CPAN/MyConfig.pm; HOME=. cpan -l"],
    notMatch: [],
  },
  {
    names: /^((ruby|gem|bundle|bundler|rake)[0-9.]*|rspec|rails)$/,
    variables: ["RUBYLIB", "GEM_PATH", "GEM_HOME", "BUNDLE_GEMFILE"],
    below: /\.(rb|so|gemspec)$|^[^.]*$/,
    note: "ruby loads libraries from RUBYLIB and gems from GEM_PATH and GEM_HOME; bundle evaluates the Gemfile BUNDLE_GEMFILE names",
    match: [
      "mkdir d; echo x > d/json.rb; RUBYLIB=d ruby app.rb",
      "echo x > g; BUNDLE_GEMFILE=g bundle install",
    ],
    notMatch: ["RUBYLIB=d ruby app.rb"],
  },
  {
    names: /^(node|nodejs)$/,
    variables: ["NODE_PATH", "NODE_REPL_EXTERNAL_MODULE"],
    below: /\.(js|cjs|mjs|json|node)$|^[^.]*$/,
    note: "node resolves bare module names from NODE_PATH's folders",
    match: ["mkdir d; echo x > d/x.js; NODE_PATH=d node -e 'require(\"x\")'"],
    notMatch: ["NODE_PATH=d node app.js"],
  },
  {
    names: /^(lua[0-9.]*|luajit|texlua)$/,
    variables: [
      "LUA_INIT",
      "LUA_INIT_5_1",
      "LUA_INIT_5_2",
      "LUA_INIT_5_3",
      "LUA_INIT_5_4",
      "LUA_PATH",
      "LUA_CPATH",
    ],
    note: "lua runs the file LUA_INIT names after `@` before the script, and loads modules from LUA_PATH's ?-patterns",
    match: [
      "echo x > r; LUA_INIT=@r lua app.lua",
      "mkdir d; echo x > d/m.lua; LUA_PATH='d/?.lua' lua app.lua",
    ],
    notMatch: ["LUA_INIT=@r lua app.lua"],
  },
  {
    names: /^(psql|pgcli)$/,
    variables: ["PSQLRC"],
    homeFiles: /(^|\/)\.psqlrc(-[0-9.]+)?$/,
    note: "psql runs the rc file PSQLRC names (or ~/.psqlrc), whose \\! runs a shell command",
    match: ["echo x > r; PSQLRC=r psql", "echo x > .psqlrc; HOME=. psql"],
    notMatch: [],
  },
  {
    names: /^(mysql|mariadb|mysqldump|mysqladmin|mysqlsh|mysqlcheck)$/,
    variables: ["MYSQL_HOME", "MYSQL_TEST_LOGIN_FILE"],
    options: ["--defaults-file", "--defaults-extra-file"],
    homeFiles: /(^|\/)\.(my\.cnf|mylogin\.cnf)$/,
    note: "a MySQL option file (MYSQL_HOME/my.cnf, --defaults-file, ~/.my.cnf) can set the pager or a plugin the client runs",
    match: [
      "mkdir d; echo x > d/my.cnf; MYSQL_HOME=d mysql",
      "echo x > c; mysql --defaults-file=c",
    ],
    notMatch: [],
  },
  {
    names: /^(zsh)$/,
    variables: ["ZDOTDIR"],
    homeFiles: /(^|\/)\.(zshenv|zshrc|zprofile|zlogin)$/,
    note: "zsh runs .zshenv (and, interactive or login, more startup files) from ZDOTDIR or the home folder, even for a script",
    match: [
      "mkdir z; echo x > z/.zshenv; ZDOTDIR=z zsh x.zsh",
      "echo x > .zshenv; HOME=. zsh x.zsh",
    ],
    notMatch: [],
  },
  {
    names: /^(vim|vi|nvim|view|vimdiff|ex|gvim|rvim)$/,
    variables: ["VIMRUNTIME", "VIM", "XDG_CONFIG_HOME", "MYVIMRC"],
    options: ["-u", "-S", "-U"],
    homeFiles: /(^|\/)\.(vimrc|exrc|gvimrc)$|(^|\/)\.vim\/|(^|\/)nvim\//,
    note: "vim sources its vimrc (-u, ~/.vimrc), a session (-S) and the plugins of its runtime folder",
    match: [
      "mkdir -p d/plugin; echo x > d/plugin/x.vim; VIMRUNTIME=d vim x",
      "echo x > .vimrc; HOME=. vim x",
    ],
    notMatch: ["VIMRUNTIME=d vim x"],
  },
  {
    names: /^(tmux|screen|byobu|script|dtach|abduco|mc|xterm|nix-shell)$/,
    variables: ["SHELL", "SCREENRC", "SYSSCREENRC"],
    note: "a terminal multiplexer or recorder with no command starts $SHELL",
    match: [`${PLANT}; SHELL=/repo/p tmux new -d`, `${PLANT}; SHELL=./p script -q /dev/null`],
    notMatch: ["SHELL=/bin/bash tmux new -d", `${PLANT}; tmux new -d`],
  },
  {
    names: /^(kpt)$/,
    variables: [],
    options: ["--exec", "--exec-path"],
    note: "kpt fn eval --exec runs the executable it names as a KRM function",
    match: [`${PLANT}; kpt fn eval . --exec ./p`, `${PLANT}; kpt fn eval . --exec=./p`],
    notMatch: ["kpt fn eval . --exec ./p"],
  },
  {
    names:
      /^(mvn|mvnw|mvnDebug|mvnyjp|gradle|gradlew|ant|sbt|lein|kotlin|kotlinc|scala|scalac|groovy|jbang|java|javac|jshell)$/,
    variables: ["JAVA_HOME", "GRADLE_USER_HOME", "MAVEN_OPTS", "GRADLE_OPTS"],
    homeFiles: /(^|\/)\.gradle\/(init\.(d\/)?|gradle\.properties)|(^|\/)\.m2\/|(^|\/)\.mavenrc$/,
    note: "JVM launchers run $JAVA_HOME/bin/java; gradle runs the init scripts of its user home, maven ~/.mavenrc",
    match: [
      "mkdir -p j/bin; echo x > j/bin/java; JAVA_HOME=j mvn -v",
      "mkdir -p g/init.d; echo x > g/init.d/x.gradle; GRADLE_USER_HOME=g gradle build",
      "mkdir h; echo x > h/.mavenrc; HOME=h mvnDebug -v",
    ],
    notMatch: ["echo x > notes.txt; mvn -v"],
  },
  {
    names: /^(go|gofmt)$/,
    variables: ["GOROOT", "GOENV", "GOPATH"],
    note: "go runs the compiler and tools of GOROOT, and GOENV's file can set GOFLAGS=-toolexec",
    match: [
      "echo x > e; GOENV=e go build ./...",
      "mkdir -p r/bin; echo x > r/bin/go; GOROOT=r go build",
    ],
    notMatch: [],
  },
  {
    names: /^(cargo|cargo-[a-z-]+|rustc|rustup|rustdoc|rustfmt|clippy-driver)$/,
    variables: ["CARGO_HOME", "RUSTUP_HOME", "RUSTUP_TOOLCHAIN"],
    homeFiles: /(^|\/)\.(cargo|rustup)\//,
    note: "cargo reads config.toml (runners, linkers, rustc wrappers) and binaries from CARGO_HOME; rustup runs the toolchain of RUSTUP_HOME or the one RUSTUP_TOOLCHAIN names by path",
    match: [
      "mkdir c; echo x > c/config.toml; CARGO_HOME=c cargo build",
      "mkdir -p t/bin; echo x > t/bin/rustc; RUSTUP_TOOLCHAIN=/repo/t cargo build",
    ],
    notMatch: [],
  },
  {
    names: /^(uv|uvx|pipx|virtualenv|pdm|hatch|poetry|node-gyp|npm|pnpm|yarn|tox|nox|pre-commit)$/,
    variables: [
      "UV_PYTHON",
      "PIPX_DEFAULT_PYTHON",
      "VIRTUALENV_PYTHON",
      "PDM_PYTHON",
      "HATCH_PYTHON",
      "PYTHON",
      "npm_config_python",
      "NPM_CONFIG_PYTHON",
    ],
    note: "these tools run the interpreter such a variable names (node-gyp, which npm runs to build native modules, runs $PYTHON)",
    match: [`${PLANT}; UV_PYTHON=./p uv run x.py`, `${PLANT}; PYTHON=./p npm install`],
    notMatch: ["UV_PYTHON=python3.12 uv run x.py"],
  },
  {
    names: /^(cmake|ctest|cpack|ccmake)$/,
    variables: ["CMAKE_TOOLCHAIN_FILE", "CMAKE_PREFIX_PATH", "CMAKE_MODULE_PATH"],
    note: "cmake runs the toolchain file CMAKE_TOOLCHAIN_FILE names and the package config scripts it finds on CMAKE_PREFIX_PATH",
    match: ["echo x > t; CMAKE_TOOLCHAIN_FILE=/repo/t cmake -S . -B b"],
    notMatch: ["CMAKE_TOOLCHAIN_FILE=/repo/t cmake -S . -B b"],
  },
  {
    names: /^(fish|tcsh|csh|xonsh|nu|elvish)$/,
    variables: ["XDG_CONFIG_HOME", "XONSHRC"],
    homeFiles:
      /(^|\/)fish\/(config\.fish|conf\.d\/)|(^|\/)\.(tcshrc|cshrc|login|xonshrc)$|(^|\/)(nushell|elvish)\//,
    note: "fish runs config.fish and conf.d (tcsh .tcshrc, xonsh .xonshrc) for every shell, scripts included",
    match: [
      "mkdir -p c/fish; echo x > c/fish/config.fish; XDG_CONFIG_HOME=c fish x.fish",
      "echo x > .tcshrc; HOME=. tcsh x.csh",
    ],
    notMatch: ["fish x.fish", "echo x > /tmp/notes.txt; fish x.fish"],
  },
  {
    names: /^(guile[0-9.]*|sbcl|clisp|ecl|emacs|emacs-nox|octave|octave-cli|gnuplot|maxima|gp)$/,
    variables: [
      "GUILE_LOAD_PATH",
      "GUILE_LOAD_COMPILED_PATH",
      "SBCL_HOME",
      "EMACSLOADPATH",
      "OCTAVE_HOME",
    ],
    homeFiles:
      /(^|\/)\.(guile|sbclrc|clisprc(\.lisp)?|eclrc|emacs|octaverc|gnuplot|gprc)$|(^|\/)\.emacs\.d\/|(^|\/)emacs\/(init|early-init)\.el$/,
    note: "these interpreters run an init file of the home (or working) folder and load code from their load paths",
    match: ["echo x > .sbclrc; HOME=. sbcl x.lisp", "echo x > .octaverc; octave x.m"],
    notMatch: ["sbcl x.lisp", "echo x > /tmp/notes.txt; octave x.m"],
  },
  {
    names: /^(asdf|mise|rtx)$/,
    variables: [
      "ASDF_DATA_DIR",
      "ASDF_DIR",
      "ASDF_CONFIG_FILE",
      "MISE_DATA_DIR",
      "MISE_CONFIG_DIR",
      "MISE_CONFIG_FILE",
    ],
    homeFiles: /(^|\/)\.(asdf\/|asdfrc$)|(^|\/)mise\/(config\.toml|plugins\/)/,
    note: "asdf and mise run the scripts of their plugins (data folder) and the tasks and hooks of their configuration",
    match: [
      "mkdir -p d/plugins/x/bin; echo x > d/plugins/x/bin/list-all; ASDF_DATA_DIR=d asdf list all x",
    ],
    notMatch: ["ASDF_DATA_DIR=d asdf list all x"],
  },
  {
    names: /^(yarn|yarnpkg|corepack)$/,
    variables: ["YARN_RC_FILENAME", "YARN_YARN_PATH", "COREPACK_HOME"],
    homeFiles: /(^|\/)\.yarnrc(\.yml)?$/,
    note: "yarn runs the JavaScript its rc file's yarnPath (or YARN_YARN_PATH) names, and its plugins",
    match: [
      "echo x > y.js; YARN_YARN_PATH=y.js yarn install",
      "echo x > r; YARN_RC_FILENAME=r yarn",
    ],
    notMatch: [],
  },
  {
    names: /^(sqlite3?)$/,
    variables: [],
    options: ["-init", "--init"],
    homeFiles: /(^|\/)\.sqliterc$/,
    note: "sqlite3 runs the dot-commands of ~/.sqliterc or -init FILE (`.shell` runs a command)",
    match: ["echo x > .sqliterc; HOME=. sqlite3 db 'select 1'"],
    notMatch: ["sqlite3 db 'select 1'", "echo x > notes.txt; sqlite3 db 'select 1'"],
  },
  {
    names: /^(gdb|gdb-multiarch|cgdb)$/,
    variables: [],
    options: ["-x", "-ix", "--command", "--init-command"],
    homeFiles: /(^|\/)\.gdbinit$|(^|\/)gdb\/gdbinit$/,
    note: "gdb runs the commands of ~/.gdbinit (and -x files), whose `shell` runs a program",
    match: ["echo x > .gdbinit; HOME=. gdb -batch ./a", "echo x > c; gdb -batch -x c ./a"],
    notMatch: [],
  },
  {
    names: /^(R|Rscript)$/,
    variables: [
      "R_PROFILE_USER",
      "R_PROFILE",
      "R_ENVIRON_USER",
      "R_ENVIRON",
      "R_LIBS",
      "R_LIBS_USER",
    ],
    homeFiles: /(^|\/)\.(Rprofile|Renviron)$/,
    note: "R runs .Rprofile (the working directory's or the home's, or R_PROFILE_USER's) at start",
    match: ["echo x > .Rprofile; Rscript x.R", "echo x > p; R_PROFILE_USER=p Rscript x.R"],
    notMatch: ["R_PROFILE_USER=p Rscript x.R", "echo x > /tmp/notes.txt; Rscript x.R"],
  },
  {
    names: /^(julia)$/,
    variables: ["JULIA_DEPOT_PATH", "JULIA_LOAD_PATH", "JULIA_PROJECT"],
    homeFiles: /(^|\/)\.julia\/config\/startup\.jl$/,
    note: "julia runs config/startup.jl of its depot and loads packages from its load path",
    match: ["mkdir -p d/config; echo x > d/config/startup.jl; JULIA_DEPOT_PATH=d julia x.jl"],
    notMatch: ["JULIA_DEPOT_PATH=d julia x.jl"],
  },
  {
    names: /^(ghci|ghc|runghc|runhaskell|stack|cabal|ocaml|utop)$/,
    variables: [],
    homeFiles: /(^|\/)\.(ghci|ocamlinit)$/,
    note: "ghci (ghc -e, runghc) runs a .ghci of the working directory or home; the OCaml toplevel .ocamlinit",
    match: ["echo x > .ghci; ghci x.hs", "echo x > .ocamlinit; ocaml x.ml"],
    notMatch: ["ghci x.hs"],
  },
  {
    names: /^(php[0-9.]*|php-cgi|composer|phpunit|artisan)$/,
    variables: ["PHPRC", "PHP_INI_SCAN_DIR", "COMPOSER_HOME"],
    options: ["-c"],
    homeFiles: /(^|\/)php\.ini$|\.user\.ini$/,
    note: "a php.ini (PHPRC, PHP_INI_SCAN_DIR, -c) can prepend a file of code to every script (auto_prepend_file)",
    match: [
      "echo x > i; PHPRC=i php app.php",
      "echo x > i; php -c i app.php",
      "echo x > d/x.ini; PHP_INI_SCAN_DIR=d php app.php",
    ],
    notMatch: [],
  },
  {
    names: /^(tclsh[0-9.]*|wish[0-9.]*|expect)$/,
    variables: ["TCLLIBPATH", "TCL_LIBRARY", "TK_LIBRARY"],
    homeFiles: /(^|\/)\.(tclshrc|wishrc)$/,
    note: "tclsh loads packages from TCLLIBPATH and its init.tcl from TCL_LIBRARY",
    match: ["mkdir l; echo x > l/init.tcl; TCL_LIBRARY=l tclsh x.tcl"],
    notMatch: ["TCL_LIBRARY=l tclsh x.tcl"],
  },
  {
    names: /^(hg|chg)$/,
    variables: ["HGRCPATH", "HGRC"],
    options: ["--config-file"],
    homeFiles: /(^|\/)\.hgrc$|(^|\/)\.hg\/hgrc$/,
    note: "a Mercurial configuration file (HGRCPATH, ~/.hgrc, the repository's .hg/hgrc) names hooks and aliases it runs",
    match: ["echo x > .hg/hgrc; hg status", "echo x > r; HGRCPATH=r hg status"],
    notMatch: [],
  },
  {
    names: /^(svn|svnadmin|svnlook)$/,
    variables: [],
    options: ["--config-dir"],
    homeFiles: /(^|\/)\.subversion\//,
    note: "svn's configuration folder names the diff and edit commands and tunnel programs it runs",
    match: ["mkdir c; echo x > c/config; svn --config-dir c diff"],
    notMatch: ["echo x > notes.txt; svn diff"],
  },
  {
    names: /^(helm|helmfile)$/,
    variables: ["HELM_PLUGINS", "HELM_CONFIG_HOME", "HELM_DATA_HOME"],
    homeFiles: /(^|\/)helm\/plugins\//,
    writers: /^helm (.* )?plugin install\b/,
    note: "helm runs the commands and hooks of its plugins (plugin.yaml)",
    match: [
      "mkdir -p p/x; echo x > p/x/plugin.yaml; HELM_PLUGINS=p helm x",
      "helm plugin install ./x; helm x",
      "helm --kube-context c plugin install ./x; helm x",
    ],
    notMatch: [],
  },
  {
    names: /^(gh)$/,
    variables: ["GH_CONFIG_DIR"],
    homeFiles: /(^|\/)gh\/config\.yml$/,
    writers: /^gh (.* )?(alias (set|import)|extension install|ext install|config set)\b/,
    note: "gh runs a shell alias (`!cmd`) of its configuration and the programs of its extensions",
    match: [
      "gh alias set x '!git push' --shell; gh x",
      "mkdir c; echo x > c/config.yml; GH_CONFIG_DIR=c gh x",
    ],
    notMatch: [],
  },
  {
    names: /^(dpkg|apt|apt-get|apt-cache|apt-config|apt-mark|aptitude)$/,
    variables: ["APT_CONFIG"],
    options: ["-c", "--config-file"],
    homeFiles: /(^|\/)\.dpkg\.cfg$/,
    note: "dpkg reads long options (--pre-invoke, --post-invoke, --status-logger) from ~/.dpkg.cfg, and an apt configuration holds hook commands (APT::Update::Pre-Invoke, DPkg::Pre-Invoke)",
    match: [
      "printf 'pre-invoke id\\n' > .dpkg.cfg; HOME=. dpkg --add-architecture arm64",
      "echo x > c; APT_CONFIG=c apt-get update",
    ],
    notMatch: ["APT_CONFIG=c apt-get update"],
  },
  {
    names: /^(tput|tset|reset)$/,
    variables: ["TERMINFO", "TERMINFO_DIRS"],
    homeFiles: /(^|\/)\.terminfo\//,
    writers: /^tic\b/,
    note: "tput init/reset and tset run a terminal description's iprog command: tic compiles one from text into TERMINFO (or ~/.terminfo)",
    match: [
      "printf 'xt|xt,\\n\\tiprog=id,\\n' | tic -o ti -; TERMINFO=ti tput -T xt reset",
      "mkdir -p ti/x; echo x > ti/x/xt; TERMINFO=ti TERM=xt tput init",
    ],
    notMatch: ["TERMINFO=ti tput init"],
  },
  {
    names: /^(fc-[a-z]+)$/,
    variables: ["FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT"],
    note: "fontconfig's configuration names the folders fc-cache writes its cache in (<cachedir>) and reads fonts from",
    match: ["echo x > fc.conf; FONTCONFIG_FILE=/repo/fc.conf fc-cache"],
    notMatch: ["FONTCONFIG_FILE=/repo/fc.conf fc-cache"],
  },
  {
    names: /^(run-mailcap|see|compose)$/,
    variables: ["MAILCAPS"],
    homeFiles: /(^|\/)\.mailcap$/,
    note: "run-mailcap (see, compose) runs the shell command of the mailcap entry for the file's type",
    match: ["echo 'text/plain; id %s' > m; MAILCAPS=m run-mailcap --action=view x.txt"],
    notMatch: ["MAILCAPS=m see x.txt"],
  },
  {
    names:
      /^(convert|magick|mogrify|composite|montage|identify|compare|stream|display|import|conjure)$/,
    variables: ["MAGICK_CONFIGURE_PATH", "MAGICK_CODER_MODULE_PATH", "MAGICK_CODER_FILTER_PATH"],
    note: "ImageMagick runs the shell commands of a delegates.xml found on MAGICK_CONFIGURE_PATH, and loads coder modules",
    match: ["mkdir c; echo x > c/delegates.xml; MAGICK_CONFIGURE_PATH=c convert x.foo y.png"],
    notMatch: ["MAGICK_CONFIGURE_PATH=c convert x.png y.jpg"],
  },
  {
    names: /^(sensible-editor|select-editor|sensible-pager|sensible-browser)$/,
    variables: [],
    homeFiles: /(^|\/)\.selected_editor$/,
    note: "sensible-editor runs the command of $HOME/.selected_editor (written by select-editor)",
    match: ["echo 'SELECTED_EDITOR=id' > .selected_editor; HOME=. sensible-editor x"],
    notMatch: [],
  },
  {
    names: /^(terraform|tofu|terragrunt)$/,
    variables: ["TF_CLI_CONFIG_FILE", "TERRAFORMRC", "TF_PLUGIN_CACHE_DIR", "TF_DATA_DIR"],
    homeFiles: /(^|\/)\.terraformrc$|(^|\/)\.terraform(\.d)?\//,
    note: "terraform runs provider programs: its CLI configuration's dev_overrides and plugin folders, and .terraform/providers",
    match: [
      "echo x > rc; TF_CLI_CONFIG_FILE=rc terraform plan",
      "mkdir -p .terraform/providers; echo x > .terraform/providers/p; terraform plan",
    ],
    notMatch: [],
  },
  {
    names: /^(ansible|ansible-[a-z]+)$/,
    variables: [
      "ANSIBLE_CONFIG",
      "ANSIBLE_VAULT_PASSWORD_FILE",
      "ANSIBLE_LIBRARY",
      "ANSIBLE_INVENTORY",
    ],
    options: ["--vault-password-file", "--vault-pass-file", "-i", "--inventory"],
    homeFiles: /(^|\/)\.?ansible\.cfg$/,
    note: "ansible runs an executable vault password file or inventory, and its configuration names plugin folders",
    match: [
      `${PLANT}; ansible-playbook --vault-password-file p x.yml`,
      `${PLANT}; ansible all -i ./p -m ping`,
    ],
    notMatch: ["ansible-playbook --vault-password-file p x.yml"],
  },
  {
    names: /^(terraform|tofu|terragrunt)$/,
    variables: ["TF_CLI_CONFIG_FILE", "TERRAFORM_CONFIG", "TF_PLUGIN_CACHE_DIR"],
    options: ["-plugin-dir"],
    homeFiles: /(^|\/)\.terraformrc$|(^|\/)\.terraform\.d\//,
    note: "terraform's CLI configuration names credential helpers and provider folders it runs code from",
    match: [
      "echo x > rc; TF_CLI_CONFIG_FILE=rc terraform init",
      "echo x > .terraformrc; HOME=. terraform init",
    ],
    notMatch: [],
  },
  {
    names: /^(bind|read)$/,
    variables: ["INPUTRC"],
    homeFiles: /(^|\/)\.inputrc$/,
    note: "bash's readline (started by bind, or read -e) reads INPUTRC or ~/.inputrc, whose $include lines open any file",
    match: [
      "echo x > .inputrc; HOME=. bind -q x",
      "echo x > x.rc; INPUTRC=x.rc bind -q x",
      "echo x > .inputrc; HOME=/repo; bind -q x",
    ],
    notMatch: ["bind -q x", "echo x > notes.txt; bind -q x"],
  },
  {
    names: /^(openssl)$/,
    variables: ["OPENSSL_CONF"],
    // An engine (`-engine ./x.so`, `-pre SO_PATH:./x.so`) or provider (`-provider ./x.so`, or
    // NAME.so in `-provider-path`'s folder) is a shared object whose constructor runs.
    // Every option naming a file in the configuration's syntax counts as -config does: x509's
    // and ca's -extfile, asn1parse's -genconf, s_client's -ctlogfile follow `.include` too (S30
    // openssl-config-file, R40: traced opening a file only the here-string named).
    options: [
      ...["-config", "-engine", "-provider", "-provider-path", "-pre", "-post"],
      ...["--config", "--engine", "--provider", "--provider-path", "--pre", "--post"],
      ...["-extfile", "-genconf", "-ctlogfile", "--extfile", "--genconf", "--ctlogfile"],
    ],
    below: /\.so$/,
    note: "an OpenSSL configuration loads engines and providers (shared objects) and follows .include to any file; -engine, -provider and -provider-path load shared objects themselves",
    match: [
      "echo x > o.cnf; openssl req -config o.cnf -new",
      "echo '.include /home/user/.ssh/id_rsa' | openssl req -config /dev/stdin -new",
      "openssl asn1parse -genconf /dev/stdin <<< x",
      "echo x > e.cnf; openssl x509 -req -in r -extfile e.cnf",
      "base64 -d e > ev.so; openssl req -engine ./ev.so -new",
      "cat e > ev.so; openssl dgst --engine=./ev.so f",
      "echo 'x' > ev.c; gcc -shared -o ev.so ev.c; openssl list -provider-path . -provider ev",
      "cp /tmp/x.so m/ev.so; openssl list -provider-path m -provider ev",
      "base64 -d e > ev.so; openssl list -provider ./ev.so",
      "cp /tmp/x.so ev.so; openssl s_client -engine ./ev.so -connect h:443",
    ],
    notMatch: [
      "openssl req -config o.cnf -new",
      "openssl version",
      "openssl req -engine ./ev.so -new",
      "echo x > notes.txt; openssl list -provider-path . -provider legacy",
    ],
  },
  {
    names: /^(node|nodejs)$/,
    variables: [],
    options: ["--openssl-config"],
    note: "node --openssl-config loads an OpenSSL configuration at startup: it loads engines and providers and follows .include to any file (S30 openssl-config-file, traced)",
    match: [
      "node --openssl-config=/dev/stdin app.js <<< x",
      "echo x > o.cnf; node --openssl-config o.cnf app.js",
    ],
    notMatch: ["node --openssl-config=o.cnf app.js", "echo x > /tmp/notes.txt; node app.js"],
  },
  {
    names: /^(less|zless|xzless|lzless|bzless|zstdless|man)$/,
    variables: ["LESSKEYIN", "LESSKEY", "LESSKEY_SRC", "LESSKEYIN_SYSTEM", "XDG_CONFIG_HOME"],
    options: ["--lesskey-src", "--lesskey-file", "-k"],
    homeFiles: /(^|\/)\.lesskey$|(^|\/)\.less$|(^|\/)lesskey$|(^|\/)\.lessfilter$/,
    note: "less reads $HOME/.lesskey (a lesskey source since less 582), whose #env section can set LESSOPEN, a command less runs; the LESSOPEN of Debian's profile is lesspipe, which runs ~/.lessfilter",
    match: [
      "printf '#env\\nLESSOPEN=|x %s\\n' > .lesskey; HOME=. less README.md",
      "echo x > k; less --lesskey-src=k README.md",
    ],
    notMatch: ["echo x > notes.txt; less README.md"],
  },
  {
    names: /^(lesspipe|lessfile|lesspipe\.sh)$/,
    variables: [],
    homeFiles: /(^|\/)\.lessfilter$/,
    note: "Debian's lesspipe (also named lessfile) first runs an executable ~/.lessfilter with the file's name",
    match: [
      `mkdir h; ${PLANT}; cp p h/.lessfilter; HOME=h lesspipe README.md`,
      "echo x > .lessfilter; HOME=/repo lessfile README.md",
    ],
    notMatch: [],
  },
  {
    names: /^(xdg-user-dir)$/,
    variables: ["XDG_CONFIG_HOME"],
    homeFiles: /(^|\/)user-dirs\.dirs$/,
    note: "xdg-user-dir, a sh script, sources $XDG_CONFIG_HOME/user-dirs.dirs (~/.config/user-dirs.dirs by default) as shell code",
    match: [
      "mkdir -p .config; echo x > .config/user-dirs.dirs; HOME=. xdg-user-dir DESKTOP",
      "mkdir c; echo x > c/user-dirs.dirs; XDG_CONFIG_HOME=c xdg-user-dir MUSIC",
    ],
    notMatch: ["echo x > notes.txt; xdg-user-dir DESKTOP"],
  },
  {
    names:
      /^(gpg[0-9]*|gpgv[0-9]*|gpgsm|gpg-agent|gpgconf|gpg-connect-agent|dirmngr|dirmngr-client|gpgtar|gpg-card|gpg-wks-client|gpg-zip|gpgcompose|pass|sops)$/,
    variables: ["GNUPGHOME"],
    options: ["--homedir", "--options"],
    homeFiles: /(^|\/)\.gnupg\//,
    note: "the GnuPG tools read gpg.conf, common.conf and gpg-agent.conf in their home folder (--homedir, GNUPGHOME, ~/.gnupg) or the file --options names: agent-program, pinentry-program, scdaemon-program and dirmngr-program name programs they start",
    match: [
      "mkdir g; echo 'agent-program /repo/a' > g/gpg.conf; gpg --homedir g --card-status",
      "echo x > g/gpg.conf; gpg --homedir=g -c f",
      "mkdir -p h/.gnupg; echo x > h/.gnupg/gpg.conf; HOME=h gpg -k",
      "echo x > g/gpg-agent.conf; GNUPGHOME=g gpg -k",
      "echo x > o; gpg --options o -k",
    ],
    notMatch: ["gpg -k", "echo x > notes.txt; gpg -k"],
  },
  {
    names: /^(vagrant)$/,
    variables: ["VAGRANT_CWD", "VAGRANT_VAGRANTFILE", "VAGRANT_HOME"],
    homeFiles: /(^|\/)Vagrantfile$/,
    note: "vagrant evaluates its Vagrantfile (Ruby)",
    match: ["echo x > Vagrantfile; vagrant status"],
    notMatch: ["vagrant status"],
  },
  {
    names: CONFIGURE_RUNS,
    variables: ["CONFIG_SITE"],
    options: CONFIGURE_CACHE_OPTIONS,
    homeFiles: /(^|\/)config\.site$/,
    note: "an autoconf configure sources each file $CONFIG_SITE names as shell code before its checks (else $prefix/share/config.site and $prefix/etc/config.site, any --prefix), and the cache file --cache-file names (getopt-like prefixes down to --c) (R24 configure-site, by autoconf's manual: Site Defaults, Cache Files)",
    match: [
      "printf 'git push origin main\\n' > x; CONFIG_SITE=x ./configure",
      "printf 'git push origin main\\n' > x.site; CONFIG_SITE=$PWD/x.site ./configure",
      "echo x > x; export CONFIG_SITE=/repo/x; ../configure",
      "echo x > x; env CONFIG_SITE=x ./configure",
      "echo x > x; CONFIG_SITE=x sh -e ./configure",
      "mkdir -p p/share; echo x > p/share/config.site; ./configure --prefix=/repo/p",
      "echo x > c; ./configure --cache=c",
      "echo x > c; ./configure --c c",
      "echo x > c; ./configure -cache-file=c",
    ],
    notMatch: ["./configure --prefix=/usr", "CONFIG_SITE=/etc/site ./configure"],
  },
  {
    names: CONFIGURE_RUNS,
    when: (words) => words.some((word) => /^(-C|--config-cache)$/.test(word.text)),
    variables: [],
    homeFiles: /(^|\/)config\.cache$/,
    note: "configure -C (--config-cache) sources ./config.cache as shell code when it is a file (R24 configure-site, by autoconf's manual: Cache Files)",
    match: [
      "printf 'git push origin main\\n' > config.cache; ./configure -C",
      "echo x > b/config.cache; cd b && ../configure --config-cache",
    ],
    notMatch: ["./configure -C", "echo x > /tmp/config.cache; ./configure"],
  },
  {
    names:
      /^(groff|nroff|troff|gtroff|man|grog|eqn|neqn|tbl|pic|gpic|refer|soelim|gsoelim|preconv|grops|grotty|pdfroff)$/,
    variables: ["GROFF_FONT_PATH", "GROFF_TMAC_PATH", "HOME"],
    options: ["-M", "-F"],
    note: "groff reads a device's DESC (whose postpro line names a program it pipes the page into) from its font path (GROFF_FONT_PATH, -F), troffrc and every macro file from its macro path (GROFF_TMAC_PATH, -M, $HOME): man.local, loaded for every man page, may `.so` any file (R48 implicit-device-desc, implicit-macro-file, traced)",
    match: [
      "mkdir -p devascii; echo x > devascii/DESC; GROFF_FONT_PATH=/tmp/f groff -Tascii README.md",
      "mkdir -p /tmp/f/devascii; echo x > /tmp/f/devascii/DESC; GROFF_FONT_PATH=/tmp/f groff -Tascii README.md",
      "echo x > /tmp/m/troffrc; GROFF_TMAC_PATH=/tmp/m groff -Tascii README.md",
      "echo x > /tmp/h/man.local; HOME=/tmp/h man ls",
      "echo x > /tmp/m/x.tmac; groff -M /tmp/m -mx README.md",
      "echo x > /tmp/m/troffrc; export GROFF_TMAC_PATH=/tmp/m; nroff README.md",
    ],
    notMatch: ["GROFF_TMAC_PATH=/tmp/m groff -Tascii README.md"],
  },
  {
    names: /^(pylint|pyreverse|symilar|epylint)$/,
    variables: ["PYLINTRC", "XDG_CONFIG_HOME"],
    options: ["--rcfile"],
    homeFiles: /(^|\/)\.pylintrc$|(^|\/)\.config\/pylintrc$/,
    note: "pylint reads the configuration PYLINTRC names (or ~/.pylintrc, ~/.config/pylintrc): its init-hook is Python it runs, load-plugins modules it imports (R50 lint-tool-config, traced: PYLINTRC=b ran b's init-hook)",
    match: [
      "printf '[MAIN]\\ninit-hook=x\\n' > b; PYLINTRC=b pylint src",
      "printf x > b; export PYLINTRC=b; pylint src",
      "printf x > .pylintrc; HOME=. pylint src",
    ],
    notMatch: ["PYLINTRC=b pylint src", "echo x > /tmp/notes.txt; PYLINTRC=b pylint src"],
  },
  {
    names: /^(pylint|pyreverse|symilar|epylint)$/,
    variables: ["PYLINTHOME", "XDG_CACHE_HOME"],
    below: /\.stats$/,
    homeFiles: /(^|\/)\.cache\/pylint\/[^/]*\.stats$/,
    note: "pylint before 4 unpickles its previous run's statistics, <PYLINTHOME>/<module>1.stats (else below $XDG_CACHE_HOME/pylint or ~/.cache/pylint): a pickle is code (R50 tool-cache-pickle, pylint's caching.py; untraced, no pylint < 4 at hand)",
    match: [
      "printf x > src1.stats; PYLINTHOME=. pylint src",
      "printf x > pylint/src1.stats; XDG_CACHE_HOME=/repo pylint src",
    ],
    notMatch: ["echo x > /tmp/notes.txt; pylint src"],
  },
  {
    names: /^(black|blackd)$/,
    variables: ["BLACK_CACHE_DIR", "XDG_CACHE_HOME"],
    below: /\.pickle$/,
    homeFiles: /(^|\/)\.cache\/black\/.*\.pickle$/,
    note: "black unpickles its cache, $BLACK_CACHE_DIR/<version>/cache.<mode>.pickle (else below $XDG_CACHE_HOME/black or ~/.cache/black), a name fixed for a version and mode: a pickle is code (R50 tool-cache-pickle, traced: a written protocol-0 pickle ran git push)",
    match: [
      "mkdir -p c/26.5.1; printf x > c/26.5.1/cache.x.pickle; BLACK_CACHE_DIR=c black .",
      "mkdir -p black/26.5.1; printf x > black/26.5.1/cache.x.pickle; XDG_CACHE_HOME=/repo black .",
    ],
    notMatch: ["echo x > /tmp/notes.txt; black ."],
  },
  {
    names: /^(coverage[0-9.]*|pytest|py\.test)$/,
    variables: ["COVERAGE_RCFILE"],
    note: "coverage.py (and pytest-cov) reads the configuration COVERAGE_RCFILE names, as --rcfile: its [run] plugins are modules it imports (R50 lint-tool-config: a configuration named by a variable)",
    match: [
      "printf x > b; COVERAGE_RCFILE=b coverage run app.py",
      "printf x > b; COVERAGE_RCFILE=b pytest --cov",
    ],
    notMatch: [
      "COVERAGE_RCFILE=b coverage report",
      "echo x > /tmp/notes.txt; COVERAGE_RCFILE=b coverage report",
    ],
  },
];

/** programStem, cached by name (it runs for every unit). */
const stems = new Map<string, string>();
function stemOf(name: string): string {
  let stem = stems.get(name);
  if (stem === undefined) {
    stem = programStem(name);
    if (stems.size < 512) stems.set(name, stem);
  }
  return stem;
}

/** The rule of a program name, cached by name. */
const ruleCache = new Map<string, WrittenCodeRule | null>();
function ruleOf(name: string): WrittenCodeRule | null {
  let rule = ruleCache.get(name);
  if (rule === undefined) {
    const stem = stemOf(name);
    rule =
      WRITTEN_CODE_RULES.find((entry) => entry.names.test(name) || entry.names.test(stem)) ?? null;
    if (ruleCache.size < 512) ruleCache.set(name, rule);
  }
  return rule;
}

/** The code-file rule of a program name (or its stem), cached by name. */
const codeFileCache = new Map<string, CodeFileRule | null>();
function codeFileRuleOf(name: string): CodeFileRule | null {
  let rule = codeFileCache.get(name);
  if (rule === undefined) {
    const stem = stemOf(name);
    rule =
      CODE_FILE_RULES.find((entry) => entry.names.test(name) || entry.names.test(stem)) ?? null;
    if (codeFileCache.size < 512) codeFileCache.set(name, rule);
  }
  return rule;
}

/**
 * One line of a requirements file that pip reads as a package to fetch by name and nothing
 * else: a name, extras, version clauses, a marker, a comment. No token starts with `-` (pip
 * reads the line's options from the first such token: `-r`, `-e`, `--hash`, `--index-url`),
 * no URL or path (`name @ url`, `./dir`), no `$` (pip expands `${VAR}`), no `\` (it joins
 * lines).
 */
const REQUIREMENT_LINE =
  /^[ \t]*(?:[A-Za-z0-9][A-Za-z0-9._]*(?:-+[A-Za-z0-9._]+)*(?:\[[A-Za-z0-9._, ]*\])?[ \t]*(?:(?:===?|[<>!~]=|[<>])[ \t]*[A-Za-z0-9.*+!_]+[ \t]*(?:,[ \t]*(?:===?|[<>!~]=|[<>])[ \t]*[A-Za-z0-9.*+!_]+[ \t]*)*)?(?:;[A-Za-z0-9_ \t.<>=!~'"()]*)?)?(?:(?:^|[ \t])#[^\n]*)?$/;

/** Whether a requirements file's whole text names only packages (see {@link REQUIREMENT_LINE}). */
function plainRequirements(text: string): boolean {
  if (/[$\\`]/.test(text) || (text !== "" && !text.endsWith("\n"))) return false;
  return (
    text
      .slice(0, -1)
      .split("\n")
      // An archive's name is a local file pip builds (`x.tar.gz`: R50 pip-written-archive).
      .every((line) => REQUIREMENT_LINE.test(line) && !PIP_ARCHIVE.test(line.replace(/#.*/, "")))
  );
}

/**
 * Whether a pip-like command reads requirements or its configuration: pip and pip-tools
 * always, python only as `python -m pip`, uv only as `uv pip`.
 */
function pipRun(words: readonly Word[]): boolean {
  const name = stemOf(toolName((words[0] as Word).text) ?? (words[0] as Word).text);
  if (/^(python|pypy)/.test(name)) {
    return words.some(
      (word, i) => word.text === "-mpip" || (word.text === "-m" && words[i + 1]?.text === "pip"),
    );
  }
  if (name === "uv") return words.some((word) => word.text === "pip");
  return true;
}

/** The named-file rules of a program name (or its stem), cached by name. */
const namedCache = new Map<string, readonly NamedFileRule[] | null>();
function namedRulesOf(name: string): readonly NamedFileRule[] | null {
  let rules = namedCache.get(name);
  if (rules === undefined) {
    const stem = stemOf(name);
    const found = NAMED_FILE_RULES.filter(
      (entry) => entry.names.test(name) || entry.names.test(stem),
    );
    rules = found.length === 0 ? null : found;
    if (namedCache.size < 512) namedCache.set(name, rules);
  }
  return rules;
}

/**
 * Whether a written path may be a file the rule's variables or options name (or lie below
 * one: a folder), or one of the files it reads under a home the string may have rebound.
 */
function namedFileWritten(
  rule: NamedFileRule,
  executed: readonly Word[],
  written: readonly PendingPath[],
  state: PathState,
  assignments: readonly Assignment[],
): boolean {
  if (rule.when !== undefined && !rule.when(executed)) return false;
  const home = rule.homeFiles;
  if (
    home !== undefined &&
    written.length > 0 &&
    written.some((path) => {
      const text = path.path ?? path.glob;
      return text === null || home.test(text);
    })
  ) {
    return true;
  }
  const values: Word[] = [];
  for (const assignment of assignments) {
    if (rule.variables.includes(npmSettingVariable(assignment.name))) values.push(assignment.value);
  }
  for (const variable of rule.variables) {
    if (!state.vars.has(variable)) continue;
    const known = state.vars.get(variable);
    if (known === null || known === undefined) {
      values.push(wordFromText(`$${variable}`, { computed: true }));
      continue;
    }
    for (const value of known) {
      values.push(
        wordFromText(value.text, { glob: value.glob === true, tilde: value.text.startsWith("~") }),
      );
    }
  }
  for (const option of rule.options ?? []) {
    for (let i = 1; i < executed.length; i++) {
      const word = executed[i] as Word;
      // A short option may end a cluster (`-qr req.txt`) or have its value joined to it
      // (`-rreq.txt`, `-qrreq.txt`).
      const cluster = /^-[A-Za-z]$/.test(option)
        ? new RegExp(`^-[A-Za-z]*?${option[1]}(.*)$`, "s").exec(word.text)
        : null;
      if (word.text === option && executed[i + 1] !== undefined) {
        values.push(executed[i + 1] as Word);
      } else if (word.text.startsWith(`${option}=`)) {
        values.push(
          word.literal
            ? wordFromText(word.text.slice(option.length + 1), { tilde: true })
            : wordFromText(word.text, { computed: true }),
        );
      } else if (cluster !== null && word.literal && !word.text.startsWith("--")) {
        const joined = cluster[1] as string;
        if (joined !== "") {
          values.push(wordFromText(joined, { tilde: joined.startsWith("~") }));
        } else if (executed[i + 1] !== undefined) {
          values.push(executed[i + 1] as Word);
        }
      }
    }
  }
  // A write whose whole text the program reads as data only is no code (its other writes
  // still count).
  const harmless = rule.harmless;
  const coded =
    harmless === undefined
      ? written
      : written.filter((path) => path.wroteText === undefined || !harmless(path.wroteText));
  for (const value of values) {
    // Settings read from stdin, a descriptor or a process substitution come from the string
    // (`IRBRC=/dev/stdin irb <<< …`, `kubectl --kubeconfig <(printf …)`).
    if (value.processSubstitution || streamSource(value.text.replace(/^@/, ""))) return true;
    if (coded.length === 0) continue;
    // A list (`KUBECONFIG=a:b`, `LUA_PATH='d/?.lua;e/?.lua'`), a file after `@` (LUA_INIT),
    // a pattern whose folder is loaded from.
    const elements = value.literal
      ? value.text.split(/[:;]/).flatMap((element) => {
          let text = element.startsWith("@") ? element.slice(1) : element;
          if (text.includes("?")) text = text.slice(0, text.lastIndexOf("/") + 1) || ".";
          return text === "" ? [] : [wordFromText(text, { tilde: text.startsWith("~") })];
        })
      : [value];
    for (const element of elements) {
      for (const target of resolveWord(element, state)) {
        const path = target.path;
        if (path === null) return true;
        const below = path.endsWith("/") ? path : `${path}/`;
        const loads = rule.below;
        if (
          coded.some(
            (file) =>
              mayName(file, path) ||
              (mayName(file, below) &&
                (loads === undefined ||
                  file.path === null ||
                  loads.test(file.path.slice(file.path.lastIndexOf("/") + 1)))),
          )
        ) {
          return true;
        }
      }
    }
  }
  return false;
}

/**
 * Programs surely neither a Perl nor a Python script, that start no program of their
 * environment's choosing either: compiled tools that run nothing, and bash's builtins. Any
 * other program may be a script (`shasum`, `json_pp`, `pod2text`, `c_rehash`, `ptar` and
 * `dpkg-parsechangelog` are Perl; `yq`, `tomlq` and `py3compile` Python) or start one (git
 * runs hooks and Perl helpers, make runs recipes, node's scripts run python), and then reads
 * the interpreter's load path from its environment. awk and sed programs that run commands
 * are floored by opaque.ts. Adding a name here is a claim about every build of it: a
 * program whose nature is not known stays out.
 */
const NO_SCRIPT: ReadonlySet<string> = new Set([
  ...["cat", "tac", "head", "tail", "wc", "nl", "od", "xxd", "hexdump", "strings", "file"],
  ...["base64", "base32", "basenc", "md5sum", "sha1sum", "sha224sum", "sha256sum", "b2sum"],
  ...["sha384sum", "sha512sum", "cksum", "sum", "cut", "tr", "uniq", "comm", "join", "paste"],
  ...["column", "fold", "rev", "expand", "unexpand", "fmt", "pr", "tsort", "split", "csplit"],
  ...["tee", "ls", "dir", "vdir", "stat", "du", "df", "grep", "egrep", "fgrep", "cmp", "diff"],
  ...["cp", "mv", "rm", "rmdir", "mkdir", "touch", "chmod", "chown", "chgrp", "ln", "link"],
  ...["unlink", "readlink", "realpath", "dirname", "basename", "pwd", "true", "false", "test"],
  ...["[", "seq", "sleep", "date", "printenv", "id", "uname", "hostname", "whoami", "groups"],
  ...["nproc", "arch", "tty", "yes", "factor", "numfmt", "truncate", "shred", "sync", "mktemp"],
  ...["mkfifo", "dd", "expr", "logname", "pathchk", "echo", "printf", "jq", "gzip", "gunzip"],
  ...["zcat", "bzip2", "bunzip2", "bzcat", "xz", "unxz", "xzcat", "zstd", "unzstd", "lz4"],
  ...["unzip", "awk", "gawk", "mawk", "sed", "iconv"],
]);

/** Whether a program may be a Perl or Python script, or start one (see {@link NO_SCRIPT}). */
function mayBeScript(program: string): boolean {
  // A program named by a path outside the system's folders may be any file (`toolName` keeps
  // such a path whole).
  if (program.includes("/")) return true;
  if (SHELL_WORDS.has(program)) return program === "fc";
  return !NO_SCRIPT.has(program);
}

/**
 * The interpreters' load-path rules that reach a program which may be a Perl or Python
 * script (`PERL5LIB=d shasum f` loads the d/strict.pm the string wrote): those whose
 * variables the string set for it, or none. Their home files are left to
 * {@link homeFileWritten}, which judges a home the string chose for every program.
 */
function scriptLoadRules(
  name: string,
  assignments: readonly Assignment[],
  state: PathState,
): NamedFileRule[] | null {
  if (!mayBeScript(name)) return null;
  const own = namedRulesOf(name) ?? [];
  const found: NamedFileRule[] = [];
  for (const rule of [PYTHON_LOADS, PERL_LOADS]) {
    if (own.includes(rule)) continue;
    const set = rule.variables.some(
      (variable) => state.vars.has(variable) || assignments.some((a) => a.name === variable),
    );
    if (set) found.push({ ...rule, homeFiles: undefined });
  }
  return found.length > 0 ? found : null;
}

/**
 * What the other units wrote that may hold text: no read, removal, mode change or empty
 * folder, nothing under /dev.
 */
function filesWritten(units: readonly PendingUnit[], self: PendingUnit | undefined): PendingPath[] {
  const writes: PendingPath[] = [];
  for (const unit of units) {
    if (unit === self || (self !== undefined && sameCommand(unit, self))) continue;
    for (const path of writtenBy(unit)) {
      if (path.access === "read" || removes(unit, path)) continue;
      if (metadataOnly(unit, path) !== null) continue;
      if ((path.path ?? path.glob)?.startsWith("/dev/")) continue;
      writes.push(path);
    }
  }
  return writes;
}

/**
 * Variables naming a folder of the user's settings, and whether only the names starting with
 * a dot below it are read as such: HOME's dotfiles (`~/.lessfilter`, `~/.mavenrc`,
 * `~/.gnupg/gpg.conf`, `~/.config/user-dirs.dirs`, python's `~/.local/lib/…/site-packages`),
 * every file of XDG_CONFIG_HOME and XDG_DATA_HOME.
 */
const SETTINGS_FOLDERS: readonly (readonly [string, boolean])[] = [
  ["HOME", true],
  ["XDG_CONFIG_HOME", false],
  ["XDG_DATA_HOME", false],
];

/**
 * Whether a program that may read its user's settings runs with a settings folder the string
 * chose, where an earlier command of the string wrote a file: sh
 * scripts source them (`xdg-user-dir` sources `~/.config/user-dirs.dirs`, `mvnDebug`
 * `~/.mavenrc`), `lesspipe` runs `~/.lessfilter`, gpg starts the agent-program its gpg.conf
 * names, python runs the `.pth` files of the user site. The programs a named rule knows say
 * which files they read; this covers every other one, whose settings are not known. A file
 * written in the caller's own home lies outside the project, a write the policy judges as
 * such (counting it here would floor every later program after `rm -rf ~`).
 */
function homeFileWritten(
  program: string,
  units: readonly PendingUnit[],
  self: PendingUnit | undefined,
  state: PathState,
  assignments: readonly Assignment[],
): boolean {
  const base = program.slice(program.lastIndexOf("/") + 1);
  if ((SHELL_WORDS.has(base) && base !== "fc") || !usesHome(program)) return false;
  const folders: [Word, boolean][] = [];
  for (const [variable, dotted] of SETTINGS_FOLDERS) {
    const given = assignments.filter((a) => a.name === variable).pop();
    if (given !== undefined) {
      folders.push([
        given.append === true
          ? wordFromText(`$${variable}${given.value.text}`, { computed: true })
          : given.value,
        dotted,
      ]);
    } else if (state.vars.has(variable)) {
      for (const value of valuesAssigned(variable, state)) folders.push([value.value, dotted]);
    }
  }
  let writes: PendingPath[] | null = null;
  for (const [folder, dotted] of folders) {
    // `HOME=` leaves programs without a home: they fall back to the password file's.
    if (folder.literal && folder.text === "") continue;
    for (const target of resolveWord(folder, state)) {
      writes ??= filesWritten(units, self);
      if (writes.length === 0) return false;
      if (target.path === null) return true;
      const inside = target.path.endsWith("/") ? target.path : `${target.path}/`;
      if (
        writes.some((path) => {
          if (!mayName(path, inside)) return false;
          // A pattern or a computed name below it may be a dotfile.
          if (!dotted || path.path === null) return true;
          return path.path.slice(inside.length).startsWith(".");
        })
      ) {
        return true;
      }
    }
  }
  return false;
}

/**
 * The named-file rules of the program a launcher runs (`bundle exec irb`, `npx kubectl`,
 * `uv run python`, `poetry run x`): it inherits the launcher's environment.
 */
function launchedRules(executed: readonly Word[]): readonly NamedFileRule[] | null {
  // A shell running a script file runs it in the same environment (`CONFIG_SITE=x sh
  // ./configure`): the script's rules, for the one whose name a rule knows.
  if (/^(sh|bash|dash|ksh|mksh|zsh)$/.test(toolName(executed[0]?.text ?? "") ?? "")) {
    const script = executed.slice(1).find((word) => !/^[-+]/.test(word.text));
    return script?.literal && /(^|\/)configure$/.test(script.text)
      ? namedRulesOf(script.text)
      : null;
  }
  // A help command runs man: man's and groff's search paths are its (R50 help-runs-man-groff).
  if (runsMan(executed)) return namedRulesOf("man");
  const sub = executed[1]?.text;
  const from = sub === "exec" || sub === "run" || sub === "x" || sub === "dlx" ? 2 : 1;
  if (from === 1 && !/^(npx|pnpx|bunx|uvx|pipx)$/.test(toolName(executed[0]?.text ?? "") ?? ""))
    return null;
  const inner = executed.slice(from).find((word) => !word.text.startsWith("-"));
  if (inner === undefined || !inner.literal) return null;
  return namedRulesOf(toolName(inner.text) ?? inner.text);
}

/**
 * Variables that name a program another program runs: compilers and build tools (make, pip,
 * cargo, configure and node-gyp read them), interpreters, the shell, helpers. Each word of
 * the value is a candidate (`CC='ccache ./p'`).
 */
const PROGRAM_VARIABLES: ReadonlySet<string> = new Set([
  ...["CC", "CXX", "CPP", "LD", "AR", "AS", "FC", "F77", "NM", "RANLIB", "STRIP", "OBJCOPY"],
  ...["OBJDUMP", "HOSTCC", "HOSTCXX", "CC_FOR_BUILD", "CXX_FOR_BUILD", "LDSHARED", "CCACHE_PREFIX"],
  ...["PKG_CONFIG", "PYTHON", "PYTHON3", "NODE", "PERL", "RUBY", "JAVA", "JAVAC", "CARGO", "RUSTC"],
  ...[
    "RUSTDOC",
    "RUSTFMT",
    "GO",
    "MAKE",
    "CMAKE",
    "NINJA",
    "MESON",
    "YACC",
    "BISON",
    "LEX",
    "FLEX",
  ],
  ...["M4", "AWK", "SED", "GREP", "INSTALL", "SHELL", "CONFIG_SHELL", "SSH", "GPG", "TAR", "ZIP"],
  // The compressor front-end scripts (zgrep, xzdiff, …) run these; groff finds troff and its
  // postprocessors in GROFF_BIN_PATH's folders.
  ...["EGREP", "FGREP", "DIFF", "CMP", "GROFF_BIN_PATH", "ZCAT", "ZSTD", "CPMOD", "GDB", "READELF"],
  ...["SSH_SK_HELPER", "SSH_SK_PROVIDER", "SSH_PKCS11_HELPER", "OPENSSL"],
  // gcc looks for as, ld and its passes in COMPILER_PATH's folders and under GCC_EXEC_PREFIX.
  ...["COMPILER_PATH", "GCC_EXEC_PREFIX"],
  ...["npm_config_node_gyp", "NPM_CONFIG_NODE_GYP", "npm_config_python", "NPM_CONFIG_PYTHON"],
  ...["VIRTUAL_ENV", "UV_PROJECT_ENVIRONMENT", "CONDA_PREFIX", "PYENV_ROOT", "RBENV_ROOT"],
]);

/** An option whose name says its value is a program or code to run (`--test=./t`, `-exec-command=p`). */
const PROGRAM_OPTION =
  /^--?[a-z0-9-]*(exec|filter|render|program|command|cmd|runner|wrapper|hook|helper|plugin|shell|editor|pager|browser|viewer|interpreter|python|node|ruby|perl|tool|compiler|linker|driver|askpass|script|test)[a-z0-9-]*(=|$)/i;

/** The values of a command's program-naming long options, or null for none. */
function programOptions(executed: readonly Word[]): Word[] | null {
  const found: Word[] = [];
  for (let i = 1; i < executed.length; i++) {
    const word = executed[i] as Word;
    if (!word.text.startsWith("-") || !PROGRAM_OPTION.test(word.text)) continue;
    const eq = word.text.indexOf("=");
    if (eq !== -1) {
      found.push(
        word.literal
          ? wordFromText(word.text.slice(eq + 1), { tilde: true })
          : wordFromText(word.text, { computed: true }),
      );
    } else if (executed[i + 1] !== undefined) {
      found.push(executed[i + 1] as Word);
    }
  }
  return found.length > 0 ? found : null;
}

/** The values of program-naming variables the command gets, or null for none. */
function chosenPrograms(assignments: readonly Assignment[], state: PathState): Word[] | null {
  const found: Word[] = [];
  for (const { name, value } of assignments) {
    // npm reads its settings' names in any case with `-` as `_` (S30 env-options).
    if (PROGRAM_VARIABLES.has(npmSettingVariable(name))) found.push(...folderList(name, value));
    // groff runs PREFIXtroff, PREFIXgrops, …: any file whose name starts with the prefix.
    if (name === "GROFF_COMMAND_PREFIX") {
      found.push(
        value.literal
          ? wordFromText(`${value.text}*`, { glob: true, tilde: value.tilde })
          : wordFromText(value.text, { computed: true }),
      );
    }
  }
  if (state.vars.size > 0) {
    for (const [name, values] of state.vars) {
      if (!PROGRAM_VARIABLES.has(npmSettingVariable(name))) continue;
      if (values === null || values === undefined) {
        found.push(wordFromText(`$${name}`, { computed: true }));
        continue;
      }
      for (const value of values) found.push(wordFromText(value.text, {}));
    }
  }
  return found.length > 0 ? found : null;
}

/** A `:`-separated folder list (GROFF_BIN_PATH) as its folders; any other value as it is. */
function folderList(name: string, value: Word): Word[] {
  if ((name !== "GROFF_BIN_PATH" && name !== "COMPILER_PATH") || !value.literal) return [value];
  return value.text.split(":").map((dir) => wordFromText(dir === "" ? "." : dir, { tilde: true }));
}

/**
 * The compressor front-end scripts: xz's (`xzgrep`, `xzdiff`, `lzcmp`, …) `eval` the text of
 * GREP, EGREP, FGREP, DIFF or CMP as the command they run; gzip's, bzip2's and zstd's split it
 * into a command line.
 */
const COMPRESSOR_SCRIPTS = /^(xz|lz|lzma|z|bz|zstd)(e|f)?(grep|diff|cmp)$/;
const SCRIPT_CHOOSERS: ReadonlySet<string> = new Set(["GREP", "EGREP", "FGREP", "DIFF", "CMP"]);

/** Whether a chooser variable the script gets may hold shell code (a value with a shell character, or one not known). */
function evaluatedChooser(assignments: readonly Assignment[], state: PathState): boolean {
  const code = (text: string) => /[^A-Za-z0-9_./ =+:,@%-]/.test(text);
  for (const { name, value } of assignments) {
    if (SCRIPT_CHOOSERS.has(name) && (!value.literal || code(value.text))) return true;
  }
  for (const name of SCRIPT_CHOOSERS) {
    if (!state.vars.has(name)) continue;
    const values = state.vars.get(name);
    if (
      values === null ||
      values === undefined ||
      values.some((v) => v.glob === true || code(v.text))
    ) {
      return true;
    }
  }
  return false;
}

/** Whether a word of one of `values` may name (or lie below) a file an earlier unit wrote. */
/** Whether two units are the same command of the text (one span, one command word). */
function sameCommand(a: PendingUnit, b: PendingUnit): boolean {
  return a.pos === b.pos && a.start === b.start && a.end === b.end && a.text === b.text;
}

function namesWritten(
  values: readonly Word[],
  units: readonly PendingUnit[],
  self: PendingUnit | undefined,
  state: PathState,
): boolean {
  const written: PendingPath[] = [];
  for (const unit of units) {
    // The same command walked once per word of a `for` list (see Walker.eachValue) is the
    // unit itself, as when the list is walked in one go.
    if (unit === self || (self !== undefined && sameCommand(unit, self))) continue;
    for (const path of writtenBy(unit)) {
      if (path.access !== "read" && !removes(unit, path)) written.push(path);
    }
  }
  if (written.length === 0) return false;
  for (const value of values) {
    const words = value.literal
      ? value.text
          .split(/\s+/)
          .filter((text) => text !== "" && !text.startsWith("-"))
          .map((text) => wordFromText(text, { tilde: text.startsWith("~") }))
      : [value];
    for (const word of words) {
      for (const target of resolveWord(word, state)) {
        const path = target.path;
        if (path === null) return true;
        const below = path.endsWith("/") ? path : `${path}/`;
        if (written.some((file) => mayName(file, path) || mayName(file, below))) return true;
      }
    }
  }
  return false;
}

/** Whether an earlier unit is a command that writes a settings file itself. */
function writesSettings(
  writers: RegExp,
  units: readonly PendingUnit[],
  self: PendingUnit | undefined,
): boolean {
  return units.some(
    (unit) =>
      unit !== self &&
      (self === undefined || !sameCommand(unit, self)) &&
      unit.executed !== null &&
      unit.executed.length > 1 &&
      writers.test(
        [toolName(unit.executed[0] as string) ?? unit.executed[0], ...unit.executed.slice(1)].join(
          " ",
        ),
      ),
  );
}

/**
 * Programs that never load a project file as code, nor as settings that name code or commands,
 * whatever the project holds: they open only what their operands name, and run nothing but
 * what their words say (a unit of its own, judged by itself). Every other program may load
 * code the string wrote under a name tools look for (see {@link CODE_NAME}): a test runner, a
 * bundler, a linter, a task runner, a process manager, a package script, whatever project code
 * it runs in turn.
 */
const LEAVES_CODE_ALONE: ReadonlySet<string> = new Set([
  ...["echo", "printf", "true", "false", "test", "[", "[[", ":", "cd", "pwd", "pushd", "popd"],
  ...["dirs", "export", "unset", "set", "shopt", "declare", "typeset", "local", "readonly"],
  ...["read", "readarray", "mapfile", "shift", "exit", "return", "break", "continue", "wait"],
  ...["jobs", "kill", "sleep", "type", "hash", "alias", "unalias", "umask", "ulimit", "let"],
  ...["getopts", "times", "cat", "tac", "head", "tail", "less", "more", "wc", "sort", "uniq"],
  ...["cut", "paste", "join", "tr", "nl", "fold", "fmt", "pr", "expand", "unexpand", "column"],
  ...["od", "hexdump", "xxd", "base64", "base32", "basenc", "md5sum", "sha1sum", "sha224sum"],
  ...["sha256sum", "sha384sum", "sha512sum", "b2sum", "cksum", "sum", "ls", "dir", "vdir"],
  ...["tree", "stat", "du", "df", "file", "touch", "mkdir", "rmdir", "rm", "cp", "mv", "ln"],
  ...["link", "unlink", "chmod", "chown", "chgrp", "readlink", "realpath", "basename"],
  ...["dirname", "date", "id", "whoami", "uname", "hostname", "seq", "yes", "tee", "truncate"],
  ...["mktemp", "shuf", "comm", "diff", "cmp", "diff3", "sdiff", "split", "csplit", "numfmt"],
  ...["tsort", "factor", "expr", "grep", "egrep", "fgrep", "rg", "jq", "which", "whereis"],
  ...["clear", "ps", "pgrep", "nproc", "free", "uptime", "printenv", "find", "tar", "gzip"],
  ...["gunzip", "bzip2", "bunzip2", "xz", "unxz", "zstd", "unzstd", "zip", "unzip", "curl"],
  ...["wget", "iconv", "dos2unix", "unix2dos", "sync", "locale", "tput", "stty", "tty"],
  "install",
  "shasum",
]);

/** sed and awk leave code alone when their program is written out (no `-f` file, no include). */
function leavesCodeAlone(name: string, executed: readonly Word[]): boolean {
  if (LEAVES_CODE_ALONE.has(name)) return true;
  const words = executed.slice(1);
  // A word known only at run time may be such an option, unless it is a glob's name that
  // starts with a plain character (`for f in src/*.ts; do sed -i … $f; done`).
  const option = (word: Word, letters: RegExp) =>
    word.literal ? letters.test(word.text) : !neverAnOption(word);
  // terraform fmt only rewrites the layout of .tf files; shellcheck reads only its operands
  // unless told to follow what they source.
  if (name === "terraform" || name === "tofu") return /^(fmt|version)$/.test(words[0]?.text ?? "");
  if (name === "shellcheck") {
    return !words.some((word) =>
      option(word, /^(-[a-zA-Z]*[xa]|--external-sources|--check-sourced)/),
    );
  }
  if (name === "sed" || name === "gsed") {
    return !words.some((word) => option(word, /^(-[a-zA-Z]*f|--file)/));
  }
  if (/^(awk|gawk|mawk|nawk)$/.test(name)) {
    // mawk's -W exec (`-We`), gawk's -W file=…: any -W may name a program file.
    return !words.some((word) => option(word, /^(-[a-zA-Z]*[fiElW]|--(file|include|exec|load))/));
  }
  return false;
}

/**
 * A checker or formatter that never executes or imports the files it reads (S34
 * written-then-checker, r33d: `echo 'export {}' > src/x.ts && npx tsc --noEmit` asked as if
 * tsc ran the file it type-checks). After a write of the string, it runs written code only
 * through the files `loads` names (its settings that pick a toolchain, a command or where it
 * writes), the settings files its `options` name, or, reached through a package runner or
 * node_modules/.bin, the files the runner loads (see {@link RUNNER_LOADS}). Linters whose
 * settings name plugin modules (eslint, prettier, stylelint, mypy, flake8, pylint) are not
 * checkers: a written file may be a plugin.
 */
interface Checker {
  /** Only these invocations check or format (cargo's `fmt`). */
  readonly when?: (words: readonly string[]) => boolean;
  /** Written files it loads as code, or as settings that choose what it runs or writes. */
  readonly loads: RegExp | null;
  /** Options whose value names a settings file (`-p x.json`, `--config=x.toml`). */
  readonly options?: readonly string[];
  /** Whether every operand is a settings file (`tsc -b a b`). */
  readonly projects?: (words: readonly string[]) => boolean;
  /** Whether `@file` reads more words from a file (tsc's response files). */
  readonly responseFiles?: true;
}

/** rustup's toolchain file: its `path` key names a folder whose binaries rustup runs. */
const RUST_TOOLCHAIN = String.raw`(^|/)rust-toolchain(\.toml)?$`;

const CHECKERS: ReadonlyMap<string, Checker> = new Map<string, Checker>([
  // tsc parses .ts/.js and .d.ts files and never runs them: traced with typescript 6.0.3, a
  // tsconfig.json naming `plugins` (language service plugins, tsserver's only) opened no
  // plugin file, and an allowJs project's require()d file was read, not run. tsconfig*.json
  // (and any file `-p`/`--project`/`-b`/`--build` or an `@args` file names) choose where it
  // writes (outDir, outFile, tsBuildInfoFile), so one the string wrote counts.
  [
    "tsc",
    {
      loads: /(^|\/)[jt]sconfig(\.[^/]*)?\.json$/,
      options: ["-p", "--project"],
      projects: (words) => words[1] === "-b" || words[1] === "--build",
      responseFiles: true,
    },
  ],
  // gofmt opens the .go files it is named or finds, and reads no settings file.
  ["gofmt", { loads: null }],
  // rustfmt is a rustup proxy: a toolchain file's `path` makes rustup run that folder's
  // rustfmt (traced with rustup on the host: a written rust-toolchain.toml ran its binary).
  // Its rustfmt.toml holds only layout choices. A `+toolchain` that is a path is left out.
  [
    "rustfmt",
    { loads: new RegExp(RUST_TOOLCHAIN), when: (words) => !words.some((w) => /^\+.*\//.test(w)) },
  ],
  // `cargo fmt` runs cargo-fmt, which reads the manifests through `cargo metadata` (no build
  // script runs: traced) and hands the targets' files to rustfmt. .cargo/config.toml may
  // alias `fmt` to `run` (traced with cargo 1.95: `[alias] fmt = "run"` built and ran the
  // crate, build.rs first); Cargo.toml's workspace members choose which files it rewrites.
  [
    "cargo",
    {
      loads: new RegExp(
        String.raw`(^|/)Cargo\.toml$|(^|/)\.cargo/config(\.toml)?$|${RUST_TOOLCHAIN}`,
      ),
      options: ["--manifest-path"],
      when: (words) => words[1] === "fmt",
    },
  ],
  // clang-format reads .clang-format/_clang-format style keys only; shfmt only .editorconfig
  // layout keys: neither runs anything nor writes beyond its operands.
  ["clang-format", { loads: null }],
  ["shfmt", { loads: null }],
  // black (a Python console script: its folder, not the working one, starts sys.path) reads
  // [tool.black] of pyproject.toml, whose keys are defaults for its options, the files to
  // format among them. Its cache pickles are judged by its named rule.
  ["black", { loads: /(^|\/)pyproject\.toml$/, options: ["--config"] }],
  // ruff (a Rust binary) parses Python and imports nothing; its settings' `cache-dir` chooses
  // where it writes (R50 lint-tool-config): ruff.toml, .ruff.toml, pyproject.toml and the
  // file `--config` names count.
  ["ruff", { loads: /(^|\/)(\.?ruff\.toml|pyproject\.toml)$/, options: ["--config"] }],
  // yamllint's rules are its own (a rule its settings name must be built in) and hadolint's
  // settings only ignore or tune rules: both only read.
  ["yamllint", { loads: null }],
  ["hadolint", { loads: null }],
]);

/**
 * What a package runner (npx, pnpm exec, yarn, bunx) or a program under node_modules/.bin
 * loads besides the program: package.json and node_modules (the program itself), npm's,
 * yarn's, pnpm's and bun's settings (`.npmrc` node-options, `.yarnrc.yml` yarnPath and
 * plugins, `.pnpmfile.cjs`, pnpm-workspace.yaml, bunfig.toml preloads), yarn's PnP loader
 * (`.pnp.cjs`) and `.yarn` folder, and the `.env` files bun reads: any dotfile or dot-folder
 * but git's counts.
 */
const RUNNER_LOADS =
  /(^|\/)(package\.json|bunfig\.toml|pnpm-workspace\.yaml)$|(^|\/)node_modules(\/|$)|(^|\/)\.(?!git(\/|$))[^/]/;

/** node_modules, where a program found on a PATH holding node_modules/.bin lives. */
const NODE_MODULES = /(^|\/)node_modules(\/|$)/;

/** A program under node_modules/.bin: what a package runner would run. */
const NODE_BIN = /(^|\/)node_modules\/\.bin\/[^/]+$/;

/**
 * The last segments of a glob that name only sources of such an extension (`src/*.ts`): no
 * file of RUNNER_LOADS or a checker's `loads` has one, as long as no folder of the glob is
 * a pattern.
 */
const SOURCE_GLOB =
  /^[^/]*\.(ts|tsx|mts|cts|d\.ts|py|pyi|go|rs|c|h|cc|cpp|cxx|hpp|hh|sh|bash|md|txt|css|scss|less|html|vue|svelte|rb|java|kt|swift)$/;

/**
 * The checker `executed` runs, when every word is written out or a glob that is no option,
 * and it is named bare, in a system folder or under node_modules/.bin.
 */
function checkerOf(executed: readonly Word[], base: string): Checker | null {
  const entry = CHECKERS.get(base);
  if (entry === undefined) return null;
  const program = executed[0]?.text ?? "";
  if (program.includes("/") && toolName(program) === null && !NODE_BIN.test(program)) return null;
  if (!(executed[0]?.literal ?? false)) return null;
  if (!executed.every((word) => word.literal || neverAnOption(word))) return null;
  const words = executed.map((word) => word.text);
  return entry.when === undefined || entry.when(words) ? entry : null;
}

/**
 * Whether a checker (see {@link CHECKERS}) loads as code a file the string wrote: one its
 * `loads` names, one its settings options or `@file` name, node_modules, or (`packaged`:
 * through a package runner or node_modules/.bin) what the runner loads. A computed name or a
 * pattern may be any of them, but for a source glob in a folder written out (`src/*.ts`).
 */
function checkerLoadsWritten(
  checker: Checker,
  executed: readonly Word[],
  written: readonly PendingPath[],
  state: PathState,
  packaged: boolean,
): boolean {
  if (written.length === 0) return false;
  const kinds = [checker.loads, packaged ? RUNNER_LOADS : NODE_MODULES].filter(
    (kind): kind is RegExp => kind !== null,
  );
  const loaded = written.some((path) => {
    if (path.path === null && path.glob !== null && !path.glob.endsWith("/**")) {
      const slash = path.glob.lastIndexOf("/");
      const folder = path.glob.slice(0, slash + 1);
      if (
        !/[*?[]/.test(folder) &&
        SOURCE_GLOB.test(path.glob.slice(slash + 1)) &&
        !kinds.some((kind) => kind.test(folder))
      ) {
        return false;
      }
    }
    return kinds.some((kind) => mayBeKind(kind, path));
  });
  if (loaded) return true;
  // The settings files its words name: an option's value, an `@file`, a build's operands,
  // and the program itself.
  const words = executed.map((word) => word.text);
  const named: Word[] = [executed[0] as Word];
  const projects = checker.projects?.(words) === true;
  executed.forEach((word, i) => {
    const text = word.text;
    if (i === 0) return;
    if (checker.responseFiles === true && text.startsWith("@")) {
      named.push(wordFromText(text.slice(1)));
    } else if (projects && !text.startsWith("-")) {
      named.push(word);
    }
    for (const option of checker.options ?? []) {
      if (text === option && executed[i + 1] !== undefined) named.push(executed[i + 1] as Word);
      else if (text.startsWith(`${option}=`)) {
        named.push(wordFromText(text.slice(option.length + 1)));
      } else if (/^-[A-Za-z]$/.test(option) && text.startsWith(option) && text.length > 2) {
        named.push(wordFromText(text.slice(2)));
      }
    }
  });
  return named.some((word) => {
    const targets = resolveWord(word, state);
    return written.some((path) => targets.some((t) => t.path === null || mayName(path, t.path)));
  });
}

/**
 * A file name tools load as code, or as settings that name code or commands: a source of any
 * language (`x.js`, `x.py`, `x.rb`, `main.go`, `build.rs`, `x.tf`), a build or task file
 * (`Makefile`, `Rakefile`, `Procfile`, `Tiltfile`, `Dockerfile`, `meson.build`, `pom.xml`,
 * `package.json`, `pyproject.toml`, `tox.ini`, `debian/rules`), a tool's settings
 * (`*.config.*`, `*.conf.*`, `mypy.ini`, `tsconfig.json`, `cdk.json`, `.lintstagedrc`, any
 * dotfile or file in a dot-folder but ignore lists: `.babelrc`, `.pylintrc`, `.env`,
 * `.husky/pre-commit`, `.mvn/jvm.config`, `.github/workflows/x.yml`). See {@link isCodeName}:
 * the file patterns are tested on the last segment only, the folder ones on the whole path.
 */
export const CODE_NAME = new RegExp(
  [
    // Sources and loadable binaries.
    String.raw`\.([cm]?[jt]sx?|coffee|py[wcz]?|pth|rb|rake|gemspec|ru|erb|pl|pm|t|php[0-9]?|phtml|phar|lua|sh|bash|zsh|ksh|csh|fish|ps1|psm1|psd1|bat|cmd|vbs|tcl|tk|exp|r|R|jl|exs?|erl|hrl|escript|el|elc|vim|lisp|scm|ss|rkt|clj[sc]?|groovy|gradle|kts?|scala|sc|sbt|nix|bzl|star|cmake|mk|mak|swift|dart|awk|sed|m4|ac|am|c|h|cc|cpp|cxx|hh|hpp|hxx|m|mm|go|rs|java|cs|csx|fsx?|vb|zig|nim|nims|nimble|cr|d|hs|lhs|ml|mli|f|f90|for|s|S|asm|sol|tf|hcl|jsonnet|libsonnet|cue|so|dylib|dll|node|wasm|jar|class|whl|egg|pyz|cabal|csproj|fsproj|vbproj|props|targets|sln)$`,
    // Settings files by pattern: `vite.config.ts`, `karma.conf.js`, `tsconfig.build.json`.
    String.raw`(^|/)[^/]*\.(config|conf)\.[^/]+$|(^|/)(ts|js)config(\.[^/]+)?\.json$`,
    // Build, task and settings files by name (`ruff.toml`: its extend and cache-dir name
    // files anywhere, as `.ruff.toml` and pyproject.toml do: R50 lint-tool-config).
    // Formatter multiplexers run the commands their settings name (S32 F-prec2
    // formatter-config-runs-commands): treefmt.toml's `[formatter.x] command`, and dprint.json /
    // dprint.jsonc, whose `plugins` may list a process plugin (dprint-plugin-exec runs each
    // `exec.commands` entry, unsandboxed); the dot-spellings are dotfiles below.
    String.raw`(^|/)(GNUmakefile|[Mm]akefile(\.[^/]+)?|[Rr]akefile|Gemfile|Guardfile|Vagrantfile|Berksfile|Podfile|Fastfile|Appfile|Brewfile|Dangerfile|Capfile|Thorfile|Puppetfile|Jenkinsfile|Tiltfile|Earthfile|Snakefile|[Jj]ustfile|Procfile(\.[^/]+)?|(Docker|Container)file(\.[^/]+)?|[^/]*\.Dockerfile|[Tt]askfile\.ya?ml|SConstruct|SConscript|wscript|meson\.build|meson_options\.txt|meson\.options|CMakeLists\.txt|CMakePresets\.json|BUILD|BUILD\.bazel|WORKSPACE(\.bazel)?|MODULE\.bazel|BUCK|configure|configure\.(ac|in)|Makefile\.(am|in)|pom\.xml|build\.xml|build\.sbt|Cargo\.toml|setup\.cfg|pyproject\.toml|tox\.ini|pytest\.ini|mypy\.ini|pylintrc|ruff\.toml|Pipfile|composer\.json|package\.json|rebar\.config|deps\.edn|project\.clj|shard\.yml|dub\.(json|sdl)|cabal\.project|stack\.yaml|deno\.jsonc?|bunfig\.toml|cdk\.json|serverless\.ya?ml|netlify\.toml|vercel\.json|firebase\.json|turbo\.json|nx\.json|project\.json|lerna\.json|rush\.json|nodemon\.json|lefthook\.ya?ml|devbox\.json|ansible\.cfg|skaffold\.ya?ml|(docker-)?compose(\.[^/]+)?\.ya?ml|mise\.toml|appveyor\.ya?ml|azure-pipelines\.ya?ml|bitbucket-pipelines\.ya?ml|cloudbuild\.ya?ml|rust-toolchain(\.toml)?|dprint\.jsonc?|treefmt\.toml)$`,
    // A dotfile of settings (`.babelrc`, `.mocharc.yml`, `.env.local`, `.flake8`, `.Rprofile`,
    // `.gdbinit`).
    String.raw`(^|/)\.([^/]*(rc|config|conf|cfg|ini|toml|ya?ml|jsonc?|json5|profile|init|hooks?|plugins?|flake8)(\.[^/]*)?|env(\.[^/]*)?|envrc)$`,
  ].join("|"),
);
/** git commands that run client hooks (githooks(5)): commit, merge, rebase, checkout, push, am, …. */
const HOOK_RUNNING_COMMANDS =
  /^(commit|merge|pull|rebase|checkout|switch|clone|push|am|cherry-pick|revert|worktree|gc|maintenance|stash|restore|reset|send-email|commit-tree)$/;

/** A path in a `.husky` folder (husky's hooks, see the git case of runsWrittenCode). */
const HUSKY_FOLDER = /(^|\/)\.husky(\/|$)/;

/**
 * A folder of such names: Debian's packaging scripts (`debian/rules` is a makefile) and any
 * dot-folder (`.husky/pre-commit`, `.mvn/jvm.config`, `.github/workflows/x.yml`).
 */
const CODE_FOLDER = /(^|\/)(debian|\.[^/.][^/]*)\//;

/**
 * Whether `path` has a name tools load as code ({@link CODE_NAME}) or lies in a folder of
 * them ({@link CODE_FOLDER}). The file patterns end at the end of the path and hold no `/`, so
 * they are tested on the last segment alone: on the whole path, a pattern such as
 * `[^/]*\.conf\.[^/]+$` scanned the rest of a folder's name again from every `.conf.` in it
 * (`x.conf.conf….conf./x`), quadratic in its length. Each test below is linear.
 */
export function isCodeName(path: string): boolean {
  return CODE_FOLDER.test(path) || CODE_NAME.test(path.slice(path.lastIndexOf("/") + 1));
}

/**
 * Whether a path the string authored may have a name tools load as code (see
 * {@link CODE_NAME}): a computed path may be any name, a glob any name its last segment matches.
 */
function mayBeCodeNamed(path: PendingPath, cwds: readonly string[] | null): boolean {
  const text = path.path ?? path.glob;
  if (text === null) return true;
  if (path.path === null && text.endsWith("/**")) {
    // A tree (`tar xf x.tar -C d`, `cp -r /tmp/x d`) holds such names where its folder has one
    // or is the working directory or above it (`tar xf x.tar`); a folder below it does not
    // (`gem install -i vendor/gems x`), which the loaders' own tables judge.
    const tree = text.slice(0, -3) || "/";
    return (
      isCodeName(tree) ||
      cwds === null ||
      cwds.some((cwd) => cwd === tree || cwd.startsWith(tree === "/" ? "/" : `${tree}/`))
    );
  }
  if (path.path === null && /[*?[]/.test(text.slice(text.lastIndexOf("/") + 1))) return true;
  return isCodeName(text);
}

/** Whether `executed` runs a file an earlier command of the string may have written. */
export function runsWrittenCode(
  executed: readonly Word[],
  unitsOrThunk: readonly PendingUnit[] | (() => readonly PendingUnit[]),
  state: PathState,
  wrappers: readonly WrapperLayer[] = [],
  self?: PendingUnit,
  assignments: readonly Assignment[] = [],
): boolean {
  const name = toolName(executed[0]?.text ?? "") ?? executed[0]?.text ?? "";
  // Later words of a program no table knows read as a command (`ssh-agent sh s`): only the
  // tables judge them; the program itself is judged below by its own words.
  const laterWords =
    self?.executed !== null &&
    self?.executed !== undefined &&
    self.executed[0] !== executed[0]?.text;
  // Alone in the string so far (most commands), it runs nothing the string wrote: only a
  // chooser variable holding code, or a settings file read from a stream, may count. The
  // rest of this function needs an earlier unit that wrote something.
  const before = typeof unitsOrThunk === "function" ? unitsOrThunk() : unitsOrThunk;
  if (!before.some((unit) => unit !== self && (self === undefined || !sameCommand(unit, self)))) {
    if (COMPRESSOR_SCRIPTS.test(name) && evaluatedChooser(assignments, state)) return true;
    const own = namedRulesOf(name);
    const launched = launchedRules(executed);
    const scriptRules = scriptLoadRules(name, assignments, state) ?? [];
    const named = [...(own ?? []), ...(launched ?? []), ...scriptRules, OPENSSL_SETTINGS];
    return named.some((entry) => namedFileWritten(entry, executed, [], state, assignments));
  }
  // A program that may be a Perl or Python script loads modules from the load path the
  // string set (`PERL5LIB=d shasum f`); any program reading its user's settings may run
  // what the string wrote in the folder it chose for them (`HOME=h lesspipe f`).
  const scriptRules = scriptLoadRules(name, assignments, state);
  if (scriptRules !== null) {
    const writes = filesWritten(before, self);
    if (scriptRules.some((rule) => namedFileWritten(rule, executed, writes, state, assignments))) {
      return true;
    }
  }
  if (
    (state.vars.has("OPENSSL_CONF") || assignments.some((a) => a.name === "OPENSSL_CONF")) &&
    namedFileWritten(OPENSSL_SETTINGS, executed, filesWritten(before, self), state, assignments)
  ) {
    return true;
  }
  if (homeFileWritten(name, before, self, state, assignments)) return true;
  // `npx x` runs node_modules/.bin/x: the layer counts as the package tool.
  const packageTool =
    PACKAGE_TOOLS.test(name) ||
    wrappers.some((layer) => PACKAGE_TOOLS.test(toolName(layer.name) ?? layer.name));
  const byPath = (executed[0]?.text ?? "").includes("/");
  // A program named by another path is looked up by its last segment: `.venv/bin/python x`
  // runs its script as python does, `./node_modules/.bin/jest` loads what jest loads.
  const base = byPath ? name.slice(name.lastIndexOf("/") + 1) : name;
  const stem = stemOf(base);
  const runner = SCRIPT_RUNNERS.test(base) || (stem !== base && SCRIPT_RUNNERS.test(stem));
  const rule = ruleOf(base);
  const codeRule = codeFileRuleOf(base);
  const own = namedRulesOf(name);
  const launched = launchedRules(executed);
  const named = launched === null ? own : [...(own ?? []), ...launched];
  // A variable that names a program to run (`CC=./p pip install .`, `SHELL=/repo/p tmux`) may
  // name a file the string wrote, whatever program reads it.
  if (COMPRESSOR_SCRIPTS.test(name) && evaluatedChooser(assignments, state)) return true;
  const chosen = chosenPrograms(assignments, state);
  if (chosen !== null) {
    const units = typeof unitsOrThunk === "function" ? unitsOrThunk() : unitsOrThunk;
    if (namesWritten(chosen, units, self, state)) return true;
  }
  // An option that names a program to run (`pandoc --filter ./p`, `helm --post-renderer ./p`,
  // `kpt fn eval --exec ./p`) may name a file the string wrote, whatever program takes it.
  const given = programOptions(executed);
  if (given !== null) {
    const units = typeof unitsOrThunk === "function" ? unitsOrThunk() : unitsOrThunk;
    if (namesWritten(given, units, self, state)) return true;
  }
  // A checker or formatter runs written code only through the files its table names (S34
  // written-then-checker): no other table, nor the floor on any program, judges it.
  const checker = checkerOf(executed, base);
  // git, a package tool, a script runner, a loader, a program reading a file named by a
  // variable or option, or a program named by a path runs what was written by its tables.
  const loader =
    checker !== null ||
    name === "git" ||
    packageTool ||
    runner ||
    byPath ||
    rule !== null ||
    named !== null ||
    codeRule !== null;
  // Any other program but those that leave code alone may load a file the string wrote under a
  // name tools load as code or as settings naming code (`> babel.config.js; npx babel src`,
  // `> Procfile; foreman start`), or run a file it is handed (`> x.js; pm2 start x.js`).
  const anyProgram =
    checker === null && name !== "git" && !laterWords && !leavesCodeAlone(name, executed);
  const searcher =
    checker === null &&
    searchesProject(executed, base, stem, runner, packageTool, rule, codeRule, byPath, name);
  if (!loader && !anyProgram && searcher === false) return false;
  // The units are gathered only for a program that can run what was written.
  const units = typeof unitsOrThunk === "function" ? unitsOrThunk() : unitsOrThunk;
  const written: PendingPath[] = [];
  // What the string may have put code into: `written` without the files holding nothing it
  // authored (git's metadata and the settings files below count those too).
  const authored: PendingPath[] = [];
  const compilers: RegExp[] = [];
  let compiledAny = false;
  let fromString = false;
  // What the string authored in files the analysis knows are written: not the words a program
  // no table knows may write through (`npx vitest run src/a.test.ts`), which only the loaders'
  // own tables count.
  const modelled: PendingPath[] = [];
  // What a program searching the project may pick up whatever its name (see searchesProject).
  const searched: PendingPath[] = [];
  // What every other command wrote, and whether one ran git, in any order: a loop or a
  // function called twice may run a later one first.
  const others = units.filter(
    (unit) => unit !== self && (self === undefined || !sameCommand(unit, self)),
  );
  // Each other command's writes, listed once: asked for every unit, they made a chain of
  // moves (`mv f0 f1; mv f1 f2; …`) cubic in the string (R26 dos-written-scan).
  let writesOfOthers: (readonly [PendingUnit, PendingPath])[] | undefined;
  const allWrites = () => {
    if (writesOfOthers === undefined) {
      tick(STEP.link * others.length);
      writesOfOthers = others.flatMap((other) =>
        writtenBy(other)
          .filter((path) => path.access !== "read" && !removes(other, path))
          .map((path) => [other, path] as const),
      );
    }
    return writesOfOthers;
  };
  const otherWrites = (unit: PendingUnit) => {
    const writes = allWrites();
    tick(STEP.link * writes.length);
    return writes.filter(([other]) => other !== unit).map(([, path]) => path);
  };
  let holdsStringText: ((unit: PendingUnit) => boolean) | undefined;
  const gitHoldsStringText = (unit: PendingUnit) => {
    holdsStringText ??= stringTextHolders(others, allWrites());
    return holdsStringText(unit);
  };
  let gitOrUnknown: Witnesses | undefined;
  const otherGit = (unit: PendingUnit) => {
    if (gitOrUnknown === undefined) {
      gitOrUnknown = new Witnesses();
      for (const other of others) if (gitSubcommand(other) !== undefined) gitOrUnknown.add(other);
    }
    return gitOrUnknown.anyBut(unit);
  };
  // A file written below a folder the string links to (or through such a link) is also found
  // under the other name (made-links.ts).
  const linkNames = madeLinkNames(others, { cwds: state.cwds ?? null, home: state.home });
  for (const unit of units) {
    if (unit === self || (self !== undefined && sameCommand(unit, self))) continue;
    // Every command that may run written code looks at every other one: quadratic in a long
    // list of commands, so counted (R26 dos-written-scan).
    tick(STEP.link * (1 + unit.paths.length));
    // Whether the unit only puts the project's own text in place: the same answer for every
    // operand path of the unit, so it is worked out once (per path, a cp of 4,500 operands
    // compared every operand with every path 4,500 times: D20-07).
    let ownText: boolean | undefined;
    const listedPaths = writtenBy(unit);
    const allNames =
      linkNames === null
        ? listedPaths
        : [
            ...listedPaths,
            ...linkNames(
              listedPaths.filter((path) => path.access !== "read"),
              unit,
            ),
          ];
    for (const listed of allNames) {
      const path = workTreeFilled(unit, listed, () => gitHoldsStringText(unit));
      if (path.access === "read" || removes(unit, path)) continue;
      // Metadata and empty folders carry no code; a mode that makes a file runnable still
      // counts where git or a package tool runs files by name (see below).
      const metadata = metadataOnly(unit, path);
      if (metadata !== null) {
        if (metadata.runnable) written.push(path);
        continue;
      }
      if (path.via === "operand") {
        ownText ??= projectText(unit, path, otherWrites, otherGit, state.cwds ?? null, (of) => {
          const writes = allWrites();
          tick(STEP.link * writes.length);
          return writes.filter(([other]) => other !== of);
        });
        if (ownText) continue;
      }
      written.push(path);
      if (!generated(unit, path)) {
        authored.push(path);
        if (!unit.mayWrite?.includes(path)) {
          modelled.push(path);
          // What git checks out, pulls or merges is the repository's text, not the string's,
          // unless the string committed or handed it something it wrote (l21: `git pull && npm
          // install` stays proven).
          const gitsOwn = gitSubcommand(unit) !== undefined && !gitHoldsStringText(unit);
          if (searcher !== false && !gitsOwn && holdsText(unit, path, self, units)) {
            searched.push(path);
          }
        }
      }
    }
    // What a compiler produced is written code, wherever it put it.
    const program = name === "git" ? undefined : unit.executed?.[0];
    if (program !== undefined && compilerName(program)) {
      const from = COMPILED_FROM.get(toolName(program) ?? "");
      if (from === undefined) compiledAny = true;
      else compilers.push(from);
      // Source code on stdin or a descriptor (`gcc -x c - <<< …`) is written by the string.
      if (unit.executed?.some((word) => streamSource(word))) fromString = true;
      // So is code its flags put in from the command text (`-D'x=system("…")'`, a dynamic
      // linker): S34 compiler-macro-code.
      if (unit.executed && compilerInjections(unit.executed).length > 0) fromString = true;
    }
  }
  // A file the string wrote where such a program searches, under any name, may be what it
  // loads (R48 written-unnamed-load).
  if (searched.length > 0) {
    if (searcher === "operands") {
      for (const word of executed.slice(1)) {
        if (word.literal && word.text.startsWith("-")) continue;
        const targets = resolveWord(word, state);
        if (searched.some((path) => targets.some((t) => t.path === null || mayName(path, t.path))))
          return true;
      }
    } else {
      // An interpreter's operands after its script are the script's arguments, data it is
      // handed as it could be handed any word (`python3 p.py d.json`): its script's folder is
      // where it looks.
      const script = runner
        ? scriptSource(byPath ? [wordFromText(base), ...executed.slice(1)] : executed)
        : null;
      const known = script !== null && !script.unproven && script.files.length > 0;
      const words = known ? script.files : executed.slice(1);
      // A file it hands the script by name is such an argument too (`python3 p.py in.json`).
      const handed = known
        ? executed
            .slice(1)
            .filter((word) => !script.files.includes(word) && !word.text.startsWith("-"))
            .flatMap((word) => resolveWord(word, state).map((target) => target.path))
        : [];
      const found = searched.filter((path) => path.path === null || !handed.includes(path.path));
      if (liesWhereSearched(words, found, state)) return true;
    }
  }
  if (!loader) return anyProgram && loadsAnyWritten(executed, modelled, state, true);
  // A command that writes the settings file itself (`kubectl config set-credentials`).
  if (
    named?.some(
      (entry) => entry.writers !== undefined && writesSettings(entry.writers, units, self),
    )
  ) {
    return true;
  }
  if (named?.some((entry) => namedFileWritten(entry, executed, written, state, assignments))) {
    return true;
  }
  // What a compiler wrote counts for a checker where it put it (a compiled program under
  // node_modules/.bin): `written` holds its output.
  if (checker !== null) {
    const packaged = packageTool || NODE_BIN.test(executed[0]?.text ?? "");
    return checkerLoadsWritten(checker, executed, written, state, packaged);
  }
  if (fromString && name !== "git") return true;
  const compiled =
    (compiledAny && authored.length > 0) ||
    compilers.some((loads) => authored.some((path) => mayBeKind(loads, path)));
  if (written.length === 0) return false;
  // A loader's own tables say what its operands are (`python3 p.py d.json` reads data,
  // `pip install -r r.txt` installs what r.txt names); a package runner's program and a program
  // named by a path are programs no table knows.
  const operands = !runner && rule === null && named === null && codeRule === null;
  if (anyProgram && loadsAnyWritten(executed, modelled, state, operands)) return true;
  // A package tool's option or operand may name a file it loads as code whatever its name
  // (`> m; npm init -y --init-module m` ran m as JavaScript), and so may its settings from the
  // environment (`npm_config_init_module=m`).
  // npm's settings from the environment name files the same way (`npm_config_init_module=m`).
  // An option value a named rule of the program judges itself stays its (`uv pip install
  // -c c.txt`: pip's constraints, harmless when they only name packages).
  const ruled = new Set(
    (own ?? [])
      .filter((entry) => entry.when === undefined || entry.when(executed))
      .flatMap((entry) => entry.options ?? []),
  );
  if (packageTool) {
    const settings: Word[] = assignments
      .filter((a) => /^npm_config_/i.test(a.name))
      .map((a) => a.value);
    for (const [key, values] of state.vars ?? []) {
      if (!/^npm_config_/i.test(key)) continue;
      if (values === null) settings.push(wordFromText(`$${key}`, { computed: true }));
      else for (const value of values) settings.push(wordFromText(value.text));
    }
    const loose = executed.filter(
      (word, i) =>
        !(word.literal && ruled.has(word.text.split("=")[0] as string)) &&
        !(i > 0 && (executed[i - 1] as Word).literal && ruled.has((executed[i - 1] as Word).text)),
    );
    if (loadsAnyWritten([...loose, ...settings], modelled, state, true)) return true;
  }
  const namesWrittenFile = (word: Word) => {
    const targets = resolveWord(word, state);
    return authored.some((path) =>
      targets.some((target) => target.path === null || mayName(path, target.path)),
    );
  };
  // A file its own grammar says it loads as code (`cpan -j c`, `java --source 17 x`).
  if (codeRule?.files(executed).some(namesWrittenFile) === true) return true;
  // Compiled from files the string wrote, the output is code nobody read: a program named by a
  // path, a runner or a loader after a compiler may be running it.
  if (compiled && name !== "git") return true;
  // A package manager runs the scripts of package.json and its settings' shell and hooks
  // (`.npmrc`, `.yarnrc`, `.pnpmfile.cjs`), and the programs under node_modules.
  if (packageTool) {
    const fixedDir = (glob: string) => {
      const fixed = glob.slice(0, glob.search(/[*?[]/) === -1 ? undefined : glob.search(/[*?[]/));
      return fixed.slice(0, fixed.lastIndexOf("/") + 1);
    };
    // A glob counts when it may name such a file, or a file right in a known working
    // directory (`cp x *`); where the working directory is unknown every path already asks
    // as possibly outside it.
    const planted = written.some((path) => {
      if (path.path !== null) return PACKAGE_CODE.test(path.path);
      if (path.glob === null) return true;
      const fixed = fixedDir(path.glob);
      return (
        PACKAGE_CODE.test(path.glob) ||
        (fixed !== "" &&
          (state.cwds ?? []).some((cwd) => `${cwd === "/" ? "" : cwd}/`.startsWith(fixed)))
      );
    });
    if (planted) return true;
  }
  // A loader reads files it is not handed: a written file of its kind at or below the working
  // directory, or a directory the command names (the script's), may be what it loads
  // (`echo … > json.py; python3 -m json.tool`, `echo … > conftest.py; pytest`).
  if (rule !== null && (rule.when === undefined || rule.when(executed))) {
    if (loadsWritten(rule.loads, executed, authored, state)) return true;
  }
  // A document or source the string wrote may be any operand (`groff -T ascii d`,
  // `gcc -x c s`), whatever its name.
  if (OPERAND_DOCUMENTS.test(name) || OPERAND_DOCUMENTS.test(stem)) {
    for (const word of executed.slice(1)) {
      if (word.literal && word.text.startsWith("-")) continue;
      const targets = resolveWord(word, state);
      if (authored.some((path) => targets.some((t) => t.path === null || mayName(path, t.path)))) {
        return true;
      }
    }
  }
  // python -m doctest/pickle/pdb/trace/pydoc/… runs (or unpickles) the files it is given.
  if (
    /^(python|pypy)/.test(stemOf(name)) &&
    RUNS_OPERANDS.test(executed.map((w) => w.text).join(" "))
  ) {
    for (const word of executed.slice(1)) {
      if (word.literal && word.text.startsWith("-")) continue;
      const targets = resolveWord(word, state);
      if (authored.some((path) => targets.some((t) => t.path === null || mayName(path, t.path)))) {
        return true;
      }
    }
  }
  if (name === "git") {
    // What git reads as repository metadata is git.ts's to say; the folders the command names
    // as its repository (`--git-dir`, an assigned GIT_DIR) count too.
    const repositories = gitDirWords(executed, state.vars, assignments).flatMap((word) =>
      resolveWord(word, state).map((target) => target.path),
    );
    if (writesGitMetadata(written, repositories)) return true;
    const gitDirs = (state.cwds ?? ["/"]).map((cwd) => `${cwd === "/" ? "" : cwd}/.git/`);
    const planted = written.some(
      (path) =>
        path.path === null && (gitDirs.some((dir) => mayName(path, dir)) || state.cwds === null),
    );
    if (planted) return true;
    // husky 9 sets core.hooksPath to .husky/_, whose hooks run `sh -e .husky/<hook>` whatever
    // that file's mode; husky 4-8 point it at .husky itself. A git command that runs hooks after
    // the string wrote there runs what it wrote (S32 F-prec2, a sibling of
    // formatter-config-runs-commands: `echo … > .husky/pre-commit; git commit` was allowed).
    // Any word may be the subcommand after global options; one the walk does not know may be.
    const hooks = executed
      .slice(1)
      .some((word) => !word.literal || HOOK_RUNNING_COMMANDS.test(word.text));
    if (hooks && written.some((path) => HUSKY_FOLDER.test(path.path ?? path.glob ?? ".husky/"))) {
      return true;
    }
  }
  // A program named by a path may itself be a file the string wrote.
  const scripts: Word[] = byPath ? [executed[0] as Word] : [];
  // An interpreter whose options are known: its script (and an rc file, `-r` module or env
  // file it loads) is where the grammar says, not the first word without a dash (`-o posix x`).
  const source = runner
    ? scriptSource(byPath ? [wordFromText(base), ...executed.slice(1)] : executed)
    : null;
  if (source !== null) scripts.push(...source.files);
  // sqlite3's first operand is the database it opens as data, not a script (see
  // `unmodelledWrites`): what it runs comes from -init or ~/.sqliterc (its named rule) and
  // from dot-commands, which opaque.ts floors.
  else if (runner && !/^sqlite3?$/.test(base)) {
    // Without a grammar, the script is the first operand; a debugger's or launcher's
    // subcommand may come first (`node inspect x.js`, `dlv exec ./p`, `deno run x.ts`): the
    // script is the operand after it. A word an option may take as its value counts too
    // (`tmux -L s -f cfg`, `tmux -fcfg`), whatever its name (`> x; tmux -f x new -d` ran its
    // run-shell line, and `x` read as a subcommand hid it).
    const rest = executed.slice(1);
    let script = rest.find((word) => !word.text.startsWith("-"));
    if (script?.literal && /^(inspect|exec|debug|run|x|attach)$/.test(script.text)) {
      const after = executed.indexOf(script) + 1;
      script = executed.slice(after).find((word) => !word.text.startsWith("-")) ?? script;
    }
    if (script !== undefined) scripts.push(script);
    rest.forEach((word, i) => {
      const glued = word.literal ? /^-[A-Za-z]([^-=].*)$/s.exec(word.text) : null;
      if (glued !== null) scripts.push(wordFromText(glued[1] as string));
      const option = rest[i - 1];
      if (
        option?.literal &&
        /^-[A-Za-z]$|^--[A-Za-z][\w-]*$/.test(option.text) &&
        !ruled.has(option.text) &&
        !word.text.startsWith("-")
      ) {
        scripts.push(word);
      }
    });
  }
  return scripts.some(namesWrittenFile);
}

/**
 * Whether a program no table knows may load code the string authored: a file under a name
 * tools load as code or settings (see {@link CODE_NAME}), or a file a word of the command names, whole or as an option's value (`pm2 start x.js`,
 * `ansible-playbook p.yml`, `supervisord -c s.conf`, `tool --config=c.yml`).
 */
function loadsAnyWritten(
  executed: readonly Word[],
  authored: readonly PendingPath[],
  state: PathState,
  operands: boolean,
): boolean {
  if (authored.length === 0) return false;
  if (authored.some((path) => mayBeCodeNamed(path, state.cwds ?? null))) return true;
  if (!operands) return false;
  for (const word of executed.slice(1)) {
    const value = word.literal
      ? /^--[^=]+=(.+)$|^-[A-Za-z0-9](.+)$|^[A-Za-z_][A-Za-z0-9_.-]*=(.+)$|^@(.+)$/s.exec(word.text)
      : null;
    const candidates = [word];
    if (value !== null)
      candidates.push(wordFromText(value[1] ?? value[2] ?? value[3] ?? value[4] ?? ""));
    for (const candidate of candidates) {
      if (candidate.literal && (candidate.text === "" || candidate.text.startsWith("-"))) continue;
      const targets = resolveWord(candidate, state);
      if (authored.some((path) => targets.some((t) => t.path === null || mayName(path, t.path)))) {
        return true;
      }
    }
  }
  return false;
}

/**
 * Programs that search the project for files on their own, beyond what their words name: build
 * tools, test runners, documentation tools, compilers and linkers, package managers, man and
 * the roff tools, interpreters running a project's script (which may open any file). Which
 * file they pick up is not told by its name (R48 written-unnamed-load, traced: cmake reads
 * `b/CMakeCache.txt` for `cmake b`; pytest runs `test*.txt` as doctests; ld opens a relative
 * `libgcc_s.so.1` from the working directory on every gcc link; groff reads `devascii/DESC`
 * and `troffrc` from its search paths and man `man.local` from `$HOME`; `npm test` runs
 * `sh scripts/test`). Each is also named by a table (runner, rule, package tool…): this list
 * adds the ones no table names.
 */
const PROJECT_SEARCHERS =
  /^(make|gmake|bmake|ninja|samu|meson|muon|bazel|bazelisk|buck2?|pants|please|scons|waf|gradle|gradlew|mvn|mvnw|ant|sbt|mill|xcodebuild|msbuild|doxygen|mkdocs|hugo|zola|hexo|sphinx-build|sphinx-autobuild|bats|ctest|tox|nox|grog|eqn|neqn|tbl|pic|gpic|refer|preconv|grops|grotty|gdiffmk|pdfroff|roff2[a-z]+)$/;

/** git's own options that take a value as the next word, before its subcommand. */
const GIT_VALUED = /^(-C|-c|--git-dir|--work-tree|--namespace|--exec-path|--config-env)$/;

/** `git help` options that list commands or guides of git's own text, running no man. */
const GIT_HELP_LISTS =
  /^(-a|--all|-g|--guides|-c|--config|--user-interfaces|--developer-interfaces|--no-external-commands|--no-aliases|--verbose)$/;

/**
 * Whether `executed` is a help command that formats a manual page with man (which runs groff):
 * `git help log`, `git log --help`, `npm help ls` (and npm's `hlep`, `hl`, `hle`), `cargo help
 * build`, `rustup man cargo`, `bundle help install`, GNU info (which formats the man page when
 * it finds no Info manual). Such a command reads what man and groff read: a written
 * `devascii/DESC` or `man.local` on GROFF_FONT_PATH, GROFF_TMAC_PATH or $HOME (R50
 * help-runs-man-groff, traced: `npm help ls`, `git help log` and `git log --help` ran the
 * postpro program of a written DESC; `cargo help build` runs man, nroff, groff). The listing
 * forms (`git help -a`, `git help` alone) print git's own text; perldoc formats pods itself.
 */
export function runsMan(executed: readonly Word[]): boolean {
  const name = toolName(executed[0]?.text ?? "") ?? executed[0]?.text ?? "";
  const rest = executed.slice(1);
  if (/^(info|pinfo)$/.test(name)) return true;
  const operands: Word[] = [];
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i] as Word;
    if (name === "git" && word.literal && GIT_VALUED.test(word.text)) {
      i++;
      continue;
    }
    if (!word.literal || !word.text.startsWith("-")) operands.push(word);
  }
  const sub = operands[0]?.literal === true ? operands[0].text : null;
  const helpFlag = rest.some((word) => word.literal && word.text === "--help");
  if (name === "git") {
    // `git --help log` is `git help log`, and so is `git log --help` (`-h` prints usage).
    if (operands.length > 0 && helpFlag) return true;
    if (sub !== "help") return false;
    const words = rest.slice(rest.indexOf(operands[0] as Word) + 1);
    return words.some((word) => !word.literal || !GIT_HELP_LISTS.test(word.text));
  }
  if (name === "npm")
    return sub !== null && /^(help|hlep|hl|hle)$/.test(sub) && operands.length > 1;
  if (name === "cargo") return sub === "help" && operands.length > 1;
  if (name === "rustup") return sub === "man";
  if (/^(bundle|bundler)$/.test(name)) {
    return (sub === "help" && operands.length > 1) || (operands.length > 0 && helpFlag);
  }
  return false;
}

/**
 * A file name pip takes for a local archive rather than a package to fetch by name (its
 * is_archive_file), extras or a marker after it included (`x.tar.gz[socks]`).
 */
const PIP_ARCHIVE = /\.(whl|zip|tar|tgz|tbz|txz|tlz|tar\.(gz|bz2|xz|lz|lzma))(?![A-Za-z0-9_])/i;

/** pip's short options that take a value (the rest of a cluster, or the next word). */
const PIP_VALUED_SHORT = "rcetbidfwC";

/**
 * Whether pip's words name a local folder or file to build or install from: a non-literal
 * word, `.` or any word with `/` or a leading `.` (pip's own test of a path), an archive name
 * (`pip wheel x.tar.gz` builds the sdist's backend, `x.whl`), a `file:` URL, or a find-links
 * or editable value that is not a remote URL (`-f.`, `--find-links=.`, `-fdl`): R50
 * pip-written-archive, traced (an sdist `tar --transform` made of the string's files ran its
 * in-tree backend for `pip wheel x.tar.gz`, `pip download -d dl x.tar.gz`, `pip wheel
 * --no-index -f. x`). A plain requirement (`requests`, `requests==2.31`, `requests[socks]>=2`)
 * is fetched from the index.
 */
function pipLocal(rest: readonly Word[]): boolean {
  const local = (value: Word | undefined) =>
    value === undefined ||
    !value.literal ||
    !/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(value.text) ||
    /^file:/i.test(value.text);
  for (let i = 0; i < rest.length; i++) {
    const word = rest[i] as Word;
    if (!word.literal) return true;
    const text = word.text;
    if (text === "." || text.includes("/") || /^\./.test(text)) return true;
    if (/(^|[@=\s])file:/i.test(text)) return true;
    const long = /^--(fi[a-z-]*|ed[a-z]*)(=(.*))?$/s.exec(text);
    if (long !== null) {
      if (long[2] !== undefined ? local(wordFromText(long[3] ?? "")) : local(rest[i + 1])) {
        return true;
      }
      continue;
    }
    if (/^-[^-]/.test(text)) {
      // A cluster of short options: the first that takes a value takes the rest of it.
      for (let j = 1; j < text.length; j++) {
        const letter = text[j] as string;
        if (!PIP_VALUED_SHORT.includes(letter)) continue;
        const value = j + 1 < text.length ? wordFromText(text.slice(j + 1)) : rest[i + 1];
        if ((letter === "f" || letter === "e") && local(value)) return true;
        break;
      }
      continue;
    }
    if (PIP_ARCHIVE.test(text)) return true;
  }
  return false;
}

/** go subcommands that compile or show and run nothing of the project's (see searchesProject). */
const GO_READS_SOURCES =
  /^(build|vet|list|fmt|fix|mod|env|version|doc|install|get|clean|work|help|bug|telemetry)$/;

/**
 * Standard library modules whose command line reads only the files it is given (S30
 * python-module-cli reviewed every `__main__`; see opaque.ts): `python3 -m zipfile -e k.zip d`
 * loads nothing of the project's (a written `zipfile.py` is a code name all the same).
 */
const INERT_MODULES: ReadonlySet<string> = new Set([
  ...["ast", "base64", "calendar", "dis", "filecmp", "fileinput", "gzip", "json.tool", "json"],
  ...["mimetypes", "pickletools", "pyclbr", "quopri", "shlex", "symtable", "tabnanny"],
  ...["tarfile", "tokenize", "uu", "zipapp", "zipfile", "http.server", "venv", "uuid"],
  ...["platform", "sysconfig", "site", "webbrowser", "ensurepip"],
]);

/** Package-tool subcommands that only show what is installed or known: they run no project code. */
const PACKAGE_SHOWS =
  /^(ls|list|ll|la|view|v|info|show|outdated|help|search|s|find|whoami|root|prefix|bin|why|explain|ping|-v|--version|-h|--help)$/;

/**
 * Whether `executed` may load project files it does not name (see {@link PROJECT_SEARCHERS}):
 * any written file below where it searches is then what it may load, whatever its name. A
 * shell or interpreter given only code on its line or stdin (`python3 -c …`, `bash -s`) runs
 * the string's own code (its imports by name are the tables' to judge); one that only prints
 * its version or help runs nothing; a package tool only listing or showing packages runs no
 * script.
 */
function searchesProject(
  executed: readonly Word[],
  base: string,
  stem: string,
  runner: boolean,
  packageTool: boolean,
  rule: WrittenCodeRule | null,
  codeRule: CodeFileRule | null,
  byPath: boolean,
  name: string,
): boolean | "operands" {
  // A program of the project's own (`./cat`, named by a path outside the system's folders)
  // may be anything; a virtual environment's pip or python (`.venv/bin/pip`) is that program
  // (one the string wrote there is floored by its name, as any written file run).
  if (name.includes("/") && !/(^|\/)bin\/(pip|python)[0-9.]*$/.test(name)) return true;
  // A help command runs man, a searcher like man itself (git is otherwise kept out).
  if (runsMan(executed)) return true;
  if (/^(git|env|sqlite3?|psql|mysql|mariadb|tmux|screen)$/.test(base)) return false;
  // sed and awk with their program on the line, and what only reads its operands.
  if (leavesCodeAlone(base, executed)) return false;
  const rest = executed.slice(1);
  if (
    rest.length > 0 &&
    rest.every(
      (word) => word.literal && /^(-V|-v|--version|-h|--help|version|help)$/.test(word.text),
    )
  ) {
    return false;
  }
  const sub = rest.find((word) => !word.literal || !word.text.startsWith("-"));
  const subText = sub?.literal === true ? sub.text : null;
  if (packageTool) {
    // `npm init -y` writes a package.json; with an initializer it runs a package.
    if (subText === "init") {
      return rest.some((word) => !word.literal || !/^(-|init$)/.test(word.text));
    }
    return subText === null || !PACKAGE_SHOWS.test(subText);
  }
  // go runs project code only for test, run and generate (its builds read only Go sources and
  // its module files: see GO_FILES); cargo installs a crate named alone in a folder of its own.
  if (base === "go") return subText === null || !GO_READS_SOURCES.test(subText);
  // gofmt opens the files it is named and, in a folder, only its `.go` files not starting
  // with a dot (cmd/gofmt's isGoFile): no settings, no module file, nothing it runs. `cargo
  // fmt` (cargo-fmt) reads the manifests and settings cargo reads (CARGO_FILES, judged by
  // go's and cargo's rules) and hands the crate's `.rs` files to rustfmt. A file of another
  // name is nothing either loads (S32 F-prec: `echo x > notes.txt; gofmt -w .` asked).
  if (base === "gofmt") return false;
  if (base === "cargo" && subText === "fmt") return false;
  // `cmake -E` is its portable command mode (copy, remove, env, …): it loads no project file;
  // what `cmake -E env` runs is judged as a unit of its own.
  if (base === "cmake" && rest[0]?.literal === true && rest[0].text === "-E") return false;
  if (base === "cargo" && subText === "install") {
    return rest.some((word) => !word.literal || /^--(path|git)(=|$)/.test(word.text));
  }
  // pip searches the project only to install a local folder or archive (`.`, `-e .`, `./x`,
  // `x.tar.gz`, `-f.`: see pipLocal); the files it is handed (`-r`, `-c`) its own rules judge.
  const pipModule =
    /^(python|pypy)/.test(stem) &&
    rest.some((word) => /^-[A-Za-z]*m(pip)?$/.test(word.text)) &&
    rest.some((word) => word.text === "pip" || word.text === "-mpip");
  if (/^pip[0-9.]*$/.test(base) || pipModule || (base === "uv" && subText === "pip")) {
    return pipLocal(rest);
  }
  // A linker searches folders for what `-l` names (and the linker scripts found there name
  // files relative to the working directory: libgcc_s.so's GROUP); with none it opens its
  // operands: one the string wrote, whatever its name, may be a linker script (`INPUT(…)`).
  if (/^(ld|ld\.bfd|ld\.gold|ld\.lld|lld|gold|mold)$/.test(base)) {
    return (
      rest.some((word) => !word.literal || /^(-l|--library|-T|--script|-L)/.test(word.text)) ||
      "operands"
    );
  }
  if (runner) {
    const source = scriptSource(byPath ? [wordFromText(base), ...rest] : executed);
    if (source !== null && !source.unproven) {
      if (source.info) return false;
      // python's `-m` names a module, found on a path that starts with the working directory
      // (`python3 -m pytest`), unless it is one of the standard library's that reads only
      // what it is given.
      const module = /^(python|pypy)/.test(stem) ? (source.code?.text ?? null) : null;
      const flagged = module !== null && rest.some((word) => /^-[A-Za-z]*m/.test(word.text));
      if (flagged && module !== null && INERT_MODULES.has(module.replace(/^-[A-Za-z]*m/, ""))) {
        return false;
      }
      // Code on the line or on stdin: no script of the project runs.
      if (
        !flagged &&
        source.files.length === 0 &&
        (source.code !== null || (source.stdin && !source.inline))
      ) {
        return false;
      }
    }
    return true;
  }
  if (compilerName(base) || OPERAND_DOCUMENTS.test(base) || OPERAND_DOCUMENTS.test(stem)) {
    return true;
  }
  if (PROJECT_SEARCHERS.test(base) || PROJECT_SEARCHERS.test(stem)) return true;
  if (codeRule !== null) return true;
  if (rule !== null) return rule.when === undefined || rule.when(executed);
  // A program the project holds (`./gradlew`, `scripts/build`) may be any of these.
  return byPath;
}

/** The top-level text being analysed; null outside an analysis and inside a nested script. */
let analysedText: string | null = null;

/** Runs `run` with `text` as the analysed text (see {@link fedBy}), restoring the one before. */
export function withAnalysedText<T>(text: string | null, run: () => T): T {
  const before = analysedText;
  analysedText = text;
  try {
    return run();
  } finally {
    analysedText = before;
  }
}

/** Programs that copy their stdin (or lines of it) to their output and files, adding nothing. */
const PASS_THROUGH = /^(tee|cat|grep|egrep|fgrep|head|tail|sort|uniq|wc)$/;

/**
 * Whether `unit` is a later member of `self`'s pipeline that only passes on what `self` prints
 * (`npm test 2>&1 | tee test.log`, `npx tsc | tee tsc.log | head`, `npm test > >(tee t.log)`):
 * what it writes is the program's own output, filled while it runs, none of the string's
 * text. Only where nothing else may feed it: `self` is not left running in the background
 * (`pytest & tee t.txt`, whose tee runs on its own), `unit` and every command between them is
 * such a filter that reads no file, and their text is their words and output redirects alone
 * (a here-string or here-document, `tee f <<< …`, would be a stdin of the string's making).
 */
function fedBy(unit: PendingUnit, self: PendingUnit, units: readonly PendingUnit[]): boolean {
  // Any `<` may give a filter another stdin than the pipe, and not only on its own words: a
  // group or subshell around it takes a here-string or a file (`npm test | { tee f; } <<< 'x'`
  // writes the string's text). A backslash may spell one in a script run from the text.
  if (analysedText === null || /[<\\]/.test(analysedText)) return false;
  // Only the program's own output: no group or subshell around the filter (`npm test | { cat;
  // echo 'git push'; } > f` writes the echo's text too; a `>(…)` is the one parenthesis taken),
  // and nothing piped into the program (`echo … | npm test | tee f` may pass its stdin on).
  // Without `<` or a backslash the parsed text is the text as written, offsets alike. A `{`
  // right after `$` opens a parameter expansion, never a group (S33 pipestatus-after-tee,
  // r33d: `npm test | tee test.log; exit ${PIPESTATUS[0]}` asked); a `(` still counts there
  // (`${x:-$(…)}` holds a substitution, judged as any `$(…)` is).
  if (/(?<!\$)\{|(?<!>)\(/.test(analysedText)) return false;
  const before = analysedText.slice(0, self.start);
  if (
    before
      .slice(
        Math.max(before.lastIndexOf(";"), before.lastIndexOf("&"), before.lastIndexOf("\n")) + 1,
      )
      .includes("|")
  ) {
    return false;
  }
  if (self.background === true || self.context === "process_substitution") return false;
  const filter = (other: PendingUnit): boolean => {
    const executed = other.executed;
    if (executed === null || other.sentinel !== null || other.callsFunction === true) return false;
    if (other.wrappers.length > 0 || !PASS_THROUGH.test(executed[0] ?? "")) return false;
    // tee's operands are files it writes (a `>(…)` among them): no word of it is an input.
    if (executed[0] !== "tee" && (other.computed?.executed ?? []).length > 0) return false;
    if (other.paths.some((path) => path.access !== "write")) return false;
    // Units nested in its text (a `>(…)` operand) have their own range; every output redirect
    // takes at most its target and ` 2>> `.
    const nested = units.filter(
      (inner) => inner !== other && inner.start >= other.start && inner.end <= other.end,
    );
    const allowance =
      executed.join(" ").length +
      other.paths.reduce(
        (sum, path) => sum + (path.via === "redirect" ? path.raw.length + 5 : 0),
        0,
      ) +
      nested.reduce((sum, inner) => sum + (inner.end - inner.start) + 4, 0);
    return other.end - other.start <= allowance;
  };
  if (!filter(unit)) return false;
  // A `>(…)` of the program's own (`npm test > >(tee t.log)`) takes its output; one that could
  // take the shell's stdin instead is not told apart, so only where no command comes before.
  const within = (inner: PendingUnit, outer: PendingUnit) =>
    inner !== outer && inner.start >= outer.start && inner.end <= outer.end;
  if (within(unit, self)) {
    return (
      unit.context === "process_substitution" &&
      units.every(
        (other) => other === self || (within(other, self) ? filter(other) : other.pos > self.pos),
      )
    );
  }
  if (unit.pos < self.end || unit.seq < self.seq) return false;
  return units.every(
    (other) =>
      other === unit ||
      other === self ||
      other.pos <= self.pos ||
      other.pos >= unit.pos ||
      filter(other),
  );
}

/**
 * Whether a write holds text a program may load: not a file the string left empty (`> out.txt`,
 * `: > f`, an empty `printf ''`), nor the file a bare `exec >` opened for the output of the
 * command right after it (`exec > build.log 2>&1; npm run build`), which holds that command's
 * own output when it starts.
 */
function holdsText(
  unit: PendingUnit,
  path: PendingPath,
  self: PendingUnit | undefined,
  units: readonly PendingUnit[],
): boolean {
  if (path.wroteText === "") return false;
  if (self !== undefined && fedBy(unit, self, units)) return false;
  if (path.via !== "redirect" || unit.sentinel !== null || unit.callsFunction === true) return true;
  const executed = unit.executed;
  if (executed === null) return true;
  if (
    executed.length === 0 ||
    (executed.length === 1 && /^(:|true|false)$/.test(executed[0] ?? ""))
  ) {
    return false;
  }
  if (executed.length === 1 && executed[0] === "exec" && self !== undefined) {
    const next = units
      .filter((other) => other.pos > unit.pos && other !== unit)
      .reduce<PendingUnit | undefined>(
        (first, other) => (first === undefined || other.pos < first.pos ? other : first),
        undefined,
      );
    return next === undefined || (next !== self && !sameCommand(next, self));
  }
  return true;
}

/**
 * Whether a written file lies where a program searching the project looks (see
 * searchesProject): at or below a working directory, a folder an operand names (`cmake b`) or
 * the folder of a file it names (`pytest t/test_a.py`). A pattern not anchored at the root,
 * or any path where the working directory is unknown, may be there.
 */
function liesWhereSearched(
  words: readonly Word[],
  written: readonly PendingPath[],
  state: PathState,
): boolean {
  if (state.cwds === null) return true;
  const roots = new Set<string>(state.cwds);
  for (const word of words) {
    if (word.literal && (word.text.startsWith("-") || !/[/.]/.test(word.text))) continue;
    for (const target of resolveWord(word, state)) {
      if (target.path === null) return true;
      roots.add(target.path);
      // The folder of a file it names; not the one above a folder it names (`.`, `..`, `d/`).
      const folder = target.path.slice(0, target.path.lastIndexOf("/"));
      if (folder !== "" && !/(^|\/)\.{0,2}$|\/$/.test(word.text)) roots.add(folder);
    }
  }
  const under = (text: string, root: string) =>
    text === root || text.startsWith(root === "/" ? "/" : `${root}/`);
  return written.some((path) => {
    const text = path.path ?? path.glob;
    if (text === null || !text.startsWith("/")) return true;
    // A pattern: the folder its fixed part names, or any folder above a root.
    const fixed = path.path === null ? text.slice(0, text.search(/[*?[]/)) : text;
    return [...roots].some(
      (root) =>
        under(fixed, root) ||
        (path.path === null && under(root, fixed.replace(/\/[^/]*$/, "") || "/")),
    );
  });
}

/** Whether a written path of the kind `loads` names lies where the program may load it. */
function loadsWritten(
  loads: RegExp,
  executed: readonly Word[],
  written: readonly PendingPath[],
  state: PathState,
): boolean {
  const candidates = written.filter((path) => {
    const text = path.path ?? path.glob;
    if (text === null) return true;
    if (path.path === null && text.endsWith("/**")) return true;
    const last = text.slice(text.lastIndexOf("/") + 1);
    return loads.test(text) || /[*?[]/.test(last);
  });
  if (candidates.length === 0) return false;
  // Where the working directory is unknown, any such file may be in it.
  if (state.cwds === null) return true;
  const dirs = new Set<string>(state.cwds);
  for (const word of executed.slice(1)) {
    if (word.literal && (word.text.startsWith("-") || !/[/.]/.test(word.text))) continue;
    for (const target of resolveWord(word, state)) {
      if (target.path === null) return true;
      dirs.add(target.path.slice(0, target.path.lastIndexOf("/")) || "/");
      dirs.add(target.path);
    }
  }
  const dirOf = (text: string) => text.slice(0, text.lastIndexOf("/")) || "/";
  return candidates.some((path) => {
    const text = path.path ?? path.glob;
    if (text === null) return true;
    // Everything below a folder (`tar xf x.tar`, `cp -r /tmp/x src`) counts where the program
    // loads from that folder or one inside it; a copy into a folder beside those
    // (`cp -r dist out; npm test`) is not where it loads.
    if (path.path === null && text.endsWith("/**")) {
      const tree = text.slice(0, -3) || "/";
      return [...dirs].some(
        (root) => root === tree || root.startsWith(tree === "/" ? "/" : `${tree}/`),
      );
    }
    // A pattern not anchored at the root (`**/x.py`, after a cd the walk cannot follow) may
    // name a file anywhere.
    if (!text.startsWith("/")) return true;
    const dir = dirOf(text);
    return [...dirs].some(
      (root) => dir === root || dir.startsWith(root === "/" ? "/" : `${root}/`),
    );
  });
}

const PYTHON_NAMES = /^((python|pypy|py)[0-9.]*|pytest|py\.test|ipython[0-9]*|pip[0-9.]*|uv|uvx)$/;
const PERL_NAMES = /^(perl[0-9.]*|prove|cpan|cpanm)$/;
const RUBY_NAMES = /^((ruby|irb|erb|gem|bundle|bundler)[0-9.]*|rspec|rails|rake)$/;
const NODE_NAMES = /^(node|nodejs|npm|npx|pnpm|yarn|jest|vitest|mocha|tsx|ts-node)$/;
const JVM_NAMES = /^(java|javac|jshell|kotlin|kotlinc|scala|groovy|gradle|gradlew|mvn|mvnw|ant)$/;

/**
 * Load-path variables and the programs that read them; null: every program (the dynamic
 * linker reads `LD_LIBRARY_PATH` for any of them).
 */
const LOAD_PATH_READERS: ReadonlyMap<string, RegExp | null> = new Map<string, RegExp | null>([
  // Settings files and folders a program reads (see NAMED_FILE_RULES); the entries below win.
  ...NAMED_FILE_RULES.flatMap((rule) => rule.variables.map((name) => [name, rule.names] as const)),
  ["PYTHONPATH", PYTHON_NAMES],
  ["PYTHONSTARTUP", PYTHON_NAMES],
  ["PYTHONHOME", PYTHON_NAMES],
  ["PYTHONUSERBASE", PYTHON_NAMES],
  ["PERL5LIB", PERL_NAMES],
  ["PERLLIB", PERL_NAMES],
  ["RUBYLIB", RUBY_NAMES],
  ["GEM_PATH", RUBY_NAMES],
  ["GEM_HOME", RUBY_NAMES],
  ["NODE_PATH", NODE_NAMES],
  ["CLASSPATH", JVM_NAMES],
  ["LD_LIBRARY_PATH", null],
  ["GCONV_PATH", null],
  // Options carried by the environment, and the folders and files programs write.
  ["TAR_OPTIONS", /^(tar|gtar|bsdtar)$/],
  ["UNZIP", /^(unzip|funzip|unzipsfx|zipinfo)$/],
  ["UNZIPOPT", /^(unzip|funzip|unzipsfx|zipinfo)$/],
  ["ZIPOPT", /^(zip|zipcloak|zipnote|zipsplit)$/],
  ["ZIP", /^(zip|zipcloak|zipnote|zipsplit)$/],
  ["MANOPT", /^man$/],
  // man's folders: man and its database tools read them, and git runs man for `git help`.
  ["MANPATH", /^(man|apropos|whatis|manpath|mandb|catman|lexgrog|git)$/],
  // bash's readline reads the shell's INPUTRC when bind (or read -e) starts it.
  ["INPUTRC", /^(bind|read)$/],
  // Hostname completion (`compgen -A hostname`) reads every word of HOSTFILE.
  ["HOSTFILE", /^(compgen|complete)$/],
  ["GNUPGHOME", /^(gpg[0-9]*|gpgv|gpg-agent|gpgconf|gpgsm|git|pass|sops)$/],
  // npm's and pip's path settings, read from their environment as from their options
  // (`export npm_config_cafile=~/.ssh/id_rsa; npm run build` reads the key).
  ...NPM_PATH_SETTINGS.flatMap((key) =>
    [`npm_config_${key}`, `NPM_CONFIG_${key.toUpperCase()}`].map(
      (name) => [name, /^(npm|npx)$/] as const,
    ),
  ),
  ...PIP_PATH_SETTINGS.map((key) => [`PIP_${key}`, /^(pip[0-9.]*|python[0-9.]*)$/] as const),
  ...[
    ...["TMPDIR", "TMP", "TEMP", "CCACHE_DIR", "XDG_CACHE_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"],
    ...["XDG_CONFIG_HOME", "GCOV_PREFIX", "NODE_V8_COVERAGE", "LD_DEBUG_OUTPUT", "MALLOC_TRACE"],
    ...["MEMUSAGE_OUTPUT", "SEGFAULT_OUTPUT_NAME", "LLVM_PROFILE_FILE", "GMON_OUT_PREFIX"],
    ...["COVERAGE_FILE", "SSLKEYLOGFILE", "CCACHE_LOGFILE", "SQLITE_HISTORY", "PYTHON_HISTORY"],
    ...["NODE_REPL_HISTORY", "LESSHISTFILE", "MYSQL_HISTFILE", "PSQL_HISTORY", "REDISCLI_HISTFILE"],
    ...["LD_PROFILE", "LD_PROFILE_OUTPUT", "PCPROFILE_OUTPUT", "GCOV_ERROR_FILE", "KRB5_TRACE"],
  ].map((name) => [name, null] as const),
]);

/**
 * The load-path variables an earlier statement of the string set (`export PYTHONPATH=/tmp;
 * python3 x.py`), as assignments for the program that reads them: the same paths the prefix
 * form (`PYTHONPATH=/tmp python3 x.py`) gives its command. A value the walk does not know is
 * a computed word.
 */
export function statementLoadPaths(executed: readonly Word[], state: PathState): Assignment[] {
  if (state.vars.size === 0) return [];
  const name = toolName(executed[0]?.text ?? "") ?? executed[0]?.text ?? "";
  const found: Assignment[] = [];
  for (const variable of state.vars.keys()) {
    // A variable the C library or a library every program links reads (TZ, TZDIR, LOCPATH,
    // HOSTALIASES, SSL_CERT_FILE, MAGIC…) reaches any program, bash's own builtins too
    // (`printf '%(%c)T'` reads TZ), once exported or given where it was already exported.
    const readers = LOAD_PATH_READERS.has(npmSettingVariable(variable))
      ? LOAD_PATH_READERS.get(npmSettingVariable(variable))
      : isLoadPathVariable(variable)
        ? null
        : undefined;
    if (readers === undefined) continue;
    if (
      readers !== null &&
      !readers.test(name) &&
      !readers.test(stemOf(name)) &&
      !(runsMan(executed) && readers.test("man"))
    ) {
      continue;
    }
    found.push(...valuesAssigned(variable, state));
  }
  return found;
}

/**
 * Variables bash itself reads a file through as soon as they change in its environment: tzset
 * reads the time zone file when TZ is assigned while exported (`declare -x TZ=/f`, `set -a`),
 * and setlocale the locale files under LOCPATH when a locale variable is.
 */
const SHELL_READ_ON_ASSIGNMENT = /^(TZ|TZDIR|LOCPATH|LANG|LANGUAGE|LC_[A-Z]+)$/;

/**
 * The files bash opens itself when a statement assigns `names` (the state after it): the time
 * zone and locale paths the string has set, as assignments judged like a load path.
 */
export function shellReadsOnAssignment(names: readonly string[], state: PathState): Assignment[] {
  if (!names.some((name) => SHELL_READ_ON_ASSIGNMENT.test(name))) return [];
  return ["TZ", "TZDIR", "LOCPATH"]
    .filter((variable) => state.vars.has(variable))
    .flatMap((variable) => valuesAssigned(variable, state));
}

/** Each value the string may have given `variable`, as an assignment (unknown: a computed word). */
function valuesAssigned(variable: string, state: PathState): Assignment[] {
  const values = state.vars.get(variable);
  if (values === null || values === undefined) {
    return [{ name: variable, value: wordFromText(`$${variable}`, { computed: true }) }];
  }
  return values.map((value) => ({
    name: variable,
    value: wordFromText(value.text, {
      glob: value.glob === true,
      tilde: value.text.startsWith("~"),
    }),
  }));
}

/** Whether `unit` wrote a file or ran a compiler: what may have put code in place. */
export function writesOrCompiles(unit: PendingUnit): boolean {
  if (writtenBy(unit).some((path) => path.access !== "read")) return true;
  const program = unit.executed?.[0];
  return program !== undefined && compilerName(program);
}

/**
 * Units that may run again after a later write (a loop body's next round, a function called
 * after the write), each with how many of the string's units it may follow: those that run
 * code written by any unit up to there.
 */
export function rerunsWrittenCode(
  again: readonly (readonly [PendingUnit, number, PathState])[],
  units: readonly PendingUnit[],
  offset = 0,
): PendingUnit[] {
  const found: PendingUnit[] = [];
  // Nothing was written: nothing can be run again after a write.
  if (
    again.length === 0 ||
    !units.some((unit) => writtenBy(unit).some((p) => p.access !== "read"))
  ) {
    return found;
  }
  for (const [unit, until, state] of again) {
    if (unit.executed === null || unit.executed.length === 0) continue;
    const words = unit.executed.map((text) => wordFromText(text));
    if (runsWrittenCode(words, units.slice(0, until + offset), state, unit.wrappers, unit)) {
      found.push(unit);
    }
  }
  return found;
}

/**
 * The units of the scripts that enclose the one being walked: a nested analysis (a quoted
 * `"$(…)"`, a `bash -c` payload) starts with no units of its own, yet runs after every write
 * its host made before it.
 */
const enclosing: (readonly PendingUnit[])[] = [];

/** Runs a nested analysis with `units` (the host's so far) visible to it. */
export function withEnclosing<T>(units: readonly PendingUnit[], run: () => T): T {
  enclosing.push(units);
  try {
    return run();
  } finally {
    enclosing.pop();
  }
}

/** `units` with those of the enclosing scripts before them. */
export function visibleUnits(units: readonly PendingUnit[]): readonly PendingUnit[] {
  return enclosing.length === 0 ? units : [...enclosing.flat(), ...units];
}

/**
 * Whether a unit before `self` may have created a file in `folder` (null: anywhere): a path it
 * writes there (a redirect, touch, cp, mkdir, a bare word an unknown program may write
 * through), a computed written path, or a unit the analysis could not prove. A file name the
 * string created may be any text (`./--output=.env`, `x .env`): a glob that may match it is
 * judged by what that name makes of the command (see glob-names.ts). A write under /dev
 * (`2>/dev/null`) creates no file.
 */
export function mayHaveCreated(
  units: readonly PendingUnit[],
  self: PendingUnit,
  folder: string | null,
  before = true,
): boolean {
  for (const unit of units) {
    if (unit === self || sameCommand(unit, self)) continue;
    // `before`: only what runs before its words are globbed, a substitution in them included
    // (`git log * $(touch ./--x)`); a pipeline's later commands are judged with `this.again`.
    if (before && unit.pos >= self.end) continue;
    // What an unproven unit writes is not known; a wrapper's inner command (`xargs rm`,
    // `sudo tee f`) and a computed word keep their paths.
    if (
      unit.sentinel !== null &&
      unit.sentinel !== SENTINELS.indirectionWrapper &&
      unit.sentinel !== SENTINELS.computedWord
    ) {
      return true;
    }
    for (const path of writtenBy(unit)) {
      if (path.access === "read" || removes(unit, path)) continue;
      const text = path.path ?? path.glob;
      if (text === null) return true;
      if (text.startsWith("/dev/")) continue;
      if (folder === null || path.path === null) return true;
      const inside = folder.endsWith("/") ? folder : `${folder}/`;
      if (!text.startsWith(inside)) continue;
      // A redirect creates no folder: one below `folder` adds no name to it.
      if (path.via === "redirect" && text.slice(inside.length).includes("/")) continue;
      return true;
    }
  }
  return false;
}
