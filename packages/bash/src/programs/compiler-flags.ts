import type { Word } from "../read/words.ts";
import type { PathAccess } from "../types.ts";

/**
 * One reading of GCC's and Clang's driver flags, wherever they are written: on the compiler's
 * own command line (`gcc -include f x.c`), in a flags variable build tools hand the compiler
 * (`CFLAGS`, `LDFLAGS`, `CGO_CFLAGS`, …), in cmake's flag variables (`-DCMAKE_C_FLAGS=…`,
 * `-DCMAKE_C_COMPILER_ARG1=…`) or in make's and configure's `CFLAGS=…` operands. Each flag
 * says what its value is to the compiler: a file it reads or writes, a folder it searches, a
 * folder it takes its passes from, a file of code or of more flags, a program every pass runs
 * through, or flags it hands on to the linker, the assembler or the preprocessor.
 */
export type FlagEffect =
  /** A file the compiler reads (`-include F`, `-imacros F`, a linker script `-T F`). */
  | "read"
  /** A file it writes (`-o F`, `-MF F`, `-aux-info F`). */
  | "write"
  /** A folder it searches for headers or libraries (`-I D`, `-L D`, `--sysroot D`). */
  | "folder"
  /** A folder or a program it runs passes from (`-B D`, `--gcc-toolchain=D`, `--ld-path=P`). */
  | "programs"
  /** A file of code or of more flags nobody read (`-fplugin=F`, `-specs=F`, `@F`). */
  | "code"
  /** `PROG,ARG,…`: every pass runs through this program (`-wrapper`). */
  | "wrapper"
  /** Flags handed on (`-Wl,…`/`-Xlinker`, `-Wa,…`/`-Xassembler`, `-Wp,…`/`-Xpreprocessor`). */
  | "linker"
  | "assembler"
  | "preprocessor"
  /** A flag of Clang's compiler proper (`-Xclang -load -Xclang F` loads F). */
  | "frontend"
  /**
   * More driver flags, split at blanks (`-fcompare-debug=OPTS` compiles again with OPTS,
   * clang's `-Xarch_host F`/`-Xopenmp-target F` hand F to the driver).
   */
  | "driver"
  /**
   * A macro definition (`-D NAME=BODY`): its body is put into the code compiled, so a body that
   * is more than an inert value is code from the command text (see {@link inertDefinition}).
   */
  | "macro"
  /** A make target written into the dependency output (`-MT T`, `-MQ T`). */
  | "target"
  /** The program the linked output starts before its own code (ld's `--dynamic-linker`). */
  | "interpreter"
  /** A linker symbol assignment (`--defsym SYM=EXPR`): SYM may become another function. */
  | "symbol"
  /** A value that names no file (a language, a library name). */
  | "value";

/** How a flag takes its value: the next word, glued on, after `=`, or after a comma. */
type Form = "separate" | "joined" | "both" | "equals" | "equals-or-separate" | "commas";

interface Flag {
  readonly effect: FlagEffect;
  readonly form: Form;
}

const flag = (effect: FlagEffect, form: Form): Flag => ({ effect, form });

/**
 * The driver's flags with a value (gcc's manual, "Option Summary"; clang's `--help`). A flag
 * not here takes no value of its own; a path-shaped value glued to one (`-fprofile-use=/x`)
 * is still a file it may open (see {@link compilerFlagEffects}).
 */
