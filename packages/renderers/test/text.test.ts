import { describe, expect, it } from "vitest";
import {
  fitSegments,
  neutralize,
  resolveCount,
  truncateToWidth,
  wrapToWidth,
} from "../src/text.ts";

describe("neutralize", () => {
  it.each([
    { input: "a\r\nb\rc\u2028d", output: "a\nb\nc\nd", note: "every line break becomes \\n" },
    { input: "a\tb", output: "a  b", note: "a tab becomes two spaces" },
    { input: "\u001b[2J", output: "\\x1b[2J", note: "an escape sequence cannot clear the screen" },
    { input: "\u0007\u007f\u009b", output: "\\x07\\x7f\\x9b", note: "C0, DEL and C1 controls" },
    { input: "abc\u202edcb", output: "abc\\u202edcb", note: "a bidi override cannot reorder text" },
    { input: "\u2066x\u2069\u200f", output: "\\u2066x\\u2069\\u200f", note: "isolates and marks" },
    { input: "👩‍💻 中文", output: "👩‍💻 中文", note: "emoji joiners and CJK are untouched" },
  ])("$note", ({ input, output }) => {
    expect(neutralize(input)).toBe(output);
  });
});

describe("truncateToWidth", () => {
  it.each([
    { text: "abcdef", max: 6, out: "abcdef", note: "fits exactly" },
    { text: "abcdef", max: 4, out: "abc…", note: "cut with the marker in the last column" },
    { text: "中文字符", max: 5, out: "中文…", note: "a wide glyph is never split" },
    { text: "中文字符", max: 4, out: "中…", note: "a column left over stays empty" },
    { text: "👍🏽👍🏽", max: 3, out: "👍🏽…", note: "an emoji with its modifier is one grapheme" },
    { text: "abc", max: 1, out: "…", note: "one column holds only the marker" },
    { text: "abc", max: 0, out: "", note: "no columns, no text" },
  ])("$note", ({ text, max, out }) => {
    expect(truncateToWidth(text, max)).toBe(out);
  });
});

describe("wrapToWidth", () => {
  it.each([
    { text: "abcdefg", width: 3, rows: ["abc", "def", "g"], note: "hard wraps at the width" },
    {
      text: "a中文b",
      width: 3,
      rows: ["a中", "文b"],
      note: "moves a wide glyph that would overflow",
    },
    { text: "中", width: 1, rows: ["?"], note: "shows ? for a glyph wider than the row" },
    { text: "", width: 5, rows: [""], note: "empty text is one empty row" },
  ])("$note", ({ text, width, rows }) => {
    expect(wrapToWidth(text, width)).toEqual(rows);
  });
});

describe("fitSegments", () => {
  it("keeps segments that fit and marks the one that crosses the edge", () => {
    expect(
      fitSegments(
        [
          { role: "a", text: "tool" },
          { role: null, text: "  " },
          { role: "b", text: "bash -c 'x'" },
        ],
        10,
      ),
    ).toEqual([
      { role: "a", text: "tool" },
      { role: null, text: "  " },
      { role: "b", text: "bas…" },
    ]);
  });
});

describe("resolveCount", () => {
  it.each([
    { value: undefined, out: 400, note: "absent: the default" },
    { value: Number.NaN, out: 400, note: "not a number: the default" },
    { value: 12.9, out: 12, note: "a fraction rounds down" },
    { value: 0, out: 1, note: "zero tightens to one" },
    { value: -5, out: 1, note: "a negative tightens to one" },
  ])("$note", ({ value, out }) => {
    expect(resolveCount(value, 400)).toBe(out);
  });
});
