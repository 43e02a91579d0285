import { MASKED_LOG_VALUE, maskWithPointers } from "./mask.ts";
import { capString, capWithPointers } from "./width.ts";

/** A review-log record ready to write, with what it left out. */
export interface PreparedReviewLogRecord {
  /** The record to write: every string capped, every sensitive-keyed value masked. */
  readonly record: Record<string, unknown>;
  /**
   * RFC 6901 JSON Pointers (`/toolInput/command`) of the strings that were shortened, in
   * record order. A value that was then masked is listed under `masked` only.
   */
  readonly capped: readonly string[];
  /** RFC 6901 JSON Pointers of the values replaced by the mask marker, in record order. */
  readonly masked: readonly string[];
}

/**
 * The one pipeline the review-log write path runs: cap every string to `maxWidth`
 * ({@link capLogFieldWidths}), then mask every sensitive-keyed value
 * ({@link maskSensitiveFields}), reporting the JSON Pointer of each change so the log line
 * can say what it left out. `details` is never changed, so an event other extensions
 * receive with the same object is never altered.
 *
 * The two steps are independent: a masked value is replaced whole, so a sensitive value
 * longer than the width is never written as a shortened partial secret, and its pointer is
 * not listed as capped (that would tell its length). When `maxWidth` is narrower than the
 * mask marker, the marker is capped too, so every string in the record stays within the
 * width.
 *
 * @throws RangeError when `maxWidth` is not a positive safe integer; pass the configured
 * value through {@link resolveReviewLogFieldWidth} first.
 *
 * @example
 * ```ts
 * prepareReviewLogRecord({ command: "curl https://example.com/x", apiKey: "sk-live-123" }, 12);
 * // {
 * //   record: { command: "curl https:…", apiKey: "[masked]" },
 * //   capped: ["/command"],
 * //   masked: ["/apiKey"],
 * // }
 * ```
 */
export function prepareReviewLogRecord(
  details: Record<string, unknown>,
  maxWidth: number,
): PreparedReviewLogRecord {
  const capped: string[] = [];
  const masked: string[] = [];
  const bounded = capWithPointers(details, maxWidth, capped);
  const record = maskWithPointers(bounded, capString(MASKED_LOG_VALUE, maxWidth), masked);
  const hidden = (pointer: string) =>
    masked.some((m) => pointer === m || pointer.startsWith(`${m}/`));
  return { record, capped: capped.filter((pointer) => !hidden(pointer)), masked };
}
