// The gating corpus, run through the public path: the BUILT `pi-permission check --batch` in
// a real process, exactly as a user or CI would run it.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const cli = resolve(here, "../dist/cli.js");
// The repository's own corpus: the one `npm test` relies on (corpus/README.md).
const corpus = resolve(here, "../../../corpus");
// A sample corpus kept outside the repository (`shared/` beside it on the team's machines).
// It is an extra check when present and never required: a bare clone has no such folder.
const sample = process.env.PI_PERMISSION_CORPUS ?? resolve(here, "../../../../shared/corpus");

type Expectation = "allow" | "ask" | "deny" | "not-allow";

interface CorpusCase {
  id: string;
  category: string;
  expect: Expectation;
  rule?: string | null;
  /** Where the deciding rule is written (`origin.jsonPath`), `null` for a sentinel. */
  origin?: string | null;
  why: string;
}

interface Verdict {
  id: string;
  decision?: "allow" | "ask" | "deny";
  matchedPattern?: string | null;
  origin?: { jsonPath: string } | null;
  error?: string;
}

/**
 * Cases whose verdict is right today for a reason other than the pinned `rule`, grouped by
 * cause, with the pattern the engine shows instead. Each group is a known gap; the test fails
 * when a case starts to show its pinned rule, so the entry is removed with the fix.
 */
const PENDING_GROUPS: readonly { ids: readonly string[]; today: string; cause: string }[] = [];

const PENDING_RULE: Record<string, { today: string; cause: string }> = Object.fromEntries(
  PENDING_GROUPS.flatMap((group) =>
    group.ids.map((id) => [id, { today: group.today, cause: group.cause }] as const),
  ),
);

interface Batch {
  cases: CorpusCase[];
  verdicts: Map<string, Verdict>;
  status: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
}

