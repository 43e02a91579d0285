import { spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { oracleUnavailableReason } from "../src/sandbox.ts";

const unavailable = oracleUnavailableReason();
const sandboxModule = fileURLToPath(new URL("../src/sandbox.ts", import.meta.url));

/** Process ids whose command line mentions the marker (the traced bash and its children). */
function processesMentioning(marker: string): number[] {
  const found: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/cmdline`, "utf8").includes(marker))
        found.push(Number(entry));
    } catch {
      // The process ended while we looked.
    }
  }
  return found;
}

// A fuzz run killed from outside (Ctrl-C, SIGKILL, a crash) never fires its timers; the
// commands it was tracing must end with it instead of looping on for good.
describe.skipIf(unavailable !== null)(
  `BashOracle cleanup${unavailable ? ` (skipped: ${unavailable})` : ""}`,
  () => {
    it("takes a running command down when the process that started it is killed", async () => {
      const marker = `oracle-orphan-${process.pid}-${Date.now()}`;
      const script = [
        `const { BashOracle } = await import(${JSON.stringify(sandboxModule)});`,
        "const oracle = await BashOracle.start({ timeoutMs: 120000 });",
        'process.stdout.write("running\\n");',
        // Split, so that only the traced bash (not this script's own command line) carries the marker.
        `const marker = ${JSON.stringify(marker.slice(0, 6))} + ${JSON.stringify(marker.slice(6))};`,
        'await oracle.run("while true; do echo " + marker + " >/dev/null; sleep 0.1; done");',
      ].join("\n");
      const child = spawn(
        process.execPath,
        ["--experimental-strip-types", "--no-warnings", "--input-type=module", "-e", script],
        { stdio: ["ignore", "pipe", "pipe"] },
      );
      let stderr = "";
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
      });
      try {
        await new Promise<void>((resolve, reject) => {
          child.stdout.on("data", (chunk: Buffer) => {
            if (chunk.toString("utf8").includes("running")) resolve();
          });
          child.on("exit", (code) => reject(new Error(`oracle child exited ${code}: ${stderr}`)));
        });
        // The command is looping under strace before the parent dies.
        await expect
          .poll(() => processesMentioning(marker).length, { timeout: 10_000 })
          .toBeGreaterThan(0);
        child.kill("SIGKILL");
        // A bound on liveness, not a timing: on a loaded machine (a CI run's other packages)
        // the namespace's teardown has taken over 10 s.
        await expect
          .poll(() => processesMentioning(marker), { timeout: 45_000, interval: 200 })
          .toEqual([]);
      } finally {
        child.kill("SIGKILL");
        for (const pid of processesMentioning(marker)) {
          try {
            process.kill(pid, "SIGKILL");
          } catch {
            // Already gone.
          }
        }
      }
    }, 90_000);
  },
);
