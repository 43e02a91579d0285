/**
 * Bash analysis for permission gating.
 *
 * @packageDocumentation
 */
export * from "./sentinels.ts";
