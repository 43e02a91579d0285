import {
  type CmakeDefine,
  compilerFlagEffects,
  type FlagEffects,
  flagWords,
  shellSyntax,
} from "../programs/compiler-flags.ts";
import { gitEnvInjection, gitEnvPaths, settingInjections } from "../programs/git.ts";
import {
  decodedPrompt,
  nodeOptionWords,
  npmSettingVariable,
  optionFileWords,
  optionVariableRuns,
  promptRuns,
} from "../programs/option-env.ts";
import { ownSettingUses } from "../programs/own-expansions.ts";
import { type PathUse, READERS } from "../programs/paths.ts";
import {
  RUSTC_FLAGS_VARIABLE,
  RUSTC_RUNNING_FLAGS,
  rustcFlagWords,
  rustcLinkRuns,
} from "../programs/rustc-flags.ts";
import { type Word, wordFromText } from "../read/words.ts";
import { ANY_NAME, holdsInteger } from "./evaluated.ts";
import { type ExpandEnv, expandWord, type Vars, writtenByBash } from "./expand.ts";
import { inertOutputOf } from "./inert-values.ts";

/**
 * Commands hidden in values: an environment variable or a git setting whose value another
 * program runs (`GIT_SSH_COMMAND="rm -rf ~" git fetch`), or code it loads
 * (`LD_PRELOAD=/tmp/x.so ls`). The analyzer lists each as a unit of its own, carrying the
 * opaque sentinel; a literal command value is analysed like a `bash -c` payload. git's own
 * variables and settings are in git.ts's table of executor surfaces.
 */

/** Variables whose value some program runs as a command line (git's are in git.ts). */
const COMMAND_VARIABLES = new Set([
  "SSH_ASKPASS",
  "SUDO_ASKPASS",
  "PAGER",
  "MANPAGER",
  "EDITOR",
  "VISUAL",
  "PROMPT_COMMAND",
  "LESSOPEN",
  "LESSCLOSE",
  // xdg-open and friends run $BROWSER; sudoedit $SUDO_EDITOR; fc $FCEDIT.
  "BROWSER",
  "SUDO_EDITOR",
  "FCEDIT",
  // rsync and cvs reach the remote through this command; cargo runs rustc through a wrapper.
  "RSYNC_RSH",
  "RSYNC_CONNECT_PROG",
  "CVS_RSH",
  "RUSTC_WRAPPER",
  "RUSTC_WORKSPACE_WRAPPER",
  "CARGO_BUILD_RUSTC_WRAPPER",
  "CARGO_BUILD_RUSTC_WORKSPACE_WRAPPER",
  "CARGO_BUILD_RUSTC",
  "RUSTC",
  "CARGO_BUILD_RUSTDOC",
  "RUSTDOC",
  // Pagers, editors and finders of particular tools: bat, fzf, kubectl edit, psql, systemctl,
  // gh, delta, the AWS CLI, hg, svn, cvs, tig.
  ...["BAT_PAGER", "FZF_DEFAULT_COMMAND", "KUBE_EDITOR", "PSQL_PAGER", "PSQL_EDITOR"],
  ...["SYSTEMD_PAGER", "SYSTEMD_EDITOR", "GH_PAGER", "GH_EDITOR", "GH_BROWSER", "DELTA_PAGER"],
  ...["AWS_PAGER", "HGEDITOR", "SVN_EDITOR", "CVSEDITOR", "TIG_EDITOR", "GLAB_PAGER"],
  "TERMINAL",
]);

/**
 * Variables build tools (make, pip, cargo's cc, configure) run as a compiler or linker. A bare
 * program name (`CC=clang`) is judged where the build runs; a value with a blank or a shell
 * character is a command line of its own (`CC='git push' pip install .`).
 */
const TOOL_VARIABLES = new Set([
  ...["CC", "CXX", "CPP", "LD", "AR", "AS", "FC", "F77", "NM", "RANLIB", "STRIP", "OBJCOPY"],
  ...["HOSTCC", "HOSTCXX", "CC_FOR_BUILD", "CXX_FOR_BUILD", "LDSHARED", "CCACHE_PREFIX"],
  // Programs shell scripts run by name and word-split: gzip's, xz's and zstd's front ends
  // (zgrep, xzdiff, zstdless, bzexe), gdb-add-index, OpenSSH's FIDO helper.
  ...["GREP", "EGREP", "FGREP", "DIFF", "CMP", "ZCAT", "ZSTD", "CPMOD", "GDB", "READELF"],
  ...["OBJDUMP", "SSH_SK_HELPER"],
]);

/**
 * Variables that only shell scripts read, each naming the program the script runs by it: the
 * grep, diff, cmp, zcat and zstd the front ends of gzip, bzip2, xz and zstd run (zgrep,
 * xzgrep, bzgrep, zstdgrep, zdiff, zcmp, bzdiff, xzdiff, …), gdb-add-index's, bzexe's and
 * OpenSSH's helpers. A bare name there is a program such a script starts, as `PAGER` is for
 * zmore (S27 script-env-program, traced: `GREP=rm zgrep x f` ran `rm -- x`, `DIFF=rm bzdiff a
 * b` ran `rm a b`, `ZCAT=rm zstdgrep x f` ran `rm -- f`).
 */
const SCRIPT_PROGRAM_VARIABLES: ReadonlySet<string> = new Set([
  ...["GREP", "EGREP", "FGREP", "DIFF", "CMP", "ZCAT", "ZSTD", "CPMOD", "GDB", "READELF"],
  ...["OBJDUMP", "SSH_SK_HELPER"],
]);

/**
 * The programs a build runs as its compiler, linker, archiver or assembler, with a target
 * prefix (`x86_64-linux-gnu-gcc`) or a version (`gcc-12`, `clang-17`), by name or from a
 * standard program folder: a build tool's variable naming one of these is judged where the
 * build runs (`CC=clang make`). configure's shell and the autotools are judged so only in
 * their own variables (`CC=sh make x.o` runs `sh -c -o x.o x.c`).
 */
const TOOLCHAIN_PROGRAM =
  /^(?:\/(?:usr\/(?:local\/)?)?s?bin\/)?(?:[A-Za-z0-9_]+(?:[.-][A-Za-z0-9_]+)*-)?(?:gcc|g\+\+|cc|c\+\+|c89|c99|cpp|clang|clang\+\+|clang-cpp|clang-cl|icc|icpc|icx|icpx|tcc|pcc|zig|gfortran|g77|f77|f95|flang(?:-new)?|nvcc|hipcc|emcc|em\+\+|ld(?:\.bfd|\.gold|\.lld)?|lld|ld64\.lld|mold|ar|as|nm|ranlib|strip|objcopy|objdump|readelf|llvm-[a-z]+|gcc-ar|gcc-nm|gcc-ranlib|ccache|sccache|distcc|icecc|nasm|yasm|windres|dlltool)(?:-[0-9][0-9.]*)?$/;
const SHELL_PROGRAM = /^(?:\/(?:usr\/(?:local\/)?)?bin\/)?(?:bash|sh|dash|ksh|zsh)$/;
const AUTOTOOL_VARIABLE =
  /^(?:AUTOCONF|AUTOHEADER|AUTOMAKE|ACLOCAL|AUTOM4TE|AUTOPOINT|AUTORECONF|LIBTOOLIZE|GTKDOCIZE|INTLTOOLIZE|M4)$/;
const AUTOTOOL_PROGRAM =
  /^(?:\/(?:usr\/(?:local\/)?)?bin\/)?(?:autoconf|autoheader|automake|aclocal|autom4te|autopoint|autoreconf|libtoolize|gtkdocize|intltoolize|m4|gm4)(?:-[0-9][0-9.]*)?$/;

/**
 * Whether a bare program name in a tool variable is a program of its own to judge: always for
 * a variable only scripts read (a grep or diff of theirs), and for a build tool's variable
 * whenever the name is no program of the kind the variable names (S27 wrapper-helper-env,
 * traced: `CC=rm dpkg-architecture -c ls` ran `rm -dumpmachine` before ls, since Dpkg::Arch
 * asks `$CC -dumpmachine`; a build runs `CC=./build.sh` as its compiler).
 */
function toolProgramRuns(name: string, text: string): boolean {
  if (text === "") return false;
  if (SCRIPT_PROGRAM_VARIABLES.has(name)) return true;
  if (name === "CONFIG_SHELL") return !SHELL_PROGRAM.test(text);
  if (AUTOTOOL_VARIABLE.test(name)) return !AUTOTOOL_PROGRAM.test(text);
  return !TOOLCHAIN_PROGRAM.test(text);
}

/**
 * More variables build tools run as a compiler, a shell or a helper, by name pattern: the cc
 * crate's per-target and per-side compilers (`CC_x86_64_unknown_linux_gnu`, `TARGET_CC`,
 * `HOST_CXX`), Python's C++ linker (`LDCXXSHARED`), configure's re-exec shell
 * (`CONFIG_SHELL`), autoreconf's tools (`AUTOCONF`, `AUTOMAKE`, `ACLOCAL`, `M4`, …) and
 * kubectl's diff program (M21 cmdenv-names, traced: `TARGET_CC='git push origin' cargo build`
 * runs git push).
 */
