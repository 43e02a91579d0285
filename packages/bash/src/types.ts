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
}
