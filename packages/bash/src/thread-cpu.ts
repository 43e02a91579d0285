import { readFileSync } from "node:fs";

/**
 * The CPU time of the thread running this code, in milliseconds. The analysis and the judging
 * both stop on it (issue 11: a verdict must not flip with machine load): the compiler's and
 * the collector's threads work beside it (a cold process spends three times as much CPU on
 * them), and a busy machine inflates neither. Node 23.9 reads it directly; on Linux the
 * thread's `/proc` entry has it (in 10 ms ticks); elsewhere the process's CPU time stands in,
 * and without a `process` the wall clock.
 */
export function threadCpuMs(): number {
  if (typeof process === "undefined") return performance.now();
  const thread = (process as { threadCpuUsage?: () => NodeJS.CpuUsage }).threadCpuUsage;
  if (typeof thread === "function") {
    const used = thread.call(process);
    return (used.user + used.system) / 1000;
  }
  if (procStat !== false) {
    try {
      const stat = readFileSync("/proc/thread-self/stat", "latin1");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      // utime and stime, the 14th and 15th fields, in ticks of 1/100 s.
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      procStat = false;
    }
  }
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** Whether `/proc/thread-self/stat` may be read (false once a read failed). */
let procStat: boolean | undefined;
