// A real `pi` process for end-to-end tests: Pi's bundled CLI under the Node that runs the
// tests (Pi 1.6.0 needs Node 22; vitest runs on the repository's pinned Node), offline, with
// an agent dir of the test's, in `--mode json` so standard output is Pi's event stream.
import { spawn } from "node:child_process";
import { join } from "node:path";

/** Pi's bundled CLI, as the `pi` bin runs it. */
export const PI_CLI = join(
  import.meta.dirname,
  "..",
  "..",
  "..",
  "..",
  "node_modules",
  "@earendil-works",
  "pi-coding-agent",
  "dist",
  "bundle",
  "cli.js",
);

export interface PiProcessOptions {
  cwd: string;
  agentDir: string;
  /** `-e` sources: a file or a package folder with a `pi` manifest. */
  extensions: string[];
  /** `<provider>/<model>`, registered in `<agentDir>/models.json`. */
  model: string;
  prompt: string;
  tools?: string[];
  sessionDir: string;
  /** `--append-system-prompt`: what pi-subagents appends for an agent (its name tag, its body). */
  appendSystemPrompt?: string;
  /** Added to the environment (after the test's own, with Pi's agent dir and offline set). */
  env?: Record<string, string>;
  /** Killed after this long (default 120 s: a cold start on a loaded machine is slow). */
  timeoutMs?: number;
}

export interface PiProcessResult {
  code: number | null;
  /** Standard output as JSON lines (Pi's json mode events); other lines are dropped. */
  events: Array<Record<string, unknown>>;
  stderr: string;
  timedOut: boolean;
}

/** Run `pi --mode json … <prompt>` to its end. */
export function runPiProcess(options: PiProcessOptions): Promise<PiProcessResult> {
  const args = [
    PI_CLI,
    "--mode",
    "json",
    "--offline",
    "--model",
    options.model,
    "--tools",
    (options.tools ?? ["bash"]).join(","),
    ...options.extensions.flatMap((e) => ["-e", e]),
    "--no-skills",
    "--no-prompt-templates",
    "--no-context-files",
    "--no-themes",
    "--session-dir",
    options.sessionDir,
    ...(options.appendSystemPrompt === undefined
      ? []
      : ["--append-system-prompt", options.appendSystemPrompt]),
    options.prompt,
  ];
  const child = spawn(process.execPath, args, {
    cwd: options.cwd,
    env: {
      ...process.env,
      PI_CODING_AGENT_DIR: options.agentDir,
      PI_OFFLINE: "1",
      PI_SKIP_VERSION_CHECK: "1",
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk) => {
    stdout += String(chunk);
  });
  child.stderr.on("data", (chunk) => {
    stderr += String(chunk);
  });
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    child.kill("SIGKILL");
  }, options.timeoutMs ?? 120_000);
  return new Promise((resolve, reject) => {
    child.once("error", (error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.once("close", (code) => {
      clearTimeout(timer);
      const events = stdout
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .flatMap((line) => {
          try {
            return [JSON.parse(line) as Record<string, unknown>];
          } catch {
            return [];
          }
        });
      resolve({ code, events, stderr, timedOut });
    });
  });
}
