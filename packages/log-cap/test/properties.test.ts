import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  capLogFieldWidths,
  LOG_FIELD_ELLIPSIS,
  MASKED_LOG_VALUE,
  maskSensitiveFields,
  prepareReviewLogRecord,
} from "../src/index.ts";

/** Width in code points, the unit the cap counts in. */
const width = (s: string) => [...s].length;

const SENSITIVE_KEYS = ["token", "githubToken", "password", "AWS_SECRET_ACCESS_KEY", "x-api-key"];
const PLAIN_KEYS = ["command", "path", "tokenCount", "tokens_used", "note", "0"];

const key = fc.oneof(
  fc.constantFrom(...SENSITIVE_KEYS, ...PLAIN_KEYS),
  fc.string({ maxLength: 8 }),
);
const text = fc.oneof(fc.string({ maxLength: 40 }), fc.string({ unit: "binary", maxLength: 40 }));

/** JSON-like records, with sensitive and plain keys, strings of any code points. */
const { record } = fc.letrec<{ record: Record<string, unknown>; value: unknown }>((tie) => ({
  record: fc.dictionary(key, tie("value"), { maxKeys: 5 }),
  value: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    text,
    fc.double(),
    fc.integer(),
    fc.boolean(),
    fc.constant(null),
    fc.bigInt(),
    fc.array(tie("value"), { maxLength: 4 }),
    tie("record"),
  ),
}));

const maxWidth = fc.integer({ min: 1, max: 30 });

/** Every string in `value`, keys excluded. */
function stringsOf(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (value === null || typeof value !== "object") return [];
  return Object.values(value).flatMap(stringsOf);
}

/**
 * Walk input and output side by side: the same keys, every non-string leaf identical, and
 * every string either kept (when it fits) or its own prefix plus the ellipsis at exactly
 * the width. This states the cap's contract without re-implementing it.
 */
function expectCapOf(input: unknown, output: unknown, w: number): void {
  if (typeof input === "string") {
    if (width(input) <= w) expect(output).toBe(input);
    else {
      const kept = [...input].slice(0, w - 1).join("");
      expect(output).toBe(`${kept}${LOG_FIELD_ELLIPSIS}`);
    }
    return;
  }
  if (input === null || typeof input !== "object") {
    expect(Object.is(output, input)).toBe(true);
    return;
  }
  expect(Object.keys(output as object)).toEqual(Object.keys(input));
  for (const k of Object.keys(input)) {
    expectCapOf((input as Record<string, unknown>)[k], (output as Record<string, unknown>)[k], w);
  }
}

describe("properties of the width cap", () => {
  it("never leaves a string wider than the width", () => {
    fc.assert(
      fc.property(record, maxWidth, (details, w) => {
        const over = stringsOf(capLogFieldWidths(details, w)).filter((s) => width(s) > w);
        expect(over).toEqual([]);
      }),
    );
  });

  it("keeps what fits, cuts what does not to a prefix plus the ellipsis, and passes non-strings through", () => {
    fc.assert(
      fc.property(record, maxWidth, (details, w) => {
        expectCapOf(details, capLogFieldWidths(details, w), w);
      }),
    );
  });

  it("treats two strings of the same length identically whatever they contain", () => {
    // One free-form string and one of a very different shape (separators, spaces, newlines)
    // with the same number of code points.
    const sameLength = fc.string({ unit: "binary", maxLength: 60 }).chain((a) =>
      fc.tuple(
        fc.constant(a),
        fc.string({
          unit: fc.constantFrom("a", "/", " ", "\n", "😀"),
          minLength: width(a),
          maxLength: width(a),
        }),
      ),
    );
    fc.assert(
      fc.property(sameLength, maxWidth, ([a, b], w) => {
        const outA = prepareReviewLogRecord({ command: a, list: [a] }, w);
        const outB = prepareReviewLogRecord({ command: b, list: [b] }, w);
        const shortened = width(a) > w ? ["/command", "/list/0"] : [];
        expect([outA.capped, outB.capped]).toEqual([shortened, shortened]);
        expect(width(outA.record.command as string)).toBe(width(outB.record.command as string));
      }),
    );
  });
});

describe("properties of the mask and the pipeline", () => {
  it("masks a long sensitive-keyed value whole, never as a shortened partial secret", () => {
    const long = fc.string({ unit: "binary", minLength: 31, maxLength: 300 });
    fc.assert(
      fc.property(fc.constantFrom(...SENSITIVE_KEYS), long, maxWidth, (k, secret, w) => {
        // The marker is fixed; only a width narrower than the marker shortens the marker.
        const marker =
          w >= MASKED_LOG_VALUE.length
            ? MASKED_LOG_VALUE
            : `${MASKED_LOG_VALUE.slice(0, w - 1)}${LOG_FIELD_ELLIPSIS}`;
        expect(prepareReviewLogRecord({ [k]: secret, nested: { [k]: [secret] } }, w)).toEqual({
          record: { [k]: marker, nested: { [k]: marker } },
          capped: [],
          masked: [`/${k}`, `/nested/${k}`],
        });
      }),
    );
  });

  it("masks by key name alone: changing a sensitive-keyed value never changes the output", () => {
    const anyValue = fc.oneof(text, fc.integer(), fc.constant(null), fc.array(text), record);
    fc.assert(
      fc.property(
        record,
        fc.constantFrom(...SENSITIVE_KEYS),
        anyValue,
        anyValue,
        (base, k, v1, v2) => {
          expect(maskSensitiveFields({ ...base, [k]: v1 })).toEqual(
            maskSensitiveFields({ ...base, [k]: v2 }),
          );
        },
      ),
    );
  });

  it("never mutates its input", () => {
    fc.assert(
      fc.property(record, maxWidth, (details, w) => {
        const before = structuredClone(details);
        capLogFieldWidths(details, w);
        maskSensitiveFields(details);
        prepareReviewLogRecord(details, w);
        expect(details).toEqual(before);
      }),
    );
  });

  it("keeps every string of the written record within the width, mask marker included", () => {
    fc.assert(
      fc.property(record, maxWidth, (details, w) => {
        const over = stringsOf(prepareReviewLogRecord(details, w).record).filter(
          (s) => width(s) > w,
        );
        expect(over).toEqual([]);
      }),
    );
  });
});