const TOOL_VARIABLE_PATTERN =
  /^(?:(?:TARGET|HOST)_(?:CC|CXX|AR|RANLIB)|(?:CC|CXX|AR|RANLIB)_[A-Za-z0-9_.-]+|LDCXXSHARED|ASM(?:[-_](?!DIALECT$|[A-Za-z0-9_-]*FLAGS$)[A-Za-z0-9_-]+)?|OBJC|OBJCXX|CUDACXX|HIPCXX|ISPC|CONFIG_SHELL|AUTOCONF|AUTOHEADER|AUTOMAKE|ACLOCAL|AUTOM4TE|AUTOPOINT|AUTORECONF|LIBTOOLIZE|GTKDOCIZE|INTLTOOLIZE|M4|KUBECTL_EXTERNAL_DIFF)$/;

/**
 * CMake's launchers from the environment (`CMAKE_C_COMPILER_LAUNCHER`, `…_LINKER_LAUNCHER`):
 * a `;`-separated list, its first element the program cmake starts (no shell) with the rest
 * as its first words, in front of every compile or link (M21 cmake-launcher, traced).
 */
const LAUNCHER_VARIABLE = /^CMAKE_[A-Za-z0-9_]+_(?:COMPILER|LINKER)_LAUNCHER$/;

/**
 * Compiler and linker flags from the environment (configure, cmake, pip, cargo's cc and go's
 * cgo read them): read with the one reading of the driver's flags (compiler-flags.ts), so
 * `-wrapper git,push,origin` starts `git push origin` around each compiler step, and
 * `-fplugin`, `-B`, `-specs`, a response file `@F` or a linker `--plugin` load code or
 * programs from a file (M21 cflags-wrapper, R21 cflags-atfile, traced). kbuild's `KCFLAGS`,
 * the `EXTRA_` forms and go's `CGO_` forms are the same flags.
 */
const FLAGS_VARIABLE =
  /^(?:(?:TARGET|HOST|CGO|EXTRA)_|K)?(?:C|CXX|CPP|LD|F|FC|OBJC|OBJCXX|CUDA|HIP|ASM|A)FLAGS(?:_[A-Za-z0-9_.-]+)?$/;

/**
 * Variables whose value is the compiler, linker or assembler a build tool runs, its words
 * first: make's and configure's `CC`, `CXX`, `LD`, `AR`, …, setuptools' `LDSHARED`, cmake's
 * `ASM` and `ASM<DIALECT>` (`ASM_NASM`), the cc crate's per-target forms, and cmake's
 * `CMAKE_<LANG>_COMPILER` read the same way.
 */
const COMPILER_PROGRAM_VARIABLE =
  /^(?:CC|CXX|CPP|LD|AR|AS|FC|F77|F90|F95|OBJC|OBJCXX|CUDACXX|HIPCXX|ISPC|LDSHARED|LDCXXSHARED|HOSTCC|HOSTCXX|ASM(?:[-_](?!DIALECT$|[A-Za-z0-9_-]*FLAGS$)[A-Za-z0-9_-]+)?|(?:TARGET|HOST)_(?:CC|CXX|AR)|(?:CC|CXX|AR)_[A-Za-z0-9_.-]+|CMAKE_[A-Za-z0-9_]+_COMPILER)$/;

/** Programs put in front of the compiler: cmake's launchers, ccache's prefix. */
const COMPILER_LAUNCHER_VARIABLE =
  /^(?:CMAKE_[A-Za-z0-9_]+_(?:COMPILER|LINKER)_LAUNCHER|CCACHE_PREFIX)$/;

/** Flags a build tool puts after the compiler's words (the flags variables, `ARFLAGS`, cmake's). */
function compilerFlagsVariable(name: string): boolean {
  return (
    FLAGS_VARIABLE.test(name) ||
    /^(?:AR|ASM[-_][A-Za-z0-9_-]+|HOSTC|HOSTCXX|HOSTLD)FLAGS$/.test(name) ||
    /^CMAKE_[A-Za-z0-9_]*FLAGS[A-Za-z0-9_]*$|^CMAKE_[A-Za-z0-9_]+_COMPILER_ARG1$/.test(name)
  );
}

/** Whether a variable is one part of a compiler line (see {@link compilerLines}). */
export function isCompilerLineVariable(name: string): boolean {
  return (
    COMPILER_PROGRAM_VARIABLE.test(name) ||
    COMPILER_LAUNCHER_VARIABLE.test(name) ||
    compilerFlagsVariable(name)
  );
}

/** At most this many joined compiler lines are listed for one command; past it, one ask. */
const MAX_COMPILER_LINES = 48;

/**
 * The command lines a build tool runs by joining a compiler program and the flags it appends
 * (R22 cmake-compiler-words, cmake-asm-env, traced: `CC=git CFLAGS='push origin' cmake .`
 * and `cmake -DCMAKE_C_COMPILER=git -DCMAKE_C_COMPILER_ARG1='push origin' .` ran
 * `git push origin CMakeCCompilerId.c`; `LDSHARED=git LDFLAGS='push origin' python3 setup.py
 * build` ran `git push origin x.o …`). Each carrier judged alone saw an allowed program and no
 * known flag. Which flags a tool appends, and in what order, differs by tool and by step, so
 * every program (a launcher, a compiler, a launcher then a compiler) is joined with all flags
 * carriers in the order given and with each one alone. `env` holds the command's environment
 * (a null value is only known at run time), `defines` cmake's `-D` definitions. A value only
 * known at run time where the other part is present may be any program line: one unit that
 * asks.
 */
export function compilerLines(
  env: readonly { name: string; value: Word | null }[],
  defines: readonly CmakeDefine[],
): Injection[] {
  const compilers: { name: string; value: Word; words: string[] }[] = [];
  const launchers: typeof compilers = [];
  const flags: typeof compilers = [];
  let unknown: { name: string; value: Word; flags: boolean } | null = null;
  const byName = (name: string) =>
    COMPILER_PROGRAM_VARIABLE.test(name)
      ? compilers
      : COMPILER_LAUNCHER_VARIABLE.test(name)
        ? launchers
        : compilerFlagsVariable(name)
          ? flags
          : null;
  // cmake's own reading of a `-D` (compiler-flags.ts): a launcher goes in front, any other
  // program (a checker, the emulator) is joined as a compiler is, and flags and words that may
  // reach a command line after it.
  const byKind = (define: CmakeDefine) =>
    define.kind === "program"
      ? /LAUNCHER$/.test(define.name ?? "")
        ? launchers
        : compilers
      : define.kind === "flags" || define.kind === "words"
        ? flags
        : null;
  const take = (
    name: string,
    value: Word | null,
    split: (text: string) => string[],
    into: typeof compilers | null,
  ) => {
    if (into === null) return;
    if (value === null || !value.literal) {
      const word = value ?? wordFromText(`$${name}`, { computed: true });
      unknown ??= { name, value: word, flags: into === flags };
      return;
    }
    const words = split(value.text).filter((word) => word !== "");
    if (words.length > 0) into.push({ name, value, words });
  };
  for (const { name, value } of env) take(name, value, flagWords, byName(name));
  for (const define of defines) {
    if (define.name === null) continue;
    const name = define.name;
    const listed = (text: string) => text.split(/[;\s]+/);
    if (!define.word.literal) take(name, null, listed, byKind(define));
    else
      take(
        name,
        { ...define.word, text: define.value },
        define.kind === "flags" ? flagWords : listed,
        byKind(define),
      );
  }
  const programs = compilers.length + launchers.length;
  // An unknown flags value beside a program, or an unknown program beside anything else.
  const partner = (unknown as { flags: boolean } | null)?.flags
    ? programs
    : programs + flags.length;
  if (unknown !== null && partner > 0) {
    const { name, value } = unknown as { name: string; value: Word };
    return [{ name, value, command: false }];
  }
  const heads = [...compilers, ...launchers].map((head) => ({ ...head }));
  for (const launcher of launchers) {
    for (const compiler of compilers) {
      heads.push({ ...launcher, words: [...launcher.words, ...compiler.words] });
    }
  }
  const lines: { name: string; value: Word; words: string[] }[] = [];
  const allFlags = flags.flatMap((carrier) => carrier.words);
  // With no flags, a launcher and a compiler are one line still (`…_LAUNCHER=git CC=push`).
  if (flags.length === 0) lines.push(...heads.slice(programs));
  else
    for (const head of heads) {
      lines.push({ ...head, words: [...head.words, ...allFlags] });
      if (flags.length > 1) {
        for (const carrier of flags)
          lines.push({ ...head, words: [...head.words, ...carrier.words] });
      }
    }
  // The programs the driver's own flags start (`ASM='gcc -wrapper git,push'`), on a program
  // value with words of its own and on each joined line.
  for (const line of [...heads, ...lines]) {
    if (line.words.length < 2) continue;
    for (const words of compilerFlagEffects(line.words.slice(1)).runs) {
      lines.push({ ...line, words: [...words] });
    }
  }
  const seen = new Set<string>();
  const found: Injection[] = [];
  for (const line of lines) {
    const key = line.words.join("\u0000");
    if (seen.has(key)) continue;
    seen.add(key);
    found.push({ name: line.name, value: line.value, command: false, program: line.words });
  }
  if (found.length > MAX_COMPILER_LINES) {
    const first = found[0] as Injection;
    return [{ name: first.name, value: first.value, command: false }];
  }
  return found;
}

/**
 * gcc's own folders of passes: `COMPILER_PATH` and `GCC_EXEC_PREFIX` are searched for cc1, as
 * and collect2 before the installed ones, as `-B` is.
 */
const PASS_FOLDER_VARIABLES: ReadonlySet<string> = new Set(["COMPILER_PATH", "GCC_EXEC_PREFIX"]);

