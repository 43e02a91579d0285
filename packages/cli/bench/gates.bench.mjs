// Benchmark of gate evaluation and of `pi-permission check --batch`, against the built
// packages (dist/). It reports; it asserts nothing.
//
//   npx tsup && npm run bench        (in packages/cli, with gates and bash built)
//
// Figures:
// - gate latency over every corpus case, end to end from the tool call's facts to the
//   verdict (`evaluateToolCall`: bash analysis, every gate, composition), p50/p99/max, and
//   the same plus the verdict record `check` prints (agent text included);
// - the same with ten enabled permission hooks (eight policy hooks, two registered checks),
//   the cost a user with many hooks pays on every call;
// - the same for a 72 KB quoted heredoc (a large generated file written through bash);
// - batch throughput: the built CLI in a real process, cases per second including process
//   start and analyzer load, and the rate once started.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const cli = resolve(here, "../dist/cli.js");
const index = resolve(here, "../dist/index.js");
if (!existsSync(cli) || !existsSync(index)) {
  console.error("dist/ is missing: run `npx tsup` in packages/cli (after gates and bash) first.");
  process.exit(1);
}
const corpus = process.env.PI_PERMISSION_CORPUS ?? resolve(here, "../../../corpus");
if (!existsSync(corpus)) {
  console.error(`the corpus is missing at ${corpus}: set PI_PERMISSION_CORPUS.`);
  process.exit(1);
}

const { loadBashAnalyzer } = await import("@pi-permission/bash");
const { evaluateToolCall } = await import("@pi-permission/gates");
const { loadPolicyFile, mergeScopes, parsePolicyText } = await import("@pi-permission/policy");
const { checkRecord } = await import(pathToFileURL(index).href);

const analyzer = await loadBashAnalyzer();
const policies = new Map();
function policyOf(name) {
  if (!policies.has(name)) {
    const file = join(corpus, "policies", `${name}.json`);
    policies.set(name, mergeScopes([loadPolicyFile({ scope: "global", file })]).policy);
  }
  return policies.get(name);
}

const casesText = readFileSync(join(corpus, "cases.jsonl"), "utf8");
const calls = casesText
  .split("\n")
  .filter((line) => line.trim() !== "")
  .map((line) => JSON.parse(line))
  .map((c) => ({
    tool: c.tool,
    policy: policyOf(c.policy),
    facts: {
      toolName: c.tool,
      toolCallId: null,
      input: c.input,
      cwd: "/repo",
      home: "/home/user",
      agentName: null,
      sessionId: null,
    },
  }));

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

function measure(call, withRecord) {
  const start = performance.now();
  const evaluation = evaluateToolCall(call.policy, call.facts, analyzer);
  if (withRecord) checkRecord(evaluation, call.policy, call.tool);
  return performance.now() - start;
}

function series(list, rounds, withRecord) {
  const times = [];
  for (let round = 0; round < rounds; round++) {
    for (const call of list) times.push(measure(call, withRecord));
  }
  return times.sort((a, b) => a - b);
}

const ms = (value) => `${value.toFixed(3)} ms`;
const stats = (sorted) =>
  `p50 ${ms(percentile(sorted, 50))}, p99 ${ms(percentile(sorted, 99))}, max ${ms(sorted.at(-1))} over ${sorted.length} calls`;

// Warm up the JIT and the wasm module.
series(calls, 20, true);
const bashCalls = calls.filter((c) => c.tool === "bash");
const fileCalls = calls.filter((c) => c.tool !== "bash");
const all = series(calls, 100, false);
const bash = series(bashCalls, 100, false);
const files = series(fileCalls, 100, false);
const recorded = series(calls, 100, true);

