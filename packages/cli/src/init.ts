// `pi-permission init`: write the built-in default policy for the user to edit, as the global
// file (the agent dir's) or, with `--project`, as `<cwd>/.pi/permissions.json`.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { homedir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { agentDir, DEFAULT_POLICY_TEXT } from "@pi-permission/policy";
import { type CliIo, EXIT } from "./io.ts";
import { parseOptions } from "./options.ts";

/**
 * Run `init` and return the exit code: 0 once written, 1 when the file exists (it is never
 * overwritten without `--force`), 64 on a usage error.
 */
export function initCommand(args: readonly string[], io: CliIo): number {
  const parsed = parseOptions("init", args, {
    values: ["--agent-dir", "--cwd"],
    flags: ["--project", "--force"],
  });
  if ("usage" in parsed) {
    io.stderr(`pi-permission: ${parsed.usage}\nhelp: run \`pi-permission help\`\n`);
    return EXIT.usage;
  }
  const here = io.cwd ?? process.cwd();
  const cwd = resolve(here, parsed.values.get("--cwd") ?? ".");
  const env = io.env ?? process.env;
  const agentDirOption = parsed.values.get("--agent-dir");
  const dir =
    agentDirOption === undefined
      ? agentDir({ env, home: io.home ?? homedir(), cwd: here })
      : resolve(here, agentDirOption);
  const file = parsed.flags.has("--project")
    ? join(cwd, ".pi", "permissions.json")
    : join(dir, "permissions.json");
  if (existsSync(file) && !parsed.flags.has("--force")) {
    io.stderr(
      `pi-permission: ${file} already exists; it was left as it is (pass --force to replace it)\n`,
    );
    return EXIT.error;
  }
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, DEFAULT_POLICY_TEXT);
  io.stdout(
    `Wrote the default policy to ${file}: reads inside the project allowed, secret files denied, everything else asks. Edit it to taste; \`pi-permission validate ${file}\` checks it.\n`,
  );
  return EXIT.ok;
}
