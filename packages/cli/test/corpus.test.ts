// The shared gating corpus, run through the public path: the BUILT `pi-permission check
// --batch` in a real process, exactly as a user or CI would run it.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));
const cli = resolve(here, "../dist/cli.js");
// The CI clone has `shared/` beside the repository root.
const corpus = process.env.PI_PERMISSION_CORPUS ?? resolve(here, "../../../../shared/corpus");

interface CorpusCase {
  id: string;
  category: string;
  expect: "allow" | "ask" | "deny" | "not-allow";
  why: string;
}

interface Verdict {
  id: string;
  decision?: "allow" | "ask" | "deny";
  matchedPattern?: string | null;
  error?: string;
}

function matches(expected: CorpusCase["expect"], decision: Verdict["decision"]): boolean {
  if (decision === undefined) return false;
  return expected === "not-allow" ? decision !== "allow" : decision === expected;
}

describe("the shared gating corpus through `pi-permission check --batch`", () => {
  it("judges every case as the corpus expects, and never allows what it refuses", () => {
    // Missing inputs fail the test with what to do; a corpus run never silently skips.
    expect(
      existsSync(corpus),
      `the corpus is missing at ${corpus}: check out shared/ beside the repository or set PI_PERMISSION_CORPUS`,
    ).toBe(true);
    expect(
      existsSync(cli),
      `${cli} is missing: build the cli first (npx tsup in packages/cli)`,
    ).toBe(true);

    const text = readFileSync(join(corpus, "cases.jsonl"), "utf8");
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
        join(corpus, "policies"),
        "--cwd",
        "/repo",
        "--home",
        "/home/user",
      ],
      { input: text, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
    );
    expect({ status: run.status, signal: run.signal }).toEqual({ status: 0, signal: null });

    const verdicts = new Map<string, Verdict>(
      run.stdout
        .split("\n")
        .filter((line) => line !== "")
        .map((line) => JSON.parse(line) as Verdict)
        .map((verdict) => [verdict.id, verdict]),
    );
    const rows = cases.map((c) => {
      const verdict = verdicts.get(c.id);
      return {
        id: c.id,
        expect: c.expect,
        decision: verdict?.decision ?? `error: ${verdict?.error ?? "no output line"}`,
        matchedPattern: verdict?.matchedPattern ?? null,
        ok: matches(c.expect, verdict?.decision),
      };
    });
    const exact = rows.filter((r) => r.ok).length;
    console.log(
      `corpus: ${exact}/${rows.length} cases match exactly (${((100 * exact) / rows.length).toFixed(1)}%); ${run.stderr.trim()}`,
    );

    // INVARIANT: the corpus's refusals are never allowed. Checked first: it is the worst miss.
    const unsafe = rows.filter(
      (r) => r.expect !== "allow" && r.expect !== "ask" && r.decision === "allow",
    );
    expect(unsafe, "cases the corpus refuses that the engine allows").toEqual([]);
    expect(
      rows.filter((r) => !r.ok),
      "cases whose verdict differs from the corpus",
    ).toEqual([]);
    expect(run.stderr).toBe(
      `${cases.length} cases: ${count(rows, "allow")} allow, ${count(rows, "ask")} ask, ${count(rows, "deny")} deny\n`,
    );
  });
});

function count(rows: readonly { decision: string }[], decision: string): number {
  return rows.filter((r) => r.decision === decision).length;
}
