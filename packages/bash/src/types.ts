import type { SENTINELS, Sentinel } from "./sentinels.ts";

/** How confidently the command string was parsed. */
export type ParseStatus =
  /** The grammar accepted the whole string and the token cross-check found nothing missing. */
  | "ok"
  /** Some region could not be parsed with confidence; units from it may be missing or wrong. */
  | "partial"
  /** Nothing usable could be read. */
  | "unparseable";

/**
 * Where a unit runs, relative to the top level of the command string. `null` is the top
 * level. The strings are the ones the presentation contract uses for `commandContext`.
 */
export type BashCommandContext =
  | "command_substitution"
  | "process_substitution"
  | "subshell"
  | null;

/** How a wrapper relates to the command it runs. */
export type WrapperKind =
  /** Changes how the inner command runs, not what runs: `timeout`, `nice`, `nohup`, `time`, `env`, … */
  | "transparent"
  /** Runs the inner command with other privileges or other operands: `sudo`, `doas`, `xargs`, `find -exec`, … */
  | "indirection"
  /** Runs code held in a string: `bash -c`, `eval`, `python -c`, `node -e`. */
  | "opaque";

/** One wrapper layer peeled off a unit, outermost first. */
export interface WrapperLayer {
  /** The wrapper's command name as executed (`sudo`, `timeout`, `find`). */
  name: string;
  kind: WrapperKind;
  /** The words this layer consumed: its name, its options and their values. */
  argv: readonly string[];
}

/** One command that executes when the string runs. */
export interface BashUnit {
  /** The unit's source text, exactly as written (redirects and assignments included). */
  text: string;
  /**
   * The unit's words after quote removal, without leading `VAR=value` assignments and
   * without redirects: `\rm -rf 'x'` gives `["rm", "-rf", "x"]`.
   */
  argv: readonly string[];
  context: BashCommandContext;
  /** Wrapper layers peeled from `argv`, outermost first; empty when there is none. */
  wrappers: readonly WrapperLayer[];
  /**
   * The words of the command this unit finally executes once every wrapper is peeled,
   * or `null` when that cannot be proven (see `sentinel`).
   */
  executed: readonly string[] | null;
  /** Why the unit cannot be fully proven, or `null` when it can. */
  sentinel: Sentinel | null;
  /**
   * Present when some words are only known at run time (`$(echo push)`, `"$X"`, a glob):
   * their indices in `argv` and in `executed`. Such a word may become any text, any number of
   * words or none; a pattern is matched as if it could be anything there.
   */
  computed?: { readonly argv: readonly number[]; readonly executed: readonly number[] };
  /**
   * Present when the command word names a function this string defined before, on every path
   * to this point and in this shell: bash runs that function (its body's commands are units
   * of their own, listed where it is defined), not a program of that name.
   */
  callsFunction?: true;
  /**
   * Present when the unit is read from the later words of a program no table knows, named
   * here (`pg_virtualenv git -c alias.p=push p origin main` gives a unit executing `git push
   * origin main`, hosted by `pg_virtualenv`), and on every unit that reading yields (a
   * compiler line, a script's commands) with the paths they touch: that program may run those
   * words as a command, or may only take them as its own operands. Nothing proves it runs
   * them. Absent on the host's own unit, on what its words give without this reading (its
   * operands as paths, a shell command line among them), and on a declared wrapper's command.
   */
  hostedBy?: string;
  /**
   * Present when the unit runs in a job the string leaves in the background (`cmd &`, a
   * `( … ) &` group): it may still run after the call returns, while later calls are judged.
   */
  background?: true;
  /**
   * Present when the unit runs a file by its path: a command word with a `/` outside the
   * standard binary folders (`./deploy.sh`, `$PWD/deploy.sh`), the script of a shell or an
   * interpreter (`bash deploy.sh`, `python scripts/x.py`, `uv run x.py`), or the file `.` and
   * `source` read. Its words from that file on, the file as an absolute, lexically normalised
   * path, once for each folder the unit may run in (`cd scripts && ./release.sh` gives
   * `[["/repo/scripts/release.sh"]]`). Absent where a folder it may run in is not known.
   */
  runs?: readonly (readonly string[])[];
}

