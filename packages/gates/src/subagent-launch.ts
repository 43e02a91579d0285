// The children a subagent launch may start unjudged (S34 agent-file-trust, r33f F2). A child
// is judged only by the pi-permission it loads itself; pi-subagents picks the agent file a
// name stands for (a project's file over the user's, with no trust step) and that file says
// what the child loads. The host works out, per child, whether the definition comes from a
// project or loads no pi-permission (extension/src/subagent-launch.ts); each such child makes
// the launch ask here, beside the policy's own verdict: a deny still refuses, and an approval
// covers only the same definitions again (a changed file is asked about again).
import type { RequestVerdict, ToolCallFacts } from "./model.ts";
import { inputEvidence } from "./payloads.ts";
import { judgedItem, requestOf } from "./verdict.ts";

/** The surface the ask is made on. */
export const SUBAGENT_LAUNCH_SURFACE = "subagent_launch";

/**
 * The ask a subagent launch makes when a child it may start is not vouched for, or `null`.
 * One exact item per child: the agent and its definition, so only an approval of the same
 * agent with the same definition covers it again.
 */
export function unguardedLaunchRequest(facts: ToolCallFacts): RequestVerdict | null {
  const launches = facts.unguardedLaunches ?? [];
  if (launches.length === 0) return null;
  const items = launches.map((launch) => ({
    ...judgedItem(
      { action: "ask", rule: null },
      SUBAGENT_LAUNCH_SURFACE,
      `${launch.agent} ${launch.definition}`,
    ),
    exact: true as const,
  }));
  const value = [...new Set(launches.map((launch) => launch.agent))].join(", ");
  return requestOf(facts, {
    gate: "tool",
    surface: SUBAGENT_LAUNCH_SURFACE,
    value,
    action: "ask",
    decidingItem: items[0] as (typeof items)[number],
    items,
    payload: {
      kind: "tool",
      surface: SUBAGENT_LAUNCH_SURFACE,
      value,
      evidence: [
        ...launches.map((launch) => ({
          label: `agent ${launch.agent}`,
          text: launch.why,
          detail: null,
        })),
        inputEvidence(facts.input),
      ],
    },
    facts: { kind: "tool_input", input: facts.input },
  });
}
