/**
 * The work budget of judging one call. The gates run synchronously inside the host's
 * `tool_call` handler, after the bash analysis (which has its own deadline): a crafted input
 * that makes matching slow (thousands of option words against a deny rule, a glob of hundreds
 * of levels met against every path rule, tens of thousands of paths in a tool's arguments)
 * would freeze the agent. Past the budget the judging stops and the call is asked about, never
 * allowed.
 *
 * Like the analysis deadline, the budget counts work, not time, so that an ordinary call gets
 * the same verdict on a cold start, a busy machine or a fast one. Whatever the counted steps do
 * not see is bounded by this process's CPU time, far above the budget, which a busy machine
 * does not inflate; the wall clock stops the judging only ten times later still (a stalled
 * machine, or file-system calls that hang).
 */

import { threadCpuMs } from "@pi-permission/bash";

/** Thrown out of the judging when the budget is spent; caught where the budget was started. */
export class WorkBudgetSpent extends Error {
  constructor(readonly what: string) {
    super(`judging the call ran past its work budget (${what})`);
  }
}

/**
 * The budget of one call's judging, in steps. A step is about a tenth of a microsecond of
 * matching work on an ordinary machine, so this is about 100 ms: two orders of magnitude above
 * what the largest corpus call spends.
 */
export const WORK_BUDGET_STEPS = 1_000_000;

/**
 * The CPU-time stop of one call's judging, in milliseconds; the wall-clock stop is
 * `WALL_FACTOR` (10) times as long.
 */
export const WORK_BUDGET_WALL_MS = 1_000;

/** The wall-clock stop, as a multiple of the CPU-time stop. */
const WALL_FACTOR = 10;

/**
 * The clocks the stops read: the wall clock and this thread's CPU time, in milliseconds
 * (replaced in tests, to play a loaded or a runaway machine without timing anything).
 */
export const workBudgetClocks = {
  wall: (): number => performance.now(),
  cpu: (): number => threadCpuMs(),
};

/** How many steps pass between two looks at the wall clock. */
const STEPS_PER_LOOK = 4096;

interface Budget {
  left: number;
  nextLook: number;
  readonly cpuMs: number;
  /** NaN until the first look at the CPU clock (see {@link cpuStopPassed}). */
  cpuEndsAt: number;
  readonly wallStartedAt: number;
  readonly wallEndsAt: number;
}

/**
 * Whether this thread has spent the budget's CPU-time stop. The CPU clock is a system call
 * (about 16 µs on a busy machine, issue 18) and most calls' judging ends before its first
 * look, so it is not read when the budget starts: the first look takes the CPU time at the
 * start to be the time now less the wall time since the start (the thread cannot have run
 * longer than that), so the stop comes no later than when read at the start.
 */
function cpuStopPassed(budget: Budget, wall: number): boolean {
  const cpu = workBudgetClocks.cpu();
  if (Number.isNaN(budget.cpuEndsAt)) {
    budget.cpuEndsAt = cpu - (wall - budget.wallStartedAt) + budget.cpuMs;
  }
  return cpu > budget.cpuEndsAt;
}

let current: Budget | null = null;

/**
 * Runs `work` under a fresh budget and returns what it returns; a budget already running
 * (a nested call) is kept, so the outer call's limit holds. Throws {@link WorkBudgetSpent}
 * out of `work` when the budget runs out: past `steps` counted steps, past `wallMs` of this
 * process's CPU time, or past ten times `wallMs` on the wall clock.
 *
 * @example
 * ```ts
 * try {
 *   withWorkBudget(() => judge(call));
 * } catch (error) {
 *   if (error instanceof WorkBudgetSpent) return askBecauseTooSlow(error);
 *   throw error;
 * }
 * ```
 */
export function withWorkBudget<T>(
  work: () => T,
  steps: number = WORK_BUDGET_STEPS,
  wallMs: number = WORK_BUDGET_WALL_MS,
): T {
  if (current !== null) return work();
  const wallStartedAt = workBudgetClocks.wall();
  current = {
    left: steps,
    nextLook: steps - STEPS_PER_LOOK,
    cpuMs: wallMs,
    cpuEndsAt: Number.NaN,
    wallStartedAt,
    wallEndsAt: wallStartedAt + wallMs * WALL_FACTOR,
  };
  try {
    return work();
  } finally {
    current = null;
  }
}

/**
 * Spends `steps` of the running budget, and throws {@link WorkBudgetSpent} (naming `what`)
 * once it is spent or the wall-clock stop has passed. Outside a budget it does nothing, so the
 * matching functions stay usable on their own.
 */
export function spendWork(steps: number, what: string): void {
  const budget = current;
  if (budget === null) return;
  budget.left -= steps;
  if (budget.left < 0) throw new WorkBudgetSpent(what);
  if (budget.left < budget.nextLook) {
    budget.nextLook = budget.left - STEPS_PER_LOOK;
    const wall = workBudgetClocks.wall();
    if (wall > budget.wallEndsAt || cpuStopPassed(budget, wall)) {
      budget.left = -1;
      throw new WorkBudgetSpent(what);
    }
  }
}
