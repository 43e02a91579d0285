import { renderGateErrorDenial } from "@pi-permission/renderers";

// Rendered once, when nothing can fail any more: the text of last resort.
const FALLBACK_REASON = renderGateErrorDenial({ toolName: null, error: null });

/** What a `tool_call` handler returns to Pi to stop a call. */
export interface BlockResult {
  block: true;
  reason: string;
}

/** What the boundary reports when the gate path itself failed. */
export interface GateFailure {
  error: unknown;
}

/**
 * Run a gate so that any exception blocks the call instead of escaping to the host.
 * Pi does catch a throwing `tool_call` handler today, but the verdict must not depend on
 * that. `onFailure` records the failure; it is itself guarded, so nothing it does can
 * turn the block into an allow.
 *
 * @example
 * ```ts
 * const result = await failClosed(() => gate(event), (f) => `blocked: ${String(f.error)}`);
 * ```
 */
export async function failClosed<T>(
  gate: () => T | Promise<T>,
  onFailure: (failure: GateFailure) => string,
): Promise<T | BlockResult> {
  try {
    return await gate();
  } catch (error) {
    // INVARIANT: the block below is unconditional; recording may fail, blocking may not.
    let reason = FALLBACK_REASON;
    try {
      reason = onFailure({ error });
    } catch {
      // the fixed reason above stands
    }
    return { block: true, reason };
  }
}
