#!/usr/bin/env node
// `npm test`: every check through turbo, then one plain `N passed, N failed` line over all
// packages. A failed task that is not a test run (lint, typecheck, build, a release check)
// counts as one failure, so the line never reads green while the exit code is red.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");
const TASKS = ["lint", "typecheck", "build", "test", "api:check", "release:check", "docs:check"];
const workspaces = ["packages", "tools", "examples", "bench"].flatMap((group) =>
  existsSync(join(root, group))
    ? readdirSync(join(root, group))
        .map((name) => join(root, group, name))
        .filter((dir) => existsSync(join(dir, "package.json")))
    : [],
);
const reports = workspaces.map((dir) => join(dir, "test-results.json"));

// A stale report from an earlier run must not be counted as this run's result.
for (const report of reports) rmSync(report, { force: true });
const summaryDir = join(root, ".turbo", "runs");
rmSync(summaryDir, { recursive: true, force: true });

const turbo = spawnSync(
  "turbo",
  ["run", ...TASKS, "--continue", "--summarize", "--concurrency=2", ...process.argv.slice(2)],
  {
    cwd: root,
    stdio: "inherit",
    env: { TURBO_TELEMETRY_DISABLED: "1", DO_NOT_TRACK: "1", ...process.env },
  },
);

let passed = 0;
let failed = 0;
for (const report of reports) {
  if (!existsSync(report)) continue;
  const r = JSON.parse(readFileSync(report, "utf8"));
  passed += r.numPassedTests;
  failed += r.numFailedTests;
  // A test file that failed to load has no tests to fail; it counts as one failure.
  failed += (r.testResults ?? []).filter(
    (file) => file.status === "failed" && (file.assertionResults ?? []).length === 0,
  ).length;
}

const failedTasks = readFailedTasks();
// A failed test task already counted its failing tests; other failed tasks count once.
failed += failedTasks.filter((task) => !task.endsWith("#test")).length;
if (turbo.status !== 0 && failed === 0) failed = 1;
if (failedTasks.length > 0) console.log(`failed tasks: ${failedTasks.join(", ")}`);
console.log(`${passed} passed, ${failed} failed`);
process.exitCode = turbo.status === 0 && failed === 0 ? 0 : 1;

function readFailedTasks() {
  if (!existsSync(summaryDir)) return [];
  const file = readdirSync(summaryDir).find((f) => f.endsWith(".json"));
  if (!file) return [];
  const summary = JSON.parse(readFileSync(join(summaryDir, file), "utf8"));
  return summary.tasks
    .filter((t) => t.execution && t.execution.exitCode !== 0 && t.execution.exitCode !== null)
    .map((t) => t.taskId);
}