const DRIVER_FLAGS: ReadonlyMap<string, Flag> = new Map([
  ["-o", flag("write", "both")],
  ["-include", flag("read", "both")],
  ["-imacros", flag("read", "both")],
  ["-T", flag("read", "both")],
  ["-MF", flag("write", "both")],
  ["-aux-info", flag("write", "separate")],
  ["-dumpdir", flag("write", "separate")],
  ...["-I", "-L", "-F", "-isystem", "-iquote", "-idirafter", "-iprefix", "-iwithprefix"].map(
    (name) => [name, flag("folder", "both")] as const,
  ),
  ...["-iwithprefixbefore", "-isysroot", "-imultilib", "-iframework", "-cxx-isystem"].map(
    (name) => [name, flag("folder", "both")] as const,
  ),
  ["--sysroot", flag("folder", "equals-or-separate")],
  ["-B", flag("programs", "both")],
  ["--prefix", flag("programs", "equals-or-separate")],
  ["--gcc-toolchain", flag("programs", "equals-or-separate")],
  ["--gcc-install-dir", flag("programs", "equals")],
  ["--ld-path", flag("programs", "equals")],
  ["-iplugindir", flag("programs", "equals")],
  ["-specs", flag("code", "equals-or-separate")],
  ["--specs", flag("code", "equals-or-separate")],
  ["-fplugin", flag("code", "equals")],
  ["-fpass-plugin", flag("code", "equals")],
  ["-load", flag("code", "equals-or-separate")],
  // A linker's plugin, for the flags variables some makefiles hand to ld itself (`$(LD)
  // $(LDFLAGS)`); gcc refuses it.
  ["-plugin", flag("code", "equals-or-separate")],
  ["--plugin", flag("code", "equals-or-separate")],
  ["-wrapper", flag("wrapper", "equals-or-separate")],
  ["-Wl", flag("linker", "commas")],
  ["-Xlinker", flag("linker", "separate")],
  ["-Wa", flag("assembler", "commas")],
  ["-Xassembler", flag("assembler", "separate")],
  ["-Wp", flag("preprocessor", "commas")],
  ["-Xpreprocessor", flag("preprocessor", "separate")],
  ["-Xclang", flag("frontend", "separate")],
  // gcc compiles a second time with -fcompare-debug's words (R24 gcc-compare-debug, traced:
  // `-fcompare-debug='-wrapper git,push,origin'` ran git push origin around cc1); gcc also
  // spells any `-fNAME` as `--NAME` (see {@link readFlag}).
  ["-fcompare-debug", flag("driver", "equals")],
  ...["-Xarch_host", "-Xarch_device", "-Xopenmp-target"].map(
    (name) => [name, flag("driver", "separate")] as const,
  ),
  // gcc's long spellings of its own flags (gcc.cc option_map).
  ["--for-linker", flag("linker", "equals-or-separate")],
  ["--for-assembler", flag("assembler", "equals-or-separate")],
  ["--output", flag("write", "equals-or-separate")],
  ["--dumpdir", flag("write", "equals-or-separate")],
  ...["--include", "--imacros"].map((name) => [name, flag("read", "equals-or-separate")] as const),
  ...["--include-directory", "--include-directory-after", "--library-directory"].map(
    (name) => [name, flag("folder", "equals-or-separate")] as const,
  ),
  ...["--include-prefix", "--include-with-prefix", "--include-with-prefix-before"].map(
    (name) => [name, flag("folder", "equals-or-separate")] as const,
  ),
  ["--include-with-prefix-after", flag("folder", "equals-or-separate")],
  ["-D", flag("macro", "both")],
  ["--define-macro", flag("macro", "equals-or-separate")],
  // gcc takes any unique prefix of a long option before a separate value (gcc.cc option_map;
  // checked with gcc 12: `--def X=4` defined X, `--def=X` was no option).
  ...["--def", "--defi", "--defin", "--define", "--define-", "--define-m", "--define-ma"].map(
    (name) => [name, flag("macro", "separate")] as const,
  ),
  ...["--define-mac", "--define-macr"].map((name) => [name, flag("macro", "separate")] as const),
  ["-MT", flag("target", "both")],
  ["-MQ", flag("target", "both")],
  ...["-U", "-x", "-l", "-u", "-z", "-e", "-A", "-G"].map(
    (name) => [name, flag("value", "both")] as const,
  ),
  ...["--param", "-target", "-arch", "-mllvm", "-dumpbase", "-Xcuda-ptxas"].map(
    (name) => [name, flag("value", "separate")] as const,
  ),
]);

