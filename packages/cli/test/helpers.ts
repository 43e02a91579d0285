// Shared helpers: run the CLI in process with injected io, and write policy files.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "../src/index.ts";

export interface RunResult {
  code: number;
  out: string;
  err: string;
}

/** Run `pi-permission` with these arguments; `stdin` chunks arrive one by one. */
export async function run(
  argv: readonly string[],
  io: { stdin?: readonly string[]; cwd?: string; home?: string } = {},
): Promise<RunResult> {
  let out = "";
  let err = "";
  const chunks = io.stdin;
  const code = await runCli(argv, {
    stdout: (t) => (out += t),
    stderr: (t) => (err += t),
    ...(chunks === undefined ? {} : { stdin: iterate(chunks) }),
    ...(io.cwd === undefined ? {} : { cwd: io.cwd }),
    ...(io.home === undefined ? {} : { home: io.home }),
  });
  return { code, out, err };
}

async function* iterate(chunks: readonly string[]): AsyncGenerator<string> {
  for (const chunk of chunks) yield chunk;
}

/** A temporary folder for policy files, removed by `remove()`. */
export function policyDir(): {
  dir: string;
  write: (name: string, text: string) => string;
  remove: () => void;
} {
  const dir = mkdtempSync(join(tmpdir(), "pi-permission-check-"));
  return {
    dir,
    write(name, text) {
      const file = join(dir, name);
      writeFileSync(file, text);
      return file;
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** The policy most tests judge with: cautious, with a deny reason, secrets and the boundary. */
export const CAUTIOUS = `{
  // comments are allowed, as in pi
  "permission": {
    "*": "ask",
    "read": "allow",
    "bash": {
      "*": "ask",
      "git *": "allow",
      "rm *": "deny",
      "git push *": { "action": "deny", "reason": "pushes go through CI" }
    },
    "path": { "**/.env": "deny" },
    "external_directory": "ask"
  }
}
`;

/** Where every test call runs. */
export const PLACE = ["--cwd", "/repo", "--home", "/home/user"] as const;
