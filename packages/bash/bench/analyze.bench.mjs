// Benchmark of the built analyzer (dist/). It reports; it asserts nothing.
//
//   npm run build && npm run bench
//
// Figures: grammar load time, p50/p99 analysis time over every corpus bash command, the time
// for a 72 KB quoted heredoc, each pathological input against the deadline, and RSS/heap
// before and after 50,000 analyses. The corpus is the repository's own (corpus/ at the root);
// PI_PERMISSION_CORPUS points it elsewhere.
import { existsSync, readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const dist = resolve(here, "../dist/index.js");
if (!existsSync(dist)) {
  console.error("dist/index.js is missing: run `npm run build` in packages/bash first.");
  process.exit(1);
}
const corpusDir = process.env.PI_PERMISSION_CORPUS ?? resolve(here, "../../../corpus");
const { PATHOLOGICAL } = await import(pathToFileURL(resolve(here, "pathological.mjs")).href);
const OPTIONS = { cwd: "/repo", home: "/home/user" };

const importStart = performance.now();
const { loadBashAnalyzer } = await import(pathToFileURL(dist).href);
const imported = performance.now();
// Every figure below is an analysis done in full: the memo, which answers a repeated command
// from memory, is off here (memoSize 0) and measured on its own at the end.
const analyzer = await loadBashAnalyzer({ memoSize: 0 });
const loaded = performance.now();
const remembering = await loadBashAnalyzer();

const commands = readFileSync(join(corpusDir, "cases.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line))
  .filter((entry) => entry.tool === "bash")
  .map((entry) => entry.input.command);

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function time(command) {
  const start = performance.now();
  analyzer.analyze(command, OPTIONS);
  return performance.now() - start;
}

const ms = (value) => `${value.toFixed(3)} ms`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

// Warm up the JIT and the wasm module.
for (let round = 0; round < 20; round++) for (const command of commands) time(command);

const small = [];
const all = [];
const perCommand = commands.map(() => []);
for (let round = 0; round < 100; round++) {
  commands.forEach((command, index) => {
    const took = time(command);
    all.push(took);
    perCommand[index].push(took);
    if (Buffer.byteLength(command) < 1024) small.push(took);
  });
}
small.sort((a, b) => a - b);
all.sort((a, b) => a - b);
// Each command's median: robust to the scheduler on a shared machine, shows the slowest command.
const medians = perCommand
  .map((times) => times.sort((a, b) => a - b)[times.length >> 1])
  .sort((a, b) => a - b);

const line = "x = compute(values[i]) + offset  # rm -rf / ; $(whoami) `id` | sh\n";
// Whole lines only: a body cut mid-line would lose its closing delimiter line.
const body = line.repeat(Math.floor((72 * 1024) / line.length));
const heredoc = `cat <<'EOF' > gen.py\n${body}EOF`;
const large = [];
for (let round = 0; round < 5; round++) time(heredoc);
for (let round = 0; round < 50; round++) large.push(time(heredoc));
large.sort((a, b) => a - b);
const largeAnalysis = analyzer.analyze(heredoc, OPTIONS);

// Each pathological input three times: the slowest run is the one that counts. A run that
// outlived the budget must come back with the timeout sentinel, never a proof.
const pathological = [];
for (const [name, command] of Object.entries(PATHOLOGICAL)) {
  const runs = [];
  let analysis;
  for (let round = 0; round < 3; round++) {
    const start = performance.now();
    analysis = analyzer.analyze(command, OPTIONS);
    runs.push(performance.now() - start);
  }
  const timedOut = analysis.units.some((unit) => unit.sentinel === "<analysis-timeout>");
  pathological.push({
    name,
    size: command.length,
    worst: Math.max(...runs),
    status: analysis.status,
    timedOut,
  });
}
pathological.sort((a, b) => b.worst - a.worst);

// A repeated command answered by the memo (what a long session sees for `git status`).
const repeats = [];
for (const command of commands) remembering.analyze(command, OPTIONS);
for (let round = 0; round < 50; round++) {
  for (const command of commands) {
    const start = performance.now();
    remembering.analyze(command, OPTIONS);
    repeats.push(performance.now() - start);
  }
}
repeats.sort((a, b) => a - b);

function memory() {
  globalThis.gc?.();
  const usage = process.memoryUsage();
  // `external` holds the WebAssembly memory: a leaked tree would make it grow.
  return { rss: usage.rss, heap: usage.heapUsed, wasm: usage.external };
}

const before = memory();
const checkpoints = [];
for (let i = 1; i <= 50_000; i++) {
  analyzer.analyze(commands[i % commands.length], OPTIONS);
  if (i % 10_000 === 0) checkpoints.push([i, memory()]);
}
const after = memory();

console.log("@pi-permission/bash analyzer benchmark");
console.log(
  `node ${process.version}, ${commands.length} corpus bash commands, gc ${globalThis.gc ? "exposed" : "not exposed"}, ` +
    `${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(" ")}`,
);
console.log("");
console.log(
  `grammar load      import ${ms(imported - importStart)}, loadBashAnalyzer ${ms(loaded - imported)} (target < 150 ms)`,
);
console.log(
  `commands < 1 KB   p50 ${ms(percentile(small, 50))}, p99 ${ms(percentile(small, 99))} over ${small.length} analyses (target p99 < 1 ms)`,
);
console.log(
  `all corpus        p50 ${ms(percentile(all, 50))}, p99 ${ms(percentile(all, 99))}, max ${ms(all[all.length - 1])}`,
);
console.log(
  `per-command median  fastest ${ms(medians[0])}, p50 ${ms(percentile(medians, 50))}, slowest ${ms(medians[medians.length - 1])}`,
);
console.log(
  `72 KB heredoc     p50 ${ms(percentile(large, 50))}, p99 ${ms(percentile(large, 99))} (${heredoc.length} chars, status ${largeAnalysis.status}, ${largeAnalysis.units.length} unit) (target < 20 ms)`,
);
console.log(
  `repeated, memo    p50 ${ms(percentile(repeats, 50))}, p99 ${ms(percentile(repeats, 99))} (the same command again: the memo answers)`,
);
console.log(
  `pathological      worst ${ms(pathological[0].worst)} (${pathological[0].name}) over ${pathological.length} inputs, ` +
    `default deadline 50 ms of work, wall stop 1000 ms (target: every input answered well under 2 s)`,
);
for (const entry of pathological) {
  console.log(
    `  ${entry.name.padEnd(24)} ${ms(entry.worst).padStart(11)}  ${String(entry.size).padStart(8)} chars  ` +
      `${entry.status}${entry.timedOut ? ", <analysis-timeout>" : ""}`,
  );
}
console.log(
  `memory before     rss ${mb(before.rss)}, heap ${mb(before.heap)}, external (wasm) ${mb(before.wasm)}`,
);
for (const [count, usage] of checkpoints) {
  console.log(
    `after ${String(count).padStart(6)}      rss ${mb(usage.rss)}, heap ${mb(usage.heap)}, external (wasm) ${mb(usage.wasm)}`,
  );
}
console.log(
  `growth            rss ${mb(after.rss - before.rss)}, heap ${mb(after.heap - before.heap)}, ` +
    `external (wasm) ${mb(after.wasm - before.wasm)} over 50,000 analyses`,
);
