import { closeSync, openSync, readSync } from "node:fs";

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
  const fromProc = procThreadCpuMs();
  if (fromProc !== undefined) return fromProc;
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/**
 * This thread's `/proc` stat file, opened once and read again from its start on every look
 * (issue 18: opening, sizing and closing it on every look cost about 40 µs, a tenth of a plain
 * call's analysis; a read of the open file costs about 5). `undefined` until the first look;
 * `false` once it could not be opened or read. Module state is per thread (a worker loads its
 * own copy), so the file opened is always the reading thread's own.
 */
let procFile: number | false | undefined;

/** Room for the stat line; the two fields read are among its first few hundred bytes. */
const procLine = typeof Buffer === "undefined" ? undefined : Buffer.allocUnsafe(1024);

/** This thread's CPU time from `/proc/thread-self/stat`, or `undefined` where it cannot be read. */
function procThreadCpuMs(): number | undefined {
  if (procFile === false || procLine === undefined) return undefined;
  try {
    if (procFile === undefined) procFile = openSync("/proc/thread-self/stat", "r");
    const length = readSync(procFile, procLine, 0, procLine.length, 0);
    const stat = procLine.toString("latin1", 0, length);
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    // utime and stime, the 14th and 15th fields, in ticks of 1/100 s.
    const ticks = Number(fields[11]) + Number(fields[12]);
    if (Number.isFinite(ticks)) return ticks * 10;
  } catch {
    // No /proc (not Linux, or a sandbox without it): the process's time stands in from now on.
  }
  if (typeof procFile === "number") {
    try {
      closeSync(procFile);
    } catch {
      // Already gone: nothing to release.
    }
  }
  procFile = false;
  return undefined;
}
