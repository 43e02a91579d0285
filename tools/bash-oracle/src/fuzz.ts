import { appendFileSync, mkdirSync, writeFileSync } from "node:fs";
import { join, posix } from "node:path";
import { type BashAnalysis, type BashAnalyzer, loadBashAnalyzer } from "@pi-permission/bash";
import fc from "fast-check";
import { checkSoundness, type SoundnessFailure, sentinelReason } from "./check.ts";
import { findCorpus, loadCorpusCommands } from "./corpus.ts";
import { FIXTURE_CWD, FIXTURE_HOME } from "./fixture.ts";
import { generatedCommand, mutatedCorpusCommand } from "./generate.ts";
import { minimizeTokens } from "./minimize.ts";
import { BashOracle, type Observation } from "./sandbox.ts";

export interface FuzzOptions {
  /** How many commands to generate. */
  runs: number;
  /** The fast-check seed: the same seed and corpus give the same commands. */
  seed: number;
  /** Sandboxes running at once (default 2, for a 2-core machine). */
  workers?: number;
  /** Where `findings.jsonl` and `summary.json` go; nothing is written when absent. */
  outDir?: string;
  /** Per-command wall-clock limit in the sandbox (ms). */
  timeoutMs?: number;
  /** How many failing commands of one class are minimized (the others are reported as found). */
  minimizePerClass?: number;
  /** Predicate calls one minimization may make (default 60). */
  minimizeBudget?: number;
  /**
   * Failing commands of one class written out as findings (default 25); the others are only
   * counted, so a run of 100 000 commands does not write a finding per computed word.
   */
  findingsPerClass?: number;
  /** The corpus file to mutate; `undefined` finds `corpus/cases.jsonl` upwards, `null` uses none. */
  corpusFile?: string | null;
  /** Called every few seconds and at the end. */
  onProgress?: (summary: FuzzSummary) => void;
  analyzer?: BashAnalyzer;
}

/** One failing command: its smallest reproduction, what real bash did, what the analysis said. */
export interface Finding {
  /** The minimized command (the original when it was not minimized). */
  command: string;
  original: string;
  /** Position of the original in the run (with the seed, enough to regenerate it). */
  index: number;
  seed: number;
  minimized: boolean;
  failures: SoundnessFailure[];
  real: {
    execs: { path: string; argv: readonly string[]; stub: boolean }[];
    files: { path: string; access: string; syscall: string; ok: boolean; program: string }[];
    exitCode: number | null;
    stderr: string;
  };
  analysis: {
    status: BashAnalysis["status"];
    units: {
      argv: readonly string[];
      executed: readonly string[] | null;
      sentinel: string | null;
    }[];
    paths: BashAnalysis["paths"];
  };
}

export interface FuzzSummary {
  seed: number;
  runs: number;
  /** Commands generated so far. */
  generated: number;
  /** How many of them were corpus mutations. */
  fromCorpus: number;
  corpus: string | null;
  /** Commands whose analysis has a sentinel or a non-ok status: not run, the gates ask about them. */
  sentinelCovered: number;
  sentinelReasons: Record<string, number>;
  /** Commands run under strace and checked. */
  straced: number;
  sound: number;
  /** Commands with at least one soundness failure. */
  unsound: number;
  /** Unsound commands whose every failure is a `computed-word` (an expansion kept as written in argv). */
  unsoundComputedWordOnly: number;
  /** Failures by class (`reason program`), over all unsound commands. */
  failureClasses: Record<string, number>;
  /** Commands killed at the time limit (their partial trace was still checked). */
  timeouts: number;
  timeoutSamples: string[];
  /** Commands whose trace never showed the shell starting: a harness problem, not a verdict. */
  harnessErrors: number;
  harnessErrorSamples: string[];
  /** File accesses by programs whose files do not follow from their words (reported, not judged). */
  unmodelledAccesses: number;
  elapsedMs: number;
  commandsPerSecond: number;
  stracedPerSecond: number;
  findings: Finding[];
}

const CHUNK = 500;

