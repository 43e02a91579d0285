/**
 * The names a unit carries when the analyzer cannot prove what it runs. A gate treats a
 * sentinel as at most "ask": it never allows what it cannot see.
 */
export const SENTINELS = {
  /** The command, or a region of it, could not be parsed with confidence. */
  unparseable: "<unparseable-bash-command>",
  /** The unit runs code from a string: `bash -c`, `eval`, `python -c`, `node -e`. */
  opaqueWrapper: "<opaque-bash-wrapper>",
  /** The unit runs another command through a wrapper whose inner command is not proven. */
  indirectionWrapper: "<indirection-bash-wrapper>",
  /**
   * Code in a string that bash evaluates later reaches an evaluating context: a variable whose
   * value may hold code inside arithmetic or an array subscript, `${!x}`, `${x@P}`, `PS4`
   * under `set -x`, `mapfile -C`, `compgen -C`, aliases under `expand_aliases`, `hash -p`.
   */
  evaluatedString: "<evaluated-string>",
  /** A git subcommand git does not know: an alias, which may run any command. */
  gitAlias: "<git-alias>",
  /**
   * A file the command touches whose name cannot be resolved lexically (`$(…)`, `$VAR`,
   * `~user`, a loop variable, a relative operand after a `cd` that cannot be followed).
   * It is carried by the path, not the unit: the gates judge it where the policy has path rules.
   */
  computedPath: "<computed-path>",
  /**
   * A word of the command is only known at run time, and a rule that does not allow could
   * match what it becomes (`git $(echo push) origin` under a `git push *` deny).
   */
  computedWord: "<computed-word>",
  /** The analysis ran past its deadline: nothing after that point was examined. */
  analysisTimeout: "<analysis-timeout>",
  /**
   * Another call the host runs at the same time (a sibling call of the same assistant message)
   * may make or move a symbolic link: a path of this call, looked up on disk before that call
   * ran, may reach another file. Carried by the path, as `<computed-path>` is.
   */
  concurrentCall: "<concurrent-call>",
} as const;

/** One of the sentinel names in {@link SENTINELS}. */
export type Sentinel = (typeof SENTINELS)[keyof typeof SENTINELS];

const SENTINEL_VALUES: ReadonlySet<string> = new Set(Object.values(SENTINELS));

/**
 * Whether a matched pattern or unit name is one of the analyzer's sentinels.
 *
 * @example
 * ```ts
 * isSentinel("<opaque-bash-wrapper>"); // true
 * isSentinel("git *"); // false
 * ```
 */
export function isSentinel(value: string): value is Sentinel {
  return SENTINEL_VALUES.has(value);
}
