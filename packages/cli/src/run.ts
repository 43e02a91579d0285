import { createRequire } from "node:module";

/** Where the command writes; injected so tests read exactly what a user would see. */
export interface CliIo {
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

/** Exit codes of `pi-permission`: distinct for each verdict, for usage errors and failures. */
export const EXIT = { ok: 0, usage: 64 } as const;

const USAGE = `Usage: pi-permission <command> [options]

Commands:
  help       show this text
  version    print the version

Options:
  -h, --help     show this text
  -v, --version  print the version
`;

function version(): string {
  const require = createRequire(import.meta.url);
  return (require("../package.json") as { version: string }).version;
}

/**
 * Run the command line with the given arguments and return the exit code.
 *
 * @example
 * ```ts
 * await runCli(["--version"], { stdout: console.log, stderr: console.error }); // 0
 * ```
 */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  const [command] = argv;
  if (command === undefined || command === "help" || command === "-h" || command === "--help") {
    io.stdout(USAGE);
    return command === undefined ? EXIT.usage : EXIT.ok;
  }
  if (command === "version" || command === "-v" || command === "--version") {
    io.stdout(`${version()}\n`);
    return EXIT.ok;
  }
  io.stderr(`pi-permission: unknown command \`${command}\`\nhelp: run \`pi-permission help\`\n`);
  return EXIT.usage;
}
