import type { AnalyzeOptions, BashAnalysis, ProgramTable } from "../types.ts";

/**
 * Recently analysed commands. An agent runs the same commands again and again in a session
 * (`git status`, `npm test`), and the analysis is a pure function of the command and its
 * options, so a repeat is answered from here. Entries are frozen: a caller cannot change what
 * the next caller reads. An answer past the deadline is never kept (on an idle machine the
 * same command may be proven), nor is one of a string over the size limit (memory).
 */
export class AnalysisMemo {
  private readonly plain = new Map<string, BashAnalysis>();
  private readonly declared = new WeakMap<ProgramTable, Map<string, BashAnalysis>>();

  constructor(
    /** How many analyses are kept per set of declared programs; 0 keeps none. */
    readonly size: number,
    /** Commands longer than this are not kept. */
    readonly maxCommandLength = 4096,
  ) {}

  get(command: string, options: AnalyzeOptions): BashAnalysis | undefined {
    if (this.size === 0 || command.length > this.maxCommandLength) return undefined;
    const entries = this.entries(options, false);
    if (entries === undefined) return undefined;
    const key = keyOf(command, options);
    const found = entries.get(key);
    if (found !== undefined) {
      // Most recently used last: the oldest entry is the first to go.
      entries.delete(key);
      entries.set(key, found);
    }
    return found;
  }

  set(command: string, options: AnalyzeOptions, analysis: BashAnalysis): BashAnalysis {
    if (this.size === 0 || command.length > this.maxCommandLength) return analysis;
    if (analysis.units.some((unit) => unit.sentinel === "<analysis-timeout>")) return analysis;
    const entries = this.entries(options, true) as Map<string, BashAnalysis>;
    const frozen = deepFreeze(analysis);
    entries.set(keyOf(command, options), frozen);
    if (entries.size > this.size) entries.delete(entries.keys().next().value as string);
    return frozen;
  }

  private entries(options: AnalyzeOptions, create: boolean): Map<string, BashAnalysis> | undefined {
    const programs = options.programs;
    if (programs === undefined) return this.plain;
    let entries = this.declared.get(programs);
    if (entries === undefined && create) {
      entries = new Map();
      this.declared.set(programs, entries);
    }
    return entries;
  }
}

function keyOf(command: string, options: AnalyzeOptions): string {
  return `${options.deadlineMs ?? ""}\u0000${options.cwd}\u0000${options.home}\u0000${command}`;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}