function runBatch(dir: string, file = "cases.jsonl"): Batch {
  const text = readFileSync(join(dir, file), "utf8");
  const cases: CorpusCase[] = text
    .split("\n")
    .filter((line) => line.trim() !== "")
    .map((line) => JSON.parse(line));
  const run = spawnSync(
    process.execPath,
    [
      cli,
      "check",
      "--batch",
      "--policies",
      join(dir, "policies"),
      "--cwd",
      "/repo",
      "--home",
      "/home/user",
    ],
    { input: text, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  const verdicts = new Map<string, Verdict>(
    run.stdout
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as Verdict)
      .map((verdict) => [verdict.id, verdict]),
  );
  return { cases, verdicts, status: run.status, signal: run.signal, stderr: run.stderr };
}

function matches(expected: Expectation, decision: Verdict["decision"]): boolean {
  if (decision === undefined) return false;
  return expected === "not-allow" ? decision !== "allow" : decision === expected;
}

function rowsOf(batch: Batch) {
  return batch.cases.map((c) => {
    const verdict = batch.verdicts.get(c.id);
    return {
      id: c.id,
      expect: c.expect,
      decision: verdict?.decision ?? `error: ${verdict?.error ?? "no output line"}`,
      matchedPattern: verdict?.matchedPattern ?? null,
      origin: verdict?.origin?.jsonPath ?? null,
      ok: matches(c.expect, verdict?.decision),
    };
  });
}

type Row = ReturnType<typeof rowsOf>[number];

function expectNoUnsafeAllow(rows: readonly Row[]): void {
  const unsafe = rows.filter(
    (r) => r.expect !== "allow" && r.expect !== "ask" && r.decision === "allow",
  );
  expect(unsafe, "cases the corpus refuses that the engine allows").toEqual([]);
}

function expectEveryVerdict(rows: readonly Row[]): void {
  expect(
    rows.filter((r) => !r.ok),
    "cases whose verdict differs from the corpus",
  ).toEqual([]);
}

function count(rows: readonly { decision: string }[], decision: string): number {
  return rows.filter((r) => r.decision === decision).length;
}

function summary(rows: readonly { decision: string }[]): string {
  return `${rows.length} cases: ${count(rows, "allow")} allow, ${count(rows, "ask")} ask, ${count(rows, "deny")} deny\n`;
}

describe("the repository corpus through `pi-permission check --batch`", () => {
  let batch: Batch;
  let rows: ReturnType<typeof rowsOf>;
  beforeAll(() => {
    // Missing inputs fail with what to do; a corpus run never silently skips.
    expect(
      existsSync(cli),
      `${cli} is missing: build the cli first (npx tsup in packages/cli)`,
    ).toBe(true);
    batch = runBatch(corpus);
    rows = rowsOf(batch);
  });

  it("runs every case in one process that exits cleanly", () => {
    expect({ status: batch.status, signal: batch.signal }).toEqual({ status: 0, signal: null });
    expect(batch.stderr).toBe(summary(rows));
    const exact = rows.filter((r) => r.ok).length;
    console.log(`corpus: ${exact}/${rows.length} cases match`);
  });

  it("never allows a case the corpus refuses", () => {
    // INVARIANT: the worst miss, checked on its own so that it is reported first.
    expectNoUnsafeAllow(rows);
  });

  it("reaches every case's expected verdict", () => expectEveryVerdict(rows));

  it("pins a deciding rule or sentinel on every case", () => {
    const unpinned = batch.cases.filter((c) => typeof c.rule !== "string" || c.rule === "");
    expect(unpinned.map((c) => c.id)).toEqual([]);
  });

  it("decides every case by its pinned rule or sentinel", () => {
    const wrongReason = batch.cases
      .filter((c) => !(c.id in PENDING_RULE))
      .map((c) => ({ id: c.id, rule: c.rule, matchedPattern: rowFor(c.id).matchedPattern }))
      .filter((r) => r.rule !== r.matchedPattern);
    expect(wrongReason, "cases decided by another rule than the pinned one").toEqual([]);
  });

  it("names where every case's deciding rule is written, and no rule for a sentinel", () => {
    const unpinned = batch.cases.filter((c) => c.origin === undefined);
    expect(unpinned.map((c) => c.id)).toEqual([]);
    const wrongOrigin = batch.cases
      .filter((c) => !(c.id in PENDING_RULE))
      .map((c) => ({ id: c.id, origin: c.origin, printed: rowFor(c.id).origin }))
      .filter((r) => r.origin !== r.printed);
    expect(wrongOrigin, "cases whose deciding rule is written elsewhere than pinned").toEqual([]);
  });

  it.each(Object.entries(PENDING_RULE))(
    "%s: a known gap still decides by its earlier rule",
    (id, pending) => {
      const c = batch.cases.find((entry) => entry.id === id);
      expect(c, `${id} is no longer in the corpus: remove it from PENDING_RULE`).toBeDefined();
      expect(
        rowFor(id).matchedPattern,
        `${id} now decides by "${c?.rule}": the gap (${pending.cause}) is closed, remove it from PENDING_RULE`,
      ).toBe(pending.today);
    },
  );

  function rowFor(id: string) {
    const row = rows.find((r) => r.id === id);
    if (row === undefined) throw new Error(`no row for ${id}`);
    return row;
  }
});

// The outside sample has verdicts but no pinned rules: only its verdicts are checked.
describe.skipIf(!existsSync(join(sample, "cases.jsonl")))(
  "the outside sample corpus, when present (never required)",
  () => {
    it("judges every sample case as it expects, and never allows what it refuses", () => {
      const batch = runBatch(sample);
      const rows = rowsOf(batch);
      expect({ status: batch.status, signal: batch.signal }).toEqual({ status: 0, signal: null });
      const unsafe = rows.filter(
        (r) => r.expect !== "allow" && r.expect !== "ask" && r.decision === "allow",
      );
      expect(unsafe, "sample cases refused that the engine allows").toEqual([]);
      expect(
        rows.filter((r) => !r.ok),
        "sample cases whose verdict differs",
      ).toEqual([]);
    });
  },
);

describe("the adversarial corpus through `pi-permission check --batch`", () => {
  let batch: Batch;
  let rows: ReturnType<typeof rowsOf>;
  // Thousands of cases in one process: at a load of 15 on two cores this took more than the
  // default two minutes, and a slow run is not a failure here.
  beforeAll(() => {
    batch = runBatch(corpus, "adversarial.jsonl");
    rows = rowsOf(batch);
  }, 600_000);

  it("runs every case in one process that exits cleanly", () => {
    expect({ status: batch.status, signal: batch.signal }).toEqual({ status: 0, signal: null });
    expect(rows.length).toBeGreaterThan(700);
  });

  it("never allows a case real bash shows running or opening something denied", () =>
    expectNoUnsafeAllow(rows));

  it("reaches every case's expected verdict", () => expectEveryVerdict(rows));
});

// Calls that run at the same time as the judged one (`concurrent`), as the calls of one
// assistant message do in Pi: a sibling that may make a link leaves the judged call's paths
// unproven (T32 sibling-call-toctou).
describe("the concurrent-calls corpus through `pi-permission check --batch`", () => {
  const batch = runBatch(corpus, "concurrent.jsonl");
  const rows = rowsOf(batch);

  it("runs every case in one process that exits cleanly", () => {
    expect({ status: batch.status, signal: batch.signal }).toEqual({ status: 0, signal: null });
    expect(rows.length).toBeGreaterThan(5);
  });

  it("never allows a case whose sibling may redirect what it opens", () =>
    expectNoUnsafeAllow(rows));

  it("reaches every case's expected verdict", () => expectEveryVerdict(rows));
});
