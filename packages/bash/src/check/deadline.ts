/**
 * The analysis deadline. Analysis runs synchronously inside the host's tool-call handler, so a
 * slow input would freeze the agent: past its budget the analysis stops and the answer is the
 * `<analysis-timeout>` sentinel, which a gate can never allow.
 *
 * The budget counts work, not time: every loop that grows with the input spends steps (one step
 * is about a tenth of a microsecond of this analyzer's work on an ordinary machine). Counting makes the
 * verdict the same on a cold start, a busy machine or a fast one; a clock would turn the first
 * call of a session, or any call on a loaded machine, into a pointless question. What the steps
 * do not see is bounded by the CPU time this process spends (far above the budget: a cold
 * first call costs a few hundred milliseconds of it), which a busy machine does not inflate;
 * a wall-clock stop, ten times further still, only bounds how long a stalled machine can keep
 * the agent waiting. So the verdict of an input whose counted work is within the budget does
 * not change with the machine's load, unless the machine is so loaded that the analysis takes
 * ten seconds.
 */

import { threadCpuMs } from "../thread-cpu.ts";

/** Thrown out of the walk when the budget is spent; caught once, at the analyzer's entry. */
export class DeadlineExceeded extends Error {
  constructor(readonly budgetMs: number) {
    super(`the analysis ran past its budget of ${budgetMs} ms of work`);
  }
}

/** The default budget of one analysis, in milliseconds of work. */
export const DEFAULT_DEADLINE_MS = 50;

/** Steps in one millisecond of work: one step is about a tenth of a microsecond. */
const STEPS_PER_MS = 10_000;

/** The CPU-time stop, as a multiple of the budget, with a floor for tiny budgets. */
const CPU_FACTOR = 20;
const CPU_FLOOR_MS = 1000;

/** The wall-clock stop, as a multiple of the CPU-time stop. */
const WALL_FACTOR = 10;

/**
 * The clocks the stops read: the wall clock and this thread's CPU time, in milliseconds
 * (replaced in tests, to play a loaded or a runaway machine without timing anything).
 */
export const deadlineClocks = {
  wall: (): number => performance.now(),
  cpu: (): number => threadCpuMs(),
};

/** How many steps pass between two looks at the wall clock. */
const STEPS_PER_LOOK = 4096;

/** What one tick costs, by the kind of loop it is in. */
export const STEP = {
  /** One character of a lexical scan. */
  char: 1,
  /**
   * One character handed to the grammar, paid before parsing: the parser reports progress
   * between tokens only, so a 2 MB word would otherwise be lexed whole before any check.
   */
  input: 2,
  /** One token of the cross-check. */
  token: 10,
  /** One node of the grammar's tree the walk visits as a statement. */
  statement: 150,
  /** One word or expression node the walk searches for substitutions. */
  expression: 30,
  /** One node copied out of the grammar's tree. */
  copy: 5,
  /** One progress report of the grammar's parser (about eighty characters parsed). */
  parse: 100,
  /** One path compared with one link the string made (walk/made-links.ts). */
  link: 5,
} as const;

let budgetMs = Number.POSITIVE_INFINITY;
let left = Number.POSITIVE_INFINITY;
let nextLook = Number.POSITIVE_INFINITY;
let cpuMs = Number.POSITIVE_INFINITY;
/** NaN until the first look at the CPU clock (see {@link cpuStopPassed}). */
let cpuEndsAt = Number.NaN;
let wallStartedAt = 0;
let wallEndsAt = Number.POSITIVE_INFINITY;

/** Starts a budget of `ms` milliseconds of work for the analysis about to run. */
export function startDeadline(ms: number): void {
  budgetMs = ms;
  left = ms * STEPS_PER_MS;
  nextLook = left - STEPS_PER_LOOK;
  cpuMs = Math.max(CPU_FLOOR_MS, ms * CPU_FACTOR);
  cpuEndsAt = Number.NaN;
  looks = 0;
  wallStartedAt = deadlineClocks.wall();
  wallEndsAt = wallStartedAt + cpuMs * WALL_FACTOR;
}

