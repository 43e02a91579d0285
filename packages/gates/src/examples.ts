import { type BashAnalyzer, threadCpuMs } from "@pi-permission/bash";
import {
  formatJsonPath,
  issueInScope,
  mergeScopes,
  type PolicyExample,
  type PolicyIssue,
  type ScopeLoad,
} from "@pi-permission/policy";
import { evaluateToolCall } from "./evaluate.ts";
import { verdictRecord } from "./projections.ts";

/** Where an example runs when it does not say. */
export const EXAMPLE_PLACE = { cwd: "/project", home: "/home/user" } as const;

/**
 * The CPU time all the examples of one file may take together, in milliseconds. Each example
 * is bounded by its own analysis deadline and work budget, but a file may hold thousands of
 * them: S32 F11 measured 200 crafted examples at 9 s of CPU (and the 4 MiB file cap allows
 * twelve times that), so `validate` on a cloned project's file seemed to hang.
 */
export const EXAMPLES_CPU_BUDGET_MS = 5_000;

/**
 * The wall-clock time all the examples of one file may take together, in milliseconds. The CPU
 * budget counts this thread only, and judging an example may wait on work outside it: a `grep`
 * example lists its folder with ripgrep (a child process, up to a second each), a `find` or
 * `grep -r` example walks the disk. S33 F-trust (attacker r33c F4): 20 `grep` examples at `/`
 * took 25 s of `validate` and never touched the CPU budget, so a file's 1000 would take about
 * 20 minutes. Twice the CPU budget, so a busy machine that slows the thread's own work does
 * not cut an ordinary file short.
 */
export const EXAMPLES_WALL_BUDGET_MS = 2 * EXAMPLES_CPU_BUDGET_MS;

/** The most examples of one file judged; the rest are reported as not judged. */
export const EXAMPLES_MAX = 1_000;

/** How {@link checkPolicyExamples} bounds its work (tests shrink it). */
export interface ExampleBudget {
  /** The CPU time, in ms, all the examples may take together (default 5000). */
  readonly cpuMs?: number;
  /**
   * The wall-clock time, in ms, all the examples may take together, waits on child processes
   * and the disk included (default 10000).
   */
  readonly wallMs?: number;
  /** The most examples judged (default 1000). */
  readonly max?: number;
}

/** What one policy example got, against what it expects. */
export interface ExampleOutcome {
  readonly index: number;
  readonly example: PolicyExample;
  readonly decision: string;
  /** The rule pattern or sentinel that decided, as `pi-permission check` names it. */
  readonly matchedPattern: string | null;
  readonly holds: boolean;
}

/**
 * Judges a policy file's own `examples` with that file alone (read as the user's own file, so
 * a project file's loosening counts as trusted here) and the verdict record every other
 * output is projected from: an example holds when the decision is the one it expects and,
 * when it names a rule, that rule or sentinel decided. A failing example is an
 * `exampleFails` error at its JSON path.
 *
 * @example
 * ```ts
 * const scope = loadPolicyFile({ scope: "global", file: "permissions.json" });
 * checkPolicyExamples(scope, await loadBashAnalyzer()).issues; // [] when every example holds
 * ```
 */
export function checkPolicyExamples(
  scope: ScopeLoad,
  analyzer: BashAnalyzer,
  budget: ExampleBudget = {},
): { readonly outcomes: readonly ExampleOutcome[]; readonly issues: readonly PolicyIssue[] } {
  if (scope.status !== "loaded") return { outcomes: [], issues: [] };
  const examples = scope.document.examples ?? [];
  if (examples.length === 0) return { outcomes: [], issues: [] };
  const alone: ScopeLoad = { ...scope, scope: "global" };
  const { policy } = mergeScopes([alone]);
  const outcomes: ExampleOutcome[] = [];
  const issues: PolicyIssue[] = [];
  const cpuMs = budget.cpuMs ?? EXAMPLES_CPU_BUDGET_MS;
  const wallMs = budget.wallMs ?? EXAMPLES_WALL_BUDGET_MS;
  const max = budget.max ?? EXAMPLES_MAX;
  const started = threadCpuMs();
  const wallStarted = performance.now();
  for (const [index, example] of examples.entries()) {
    // INVARIANT (S32 F11, S33 F-trust): one budget for all the work the examples of a file
    // cause, this thread's CPU and the waits on what it starts (ripgrep, disk walks). Past it
    // the rest are not judged, and validate says so as an error: it cannot say they hold.
    const cpuSpent = threadCpuMs() - started > cpuMs;
    const wallSpent = performance.now() - wallStarted > wallMs;
    if (index >= max || cpuSpent || wallSpent) {
      const why =
        index >= max
          ? `only the first ${max} examples are judged`
          : cpuSpent
            ? `the examples ran past their total budget of ${cpuMs} ms of CPU time`
            : `the examples ran past their total budget of ${wallMs} ms of wall-clock time`;
      issues.push(
        issueInScope(scope, {
          code: "exampleFails",
          jsonPath: formatJsonPath(["examples", index]),
          message: `this example and the ${examples.length - index - 1} after it were not judged: ${why}`,
          expected: "every example judged",
          received: `${examples.length - index} examples not judged`,
          help: "keep fewer (or simpler) examples in one file",
        }),
      );
      break;
    }
    const verdict = evaluateToolCall(
      policy,
      {
        toolName: example.tool,
        toolCallId: null,
        input: example.input,
        cwd: example.cwd ?? EXAMPLE_PLACE.cwd,
        home: example.home ?? EXAMPLE_PLACE.home,
        agentName: null,
        sessionId: null,
      },
      analyzer,
    );
    const record = verdictRecord(verdict, {
      tool: example.tool,
      fieldMaxWidth: policy.settings.promptFieldMaxWidth,
      failClosed: false,
    });
    const holds =
      record.decision === example.expect &&
      (example.rule === undefined || record.matchedPattern === example.rule);
    outcomes.push({
      index,
      example,
      decision: record.decision,
      matchedPattern: record.matchedPattern,
      holds,
    });
    if (holds) continue;
    const by = record.matchedPattern === null ? "" : ` by \`${record.matchedPattern}\``;
    const wanted = `${example.expect}${example.rule === undefined ? "" : ` by \`${example.rule}\``}`;
    issues.push(
      issueInScope(scope, {
        code: "exampleFails",
        jsonPath: formatJsonPath(["examples", index]),
        message: `the example \`${example.tool}\` call is decided ${record.decision}${by}, not ${wanted}`,
        expected: wanted,
        received: `${record.decision}${by}`,
        help: "fix the rules so the call gets the decision it should, or fix the example",
      }),
    );
  }
  return { outcomes, issues };
}