// Ten hooks of the kinds users write: bash, path and tool rules, and two registered checks.
const hookFile = parsePolicyText(
  JSON.stringify({
    hooks: {
      git: {
        name: "Git mutations",
        permission: { bash: { "git push *": "ask", "git reset --hard*": "deny" } },
      },
      rm: {
        name: "Destructive removal",
        permission: { bash: { "rm *": "deny", "find * -delete*": "deny" } },
      },
      deploy: {
        name: "Production deployment",
        permission: { bash: { "kubectl *": "deny", "helm *": "ask" } },
      },
      secrets: {
        name: "Secrets",
        permission: { path: { "**/.env": "deny", "**/.ssh/**": "deny" } },
      },
      generated: { name: "Generated files", permission: { path_write: { "**/dist/**": "ask" } } },
      net: { name: "Network", permission: { bash: { "curl *": "ask", "wget *": "ask" } } },
      pkg: {
        name: "Packages",
        permission: { bash: { "npm publish*": "deny", "npm install *": "ask" } },
      },
      tools: {
        name: "Writes",
        permission: { write: { "/etc/**": "deny" }, edit: { "/etc/**": "deny" } },
      },
    },
  }),
  { scope: "global", file: "/bench/hooks.json" },
);
const checks = [
  {
    kind: "check",
    ref: { id: "package:bench:a", name: "A", source: "package:bench" },
    check: (f) => (f.bash?.units.some((u) => u.argv[0] === "sudo") ? { action: "ask" } : null),
  },
  {
    kind: "check",
    ref: { id: "package:bench:b", name: "B", source: "package:bench" },
    check: (f) =>
      f.paths.some((p) => p.access !== "read" && p.path.startsWith("/etc"))
        ? { action: "deny" }
        : null,
  },
];
const hooked = calls.map((call) => ({
  ...call,
  policy: { ...call.policy, hooks: [...hookFile.hooks, ...checks] },
}));
const withHooks = series(hooked, 100, false);
const hookDecided = hooked.filter(
  (call) => evaluateToolCall(call.policy, call.facts, analyzer).deciding?.hook !== undefined,
).length;

const line = "x = compute(values[i]) + offset  # rm -rf / ; $(whoami) `id` | sh\n";
// Whole lines only: a body cut mid-line would lose its closing delimiter line.
const body = line.repeat(Math.floor((72 * 1024) / line.length));
const heredoc = {
  tool: "bash",
  policy: policyOf("P1"),
  facts: {
    ...calls[0].facts,
    toolName: "bash",
    input: { command: `cat <<'EOF' > gen.py\n${body}EOF` },
  },
};
series([heredoc], 5, true);
const large = series([heredoc], 50, false);
const largeEvaluation = evaluateToolCall(heredoc.policy, heredoc.facts, analyzer);

// Calls made to slow the gates down (each took seconds to minutes before judging had a work
// budget): the worst of them is what an agent can be frozen for. Target: every one answered
// well under 2 s.
const repeat = (n, word) => Array.from({ length: n }, () => word).join(" ");
// An assignment doubling the value's `a`s: forty of them spend an analysis's whole budget.
const DOUBLING = `x=\${x//a/aa}; `;
const pathological = [
  ["rm, 5,000 option words", "P3", "bash", { command: `rm ${repeat(5000, "-v")} -r -f /tmp/x` }],
  ["npm, 5,000 option pairs", "P3", "bash", { command: `npm ${repeat(5000, "--a b")} publish` }],
  ["echo glob of 5,000 levels", "P1", "bash", { command: `echo ${"*/".repeat(5000)}x` }],
  ["cat 20,000-char ? glob + .env", "P1", "bash", { command: `cat ${"?".repeat(20_000)} .env` }],
  ["git -C x 2,000 times", "P3", "bash", { command: `git ${repeat(2000, "-C x")} push` }],
  [
    "cat of 676 absolute globs",
    "P1",
    "bash",
    {
      command: `cat ${Array.from({ length: 676 }, (_, i) => `/usr/*/*/*${String.fromCharCode(97 + Math.floor(i / 26))}${String.fromCharCode(97 + (i % 26))}`).join(" ")}`,
    },
  ],
  [
    "MCP call with 60,000 paths",
    "P1",
    "mcp__fs__read_many",
    { paths: Array.from({ length: 60_000 }, (_, i) => `/etc/conf-${i}`) },
  ],
  [
    "MCP call with 90,000 climbing paths",
    "P3",
    "mcp__x__y",
    { paths: Array.from({ length: 90_000 }, (_, i) => `src/a${i}/../../b${i}`) },
  ],
  ["MCP proxy to a 60 KB tool name", "P3", "mcp", { tool: `${"x_".repeat(30_000)}exec_command` }],
  ["tool named 30,000 words", "P3", `mcp__s__${"a_".repeat(15_000)}b`, { command: "x" }],
  // Long globs met against the path rules (issue 11, D16): `**` segments, a bracket of
  // thousands of characters, thousands of unclosed `[`.
  [
    "cat glob of 15,000 ** levels",
    "P1",
    "bash",
    { command: `shopt -s globstar; cat .env ${"**/".repeat(15_000)}x` },
  ],
  [
    "cat *[10,000 CJK chars]",
    "P1",
    "bash",
    {
      command: `cat *[${Array.from({ length: 10_000 }, (_, i) => String.fromCodePoint(0x4e00 + 2 * i)).join("")}]`,
    },
  ],
  ["cat .env ./[[[… (10,000)", "P1", "bash", { command: `cat .env ./${"[".repeat(10_000)}/*` }],
  // D21: a run of stars read as git's files by a backtracking regular expression (7.4 s for 34
  // stars, then allow), and thousands of brace-made glob words each met against every path.
  ["echo > .(400 stars)x", "P3", "bash", { command: `echo x > .${"*".repeat(400)}x` }],
  ["write .(400 stars)x", "P3", "write", { path: `.${"*".repeat(400)}x`, content: "x" }],
  [
    "cat 1,000 brace glob words",
    "P3",
    "bash",
    { command: `cat ${Array.from({ length: 1000 }, (_, i) => `src/{a,b}*${i}.ts`).join(" ")}` },
  ],
  // One call read as 16 guessed shell calls, each made to spend its analysis budget, and one
  // denied command: the readings share one call's budgets.
  [
    "16 guessed shell calls",
    "P3",
    "run_workflow",
    {
      steps: [
        { run: "git push origin main" },
        ...Array.from({ length: 15 }, (_, n) => ({
          run: `x=ab${n}; ${DOUBLING.repeat(40)}cat $x`,
        })),
      ],
    },
  ],
  [
    "16 guessed shell calls, no deny",
    "P1",
    "run_workflow",
    {
      steps: Array.from({ length: 16 }, (_, n) => ({
        run: `x=ab${n}; ${DOUBLING.repeat(40)}cat $x`,
      })),
    },
  ],
].map(([name, policy, tool, input]) => {
  const call = {
    tool,
    policy: policyOf(policy),
    facts: { ...calls[0].facts, toolName: tool, input },
  };
  const start = performance.now();
  const evaluation = evaluateToolCall(call.policy, call.facts, analyzer);
  const took = performance.now() - start;
  return {
    name,
    took,
    action: evaluation.action,
    why: evaluation.deciding?.payload.request.matchedPattern,
  };
});
const worstPathological = pathological.reduce((a, b) => (b.took > a.took ? b : a));

