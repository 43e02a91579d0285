// Shared by the tests that judge corpus commands in bulk through the built CLI's batch check.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { expect } from "vitest";

const here = dirname(fileURLToPath(import.meta.url));

/** The built CLI: these tests judge what users run. */
export const cli = resolve(here, "../dist/cli.js");

/** The repository's own corpus (cases, adversarial lines and the policies P1 to P3). */
export const corpus = resolve(here, "../../../corpus");

/** One corpus line, as far as these tests read it. */
export interface Seed {
  id: string;
  policy: string;
  tool: string;
  input: { command?: unknown };
  expect?: string;
}

/** Every line of the corpus's cases and adversarial files. */
export function seeds(): Seed[] {
  return ["cases.jsonl", "adversarial.jsonl"].flatMap((file) =>
    readFileSync(join(corpus, file), "utf8")
      .split("\n")
      .filter((line) => line.trim() !== "")
      .map((line) => JSON.parse(line) as Seed),
  );
}

/** The decision of each bash command under its corpus policy, by id, from one batch run. */
export function judge(
  lines: readonly { id: string; policy: string; command: string }[],
): Map<string, string | undefined> {
  const input = lines
    .map((line) =>
      JSON.stringify({
        id: line.id,
        policy: line.policy,
        tool: "bash",
        input: { command: line.command },
      }),
    )
    .join("\n");
  const run = spawnSync(
    process.execPath,
    [cli, "check", "--batch", "--policies", join(corpus, "policies")].concat([
      "--cwd",
      "/repo",
      "--home",
      "/home/user",
    ]),
    { input, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  expect({ status: run.status, signal: run.signal }).toEqual({ status: 0, signal: null });
  return new Map(
    run.stdout
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as { id: string; decision?: string })
      .map((verdict) => [verdict.id, verdict.decision]),
  );
}

/** Bash's builtins and reserved words: no external program runs them as bash would. */
const SHELL_ONLY: ReadonlySet<string> = new Set([
  ...["alias", "bg", "bind", "break", "builtin", "caller", "cd", "command", "compgen"],
  ...["complete", "compopt", "continue", "coproc", "declare", "dirs", "disown", "echo"],
  ...["enable", "eval", "exec", "exit", "export", "false", "fc", "fg", "for", "function"],
  ...["getopts", "hash", "help", "history", "if", "jobs", "kill", "let", "local", "logout"],
  ...["mapfile", "popd", "printf", "pushd", "pwd", "read", "readarray", "readonly", "return"],
  ...["select", "set", "shift", "shopt", "source", "suspend", "test", "time", "times", "trap"],
  ...["true", "type", "typeset", "ulimit", "umask", "unalias", "unset", "until", "wait"],
  ...["while", "case", "[", "[[", "!", "{", "(", "."],
]);

/**
 * The first word of a command when it is a plain program name: a word of name characters
 * ending at a blank, an operator or the end (so no assignment, no redirection, no quoting),
 * not a builtin or keyword (an external program cannot run `read` or `cd`).
 */
export function programWord(command: string): string | null {
  const first = /^([A-Za-z0-9_][A-Za-z0-9_.+-]*)(?=[ \t\n;&|<>)]|$)/.exec(command)?.[1];
  return first === undefined || SHELL_ONLY.has(first) ? null : first;
}

/**
 * The corpus's bash seeds `hostable` takes whose own verdict under their policy is a refusal
 * (ask or deny), judged by the built CLI in one batch.
 */
export function refusedBashSeeds(hostable: (command: string) => boolean): Seed[] {
  const candidates = seeds().filter(
    (seed) =>
      seed.tool === "bash" &&
      typeof seed.input.command === "string" &&
      hostable(seed.input.command),
  );
  const own = judge(
    candidates.map((seed) => ({
      id: seed.id,
      policy: seed.policy,
      command: seed.input.command as string,
    })),
  );
  return candidates.filter((seed) => own.get(seed.id) === "ask" || own.get(seed.id) === "deny");
}
