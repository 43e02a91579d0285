declare const DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH = 1000;
declare function resolveReviewLogFieldWidth(config: {
    reviewLogFieldMaxWidth?: number;
}): number;
export { DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH, resolveReviewLogFieldWidth };
