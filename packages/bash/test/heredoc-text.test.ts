import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  blankByChars,
  blankHeredocs,
  restoreByChars,
  restoreHeredocs,
} from "../src/read/heredoc-text.ts";
import type { HeredocSpan } from "../src/read/source.ts";

const span = (opStart: number, opEnd: number, bodyStart: number, end: number): HeredocSpan => ({
  opStart,
  opEnd,
  bodyStart,
  bodyEnd: end,
  end,
  quoted: false,
  stripTabs: false,
});

describe("the heredoc repair's texts built from slices", () => {
  it("blank the operator to <&0 and the body to blanks, line breaks kept, and put them back", () => {
    const text = "cat <<'EOF' > x\nab c\nd\nEOF\necho ok";
    const spans = [span(4, 11, 16, 27)];
    const blanked = blankHeredocs(text, spans);
    expect(blanked).toBe("cat <&0     > x\n    \n \n   \necho ok");
    expect(restoreHeredocs(blanked, text, spans)).toBe(text);
  });

  it("equal the character-by-character method on generated texts and spans, overlapping ones included", () => {
    const text = fc
      .array(fc.constantFrom("a", " ", "\n", "<", "é", "😀"), { maxLength: 60 })
      .map((parts) => parts.join(""));
    const spans = (length: number) =>
      fc.array(
        fc
          .tuple(fc.nat(length), fc.nat(8), fc.nat(length), fc.nat(length))
          .map(([a, opLength, b, c]) =>
            span(a, Math.min(length, a + opLength), Math.min(b, c), Math.max(b, c)),
          ),
        { maxLength: 4 },
      );
    fc.assert(
      fc.property(
        text.chain((t) => fc.tuple(fc.constant(t), spans(t.length))),
        ([t, s]) => {
          const blanked = blankHeredocs(t, s);
          expect(blanked).toBe(blankByChars(t, s));
          // What the walk reads: the parsed text (here the blanked one) with the spans put back.
          expect(restoreHeredocs(blanked, t, s)).toBe(restoreByChars(blanked, t, s));
        },
      ),
      { numRuns: 5000 },
    );
  });
});
