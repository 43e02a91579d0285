#!/usr/bin/env node
// Run from a package folder: compares dist/index.d.ts with api/index.api.d.ts (--update rewrites it).
import { checkApi } from "../src/api.mjs";

const result = checkApi(process.cwd(), { update: process.argv.includes("--update") });
(result.ok ? process.stdout : process.stderr).write(`${result.message}\n`);
process.exitCode = result.ok ? 0 : 1;