/** Runs the generator through the analysis and the oracle, and reports every soundness failure. */
export async function runFuzz(options: FuzzOptions): Promise<FuzzSummary> {
  const analyzer = options.analyzer ?? (await loadBashAnalyzer());
  const corpus = options.corpusFile === undefined ? findCorpus() : options.corpusFile;
  const corpusCommands = corpus ? loadCorpusCommands(corpus) : [];
  const source = corpusCommands.length
    ? fc.oneof(
        { arbitrary: generatedCommand().map((command) => ({ command, corpus: false })), weight: 4 },
        {
          arbitrary: mutatedCorpusCommand(corpusCommands).map((command) => ({
            command,
            corpus: true,
          })),
          weight: 1,
        },
      )
    : generatedCommand().map((command) => ({ command, corpus: false }));
  const summary: FuzzSummary = {
    seed: options.seed,
    runs: options.runs,
    generated: 0,
    fromCorpus: 0,
    corpus,
    sentinelCovered: 0,
    sentinelReasons: {},
    straced: 0,
    sound: 0,
    unsound: 0,
    unsoundComputedWordOnly: 0,
    failureClasses: {},
    timeouts: 0,
    timeoutSamples: [],
    harnessErrors: 0,
    harnessErrorSamples: [],
    unmodelledAccesses: 0,
    elapsedMs: 0,
    commandsPerSecond: 0,
    stracedPerSecond: 0,
    findings: [],
  };
  if (options.outDir) {
    mkdirSync(options.outDir, { recursive: true });
    writeFileSync(join(options.outDir, "findings.jsonl"), "");
  }
  let chunk: { command: string; corpus: boolean }[] = [];
  let next = 0;
  const take = (): { index: number; command: string } | null => {
    if (next >= options.runs) return null;
    const offset = next % CHUNK;
    if (offset === 0) {
      const numRuns = Math.min(CHUNK, options.runs - next);
      chunk = fc.sample(source, { seed: options.seed + next / CHUNK, numRuns });
    }
    const item = chunk[offset];
    if (!item) return null;
    summary.generated++;
    if (item.corpus) summary.fromCorpus++;
    return { index: next++, command: item.command };
  };
  const minimizedPerClass = new Map<string, number>();
  const reportedPerClass = new Map<string, number>();
  const context = { cwd: FIXTURE_CWD, home: FIXTURE_HOME };
  const started = performance.now();
  let lastProgress = started;
  const progress = () => {
    summary.elapsedMs = performance.now() - started;
    const seconds = summary.elapsedMs / 1000;
    summary.commandsPerSecond = seconds > 0 ? summary.generated / seconds : 0;
    summary.stracedPerSecond = seconds > 0 ? summary.straced / seconds : 0;
  };

  const observe = async (oracle: BashOracle, command: string) => {
    const analysis = analyzer.analyze(command, context);
    const reason = sentinelReason(analysis);
    if (reason) return { analysis, reason, observation: null, outcome: null };
    const observation = await oracle.run(command);
    const outcome = checkSoundness(analysis, observation, context);
    return { analysis, reason: null, observation, outcome };
  };

  const worker = async (oracle: BashOracle) => {
    for (let job = take(); job; job = take()) {
      const result = await observe(oracle, job.command);
      if (result.reason !== null) {
        summary.sentinelCovered++;
        summary.sentinelReasons[result.reason] = (summary.sentinelReasons[result.reason] ?? 0) + 1;
      } else if (result.observation && result.outcome) {
        const { observation, outcome } = result;
        const kind = runKind(observation);
        if (kind !== "ran") {
          // Past the time limit before bash started (a loaded machine): nothing was observed.
          summary.timeouts++;
          if (summary.timeoutSamples.length < 5) summary.timeoutSamples.push(job.command);
          continue;
        }
        summary.straced++;
        if (observation.timedOut) {
          summary.timeouts++;
          if (summary.timeoutSamples.length < 5) summary.timeoutSamples.push(job.command);
        }
        if (!observation.started) {
          summary.harnessErrors++;
          if (summary.harnessErrorSamples.length < 5) {
            summary.harnessErrorSamples.push(
              `${job.command} -> ${observation.stderr.slice(0, 300)}`,
            );
          }
        } else if (outcome.verdict === "unsound") {
          summary.unsound++;
          if (outcome.failures.every((failure) => failure.reason === "computed-word")) {
            summary.unsoundComputedWordOnly++;
          }
          for (const failure of outcome.failures) {
            const key = failureClass(failure);
            summary.failureClasses[key] = (summary.failureClasses[key] ?? 0) + 1;
          }
          const key = failureClass(outcome.failures[0] as SoundnessFailure);
          const reported = reportedPerClass.get(key) ?? 0;
          if (reported < (options.findingsPerClass ?? 25)) {
            reportedPerClass.set(key, reported + 1);
            const finding = await report(
              oracle,
              job,
              result.analysis,
              observation,
              outcome.failures,
            );
            summary.findings.push(finding);
            if (options.outDir) {
              appendFileSync(
                join(options.outDir, "findings.jsonl"),
                `${JSON.stringify(finding)}\n`,
              );
            }
          }
        } else {
          summary.sound++;
        }
        summary.unmodelledAccesses += (outcome.verdict === "sentinel" ? [] : outcome.notes).filter(
          (note) => note.kind === "unmodelled-program",
        ).length;
      }
      if (options.onProgress && performance.now() - lastProgress > 5_000) {
        lastProgress = performance.now();
        progress();
        options.onProgress(summary);
      }
    }
  };

  const report = async (
    oracle: BashOracle,
    job: { index: number; command: string },
    analysis: BashAnalysis,
    observation: Observation,
    failures: SoundnessFailure[],
  ): Promise<Finding> => {
    const key = failureClass(failures[0] as SoundnessFailure);
    const done = minimizedPerClass.get(key) ?? 0;
    let best = { command: job.command, analysis, observation, failures };
    if (done < (options.minimizePerClass ?? 2)) {
      minimizedPerClass.set(key, done + 1);
      await minimizeTokens(
        job.command,
        async (candidate) => {
          const result = await observe(oracle, candidate);
          if (!result.observation || result.outcome?.verdict !== "unsound") return false;
          if (!result.outcome.failures.some((failure) => failureClass(failure) === key))
            return false;
          if (candidate.length < best.command.length) {
            best = {
              command: candidate,
              analysis: result.analysis,
              observation: result.observation,
              failures: result.outcome.failures,
            };
          }
          return true;
        },
        options.minimizeBudget ?? 60,
      );
    }
    return {
      command: best.command,
      original: job.command,
      index: job.index,
      seed: options.seed,
      minimized: best.command !== job.command,
      failures: best.failures,
      real: {
        execs: best.observation.execs.map(({ path, argv, stub }) => ({ path, argv, stub })),
        files: best.observation.files.map((file) => ({
          path: file.path,
          access: file.access,
          syscall: file.syscall,
          ok: file.ok,
          program: posix.basename(file.program[0] ?? ""),
        })),
        exitCode: best.observation.exitCode,
        stderr: best.observation.stderr.slice(0, 500),
      },
      analysis: {
        status: best.analysis.status,
        units: best.analysis.units.map(({ argv, executed, sentinel }) => ({
          argv,
          executed,
          sentinel,
        })),
        paths: best.analysis.paths,
      },
    };
  };

  const workers = Math.max(1, options.workers ?? 2);
  const oracles = await Promise.all(
    Array.from({ length: workers }, () => BashOracle.start({ timeoutMs: options.timeoutMs })),
  );
  try {
    await Promise.all(oracles.map((oracle) => worker(oracle)));
  } finally {
    await Promise.all(oracles.map((oracle) => oracle.close()));
  }
  progress();
  if (options.outDir) {
    const { findings, ...rest } = summary;
    writeFileSync(
      join(options.outDir, "summary.json"),
      `${JSON.stringify({ ...rest, findings: findings.length }, null, 2)}\n`,
    );
  }
  options.onProgress?.(summary);
  return summary;
}