/** The linker's flags with a value (GNU ld, gold, lld, mold), as `-Wl,` and `-Xlinker` pass them. */
const LINKER_FLAGS: ReadonlyMap<string, Flag> = new Map([
  // lld's LLVM pass plugins and ld64's LTO library load code too.
  ...["-plugin", "--plugin", "--load-pass-plugin", "-lto_library"].map(
    (name) => [name, flag("code", "equals-or-separate")] as const,
  ),
  ...["-T", "--script", "-dT", "--default-script"].map(
    (name) => [name, flag("read", "equals-or-separate")] as const,
  ),
  ...["--version-script", "--dynamic-list", "--retain-symbols-file", "-R", "--just-symbols"].map(
    (name) => [name, flag("read", "equals-or-separate")] as const,
  ),
  ...["-Map", "--Map", "-o", "--output", "--out-implib", "--dependency-file"].map(
    (name) => [name, flag("write", "equals-or-separate")] as const,
  ),
  ...["-L", "--library-path", "--sysroot", "-rpath", "-rpath-link"].map(
    (name) => [name, flag("folder", "equals-or-separate")] as const,
  ),
  ...["-e", "--entry", "-u", "--undefined", "--wrap", "-soname", "-h", "-z", "-m", "-l"].map(
    (name) => [name, flag("value", "equals-or-separate")] as const,
  ),
  // GNU ld's `-I` is its `--dynamic-linker`; the kernel starts that program for the output.
  ...["--dynamic-linker", "-dynamic-linker"].map(
    (name) => [name, flag("interpreter", "equals-or-separate")] as const,
  ),
  ["-I", flag("interpreter", "both")],
  // ld takes unique prefixes of its long options; `--defs` is the shortest of --defsym's.
  ...["--defsym", "-defsym", "--defsy", "--defs"].map(
    (name) => [name, flag("symbol", "equals-or-separate")] as const,
  ),
]);

/** The assembler's (GNU as): `-o`, `--MD` write, `-I` searches; `-a…=F` writes a listing. */
const ASSEMBLER_FLAGS: ReadonlyMap<string, Flag> = new Map([
  ["-o", flag("write", "separate")],
  ["--MD", flag("write", "separate")],
  ["-I", flag("folder", "both")],
]);

/** The preprocessor's own (cc1 -E): the driver's, and `-MD F`/`-MMD F` write F. */
const PREPROCESSOR_FLAGS: ReadonlyMap<string, Flag> = new Map([
  ...DRIVER_FLAGS,
  ["-MD", flag("write", "separate")],
  ["-MMD", flag("write", "separate")],
]);

/** Clang's compiler proper: `-load F`, `-plugin N`, `-add-plugin N` load plugin code. */
const FRONTEND_FLAGS: ReadonlyMap<string, Flag> = new Map([
  ...DRIVER_FLAGS,
  ["-plugin", flag("code", "separate")],
  ["-add-plugin", flag("code", "separate")],
  ["-load-pass-plugin", flag("code", "separate")],
]);

/** A file a flag names, with what the compiler (or a pass) does to it. */
export interface FlagFile {
  readonly text: string;
  readonly access: PathAccess;
}

/** What a list of driver flags makes the compiler open and run. */
export interface FlagEffects {
  /** Files and folders named (a folder searched or run from is read). */
  readonly files: FlagFile[];
  /** The program words of each `-wrapper PROG,ARG,…`: run around every pass. */
  readonly runs: string[][];
  /** The flags that load code or take programs from a file or folder nobody read. */
  readonly code: string[];
  /**
   * The flags that put code from the command text into what the compiler writes (S34
   * compiler-macro-code): a macro whose body is more than an inert value, a make target that
   * is more than a name, a dynamic linker, a symbol made another function. Nothing runs now;
   * the output is code the string wrote.
   */
  readonly injects: string[];
}

/** One flag as read: its name in the table, its value, how many words it took. */
interface Reading {
  readonly flag: Flag | null;
  readonly name: string;
  readonly value: string | null;
  readonly taken: number;
}

/**
 * The driver flag at `words[i]`: what its value is to the compiler (null for a flag with no
 * value, or no flag), the value, and how many words it takes (2 when the value is the next).
 */
export function driverFlag(
  words: readonly string[],
  i: number,
): { effect: FlagEffect | null; value: string | null; taken: number } {
  const reading = readFlag(words, i, DRIVER_FLAGS);
  return { effect: reading.flag?.effect ?? null, value: reading.value, taken: reading.taken };
}

