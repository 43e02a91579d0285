// Shared fixtures for the gate runtime tests: a real analyzer, policies from literal maps,
// a recording reporter and scripted authorities.
import { type BashAnalyzer, loadBashAnalyzer } from "@pi-permission/bash";
import type { PermissionDecisionEvent, PermissionUiPromptEvent } from "@pi-permission/payload";
import {
  DEFAULT_RULE,
  type PermissionMap,
  type ProgramMap,
  permissionRules,
} from "@pi-permission/policy";
import { type EvaluationPolicy, evaluateToolCall } from "../src/evaluate.ts";
import type { ConcurrentCall, ToolCallFacts } from "../src/model.ts";
import {
  type AskRequest,
  type Authority,
  type AuthorityAnswer,
  GateRunner,
  type RunnerPolicy,
  type RunnerReporter,
} from "../src/runner.ts";
import { SessionGrants } from "../src/session-grants.ts";

let analyzer: BashAnalyzer | undefined;
export async function analyzerOnce(): Promise<BashAnalyzer> {
  analyzer ??= await loadBashAnalyzer();
  return analyzer;
}

export function policyOf(
  permission: PermissionMap,
  extra: Partial<RunnerPolicy> = {},
): RunnerPolicy {
  return {
    rules: [
      DEFAULT_RULE,
      ...permissionRules(permission, { scope: "global", file: "/policy.json" }),
    ],
    yolo: false,
    promptFieldMaxWidth: 400,
    ...extra,
  };
}

export function call(
  toolName: string,
  input: unknown,
  extra: Partial<ToolCallFacts> = {},
): ToolCallFacts {
  return {
    toolName,
    toolCallId: "call_1",
    input,
    cwd: "/repo",
    home: "/home/user",
    agentName: null,
    sessionId: "session-1",
    ...extra,
  };
}

export function bash(command: string, extra: Partial<ToolCallFacts> = {}): ToolCallFacts {
  return call("bash", { command }, extra);
}

/** Everything allowed but `rm`, with `.env` denied: where a link to `.env` decides. */
export const LINK_POLICY: PermissionMap = {
  "*": "allow",
  bash: { "*": "allow", "rm *": "deny" },
  path: { "**/.env": "deny" },
  external_directory: "ask",
};

/** A bash call as another call of the message (or a running one) holds it. */
export function shellCall(command: string): ConcurrentCall {
  return { toolName: "bash", input: { command } };
}

/**
 * A call judged beside others (`concurrent`, `running`): its action, the pattern that decided
 * it, and the concurrent call its prompt names.
 */
export async function decideBeside(
  permission: PermissionMap,
  toolName: string,
  input: unknown,
  extra: Partial<ToolCallFacts>,
) {
  const facts = call(toolName, input, extra);
  const verdict = evaluateToolCall(policyOf(permission), facts, await analyzerOnce());
  const deciding = verdict.action === "allow" ? null : verdict.deciding;
  return {
    action: verdict.action,
    rule: deciding?.payload.request.matchedPattern ?? null,
    concurrent: deciding?.payload.evidence.find((e) => e.label === "concurrent call")?.text ?? null,
  };
}

export interface Recorded {
  reviews: Array<{ event: string; details: Record<string, unknown> }>;
  decisions: PermissionDecisionEvent[];
  prompts: PermissionUiPromptEvent[];
}

export function recorder(): RunnerReporter & Recorded {
  const reviews: Recorded["reviews"] = [];
  const decisions: PermissionDecisionEvent[] = [];
  const prompts: PermissionUiPromptEvent[] = [];
  return {
    reviews,
    decisions,
    prompts,
    review: (event, details) => reviews.push({ event, details }),
    decision: (event) => decisions.push(event),
    uiPrompt: (event) => prompts.push(event),
  };
}

/** A human who answers every ask from a script, and remembers what was asked. */
export function human(...answers: AuthorityAnswer[]): Authority & { asked: AskRequest[] } {
  const asked: AskRequest[] = [];
  return {
    kind: "user",
    asked,
    async ask(request) {
      asked.push(request);
      const answer = answers.shift();
      if (!answer) throw new Error(`unexpected ask for ${request.verdict.surface}`);
      return answer;
    },
  };
}

export const nobody: Authority = {
  kind: "none",
  ask: async () => {
    throw new Error("nobody is never asked");
  },
};

/** A runner over `policy` with a recording reporter and ids pinned as `perm-1`, `perm-2`, … */
export async function runnerFor(
  policy: RunnerPolicy,
  authority: Authority = nobody,
  grants: SessionGrants = new SessionGrants(),
) {
  const reporter = recorder();
  let n = 0;
  const runner = new GateRunner({
    policy: () => policy,
    analyzer: await analyzerOnce(),
    authority: () => authority,
    reporter,
    grants,
    mintId: () => `perm-${++n}`,
  });
  return { runner, reporter, grants };
}

/** Run one call through a fresh runner (see {@link runnerFor}). */
export async function runOnce(
  policy: RunnerPolicy,
  facts: ToolCallFacts,
  authority: Authority = nobody,
) {
  const { runner, reporter } = await runnerFor(policy, authority);
  return { outcome: await runner.run(facts), reporter, runner };
}

/**
 * A bash command's action under a policy (with the programs it declares, if any), and the
 * deciding rule and sentinel of a refusal (null on allow).
 */
export async function decideBashDetail(
  permission: PermissionMap,
  command: string,
  programs?: ProgramMap,
): Promise<{ action: string; rule: string | null; sentinel: string | null }> {
  const policy: EvaluationPolicy =
    programs === undefined
      ? policyOf(permission)
      : { ...policyOf(permission), settings: { programs } };
  const evaluation = evaluateToolCall(policy, bash(command), await analyzerOnce());
  const deciding = evaluation.action === "allow" ? null : evaluation.deciding;
  return {
    action: evaluation.action,
    rule: deciding?.payload.request.matchedPattern ?? null,
    sentinel: deciding?.decidingItem?.sentinel ?? null,
  };
}

/** A bash command's action under a policy, and the deciding rule of a refusal (null on allow). */
export async function decideBash(
  permission: PermissionMap,
  command: string,
  programs?: ProgramMap,
): Promise<{ action: string; rule: string | null }> {
  const { action, rule } = await decideBashDetail(permission, command, programs);
  return { action, rule };
}

/** Everything allowed but two bash commands and writes under /etc; outside the project asks. */
export const PERMISSIVE = {
  "*": "allow",
  bash: { "*": "allow", "git push *": "deny", "npm publish*": "deny" },
  write: { "/etc/**": "deny" },
  external_directory: "ask",
} as const;
