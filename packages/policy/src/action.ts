/** What a rule or a gate says about a tool call. */
export type PermissionAction = "allow" | "ask" | "deny";

// INVARIANT: the order allow < ask < deny is the only place restrictiveness is defined.
const RANK: Record<PermissionAction, number> = { allow: 0, ask: 1, deny: 2 };

/**
 * The most restrictive of the given actions: deny preempts ask, ask preempts allow.
 * With no actions there is nothing to restrict, so the answer is `undefined`.
 *
 * @example
 * ```ts
 * strictest(["allow", "deny", "ask"]); // "deny"
 * ```
 */
export function strictest(actions: Iterable<PermissionAction>): PermissionAction | undefined {
  let worst: PermissionAction | undefined;
  for (const action of actions) {
    if (worst === undefined || RANK[action] > RANK[worst]) worst = action;
  }
  return worst;
}