/** The flag at `words[i]` as `table` reads it (taking the next word where it takes one). */
function readFlag(words: readonly string[], i: number, table: ReadonlyMap<string, Flag>): Reading {
  const text = words[i] as string;
  const exact = table.get(text);
  if (exact !== undefined) {
    if (exact.form === "joined" || exact.form === "equals" || exact.form === "commas") {
      return { flag: exact, name: text, value: null, taken: 1 };
    }
    return { flag: exact, name: text, value: words[i + 1] ?? null, taken: 2 };
  }
  const equals = text.indexOf("=");
  if (equals > 0) {
    const named = table.get(text.slice(0, equals));
    if (named !== undefined && /equals/.test(named.form)) {
      return { flag: named, name: text.slice(0, equals), value: text.slice(equals + 1), taken: 1 };
    }
  }
  // gcc reads `--NAME=V` as `-fNAME=V` when no long option of its own is NAME (opts-common.cc:
  // `--compare-debug=OPTS`, `--plugin=F`).
  if (equals > 2 && text.startsWith("--")) {
    const named = table.get(`-f${text.slice(2, equals)}`);
    if (named !== undefined && /equals/.test(named.form)) {
      return { flag: named, name: text.slice(0, equals), value: text.slice(equals + 1), taken: 1 };
    }
  }
  const comma = text.indexOf(",");
  if (comma > 0) {
    const named = table.get(text.slice(0, comma));
    if (named?.form === "commas") {
      return { flag: named, name: text.slice(0, comma), value: text.slice(comma + 1), taken: 1 };
    }
  }
  // A value glued to the flag (`-include/x`, `-B/x`, `-MFdeps`, `-Tlink.ld`): the longest
  // name that takes one.
  let best: Reading | null = null;
  for (const [name, known] of table) {
    if (known.form !== "joined" && known.form !== "both") continue;
    if (text.length <= name.length || !text.startsWith(name)) continue;
    if (best === null || name.length > best.name.length) {
      best = { flag: known, name, value: text.slice(name.length), taken: 1 };
    }
  }
  return best ?? { flag: null, name: text, value: null, taken: 1 };
}

/**
 * What the driver flags `words` (one word each, as the compiler gets them) make it open and
 * run: the files and folders their values name, `-wrapper` programs, and the flags that load
 * code. A flag no table knows still names the file a path-shaped value glued to it spells
 * (`-fprofile-use=/x`, `-fsanitize-ignorelist=../x`), of unknown direction; an operand that is
 * no flag is a source or an object the compiler reads.
 */
export function compilerFlagEffects(words: readonly string[]): FlagEffects {
  const effects: FlagEffects = { files: [], runs: [], code: [], injects: [] };
  // Preprocessing only (`-E`, `-M`, `-MM`), the output is the source text with the macros
  // put in: whatever reads it (`sh w`) reads a macro's body in its own grammar.
  const textOut = words.some((word) => /^-(E|M|MM)$/.test(word));
  readList(words, DRIVER_FLAGS, effects, textOut);
  return effects;
}

