/**
 * Bash analysis for permission gating.
 *
 * @packageDocumentation
 */
export * from "./sentinels.ts";
export type * from "./types.ts";
