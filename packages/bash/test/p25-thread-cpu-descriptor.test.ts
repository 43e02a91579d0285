// Issue 18: the thread CPU clock is read on every analysis and every judged call (the
// deadlines' start), so on Linux it keeps this thread's /proc stat file open and reads it again
// from its start, instead of opening, sizing and closing it on every look (about 40 µs each,
// a tenth of a plain call's analysis).
import * as fs from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

vi.mock("node:fs", async (importOriginal) => {
  const real = await importOriginal<typeof import("node:fs")>();
  return {
    ...real,
    openSync: vi.fn(real.openSync),
    readFileSync: vi.fn(real.readFileSync),
    readSync: vi.fn(real.readSync),
  };
});

const { threadCpuMs } = await import("../src/thread-cpu.ts");

const PROC_STAT = "/proc/thread-self/stat";
const hasProc = fs.existsSync(PROC_STAT);
/** Node 23.9 (and later 22.x) reads the thread's time directly; the /proc path is for the rest. */
const withThreadUsage = process as { threadCpuUsage?: unknown };
const threadUsage = withThreadUsage.threadCpuUsage;

function opensOfProc(): number {
  return vi.mocked(fs.openSync).mock.calls.filter(([file]) => file === PROC_STAT).length;
}

function wholeReadsOfProc(): number {
  return vi.mocked(fs.readFileSync).mock.calls.filter(([file]) => file === PROC_STAT).length;
}

describe("threadCpuMs reads /proc through one descriptor", () => {
  beforeEach(() => {
    // Played as a Node without it (Node 20, which the packages support), on any Node here.
    withThreadUsage.threadCpuUsage = undefined;
    vi.mocked(fs.openSync).mockClear();
    vi.mocked(fs.readFileSync).mockClear();
  });

  afterEach(() => {
    withThreadUsage.threadCpuUsage = threadUsage;
  });

  it.skipIf(!hasProc)("opens the stat file at most once for many looks", () => {
    const looks: number[] = [];
    for (let i = 0; i < 20; i += 1) looks.push(threadCpuMs());
    expect(opensOfProc()).toBeLessThanOrEqual(1);
    expect(wholeReadsOfProc()).toBe(0);
    // The looks still come from this thread's file: positional reads, never running backwards.
    expect(vi.mocked(fs.readSync).mock.calls.length).toBeGreaterThanOrEqual(20);
    for (let i = 1; i < looks.length; i += 1) {
      expect(looks[i]).toBeGreaterThanOrEqual(looks[i - 1] as number);
    }
  });

  it.skipIf(!hasProc)("agrees with a fresh read of the stat file", () => {
    const fresh = (): number => {
      const stat = (fs.readFileSync as typeof fs.readFileSync)(PROC_STAT, "latin1");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) * 10;
    };
    const before = fresh();
    const mine = threadCpuMs();
    const after = fresh();
    expect(mine).toBeGreaterThanOrEqual(before);
    expect(mine).toBeLessThanOrEqual(after);
  });
});
