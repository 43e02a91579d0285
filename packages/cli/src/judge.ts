// Judging one tool call from the command line: the policy file loaded through the policy
// layer (fail closed when broken), the facts of the call, and the analyzer loaded once.
import { type BashAnalyzer, loadBashAnalyzer } from "@pi-permission/bash";
import { type ConcurrentCall, evaluateToolCall, type Verdict } from "@pi-permission/gates";
import {
  formatPolicyIssue,
  loadPolicy,
  loadPolicyFile,
  mergeScopes,
  type Policy,
  type PolicyIssue,
  type ProjectTrust,
  policyForAgent,
} from "@pi-permission/policy";

/** One policy file as the CLI judges with it. */
export interface LoadedPolicy {
  readonly file: string;
  /**
   * `loaded`: its rules apply; `broken`: it has errors and the policy fails closed (none of
   * its rules apply, the built-in default asks); `missing`: there is no such file.
   */
  readonly status: "loaded" | "broken" | "missing";
  readonly policy: Policy;
  readonly issues: readonly PolicyIssue[];
}

/**
 * Load a policy file the way pi loads its global file: comments allowed, validated, merged
 * with the built-in default, failing closed when broken.
 */
export function loadPolicyForCheck(file: string): LoadedPolicy {
  const scope = loadPolicyFile({ scope: "global", file });
  const { policy, issues } = mergeScopes([scope]);
  const status = scope.status === "loaded" || scope.status === "broken" ? scope.status : "missing";
  return { file, status, policy, issues };
}

/** The files Pi would read, loaded as the extension loads them. */
export interface PiPolicy {
  readonly policy: Policy;
  readonly issues: readonly PolicyIssue[];
  /** One line per file and its state, for `explain` and standard error. */
  readonly files: readonly string[];
  readonly projectTrust?: ProjectTrust;
}

/**
 * Load what Pi loads: the managed file, the global file of `agentDir` (or the built-in
 * default without one) and `<cwd>/.pi/permissions.json` under the same trust rule; with
 * `trustProject` the project file counts as trusted.
 */
export function loadPolicyAsPi(options: {
  readonly agentDir: string;
  readonly cwd: string;
  readonly home: string;
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly trustProject: boolean;
}): PiPolicy {
  const result = loadPolicy({
    env: options.env,
    home: options.home,
    cwd: options.cwd,
    agentDir: options.agentDir,
    projectTrusted: options.trustProject,
  });
  const files = result.scopes.map((scope) => {
    const trust = scope.status === "loaded" && scope.trust ? `, trust: ${scope.trust.state}` : "";
    return `${scope.scope}: ${scope.file} (${scope.status}${trust})`;
  });
  return {
    policy: result.policy,
    issues: result.issues,
    files,
    ...(result.projectTrust ? { projectTrust: result.projectTrust } : {}),
  };
}

/** What a broken policy file's user reads on standard error: each issue, then the verdict. */
export function brokenPolicyReport(loaded: LoadedPolicy): string {
  const issues = loaded.issues.map((i) => `${formatPolicyIssue(i)}\n\n`).join("");
  const errors = loaded.issues.filter((i) => i.severity === "error").length;
  return `${issues}${loaded.file}: ${errors} error${errors === 1 ? "" : "s"}; judging fail closed (its valid deny and ask rules apply; its allows ask)\n`;
}

/** Where the call runs. */
export interface CallPlace {
  readonly cwd: string;
  readonly home: string;
  /** The agent making the call: its sections of the policy apply (`null`: the session's). */
  readonly agentName?: string | null;
}

/** Judge one call: the gates' Verdict, pure and synchronous once the analyzer is loaded. */
export function judgeCall(
  policy: Policy,
  analyzer: BashAnalyzer,
  call: {
    readonly tool: string;
    readonly input: unknown;
    /** The calls that run at the same time (the other calls of the same assistant message). */
    readonly concurrent?: readonly ConcurrentCall[];
    /**
     * The calls judged before it that still run (a codemode script's earlier calls). They run
     * at the same time too, so they count as concurrent as well.
     */
    readonly running?: readonly ConcurrentCall[];
  },
  place: CallPlace,
): Verdict {
  // Every hook of the file is judged enabled: enablement is session state, not configuration.
  const agentName = place.agentName ?? null;
  return evaluateToolCall(
    policyForAgent(policy, agentName),
    {
      toolName: call.tool,
      toolCallId: null,
      input: call.input,
      cwd: place.cwd,
      home: place.home,
      agentName,
      sessionId: null,
      ...concurrency(call.concurrent, call.running),
    },
    analyzer,
  );
}

/** The call's concurrent and running calls as the gates take them (see `judgeCall`). */
function concurrency(
  concurrent: readonly ConcurrentCall[] | undefined,
  running: readonly ConcurrentCall[] | undefined,
): { concurrent?: readonly ConcurrentCall[]; running?: readonly ConcurrentCall[] } {
  if (running === undefined || running.length === 0) {
    return concurrent === undefined ? {} : { concurrent };
  }
  return { concurrent: [...(concurrent ?? []), ...running], running };
}

/** Load the bash analyzer (once per process), or say why it could not be loaded. */
export async function analyzerOrError(): Promise<BashAnalyzer | { error: string }> {
  try {
    return await loadBashAnalyzer();
  } catch (error) {
    return { error: `the bash analyzer could not be loaded: ${messageOf(error)}` };
  }
}

/** The message of a thrown value. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
