// `pi-permission check` and `explain`: one tool call against one policy file, or (check
// --batch) many cases against a folder of policy files.
import { statSync } from "node:fs";
import { homedir } from "node:os";
import { resolve } from "node:path";
import { agentDir, agentSectionKey } from "@pi-permission/policy";
import { formatBatchSummary, runBatch } from "./batch.ts";
import { formatExplanation } from "./explain.ts";
import { type CliIo, EXIT, NO_INPUT } from "./io.ts";
import {
  analyzerOrError,
  brokenPolicyReport,
  judgeCall,
  type LoadedPolicy,
  loadPolicyAsPi,
  loadPolicyForCheck,
  messageOf,
} from "./judge.ts";
import { parseOptions } from "./options.ts";
import { checkRecord } from "./record.ts";
import { readAll } from "./stdin.ts";

const CALL_OPTIONS = ["--config", "--agent-dir", "--agent", "--cwd", "--home", "--tool", "--input"];
const BATCH_OPTIONS = ["--policies", "--cwd", "--home"];

/** A failed command: its exit code and what standard error says. */
interface Failure {
  readonly code: number;
  readonly message: string;
}

/**
 * Run `check` or `explain` on already-split arguments and return the exit code: the
 * verdict's (`EXIT.allow`, `EXIT.ask`, `EXIT.deny`) for one call, `EXIT.ok` once a batch
 * is judged, `EXIT.error` or `EXIT.usage` on failure.
 */
export async function callCommand(
  command: "check" | "explain",
  args: readonly string[],
  io: CliIo,
): Promise<number> {
  const batch = command === "check" && args.includes("--batch");
  const known = batch
    ? { values: BATCH_OPTIONS, flags: ["--batch"] }
    : { values: CALL_OPTIONS, flags: ["--trust-project"] };
  const parsed = parseOptions(command, args, known);
  if ("usage" in parsed) return usage(io, parsed.usage);
  const here = io.cwd ?? process.cwd();
  const place = {
    cwd: resolve(here, parsed.values.get("--cwd") ?? "."),
    home: resolve(here, parsed.values.get("--home") ?? io.home ?? homedir()),
  };
  const stdin = io.stdin ?? NO_INPUT;

  if (batch) {
    const policies = parsed.values.get("--policies");
    if (policies === undefined) return usage(io, "`check --batch` needs `--policies DIR`");
    if (!isDirectory(policies)) {
      return fail(io, { code: EXIT.error, message: `\`${policies}\` is not a directory` });
    }
    const analyzer = await analyzerOrError();
    if ("error" in analyzer) return fail(io, { code: EXIT.error, message: analyzer.error });
    try {
      const summary = await runBatch(
        stdin,
        { policies, ...place, analyzer, warn: io.stderr },
        io.stdout,
      );
      io.stderr(formatBatchSummary(summary));
      return EXIT.ok;
    } catch (error) {
      const message = `the cases could not be read: ${messageOf(error)}`;
      return fail(io, { code: EXIT.error, message });
    }
  }

  const config = parsed.values.get("--config");
  const tool = parsed.values.get("--tool");
  const inputText = parsed.values.get("--input");
  const missing = [
    tool === undefined ? "--tool NAME" : null,
    inputText === undefined ? "--input JSON" : null,
  ].filter((m) => m !== null);
  if (
    config !== undefined &&
    (parsed.values.has("--agent-dir") || parsed.flags.has("--trust-project"))
  ) {
    return usage(
      io,
      "`--config` names the one policy file; it takes no `--agent-dir` or `--trust-project`",
    );
  }
  if (tool === undefined || inputText === undefined) {
    return usage(io, `\`${command}\` needs ${missing.map((m) => `\`${m}\``).join(", ")}`);
  }
  if (tool === "") return usage(io, "`--tool` needs a tool name");
  const agentName = parsed.values.get("--agent") ?? null;
  if (agentName === "") return usage(io, "`--agent` needs an agent name");
  const input = await parseInput(inputText, stdin);
  if ("usage" in input) return usage(io, input.usage);
  if ("error" in input) return fail(io, { code: EXIT.error, message: input.error });

  // Without --config, the files Pi reads, under the same trust rule.
  const loaded =
    config === undefined
      ? piLoaded(
          parsed.values.get("--agent-dir"),
          parsed.flags.has("--trust-project"),
          place,
          io,
          here,
        )
      : loadPolicyForCheck(config);
  if (loaded.status === "missing") {
    return fail(io, { code: EXIT.error, message: `the policy file \`${config}\` does not exist` });
  }
  // INVARIANT: a broken policy file is reported and judged fail closed, never skipped.
  if (loaded.status === "broken") io.stderr(brokenPolicyReport(loaded));
  // S32 F14: sections are found by the folded name, as `policyForAgent` finds them.
  const key = agentName === null ? null : agentSectionKey(agentName);
  if (
    key !== null &&
    ![...(loaded.policy.agents?.keys() ?? [])].some((n) => agentSectionKey(n) === key)
  ) {
    io.stderr(
      `pi-permission: no policy file has a section for agent \`${agentName}\`, so its calls are judged by the session's policy\n`,
    );
  }
  const analyzer = await analyzerOrError();
  if ("error" in analyzer) return fail(io, { code: EXIT.error, message: analyzer.error });
  let evaluation: ReturnType<typeof judgeCall>;
  try {
    evaluation = judgeCall(
      loaded.policy,
      analyzer,
      { tool, input: input.value },
      { ...place, agentName },
    );
  } catch (error) {
    const message = `the call could not be judged: ${messageOf(error)}`;
    return fail(io, { code: EXIT.error, message });
  }
  io.stdout(
    command === "check"
      ? `${JSON.stringify(checkRecord(evaluation, loaded.policy, tool), null, 2)}\n`
      : formatExplanation(evaluation, {
          tool,
          ...place,
          policy: loaded.policy,
          file: loaded.file,
          agentName,
        }),
  );
  return EXIT[evaluation.action];
}

