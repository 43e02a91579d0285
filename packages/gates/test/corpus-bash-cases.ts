import { existsSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { loadPolicyFile, mergeScopes, type Policy } from "@pi-permission/policy";

/** The repository root, from this folder. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

export interface BashCase {
  policy: string;
  command: string;
}

/**
 * The bash cases of a corpus-format file (up to 4096 characters: the analyzer keeps no analysis
 * of a longer command), or none when the file is missing.
 */
export function casesOf(file: string): BashCase[] {
  if (!existsSync(file)) return [];
  const out: BashCase[] = [];
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.trim() === "") continue;
    const c = JSON.parse(line) as { tool?: string; policy?: string; input?: { command?: unknown } };
    if (c.tool !== "bash" || typeof c.input?.command !== "string") continue;
    if (c.input.command.length > 4096 || typeof c.policy !== "string") continue;
    out.push({ policy: c.policy, command: c.input.command });
  }
  return out;
}

/** Every bash command of the corpus and of the bench's everyday commands, with its policy. */
export const CASES: readonly BashCase[] = [
  ...casesOf(join(root, "corpus", "cases.jsonl")),
  ...casesOf(join(root, "corpus", "adversarial.jsonl")),
  ...casesOf(join(root, "bench", "pi", "everyday.jsonl")),
];

/** The corpus policies P1 to P3, each loaded as a global file. */
export const POLICIES = new Map<string, Policy>();
for (const name of ["P1", "P2", "P3"]) {
  const file = join(root, "corpus", "policies", `${name}.json`);
  if (existsSync(file)) {
    POLICIES.set(name, mergeScopes([loadPolicyFile({ scope: "global", file })]).policy);
  }
}
