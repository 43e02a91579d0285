// What the command reads and writes, and the exit codes it answers with.
import type { CliInput } from "./stdin.ts";

/** Where the command reads and writes; injected so tests read exactly what a user would see. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
  /** Standard input: `check --batch` cases, or `check --input -`. Absent means empty. */
  stdin?: AsyncIterable<string | Uint8Array>;
  /** The current directory: `--cwd` defaults to it, a relative `--cwd` or `--home` resolves against it; `process.cwd()` when absent. */
  cwd?: string;
  /** The directory `--home` defaults to; `os.homedir()` when absent. */
  home?: string;
  /** The environment (`PI_CODING_AGENT_DIR`, `PI_PERMISSION_MANAGED_POLICY`); `process.env` when absent. */
  env?: Readonly<Record<string, string | undefined>>;
  /** Whether standard output is a terminal: `log` colours its output only then. */
  stdoutIsTTY?: boolean;
  /** Whether standard error is a terminal: `log` draws its progress line only then. */
  stderrIsTTY?: boolean;
  /** The terminal's width: `log` fits its lines to it; unbounded when absent. */
  columns?: number;
  /** The clock `log --since` counts back from; `Date.now` when absent. */
  now?: () => number;
  /** Ends `log tail -f`. */
  signal?: AbortSignal;
  /** How long reading a log may take before `log` shows progress (default 400 ms). */
  progressAfterMs?: number;
  /** How often `log tail -f` looks for new lines (default 250 ms). */
  followIntervalMs?: number;
}

/**
 * Exit codes of `pi-permission`: distinct for each verdict, for usage errors and failures.
 *
 * - `ok` / `allow` (0): the command succeeded; `check` / `explain` judged the call allowed;
 *   `check --batch` judged every case.
 * - `invalid` / `error` (1): `validate` found an error in the policy file (or could not read
 *   it); `check` / `explain` could not judge the call (no such policy file, no analyzer);
 *   `check --batch` could not read its input or its policies directory.
 * - `ask` (2): the call needs a human.
 * - `deny` (3): the policy refuses the call.
 * - `usage` (64): the command line is wrong.
 *
 * `log` answers 0 on success, 1 when the request is not in the log or there is no log to
 * read, 64 on a usage error.
 */
export const EXIT = {
  ok: 0,
  allow: 0,
  invalid: 1,
  error: 1,
  ask: 2,
  deny: 3,
  usage: 64,
} as const;

/** The empty input, for an io without `stdin`. */
export const NO_INPUT: CliInput = {
  async *[Symbol.asyncIterator]() {},
};