/**
 * Variables the compiler driver itself reads as more of its own flags: gcc's
 * `GCC_COMPARE_DEBUG` (a second compile with these flags, as `-fcompare-debug=`; R24
 * gcc-compare-debug, traced: `GCC_COMPARE_DEBUG='-wrapper git,push,origin' gcc -c x.c` ran git
 * push origin around cc1) and clang's `CCC_OVERRIDE_OPTIONS` (edits of its command line: `+F`
 * and `^F` add F, `s/A/B/` and `xA`/`XA` rewrite or drop flags). Read for what the flags run,
 * load and open wherever the variable is set, as the flags variables are.
 */
const DRIVER_FLAGS_VARIABLES: ReadonlySet<string> = new Set([
  "GCC_COMPARE_DEBUG",
  "CCC_OVERRIDE_OPTIONS",
]);

/** A variable whose value is driver flags: the build tools' (CFLAGS, …) and the driver's own. */
function driverFlagsVariable(name: string): boolean {
  return FLAGS_VARIABLE.test(name) || DRIVER_FLAGS_VARIABLES.has(name);
}

/** What a literal flags value makes the compiler read, write and run (null when computed). */
function flagsValueEffects(name: string, value: Word): FlagEffects | null {
  if (!value.literal) return null;
  if (name === "GCC_COMPARE_DEBUG") return compilerFlagEffects(value.text.split(/\s+/));
  if (name === "CCC_OVERRIDE_OPTIONS") {
    const edits = value.text.split(/\s+/).filter((edit) => edit !== "");
    // A rewrite may turn any flag or operand into one that loads code: unknown.
    if (edits.some((edit) => !/^[+^#]/.test(edit))) return null;
    return compilerFlagEffects(edits.filter((edit) => edit !== "#").map((edit) => edit.slice(1)));
  }
  return compilerFlagEffects(flagWords(value.text));
}

/**
 * cargo's per-target runner and linker from the environment, and the family of variables
 * named for a command a tool runs (`RESTIC_PASSWORD_COMMAND`, `BORG_PASSCOMMAND`,
 * `SOPS_AGE_KEY_CMD`, `BORG_RSH`, `*_EDITOR`, `*_PAGER`, `*_BROWSER`, `*_ASKPASS`).
 */
const COMMAND_VARIABLE_PATTERN =
  /^CARGO_TARGET_[A-Z0-9_]+_(RUNNER|LINKER)$|^[A-Z][A-Z0-9_]*_(COMMAND|CMD|PASSCOMMAND|RSH|ASKPASS|EDITOR|PAGER|BROWSER)$/;

/** Variables whose value names code a program loads before it runs. */
const CODE_VARIABLES = new Set([
  // Configuration files that can turn on a command-running option: rg's --pre, a lesskey
  // file's LESSOPEN, wget's and curl's settings.
  "RIPGREP_CONFIG_PATH",
  "LESSKEYIN",
  "LESSKEY",
  "LESSKEYIN_SYSTEM",
  // less 590 reads a compiled system lesskey file from LESSKEY_SYSTEM; newer ones the
  // sources LESSKEY_SRC and LESSKEY_SRC_SYSTEM name.
  ...["LESSKEY_SYSTEM", "LESSKEY_SRC", "LESSKEY_SRC_SYSTEM"],
  "WGETRC",
  // wget reads the system-wide wgetrc SYSTEM_WGETRC names before the user's: its
  // output_document truncated ~/.bashrc before wget connected (S32 settings-file-env, traced).
  "SYSTEM_WGETRC",
  "CURL_HOME",
  "LD_PRELOAD",
  "LD_AUDIT",
  "DYLD_INSERT_LIBRARIES",
  "BASH_ENV",
  "ENV",
  // bat's and fzf's settings files can name a pager or a preview command; less reads a lesskey
  // text from LESSKEY_CONTENT; vim runs VIMINIT's and ex EXINIT's commands.
  "BAT_CONFIG_PATH",
  "FZF_DEFAULT_OPTS_FILE",
  "LESSKEY_CONTENT",
  "VIMINIT",
  "EXINIT",
  "GVIMINIT",
  // perl -d runs PERL5DB's code as its debugger; its PERLDB_OPTS open `|cmd` pipes
  // (LineInfo, pager) at start (B20 perl-debugger-PERLDB_OPTS-pipe).
  "PERL5DB",
  "PERLDB_OPTS",
]);

/** Lua runs LUA_INIT's value as code, or the file after an `@` (a file: see written-code.ts). */
const LUA_INIT = /^LUA_INIT(_5_[0-9])?$/;

/**
 * The directories a system's own PATH is made of. A PATH of these and the environment's
 * `$PATH` finds the programs the user's PATH finds; any other element (`.`, `/tmp/evil`, an
 * empty element, which is the working directory) lets a bare name such as `cat` run a file of
 * the string's choosing, which `./cat` written out would have asked for.
 */
const STANDARD_PATH_DIRS = new Set([
  "/bin",
  "/usr/bin",
  "/usr/local/bin",
  "/sbin",
  "/usr/sbin",
  "/usr/local/sbin",
  "/opt/homebrew/bin",
]);

/** Whether a PATH value, as written, names only `$PATH` and the standard program directories. */
export function standardPath(text: string): boolean {
  const braced = "$" + "{PATH}";
  return text
    .split(":")
    .every((dir) => dir === "$PATH" || dir === braced || STANDARD_PATH_DIRS.has(dir));
}

/**
 * Variables that decide which file a bare command name runs: `PATH`, and `BASH_CMDS` (bash's
 * table of remembered command locations, `hash -p` by assignment).
 */
export const LOOKUP_VARIABLES: ReadonlySet<string> = new Set(["PATH", "BASH_CMDS", "BASH_ALIASES"]);

/** One command hidden in a value. */
export interface Injection {
  /** The variable or setting that carries it. */
  name: string;
  /** The text as written after `=`. */
  value: Word;
  /** The value is a shell command line (analysed when literal), not a file of code. */
  command: boolean;
  /**
   * A program the tool starts by itself with these words, no shell between (git's `ssh` for
   * an ssh URL, `man` for `git help`, `gpg` to verify a signature): a unit of its own,
   * judged by its words like any command the string runs. `value` only places it.
   */
  program?: readonly string[];
  /**
   * Indices of {@link program}'s words only known at run time (a temporary file's name). A
   * word starting with `$TOP/` names a file below the working directory (git's scripts run at
   * the top of the work tree), placed there by the walk when it knows that folder.
   */
  computed?: readonly number[];
}

/**
 * The variables and git settings that name a pager or an editor: the program runs with the
 * text to show on its stdin, or with the file to edit as its one operand.
 */
const PAGER_EDITOR_VARIABLES = new Set([
  ...["PAGER", "MANPAGER", "EDITOR", "VISUAL"],
  ...["GIT_PAGER", "GIT_EDITOR", "GIT_SEQUENCE_EDITOR"],
]);
const PAGER_EDITOR_SETTINGS = /^(core\.pager|core\.editor|sequence\.editor|pager\.[^.]+)$/;

/**
 * Programs that only show or read what they are given (the text on stdin, or the file to edit)
 * and run none of it; `true` and `false` read nothing. `source`, `.`, `cd` and `pushd` are
 * builtins, no program git or man could start.
 */
const DATA_PROGRAMS = new Set([
  ...READERS.filter((name) => !["source", ".", "cd", "pushd"].includes(name)),
  "true",
  "false",
]);

/**
 * Whether a pager or editor value is the bare name of a program that runs nothing it is given
 * (`GIT_PAGER=cat`, `git -c core.editor=true`). git starts a value without shell syntax by
 * itself (`sh -c` only for one with a blank or a shell character), and `sh -c cat` runs the
 * same program, so the value is that one command, judged as one: `cat` meets `cat *` as
 * written-out `cat` would. An interpreter (`GIT_PAGER=node` runs the log as a script), a
 * value with words or shell syntax, or a path (`./cat`) stays a command line run unseen.
 *
 * @example
 * ```ts
 * dataProgram({ name: "GIT_PAGER", value: wordFromText("cat"), command: true }); // true
 * dataProgram({ name: "GIT_PAGER", value: wordFromText("sh"), command: true }); // false
 * dataProgram({ name: "core.pager", value: wordFromText("less -R"), command: true }); // false
 * ```
 */
export function dataProgram(injection: Injection): boolean {
  const { name, value } = injection;
  if (!injection.command || !value.literal) return false;
  if (!PAGER_EDITOR_VARIABLES.has(name) && !PAGER_EDITOR_SETTINGS.test(name)) return false;
  // An editor `:` edits nothing: git skips an editor spelled so, and a program that hands the
  // file to `sh -c` runs the builtin that ignores it (`GIT_EDITOR=: git merge --continue`).
  if (value.text === ":" && /EDITOR$|editor$/.test(name)) return true;
  return DATA_PROGRAMS.has(value.text);
}

/** One `NAME=value` assignment: a prefix, a statement, a declaration or an `env` word. */
export interface Assignment {
  name: string;
  value: Word;
  /** Written `NAME+=value`: the value is appended to what the variable held. */
  append?: boolean;
}

/**
 * npm's configuration from the environment (any case): the shell every script runs through,
 * and the options and configuration files that can load code or name that shell.
 */
const NPM_COMMAND_SETTINGS = new Set(["npm_config_script_shell"]);
const NPM_CODE_SETTINGS = new Set([
  "npm_config_node_options",
  "npm_config_userconfig",
  "npm_config_globalconfig",
]);

/** Variables whose value is options for a runtime that may name code it loads first. */
const OPTION_VARIABLES = new Set([
  "NODE_OPTIONS",
  "PERL5OPT",
  "RUBYOPT",
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
  // The JVM launch options build tools and launchers pass to java.
  ...["JAVA_OPTS", "MAVEN_OPTS", "GRADLE_OPTS", "ANT_OPTS", "SBT_OPTS", "CATALINA_OPTS"],
]);

/**
 * Variables whose value is options for a tool, and the options in them that run a command:
 * tar's `--to-command`/`--checkpoint-action=exec`/`-I`, zip's `-TT`, Go's `-toolexec`/`-exec`,
 * rustc's `-C linker=`. (A prompt string, which bash expands for each traced command (PS4)
 * or each prompt (PS0/PS1/PS2), is judged in injectedByAssignment.)
 */
const RUNNING_OPTIONS: ReadonlyMap<string, RegExp> = new Map([
  [
    "TAR_OPTIONS",
    /--to-com|--checkpoint-a|--use-com|--rsh-com|--info-s|--new-v|(^|\s)-[A-Za-z]*[IF]/,
  ],
  ["ZIPOPT", /-TT|--unzip-command/],
  ["ZIP", /-TT|--unzip-command/],
  // erl runs -eval text, -s/-run functions and code from -pa/-pz folders and -config files.
  ...["ERL_AFLAGS", "ERL_FLAGS", "ERL_ZFLAGS", "ELIXIR_ERL_OPTIONS"].map(
    (name) => [name, /-eval|(^|\s)-(s|run|pa|pz|boot|config|args_file|env)(\s|$)/] as const,
  ),
  // groff runs `.sy`/`.pso` of a document with -U (unsafe); man hands MANROFFOPT to groff and
  // runs MANOPT's pager (-P), browser (-H) and configuration file (-C).
  ["MANROFFOPT", /(^|\s)-[A-Za-z]*U/],
  ["GROFF_OPT", /(^|\s)-[A-Za-z]*U/],
  ["MANOPT", /(^|\s)(-[A-Za-z]*[PHCUX]|--(pag|htm|con|gx))/],
  // less runs `+` commands at start (`+!cmd` is a shell escape) and reads a lesskey file.
  // Long names are matched by any prefix and in either letter case (`--LESSKEY-S=k`).
  ["LESS", /(^|\s)(\+|-[A-Za-z]*k|--[lL]([eE]|$|\s|=))/],
  // systemd's tools hand SYSTEMD_LESS to the less they start as its LESS (S27 options-env-file).
  ["SYSTEMD_LESS", /(^|\s)(\+|-[A-Za-z]*k|--[lL]([eE]|$|\s|=))/],
  // perldoc reads its options from PERLDOC: -M loads a formatter module, -d writes the page
  // to a file (S27 options-env-file).
  ["PERLDOC", /(^|\s)-[A-Za-z]*[Md]/],
  // fzf runs --preview, --bind execute(...)/become(...) and a --listen server's actions.
  ["FZF_DEFAULT_OPTS", /--preview|--bind|--listen|execute|become/],
  // make takes variable overrides (SHELL=…, CC=…), --eval text and makefiles from MAKEFLAGS.
  ["MAKEFLAGS", /=|--eval|(^|\s)-[A-Za-z]*[fCIE]/],
  ["MFLAGS", /=|--eval|(^|\s)-[A-Za-z]*[fCIE]/],
  ["GNUMAKEFLAGS", /=|--eval|(^|\s)-[A-Za-z]*[fCIE]/],
  ["GOFLAGS", /(^|\s)--?(toolexec|exec)\b/],
]);

/** Folders (or files) of shared-object modules that OpenSSL, GLib/GIO, GStreamer, Qt, GTK, SASL and Mesa load. */
const MODULE_PATH_VARIABLES = [
  ...["OPENSSL_ENGINES", "OPENSSL_MODULES", "GIO_MODULE_DIR", "GIO_EXTRA_MODULES"],
  ...["GST_PLUGIN_PATH", "GST_PLUGIN_SYSTEM_PATH", "QT_PLUGIN_PATH", "GTK_PATH", "SASL_PATH"],
  ...["GDK_PIXBUF_MODULE_FILE", "LIBGL_DRIVERS_PATH", "GCONV_PATH"],
];

/**
 * Variables that name directories (or files) a program loads code from: each element is
 * read, so one outside the working directory meets `external_directory`.
 */
const LOAD_PATH_VARIABLES = new Set([
  "PYTHONPATH",
  "PYTHONSTARTUP",
  "PYTHONHOME",
  "PYTHONUSERBASE",
  "PERL5LIB",
  "PERLLIB",
  "RUBYLIB",
  "NODE_PATH",
  "LD_LIBRARY_PATH",
  "GCONV_PATH",
  "CLASSPATH",
  "GEM_PATH",
  "GEM_HOME",
  // Files a program reads its settings from (which may name a command it runs: see
  // written-code.ts for the file the string wrote).
  ...["KUBECONFIG", "AWS_CONFIG_FILE", "AWS_SHARED_CREDENTIALS_FILE", "BOTO_CONFIG", "GOENV"],
  ...["IRBRC", "PRYRC", "PSQLRC", "INPUTRC", "LUA_PATH", "LUA_CPATH", "HOSTFILE"],
  // Files the C library, TLS libraries, fontconfig, file(1) and terminal programs read (whose
  // content an error message or a parsed entry may show): host aliases, CA bundles, font
  // configuration, magic databases, terminfo folders, a time zone file (`TZ=:/path`).
  ...["HOSTALIASES", "SSL_CERT_FILE", "SSL_CERT_DIR", "CURL_CA_BUNDLE", "REQUESTS_CA_BUNDLE"],
  ...["NODE_EXTRA_CA_CERTS", "FONTCONFIG_FILE", "FONTCONFIG_PATH", "MAGIC", "TERMINFO_DIRS"],
  ...["TZ", "TZDIR", "LOCPATH", "NLSPATH", "RESOLV_HOST_CONF", "OPENSSL_CONF"],
  // terraform's CLI configuration (its error quotes the content) and provider cache.
  ...["TF_CLI_CONFIG_FILE", "TERRAFORM_CONFIG", "TF_PLUGIN_CACHE_DIR"],
  // groff's font and macro paths: a device's DESC names a postprocessor it runs, and a macro
  // file may `.so` any file (R48 implicit-device-desc, implicit-macro-file).
  ...["GROFF_FONT_PATH", "GROFF_TMAC_PATH"],
  // Folders of modules (shared objects) a library loads: code, like LD_LIBRARY_PATH.
  ...MODULE_PATH_VARIABLES,
]);

/**
 * Options that load code or hand control to a debugger: node `-r`/`--require`/`--import`/
 * `--loader`, perl `-M`/`-m`/`-d`/`-I`, ruby `-r`/`-I`, java `-javaagent`/`-agentpath`.
 * `NODE_OPTIONS=--max-old-space-size=4096` loads nothing and stays proven.
 */
const LOADING_OPTION =
  /(^|\s)(-r|--require|--import|--loader|--experimental-loader|--experimental-specifier-resolution|-M|-m|-d|-I|-javaagent|-agentpath|-agentlib|-XX:OnOutOfMemoryError|-XX:OnError|-Xlog:\S*file=|-Xloggc:|-XX:[+-]?\w*(File|Path|Dir)\b|-XX:Flags=|-XX:VMOptionsFile=|@|-D\S*(\.file|File|\.path|Path|\.dir|Dir|tmpdir|\.home|Home)=)/;

/**
 * node options that load no code and open no file (sizes and limits, warnings and traces on
 * stderr, a few switches): the only words a proven NODE_OPTIONS holds. Anything else (a loader,
 * `--require`, `--import`, `--test-reporter`, `--env-file`, `--openssl-config`, a
 * report or profile directory) floors the command.
 */
const NODE_INERT_OPTION = new RegExp(
  [
    "^--(max-old-space-size|max-semi-space-size|stack-size|stack-trace-limit|max-http-header-size)=\\d+$",
    "^--(enable-source-maps|no-warnings|no-deprecation|trace-warnings|trace-deprecation|throw-deprecation|pending-deprecation|trace-uncaught|trace-exit|experimental-vm-modules|expose-gc|openssl-legacy-provider|use-openssl-ca|use-bundled-ca|abort-on-uncaught-exception|no-experimental-fetch|experimental-global-webcrypto)$",
    "^--unhandled-rejections=(strict|warn|none|throw|warn-with-error-code)$",
    "^--dns-result-order=(ipv4first|ipv6first|verbatim)$",
    // The inspector listens for a debugger; it loads nothing itself.
    "^--inspect(-brk|-wait)?(=[\\w.:\\[\\]-]+)?$",
    "^--inspect-port=[\\w.:\\[\\]-]+$",
  ].join("|"),
);

/** terraform options whose value is a file or folder it reads or writes. */
const TF_FILE_OPTION =
  /-(var-file|chdir|state|state-out|backup|backend-config|plugin-dir|out|from-module|lock-file|json-into|generate-config-out|test-directory|config)\b/;

/** Whether a program finds a file or folder through this variable (see LOAD_PATH_VARIABLES). */
export function isLoadPathVariable(name: string): boolean {
  return LOAD_PATH_VARIABLES.has(name);
}

/** The commands one assignment hides (none for most variables). */
export function injectedByAssignment(name: string, value: Word, append = false): Injection[] {
  // A child bash defines this function from it: its body runs wherever the name is called.
  if (name.startsWith("BASH_FUNC_")) return [{ name, value, command: false }];
  // Element 0 of a variable is the variable (`PS4[0]=…`, `declare PS4[0+0]=…`: R43
  // prompt-element, traced running the prompt's substitution), and a subscript the walk does
  // not work out may be 0: any element counts as the name itself.
  const element = /^([A-Za-z_][A-Za-z0-9_]*)\[/.exec(name);
  if (element !== null && !name.startsWith("BASH_CMDS[")) {
    const base = element[1] as string;
    if (base !== "PATH") {
      return injectedByAssignment(base, value, append).map((found) => ({ ...found, name }));
    }
  }
  // `PATH=.`, `PATH[0]=…`, `PATH+=…`, `BASH_CMDS[cat]=…`: a bare name may now run any file.
  const base = /^[A-Za-z_][A-Za-z0-9_]*/.exec(name)?.[0] ?? name;
  if (
    LOOKUP_VARIABLES.has(base) &&
    (base !== "PATH" || name !== base || append || !standardPath(value.text))
  ) {
    return [{ name, value, command: false }];
  }
  const git = gitEnvInjection(name, value);
  if (git !== null) return git;
  if (COMMAND_VARIABLES.has(name) || COMMAND_VARIABLE_PATTERN.test(name)) {
    return [{ name, value, command: true }];
  }
  if (TOOL_VARIABLES.has(name) || TOOL_VARIABLE_PATTERN.test(name)) {
    if (!value.literal || /[\s;&|`$()<>\\'"]/.test(value.text)) {
      return [{ name, value, command: true }];
    }
    if (toolProgramRuns(name, value.text)) {
      return [{ name, value, command: false, program: [value.text] }];
    }
  }
  if (LAUNCHER_VARIABLE.test(name) && (!value.literal || value.text !== "")) {
    const words = value.text.split(";").filter((word) => word !== "");
    if (!value.literal || words.length === 0) return [{ name, value, command: false }];
    return [{ name, value, command: false, program: words }];
  }
  if (driverFlagsVariable(name)) {
    // A make recipe (and cmake's compiler checks) paste the flags into a `sh -c` line.
    if (FLAGS_VARIABLE.test(name) && value.literal && shellSyntax(value.text)) {
      return [{ name, value, command: true }];
    }
    const effects = flagsValueEffects(name, value);
    // A `-D` whose body is code (S34 compiler-macro-code) puts the command text into what is
    // built with these flags (`CGO_CFLAGS='-Dx=system("…")' go build`): code nobody read.
    if (
      effects !== null &&
      effects.code.length === 0 &&
      effects.runs.length === 0 &&
      effects.injects.length === 0
    ) {
      return [];
    }
    const found: Injection[] = [{ name, value, command: false }];
    for (const program of effects?.runs ?? []) found.push({ name, value, command: false, program });
    return found;
  }
  if (PASS_FOLDER_VARIABLES.has(name) && (!value.literal || value.text !== "")) {
    return [{ name, value, command: false }];
  }
  // A cargo alias from the environment is a cargo command line (`CARGO_ALIAS_X='rustc --
  // -Clinker=…' cargo x`). The gates read a literal alias as the cargo subcommand it names
  // (`CARGO_ALIAS_P=publish cargo p` meets `cargo publish`, `CARGO_ALIAS_P=build` stays
  // allowed); what they do not read is a codegen, unstable or config option in it.
  if (
    /^CARGO_ALIAS_/.test(name) &&
    (!value.literal || /(^|\s)(-C|--codegen|-Z|--config)/.test(value.text))
  ) {
    return [{ name, value, command: false }];
  }
  // rustc's and rustdoc's flags in every variable cargo reads them from (programs/rustc-flags.ts).
  if (RUSTC_FLAGS_VARIABLE.test(name)) {
    if (value.literal && !RUSTC_RUNNING_FLAGS.test(value.text)) return [];
    const runs = value.literal ? rustcLinkRuns(rustcFlagWords(name, value.text)) : [];
    return [
      { name, value, command: false },
      ...runs.map((program) => ({ name, value, command: false, program })),
    ];
  }
  // A prompt string is expanded as shell words, after bash decodes its `\NNN` escapes (S30
  // env-options: `PS4='\044(cmd)'` runs cmd): the decoded text's substitutions are analysed as
  // a script, and any expansion beyond plain parameters is a unit of its own.
  if (/^PS[0124]$/.test(name)) {
    if (!value.literal) return [{ name, value, command: true }];
    const decoded = decodedPrompt(value.text);
    if (!promptRuns(decoded) && !promptRuns(value.text)) return [];
    return [
      { name, value: decoded === value.text ? value : { ...value, text: decoded }, command: true },
    ];
  }
  const running = RUNNING_OPTIONS.get(name);
  if (
    running !== undefined &&
    (!value.literal ||
      running.test(value.text) ||
      // The words as the program splits them, each long option by any prefix it takes (S30
      // env-options: `TAR_OPTIONS='--to-c=cmd'`, `'"-Icmd"'`, `MANOPT=--co=f`, `ZIPOPT=--unzip-c=cmd`).
      optionVariableRuns(name, value.text) === true)
  ) {
    return [{ name, value, command: false }];
  }
  if (CODE_VARIABLES.has(name)) return [{ name, value, command: false }];
  if (
    LUA_INIT.test(name) &&
    (!value.literal || (value.text !== "" && !value.text.startsWith("@")))
  ) {
    return [{ name, value, command: false }];
  }
  // A library path with a relative or empty element loads libraries from where the string
  // may have built or written them (`LD_LIBRARY_PATH=. ls` after `gcc -shared -o libx.so`).
  if (
    (name === "LD_LIBRARY_PATH" || MODULE_PATH_VARIABLES.includes(name)) &&
    (!value.literal || value.text.split(":").some((dir) => !/^[/~]/.test(dir)))
  ) {
    return [{ name, value, command: false }];
  }
  // terraform appends TF_CLI_ARGS (and TF_CLI_ARGS_<command>) to its command line: an option
  // there that names a file or a folder is not judged as one.
  if (name.startsWith("TF_CLI_ARGS") && (!value.literal || TF_FILE_OPTION.test(value.text))) {
    return [{ name, value, command: false }];
  }
  // npm reads the name in any case with `-` as `_` (S30 env-options: `npm_config_script-shell`).
  const npm = npmSettingVariable(name);
  if (NPM_COMMAND_SETTINGS.has(npm)) return [{ name, value, command: true }];
  if (NPM_CODE_SETTINGS.has(npm)) return [{ name, value, command: false }];
  if (name === "NODE_OPTIONS" && value.literal) {
    // node splits NODE_OPTIONS itself and reads `_` as `-` in option names (S30 env-options:
    // `--experimental_loader=data:…` loaded code the dashed check never saw).
    const { words, sure } = nodeOptionWords(value.text);
    // Only options known to load and write nothing are proven: node keeps adding options that
    // load a module (`--test-reporter=data:…` ran code from NODE_OPTIONS: R43 node-options-
    // reporter), so a list of the dangerous ones is always one short.
    if (!sure || !words.every((word) => NODE_INERT_OPTION.test(word))) {
      return [{ name, value, command: false }];
    }
    return [];
  }
  if (OPTION_VARIABLES.has(name) && (!value.literal || LOADING_OPTION.test(value.text))) {
    return [{ name, value, command: false }];
  }
  return [];
}

/**
 * The commands a group of assignments hides. `GIT_CONFIG_KEY_n` and `GIT_CONFIG_VALUE_n` set
 * in the same group are read as one setting, judged like `git -c KEY=VALUE`.
 */
export function injectedByAssignments(assignments: readonly Assignment[]): Injection[] {
  // Most commands assign nothing: no tables to build for them.
  if (assignments.length === 0) return [];
  const found: Injection[] = [];
  const keys = new Map<string, Word>();
  const values = new Map<string, Word>();
  for (const { name, value, append } of assignments) {
    const pair = /^GIT_CONFIG_(KEY|VALUE)_(\d+)$/.exec(name);
    if (pair) (pair[1] === "KEY" ? keys : values).set(pair[2] as string, value);
    else found.push(...injectedByAssignment(name, value, append));
  }
  for (const [index, key] of keys) {
    const value = values.get(index);
    if (value !== undefined && key.literal)
      found.push(...settingInjections(key.text, value).injections);
    else found.push(...injectedByAssignment(`GIT_CONFIG_KEY_${index}`, key));
  }
  for (const [index, value] of values) {
    if (!keys.has(index)) found.push(...injectedByAssignment(`GIT_CONFIG_VALUE_${index}`, value));
  }
  return found;
}

/**
 * Variables that name a folder a program writes (or reads and writes) its data in: python's
 * bytecode cache, gpg's home, npm's cache.
 */
const DATA_PATH_VARIABLES: ReadonlyMap<string, "write" | "read_write"> = new Map([
  ["PYTHONPYCACHEPREFIX", "write"],
  ["GNUPGHOME", "read_write"],
  // npm's cache, its name read as npm reads it (npmSettingVariable).
  ["npm_config_cache", "read_write"],
  // Where programs put their temporary files.
  ["TMPDIR", "read_write"],
  ["TMP", "read_write"],
  ["TEMP", "read_write"],
  // tic compiles terminal descriptions into TERMINFO; tput and tset read them from there.
  ["TERMINFO", "read_write"],
  // Folders tools write their state, caches and configuration in.
  ["DOCKER_CONFIG", "read_write"],
  ["CLOUDSDK_CONFIG", "read_write"],
  ["AZURE_CONFIG_DIR", "read_write"],
  ["CCACHE_DIR", "read_write"],
  ["XDG_CACHE_HOME", "read_write"],
  ["XDG_DATA_HOME", "read_write"],
  ["XDG_STATE_HOME", "read_write"],
  ["XDG_CONFIG_HOME", "read_write"],
  // Profiles and coverage data a program writes under this prefix.
  ["GCOV_PREFIX", "write"],
  ["NODE_V8_COVERAGE", "write"],
]);

/**
 * Variables that name a file a program writes (glibc's loader debug log and malloc trace,
 * memusage and catchsegv output, profile and coverage data, TLS key logs) or reads and
 * rewrites (a REPL's history). The loader appends `.PID` to LD_DEBUG_OUTPUT: a file beside it.
 */
const OUTPUT_FILE_VARIABLES: ReadonlyMap<string, "write" | "read_write"> = new Map([
  ["LD_DEBUG_OUTPUT", "write"],
  ["MALLOC_TRACE", "write"],
  ["MEMUSAGE_OUTPUT", "write"],
  ["SEGFAULT_OUTPUT_NAME", "write"],
  // glibc's libpcprofile (xtrace) writes its call profile here, libgcov its errors, and the
  // Kerberos library appends its trace (S27 loader-env-output: outputs a runtime writes).
  ["PCPROFILE_OUTPUT", "read_write"],
  ["GCOV_ERROR_FILE", "write"],
  ["KRB5_TRACE", "write"],
  ["LLVM_PROFILE_FILE", "write"],
  ["GMON_OUT_PREFIX", "write"],
  ["COVERAGE_FILE", "write"],
  ["SSLKEYLOGFILE", "write"],
  ["TF_LOG_PATH", "write"],
  ["TF_LOG_CORE_PATH", "write"],
  ["TF_LOG_PROVIDER_PATH", "write"],
  ["CCACHE_LOGFILE", "write"],
  ["SQLITE_HISTORY", "read_write"],
  ["PYTHON_HISTORY", "read_write"],
  ["NODE_REPL_HISTORY", "read_write"],
  ["LESSHISTFILE", "read_write"],
  ["MYSQL_HISTFILE", "read_write"],
  ["PSQL_HISTORY", "read_write"],
  ["REDISCLI_HISTFILE", "read_write"],
]);

/**
 * Variables whose value is a program's own options, some of which name files: tar's
 * TAR_OPTIONS (`-f`, `-C`, `-T`, `-X`, `-g`), unzip's UNZIP/UNZIPOPT (`-d`), zip's ZIPOPT/ZIP
 * (`-b`), man's MANOPT (`-C`, `-M`), xz's XZ_OPT/XZ_DEFAULTS (`--files`), less's LESS (`-o`,
 * `-O`, `-k`). Each option letter (or long-option prefix) maps to what
 * the program does to the file; `below`: a folder whose contents it reads or writes.
 */
interface ValueOption {
  readonly access: "read" | "write" | "read_write";
  readonly below?: boolean;
}
interface OptionFiles {
  readonly short: Readonly<Record<string, ValueOption>>;
  readonly long: Readonly<Record<string, ValueOption>>;
  /** The option letters that take a value (the rest of the word, or the next word). */
  readonly values: string;
  /**
   * Options without a value that change where the program writes or what it reads (S27
   * options-env-file): a letter of a short cluster, or a long option's full name and its
   * shortest unambiguous prefix, with what it makes the program touch. The command the
   * variable reaches is not known here (an earlier export), so whatever it does is counted.
   */
  readonly reach?: readonly {
    readonly letter?: string;
    readonly long?: readonly [string, number];
    readonly use: () => PathUse;
  }[];
}

/** A member of an archive written anywhere: tar's -P, unzip's -:. */
const ANYWHERE = (): PathUse => ({ word: wordFromText("/"), access: "write", below: true });
/** The files named in a list read on stdin: zip's -@. */
const LISTED = (): PathUse => ({
  word: wordFromText("$(files named in the list)", { computed: true }),
  access: "read",
});
const TAR_FILES: OptionFiles = {
  short: {
    f: { access: "read_write" },
    C: { access: "read_write", below: true },
    T: { access: "read" },
    X: { access: "read" },
    g: { access: "read_write" },
    N: { access: "read" },
  },
  long: {
    file: { access: "read_write" },
    directory: { access: "read_write", below: true },
    "files-from": { access: "read" },
    "exclude-from": { access: "read" },
    "listed-incremental": { access: "read_write" },
    "index-file": { access: "write" },
    "volno-file": { access: "read_write" },
    newer: { access: "read" },
    "after-date": { access: "read" },
  },
  values: "fCTXgNbHKLV",
  // -P keeps a member's leading `/` and `..` when it extracts (traced: TAR_OPTIONS=-P wrote
  // /home/user/.ssh/README.md).
  reach: [{ letter: "P", long: ["absolute-names", 2], use: ANYWHERE }],
};
const UNZIP_FILES: OptionFiles = {
  short: { d: { access: "write", below: true } },
  long: {},
  values: "dxX",
  // -: keeps `../` in member names (traced: UNZIP=-: wrote ../home/user/.ssh/authorized_keys).
  reach: [{ letter: ":", use: ANYWHERE }],
};
const ZIP_FILES: OptionFiles = {
  short: { b: { access: "write", below: true }, O: { access: "write" } },
  long: { "temp-path": { access: "write", below: true }, "output-file": { access: "write" } },
  values: "bnitxO",
  // -@ archives the names read on stdin (traced: ZIPOPT=-@ read /home/user/.ssh/id_rsa).
  reach: [{ letter: "@", long: ["names-stdin", 2], use: LISTED }],
};
const MAN_FILES: OptionFiles = {
  short: { C: { access: "read" }, M: { access: "read", below: true } },
  long: { "config-file": { access: "read" }, manpath: { access: "read", below: true } },
  values: "CMPHLmrSsEeRp",
};
/** xz's `--files[=F]`/`--files0[=F]` read a list of names from F. */
const XZ_FILES: OptionFiles = {
  short: {},
  long: { files: { access: "read" }, files0: { access: "read" } },
  values: "TMFCS",
};
/** less's `-o`/`-O` log file, `-k` lesskey file, `-T` tags file. */
const LESS_FILES: OptionFiles = {
  short: {
    o: { access: "write" },
    O: { access: "write" },
    k: { access: "read" },
    T: { access: "read" },
  },
  long: {
    "log-file": { access: "write" },
    "LOG-FILE": { access: "write" },
    "lesskey-file": { access: "read" },
    "lesskey-src": { access: "read" },
    "tag-file": { access: "read" },
  },
  values: "bhjkoOpPtTxyz#D",
};
const OPTION_FILES: ReadonlyMap<string, OptionFiles> = new Map([
  ["TAR_OPTIONS", TAR_FILES],
  ["XZ_OPT", XZ_FILES],
  ["XZ_DEFAULTS", XZ_FILES],
  ["LESS", LESS_FILES],
  ["SYSTEMD_LESS", LESS_FILES],
  ["UNZIP", UNZIP_FILES],
  ["UNZIPOPT", UNZIP_FILES],
  ["ZIPOPT", ZIP_FILES],
  ["ZIP", ZIP_FILES],
  ["MANOPT", MAN_FILES],
]);

/** The files an options variable's value names (a computed value: one computed path). */
function optionFilePaths(name: string, value: Word): PathUse[] {
  const grammar = OPTION_FILES.get(name);
  if (grammar === undefined || value.text === "") return [];
  if (!value.literal) return [{ word: value, access: "read_write", below: true }];
  // Split as the program splits the value (S30 env-options: tar removes the quotes of
  // `-f '/home/user/x.tar'`); a split that is not sure counts the whole value.
  const split = optionFileWords(name, value.text);
  if (split !== null && !split.sure) return [{ word: value, access: "read_write", below: true }];
  const tokens = split?.words ?? value.text.split(/\s+/).filter((token) => token !== "");
  const uses: PathUse[] = [];
  const use = (text: string | undefined, option: ValueOption | undefined) => {
    if (text === undefined || option === undefined || text === "") return;
    const word = wordFromText(text, { tilde: text.startsWith("~") });
    uses.push(
      option.below ? { word, access: option.access, below: true } : { word, access: option.access },
    );
  };
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as string;
    for (const reach of grammar.reach ?? []) {
      if (reachedBy(token, reach, grammar.values)) uses.push(reach.use());
    }
    if (token.startsWith("--")) {
      const eq = token.indexOf("=");
      const written = token.slice(2, eq === -1 ? undefined : eq);
      // GNU tools take the option spelled in full, or any unambiguous prefix of one.
      const names = Object.hasOwn(grammar.long, written)
        ? [written]
        : Object.keys(grammar.long).filter(
            (long) => written.length >= 2 && long.startsWith(written),
          );
      const option = names.length === 1 ? grammar.long[names[0] as string] : undefined;
      if (option === undefined) continue;
      use(eq === -1 ? tokens[++i] : token.slice(eq + 1), option);
      continue;
    }
    if (!token.startsWith("-")) continue;
    for (let at = 1; at < token.length; at++) {
      const letter = token[at] as string;
      if (!grammar.values.includes(letter)) continue;
      const rest = token.slice(at + 1);
      use(rest !== "" ? rest : tokens[++i], grammar.short[letter]);
      break;
    }
  }
  return uses;
}

/**
 * Whether an options variable's word turns on a `reach` option: its letter in a short cluster
 * before any letter that takes a value, or its long name (an unambiguous prefix of it).
 */
function reachedBy(
  token: string,
  reach: NonNullable<OptionFiles["reach"]>[number],
  values: string,
): boolean {
  if (token.startsWith("--")) {
    if (reach.long === undefined) return false;
    const [full, shortest] = reach.long;
    const written = token.slice(2).split("=")[0] as string;
    return written.length >= shortest && full.startsWith(written);
  }
  if (!token.startsWith("-") || reach.letter === undefined) return false;
  for (const letter of token.slice(1)) {
    if (letter === reach.letter) return true;
    if (values.includes(letter)) return false;
  }
  return false;
}

/** The files a group of assignments names for git (`GIT_DIR`, `GIT_INDEX_FILE`, trace targets). */
export function pathsOfAssignments(assignments: readonly Assignment[]): PathUse[] {
  return assignments.flatMap(({ name, value }): PathUse[] => {
    // `GIT_CONFIG_KEY_n=KEY GIT_CONFIG_VALUE_n=VALUE`: a value written beside its key is the
    // setting's value (a file-valued key names that file); elsewhere it is unknown.
    const keyed = /^GIT_CONFIG_KEY_(\d+)$/.exec(name);
    const paired = keyed
      ? assignments.filter((other) => other.name === `GIT_CONFIG_VALUE_${keyed[1]}`)
      : [];
    if (value.literal && paired.length === 1 && paired[0]?.value.literal) {
      return settingInjections(value.text, paired[0].value).paths;
    }
    // The time zone and locale folders: the C library reads the files below them that TZ and
    // the locale variables name (`TZDIR=/d TZ=x` reads /d/x).
    if (name === "TZDIR" || name === "LOCPATH") {
      return loadPaths(value).map((use) => ({ ...use, below: true }));
    }
    if (LOAD_PATH_VARIABLES.has(name)) return loadPaths(value);
    // The files compiler flags name, each with its direction (`-include F` read, `-MF F`
    // written, `@F` read).
    if (driverFlagsVariable(name)) {
      return (flagsValueEffects(name, value)?.files ?? []).map(({ text, access }) => ({
        word: wordFromText(text, { tilde: text.startsWith("~") }),
        access,
      }));
    }
    if (name === "LD_PROFILE") return loaderProfilePaths(value, assignments);
    if (name === "LD_PROFILE_OUTPUT") return loaderProfileFolder(value);
    const data = DATA_PATH_VARIABLES.get(npmSettingVariable(name));
    if (data !== undefined)
      return value.text === "" ? [] : [{ word: value, access: data, below: true }];
    const output = OUTPUT_FILE_VARIABLES.get(name);
    if (output !== undefined) return value.text === "" ? [] : [{ word: value, access: output }];
    if (OPTION_FILES.has(name)) return optionFilePaths(name, value);
    if (name === "MANPATH") return manPaths(value);
    // LUA_INIT=@file runs that file.
    if (LUA_INIT.test(name) && value.literal && value.text.startsWith("@")) {
      const text = value.text.slice(1);
      return text === ""
        ? []
        : [{ word: wordFromText(text, { tilde: text.startsWith("~") }), access: "read" }];
    }
    // npm's and pip's path settings (`npm_config_cafile`, `PIP_LOG`), `~` expanded by them.
    const own = ownSettingUses(name, value);
    if (own !== null) return own;
    return gitEnvPaths(name, value);
  });
}

/**
 * A variable a program gets in its environment whose value is spelled as a path outside the
 * working directory's plain names (absolute, `~`, or climbing with `..`; each element of a
 * `:` list): programs read and write the files such variables name (`XAUTHORITY`,
 * `PIP_CONFIG_FILE`, `DEPENDENCIES_OUTPUT`, …), more than any list of names holds, so every
 * one is a path of unknown direction. The names judged more exactly elsewhere are left out.
 *
 * Many programs also read a whole option string from a variable (`XZ_OPT='--files=/f'`,
 * `LESS=-O/f`, `MAVEN_OPTS=-Dk=/f`): a path-shaped part of any blank-, `=`- or `,`-separated
 * piece counts the same way, with a short option's letters before it set aside.
 */
export function pathShapedAssignments(
  assignments: readonly Assignment[],
  env?: ExpandEnv,
): PathUse[] {
  const uses: PathUse[] = [];
  for (const { name, value } of assignments) {
    if (value.text === "" || EXACT_PATH_VARIABLES.has(name)) continue;
    if (LOAD_PATH_VARIABLES.has(name) || OUTPUT_FILE_VARIABLES.has(name)) continue;
    if (value.literal) {
      uses.push(...pathShapedPieces(value.text));
      continue;
    }
    // S32 exported-path-env: a value with expansions (`TAPE="$HOME/.ssh/authorized_keys"`,
    // `DEPENDENCIES_OUTPUT=$HOME/.bashrc`: cc1 truncated .bashrc) is read as bash expands it
    // where the walk knows the expansions; one it does not know may be any path, so the value
    // itself is the path, which the walk resolves as far as it can (else a computed path).
    const expanded = env === undefined ? null : expandWord(value, env, { split: false });
    if (expanded === null) {
      // Expansions that give a number or bash's flags (`PORT=$((3000+1))`) add no `/` or `.`.
      const pieces = value.pieces;
      if (pieces?.every((piece) => piece.kind !== "expansion" || NUMERIC_PIECE.test(piece.text))) {
        const text = pieces.map((piece) => (piece.kind === "expansion" ? "0" : piece.text));
        uses.push(...pathShapedPieces(text.join("")));
      } else uses.push({ word: value, access: "read_write" });
      continue;
    }
    for (const field of expanded.flat()) uses.push(...pathShapedPieces(field.text));
  }
  return uses;
}

/** `$?`, `$#`, `$$`, `$!`, `$-`, `${#x}`, `$((…))`, `$[…]`: a number or bash's flags (walk.ts). */
const NUMERIC_PIECE = /^\$(?:[?#$!-]|\{[?#$!-]\}|\{#[^}]*\}|\(\([\s\S]*\)\)|\[[\s\S]*\])$/;

/** The path-shaped pieces of a variable's value, split as {@link pathShapedAssignments} says. */
function pathShapedPieces(text: string): PathUse[] {
  const uses: PathUse[] = [];
  for (const piece of withoutNetworkUrls(text).split(/[\s=,:]/)) {
    // `-O/f`, `-I~/inc`: the option letters are not part of the file's name.
    const element = piece.replace(OPTION_LETTERS, "");
    if (!PATH_SHAPED.test(element)) continue;
    uses.push({
      word: wordFromText(element, { tilde: element.startsWith("~") }),
      access: "read_write",
    });
  }
  return uses;
}

/**
 * The files the variables an earlier statement of the string set name for the program run
 * now, as its own prefix assignments' would (S32 exported-path-env: `export
 * TAPE=/home/user/.ssh/authorized_keys; tar c README.md` made tar create that file, so did
 * `set -a; DEPENDENCIES_OUTPUT=/home/user/x.d; gcc -E …` for cc1 and `export
 * PYTHONPYCACHEPREFIX=…` for python's bytecode). `exported`: the names an `export` or a
 * declaration with `-x` may have exported, null when any name may be (`set -a`,
 * a command word only known at run time, an export of a computed name). Names the command's
 * own environment gives (`given`) are judged there; `skip` leaves out names a program's own
 * table judges (git's). Each value the walk knows is a literal word; one it does not know is a
 * computed path, unless the walk knows it holds one name token (`$(git rev-parse HEAD)`) or an
 * integer (`$((n+1))`).
 */
export function exportedPathUses(
  vars: Vars,
  exported: ReadonlySet<string> | null,
  given: readonly Assignment[],
  skip: (name: string) => boolean,
  text: string,
): PathUse[] {
  if (vars.size === 0 || (exported !== null && exported.size === 0)) return [];
  const own = new Set(given.map((assignment) => assignment.name));
  const found: Assignment[] = [];
  for (const [name, values] of vars) {
    if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) || own.has(name) || skip(name)) continue;
    if (exported !== null && !exported.has(name)) continue;
    if (writtenByBash(name) || EXACT_PATH_VARIABLES.has(name)) continue;
    // npm's and pip's path settings reach the programs their table names (statementLoadPaths).
    if (ownSettingUses(name, wordFromText("")) !== null) continue;
    if (values === null) {
      if (inertOutputOf(name, vars) !== null || holdsInteger(name, vars)) continue;
      // Code the walk did not follow (`source .env`, a function's body) leaves every name the
      // text spells unknown: the project's own files set what they set, as they would for the
      // caller; a value counts when the string itself may give it (`X=$(…)`, `read X`).
      if (vars.has(ANY_NAME) && !assignedInText(name, text)) continue;
      found.push({ name, value: wordFromText(`$${name}`, { computed: true }) });
      continue;
    }
    for (const value of values) {
      const word = wordFromText(value.text, {
        glob: value.glob === true,
        tilde: value.text.startsWith("~"),
      });
      found.push({ name, value: word });
    }
  }
  if (found.length === 0) return [];
  // The table variables keep their direction and reach (a data folder is written below).
  const tabled = found.filter(
    ({ name }) =>
      DATA_PATH_VARIABLES.has(npmSettingVariable(name)) ||
      OUTPUT_FILE_VARIABLES.has(name) ||
      OPTION_FILES.has(name),
  );
  const computed = found.filter(({ value }) => !value.literal);
  return [
    ...pathsOfAssignments(tabled),
    ...pathShapedAssignments(found.filter(({ value }) => value.literal)),
    ...computed.map(({ value }): PathUse => ({ word: value, access: "read_write" })),
  ];
}

/**
 * Whether `text` (the string without quotes) may give `name` a value: `NAME=`, `NAME+=`,
 * `${NAME:=…}`, or a builtin that assigns the names among its words (`read`, `mapfile`,
 * `printf -v`, `getopts`, `for`, `select`, `let`) in the same statement.
 */
function assignedInText(name: string, text: string): boolean {
  if (!text.includes(name)) return false;
  const assigning = new RegExp(
    `(^|[^A-Za-z0-9_])${name}:?\\+?=|\\b(read|mapfile|readarray|printf|getopts|for|select|let)\\b[^;&|\\n]*(^|[^A-Za-z0-9_])${name}($|[^A-Za-z0-9_])`,
  );
  return assigning.test(text);
}

/**
 * The names an `export` (or `declare`/`typeset`/`local` with an `x` in an option cluster)
 * among `text`'s statements names, null when one of those statements has a word
 * only known at run time (`export "$n"`, `export $(cat .env)`), which may name any variable.
 * `text` is the string without its quotes (the walk's plain text), so `"export" X` counts.
 */
export function exportMentions(text: string): ReadonlySet<string> | null {
  const names = new Set<string>();
  if (!/export|declare|typeset|local/.test(text)) return names;
  for (const match of text.matchAll(EXPORT_STATEMENT)) {
    const [, builtin, rest = ""] = match;
    const words = rest.split(/\s+/).filter((word) => word !== "");
    const options = words.filter((word) => /^-[A-Za-z]/.test(word));
    // `declare`/`typeset`/`local` export only with -x; `export -n` takes the attribute away.
    if (
      builtin === "export"
        ? options.some((w) => w.includes("n"))
        : !options.some((w) => w.includes("x"))
    ) {
      continue;
    }
    if (/[$`*?[\\]/.test(rest)) return null;
    for (const word of words) {
      const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(word)?.[0];
      if (name !== undefined) names.add(name);
    }
  }
  return names;
}

/** A declaration builtin's word and the rest of its statement (`readonly` exports nothing). */
const EXPORT_STATEMENT = /\b(export|declare|typeset|local)\b([^;&|\n()]*)/g;

/**
 * The value with its network URLs left out (`http://localhost:3000/x` names no file here) and
 * each `file:` URL replaced by its path, which is a file. A URL that climbs with `..` stays: a
 * program that takes it for a path name climbs out of a folder named `http:`.
 */
function withoutNetworkUrls(text: string): string {
  if (!text.includes("://")) return text;
  return text.replace(URL, (url, scheme: string, rest: string) => {
    if (scheme.toLowerCase() === "file") return rest.replace(/^[^/]*/, "");
    return /(^|\/)\.\.(\/|$)/.test(rest) ? url : "";
  });
}

const URL = /([A-Za-z][A-Za-z0-9+.-]*):\/\/([^\s,]*)/g;

/** Absolute, under the home folder, or climbing out with `..`. */
const PATH_SHAPED = /^\/|^~(\/|$)|(^|\/)\.\.(\/|$)/;
/** A short option's dash and letters glued to its value (`-O/f`, `-Wl`), when a path follows. */
const OPTION_LETTERS = /^-+[A-Za-z0-9]*(?=\/|~|\.\.)/;

/** Variables whose value is judged on its own terms (lookup, home and directory variables). */
const EXACT_PATH_VARIABLES: ReadonlySet<string> = new Set([
  ...["PATH", "HOME", "PWD", "OLDPWD", "CDPATH", "SHELL", "BASH_CMDS", "BASH_ALIASES", "MANPATH"],
]);

/**
 * The profile the dynamic loader keeps for the shared object LD_PROFILE names (S27
 * loader-env-output, host strace: `LD_PROFILE=libc.so.6 ls` opened
 * /var/tmp/libc.so.6.profile O_RDWR|O_CREAT and filled it): `NAME.profile` in
 * LD_PROFILE_OUTPUT when the same environment sets it, else in /var/tmp (glibc's default for a
 * program that is not set-user-ID). An LD_PROFILE_OUTPUT set elsewhere is judged on its own
 * (loaderProfileFolder).
 */
function loaderProfilePaths(value: Word, assignments: readonly Assignment[]): PathUse[] {
  if (value.text === "") return [];
  if (!value.literal) return [{ word: value, access: "read_write" }];
  const output = assignments.filter((a) => a.name === "LD_PROFILE_OUTPUT").pop()?.value;
  const folder =
    output === undefined || (output.literal && output.text === "") ? "/var/tmp" : output.text;
  const text = `${folder.replace(/\/+$/, "")}/${value.text}.profile`;
  const computed = output !== undefined && !output.literal;
  return [
    {
      word: wordFromText(text, { computed, tilde: !computed && text.startsWith("~") }),
      access: "read_write",
    },
  ];
}

/**
 * The profiles the loader may keep in LD_PROFILE_OUTPUT (`*.profile` there): LD_PROFILE may
 * come from another assignment (an earlier export) than the folder's.
 */
function loaderProfileFolder(value: Word): PathUse[] {
  if (value.text === "") return [];
  if (!value.literal) return [{ word: value, access: "read_write", below: true }];
  const text = `${value.text.replace(/\/+$/, "")}/*.profile`;
  return [
    {
      word: wordFromText(text, { glob: true, tilde: text.startsWith("~") }),
      access: "read_write",
    },
  ];
}

/**
 * MANPATH's folders: man (and `git help`, `git CMD --help`, which run it) lists each, reads its
 * `index.db` and the pages below it. An empty element (a leading, trailing or doubled `:`)
 * stands for the system's own manual path, as man-db reads it.
 */
function manPaths(value: Word): PathUse[] {
  if (value.text === "") return [];
  if (!value.literal) return [{ word: value, access: "read", below: true }];
  return value.text
    .split(":")
    .filter((element) => element !== "")
    .map((element) => ({
      word: wordFromText(element, { tilde: element.startsWith("~") }),
      access: "read" as const,
      below: true as const,
    }));
}

/**
 * Programs that open no file under `$HOME` and start no other program (traced with HOME
 * rebound: each touched nothing there). Any other program run with a HOME the string chose
 * may read its settings from there (npm's `.npmrc`, which can name the shell scripts run in,
 * git's `.gitconfig`, less's `.lesskey`, man's `.manpath`, jq's `.jq`, vim's `.vim/`) and write
 * its caches, logs and history there (npm's `.npm/_logs`, less's `.lesshst`), and so may every
 * program it starts, which inherits that HOME.
 */
const HOME_BLIND = new Set([
  ...["cat", "tac", "head", "tail", "wc", "nl", "od", "xxd", "strings", "file", "base64"],
  ...["md5sum", "sha1sum", "sha256sum", "sha512sum", "cut", "tr", "uniq", "sort", "shuf"],
  ...["comm", "join", "paste", "column", "fold", "rev", "expand", "fmt", "pr", "iconv"],
  ...["split", "tee", "ls", "stat", "du", "df", "grep", "egrep", "fgrep", "diff"],
  ...["cp", "mv", "rm", "mkdir", "touch", "chmod", "ln", "readlink", "realpath", "dirname"],
  ...["basename", "pwd", "true", "false", "test", "[", "seq", "sleep", "date", "printenv"],
  ...["tar", "gzip", "zip", "unzip", "id", "uname", "hostname", "whoami"],
  // sed's and awk's own command runs (`e`, `system()`, pipes) are judged as code on their own
  // (S32 settings-home: their plain runs stay proven under a moved HOME).
  ...["sed", "awk", "gawk", "mawk", "nawk", "echo", "printf"],
]);

/** Whether a program (its name or path) may use files under the HOME its environment gives it. */
export function usesHome(program: string): boolean {
  return !HOME_BLIND.has(program.slice(program.lastIndexOf("/") + 1));
}

/** The elements of a `:`-separated load path, each read (a computed value is one path). */
function loadPaths(value: Word): PathUse[] {
  if (value.text === "") return [];
  if (!value.literal || !value.text.includes(":")) return [{ word: value, access: "read" }];
  const uses: PathUse[] = [];
  let offset = 0;
  for (const element of value.text.split(":")) {
    // An empty element is the working directory, as for PATH.
    const text = element === "" ? "." : element;
    uses.push({
      word: wordFromText(text, {
        start: value.start < 0 ? -1 : value.start + offset,
        tilde: text.startsWith("~"),
      }),
      access: "read",
    });
    offset += element.length + 1;
  }
  return uses;
}

/**
 * The `NAME=value` words a wrapper carries (`env GIT_SSH_COMMAND=… git fetch`, `sudo VAR=…`).
 * env passes a name bash could not assign too, and programs read some (cmake's `ASM-ATT` and
 * `ASM-ATTFLAGS`: R24 env-nonname-compiler, traced): any name without `=`, `/` or a blank
 * that does not start as an option.
 */
export function assignmentsOfWords(words: readonly Word[]): Assignment[] {
  const found: Assignment[] = [];
  for (const word of words) {
    // `BASH_FUNC_NAME%%=() { …; }` (an `env` word) is how bash passes a function to a child bash.
    const match = /^([A-Za-z_][A-Za-z0-9_]*|BASH_FUNC_[^=]*%%|[^=\s/-][^=\s/]*)=/.exec(word.text);
    if (!match) continue;
    const name = match[1] as string;
    const text = word.text.slice(name.length + 1);
    found.push({
      name,
      value: {
        ...word,
        text,
        tilde: word.literal && text.startsWith("~"),
        pattern: null,
        leadingVariable: null,
        start: word.start < 0 ? word.start : word.start + name.length + 1,
      },
    });
  }
  return found;
}

/** The commands the `NAME=value` words of a wrapper hide. */
export function injectedByWords(words: readonly Word[]): Injection[] {
  return injectedByAssignments(assignmentsOfWords(words));
}
