import type { BashAnalyzer } from "@pi-permission/bash";
import type {
  AllowResolution,
  DenyResolution,
  PermissionDecisionEvent,
  PermissionRequestSource,
  PermissionUiPromptEvent,
  PromptPayload,
} from "@pi-permission/payload";
import {
  renderPolicyDenial,
  renderReviewLogFacts,
  renderUnavailableDenial,
  renderUserDenial,
} from "@pi-permission/renderers";
import { createPermissionRequestId } from "@pi-permission/request-id";
import { type EvaluationPolicy, evaluateSkillInput, evaluateToolCall } from "./evaluate.ts";
import type { GateFacts, RequestVerdict, ToolCallFacts, Verdict } from "./model.ts";
import type { SessionGrant, SessionGrants } from "./session-grants.ts";
import { unregisteredToolReason } from "./tool-gates.ts";

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
  /** The grants "approve for this session" would add. */
  sessionGrants: readonly SessionGrant[];
  /** The call as this session judged it (cwd, input, agent): what a forwarding authority hands on. */
  facts: ToolCallFacts;
}

/** An authority's answer. `unavailable` means nobody could answer (fail closed). */
export type AuthorityAnswer =
  | { kind: "approved"; forSession: boolean }
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
  policy: () => RunnerPolicy;
  analyzer: BashAnalyzer;
  authority: () => Authority;
  reporter: RunnerReporter;
  grants: SessionGrants;
  /** The one mint (injectable for tests that pin ids). */
  mintId?: () => string;
}

/** A decision event's facts, before the runner stamps the id it minted. */
type DecisionFacts =
  | Omit<Extract<PermissionDecisionEvent, { result: "allow" }>, "requestId">
  | Omit<Extract<PermissionDecisionEvent, { result: "deny" }>, "requestId">;

interface Request {
  id: string;
  judgement: RequestVerdict;
}

