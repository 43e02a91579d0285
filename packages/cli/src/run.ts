import { createRequire } from "node:module";
import { formatValidateReport, validateCommand } from "./validate.ts";

/** Where the command writes; injected so tests read exactly what a user would see. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/**
 * Exit codes of `pi-permission`: distinct for each verdict, for usage errors and failures.
 * `invalid` (1): `validate` found at least one error in the policy file (or could not read it).
 */
export const EXIT = { ok: 0, invalid: 1, usage: 64 } as const;

const USAGE = `Usage: pi-permission <command> [options]

Commands:
  validate FILE [--json]  check a policy file: errors and warnings with their JSON paths
                          (exit 0 when clean or only warnings, 1 on errors)
  help                    show this text
  version                 print the version

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
    const result = validateCommand(args);
    if ("usage" in result) return usageError(io, result.usage);
    const { report, json } = result;
    io.stdout(json ? `${JSON.stringify(report, null, 2)}\n` : formatValidateReport(report));
    return report.valid ? EXIT.ok : EXIT.invalid;
  }
  return usageError(io, `unknown command \`${command}\``);
}