/**
 * Whether this thread has spent the CPU-time stop since the budget started. The CPU clock is a
 * system call (about 16 µs on a busy machine, issue 18), so it is not read when a budget
 * starts: most analyses end long before the first look at it. The first look takes the CPU
 * time at the start to be the time now less the wall time since the start (the thread cannot
 * have run longer than that), so the stop comes no later than when read at the start.
 */
function cpuStopPassed(wall: number): boolean {
  const cpu = deadlineClocks.cpu();
  if (Number.isNaN(cpuEndsAt)) cpuEndsAt = cpu - (wall - wallStartedAt) + cpuMs;
  return cpu > cpuEndsAt;
}

/**
 * How many looks at the wall clock pass between two looks at the CPU time, which costs a
 * system call (several microseconds on a busy machine, where the wall clock costs one).
 */
const LOOKS_PER_CPU_LOOK = 8;

let looks = 0;

/** Whether the CPU-time or the wall-clock stop has passed. */
function pastStops(wall: number = deadlineClocks.wall()): boolean {
  if (wall > wallEndsAt) return true;
  looks++;
  return looks % LOOKS_PER_CPU_LOOK === 0 && cpuStopPassed(wall);
}

/** Ends the budget: ticks outside an analysis never throw. */
export function stopDeadline(): void {
  budgetMs = Number.POSITIVE_INFINITY;
  left = Number.POSITIVE_INFINITY;
  nextLook = Number.POSITIVE_INFINITY;
  cpuMs = Number.POSITIVE_INFINITY;
  cpuEndsAt = Number.NaN;
  wallEndsAt = Number.POSITIVE_INFINITY;
}

/** Spends `steps`; whether the budget is now spent (or a CPU-time or wall-clock stop passed). */
export function spend(steps: number): boolean {
  left -= steps;
  if (left < 0) return true;
  if (left < nextLook) {
    nextLook = left - STEPS_PER_LOOK;
    if (pastStops()) {
      left = -1;
      return true;
    }
  }
  return false;
}

/**
 * Spends `steps` and also looks at the clocks at once: for the grammar's progress reports,
 * whose work per report is not bounded (a heredoc-heavy line makes each one cost milliseconds).
 */
export function spendWithClock(steps: number, wall?: number): boolean {
  if (spend(steps)) return true;
  if (pastStops(wall)) {
    left = -1;
    return true;
  }
  return false;
}

/** A progress report later than this after the one before it also reads the CPU clock. */
const SLOW_REPORT_MS = 1;

let reportWall = 0;
let reportCpu = Number.NaN;

/**
 * Starts the reports of one parse: the wall clock they are measured from. The CPU clock is
 * first read at the first late report, which is not charged: before it, the first parse of a
 * process also compiles the grammar's code (hundreds of milliseconds of this thread's CPU
 * time once, f21a), which is not work of the analysis.
 */
export function startParseReports(): void {
  reportWall = deadlineClocks.wall();
  reportCpu = Number.NaN;
}

/**
 * Spends one progress report of the grammar's parser: its counted steps, or the CPU time it
 * took when that is more. The parser reports at a pace of its own: about every eighty
 * characters of a well-formed line, but tens of milliseconds apart while it recovers from
 * errors (R25: 7.5 KB of `echo a=(a=(…` took 250 reports and a second of CPU, which counted
 * as 0.025 ms of work, so only the one-second CPU stop ended it). A report that comes late on
 * the wall clock reads the CPU clock (a system call, so only then) and is charged the CPU
 * time since the last such reading: a busy machine stretches the wall clock, not the charge.
 */
export function spendParseReport(): boolean {
  const wall = deadlineClocks.wall();
  let steps: number = STEP.parse;
  if (wall - reportWall > SLOW_REPORT_MS) {
    const cpu = deadlineClocks.cpu();
    if (!Number.isNaN(reportCpu)) steps = Math.max(steps, (cpu - reportCpu) * STEPS_PER_MS);
    reportCpu = cpu;
  }
  reportWall = wall;
  // The wall clock just read is the one the stop is checked against (one reading per report).
  return spendWithClock(steps, wall);
}

/** Called in every loop of the analysis that grows with the input; throws past the budget. */
export function tick(steps: number): void {
  if (spend(steps)) throw new DeadlineExceeded(budgetMs);
}

/** The budget that was running, for the message of a cancelled parse. */
export function currentBudgetMs(): number {
  return budgetMs;
}
