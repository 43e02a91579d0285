import { describe, expect, it } from "vitest";
import { failureClass, runFuzz } from "../src/fuzz.ts";
import { oracleUnavailableReason } from "../src/sandbox.ts";

/**
 * A fixed-seed differential run, part of `npm test`: generated commands (and corpus mutations)
 * analysed by @pi-permission/bash and run under real bash; any program or file the analysis
 * does not cover fails the test with its minimized reproduction. `npm run fuzz` runs the same
 * thing at scale.
 */
const SMOKE_SEED = 20_240_601;
const SMOKE_RUNS = 300;

const unavailable = oracleUnavailableReason();

describe.skipIf(unavailable !== null)(
  `differential smoke run${unavailable ? ` (skipped: ${unavailable})` : ""}`,
  () => {
    it(`finds no soundness failure in ${SMOKE_RUNS} generated commands (seed ${SMOKE_SEED})`, async () => {
      const summary = await runFuzz({
        runs: SMOKE_RUNS,
        seed: SMOKE_SEED,
        workers: 2,
        minimizePerClass: 1,
        minimizeBudget: 40,
        findingsPerClass: 3,
      });
      // The run must really have run bash, or a pass would mean nothing.
      expect(summary.straced).toBeGreaterThan(SMOKE_RUNS / 3);
      expect(summary.harnessErrors, summary.harnessErrorSamples.join("\n")).toBe(0);
      const failures = summary.findings.map(
        (finding) =>
          `${JSON.stringify(finding.command)}\n${finding.failures
            .map((failure) => `    [${failureClass(failure)}] ${failure.detail}`)
            .join("\n")}`,
      );
      expect(
        summary.unsound,
        `${summary.unsound} of ${summary.straced} straced commands were unsound; classes ${JSON.stringify(summary.failureClasses)}; examples:\n${failures.join("\n")}`,
      ).toBe(0);
    }, 900_000);
  },
);
