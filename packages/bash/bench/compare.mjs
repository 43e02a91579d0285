// Side-by-side benchmark of two builds of the analyzer in one process (reports, asserts
// nothing): p50/p99 of full analyses (memo off) over the corpus commands under 1 KB, the two
// builds taking turns on every command so that both see the same machine.
//
//   git worktree add /tmp/base-bash <commit> && (cd /tmp/base-bash/packages/bash && npx tsup)
//   node bench/compare.mjs /tmp/base-bash/packages/bash/dist/index.js [dist/index.js]
//
// ROUNDS (default 300) sets how often each command is analysed by each build. The two builds'
// answers are compared first: a figure for builds that disagree means nothing.
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const [baseArg, newArg] = process.argv.slice(2);
if (baseArg === undefined) {
  console.error("usage: node bench/compare.mjs <base dist/index.js> [new dist/index.js]");
  process.exit(1);
}
const corpusDir = process.env.PI_PERMISSION_CORPUS ?? resolve(here, "../../../corpus");
const load = async (path) =>
  (await import(pathToFileURL(resolve(path)).href)).loadBashAnalyzer({ memoSize: 0 });
const base = await load(baseArg);
const next = await load(newArg ?? resolve(here, "../dist/index.js"));
const OPTIONS = { cwd: "/repo", home: "/home/user" };
const commands = readFileSync(join(corpusDir, "cases.jsonl"), "utf8")
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line))
  .filter((entry) => entry.tool === "bash")
  .map((entry) => entry.input.command)
  .filter((command) => Buffer.byteLength(command) < 1024);

let differing = 0;
for (const command of commands) {
  const a = JSON.stringify(base.analyze(command, OPTIONS));
  const b = JSON.stringify(next.analyze(command, OPTIONS));
  if (a !== b) {
    differing++;
    console.log(`answers differ: ${JSON.stringify(command)}`);
  }
}
for (let round = 0; round < 20; round++) {
  for (const command of commands) {
    base.analyze(command, OPTIONS);
    next.analyze(command, OPTIONS);
  }
}
const rounds = Number(process.env.ROUNDS ?? 300);
const times = { base: [], next: [] };
for (let round = 0; round < rounds; round++) {
  for (const command of commands) {
    // Alternate which build goes first, so that neither always runs on a warmer cache.
    const order = round % 2 === 0 ? ["base", "next"] : ["next", "base"];
    for (const name of order) {
      const analyzer = name === "base" ? base : next;
      const start = performance.now();
      analyzer.analyze(command, OPTIONS);
      times[name].push(performance.now() - start);
    }
  }
}
const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value) => `${value.toFixed(4)} ms`;
const [p50base, p50next] = [percentile(times.base, 50), percentile(times.next, 50)];
console.log(
  `${commands.length} commands < 1 KB x ${rounds} rounds, memo off, load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(" ")}, ${differing} differing answers`,
);
console.log(`base  p50 ${ms(p50base)}, p99 ${ms(percentile(times.base, 99))}`);
console.log(`new   p50 ${ms(p50next)}, p99 ${ms(percentile(times.next, 99))}`);
console.log(`new/base p50 ${(p50next / p50base).toFixed(3)} (${(p50base / p50next).toFixed(2)}x)`);
