// One extension load in a fresh process, as Pi loads it at startup: Pi is imported first
// (its own cost is not the extension's), then Pi's loader warms jiti on the tiny guard
// extension, then times discovering and loading the package (manifest entries, module
// imports through jiti, the factory). Prints `load-ms <ms>`. Used by bench.ts.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { discoverAndLoadExtensions } from "@earendil-works/pi-coding-agent";

const target = process.argv[2] && resolve(process.argv[2]);
if (!target) throw new Error("usage: load-probe.ts <extension package dir>");
const cwd = mkdtempSync(join(tmpdir(), "bench-pi-load-"));
const agentDir = process.env.PI_CODING_AGENT_DIR ?? join(cwd, "agent");

const warm = await discoverAndLoadExtensions(
  [join(import.meta.dirname, "guard.ts")],
  cwd,
  agentDir,
);
if (warm.errors.length > 0) throw new Error(JSON.stringify(warm.errors));
const start = performance.now();
const loaded = await discoverAndLoadExtensions([target], cwd, agentDir);
const ms = performance.now() - start;
if (loaded.errors.length > 0 || loaded.extensions.length === 0) {
  throw new Error(`could not load ${target}: ${JSON.stringify(loaded.errors)}`);
}
console.log(`load-ms ${ms.toFixed(2)} extensions ${loaded.extensions.length}`);
