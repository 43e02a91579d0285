/**
 * Host-agnostic policy and gate evaluation.
 *
 * @packageDocumentation
 */
export * from "./action.ts";
