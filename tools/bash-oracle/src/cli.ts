#!/usr/bin/env node
// `npm run fuzz -- --runs N [--seed S] [--out DIR] [--workers W]` at the repository root.
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { formatSummary, runFuzz } from "./fuzz.ts";
import { oracleUnavailableReason } from "./sandbox.ts";

const USAGE = `usage: npm run fuzz -- [--runs N] [--seed S] [--out DIR] [--workers W] [--timeout MS]
                      [--minimize K] [--no-corpus]
  --runs N       commands to generate (default 1000)
  --seed S       fast-check seed (default: from the clock; printed, so a run can be repeated)
  --out DIR      where findings.jsonl and summary.json go (default .tmp/bash-oracle)
  --workers W    sandboxes running at once (default 2)
  --timeout MS   per-command limit inside the sandbox (default 3000)
  --minimize K   failing commands minimized per failure class (default 2, 0 for none)
  --no-corpus    do not mutate corpus/cases.jsonl`;

async function main(): Promise<number> {
  const { values } = parseArgs({
    options: {
      runs: { type: "string", default: "1000" },
      seed: { type: "string" },
      out: { type: "string", default: ".tmp/bash-oracle" },
      workers: { type: "string", default: "2" },
      timeout: { type: "string", default: "3000" },
      minimize: { type: "string", default: "2" },
      "no-corpus": { type: "boolean", default: false },
      help: { type: "boolean", default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return 0;
  }
  const unavailable = oracleUnavailableReason();
  if (unavailable) {
    console.error(`bash-oracle: cannot run: ${unavailable}`);
    return 2;
  }
  const number = (name: string, text: string | undefined): number => {
    const value = Number(text);
    if (!Number.isInteger(value) || value < 0)
      throw new Error(`--${name} needs a whole number, got ${text}`);
    return value;
  };
  const seed = values.seed === undefined ? Date.now() % 2 ** 31 : number("seed", values.seed);
  const outDir = resolve(values.out);
  console.log(`bash-oracle: seed ${seed}, ${values.runs} commands, findings in ${outDir}`);
  const summary = await runFuzz({
    runs: number("runs", values.runs),
    seed,
    workers: Math.max(1, number("workers", values.workers)),
    timeoutMs: number("timeout", values.timeout),
    minimizePerClass: number("minimize", values.minimize),
    outDir,
    ...(values["no-corpus"] ? { corpusFile: null } : {}),
    onProgress: (s) =>
      process.stderr.write(
        `  … ${s.generated}/${s.runs} generated, ${s.straced} straced, ${s.sentinelCovered} sentinel-covered, ${s.unsound} unsound (${s.commandsPerSecond.toFixed(1)}/s)\n`,
      ),
  });
  console.log(formatSummary(summary));
  return summary.unsound > 0 || summary.harnessErrors > 0 ? 1 : 0;
}

if (process.argv[1]?.endsWith("cli.js") || process.argv[1]?.endsWith("cli.ts"))
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`bash-oracle: ${(error as Error).stack ?? String(error)}`);
      process.exitCode = 2;
    },
  );
