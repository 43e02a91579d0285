/**
 * The `pi-permission` command.
 *
 * @packageDocumentation
 */
export {
  type BatchLine,
  type BatchSummary,
  formatBatchSummary,
} from "./batch.ts";
export { type ExplainContext, formatExplanation } from "./explain.ts";
export { type CliIo, EXIT } from "./io.ts";
export {
  type CheckRecord,
  checkRecord,
  decidingJudgement,
  type ItemRecord,
  type JudgementRecord,
  type PathRecord,
  type RuleRecord,
  type UnitRecord,
} from "./record.ts";
export { runCli } from "./run.ts";
export {
  formatValidateReport,
  type ValidateReport,
  validateReport,
} from "./validate.ts";