function readList(
  words: readonly string[],
  table: ReadonlyMap<string, Flag>,
  effects: FlagEffects,
  textOut = false,
): void {
  const handed: Record<"linker" | "assembler" | "preprocessor" | "frontend", string[]> = {
    linker: [],
    assembler: [],
    preprocessor: [],
    frontend: [],
  };
  for (let i = 0; i < words.length; ) {
    const text = words[i] as string;
    if (text.startsWith("@") && text.length > 1) {
      // A response file: its words are more flags (libiberty's and LLVM's expansion).
      effects.files.push({ text: text.slice(1), access: "read" });
      effects.code.push(text);
      i++;
      continue;
    }
    const reading = readFlag(words, i, table);
    i += reading.taken;
    const value = reading.value;
    if (reading.flag === null) {
      if (!text.startsWith("-") || text === "-") {
        if (text !== "-" && text !== "") effects.files.push({ text, access: "read" });
        continue;
      }
      // `-fuse-ld=/x` runs that linker; `-fuse-ld=lld` one the driver finds.
      if (/^--?fuse-ld=.*\//.test(text)) {
        effects.files.push({ text: text.slice(text.indexOf("=") + 1), access: "read" });
        effects.code.push(text);
        continue;
      }
      for (const piece of text.split(/[=,:]/).slice(1)) {
        if (/\/|^~/.test(piece)) effects.files.push({ text: piece, access: "read_write" });
      }
      continue;
    }
    if (value === null) {
      // A flag that loads code or runs programs, its value past the end: unknown all the same.
      if (/^(code|programs|wrapper)$/.test(reading.flag.effect)) effects.code.push(text);
      continue;
    }
    switch (reading.flag.effect) {
      case "read":
      case "write":
        effects.files.push({ text: value, access: reading.flag.effect });
        break;
      case "folder":
        effects.files.push({ text: value, access: "read" });
        break;
      case "programs":
      case "code":
        effects.files.push({ text: value, access: "read" });
        effects.code.push(reading.taken === 2 ? `${reading.name} ${value}` : text);
        break;
      case "wrapper": {
        const program = value.split(",").filter((word) => word !== "");
        if (program.length > 0) effects.runs.push(program);
        break;
      }
      case "driver":
        // Split at blanks and tabs only, as gcc splits -fcompare-debug's (no quoting).
        readList(
          value.split(/\s+/).filter((word) => word !== ""),
          DRIVER_FLAGS,
          effects,
          textOut || value.split(/\s+/).some((word) => /^-(E|M|MM)$/.test(word)),
        );
        break;
      case "linker":
      case "assembler":
      case "preprocessor":
      case "frontend":
        handed[reading.flag.effect].push(
          ...(reading.flag.form === "commas" ? value.split(",") : [value]),
        );
        break;
      case "macro":
        if (!inertDefinition(value, textOut)) effects.injects.push(value);
        break;
      case "target":
        if (value.includes("/")) effects.files.push({ text: value, access: "read_write" });
        // A target is written as is into the dependency rules: anything but a file name is
        // make (or shell) syntax there (`-MT 'x: ; git push'`).
        if (!/^[\w./+-]+$/.test(value)) effects.injects.push(value);
        break;
      case "interpreter":
        effects.files.push({ text: value, access: "read" });
        effects.injects.push(value);
        break;
      case "symbol":
        // `--defsym=puts=system` (checked with gcc 12 and ld 2.40, -static): the project's
        // puts("…") ran its text as a shell command.
        if (identifiers(value).some((name) => RUNS_OR_LOADS.test(name))) {
          effects.injects.push(value);
        }
        break;
      case "value":
        if (value.includes("/")) effects.files.push({ text: value, access: "read_write" });
        break;
    }
  }
  if (handed.linker.length > 0) readList(handed.linker, LINKER_FLAGS, effects);
  if (handed.assembler.length > 0) readList(handed.assembler, ASSEMBLER_FLAGS, effects);
  if (handed.preprocessor.length > 0) {
    readList(handed.preprocessor, PREPROCESSOR_FLAGS, effects, textOut);
  }
  if (handed.frontend.length > 0) readList(handed.frontend, FRONTEND_FLAGS, effects, textOut);
}

/**
 * C library functions that run a program, load code, assemble inline code or remove and move
 * files: a macro or a linker symbol that turns a project's call into one of them
 * (`-Dputs=system`, `-Dfopen=popen`) makes the project's text a command.
 */
const RUNS_OR_LOADS =
  /^(_*w?system|_*w?popen|_*w?exec[lv]p?e?|execvpe|fexecve|posix_spawnp?|_*w?spawn[lv]p?e?|dlopen|dlmopen|wordexp|asm|__asm|__asm__|ShellExecute\w*|CreateProcess\w*|WinExec|LoadLibrary\w*|remove|unlink|unlinkat|rmdir|rename|renameat2?|truncate)$/;

/** The identifiers of a text (outside string literals too: only a screen for names). */
function identifiers(text: string): string[] {
  return text.match(/[A-Za-z_$][\w$]*/g) ?? [];
}

/** A macro's name: an identifier, with a parameter list for a function-like macro. */
const MACRO_NAME = /^[A-Za-z_$][\w$]*(\([\w$\s,.]*\))?$/;

/** One token of a macro body, as the preprocessor splits it (pp-numbers, literals, names). */
const BODY_TOKEN =
  /\s+|(?<string>(?:u8|u|U|L)?"(?:[^"\\\n]|\\[^\n])*")|(?<char>(?:u8|u|U|L)?'(?:[^'\\\n]|\\[^\n])*')|(?<number>\.?[0-9](?:[eEpP][+-]|[\w.])*)|(?<name>[A-Za-z_$][\w$]*)|(?<punct>[-+*/%()<>|&^~!=?:,])/y;

