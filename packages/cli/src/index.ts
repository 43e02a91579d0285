/**
 * The `pi-permission` command.
 *
 * @packageDocumentation
 */
export * from "./run.ts";
