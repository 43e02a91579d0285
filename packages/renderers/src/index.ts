/**
 * Every text pi-permission renders from a prompt payload.
 *
 * @packageDocumentation
 */

/** Prefix of every agent-facing text, so the agent knows which extension decided. */
export const EXTENSION_TAG = "[pi-permission-system]";
