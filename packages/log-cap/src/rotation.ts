/** The review log's size before it is rotated, unless the policy says otherwise: 10 MiB. */
export const DEFAULT_REVIEW_LOG_MAX_BYTES = 10 * 1024 * 1024;

/**
 * How many review-log files are kept unless the policy says otherwise, the current one
 * included: with the size default, the log takes at most about 50 MiB.
 */
export const DEFAULT_REVIEW_LOG_FILES = 5;
