#!/usr/bin/env node
// Checks the pending changesets and release batches of the repository it runs in.
// --gate: the stricter mode run right before `changeset version` (held batches fail).
import { checkRelease, formatFinding } from "../src/changesets.mjs";

const findings = checkRelease(process.cwd(), { gate: process.argv.includes("--gate") });
for (const f of findings)
  (f.level === "error" ? process.stderr : process.stdout).write(`${formatFinding(f)}\n`);
const errors = findings.filter((f) => f.level === "error").length;
process.stdout.write(`release check: ${errors} error(s), ${findings.length - errors} note(s)\n`);
process.exitCode = errors > 0 ? 1 : 0;
