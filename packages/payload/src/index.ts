/**
 * The presentation contract of pi-permission: what a permission request is, and what
 * other extensions receive on `pi.events`.
 *
 * @packageDocumentation
 */
export * from "./channels.ts";
