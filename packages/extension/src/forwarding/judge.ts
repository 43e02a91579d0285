// How a parent session judges an ask a subagent forwarded: with its own policy first, on the
// facts the child fixed (its cwd, its input: the parent's cwd is never used), resolving only
// the gate that asked in the child, under the child's request id. Its policy answers silently
// where it decides; otherwise the parent's human is asked, with the subagent named.
import type { ExtensionContext } from "@earendil-works/pi-coding-agent";
import type { BashAnalyzer } from "@pi-permission/bash";
import {
  type AskRequest,
  type Authority,
  type AuthorityAnswer,
  evaluateSkillInput,
  evaluateToolCall,
  GateRunner,
  type RequestVerdict,
  type RunnerPolicy,
  type RunnerReporter,
  SessionGrants,
  type ToolCallFacts,
  type Verdict,
} from "@pi-permission/gates";
import type {
  ForwardedPromptContext,
  PermissionDecisionResolution,
  PromptPayload,
} from "@pi-permission/payload";
import { askHuman, type DialogSettings } from "../authority.ts";
import type { ForwardedRequest } from "./protocol.ts";

export interface ForwardedJudgeDeps {
  /** The parent's policy for calls made by `agentName` (its per-agent section merged in). */
  policy: (agentName: string | null) => RunnerPolicy;
  analyzer: BashAnalyzer;
  /** The parent's current context: its UI asks the human. */
  ctx: () => ExtensionContext;
  /** The parent's own records: review log, decision and ui-prompt events. */
  reporter: RunnerReporter;
  /** The parent's session grants ("approve for the whole session" adds to them). */
  grants: SessionGrants;
  settings: () => DialogSettings;
  expandedText: (request: AskRequest, width: number) => string;
}

/** Judge forwarded requests for one serving session; grants per subagent session are kept here. */
export function createForwardedJudge(
  deps: ForwardedJudgeDeps,
): (request: ForwardedRequest) => Promise<AuthorityAnswer> {
  const childGrants = new Map<string, SessionGrants>();
  return async (request) => {
    const facts: ToolCallFacts = request.facts;
    const forwarding: ForwardedPromptContext = {
      requesterAgentName: request.requester.agentName,
      requesterSessionId: request.requester.sessionId,
    };
    const policy = deps.policy(facts.agentName);
    const full =
      request.source === "skill_input"
        ? evaluateSkillInput(policy, facts, skillOf(facts.input))
        : evaluateToolCall(policy, facts, deps.analyzer);
    const judged = full.requests.find((r) => r.gate === request.gate) ?? askAsTheChildDid(request);
    const narrowed: RequestVerdict = { ...judged, payload: markForwarded(judged.payload, request) };
    const verdict: Verdict = {
      action: narrowed.action,
      requests: [narrowed],
      deciding: narrowed,
      bash: full.bash,
    };

    let resolution: PermissionDecisionResolution | null = null;
    let human: AuthorityAnswer | null = null;
    let wholeSession = false;
    // Every record of the parent's side carries who forwarded the request.
    const reporter: RunnerReporter = {
      review: (event, details) => deps.reporter.review(event, { ...details, forwarding }),
      decision: (event) => {
        resolution = event.resolution;
        deps.reporter.decision({ ...event, forwarding });
      },
      uiPrompt: (event) => deps.reporter.uiPrompt({ ...event, forwarding }),
    };
    const ctx = deps.ctx();
    const authority: Authority = ctx.hasUI
      ? {
          kind: "user",
          ask: async (ask) => {
            human = await askHuman(ctx, ask, deps.settings(), deps.expandedText, {
              heading: headingOf(request),
              onApproveParentSession: () => {
                wholeSession = true;
              },
            });
            return human;
          },
        }
      : { kind: "none", ask: async () => ({ kind: "unavailable", reason: null }) };

    const key = request.requester.sessionId ?? `pid-${request.requester.pid}`;
    let mine = childGrants.get(key);
    if (!mine) {
      mine = new SessionGrants();
      childGrants.set(key, mine);
    }
    const runner = new GateRunner({
      policy: () => policy,
      analyzer: deps.analyzer,
      authority: () => authority,
      reporter,
      grants: new ServingGrants(deps.grants, mine),
      // INVARIANT: one id end to end (seed 003): the parent's records use the child's id.
      mintId: () => request.id,
    });
    const outcome = await runner.runVerdict(facts, request.source, verdict);
    // "The whole session" is the one answer that reaches subagents: marked so (r33f F6).
    if (wholeSession) deps.grants.grant(narrowed, { requestId: request.id, subagents: true });

    if (outcome.action === "allow") {
      return { kind: "approved", forSession: resolution === "user_approved_for_session" };
    }
    if (resolution === "policy_deny") return { kind: "denied", reason: policyReason(narrowed) };
    if (resolution === "user_denied") {
      const said = human as AuthorityAnswer | null;
      return { kind: "denied", reason: said?.kind === "denied" ? said.reason : null };
    }
    return {
      kind: "unavailable",
      reason: ctx.hasUI ? null : "the parent session has no UI to ask",
    };
  };
}

