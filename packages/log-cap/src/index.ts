/**
 * Bounds what the review log accumulates: a uniform width cap per string, and key-name
 * masking of secrets, joined in the one pipeline the log write path runs
 * ({@link prepareReviewLogRecord}).
 *
 * @packageDocumentation
 */
export {
  isSensitiveLogKey,
  MASKED_LOG_VALUE,
  maskSensitiveFields,
} from "./mask.ts";
export { type PreparedReviewLogRecord, prepareReviewLogRecord } from "./record.ts";
export {
  capLogFieldWidths,
  DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH,
  LOG_FIELD_ELLIPSIS,
  resolveReviewLogFieldWidth,
} from "./width.ts";
