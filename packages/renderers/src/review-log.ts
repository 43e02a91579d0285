import type {
  BashCommandContext,
  MatchedSpelling,
  PermissionHookRef,
  PromptPayload,
} from "@pi-permission/payload";

/**
 * The request facts a review-log entry records. `surface` is always there; every other
 * field only when it has a value, so an entry never carries a column of `null`s.
 */
export interface ReviewLogFacts {
  surface: string;
  matchedPattern?: string;
  executedUnit?: string;
  /** The spelling of the command the rule met, when it was not the words as written. */
  matchedAs?: MatchedSpelling;
  commandContext?: NonNullable<BashCommandContext>;
  invokedToolName?: string;
  /** The permission hook that decided, when one did. */
  hook?: PermissionHookRef;
  /** Present, and `true`, only for a request another session forwarded. */
  forwarded?: true;
  /** The requesting session, only for a forwarded request. */
  requesterSessionId?: string;
}

/**
 * The payload facts a review-log entry persists: request facts only. No evidence and no
 * annotations, so what the log accumulates is a decision, not a side effect of how a prompt
 * is worded. The tool name, command, path and agent are already on every gate's entry and
 * are not repeated here. Width capping happens later, at the log's single write path.
 *
 * @example
 * ```ts
 * renderReviewLogFacts(rmBuildPayload);
 * // { surface: "bash", matchedPattern: "rm *" }
 * ```
 */
export function renderReviewLogFacts(payload: PromptPayload): ReviewLogFacts {
  const { request } = payload;
  const facts: ReviewLogFacts = { surface: request.surface };
  if (request.matchedPattern !== null) facts.matchedPattern = request.matchedPattern;
  if (request.executedUnit !== null) facts.executedUnit = request.executedUnit;
  if (request.matchedAs) {
    facts.matchedAs = { text: request.matchedAs.text, steps: [...request.matchedAs.steps] };
  }
  if (request.commandContext !== null) facts.commandContext = request.commandContext;
  if (request.invokedToolName !== null) facts.invokedToolName = request.invokedToolName;
  if (request.hook) facts.hook = { ...request.hook };
  if (request.requester.forwarded) {
    facts.forwarded = true;
    if (request.requester.sessionId !== null)
      facts.requesterSessionId = request.requester.sessionId;
  }
  return facts;
}
