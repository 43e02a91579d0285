/**
 * The analysis deadline. Analysis runs synchronously inside the host's tool-call handler, so a
 * slow input would freeze the agent: past its budget the analysis stops and the answer is the
 * `<analysis-timeout>` sentinel, which a gate can never allow.
 *
 * The budget is process CPU time, not wall-clock time, so a busy machine does not make an
 * ordinary command time out: it measures the analyzer's own work. Analysis is synchronous,
 * so one budget at a time is enough.
 */

/** Thrown out of the walk when the budget is spent; caught once, at the analyzer's entry. */
export class DeadlineExceeded extends Error {
  constructor(readonly budgetMs: number) {
    super(`the analysis ran past its ${budgetMs} ms budget`);
  }
}

/** The default budget of one analysis, in milliseconds of CPU time. */
export const DEFAULT_DEADLINE_MS = 50;

/** How many ticks pass between two looks at the clock (a look costs about a microsecond). */
const TICKS_PER_LOOK = 64;

let budgetMs = Number.POSITIVE_INFINITY;
let endsAt = Number.POSITIVE_INFINITY;
let ticks = 0;

function cpuMs(): number {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1000;
}

/** Starts a budget of `ms` milliseconds of CPU time for the analysis about to run. */
export function startDeadline(ms: number): void {
  budgetMs = ms;
  endsAt = cpuMs() + ms;
  ticks = 0;
}

/** Ends the budget: ticks outside an analysis never throw. */
export function stopDeadline(): void {
  budgetMs = Number.POSITIVE_INFINITY;
  endsAt = Number.POSITIVE_INFINITY;
}

/** Whether the budget is spent (looks at the clock every time). */
export function pastDeadline(): boolean {
  return endsAt !== Number.POSITIVE_INFINITY && cpuMs() > endsAt;
}

/** Called in every loop of the analysis that grows with the input; throws past the budget. */
export function tick(): void {
  if (++ticks % TICKS_PER_LOOK !== 0) return;
  if (pastDeadline()) throw new DeadlineExceeded(budgetMs);
}