/** How a command uses a path. */
export type PathAccess = "read" | "write" | "read_write";

/** A file or directory the command touches. */
export interface TouchedPath {
  /** The word as written, after quote removal. */
  raw: string;
  /** Absolute and lexically normalised (`~`, `$HOME`, `cd`, `..` resolved); `null` when computed. */
  path: string | null;
  access: PathAccess;
  /** Index into {@link BashAnalysis.units} of the unit that touches it. */
  unit: number;
  /** What made it a path: a redirect target or an operand. */
  via: "redirect" | "operand";
  /**
   * Present when the file is only known as a pattern, and `path` is then `null`: a word bash
   * expands against the file system (`.env*` gives `/repo/.env*`), or a literal relative path
   * after a `cd` the analyzer cannot follow (`cd "$D" && cat .env` gives `**` + `/.env`).
   */
  glob?: string;
  /**
   * Present when neither `path` nor `glob` could be worked out (`cat "$(pick)"`, `cat ~bob/x`,
   * `cat $f` after `read f`): the file is unknown, and a gate must not treat it as untouched.
   */
  sentinel?: typeof SENTINELS.computedPath;
  /**
   * The absolute path before its `..` segments are applied, when a `cd` or an expansion of the
   * string made it (`/repo/link/../x` for `cd link && cat ../x`, or for `cat $PWD/../x` there):
   * the kernel applies each `..` where the folder before it really is on disk, and after
   * `cd link` the shell sits in the link's target.
   */
  joined?: string;
  /**
   * Present with {@link glob} when bash only expands the glob into words and nothing here
   * opens the files it names (a `for` list, an array's elements: `for f in .e*; do echo found;
   * done`): bash reads the folders the pattern searches, as for `echo .e*`. What is done with
   * a name later is a path of its own where the name is used.
   */
  listed?: true;
  /**
   * Present with {@link glob} when each `**` segment in it is bash's own, with `globstar` on and
   * `dotglob` off: like `*`, it matches no name that starts with a `.`, so it enters no dot
   * folder (`src/**\/*.ts` never names `src/.ssh/k.ts`, `**\/.ssh/*` names `src/.ssh/k`).
   * Without it a `**` segment is the analyzer's "any run of folders", dot folders included.
   */
  starsSkipDots?: true;
}

/** Everything the analyzer could prove about one command string. */
export interface BashAnalysis {
  status: ParseStatus;
  /** Every executed command unit, in source order. */
  units: readonly BashUnit[];
  /** Every path the command touches. */
  paths: readonly TouchedPath[];
  /**
   * Why the analysis is not fully trusted, one entry per finding: present (and non-empty)
   * whenever `status` is not `"ok"`, absent when there is nothing to report.
   */
  diagnostics?: readonly AnalysisDiagnostic[];
}

/** One reason an analysis is partial or unparseable. */
export interface AnalysisDiagnostic {
  kind: /** The grammar reported a syntax error (an `ERROR` node). */
    | "grammar-error"
    /** The grammar had to invent a missing token (`ls &&`, an unclosed `(`). */
    | "missing-token"
    /** Text the grammar silently left out of its tree. */
    | "dropped-text"
    /** The token cross-check saw a command the grammar did not enumerate. */
    | "cross-check"
    /** A `bash -c` payload nested too deep to analyse (its unit keeps the opaque sentinel). */
    | "nesting-limit"
    /** The analyzer itself failed; the whole command is unparseable. */
    | "internal-error"
    /** The analysis ran past its deadline (`AnalyzeOptions.deadlineMs`); nothing is proven. */
    | "deadline";
  /** One sentence saying what was found. */
  message: string;
  /** Where, as an offset into the command string (UTF-16 code units), or -1. */
  offset: number;
}

