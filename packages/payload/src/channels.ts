/**
 * The `pi.events` channels pi-permission publishes on.
 *
 * @example
 * ```ts
 * pi.events.on(PERMISSION_CHANNELS.decision, (event) => audit(event));
 * ```
 */
export const PERMISSION_CHANNELS = {
  /** Exactly one event per permission request, when its verdict is final. */
  decision: "permissions:decision",
  /** Just before a human is asked. */
  uiPrompt: "permissions:ui_prompt",
  /** Once per session, when the policy is loaded and gating is live. */
  ready: "permissions:ready",
} as const;

/** One of the channel names in {@link PERMISSION_CHANNELS}. */
export type PermissionChannel = (typeof PERMISSION_CHANNELS)[keyof typeof PERMISSION_CHANNELS];
