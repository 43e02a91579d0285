/**
 * The pi-permission bundle for the Pi coding agent: `pi install npm:@pi-permission/extension`.
 * The default export is the extension Pi loads; the named exports serve other extensions.
 *
 * @packageDocumentation
 */
export * from "./boundary.ts";
export type { CommandSecret } from "./command-secrets.ts";
export { default, STATUS_KEY } from "./extension.ts";
export {
  createLogWriter,
  type LogPaths,
  type LogSettings,
  type LogWriter,
  type LogWriterOptions,
  logPaths,
} from "./log-files.ts";
export {
  getPermissionsService,
  type PermissionHookRegistration,
  type PermissionsService,
} from "./service.ts";
