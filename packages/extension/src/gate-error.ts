// The records of a call whose permission check itself failed (fail closed): the agent text,
// the review line and the decision event are the gates' projections of one minted request.
import { gateErrorRecords } from "@pi-permission/gates";
import type { PermissionDecisionEvent, PermissionRequestSource } from "@pi-permission/payload";
import { createPermissionRequestId } from "@pi-permission/request-id";

/** Where a gate error is recorded. */
export interface GateErrorSinks {
  review(event: string, details: Record<string, unknown>): void;
  decision(event: PermissionDecisionEvent): void;
}

/** The call whose check failed, as far as it is known. */
export interface FailedCall {
  readonly toolName: string;
  readonly toolCallId: string | null;
  /** What raised it: a tool call (or the user's `!` command), or typed `/skill:` input. */
  readonly source: PermissionRequestSource;
}

/**
 * Record a failed permission check and return the agent text that refuses the call. One
 * request id is minted for it, named on its review line and its decision event.
 *
 * @example
 * ```ts
 * refuseOnGateError(sinks, { toolName: "skill", toolCallId: null, source: "skill_input" }, error);
 * // "[pi-permission-system] The permission check failed, so this 'skill' call was blocked (fail-closed): …"
 * ```
 */
export function refuseOnGateError(
  sinks: GateErrorSinks,
  call: FailedCall,
  error: unknown,
  mint: () => string = createPermissionRequestId,
): string {
  const records = gateErrorRecords({
    requestId: mint(),
    source: call.source,
    toolName: call.toolName,
    toolCallId: call.toolCallId,
    error: error instanceof Error ? error.message : String(error),
  });
  // INVARIANT: everything below is best effort; the block stands whatever happens here.
  try {
    sinks.review(records.review.event, records.review.details);
  } catch {
    // the block stands
  }
  try {
    sinks.decision(records.decision);
  } catch {
    // the block stands
  }
  return records.agentText;
}
