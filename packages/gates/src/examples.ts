import type { BashAnalyzer } from "@pi-permission/bash";
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
): { readonly outcomes: readonly ExampleOutcome[]; readonly issues: readonly PolicyIssue[] } {
  if (scope.status !== "loaded") return { outcomes: [], issues: [] };
  const examples = scope.document.examples ?? [];
  if (examples.length === 0) return { outcomes: [], issues: [] };
  const alone: ScopeLoad = { ...scope, scope: "global" };
  const { policy } = mergeScopes([alone]);
  const outcomes: ExampleOutcome[] = [];
  const issues: PolicyIssue[] = [];
  examples.forEach((example, index) => {
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
    if (holds) return;
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
  });
  return { outcomes, issues };
}
