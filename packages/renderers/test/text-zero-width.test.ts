import stringWidth from "string-width";
import { describe, expect, it, vi } from "vitest";
import { columns, truncateToWidth, wrapToWidth } from "../src/text.ts";

// Counts the calls into string-width, which costs per call what the dialog paid per grapheme.
vi.mock("string-width", async (original) => {
  const real = (await original()) as { default: (text: string) => number };
  return { default: vi.fn(real.default) };
});

/**
 * Attack round D20, class prompt-dialog-zero-width-graphemes-scanned-whole: `foo` followed by
 * 30,000 soft hyphens never fills a column, so truncation and wrapping read every grapheme,
 * and string-width's per-call work for each one froze the ask dialog for seconds on every
 * render. A grapheme's width is worked out once; the answers stay string-width's.
 */
describe("a long run of zero-width graphemes", () => {
  const counted = vi.mocked(stringWidth);

  it.each([
    ["soft hyphens", `foo ${"\u00ad".repeat(30_000)}`],
    ["zero-width spaces", `foo ${"\u200b".repeat(20_000)}`],
    ["word joiners between letters", "é\u2060".repeat(10_000)],
  ])("%s are measured once each, not once per character", (_name, text) => {
    counted.mockClear();
    const width = columns(text);
    const cut = truncateToWidth(text, 400);
    const rows = wrapToWidth(cut, 100);
    expect(width).toBe(stringWidth(text));
    expect(rows.join("")).toBe(cut);
    // Two distinct graphemes at most, the ellipsis of the cut, and the reference call above.
    expect(counted.mock.calls.length).toBeLessThanOrEqual(4);
  });
});