function batchRun(copies) {
  const input = casesText.trimEnd().concat("\n").repeat(copies);
  const args = [cli, "check", "--batch", "--policies", join(corpus, "policies")];
  const start = performance.now();
  const run = spawnSync(process.execPath, [...args, "--cwd", "/repo", "--home", "/home/user"], {
    input,
    encoding: "utf8",
    maxBuffer: 256 * 1024 * 1024,
  });
  const took = performance.now() - start;
  if (run.status !== 0) throw new Error(`check --batch exited ${run.status}: ${run.stderr}`);
  return { cases: copies * calls.length, took, summary: run.stderr.trim() };
}

batchRun(1);
const small = batchRun(1);
const big = batchRun(100);
const rate = (cases, took) => `${Math.round(cases / (took / 1000)).toLocaleString("en")} cases/s`;

console.log("@pi-permission/cli gate benchmark");
console.log(`node ${process.version}, ${calls.length} corpus cases (${bashCalls.length} bash)`);
console.log("");
console.log(`evaluateToolCall, all cases      ${stats(all)}`);
console.log(`evaluateToolCall, bash cases     ${stats(bash)}`);
console.log(`evaluateToolCall, file tools     ${stats(files)}`);
console.log(`evaluate + check record          ${stats(recorded)}`);
console.log(
  `evaluateToolCall, 10 hooks on    ${stats(withHooks)}; a hook decides ${hookDecided} of ${hooked.length} cases`,
);
console.log(
  `72 KB heredoc (${heredoc.facts.input.command.length} chars)  ${stats(large)}; ${largeEvaluation.action}, parse ${largeEvaluation.bash?.status}`,
);
console.log(
  `check --batch, ${small.cases} cases         ${ms(small.took)} wall (process start and analyzer load included): ${rate(small.cases, small.took)}`,
);
console.log(
  `check --batch, ${big.cases} cases       ${ms(big.took)} wall: ${rate(big.cases, big.took)}; once started ${rate(big.cases - small.cases, big.took - small.took)}`,
);
console.log(`                                 ${big.summary}`);
console.log("");
console.log(
  `pathological calls               worst ${ms(worstPathological.took)} (${worstPathological.name}) over ${pathological.length} (target: every one well under 2 s)`,
);
for (const p of pathological) {
  console.log(`  ${p.name.padEnd(31)}${ms(p.took).padStart(12)}  ${p.action}, ${p.why}`);
}
