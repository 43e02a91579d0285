// The plain-ASCII path of the width code must give exactly what the grapheme path gives:
// generated text that is plain, nearly plain (a combining mark, a wide glyph or a control
// right at a cut) and anything else.
import fc from "fast-check";
import stringWidth from "string-width";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  columns,
  fitSegments,
  markShortened,
  neutralize,
  neutralizeAll,
  prefixBySegments,
  truncateToWidth,
  wrapBySegments,
  wrapToWidth,
} from "../src/text.ts";

const plainChar = fc.integer({ min: 0x20, max: 0x7e }).map((c) => String.fromCharCode(c));
const asciiChar = fc.oneof(
  { weight: 3, arbitrary: plainChar },
  { weight: 1, arbitrary: fc.constantFrom("\n", "\r", "\t", "\u001b", "\u007f", "\u0000") },
  { weight: 1, arbitrary: fc.integer({ min: 0, max: 0x7f }).map((c) => String.fromCharCode(c)) },
);
// Characters that change widths or graphemes next to plain text.
const tricky = fc.constantFrom(
  "\u0301",
  "\u200d",
  "中",
  "👩‍💻",
  "\r",
  "\n",
  "\t",
  "\u001b",
  "é",
  "\u00a0",
);
const text = fc.oneof(
  fc.string({ unit: plainChar, maxLength: 60 }),
  fc.string({
    unit: fc.oneof({ weight: 9, arbitrary: plainChar }, { weight: 1, arbitrary: tricky }),
    maxLength: 60,
  }),
  fc.string({ unit: "grapheme", maxLength: 30 }),
  // ASCII with controls (multi-line commands take the per-character path), and a few
  // characters past ASCII at any place.
  fc.string({ unit: asciiChar, maxLength: 60 }),
  fc.string({
    unit: fc.oneof({ weight: 9, arbitrary: asciiChar }, { weight: 1, arbitrary: tricky }),
    maxLength: 60,
  }),
);
const width = fc.integer({ min: 0, max: 70 });

describe("the plain-ASCII fast path", () => {
  afterEach(() => vi.restoreAllMocks());

  it("neutralizes as the general path does", () => {
    fc.assert(
      fc.property(text, (t) => {
        expect(neutralize(t)).toBe(neutralizeAll(t));
      }),
      { numRuns: 2000 },
    );
    // The general path is not a no-op on what the fast path declines.
    expect(neutralize("a\u001bb\tc\r\n")).toBe("a\\x1bb  c\n");
  });

  it("measures as string-width does", () => {
    fc.assert(
      fc.property(text, (t) => columns(t) === stringWidth(t)),
      { numRuns: 2000 },
    );
  });

  it("truncates and marks as the grapheme path does", () => {
    fc.assert(
      fc.property(text, width, (t, max) => {
        const whole = prefixBySegments(t, max);
        const truncated = whole.complete ? t : `${prefixBySegments(t, max - 1).prefix}…`;
        expect(truncateToWidth(t, max)).toBe(max <= 0 ? "" : truncated);
        expect(markShortened(t, max)).toBe(
          max <= 0 ? "" : `${prefixBySegments(t, max - 1).prefix}…`,
        );
      }),
      { numRuns: 2000 },
    );
  });

  it("wraps as the grapheme path does", () => {
    fc.assert(
      fc.property(text, width, (t, w) => {
        expect(wrapToWidth(t, w)).toEqual(wrapBySegments(t, Math.max(1, w)));
      }),
      { numRuns: 2000 },
    );
  });

  it("fits segments as the grapheme path does", () => {
    fc.assert(
      fc.property(fc.array(text, { maxLength: 4 }), width, (texts, w) => {
        const segments = texts.map((t) => ({ role: null, text: t }));
        const fitted = fitSegments(segments, w);
        // What the grapheme path gives, written out from fitSegments' contract.
        const total = texts.reduce((sum, t) => sum + stringWidth(t), 0);
        if (total <= w) {
          expect(fitted).toEqual(segments);
          return;
        }
        if (w <= 0) {
          expect(fitted).toEqual([]);
          return;
        }
        let left = w - 1;
        const expected: typeof segments = [];
        for (const s of segments) {
          const sw = stringWidth(s.text);
          if (sw <= left) {
            expected.push(s);
            left -= sw;
            continue;
          }
          expected.push({ role: null, text: `${prefixBySegments(s.text, left).prefix}…` });
          break;
        }
        expect(fitted).toEqual(expected);
      }),
      { numRuns: 1000 },
    );
  });

  it("does not segment plain text into graphemes", () => {
    const segment = vi.spyOn(Intl.Segmenter.prototype, "segment");
    const command = "git push origin main --force-with-lease && rm -rf build/ ./dist";
    expect(truncateToWidth(command, 20)).toBe("git push origin mai…");
    expect(wrapToWidth(command, 30)).toHaveLength(3);
    expect(columns(command)).toBe(command.length);
    expect(segment).not.toHaveBeenCalled();
    // Nor ASCII text over several lines (a here-document), a carriage return and line feed
    // counted as one character of no width.
    const heredoc = "cat > notes.md <<'EOF'\r\n# Notes\nline two\nEOF";
    expect(columns(heredoc)).toBe(40);
    expect(truncateToWidth(heredoc, 24)).toBe("cat > notes.md <<'EOF'\r\n#…");
    expect(wrapToWidth(heredoc, 22)).toEqual([
      "cat > notes.md <<'EOF'\r\n",
      "# Notes\nline two\nEOF",
    ]);
    expect(segment).not.toHaveBeenCalled();
    expect(stringWidth(heredoc)).toBe(40);
    // Text that is not plain still takes the grapheme path.
    expect(truncateToWidth("中文中文中文", 5)).toBe("中文…");
    expect(segment).toHaveBeenCalled();
  });
});