/**
 * Runs the gates for a tool call and escalates asks. One id is minted per permission
 * request (per judging gate) when the request is created, and every review-log record and
 * the one decision event of that request carry it (seed 003).
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
    const policy = this.#deps.policy();
    return this.#resolve(
      policy,
      facts,
      "tool_call",
      evaluateToolCall(policy, facts, this.#deps.analyzer),
    );
  }

  /** Judge `/skill:<name>` input. */
  runSkillInput(facts: ToolCallFacts, skill: string): Promise<RunOutcome> {
    const policy = this.#deps.policy();
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
    return this.#resolve(this.#deps.policy(), facts, source, verdict);
  }

  async #resolve(
    policy: RunnerPolicy,
    facts: ToolCallFacts,
    source: PermissionRequestSource,
    verdict: Verdict,
  ): Promise<RunOutcome> {
    const requests: Request[] = verdict.requests.map((judgement) => ({
      id: this.#mint(),
      judgement,
    }));
    const requestIds = requests.map((r) => r.id);
    const width = { fieldMaxWidth: policy.promptFieldMaxWidth };
    const log = (request: Request, event: string, extra: Record<string, unknown>) =>
      this.#review(facts, source, request, event, extra);

    // INVARIANT: deny preempts ask. A call any gate denies is refused without a prompt.
    const denied = requests.find((r) => r.judgement.action === "deny");
    if (denied) {
      for (const request of requests) {
        const { judgement } = request;
        if (judgement.action === "deny") {
          log(request, "permission_request.blocked", { resolution: "policy_deny" });
          this.#emitDeny(request, "policy_deny");
        } else if (judgement.action === "ask") {
          log(request, "permission_request.preempted", {
            resolution: "policy_deny",
            preemptedBy: denied.id,
          });
          this.#emitDeny(request, "policy_deny");
        } else {
          this.#emitAllow(request, "policy_allow");
        }
      }
      const { facts: gate } = denied.judgement;
      return {
        action: "block",
        reason:
          gate.kind === "unregistered_tool"
            ? unregisteredToolReason(facts.toolName, gate.knownTools)
            : renderPolicyDenial(denied.judgement.payload, denied.judgement.reason, width),
        verdict,
        requestIds,
      };
    }

    const settled: Request[] = [];
    for (const request of requests) {
      const { judgement } = request;
      if (judgement.action === "allow") {
        this.#emitAllow(request, "policy_allow");
        settled.push(request);
        continue;
      }
      const grant = this.#deps.grants.covering(judgement, facts);
      if (grant) {
        log(request, "permission_request.session_approved", {
          resolution: "session_approved",
          sessionApprovalPattern: grant.pattern,
        });
        this.#emitAllow(request, "session_approved");
        settled.push(request);
        continue;
      }
      if (policy.yolo) {
        log(request, "permission_request.auto_approved", { resolution: "auto_approved" });
        this.#emitAllow(request, "auto_approved");
        settled.push(request);
        continue;
      }
      const outcome = await this.#ask(facts, source, request, policy);
      if (outcome === null) {
        settled.push(request);
        continue;
      }
      // The call is refused: the asks not yet answered are refused with it, unasked.
      for (const rest of requests) {
        if (rest === request || settled.includes(rest)) continue;
        log(rest, "permission_request.preempted", {
          resolution: outcome.resolution,
          preemptedBy: request.id,
        });
        this.#emitDeny(rest, outcome.resolution);
      }
      return { action: "block", reason: outcome.reason, verdict, requestIds };
    }
    return { action: "allow", verdict, requestIds };
  }

  /** Ask the authority; `null` when approved, else the refusal. */
  async #ask(
    facts: ToolCallFacts,
    source: PermissionRequestSource,
    request: Request,
    policy: RunnerPolicy,
  ): Promise<{ reason: string; resolution: DenyResolution } | null> {
    const { judgement } = request;
    const authority = this.#deps.authority();
    const width = { fieldMaxWidth: policy.promptFieldMaxWidth };
    const log = (event: string, extra: Record<string, unknown>) =>
      this.#review(facts, source, request, event, extra);
    const sessionGrants = judgement.items
      .filter((i) => i.action === "ask")
      .map((i) => ({ surface: judgement.surface, pattern: i.suggestion }));

    let answer: AuthorityAnswer;
    if (authority.kind === "none") {
      answer = { kind: "unavailable", reason: null };
    } else {
      log("permission_request.waiting", { resolution: null, authority: authority.kind });
      if (authority.kind === "user") {
        this.#safe(() =>
          this.#deps.reporter.uiPrompt({
            requestId: request.id,
            source,
            kind: judgement.payload.kind,
            request: judgement.payload.request,
            forwarding: null,
          }),
        );
      }
      answer = await authority.ask({
        requestId: request.id,
        source,
        payload: judgement.payload,
        verdict: judgement,
        sessionGrants,
        facts,
      });
    }

    const parent = authority.kind === "parent";
    if (answer.kind === "approved") {
      if (answer.forSession) this.#deps.grants.grant(judgement);
      const resolution: AllowResolution = parent
        ? answer.forSession
          ? "parent_approved_for_session"
          : "parent_approved"
        : answer.forSession
          ? "user_approved_for_session"
          : "user_approved";
      log("permission_request.approved", {
        resolution,
        ...(answer.forSession ? { sessionGrants } : {}),
      });
      this.#emitAllow(request, resolution);
      return null;
    }
    if (answer.kind === "denied") {
      const resolution: DenyResolution = parent ? "parent_denied" : "user_denied";
      log("permission_request.denied", { resolution, denialReason: answer.reason });
      this.#emitDeny(request, resolution);
      return {
        resolution,
        reason: renderUserDenial(
          judgement.payload,
          [answer.reason, judgement.reason].filter((r) => r !== null).join("; ") || null,
          width,
        ),
      };
    }
    log("permission_request.denied", {
      resolution: "confirmation_unavailable",
      denialReason: answer.reason,
    });
    this.#emitDeny(request, "confirmation_unavailable");
    return {
      resolution: "confirmation_unavailable",
      // A broken policy file that decided the ask is named, with where it is broken.
      reason: renderUnavailableDenial(judgement.payload, answer.reason ?? judgement.reason, width),
    };
  }

  #review(
    facts: ToolCallFacts,
    source: PermissionRequestSource,
    request: Request,
    event: string,
    extra: Record<string, unknown>,
  ) {
    const { judgement } = request;
    this.#safe(() =>
      this.#deps.reporter.review(event, {
        requestId: request.id,
        source,
        toolCallId: facts.toolCallId,
        toolName: facts.toolName,
        agentName: facts.agentName,
        ...renderReviewLogFacts(judgement.payload),
        value: judgement.value,
        origin: judgement.decidingItem?.rule?.origin ?? null,
        ...gateLogFacts(judgement.facts),
        ...hookErrorFacts(judgement),
        ...extra,
      }),
    );
  }

  #emitAllow(request: Request, resolution: AllowResolution) {
    this.#emit(request.id, { ...this.#eventFacts(request), result: "allow", resolution });
  }

  #emitDeny(request: Request, resolution: DenyResolution) {
    this.#emit(request.id, { ...this.#eventFacts(request), result: "deny", resolution });
  }

  #eventFacts(request: Request) {
    const { judgement } = request;
    return {
      surface: judgement.surface,
      value: judgement.value,
      origin: judgement.decidingItem?.rule?.origin.scope ?? null,
      agentName: judgement.payload.request.requester.agentName,
      matchedPattern: judgement.payload.request.matchedPattern,
      forwarding: null,
      hook: judgement.source.kind === "hook" ? judgement.source.hook : null,
    };
  }

  // INVARIANT: the only place a decision event is stamped with its request id.
  #emit(requestId: string, facts: DecisionFacts) {
    this.#safe(() =>
      this.#deps.reporter.decision({ requestId, ...facts } as PermissionDecisionEvent),
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

function gateLogFacts(facts: GateFacts): Record<string, unknown> {
  switch (facts.kind) {
    case "bash":
      return { command: facts.command, parseStatus: facts.parseStatus };
    case "path":
      return { path: facts.path, access: facts.access ?? undefined };
    case "external_directory":
      return { externalPaths: facts.externalPaths };
    case "tool_path":
      return { path: facts.path };
    case "tool_input":
      return { input: facts.input };
    case "unregistered_tool":
      return { unregisteredTool: true, input: facts.input };
    case "mcp":
      return { target: facts.target, input: facts.input };
    case "skill":
      return { skillName: facts.skillName, ...(facts.path === null ? {} : { path: facts.path }) };
  }
}

function hookErrorFacts(request: RequestVerdict): Record<string, unknown> {
  const deciding = request.source.kind === "hook" ? request.source.hook.id : null;
  const own = request.hookErrors.find((e) => e.hook.id === deciding);
  const others = request.hookErrors.filter((e) => e !== own);
  return {
    ...(own ? { hookError: own.error } : {}),
    ...(others.length > 0
      ? { hookErrors: others.map((e) => ({ hook: e.hook.id, error: e.error })) }
      : {}),
  };
}
