import { copyWalk } from "./walk.ts";

/** The widest any one review-log string may be unless the policy says otherwise. */
export const DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH = 1000;

/** The marker that ends a shortened value; it counts toward the width. */
export const LOG_FIELD_ELLIPSIS = "…";

/**
 * The configured review-log field width, falling back to the default when the setting is
 * absent or is not a positive safe integer. Zero, negative, fractional, non-finite
 * (`NaN`, `Infinity`) and non-number values all fall back: a width that bounds nothing,
 * or every string to nothing, is a mistake rather than a choice, and there is no
 * unbounded setting by design. The config loader reports such a value as an error; this
 * fallback keeps the log bounded even when a config reaches it unvalidated.
 *
 * @example
 * ```ts
 * resolveReviewLogFieldWidth({}); // 1000
 * resolveReviewLogFieldWidth({ reviewLogFieldMaxWidth: 200 }); // 200
 * resolveReviewLogFieldWidth({ reviewLogFieldMaxWidth: 0 }); // 1000
 * ```
 */
export function resolveReviewLogFieldWidth(config: { reviewLogFieldMaxWidth?: number }): number {
  const configured: unknown = config.reviewLogFieldMaxWidth;
  return isFieldWidth(configured) ? configured : DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH;
}

/**
 * Narrow every string in a log-detail record to `maxWidth`, marking a shortened value with
 * a trailing {@link LOG_FIELD_ELLIPSIS}; the result, marker included, is at most `maxWidth`
 * characters. A character is a Unicode code point, so a cut never splits a surrogate pair.
 *
 * A quantity bound applied uniformly, never a content filter: whether and where a string is
 * cut depends on its length alone, never on what it says. That is what keeps it a cap
 * rather than redaction; hiding secrets is key-name masking's job
 * ({@link maskSensitiveFields}).
 *
 * It returns a copy and never changes `details`. It recurses through plain objects and
 * arrays and touches strings only: numbers, booleans, `null`, `undefined` and bigints are
 * kept as they are. Keys are never shortened: a key is structure, and two long keys that
 * share a prefix would collapse into one, silently dropping a field. Other objects (Date,
 * Map, Set, Error, class instances) are passed through untouched, by reference, with
 * whatever strings they hold, so build records from plain data. A cyclic record gives a
 * copy with the same cycle.
 *
 * @throws RangeError when `maxWidth` is not a positive safe integer; pass the configured
 * value through {@link resolveReviewLogFieldWidth} first.
 *
 * @example
 * ```ts
 * capLogFieldWidths({ command: "npm run build -- --verbose", exitCode: 1 }, 10);
 * // { command: "npm run b…", exitCode: 1 }
 * ```
 */
export function capLogFieldWidths(
  details: Record<string, unknown>,
  maxWidth: number,
): Record<string, unknown> {
  return capWithPointers(details, maxWidth, []);
}

/** {@link capLogFieldWidths}, also pushing the JSON Pointer of each shortened string. */
export function capWithPointers(
  details: Record<string, unknown>,
  maxWidth: number,
  capped: string[],
): Record<string, unknown> {
  assertFieldWidth(maxWidth);
  return copyWalk(details, (value, _key, pointer) => {
    if (typeof value !== "string") return undefined;
    const shortened = capString(value, maxWidth);
    if (shortened !== value) capped.push(pointer);
    return { replaceWith: shortened };
  });
}

/** `value` cut to at most `maxWidth` code points, the ellipsis included. */
export function capString(value: string, maxWidth: number): string {
  // A string has at least as many UTF-16 units as code points, so this needs no counting.
  if (value.length <= maxWidth) return value;
  let units = 0;
  let points = 0;
  let keepUnits = 0;
  while (units < value.length) {
    if (points === maxWidth - 1) keepUnits = units;
    // A code point beyond the first maxWidth exists: keep maxWidth - 1 and the marker.
    if (points === maxWidth) return `${value.slice(0, keepUnits)}${LOG_FIELD_ELLIPSIS}`;
    const codePoint = value.codePointAt(units) ?? 0;
    units += codePoint > 0xffff ? 2 : 1;
    points += 1;
  }
  return value;
}

function isFieldWidth(width: unknown): width is number {
  return Number.isSafeInteger(width) && (width as number) > 0;
}

function assertFieldWidth(maxWidth: number): void {
  // INVARIANT: a width that is not a positive integer would leave strings unbounded (NaN,
  // Infinity) or the marker unplaceable (0); refuse it rather than write an unbounded line.
  if (!isFieldWidth(maxWidth)) {
    throw new RangeError(`review-log field width must be a positive integer, got ${maxWidth}`);
  }
}
