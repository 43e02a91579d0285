// `pi-permission check --batch`: many cases in one process. The analyzer is loaded once and
// each policy file is read once; a malformed case is reported in its own output line and
// the run goes on.
import { join } from "node:path";
import type { BashAnalyzer } from "@pi-permission/bash";
import { type ConcurrentCall, type VerdictSummary, verdictSummary } from "@pi-permission/gates";
import type { PermissionState } from "@pi-permission/payload";
import {
  brokenPolicyReport,
  type CallPlace,
  judgeCall,
  type LoadedPolicy,
  loadPolicyForCheck,
  messageOf,
} from "./judge.ts";
import { checkRecord } from "./record.ts";
import { type CliInput, readLines } from "./stdin.ts";

/**
 * One output line of `check --batch`: the case's id and the summary of its verdict record,
 * or what was wrong.
 */
export type BatchLine =
  | ({ readonly id: unknown } & VerdictSummary)
  | ({ readonly id: unknown; readonly line: number; readonly error: string } & VerdictSummary)
  | { readonly id: unknown; readonly line: number; readonly error: string };

/** How the batch went, for the summary line. */
export interface BatchSummary {
  readonly cases: number;
  readonly counts: Record<PermissionState, number>;
  readonly errors: number;
}

/** The batch's environment: where policies live, where calls run, where lines go. */
export interface BatchContext extends CallPlace {
  readonly policies: string;
  readonly analyzer: BashAnalyzer;
  /** Receives the text of every broken policy file's issues, once per file. */
  readonly warn: (text: string) => void;
}

/**
 * Judge every case of `input` (JSON lines `{"id", "policy", "tool", "input"}`, and
 * `"concurrent"` when other calls run at the same time, `"running"` when calls judged before it
 * still run), writing one
 * JSON line per case through `write`. Blank lines are skipped. Throws only when the input
 * itself cannot be read.
 */
export async function runBatch(
  input: CliInput,
  context: BatchContext,
  write: (text: string) => void,
): Promise<BatchSummary> {
  const cache = new Map<string, LoadedPolicy>();
  const counts: Record<PermissionState, number> = { allow: 0, ask: 0, deny: 0 };
  let cases = 0;
  let errors = 0;
  let lineNumber = 0;
  for await (const lines of readLines(input)) {
    let out = "";
    for (const text of lines) {
      lineNumber++;
      if (text.trim() === "") continue;
      cases++;
      const result = judgeLine(text, lineNumber, context, cache);
      if ("error" in result) errors++;
      if ("decision" in result) counts[result.decision]++;
      out += `${JSON.stringify(result)}\n`;
    }
    if (out !== "") write(out);
  }
  return { cases, counts, errors };
}

/** `96 cases: 61 allow, 5 ask, 30 deny`, and the errors when there are any. */
export function formatBatchSummary({ cases, counts, errors }: BatchSummary): string {
  const judged = `${counts.allow} allow, ${counts.ask} ask, ${counts.deny} deny`;
  const failed = errors === 0 ? "" : `, ${errors} error${errors === 1 ? "" : "s"}`;
  return `${cases} case${cases === 1 ? "" : "s"}: ${judged}${failed}\n`;
}

function judgeLine(
  text: string,
  line: number,
  context: BatchContext,
  cache: Map<string, LoadedPolicy>,
): BatchLine {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { id: null, line, error: `the line is not JSON: ${messageOf(error)}` };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    return { id: null, line, error: "a case is a JSON object" };
  }
  const fields = value as Record<string, unknown>;
  const id = fields.id ?? null;
  const fail = (error: string): BatchLine => ({ id, line, error });
  if (typeof id !== "string" && typeof id !== "number") {
    return fail("`id` must be a string or a number");
  }
  const name = fields.policy;
  if (typeof name !== "string" || !/^[^/\\]+$/.test(name) || name === "." || name === "..") {
    return fail("`policy` must name a policy file in the policies directory, without `.json`");
  }
  if (typeof fields.tool !== "string" || fields.tool === "") {
    return fail("`tool` must be a tool name");
  }
  if (!("input" in fields)) return fail("`input` is missing");
  const concurrent = callsOf(fields.concurrent, "concurrent");
  if (typeof concurrent === "string") return fail(concurrent);
  const running = callsOf(fields.running, "running");
  if (typeof running === "string") return fail(running);

  const loaded = policyNamed(name, context, cache);
  if (loaded.status === "missing")
    return fail(`no policy \`${name}\`: ${loaded.file} does not exist`);
  try {
    const evaluation = judgeCall(
      loaded.policy,
      context.analyzer,
      {
        tool: fields.tool,
        input: fields.input,
        ...(concurrent === undefined ? {} : { concurrent }),
        ...(running === undefined ? {} : { running }),
      },
      context,
    );
    return { id, ...verdictSummary(checkRecord(evaluation, loaded.policy, fields.tool)) };
  } catch (error) {
    // INVARIANT: a well-formed case the judging fails on is denied, as the extension blocks
    // the call when its gate throws: a line without a decision is never read as an allow.
    const reason = `the call could not be judged: ${messageOf(error)}`;
    return {
      id,
      line,
      error: reason,
      decision: "deny",
      surface: fields.tool,
      source: null,
      matchedPattern: null,
      origin: null,
      reason,
      failClosed: true,
    };
  }
}

/**
 * A case's `concurrent` calls (`[{"tool": "bash", "input": {…}}]`): the calls that run at the
 * same time as it, as the other calls of one assistant message do in Pi; or its `running` calls:
 * those judged before it that still run, as a codemode script's earlier calls may. `undefined`
 * when the case has none; a string says what is wrong.
 */
function callsOf(value: unknown, field: string): ConcurrentCall[] | undefined | string {
  if (value === undefined) return undefined;
  const wrong = `\`${field}\` must be a list of calls \`{"tool": NAME, "input": …}\``;
  if (!Array.isArray(value)) return wrong;
  const calls: ConcurrentCall[] = [];
  for (const call of value as unknown[]) {
    if (typeof call !== "object" || call === null || Array.isArray(call)) return wrong;
    const { tool, input } = call as Record<string, unknown>;
    if (typeof tool !== "string" || tool === "" || !("input" in call)) return wrong;
    calls.push({ toolName: tool, input });
  }
  return calls;
}

function policyNamed(
  name: string,
  context: BatchContext,
  cache: Map<string, LoadedPolicy>,
): LoadedPolicy {
  const cached = cache.get(name);
  if (cached) return cached;
  const loaded = loadPolicyForCheck(join(context.policies, `${name}.json`));
  if (loaded.status === "broken") context.warn(brokenPolicyReport(loaded));
  cache.set(name, loaded);
  return loaded;
}
