/**
 * The pi-permission bundle for the Pi coding agent.
 *
 * @packageDocumentation
 */
export * from "./boundary.ts";
