declare const MASKED_LOG_VALUE = "[masked]";
declare function isSensitiveLogKey(key: string): boolean;
declare function maskSensitiveFields(details: Record<string, unknown>): Record<string, unknown>;
interface PreparedReviewLogRecord {
    readonly record: Record<string, unknown>;
    readonly capped: readonly string[];
    readonly masked: readonly string[];
}
declare function prepareReviewLogRecord(details: Record<string, unknown>, maxWidth: number): PreparedReviewLogRecord;
declare const DEFAULT_REVIEW_LOG_MAX_BYTES: number;
declare const DEFAULT_REVIEW_LOG_FILES = 5;
declare const DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH = 1000;
declare const LOG_FIELD_ELLIPSIS = "\u2026";
declare function resolveReviewLogFieldWidth(config: {
    reviewLogFieldMaxWidth?: number;
}): number;
declare function capLogFieldWidths(details: Record<string, unknown>, maxWidth: number): Record<string, unknown>;
interface Scrubbed {
    readonly text: string;
    readonly masked: readonly string[];
}
interface MaskedWithin {
    readonly at: string;
    readonly what: readonly string[];
}
declare function maskWithinStrings(details: Record<string, unknown>, scrub: (value: string) => Scrubbed): {
    record: Record<string, unknown>;
    within: MaskedWithin[];
};
export { DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH, DEFAULT_REVIEW_LOG_FILES, DEFAULT_REVIEW_LOG_MAX_BYTES, LOG_FIELD_ELLIPSIS, MASKED_LOG_VALUE, type MaskedWithin, type PreparedReviewLogRecord, type Scrubbed, capLogFieldWidths, isSensitiveLogKey, maskSensitiveFields, maskWithinStrings, prepareReviewLogRecord, resolveReviewLogFieldWidth };
