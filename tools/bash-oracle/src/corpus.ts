import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The repository's corpus (`corpus/cases.jsonl` at the root), found by walking up from `from`;
 * `null` when there is none (the generator then skips corpus mutations).
 */
export function findCorpus(from: string = process.cwd()): string | null {
  for (let dir = from; ; dir = dirname(dir)) {
    const candidate = join(dir, "corpus", "cases.jsonl");
    if (existsSync(candidate)) return candidate;
    if (dirname(dir) === dir) return null;
  }
}

/** The bash command strings of a corpus file (one JSON case per line; other tools are skipped). */
export function loadCorpusCommands(file: string): string[] {
  const commands: string[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const entry = JSON.parse(line) as { tool?: string; input?: { command?: unknown } };
    if (entry.tool === "bash" && typeof entry.input?.command === "string") {
      commands.push(entry.input.command);
    }
  }
  return commands;
}