/** Where relative paths and `~` resolve. */
export interface AnalyzeOptions {
  /** The working directory the command runs in (absolute). */
  cwd: string;
  /** The home directory `~` and `$HOME` expand to (absolute). */
  home: string;
  /**
   * How much CPU time the analysis may take, in milliseconds (default 50). Past it the result
   * is `partial` with one unit carrying `<analysis-timeout>`: the call is asked about, never
   * allowed, and the agent never freezes on a pathological input.
   */
  deadlineMs?: number;
  /**
   * Programs the analysis does not know, as a policy declares them: wrappers that run the
   * command in their arguments, executors that run code they are given, and programs whose
   * operands are files (recursive ones included). Keyed by the program's name, optionally
   * followed by subcommand words (`"uv run"`). An entry only ever adds to what the analysis
   * finds: the command is still judged as written and every word shaped like a path is still a
   * path. The names the built-in tables know (see {@link builtinProgram}) cannot be declared.
   * The table is read once per distinct object, so pass the same object on every call.
   *
   * @throws TypeError from `analyze` when an entry is malformed (see {@link checkPrograms})
   */
  programs?: ProgramTable;
}

/** Declared programs by name (`"with-retry"`) or name and subcommand words (`"uv run"`). */
export type ProgramTable = Readonly<Record<string, ProgramDeclaration>>;

/** What a declared program is. */
export type ProgramKind =
  /** Runs the command in its arguments (`with-retry -n 3 git push`): both are judged. */
  | "wrapper"
  /** Runs code it is given (`mylang -e '…'`): the call carries `<opaque-bash-wrapper>`. */
  | "executor"
  /** Reads or writes its operands, with everything below them when it is recursive. */
  | "files";

/**
 * The option grammar of a declared program, in getopt's notation: `short` is an optstring
 * (`"n:v"`: `-n` takes a value, `-v` does not; `x::` takes an optional attached value), `long`
 * names each long option with how it takes a value, `abbreviations` accepts any unambiguous
 * prefix of a long option (GNU getopt_long).
 */
export interface ProgramOptions {
  readonly short?: string;
  readonly long?: Readonly<Record<string, "none" | "required" | "optional">>;
  readonly abbreviations?: boolean;
}

/**
 * One declared program. Fields apply to the kinds named beside them; a field given to another
 * kind is an error. Examples prove the entry (see {@link checkPrograms}).
 */
export interface ProgramDeclaration {
  readonly kind: ProgramKind;
  /** The options it accepts before its operands (any kind). */
  readonly options?: ProgramOptions;
  /** wrapper: words between the options and the command it runs (`timeout`'s duration). */
  readonly positionals?: number;
  /** wrapper: options after which what runs is not the operand as written. */
  readonly unsafe?: readonly string[];
  /** wrapper: options with which it runs nothing (it only looks something up). */
  readonly query?: readonly string[];
  /** executor: options that make it run code; without this list every call does. */
  readonly codeOptions?: readonly string[];
  /** files: what it does to its operands (default `read_write`). */
  readonly operands?: PathAccess;
  /** files: whether directory operands cover everything below: always, or with these options. */
  readonly recursive?: boolean | readonly string[];
  /** wrapper, files: options whose value is a file it reads or writes. */
  readonly fileOptions?: Readonly<Record<string, PathAccess>>;
  /**
   * Examples the entry must hold. wrapper: command → the command it runs; executor: commands
   * that run code; files: command → what it touches (`"read src/**"`, `"write out.tar"`).
   */
  readonly match?: readonly string[] | Readonly<Record<string, string | readonly string[]>>;
  /** wrapper: commands whose inner command is not proven; executor: commands that run no code. */
  readonly notMatch?: readonly string[];
  /** Why the entry looks the way it does. */
  readonly note?: string;
}
