/**
 * Bounds what the review log accumulates: a uniform width cap per string, and
 * key-name masking of secrets.
 *
 * @packageDocumentation
 */

/** The widest any one review-log string may be unless the policy says otherwise. */
export const DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH = 1000;

/**
 * The configured review-log field width, falling back to the default when the
 * setting is absent.
 *
 * @example
 * ```ts
 * resolveReviewLogFieldWidth({}); // 1000
 * resolveReviewLogFieldWidth({ reviewLogFieldMaxWidth: 200 }); // 200
 * ```
 */
export function resolveReviewLogFieldWidth(config: { reviewLogFieldMaxWidth?: number }): number {
  return config.reviewLogFieldMaxWidth ?? DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH;
}
