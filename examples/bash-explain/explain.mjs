#!/usr/bin/env node
// explain-bash: what a bash command string really runs, read by @pi-permission/bash on its own
// (no policy, no Pi). Every executed unit with its wrappers and sentinel, and every path the
// command touches, with its direction.
//
//   node examples/bash-explain/explain.mjs [--cwd DIR] [--home DIR] [--json] "<command>"
import { homedir } from "node:os";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { loadBashAnalyzer } from "@pi-permission/bash";

/** @typedef {import("@pi-permission/bash").BashAnalysis} BashAnalysis */
/** @typedef {import("@pi-permission/bash").BashUnit} BashUnit */
/** @typedef {import("@pi-permission/bash").TouchedPath} TouchedPath */

export const USAGE = 'usage: explain.mjs [--cwd DIR] [--home DIR] [--json] "<command>"';

/**
 * The explanation of one analysis, line by line.
 *
 * @param {string} command
 * @param {BashAnalysis} analysis
 * @returns {string[]}
 */
export function explainLines(command, analysis) {
  const lines = [`command: ${oneLine(command)}`, `parse:   ${analysis.status}`];
  for (const diagnostic of analysis.diagnostics ?? []) {
    const at = diagnostic.offset >= 0 ? ` at ${diagnostic.offset}` : "";
    lines.push(`  ${diagnostic.kind}${at}: ${diagnostic.message}`);
  }
  lines.push(`units (${analysis.units.length}):`);
  analysis.units.forEach((unit, i) => {
    lines.push(...unitLines(unit, i + 1));
  });
  lines.push(`paths (${analysis.paths.length}):`);
  const width = Math.max(0, ...analysis.paths.map((p) => shownPath(p).length));
  for (const path of analysis.paths) {
    const where = `unit ${path.unit + 1}, ${path.via}`;
    lines.push(`  ${path.access.padEnd(10)} ${shownPath(path).padEnd(width)}  (${where})`);
  }
  return lines;
}

/**
 * @param {BashUnit} unit
 * @param {number} n
 * @returns {string[]}
 */
function unitLines(unit, n) {
  const wrappers =
    unit.wrappers.length === 0
      ? "none"
      : unit.wrappers.map((w) => `${w.argv.join(" ")} (${w.kind})`).join(", then ");
  return [
    `  ${n}. ${oneLine(unit.text)}`,
    ...(unit.context ? [`     in:       ${unit.context.replace("_", " ")}`] : []),
    `     runs:     ${unit.executed ? unit.executed.join(" ") : "(cannot be proven)"}`,
    `     wrappers: ${wrappers}`,
    `     sentinel: ${unit.sentinel ?? "none"}`,
  ];
}

/**
 * A touched path: its absolute form, the glob it may expand to, or the word when computed.
 *
 * @param {TouchedPath} path
 */
function shownPath(path) {
  if (path.path !== null) return path.path;
  if (path.glob !== undefined) return `${path.glob} (glob)`;
  return `${path.raw} (computed)`;
}

/** @param {string} text */
function oneLine(text) {
  return text.includes("\n") ? JSON.stringify(text) : text;
}

/**
 * Run the CLI: parse `argv`, analyse, print. Returns the exit code (64 on a usage error).
 *
 * @param {readonly string[]} argv
 * @param {{ out: (text: string) => void, err: (text: string) => void, cwd?: string, home?: string }} io
 * @returns {Promise<number>}
 */
export async function main(argv, io) {
  let cwd = io.cwd ?? process.cwd();
  let home = io.home ?? homedir();
  let json = false;
  /** @type {string[]} */
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? "";
    if (arg === "--json") json = true;
    else if ((arg === "--cwd" || arg === "--home") && argv[i + 1] !== undefined) {
      const dir = resolve(argv[++i] ?? "");
      if (arg === "--cwd") cwd = dir;
      else home = dir;
    } else if (arg === "--help" || arg === "-h") {
      io.out(`${USAGE}\n`);
      return 0;
    } else rest.push(arg);
  }
  if (rest.length !== 1) {
    io.err(`${USAGE}\n`);
    return 64;
  }
  const command = rest[0] ?? "";
  const analyzer = await loadBashAnalyzer();
  const analysis = analyzer.analyze(command, { cwd, home });
  io.out(
    json
      ? `${JSON.stringify(analysis, null, 2)}\n`
      : `${explainLines(command, analysis).join("\n")}\n`,
  );
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  process.exitCode = await main(process.argv.slice(2), {
    out: (text) => process.stdout.write(text),
    err: (text) => process.stderr.write(text),
  });
}