// The policy as the extension loads it; untrusted loosening is said on standard error.
function piLoaded(
  agentDirOption: string | undefined,
  trustProject: boolean,
  place: { cwd: string; home: string },
  io: CliIo,
  here: string,
): LoadedPolicy {
  const env = io.env ?? process.env;
  const dir =
    agentDirOption === undefined
      ? agentDir({ env, home: place.home, cwd: here })
      : resolve(here, agentDirOption);
  const pi = loadPolicyAsPi({ agentDir: dir, ...place, env, trustProject });
  const trust = pi.projectTrust;
  if (trust?.state === "untrusted") {
    io.stderr(
      `pi-permission: ${trust.file} is not trusted, so it only tightens (${trust.loosening.map((l) => l.jsonPath).join(", ")} ignored); pass --trust-project to judge it trusted\n`,
    );
  }
  const broken = pi.policy.brokenScopes.length > 0;
  return {
    file: pi.files.join("; "),
    status: broken ? "broken" : "loaded",
    policy: pi.policy,
    issues: pi.issues,
  };
}

/** `--input JSON`, or `--input -` for the JSON on standard input. */
async function parseInput(
  text: string,
  stdin: AsyncIterable<string | Uint8Array>,
): Promise<{ value: unknown } | { usage: string } | { error: string }> {
  let json = text;
  try {
    if (text === "-") json = await readAll(stdin);
  } catch (error) {
    return { error: `standard input could not be read: ${messageOf(error)}` };
  }
  try {
    return { value: JSON.parse(json) };
  } catch (error) {
    const source = text === "-" ? "standard input" : "`--input`";
    return { usage: `${source} is not JSON: ${messageOf(error)}` };
  }
}

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

function usage(io: CliIo, message: string): number {
  return fail(io, {
    code: EXIT.usage,
    message: `${message}\nhelp: run \`pi-permission help\``,
  });
}

function fail(io: CliIo, { code, message }: Failure): number {
  io.stderr(`pi-permission: ${message}\n`);
  return code;
}
