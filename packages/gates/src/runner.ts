import type { BashAnalyzer } from "@pi-permission/bash";
import type {
  AllowResolution,
  DenyResolution,
  PermissionDecisionEvent,
  PermissionRequestSource,
  PermissionUiPromptEvent,
  PromptPayload,
} from "@pi-permission/payload";
import { strictest } from "@pi-permission/policy";
import { createPermissionRequestId } from "@pi-permission/request-id";
import { type EvaluationPolicy, evaluateSkillInput, evaluateToolCall } from "./evaluate.ts";
import type { RequestVerdict, ToolCallFacts, Verdict } from "./model.ts";
import {
  agentText,
  type CallOutcome,
  decisionEvent,
  type ProjectionOptions,
  type RequestOutcome,
  reviewDetails,
} from "./projections.ts";
import {
  exactGrants,
  type SessionGrant,
  type SessionGrants,
  widerGrants,
} from "./session-grants.ts";

/** What the runner needs of the policy on every call (read fresh, so a reload applies). */
export interface RunnerPolicy extends EvaluationPolicy {
  yolo: boolean;
  promptFieldMaxWidth: number;
}

/** One ask handed to whoever may answer it. */
export interface AskRequest {
  requestId: string;
  source: PermissionRequestSource;
  payload: PromptPayload;
  /** The request being asked about, as the gates judged it. */
  verdict: RequestVerdict;
  /** The grants "approve for this session" adds by default: the request exactly as shown. */
  sessionGrants: readonly SessionGrant[];
  /** The wider grants the human may pick instead, or `null` when none is safe (suggest.ts). */
  widerGrants: readonly SessionGrant[] | null;
  /** The call as this session judged it (cwd, input, agent): what a forwarding authority hands on. */
  facts: ToolCallFacts;
}

/** An authority's answer. `unavailable` means nobody could answer (fail closed). */
export type AuthorityAnswer =
  | { kind: "approved"; forSession: boolean; wider?: boolean }
  | { kind: "denied"; reason: string | null }
  | { kind: "unavailable"; reason: string | null };

/** Who answers an ask: the local human, a parent session, or nobody. */
export interface Authority {
  kind: "user" | "parent" | "none";
  ask(request: AskRequest): Promise<AuthorityAnswer>;
}

/** Where the runner's records go. Writing them is the host's job, through this one interface. */
export interface RunnerReporter {
  review(event: string, details: Record<string, unknown>): void;
  decision(event: PermissionDecisionEvent): void;
  uiPrompt(event: PermissionUiPromptEvent): void;
}

/** What the host returns to Pi. */
export type RunOutcome =
  | { action: "allow"; verdict: Verdict; requestIds: string[] }
  | { action: "block"; reason: string; verdict: Verdict; requestIds: string[] };

export interface GateRunnerDeps {
  /** The policy for the calls `agentName` makes (the session's, with its agent section merged in). */
  policy: (agentName: string | null) => RunnerPolicy;
  analyzer: BashAnalyzer;
  authority: () => Authority;
  reporter: RunnerReporter;
  grants: SessionGrants;
  /** The one mint (injectable for tests that pin ids). */
  mintId?: () => string;
}

/** A permission request of the call being resolved: its minted id and its verdict. */
interface Request {
  id: string;
  verdict: RequestVerdict;
}

// The outcome of a request the policy allows (see #settle).
const POLICY_ALLOW: RequestOutcome = Object.freeze({
  result: "allow",
  resolution: "policy_allow",
});

/** A settled request: its own outcome, and for a refusal, what the agent is told. */
type Settled =
  | { outcome: Extract<RequestOutcome, { result: "allow" }>; text?: undefined }
  | { outcome: Extract<RequestOutcome, { result: "deny" }>; text: string };

/**
 * Runs the gates for a tool call and escalates asks. One id is minted per permission
 * request (per judging gate) when the request is created, and every review-log record and
 * the one decision event of that request carry it (seed 003). The runner only controls: it
 * mints, preempts, consults grants, yolo and the authority; every text, log line and event
 * is a projection of the verdict (projections.ts).
 */
export class GateRunner {
  readonly #deps: GateRunnerDeps;
  readonly #mint: () => string;

  constructor(deps: GateRunnerDeps) {
    this.#deps = deps;
    this.#mint = deps.mintId ?? createPermissionRequestId;
  }

  /** Judge a tool call and resolve it: policy, session grants, yolo, then the authority. */
  run(facts: ToolCallFacts): Promise<RunOutcome> {
    const policy = this.#deps.policy(facts.agentName);
    return this.#resolve(
      policy,
      facts,
      "tool_call",
      evaluateToolCall(policy, facts, this.#deps.analyzer),
    );
  }

  /** Judge `/skill:<name>` input. */
  runSkillInput(facts: ToolCallFacts, skill: string): Promise<RunOutcome> {
    const policy = this.#deps.policy(facts.agentName);
    return this.#resolve(policy, facts, "skill_input", evaluateSkillInput(policy, facts, skill));
  }

