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
export { DEFAULT_REVIEW_LOG_FILES, DEFAULT_REVIEW_LOG_MAX_BYTES } from "./rotation.ts";
export {
  capLogFieldWidths,
  DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH,
  LOG_FIELD_ELLIPSIS,
  resolveReviewLogFieldWidth,
} from "./width.ts";
export { type MaskedWithin, maskWithinStrings, type Scrubbed } from "./within.ts";
