/**
 * The presentation contract of pi-permission: what a permission request is, and what
 * other extensions receive on `pi.events`.
 *
 * Stability: the shapes in this package only ever gain fields. A removal or a rename is a
 * major release with a migration note under `docs/migration/`.
 *
 * @packageDocumentation
 */
export * from "./channels.ts";
export * from "./decision.ts";
export * from "./guards.ts";
export * from "./prompt-payload.ts";
export * from "./state-entry.ts";