  /**
   * Resolve a verdict the caller narrowed. A request another session forwarded is judged on
   * the requester's facts, and only the gate that asked there is resolved, under the id the
   * requester minted (seed 003).
   */
  runVerdict(
    facts: ToolCallFacts,
    source: PermissionRequestSource,
    verdict: Verdict,
  ): Promise<RunOutcome> {
    return this.#resolve(this.#deps.policy(facts.agentName), facts, source, verdict);
  }

  async #resolve(
    policy: RunnerPolicy,
    facts: ToolCallFacts,
    source: PermissionRequestSource,
    verdict: Verdict,
  ): Promise<RunOutcome> {
    const requests: Request[] = verdict.requests.map((request) => ({
      id: this.#mint(),
      verdict: request,
    }));
    const requestIds = requests.map((r) => r.id);
    const options: ProjectionOptions = { fieldMaxWidth: policy.promptFieldMaxWidth };
    const log = (request: Request, event: string, extra: Record<string, unknown>) =>
      this.#review(facts, source, request, event, extra);
    // The verdict names the deciding request; a verdict a caller narrowed may not hold it, and
    // then the first request with the strictest action decides.
    const action = strictest(requests.map((r) => r.verdict.action)) ?? "allow";
    const deciding =
      requests.find((r) => r.verdict === verdict.deciding && r.verdict.action === action) ??
      requests.find((r) => r.verdict.action === action) ??
      null;

    // Every request's own outcome, published once the call's outcome is final.
    const outcomes = new Map<Request, RequestOutcome>();
    const publish = (decidedBy: Request, refused: RequestOutcome | null) =>
      this.#publish(requests, outcomes, decidedBy, refused);

    // INVARIANT: deny preempts ask. A call any gate denies is refused without a prompt, in
    // the words of the request that decides it.
    if (action === "deny" && deciding !== null) {
      const refused: RequestOutcome = { result: "deny", resolution: "policy_deny" };
      for (const request of requests) {
        if (request.verdict.action === "deny") {
          log(request, "permission_request.blocked", { resolution: "policy_deny" });
          outcomes.set(request, refused);
        } else if (request.verdict.action === "ask") {
          log(request, "permission_request.preempted", {
            resolution: "policy_deny",
            preemptedBy: deciding.id,
          });
        }
      }
      publish(deciding, refused);
      return {
        action: "block",
        reason: agentText(deciding.verdict, { by: "policy" }, options),
        verdict,
        requestIds,
      };
    }

    // The deciding ask is settled first, so a refusal is told in the words the verdict names.
    // Every request allowed by the policy (most calls): each settles as a policy allow, with
    // nothing to consult and nothing to await.
    if (action === "allow") {
      for (const request of requests) outcomes.set(request, POLICY_ALLOW);
      if (deciding !== null) publish(deciding, null);
      return { action: "allow", verdict, requestIds };
    }
    const order = deciding ? [deciding, ...requests.filter((r) => r !== deciding)] : requests;
    for (const request of order) {
      const settled = await this.#settle(facts, source, request, policy, options);
      outcomes.set(request, settled.outcome);
      if (settled.text === undefined) continue;
      // The call is refused: the asks not yet answered are refused with it, unasked.
      for (const rest of requests) {
        if (outcomes.has(rest) || rest.verdict.action !== "ask") continue;
        log(rest, "permission_request.preempted", {
          resolution: settled.outcome.resolution,
          preemptedBy: request.id,
        });
      }
      publish(request, settled.outcome);
      return { action: "block", reason: settled.text, verdict, requestIds };
    }
    if (deciding !== null) publish(deciding, null);
    return { action: "allow", verdict, requestIds };
  }

  /**
   * Publish one decision event per request, now that the call's outcome is final. When the
   * call was refused (`refused` is the refusing request's outcome), every request whose own
   * outcome would have let it run, or that was never settled, is published as preempted by
   * the request that refused the call: a refused call publishes no allow.
   */
  #publish(
    requests: readonly Request[],
    outcomes: ReadonlyMap<Request, RequestOutcome>,
    decidedBy: Request,
    refused: RequestOutcome | null,
  ) {
    const call: CallOutcome = {
      result: refused === null ? "allow" : "deny",
      decidingRequestId: decidedBy.id,
    };
    for (const request of requests) {
      const own = outcomes.get(request);
      const preempted = refused !== null && (own === undefined || own.result === "allow");
      const outcome = preempted ? refused : own;
      // A request of an allowed call always has its own outcome; this only guards the types.
      if (outcome === undefined) continue;
      this.#emit(request, outcome, call, preempted ? decidedBy.id : null);
    }
  }

  /** Settle one request of a call no gate denies: its outcome, and the text of a refusal. */
  async #settle(
    facts: ToolCallFacts,
    source: PermissionRequestSource,
    request: Request,
    policy: RunnerPolicy,
    options: ProjectionOptions,
  ): Promise<Settled> {
    const log = (event: string, extra: Record<string, unknown>) =>
      this.#review(facts, source, request, event, extra);
    if (request.verdict.action === "allow") {
      return { outcome: { result: "allow", resolution: "policy_allow" } };
    }
    const grant = this.#deps.grants.covering(request.verdict, facts);
    if (grant) {
      log("permission_request.session_approved", {
        resolution: "session_approved",
        sessionApprovalPattern: grant.pattern,
        // The request whose approval added the grant: the trail from this call to the human.
        sessionGrantRequestId: grant.requestId,
      });
      return { outcome: { result: "allow", resolution: "session_approved" } };
    }
    if (policy.yolo) {
      log("permission_request.auto_approved", { resolution: "auto_approved" });
      return { outcome: { result: "allow", resolution: "auto_approved" } };
    }
    return this.#ask(facts, source, request, options);
  }

  /** Ask the authority: the request's outcome, and the text of a refusal. */
  async #ask(
    facts: ToolCallFacts,
    source: PermissionRequestSource,
    request: Request,
    options: ProjectionOptions,
  ): Promise<Settled> {
    const { verdict } = request;
    const authority = this.#deps.authority();
    const log = (event: string, extra: Record<string, unknown>) =>
      this.#review(facts, source, request, event, extra);
    // The grants an approval could add are worked out only for an authority that may approve,
    // and the wider ones only when the authority reads them (a list dialog offers none).
    let sessionGrants: readonly SessionGrant[] = [];
    let wider: readonly SessionGrant[] | null | undefined;
    const widerOnce = () => {
      if (wider === undefined) wider = widerGrants(verdict);
      return wider;
    };

    let answer: AuthorityAnswer;
    if (authority.kind === "none") {
      answer = { kind: "unavailable", reason: null };
    } else {
      sessionGrants = exactGrants(verdict);
      log("permission_request.waiting", { resolution: null, authority: authority.kind });
      if (authority.kind === "user") {
        this.#safe(() =>
          this.#deps.reporter.uiPrompt({
            requestId: request.id,
            source,
            kind: verdict.payload.kind,
            request: verdict.payload.request,
            forwarding: null,
          }),
        );
      }
      answer = await authority.ask({
        requestId: request.id,
        source,
        payload: verdict.payload,
        verdict,
        sessionGrants,
        get widerGrants() {
          return widerOnce();
        },
        facts,
      });
    }

    const parent = authority.kind === "parent";
    if (answer.kind === "approved") {
      const granted =
        (answer.forSession && answer.wider === true ? widerOnce() : null) ?? sessionGrants;
      if (answer.forSession) {
        this.#deps.grants.grant(verdict, { requestId: request.id, wider: answer.wider === true });
      }
      const resolution: AllowResolution = parent
        ? answer.forSession
          ? "parent_approved_for_session"
          : "parent_approved"
        : answer.forSession
          ? "user_approved_for_session"
          : "user_approved";
      log("permission_request.approved", {
        resolution,
        ...(answer.forSession ? { sessionGrants: granted } : {}),
      });
      return { outcome: { result: "allow", resolution } };
    }
    if (answer.kind === "denied") {
      const resolution: DenyResolution = parent ? "parent_denied" : "user_denied";
      log("permission_request.denied", { resolution, denialReason: answer.reason });
      return {
        outcome: { result: "deny", resolution },
        text: agentText(verdict, { by: "user", reason: answer.reason }, options),
      };
    }
    log("permission_request.denied", {
      resolution: "confirmation_unavailable",
      denialReason: answer.reason,
    });
    return {
      outcome: { result: "deny", resolution: "confirmation_unavailable" },
      // A broken policy file that decided the ask is named, with where it is broken.
      text: agentText(verdict, { by: "unavailable", reason: answer.reason }, options),
    };
  }

  #review(
    facts: ToolCallFacts,
    source: PermissionRequestSource,
    request: Request,
    event: string,
    extra: Record<string, unknown>,
  ) {
    this.#safe(() =>
      this.#deps.reporter.review(
        event,
        reviewDetails(request.verdict, { requestId: request.id, source, call: facts }, extra),
      ),
    );
  }

  // INVARIANT: the only place a decision event is published, stamped with its request's id.
  #emit(request: Request, outcome: RequestOutcome, call: CallOutcome, preemptedBy: string | null) {
    this.#safe(() =>
      this.#deps.reporter.decision(
        decisionEvent(request.verdict, request.id, outcome, { call, preemptedBy }),
      ),
    );
  }

  /** Recording is best effort: a failing reporter never changes a verdict. */
  #safe(record: () => void) {
    try {
      record();
    } catch {
      // the verdict stands; the host's reporter owns its own error reporting
    }
  }
}