/**
 * A subagent's session grants on the parent's side: a grant the human gave "for the whole
 * session" of a forwarded ask covers every subagent, one given "for this subagent's session"
 * covers that subagent only. The parent's own "approve for this session" covers the parent's
 * own calls only: its dialog never said it would answer a subagent's, and a grant is not bound
 * to a working directory, so the same words would act on the child's folder (S33
 * parent-grant-child, r33f F6).
 */
class ServingGrants extends SessionGrants {
  readonly #parent: SessionGrants;
  readonly #child: SessionGrants;

  constructor(parent: SessionGrants, child: SessionGrants) {
    super();
    this.#parent = parent;
    this.#child = child;
  }

  override covering(...args: Parameters<SessionGrants["covering"]>) {
    return this.#parent.coveringSubagent(...args) ?? this.#child.covering(...args);
  }

  override grant(judgement: RequestVerdict) {
    return this.#child.grant(judgement);
  }

  override list() {
    return [...this.#parent.list().filter((g) => g.subagents === true), ...this.#child.list()];
  }
}

/** The line above the dialog: which subagent asks, and from which session. */
function headingOf(request: ForwardedRequest): string {
  const who = request.requester.agentName
    ? `Subagent '${request.requester.agentName}'`
    : "A subagent";
  const session = request.requester.sessionId ? ` (session ${request.requester.sessionId})` : "";
  return `${who}${session} asks:`;
}

function markForwarded(payload: PromptPayload, request: ForwardedRequest): PromptPayload {
  return {
    ...payload,
    request: {
      ...payload.request,
      requester: {
        agentName: request.requester.agentName,
        forwarded: true,
        sessionId: request.requester.sessionId,
      },
    },
  };
}

/**
 * The parent's policy has no request for the gate that asked in the child (a permission
 * hook only the child has): the human is asked about the child's own payload, and nothing
 * a grant could cover is made up.
 */
function askAsTheChildDid(request: ForwardedRequest): RequestVerdict {
  return {
    gate: request.gate,
    surface: request.payload.request.surface,
    value: request.payload.request.value,
    action: "ask",
    source: { kind: "default", rule: null },
    reason: null,
    hookErrors: [],
    decidingItem: null,
    items: [],
    payload: request.payload,
    facts: { kind: "tool_input", input: request.facts.input },
  };
}

function policyReason(request: RequestVerdict): string {
  const pattern = request.payload.request.matchedPattern;
  const rule = pattern === null ? "" : ` (rule '${pattern}')`;
  return `the parent session's policy denies it${rule}${request.reason ? `: ${request.reason}` : ""}`;
}

function skillOf(input: unknown): string {
  const skill = (input as { skill?: unknown } | null)?.skill;
  return typeof skill === "string" ? skill : "";
}
