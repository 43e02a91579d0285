import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, beforeAll, expect, vi } from "vitest";
import {
  type AnalyzeOptions,
  type BashAnalysis,
  type BashAnalyzer,
  type BashUnit,
  loadBashAnalyzer,
  SENTINELS,
} from "../src/index.ts";

/** The corpus setting: working directory `/repo`, home `/home/user`. */
export const OPTIONS = { cwd: "/repo", home: "/home/user" } as const;

/** The places the proofs over all commands analyse from: the corpus's, the root, a deep folder. */
export const PLACES: AnalyzeOptions[] = [
  OPTIONS,
  { cwd: "/", home: "/root" },
  { cwd: "/home/user/src/app", home: "/home/user" },
];

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/**
 * The bash commands of corpus-format files, named from the repository's root
 * (`corpus/adversarial.jsonl`, `bench/pi/everyday.jsonl`); a missing file gives none.
 */
export function corpusCommands(...files: string[]): string[] {
  const out: string[] = [];
  for (const file of files) {
    const path = join(ROOT, file);
    if (!existsSync(path)) continue;
    for (const line of readFileSync(path, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      const c = JSON.parse(line) as { tool?: string; input?: { command?: unknown } };
      if (c.tool === "bash" && typeof c.input?.command === "string") out.push(c.input.command);
    }
  }
  return out;
}

/**
 * For a test file that plays the deadline's clocks: an analyzer without a memo (every analysis
 * is done again, never remembered), loaded before the file's tests, and the clocks' mocks
 * undone after each test. Read it inside a test (`memoless.analyzer`).
 */
export function memolessAnalyzer(): { readonly analyzer: BashAnalyzer } {
  let loadedOnce: BashAnalyzer | null = null;
  beforeAll(async () => {
    loadedOnce = await loadBashAnalyzer({ memoSize: 0 });
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  return {
    get analyzer(): BashAnalyzer {
      if (loadedOnce === null) throw new Error("memolessAnalyzer: read it inside a test");
      return loadedOnce;
    },
  };
}

let loaded: BashAnalyzer | null = null;

/** The analyzer, loaded once per test file. */
export async function analyzer(): Promise<BashAnalyzer> {
  loaded ??= await loadBashAnalyzer();
  return loaded;
}

/**
 * Analyses with the corpus setting. Units come without their `computed` word indices, which
 * the suites that pin whole units do not spell out; `analyzeFull` keeps them.
 */
export async function analyze(command: string): Promise<BashAnalysis> {
  const analysis = await analyzeFull(command);
  return { ...analysis, units: analysis.units.map(({ computed: _computed, ...unit }) => unit) };
}

/** Analyses with the corpus setting, every field kept. */
export async function analyzeFull(command: string): Promise<BashAnalysis> {
  return (await analyzer()).analyze(command, OPTIONS);
}

/**
 * A whole expected unit. `argv` is given as one string split on single spaces (write a
 * word with spaces as an array); `executed` defaults to `argv`.
 */
export function unit(
  text: string,
  argv: string | string[],
  extra: Partial<BashUnit> = {},
): BashUnit {
  const words = typeof argv === "string" ? (argv === "" ? [] : argv.split(" ")) : argv;
  return {
    text,
    argv: words,
    context: null,
    wrappers: [],
    executed: words,
    sentinel: null,
    ...extra,
  };
}

export const { unparseable, opaqueWrapper, indirectionWrapper } = SENTINELS;

/** Each path a command touches as `access path`, a glob as its pattern, else its sentinel. */
export async function pathsOf(command: string): Promise<string[]> {
  const analysis = await analyze(command);
  return analysis.paths.map((path) => `${path.access} ${path.path ?? path.glob ?? path.sentinel}`);
}

/**
 * The paths of the unit whose words start with `words`, as `access path|glob|sentinel`; such a
 * unit must be there.
 */
export function unitPathsOf(analysis: BashAnalysis, words: string): string[] {
  const index = analysis.units.findIndex((unit) => unit.argv.join(" ").startsWith(words));
  expect(index).not.toBe(-1);
  return analysis.paths
    .filter((path) => path.unit === index)
    .map((path) => `${path.access} ${path.path ?? path.glob ?? path.sentinel}`);
}

/**
 * The paths of the last unit that runs `program`, as `access path|glob|sentinel`; such a unit
 * must be there. For a string of several lines, whose last use is the one in question.
 */
export async function lastUnitPaths(command: string, program: string): Promise<string[]> {
  const analysis = await analyze(command);
  const index = analysis.units.findLastIndex((unit) => unit.argv[0] === program);
  expect(index).not.toBe(-1);
  return analysis.paths
    .filter((path) => path.unit === index)
    .map((path) => `${path.access} ${path.path ?? path.glob ?? path.sentinel}`);
}

/** The paths of an analysis as `access:path`, a glob as its pattern, a computed one as `access:?`. */
export function paths(analysis: BashAnalysis): string[] {
  return analysis.paths.map((path) => `${path.access}:${path.path ?? path.glob ?? "?"}`);
}

/** The paths of an analysis as `access:path`, a glob as `access:glob:pattern`. */
export function globPaths(analysis: BashAnalysis): string[] {
  return analysis.paths.map(
    (path) => `${path.access}:${path.glob == null ? (path.path ?? "?") : `glob:${path.glob}`}`,
  );
}

/** Whether the analysis lets `words` run (a unit runs it, or some unit is not proven). */
export function mayRun(analysis: BashAnalysis, words: string): boolean {
  return analysis.units.some(
    (unit) => unit.sentinel !== null || unit.executed?.join(" ").startsWith(words) === true,
  );
}

/** Whether the analysis covers a read of ~/notes.txt (by name, or as a path it cannot name). */
export function mayReadNotes(analysis: BashAnalysis): boolean {
  const found = paths(analysis);
  return (
    found.includes("read:/home/user/notes.txt") ||
    // A folder the walk cannot name: any `notes.txt` below any folder.
    found.includes("read:**/notes.txt") ||
    found.some((path) => path.endsWith(":?")) ||
    analysis.units.some((unit) => unit.sentinel !== null)
  );
}

/** Each unit as `argv` (and its sentinel when it has one), and each path as `access path`. */
export async function unitsAndPaths(command: string) {
  const analysis = await analyze(command);
  return {
    status: analysis.status,
    units: analysis.units.map((u) => u.argv.join(" ") + (u.sentinel ? ` ${u.sentinel}` : "")),
    paths: analysis.paths.map((p) => `${p.access} ${p.path ?? p.glob ?? p.sentinel}`),
  };
}

/** What the gates see of an analysis, the first unit's words as written aside. */
export async function gatesView(command: string): Promise<string> {
  const analysis = await analyze(command);
  return JSON.stringify({
    status: analysis.status,
    sentinels: analysis.units.map((unit) => unit.sentinel),
    runs: analysis.units.slice(1).map((unit) => unit.executed),
    paths: globPaths(analysis).sort(),
  });
}

/** Whether some unit runs `PROGRAM SUB`: its words, or the words it has run, start so. */
export async function runs(command: string, program: string, sub: string): Promise<boolean> {
  const units = (await analyze(command)).units;
  return units.some((unit) =>
    [unit.argv, unit.executed ?? []].some((words) => words[0] === program && words[1] === sub),
  );
}

/** Whether some unit of the command carries a sentinel (judged ask at least). */
export async function unproven(command: string): Promise<boolean> {
  return (await analyze(command)).units.some((unit) => unit.sentinel !== null);
}

/** The paths a command writes outside /repo, as the analysis resolves them (null: unknown). */
export async function outsideWrites(command: string): Promise<(string | null)[]> {
  const analysis = await analyze(command);
  const paths = analysis.paths
    .filter((p) => p.access !== "read" && p.glob === undefined)
    .filter((p) => p.path === null || !p.path.startsWith("/repo"))
    .map((p) => p.path);
  return [...new Set(paths)];
}
