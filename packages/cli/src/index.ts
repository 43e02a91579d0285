/**
 * The `pi-permission` command.
 *
 * @packageDocumentation
 */
export * from "./run.ts";
export {
  formatValidateReport,
  type ValidateReport,
  validateReport,
} from "./validate.ts";
