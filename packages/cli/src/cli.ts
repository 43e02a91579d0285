#!/usr/bin/env node
import { runCli } from "./index.ts";

process.exitCode = await runCli(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  stdin: process.stdin,
  stdoutIsTTY: process.stdout.isTTY === true,
  stderrIsTTY: process.stderr.isTTY === true,
  ...(process.stdout.isTTY && process.stdout.columns ? { columns: process.stdout.columns } : {}),
});
