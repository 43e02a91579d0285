import { createRequire } from "node:module";
import { callCommand } from "./check.ts";
import { initCommand } from "./init.ts";
import { type CliIo, EXIT } from "./io.ts";
import { logCommand } from "./log.ts";
import { formatValidateReport, validateCommand } from "./validate.ts";

const USAGE = `Usage: pi-permission <command> [options]

Commands:
  check [--config FILE] --tool NAME --input JSON [--cwd DIR] [--home DIR]
        [--agent-dir DIR] [--trust-project] [--agent NAME]
                          judge one tool call; prints the verdict record as JSON
                          (exit 0 allow, 2 ask, 3 deny, 1 error)
  check --batch --policies DIR [--cwd DIR] [--home DIR]
                          judge JSON lines {"id", "policy", "tool", "input"} from standard
                          input against DIR/<policy>.json; one JSON line per case, a summary
                          on standard error (exit 0 once every case was judged)
  explain [--config FILE] --tool NAME --input JSON [--cwd DIR] [--home DIR]
          [--agent-dir DIR] [--trust-project] [--agent NAME]
                          the same judgement as a readable trace: units, gates, rules with
                          their file, scope and JSON path, and the decision (exit as check)
  validate FILE [--json]  check a policy file: errors and warnings with their JSON paths
                          (exit 0 when clean or only warnings, 1 on errors)
  init [--project] [--agent-dir DIR] [--cwd DIR] [--force]
                          write the built-in default policy for you to edit: the global
                          file (<agentDir>/permissions.json) or, with --project,
                          <cwd>/.pi/permissions.json; an existing file is kept
  log show REQUEST_ID | log tail [-f] | log stats
                          read the review log (<agentDir>/pi-permission/logs/review.jsonl and
                          its rotated files, or --file FILE): one request's lines, one line
                          per request, or counts, bytes per field and rules to suggest; see
                          \`pi-permission log --help\` (exit 0, 1 no such request or log)
  help                    show this text
  version                 print the version

Options of check and explain:
  --config FILE  judge with this one policy file; a broken one is reported and judged fail
                 closed. Without it, the files Pi reads: the managed file, the global file
                 of the agent dir (or the built-in default) and <cwd>/.pi/permissions.json,
                 which loosens only when trusted
  --agent-dir DIR
                 the agent dir (default: PI_CODING_AGENT_DIR, else ~/.pi/agent)
  --trust-project
                 judge the project file as trusted
  --agent NAME   judge the call as the subagent NAME makes it: the policy's
                 agents.NAME sections apply
  --tool NAME    the tool called: bash, read, write, edit, an MCP or extension tool
  --input JSON   the tool's input, such as '{"command": "git status"}'; - reads it from
                 standard input
  --cwd DIR      the working directory of the call (default: the current directory)
  --home DIR     the home directory ~ expands to (default: your home directory)

Exit status: 0 allow (or success), 1 error, 2 ask, 3 deny, 64 usage error.

Options:
  -h, --help     show this text
  -v, --version  print the version
`;

function version(): string {
  const require = createRequire(import.meta.url);
  return (require("../package.json") as { version: string }).version;
}

function usageError(io: CliIo, message: string): number {
  io.stderr(`pi-permission: ${message}\nhelp: run \`pi-permission help\`\n`);
  return EXIT.usage;
}

/**
 * Run the command line with the given arguments and return the exit code.
 *
 * @example
 * ```ts
 * await runCli(["--version"], { stdout: console.log, stderr: console.error }); // 0
 * await runCli(["validate", "~/.pi/agent/permissions.json"], io); // 0, or 1 on errors
 * await runCli(["check", "--config", "p.json", "--tool", "bash", "--input", '{"command":"rm -rf x"}'], io);
 * // 3 (EXIT.deny), with the verdict record on io.stdout
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command, ...args] = argv;
  if (command === undefined || command === "help" || command === "-h" || command === "--help") {
    io.stdout(USAGE);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  if (command === "version" || command === "-v" || command === "--version") {
    io.stdout(`${version()}\n`);
    return EXIT.ok;
  }
  if (command === "validate") {
    const result = await validateCommand(args);
    if ("usage" in result) return usageError(io, result.usage);
    const { report, json } = result;
    io.stdout(json ? `${JSON.stringify(report, null, 2)}\n` : formatValidateReport(report));
    return report.valid ? EXIT.ok : EXIT.invalid;
  }
  if (command === "check" || command === "explain") return callCommand(command, args, io);
  if (command === "init") return initCommand(args, io);
  if (command === "log") return logCommand(args, io);
  return usageError(io, `unknown command \`${command}\``);
}