/**
 * Whether a `-D` definition (`NAME`, `NAME=BODY`, `NAME(ARGS)=BODY`) only gives a value: an
 * empty body, a number or an arithmetic of numbers, one or more adjacent string literals, one
 * character literal, or one identifier that names no function of {@link RUNS_OR_LOADS}
 * (`-DNDEBUG`, `-DDEBUG=1`, `-DVERSION="1.2"`, `-DPLATFORM=linux`). Anything else is code from
 * the command text (S34 compiler-macro-code, traced: `-Dabort='x(void); int main(){return
 * system("git push origin main");} void y'` with `-include stdlib.h` built a main that ran
 * git push). Without `=` gcc defines the whole word with the body 1, so a blank or a brace
 * there is code too. Preprocessing only (`textOut`), the output is read by some other grammar
 * (`sh w`): only a number is inert there.
 */
export function inertDefinition(text: string, textOut = false): boolean {
  const equals = text.indexOf("=");
  const name = equals === -1 ? text : text.slice(0, equals);
  if (!MACRO_NAME.test(name)) return false;
  if (equals === -1) return true;
  const body = text.slice(equals + 1);
  // A function-like macro's parameters stand for the project's own words where it is used.
  const params = identifiers(/\((.*)\)/.exec(name)?.[1] ?? "");
  // Trigraphs, comments and line breaks change what the tokens are.
  if (/\?\?|\/[/*]|[\n\r]/.test(body)) return false;
  const kinds: string[] = [];
  BODY_TOKEN.lastIndex = 0;
  while (BODY_TOKEN.lastIndex < body.length) {
    const found = BODY_TOKEN.exec(body);
    if (found === null) return false;
    const kind = Object.entries(found.groups ?? {}).find(([, value]) => value !== undefined);
    if (kind === undefined) continue;
    if (kind[0] === "name" && RUNS_OR_LOADS.test(kind[1] as string)) return false;
    kinds.push(kind[0] === "name" && params.includes(kind[1] as string) ? "operand" : kind[0]);
  }
  if (kinds.length === 0) return true;
  if (textOut) return kinds.length === 1 && kinds[0] === "number";
  if (kinds.every((kind) => kind === "string")) return true;
  if (kinds.length === 1 && /^(char|name)$/.test(kinds[0] as string)) return true;
  // Arithmetic of numbers (and of a function-like macro's parameters) calls nothing.
  return (
    kinds.some((kind) => kind === "number" || kind === "operand") &&
    kinds.every((kind) => kind === "number" || kind === "operand" || kind === "punct")
  );
}

/** Compilers whose `-D` defines a C preprocessor (or assembler) macro. */
const MACRO_DRIVERS =
  /^((gcc|g\+\+|cc|c\+\+|c89|c99|c11|c17|c2x|c23|cpp|clang|clang\+\+|clang-cpp|tcc|icc|icx|icpx|dpcpp|pcc|owcc|nvcc|gccgo|gdc|gm2|musl-gcc|musl-clang|gfortran|emcc|em\+\+|nasm|yasm|ghc|zig)(-[0-9.]+)?|[\w-]+-(gcc|g\+\+|cc|c\+\+|gfortran|cpp)(-[0-9.]+|-win32|-posix)?)$/;

/** Compiler caches and distributors: the compiler and its flags follow (or flags alone). */
const COMPILER_WRAPPERS = /^(ccache|sccache|distcc|icecc|buildcache)$/;

/**
 * The flags of a compiler command line (the program first, as run) that put code from the
 * command text into what it writes (see {@link FlagEffects.injects}); none for a compiler whose
 * `-D` is no C macro (`rustc -D warnings`).
 */
export function compilerInjections(executed: readonly string[]): string[] {
  const base = (word: string | undefined) => word?.slice(word.lastIndexOf("/") + 1) ?? "";
  let start = 1;
  if (COMPILER_WRAPPERS.test(base(executed[0]))) {
    // `ccache gcc …`; with flags first the cache runs its default compiler (`distcc -c x.c`).
    if (executed[1] !== undefined && !executed[1].startsWith("-")) {
      if (!MACRO_DRIVERS.test(base(executed[1]))) return [];
      start = 2;
    }
  } else if (!MACRO_DRIVERS.test(base(executed[0]))) {
    return [];
  }
  return compilerFlagEffects(executed.slice(start)).injects;
}

/**
 * A flags value as the words the compiler gets: split at blanks, each `'…'`/`"…"` run kept
 * together and unquoted (the build tool's own splitting: cmake's, make's shell, the cc
 * crate's). A value a shell may read as more than words is {@link shellSyntax}'s.
 */
export function flagWords(text: string): string[] {
  const words: string[] = [];
  let current = "";
  let started = false;
  let quote: string | null = null;
  const chars = [...text];
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] as string;
    // A backslash escapes the next character as sh reads it (make's recipes and cmake's
    // generated makefiles paste the flags into `sh -c`; R24 gcc-compare-debug, traced:
    // `CFLAGS='-fcompare-debug=-wrapper\ git,push,origin' cmake .` compiled with one word
    // `-fcompare-debug=-wrapper git,push,origin`); within double quotes only before
    // `$`, a backquote, `"`, `\` or a line break.
    if (char === "\\" && quote !== "'" && i + 1 < chars.length) {
      const next = chars[i + 1] as string;
      if (quote === null || /[$`"\\\n]/.test(next)) {
        i++;
        if (next !== "\n") {
          current += next;
          started = true;
        }
        continue;
      }
    }
    if (quote !== null) {
      if (char === quote) quote = null;
      else current += char;
      continue;
    }
    if (char === "'" || char === '"') {
      quote = char;
      started = true;
      continue;
    }
    if (/\s/.test(char)) {
      if (started) words.push(current);
      current = "";
      started = false;
      continue;
    }
    current += char;
    started = true;
  }
  if (started) words.push(current);
  return words;
}

/**
 * Whether a flags value holds shell syntax beyond words: make's recipes and the makefiles cmake
 * generates for its compiler checks run the compile line through `/bin/sh -c` with the flags
 * pasted in (traced: `CFLAGS='x;git push origin' cmake .` ran git push), so `;`, `|`, `&`,
 * `<`, `>`, a backquote, `$(`, `$[`, a `${…}` that is more than a name, or a line break there
 * is a command line of its own. A plain `$NAME` or `${NAME}` (`-Wl,-rpath,$ORIGIN`) only
 * expands to a value, which the shell splits but never runs.
 */
export function shellSyntax(text: string): boolean {
  return /[;&|<>`\n]|\$[([]|\$\{(?![A-Za-z_][A-Za-z0-9_]*\})/.test(text);
}

/**
 * cmake variables whose value is a program (and its first words, a `;` list) cmake starts with
 * no shell: the compiler itself, launchers before each compile or link, checkers, the tools
 * its rule lines name (`CMAKE_AR`, `CMAKE_LINKER`, …) and the emulator it runs every test and
 * `try_run` through (R24 cmake-emulator, traced: `-DCMAKE_CROSSCOMPILING_EMULATOR='git;push;
 * origin'` made ctest run `git push origin /repo/x`). Read by the name's ending, so a language
 * or a tool cmake adds later is one too.
 */
const CMAKE_PROGRAM_VARIABLE =
  /(?:^|_)(?:COMPILER|LAUNCHER|EMULATOR|CLANG_TIDY|CPPCHECK|CPPLINT|INCLUDE_WHAT_YOU_USE|ICSTAT|LINK_WHAT_YOU_USE_CHECK|COMPILER_AR|COMPILER_RANLIB)$|^CMAKE_(?:AR|RANLIB|LINKER|NM|OBJCOPY|OBJDUMP|STRIP|ADDR2LINE|READELF|DLLTOOL|MT|INSTALL_NAME_TOOL|OSX_DEPLOYMENT_TOOL)$/;

/**
 * cmake variables whose words it pastes into compile and link lines: the flags variables,
 * `CMAKE_<LANG>_COMPILER_ARG1` (the legacy first words of the compiler: R21 cmake-arg1,
 * traced), `CMAKE_<LANG>_STANDARD_LIBRARIES` (appended unquoted to every link line: R24
 * cmake-standard-libraries, traced), the target, toolchain and sysroot it adds as options, and
 * the include folders and definitions it adds.
 */
const CMAKE_FLAGS_VARIABLE =
  /^CMAKE_[A-Za-z0-9_]*FLAG|^CMAKE_[A-Za-z0-9_]+_(?:COMPILER_ARG1|STANDARD_LIBRARIES|STANDARD_INCLUDE_DIRECTORIES|COMPILER_TARGET|COMPILER_EXTERNAL_TOOLCHAIN|LINK_OPTIONS[A-Za-z0-9_]*|COMPILE_OPTIONS[A-Za-z0-9_]*|IMPLICIT_LINK_LIBRARIES)$|^CMAKE_SYSROOT(?:_COMPILE|_LINK)?$/;

/**
 * cmake's rule variables: each a `;` list of command lines with `<PLACEHOLDER>`s, which the
 * generated makefiles run through `sh -c` for every compile, link or archive step
 * (`CMAKE_C_COMPILE_OBJECT`, `CMAKE_CXX_LINK_EXECUTABLE`, `CMAKE_C_CREATE_SHARED_LIBRARY`,
 * `CMAKE_C_ARCHIVE_CREATE`, …); a `-D` one replaces the default line.
 */
const CMAKE_RULE_VARIABLE =
  /^CMAKE_[A-Za-z0-9_]+_(?:COMPILE_OBJECT|CREATE_[A-Za-z0-9_]+|LINK_EXECUTABLE[A-Za-z0-9_]*|ARCHIVE_(?:CREATE|APPEND|FINISH)[A-Za-z0-9_]*|DEVICE_LINK_[A-Za-z0-9_]+|[A-Za-z0-9_]*_WITH_LINKER)$/;

/** One `-D NAME[:TYPE]=VALUE` of a cmake command line. */
export interface CmakeDefine {
  /** The word after `-D` (the `-D` cut off when glued). */
  readonly word: Word;
  /** The variable's name, or null when the word is not `NAME=VALUE` as written. */
  readonly name: string | null;
  readonly value: string;
  /**
   * A program list, compiler flags, rule command lines, words that may still reach a command
   * line (any other variable whose value has a blank or a `;`: a project may paste it into
   * its own compile options or commands), or another variable.
   */
  readonly kind: "program" | "flags" | "rule" | "words" | null;
}

/**
 * A cache entry as cmake parses it (cmState::ParseCacheEntry): `NAME=VALUE`, `NAME:TYPE=VALUE`
 * (the type may be empty: `NAME:=VALUE`), `"NAME"=VALUE` and `"NAME":TYPE=VALUE`; trailing
 * blanks of the value are dropped, and one pair of enclosing single quotes (R24
 * cmake-define-spelling, traced: `-DCMAKE_C_COMPILER:=git` and `-D"CMAKE_C_COMPILER"=git` set
 * the compiler).
 */
function cacheEntry(text: string): { name: string; value: string } | null {
  const found =
    /^"([^"]*)":[^=]*=(.*)$/s.exec(text) ??
    /^([^=:]*):[^=]*=(.*)$/s.exec(text) ??
    /^"([^"]*)"=(.*)$/s.exec(text) ??
    /^([^=]*)=(.*)$/s.exec(text);
  if (found === null) return null;
  let value = (found[2] as string).replace(/[\r\t ]+$/, "");
  if (value.length >= 2 && value.startsWith("'") && value.endsWith("'")) {
    value = value.slice(1, -1);
  }
  return { name: found[1] as string, value };
}

/** How cmake reads a variable's value (see {@link CmakeDefine}'s kind). */
function cmakeKind(name: string, value: string): CmakeDefine["kind"] {
  if (CMAKE_PROGRAM_VARIABLE.test(name)) return "program";
  if (CMAKE_FLAGS_VARIABLE.test(name)) return "flags";
  if (CMAKE_RULE_VARIABLE.test(name)) return "rule";
  return /[\s;]/.test(value) ? "words" : null;
}

/** The `-D` definitions of a cmake command line (up to `--` or `-E`). */
export function cmakeDefines(words: readonly Word[]): CmakeDefine[] {
  const defines: CmakeDefine[] = [];
  for (let i = 1; i < words.length; i++) {
    const word = words[i] as Word;
    if (word.text === "--" || word.text === "-E") break;
    if (!word.text.startsWith("-D")) continue;
    const define = word.text === "-D" ? words[++i] : { ...word, text: word.text.slice(2) };
    if (define === undefined) break;
    const entry = cacheEntry(define.text);
    const name = entry?.name ?? null;
    const value = entry?.value ?? "";
    const kind = name === null ? null : cmakeKind(name, value);
    defines.push({ word: define, name, value, kind });
  }
  return defines;
}

/** The files cmake's flag definitions name (`-DCMAKE_C_FLAGS='-include F'` reads F). */
export function cmakeFlagFiles(words: readonly Word[]): FlagFile[] {
  return cmakeDefines(words)
    .filter((define) => define.kind === "flags" && define.word.literal)
    .flatMap((define) => compilerFlagEffects(flagWords(define.value)).files);
}
