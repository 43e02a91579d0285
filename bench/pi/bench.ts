// `npm run bench:pi`: what a user of Pi feels per gated tool call, measured in real Pi
// sessions (Pi's own agent loop, extension loader and tools; pi-ai's faux model scripts the
// calls, see /work/shared/pi-host.md §7b), with three setups interleaved in one process on
// the same calls:
//   ours      the @pi-permission/extension bundle (dist, as packed, both manifest entries)
//   gotgenes  @gotgenes/pi-permission-system 20.7.3 (a dev dependency of this workspace only)
//   none      no permission extension
// A guard extension loaded last in every session blocks whatever got through, so no corpus
// command runs. The time of a call is Pi's `tool_call` emit: every extension handler of the
// call and Pi's plumbing around them (`none` is that plumbing plus the guard).
// It reports; it asserts nothing (issue 18: timing is never asserted).
//
// Usage: node bench.ts [--cases N] [--policy P] [--fresh N] [--repeat R] [--session N]
//        [--everyday N] [--load-runs N] [--memory-calls N] [--memory-runs N] [--json FILE]
//        [--skip later,ask,everyday]
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { cpus, loadavg, tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { parseArgs } from "node:util";
import {
  type FauxResponseStep,
  fauxAssistantMessage,
  fauxProvider,
  fauxToolCall,
} from "@earendil-works/pi-ai";
import {
  type AgentSession,
  createAgentSession,
  DefaultResourceLoader,
  type ExtensionUIContext,
  ModelRuntime,
  SessionManager,
  SettingsManager,
  VERSION,
} from "@earendil-works/pi-coding-agent";
import { GUARD_REASON } from "./guard.ts";

const HERE = import.meta.dirname;
const ROOT = join(HERE, "..", "..");
const GUARD = join(HERE, "guard.ts");
// The package exports only its service module (src/service.ts); Pi loads its folder.
const GOTGENES_DIR = dirname(
  dirname(new URL(import.meta.resolve("@gotgenes/pi-permission-system")).pathname),
);
const OURS_DIR = join(ROOT, "packages", "extension");

const { values: opts } = parseArgs({
  options: {
    cases: { type: "string" }, // at most this many cases (spread evenly over the corpus)
    policy: { type: "string" }, // only the cases under this corpus policy (P1, P2, P3)
    fresh: { type: "string", default: "150" }, // cases that get fresh sessions
    repeat: { type: "string", default: "3" }, // passes of the repeated measures
    session: { type: "string", default: "60" }, // cases per long session
    everyday: { type: "string", default: "300" }, // everyday commands measured (everyday.jsonl)
    "load-runs": { type: "string", default: "5" }, // child processes per extension load
    json: { type: "string" }, // also write the raw samples here
    skip: { type: "string", default: "" }, // measures left out: later, ask, everyday, memory
    "memory-calls": { type: "string", default: "200" }, // calls of the memory measure's session
    "memory-runs": { type: "string", default: "1" }, // child processes per setup for memory
    "memory-child": { type: "string" }, // internal: this process is one memory run of a setup
  },
});
const int = (s: string | undefined, fallback: number) => {
  const n = Number(s);
  return Number.isSafeInteger(n) && n >= 0 ? n : fallback;
};

type Variant = "ours" | "gotgenes" | "none";
const VARIANTS: Variant[] = ["ours", "gotgenes", "none"];
const EXTENSIONS: Record<Variant, string[]> = {
  ours: [OURS_DIR],
  gotgenes: [GOTGENES_DIR],
  none: [],
};

interface Case {
  id: string;
  policy: string;
  tool: "bash" | "read" | "write";
  input: Record<string, unknown>;
  expect: string;
}

// ---------------------------------------------------------------- corpus and policies

function readCases(files: string[] = CORPUS_FILES): Case[] {
  const all: Case[] = [];
  for (const file of files) {
    for (const line of readFileSync(file, "utf8").split("\n")) {
      if (line.trim() === "") continue;
      const c = JSON.parse(line) as Case;
      if (c.tool === "bash" || c.tool === "read" || c.tool === "write") all.push(c);
    }
  }
  return all;
}
const CORPUS_FILES = ["cases.jsonl", "adversarial.jsonl"].map((f) => join(ROOT, "corpus", f));
// Everyday agent work (builds, tests, git, reading and editing files; bash only, under P1 and
// P3), apart from the corpus, whose cases are mostly attack strings: a row of its own, so the
// corpus rows stay comparable from run to run.
const EVERYDAY_FILE = join(HERE, "everyday.jsonl");

/** Every `step`th case, so a subset still spans every family and policy. */
function spread<T>(items: T[], count: number): T[] {
  if (count >= items.length) return items;
  const step = items.length / count;
  return Array.from({ length: count }, (_, i) => items[Math.floor(i * step)] as T);
}

/**
 * The same policy in gotgenes' dialect: its `*` crosses `/` and it has no `**`
 * (its docs/configuration.md), so `**` becomes `*` in path patterns; bash patterns are
 * the same language in both.
 */
function gotgenesPolicy(policy: { permission: Record<string, unknown> }) {
  const pathSurfaces = new Set(["path", "external_directory", "read", "write", "edit"]);
  const permission: Record<string, unknown> = {};
  for (const [surface, rules] of Object.entries(policy.permission)) {
    if (!pathSurfaces.has(surface) || typeof rules !== "object" || rules === null) {
      permission[surface] = rules;
      continue;
    }
    permission[surface] = Object.fromEntries(
      Object.entries(rules).map(([pattern, action]) => [pattern.replaceAll("**", "*"), action]),
    );
  }
  return { permissionReviewLog: true, debugLog: false, permission };
}

// ---------------------------------------------------------------- Pi sessions

const work = mkdtempSync(join(tmpdir(), "bench-pi-"));
const home = join(work, "home");
mkdirSync(home, { recursive: true });
// Both extensions read the home directory (`~` in patterns); neither may touch the real one.
process.env.HOME = home;

const faux = fauxProvider({ provider: "faux", models: [{ id: "faux-1" }] });
const modelRuntime = await ModelRuntime.create({
  authPath: join(work, "auth.json"),
  modelsPath: null,
  refreshOnCreate: false,
});
modelRuntime.registerNativeProvider(faux.provider);

/** The `tool_call` emit being timed, and when a dialog opened inside it. */
let emitStart = 0;
let dialogAt: number | undefined;

interface Bench {
  variant: Variant;
  session: AgentSession;
  /** Duration of each timed emit, in order. */
  emits: number[];
}

interface Place {
  cwd: string;
  agentDir: string;
  sessions: string;
}

function placeFor(policyName: string): Place {
  const dir = join(work, policyName);
  const cwd = join(dir, "project");
  const agentDir = join(dir, "agent");
  mkdirSync(cwd, { recursive: true });
  const policy = JSON.parse(
    readFileSync(join(ROOT, "corpus", "policies", `${policyName}.json`), "utf8"),
  );
  mkdirSync(join(agentDir, "extensions", "pi-permission-system"), { recursive: true });
  writeFileSync(join(agentDir, "permissions.json"), JSON.stringify(policy, null, 2));
  writeFileSync(
    join(agentDir, "extensions", "pi-permission-system", "config.json"),
    JSON.stringify(gotgenesPolicy(policy), null, 2),
  );
  return { cwd, agentDir, sessions: join(dir, "sessions") };
}

async function openSession(variant: Variant, place: Place, ui?: ExtensionUIContext) {
  // Pi's getAgentDir() reads this, as in the CLI; both extensions find their policy there.
  process.env.PI_CODING_AGENT_DIR = place.agentDir;
  const settingsManager = SettingsManager.inMemory({
    compaction: { enabled: false },
    retry: { enabled: false },
  });
  const resourceLoader = new DefaultResourceLoader({
    cwd: place.cwd,
    agentDir: place.agentDir,
    settingsManager,
    additionalExtensionPaths: [...EXTENSIONS[variant], GUARD],
    noSkills: true,
    noPromptTemplates: true,
    noThemes: true,
    noContextFiles: true,
  });
  await resourceLoader.reload();
  const { session } = await createAgentSession({
    cwd: place.cwd,
    agentDir: place.agentDir,
    modelRuntime,
    model: faux.getModel(),
    thinkingLevel: "off",
    settingsManager,
    resourceLoader,
    tools: ["bash", "read", "write"],
    sessionManager: SessionManager.create(place.cwd, place.sessions),
  });
  await session.bindExtensions(ui ? { uiContext: ui, mode: "rpc" } : {});
  const bench: Bench = { variant, session, emits: [] };
  const runner = session.extensionRunner;
  const emit = runner.emitToolCall.bind(runner);
  runner.emitToolCall = async (event) => {
    emitStart = performance.now();
    try {
      return await emit(event);
    } finally {
      bench.emits.push(performance.now() - emitStart);
    }
  };
  return bench;
}

/** End a session as Pi's runtime does on quit: `session_shutdown` first, then dispose. */
async function close(bench: Bench): Promise<void> {
  const runner = bench.session.extensionRunner;
  if (runner.hasHandlers("session_shutdown")) {
    await runner.emit({ type: "session_shutdown", reason: "quit" });
  }
  bench.session.dispose();
}

let callIds = 0;
function toolInput(c: Case): Record<string, unknown> {
  // The write tool needs content; the guard makes sure nothing is written.
  return c.tool === "write" ? { content: "x\n", ...c.input } : c.input;
}

/**
 * A real model answers over the network, so its reply arrives on a later turn of the event
 * loop, and whatever the process scheduled meanwhile (`setImmediate`: the review log's lines,
 * written after each verdict) runs while it waits. The faux model answers within the same
 * turn; without this wait nothing scheduled would run until the session closed, and the
 * sessions would pile up work no real session keeps.
 */
function network(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

/**
 * One scripted turn with one call; returns its time and who stopped it, or `null` when no
 * `tool_call` was emitted: gotgenes hides a tool its policy denies as a whole (P2 leaves
 * bash out of its active tools), and Pi answers "Tool bash not found" without asking any
 * extension.
 */
async function call(
  bench: Bench,
  c: Case,
): Promise<{ ms: number; by: "extension" | "guard" } | null> {
  const id = `call_${++callIds}`;
  const steps: FauxResponseStep[] = [
    async () => {
      await network();
      return fauxAssistantMessage(
        [fauxToolCall(c.tool, toolInput(c) as Parameters<typeof fauxToolCall>[1], { id })],
        { stopReason: "toolUse" },
      );
    },
    async () => {
      await network();
      return fauxAssistantMessage("done");
    },
  ];
  faux.setResponses(steps);
  const before = bench.emits.length;
  await bench.session.prompt("go");
  if (bench.emits.length === before) return null;
  const result = bench.session.messages
    .slice(-3)
    .find((m) => m.role === "toolResult" && m.toolCallId === id) as
    | { content: Array<{ type: string; text?: string }> }
    | undefined;
  if (bench.emits.length !== before + 1 || !result) {
    throw new Error(`${bench.variant} ${c.id}: expected one tool_call emit and its result`);
  }
  const text = result.content.map((p) => p.text ?? "").join("");
  return { ms: bench.emits.at(-1) as number, by: text === GUARD_REASON ? "guard" : "extension" };
}

/**
 * The case in every setup, in a rotated order; counted only when every setup judged it
 * (the same calls on each side of a ratio).
 */
async function interleaved(
  c: Case,
  order: number,
  bench: (variant: Variant) => Promise<Bench>,
  into: Samples,
  done: (variant: Variant, bench: Bench) => void | Promise<void> = () => {},
): Promise<Record<Variant, "extension" | "guard"> | null> {
  const ms: Partial<Record<Variant, number>> = {};
  const by: Partial<Record<Variant, "extension" | "guard">> = {};
  let judged = true;
  for (const variant of rotated(VARIANTS, order)) {
    const b = await bench(variant);
    const outcome = await call(b, c);
    await done(variant, b);
    if (outcome === null) judged = false;
    else {
      ms[variant] = outcome.ms;
      by[variant] = outcome.by;
    }
  }
  if (!judged) {
    unjudged.add(c.id);
    return null;
  }
  for (const variant of VARIANTS) into[variant].push(ms[variant] as number);
  return by as Record<Variant, "extension" | "guard">;
}
const unjudged = new Set<string>();

function rotated<T>(items: T[], by: number): T[] {
  const k = by % items.length;
  return [...items.slice(k), ...items.slice(0, k)];
}

type Samples = Record<Variant, number[]>;
const samples = (): Samples => ({ ours: [], gotgenes: [], none: [] });

// ---------------------------------------------------------------- the measures

const allCases = readCases().filter((c) => opts.policy === undefined || c.policy === opts.policy);
const cases = spread(allCases, int(opts.cases, allCases.length));
const freshCases = spread(cases, int(opts.fresh, 150));
const repeat = int(opts.repeat, 3);
const byPolicy = new Map<string, Case[]>();
for (const c of cases) byPolicy.set(c.policy, [...(byPolicy.get(c.policy) ?? []), c]);
const places = new Map([...byPolicy.keys()].map((p) => [p, placeFor(p)]));
const skipped = new Set((opts.skip ?? "").split(",").filter((m) => m !== ""));
const everydayCases = skipped.has("everyday")
  ? []
  : spread(
      readCases([EVERYDAY_FILE]).filter(
        (c) => opts.policy === undefined || c.policy === opts.policy,
      ),
      int(opts.everyday, 300),
    );
for (const c of everydayCases) if (!places.has(c.policy)) places.set(c.policy, placeFor(c.policy));
const WARM_UP: Case = {
  id: "warm-up",
  policy: "",
  tool: "bash",
  input: { command: "git status" },
  expect: "",
};

// Memory: one setup per fresh Node process (started with --expose-gc), so each figure is that
// setup's alone. The process measures itself after a full collection: before any session,
// once a session is open (extensions loaded, session_start, one warm-up call), after
// `--memory-calls` more calls in that session (the process-wide caches fed), and after the
// session closed (what the process keeps). The calls are the corpus's cases under one policy
// (P3 unless `--policy`), each once, leaving out inputs over 4 KB: the session is not bounded
// here, and Pi sends the whole context on every turn.
interface MemoryPoint {
  heap: number;
  external: number;
}
interface MemoryRun {
  calls: number;
  base: MemoryPoint;
  open: MemoryPoint;
  after: MemoryPoint;
  closed: MemoryPoint;
}
if (opts["memory-child"] !== undefined) {
  const variant = opts["memory-child"] as Variant;
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined || !VARIANTS.includes(variant)) {
    throw new Error("--memory-child VARIANT needs node --expose-gc");
  }
  const point = (): MemoryPoint => {
    gc();
    gc();
    const m = process.memoryUsage();
    return { heap: m.heapUsed, external: m.external };
  };
  const policy = opts.policy ?? "P3";
  const list = spread(
    readCases().filter((c) => c.policy === policy && JSON.stringify(c.input).length <= 4096),
    int(opts["memory-calls"], 200),
  );
  const place = placeFor(policy);
  const base = point();
  const bench = await openSession(variant, place);
  await call(bench, WARM_UP);
  const open = point();
  for (const c of list) await call(bench, c);
  await network();
  const after = point();
  await close(bench);
  await network();
  const closed = point();
  const run: MemoryRun = { calls: list.length, base, open, after, closed };
  console.log(`memory-run ${JSON.stringify(run)}`);
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
}

// "Once" means once in the process: the analysis keeps a memo of recent commands for the
// whole process, so a case measured in a fresh session is not measured again as a later call
// (it is still played there, and counted in the repeated rows, which measure repeats).
const playedFresh = new Set<string>();
const discarded = samples();

const firstOnce = samples();
const firstRepeated = samples();
const laterOnce = samples();
const laterRepeated = samples();
const everydayFirst = samples();
const everydayLater = samples();
const blocked: Record<Variant, number> = { ours: 0, gotgenes: 0, none: 0 };
const agree: Record<Variant, number> = { ours: 0, gotgenes: 0, none: 0 };

const started = performance.now();

// First call of a fresh session: a new session (extensions loaded anew, session_start run)
// per case and setup, then its one call.
async function fresh(list: Case[], into: Samples, offset: number) {
  for (const [i, c] of list.entries()) {
    playedFresh.add(c.id);
    await interleaved(
      c,
      i + offset,
      (variant) => openSession(variant, places.get(c.policy) as Place),
      into,
      (_variant, bench) => close(bench),
    );
  }
}
await fresh(freshCases, firstOnce, 0);
// Repeated: the same calls in fresh sessions again (caches a process keeps may now hold them).
const freshRepeatCases = spread(freshCases, Math.min(freshCases.length, 40));
for (let pass = 0; pass < repeat; pass++) await fresh(freshRepeatCases, firstRepeated, pass + 1);

// Later calls of a long session: per policy, sessions of `--session` cases (one per setup,
// after a warm-up call): every case once, then every case again `repeat` times. A session
// is bounded because Pi sends the whole context on every turn: the corpus's largest
// commands (the denial-of-service family) would make each turn of an unbounded session
// slower than the whole measure.
const sessionCases = Math.max(1, int(opts.session, 60));
async function longSessions(
  groups: Map<string, Case[]>,
  passes: number,
  into: (pass: number) => Samples,
  judged: (c: Case, by: Record<Variant, "extension" | "guard">) => void = () => {},
) {
  for (const [policy, all] of groups) {
    const place = places.get(policy) as Place;
    for (let at = 0; at < all.length; at += sessionCases) {
      const list = all.slice(at, at + sessionCases);
      const benches = new Map<Variant, Bench>();
      for (const variant of VARIANTS) {
        const bench = await openSession(variant, place);
        await call(bench, WARM_UP);
        benches.set(variant, bench);
      }
      for (let pass = 0; pass < passes; pass++) {
        for (const [i, c] of list.entries()) {
          const by = await interleaved(
            c,
            i + pass,
            async (variant) => benches.get(variant) as Bench,
            pass === 0 && playedFresh.has(c.id) ? discarded : into(pass),
          );
          if (pass === 0 && by) judged(c, by);
        }
      }
      for (const bench of benches.values()) await close(bench);
    }
  }
}
if (!skipped.has("later")) {
  await longSessions(
    byPolicy,
    repeat + 1,
    (pass) => (pass === 0 ? laterOnce : laterRepeated),
    (c, by) => {
      for (const variant of VARIANTS) {
        if (by[variant] === "extension") blocked[variant]++;
        // Without a UI an ask blocks, so only an allow reaches the guard.
        if ((by[variant] === "guard") === (c.expect === "allow")) agree[variant]++;
      }
    },
  );
}

// The corpus cases some setup left unjudged (everyday cases are counted apart).
const unjudgedCorpus = unjudged.size;
// Everyday commands, each once: the first call of a fresh session, and later calls of long
// sessions (as above, without the repeats).
if (everydayCases.length > 0) {
  // Every other command in a fresh session, the rest as later calls: each is measured once.
  await fresh(
    everydayCases.filter((_, i) => i % 2 === 0),
    everydayFirst,
    0,
  );
  const everydayByPolicy = new Map<string, Case[]>();
  for (const c of everydayCases.filter((_, i) => i % 2 === 1)) {
    everydayByPolicy.set(c.policy, [...(everydayByPolicy.get(c.policy) ?? []), c]);
  }
  await longSessions(everydayByPolicy, 1, () => everydayLater);
}

// An ask: the time from the start of the call to the dialog's call into Pi's UI (RPC mode,
// where the dialog is a select whose title is the rendered request), and the same call in a
// session without a UI, where the ask refuses at once. The ask's own overhead is the
// difference, case by case: what asking adds before the human sees anything. P1's cases
// that may ask (`not-allow` is ask or deny), each once; a case counts when its dialog opened.
const toDialog = samples();
const withoutUi = samples();
const askOverhead = samples();
{
  const asks = cases.filter(
    (c) => c.policy === "P1" && (c.expect === "ask" || c.expect === "not-allow"),
  );
  const place = places.get("P1");
  if (place && asks.length > 0 && !skipped.has("ask")) {
    for (const variant of ["ours", "gotgenes"] as const) {
      let ui = await openSession(variant, place, scriptedUi());
      let plain = await openSession(variant, place);
      await call(ui, WARM_UP);
      await call(plain, WARM_UP);
      for (const [i, c] of asks.entries()) {
        // Bounded sessions, as above.
        if (i > 0 && i % sessionCases === 0) {
          await close(ui);
          await close(plain);
          ui = await openSession(variant, place, scriptedUi());
          plain = await openSession(variant, place);
          await call(ui, WARM_UP);
          await call(plain, WARM_UP);
        }
        // The call is played once first, untimed: the analysis memo (process-wide) would
        // otherwise hold the command for whichever side went second, and the difference
        // would be the analysis's cost, plus or minus, rather than what asking adds.
        await call(plain, c);
        // Alternating which goes first, so neither side always meets the warmer caches.
        let dialog: number | undefined;
        let refused: number | undefined;
        for (const withUi of i % 2 === 0 ? [true, false] : [false, true]) {
          dialogAt = undefined;
          const outcome = await call(withUi ? ui : plain, c);
          if (withUi && outcome && dialogAt !== undefined) dialog = dialogAt - emitStart;
          if (!withUi && outcome) refused = outcome.ms;
        }
        if (dialog === undefined || refused === undefined) continue;
        toDialog[variant].push(dialog);
        withoutUi[variant].push(refused);
        askOverhead[variant].push(dialog - refused);
      }
      await close(ui);
      await close(plain);
    }
  }
}

/** A complete UI object (Pi copies it with a spread) whose dialogs say when they opened. */
function scriptedUi(): ExtensionUIContext {
  const noop = () => {};
  const opened = () => {
    dialogAt ??= performance.now();
  };
  return {
    select: async (_title: string, options: string[]) => {
      opened();
      return options.find((o) => /^deny$/i.test(o)) ?? options.find((o) => /deny/i.test(o));
    },
    confirm: async () => {
      opened();
      return false;
    },
    input: async () => opened(),
    editor: async () => opened(),
    custom: async () => opened(),
    notify: noop,
    onTerminalInput: () => noop,
    setStatus: noop,
    setWorkingMessage: noop,
    setWorkingVisible: noop,
    setWorkingIndicator: noop,
    setHiddenThinkingLabel: noop,
    setWidget: noop,
    setFooter: noop,
    setHeader: noop,
    setTitle: noop,
    pasteToEditor: noop,
    setEditorText: noop,
    getEditorText: () => "",
    addAutocompleteProvider: noop,
    setEditorComponent: noop,
    getEditorComponent: () => undefined,
    theme: undefined,
    getAllThemes: () => [],
    getTheme: () => undefined,
    setTheme: () => ({ success: false, error: "UI not available" }),
    getToolsExpanded: () => false,
    setToolsExpanded: noop,
  } as unknown as ExtensionUIContext;
}

// Extension load: a fresh Node process per run, Pi imported first, then Pi's own loader
// times loading one extension package (its manifest entries, through jiti, factory included).
const loadRuns = int(opts["load-runs"], 5);
const loads: Record<"ours" | "gotgenes", number[]> = { ours: [], gotgenes: [] };
for (let run = 0; run < loadRuns; run++) {
  for (const variant of rotated(["ours", "gotgenes"] as const, run)) {
    const child = spawnSync(
      process.execPath,
      [join(HERE, "load-probe.ts"), EXTENSIONS[variant][0] as string],
      { encoding: "utf8", env: { ...process.env, PI_CODING_AGENT_DIR: join(work, "load-agent") } },
    );
    const ms = Number(/load-ms (\S+)/.exec(child.stdout)?.[1]);
    if (child.status !== 0 || !Number.isFinite(ms)) {
      throw new Error(`load probe of ${variant} failed: ${child.stderr || child.stdout}`);
    }
    loads[variant].push(ms);
  }
}

// Memory, each setup in its own process (see the memory child above), rotated per run.
const memoryRuns = skipped.has("memory") ? 0 : int(opts["memory-runs"], 1);
const memory: Record<Variant, MemoryRun[]> = { ours: [], gotgenes: [], none: [] };
for (let run = 0; run < memoryRuns; run++) {
  for (const variant of rotated(VARIANTS, run)) {
    const child = spawnSync(
      process.execPath,
      [
        "--expose-gc",
        join(HERE, "bench.ts"),
        ...["--memory-child", variant, "--memory-calls", String(int(opts["memory-calls"], 200))],
        ...(opts.policy === undefined ? [] : ["--policy", opts.policy]),
      ],
      { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    const line = /^memory-run (.*)$/m.exec(child.stdout)?.[1];
    if (child.status !== 0 || line === undefined) {
      throw new Error(`memory run of ${variant} failed: ${child.stderr || child.stdout}`);
    }
    memory[variant].push(JSON.parse(line) as MemoryRun);
  }
}

const elapsed = (performance.now() - started) / 1000;
rmSync(work, { recursive: true, force: true });

// ---------------------------------------------------------------- the report

function pct(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] as number;
}
function stats(values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  return { n: sorted.length, p50: pct(sorted, 50), p95: pct(sorted, 95), p99: pct(sorted, 99) };
}
const f = (n: number, digits = 3) => (Number.isFinite(n) ? n.toFixed(digits) : "-");

const out: string[] = [];
const counts = [...byPolicy].map(([p, l]) => `${p} ${l.length}`).join(", ");
out.push(
  `bench:pi: Pi ${piVersion()} sessions (faux model, print mode), node ${process.version}, ${cpus().length} CPUs, load average ${loadavg()
    .map((l) => l.toFixed(2))
    .join(" ")} at the end, ${elapsed.toFixed(0)} s`,
);
out.push(
  `calls: ${cases.length} bash/read/write cases of corpus/cases.jsonl + adversarial.jsonl (${counts}); fresh sessions: ${freshCases.length} cases once, ${freshRepeatCases.length} × ${repeat} repeated; long sessions of ${sessionCases} cases: every case once (the once row counts only the cases no fresh session played: the analysis memo lives for the process), then × ${repeat}`,
);
out.push(
  `blocked by the extension (long session, once): ours ${blocked.ours}, gotgenes ${blocked.gotgenes}, none ${blocked.none} of ${cases.length - unjudgedCorpus} judged by all; left out of every row: ${unjudgedCorpus} cases whose tool gotgenes hid (no tool_call)`,
);
out.push(
  `ours verdicts as the corpus expects: ${agree.ours} of ${cases.length - unjudgedCorpus} (gotgenes ${agree.gotgenes}; without a UI an ask blocks)`,
);
if (everydayCases.length > 0) {
  const counts = [...new Set(everydayCases.map((c) => c.policy))]
    .map((p) => `${p} ${everydayCases.filter((c) => c.policy === p).length}`)
    .join(", ");
  out.push(
    `everyday commands: ${everydayCases.length} bash cases of bench/pi/everyday.jsonl (${counts}; ordinary agent work, not corpus cases), each once: every other one in a fresh session, the rest in long sessions of ${sessionCases} cases`,
  );
}
out.push("");
out.push("per gated call, ms (Pi's tool_call emit; none = Pi's plumbing + the guard)");
out.push(
  "| measure | n | ours p50 | ours p95 | ours p99 | gotgenes p50 | gotgenes p95 | gotgenes p99 | none p50 | none p95 | none p99 | ours/gotgenes p50 | p95 | p99 |",
);
out.push("|---|---|---|---|---|---|---|---|---|---|---|---|---|---|");
const rows: Array<[string, Samples]> = [
  ["first call, fresh session, once", firstOnce],
  ["first call, fresh session, repeated", firstRepeated],
  ["later calls, long session, once", laterOnce],
  ["later calls, long session, repeated", laterRepeated],
  ["everyday commands: first call, fresh session, once", everydayFirst],
  ["everyday commands: later calls, long session, once", everydayLater],
];
for (const [name, s] of rows) {
  const o = stats(s.ours);
  const g = stats(s.gotgenes);
  const z = stats(s.none);
  out.push(
    `| ${name} | ${o.n} | ${f(o.p50)} | ${f(o.p95)} | ${f(o.p99)} | ${f(g.p50)} | ${f(g.p95)} | ${f(g.p99)} | ${f(z.p50)} | ${f(z.p95)} | ${f(z.p99)} | ${f(o.p50 / g.p50, 2)} | ${f(o.p95 / g.p95, 2)} | ${f(o.p99 / g.p99, 2)} |`,
  );
}
out.push("");
out.push(
  "an ask, ms (P1 cases that ask, long sessions, each once; n = dialogs shown): the call to the dialog (RPC select), the same call without a UI (refused at once), and the ask's own overhead (their difference, case by case)",
);
out.push(
  "| extension | n | to dialog p50 | p95 | without UI p50 | p95 | ask overhead p50 | p95 | p99 |",
);
out.push("|---|---|---|---|---|---|---|---|---|");
for (const variant of ["ours", "gotgenes"] as const) {
  const d = stats(toDialog[variant]);
  const w = stats(withoutUi[variant]);
  const a = stats(askOverhead[variant]);
  out.push(
    `| ${variant} | ${a.n} | ${f(d.p50)} | ${f(d.p95)} | ${f(w.p50)} | ${f(w.p95)} | ${f(a.p50)} | ${f(a.p95)} | ${f(a.p99)} |`,
  );
}
out.push("");
out.push("extension load, ms (fresh process each run; Pi's loader, jiti, factory)");
out.push("| extension | runs | median | min | max |");
out.push("|---|---|---|---|---|");
for (const variant of ["ours", "gotgenes"] as const) {
  const sorted = [...loads[variant]].sort((a, b) => a - b);
  out.push(
    `| ${variant} | ${sorted.length} | ${f(pct(sorted, 50), 1)} | ${f(sorted[0] ?? Number.NaN, 1)} | ${f(sorted.at(-1) ?? Number.NaN, 1)} |`,
  );
}
if (memoryRuns > 0) {
  const mb = (bytes: number) => (bytes / 1048576).toFixed(1);
  // The median run by the heap after the calls; every figure is of that run.
  const median = (runs: MemoryRun[]) =>
    [...runs].sort((a, b) => a.after.heap - b.after.heap)[Math.floor((runs.length - 1) / 2)];
  const calls = memory.ours[0]?.calls ?? 0;
  out.push("");
  out.push(
    `memory, MB (a fresh process per setup and run, median of ${memoryRuns}; one session under ${opts.policy ?? "P3"}: its warm-up call, then ${calls} corpus calls, each once; after a full gc, above the process before the session opened): JS heap used, and external memory (buffers, wasm)`,
  );
  out.push(
    "| setup | heap: session open | heap: after the calls | heap: after close | external: session open | external: after the calls | heap before the session |",
  );
  out.push("|---|---|---|---|---|---|---|");
  for (const variant of VARIANTS) {
    const m = median(memory[variant]);
    if (m === undefined) continue;
    out.push(
      `| ${variant} | ${mb(m.open.heap - m.base.heap)} | ${mb(m.after.heap - m.base.heap)} | ${mb(m.closed.heap - m.base.heap)} | ${mb(m.open.external - m.base.external)} | ${mb(m.after.external - m.base.external)} | ${mb(m.base.heap)} |`,
    );
  }
}
console.log(out.join("\n"));
if (opts.json) {
  writeFileSync(
    opts.json,
    JSON.stringify(
      {
        firstOnce,
        firstRepeated,
        laterOnce,
        laterRepeated,
        everydayFirst,
        everydayLater,
        toDialog,
        withoutUi,
        askOverhead,
        loads,
        memory,
      },
      null,
      1,
    ),
  );
}

// Sessions leave handles open (a disposed session's extensions may keep timers or watchers);
// the report is out, so the run ends here.
process.exitCode = 0;
setImmediate(() => process.exit());

function piVersion(): string {
  return VERSION;
}
