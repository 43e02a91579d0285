import { describe, expect, it } from "vitest";
import {
  capLogFieldWidths,
  DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH,
  resolveReviewLogFieldWidth,
} from "../src/index.ts";

describe("resolveReviewLogFieldWidth", () => {
  it("falls back to 1000 when the policy is silent", () => {
    expect(DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH).toBe(1000);
    expect(resolveReviewLogFieldWidth({})).toBe(1000);
  });

  it.each([
    ["a typical narrower width", 200],
    ["the narrowest width, one character", 1],
    ["a width wider than the default", 50_000],
    ["the largest safe integer", Number.MAX_SAFE_INTEGER],
  ])("uses the configured width: %s", (_note, width) => {
    expect(resolveReviewLogFieldWidth({ reviewLogFieldMaxWidth: width })).toBe(width);
  });

  it.each([
    ["zero, which leaves no room for any character", 0],
    ["a negative width", -5],
    ["a fractional width", 2.5],
    ["NaN", Number.NaN],
    ["Infinity, an unbounded setting that does not exist by design", Number.POSITIVE_INFINITY],
    ["-Infinity", Number.NEGATIVE_INFINITY],
    ["an integer beyond the safe range", 2 ** 53],
    ["a numeric string from an unvalidated config", "200"],
    ["null from an unvalidated config", null],
  ])("falls back to the default for %s", (_note, width) => {
    const config = { reviewLogFieldMaxWidth: width } as { reviewLogFieldMaxWidth?: number };
    expect(resolveReviewLogFieldWidth(config)).toBe(1000);
  });
});

describe("capLogFieldWidths", () => {
  it.each([
    ["a string over the width ends in an ellipsis within the width", "abcdefghij", 5, "abcd…"],
    ["a string exactly at the width is kept", "abcde", 5, "abcde"],
    ["a string under the width is kept", "abc", 5, "abc"],
    ["the empty string is kept", "", 5, ""],
    ["width one leaves the ellipsis alone", "ab", 1, "…"],
    ["a string that already ends in an ellipsis is cut like any other", "abcd……", 5, "abcd…"],
    ["astral characters count once and are never split", "😀😀😀", 2, "😀…"],
    ["astral characters at the width are kept", "😀😀", 2, "😀😀"],
    ["a lone surrogate counts as one character", "\ud800ab", 2, "\ud800…"],
    ["combining marks count as characters of their own", "e\u0301e\u0301", 3, "e\u0301…"],
  ])("%s", (_note, value, width, expected) => {
    expect(capLogFieldWidths({ value }, width)).toEqual({ value: expected });
  });

  it("caps strings at any depth of plain objects and arrays", () => {
    const details = {
      command: "0123456789",
      nested: { deeper: { text: "abcdefghij", short: "ok" } },
      list: ["0123456789", { inside: "abcdefghij" }, ["klmnopqrst"]],
    };
    expect(capLogFieldWidths(details, 4)).toEqual({
      command: "012…",
      nested: { deeper: { text: "abc…", short: "ok" } },
      list: ["012…", { inside: "abc…" }, ["klm…"]],
    });
  });

  it("passes numbers, booleans, null, undefined and bigints through unchanged", () => {
    const details = {
      count: 123_456_789_012,
      ratio: -0.000001234,
      missing: Number.NaN,
      on: true,
      off: false,
      nothing: null,
      absent: undefined,
      big: 12345678901234567890n,
      list: [1, null, false],
    };
    expect(capLogFieldWidths(details, 1)).toEqual(details);
  });

  it("shortens values only, never keys", () => {
    const key = "k".repeat(20);
    expect(capLogFieldWidths({ [key]: "v".repeat(20) }, 5)).toEqual({ [key]: "vvvv…" });
  });

  it("passes a Date, a Map and a class instance through by reference, untouched", () => {
    class Holder {
      text = "abcdefghij";
    }
    const date = new Date(0);
    const map = new Map([["text", "abcdefghij"]]);
    const holder = new Holder();
    const result = capLogFieldWidths({ date, map, holder }, 4);
    expect(result.date).toBe(date);
    expect(result.map).toBe(map);
    expect(result.holder).toBe(holder);
    expect(holder.text).toBe("abcdefghij");
  });

  it("returns a copy and leaves the input unchanged", () => {
    const details = { command: "abcdefghij", nested: { text: "abcdefghij" }, list: ["abcdefghij"] };
    const result = capLogFieldWidths(details, 4);
    expect(details).toEqual({
      command: "abcdefghij",
      nested: { text: "abcdefghij" },
      list: ["abcdefghij"],
    });
    expect(result.nested).not.toBe(details.nested);
    expect(result.list).not.toBe(details.list);
  });

  it("caps a frozen record without writing to it", () => {
    const details = Object.freeze({ text: "abcdefghij", inner: Object.freeze({ text: "x" }) });
    expect(capLogFieldWidths(details, 4)).toEqual({ text: "abc…", inner: { text: "x" } });
  });

  it("reproduces a cycle in the copy instead of recursing forever or pointing back at the input", () => {
    const details: Record<string, unknown> = { text: "abcdefghij" };
    details.self = details;
    const result = capLogFieldWidths(details, 4);
    expect(result.text).toBe("abc…");
    expect(result.self).toBe(result);
    expect(details.text).toBe("abcdefghij");
  });

  it("copies an object reached twice along different paths at each place", () => {
    const shared = { text: "abcdefghij" };
    expect(capLogFieldWidths({ a: shared, b: [shared] }, 4)).toEqual({
      a: { text: "abc…" },
      b: [{ text: "abc…" }],
    });
  });

  it("keeps an own __proto__ key as a key and a null prototype as null", () => {
    const parsed = JSON.parse('{"__proto__": {"text": "abcdefghij"}}') as Record<string, unknown>;
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { text: "abcdef" });
    const result = capLogFieldWidths({ parsed, bare }, 4);
    const copied = result.parsed as Record<string, unknown>;
    expect(Object.keys(copied)).toEqual(["__proto__"]);
    expect(Object.getOwnPropertyDescriptor(copied, "__proto__")?.value).toEqual({ text: "abc…" });
    expect(Object.getPrototypeOf(copied)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(result.bare)).toBe(null);
    expect({ ...(result.bare as object) }).toEqual({ text: "abc…" });
  });

  it("keeps the holes of a sparse array", () => {
    // A real hole, not an undefined element: the copy keeps the array's shape as it was.
    const sparse = ["abcdefghij", "hole", "x"];
    delete sparse[1];
    const result = capLogFieldWidths({ sparse }, 4).sparse as unknown[];
    expect(result).toHaveLength(3);
    expect(1 in result).toBe(false);
    expect(result).toEqual(["abc…", undefined, "x"]);
  });

  it.each([
    ["zero", 0],
    ["a negative width", -1],
    ["a fractional width", 1.5],
    ["NaN", Number.NaN],
    ["Infinity", Number.POSITIVE_INFINITY],
  ])("refuses %s as a width with a RangeError", (_note, width) => {
    expect(() => capLogFieldWidths({ text: "abc" }, width)).toThrow(
      new RangeError(`review-log field width must be a positive integer, got ${width}`),
    );
  });
});