/** The class a failure is grouped and minimized under: its reason and the program involved. */
/**
 * What one oracle run can tell: `unobserved` when the time limit ended it before bash started
 * (on a loaded machine: it proves nothing about the command, nor about the harness); `ran`
 * otherwise, a run that ended in time without bash starting being a harness error.
 */
export function runKind(
  observation: Pick<Observation, "started" | "timedOut">,
): "ran" | "unobserved" {
  return !observation.started && observation.timedOut ? "unobserved" : "ran";
}

export function failureClass(failure: SoundnessFailure): string {
  const program = failure.exec
    ? posix.basename(failure.exec.argv[0] ?? failure.exec.path)
    : posix.basename(failure.file?.program[0] ?? "");
  return `${failure.reason} ${program}`;
}

/** The plain-text summary `npm run fuzz` prints. */
export function formatSummary(s: FuzzSummary): string {
  const top = (record: Record<string, number>) =>
    Object.entries(record)
      .sort((a, b) => b[1] - a[1])
      .map(([key, count]) => `      ${String(count).padStart(6)}  ${key}`)
      .join("\n");
  const lines = [
    `seed ${s.seed}: ${s.generated} commands in ${(s.elapsedMs / 1000).toFixed(1)} s (${s.commandsPerSecond.toFixed(1)} commands/s; ${s.stracedPerSecond.toFixed(1)} straced/s)`,
    `  generated         ${s.generated} (${s.fromCorpus} corpus mutations${s.corpus ? ` of ${s.corpus}` : ", no corpus found"})`,
    `  sentinel-covered  ${s.sentinelCovered} (not run: the analysis floors them to ask)`,
  ];
  if (s.sentinelCovered > 0) lines.push(top(s.sentinelReasons));
  lines.push(
    `  straced           ${s.straced}`,
    `  sound             ${s.sound}`,
    `  unsound           ${s.unsound} (${s.unsoundComputedWordOnly} of them only for computed words)`,
  );
  if (s.unsound > 0) lines.push("    failure classes:", top(s.failureClasses));
  lines.push(
    `  timeouts          ${s.timeouts}`,
    `  harness errors    ${s.harnessErrors}`,
    `  unmodelled-program file accesses (not judged): ${s.unmodelledAccesses}`,
  );
  for (const sample of s.harnessErrorSamples) lines.push(`    harness: ${sample}`);
  for (const sample of s.timeoutSamples) lines.push(`    timed out: ${JSON.stringify(sample)}`);
  for (const finding of s.findings.slice(0, 10)) {
    lines.push(`  FAIL ${JSON.stringify(finding.command)}`);
    for (const failure of finding.failures.slice(0, 3)) lines.push(`       ${failure.detail}`);
  }
  if (s.findings.length > 10) lines.push(`  … and ${s.findings.length - 10} more failing commands`);
  return lines.join("\n");
}
