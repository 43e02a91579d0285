// Issue 17's measurement: every case of the repository corpus, made as a tool call in a real
// Pi session with the built extension loaded, written to the review log by the extension's one
// write path; the bytes per entry are reported against seed 000's baseline (745 B per entry
// over the operator's log) and must be at least 28.7 % below it.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { type PiRun, startPi } from "./harness.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const NOOP_TOOLS = join(import.meta.dirname, "fixtures", "noop-tools-ext.ts");
const CORPUS = resolve(import.meta.dirname, "../../../../corpus");
const SEED_000_BYTES_PER_ENTRY = 745;
const REQUIRED_CUT = 0.287;

interface CorpusCase {
  policy: string;
  tool: string;
  input: Record<string, unknown>;
}

const cases: CorpusCase[] = ["cases.jsonl", "adversarial.jsonl"].flatMap((file) =>
  readFileSync(join(CORPUS, file), "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l) as CorpusCase),
);

function batches<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

const runs: PiRun[] = [];
afterAll(() => {
  for (const run of runs) run.dispose();
});

/** The review log's lines after every case of one policy went through one session. */
async function reviewLinesOf(policy: string): Promise<string[]> {
  const mine = cases.filter((c) => c.policy === policy);
  const run = await startPi({
    extensions: [NOOP_TOOLS, PACKAGE],
    agentFiles: {
      "permissions.json": readFileSync(join(CORPUS, "policies", `${policy}.json`), "utf8"),
    },
    // Parallel calls, a batch per turn: the faux model's context grows with every turn.
    turns: batches(
      mine.map((c) => ({ tool: c.tool, input: c.input })),
      40,
    ),
  });
  runs.push(run);
  await run.prompt("run the corpus");
  return readFileSync(join(run.agentDir, "pi-permission", "logs", "review.jsonl"), "utf8")
    .split("\n")
    .filter((l) => l !== "");
}

describe("the review log of the corpus run", () => {
  it("is at least 28.7 % below seed 000's bytes per entry", { timeout: 300_000 }, async () => {
    const lines: string[] = [];
    for (const policy of ["P1", "P2", "P3"]) lines.push(...(await reviewLinesOf(policy)));
    if (process.env.REVIEW_LOG_SAMPLE) console.log(lines.slice(0, 12).join("\n"));
    const bytes = lines.reduce((sum, l) => sum + Buffer.byteLength(l) + 1, 0);
    const perEntry = bytes / lines.length;
    // Each field's share of the bytes, as seed 000 measured it: `"key":value` of every line.
    const shares = new Map<string, number>();
    for (const line of lines) {
      for (const [key, value] of Object.entries(JSON.parse(line) as Record<string, unknown>)) {
        const size = Buffer.byteLength(`${JSON.stringify(key)}:${JSON.stringify(value)},`);
        shares.set(key, (shares.get(key) ?? 0) + size);
      }
    }
    const table = [...shares]
      .sort((a, b) => b[1] - a[1])
      .map(([key, size]) => `${key} ${((100 * size) / bytes).toFixed(1)}%`);
    console.log(
      `review log of the corpus run: ${lines.length} entries, ${bytes} bytes, ${perEntry.toFixed(1)} B per entry ` +
        `(${((100 * (SEED_000_BYTES_PER_ENTRY - perEntry)) / SEED_000_BYTES_PER_ENTRY).toFixed(1)} % below ${SEED_000_BYTES_PER_ENTRY} B)\n  ${table.join("\n  ")}`,
    );
    expect(lines.length).toBeGreaterThanOrEqual(cases.length);
    expect(perEntry).toBeLessThanOrEqual(SEED_000_BYTES_PER_ENTRY * (1 - REQUIRED_CUT));
  });
});
