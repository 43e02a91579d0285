// Text measuring and shaping shared by every renderer: terminal columns (string-width),
// grapheme-safe truncation and wrapping, and the neutralising of characters that would let a
// value rearrange what is drawn around it.
import stringWidth from "string-width";

/** The marker every renderer uses where it shortened a value. */
export const ELLIPSIS = "…";

/** A function that decorates a piece of text for a role, such as a theme colour. */
export type TextStyle<Role extends string> = (role: Role, text: string) => string;

/** One run of text and the role it is styled with. */
export interface Segment<Role extends string> {
  role: Role | null;
  text: string;
}

const graphemes = new Intl.Segmenter(undefined, { granularity: "grapheme" });

const LINE_BREAKS = /\r\n|[\r\u0085\u2028\u2029]/g;
// C0 and C1 controls (line feed and tab handled separately) and the bidirectional controls
// that can make a terminal show text in another order than it runs ("Trojan Source").
const HIDDEN =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
  /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * The text with every line break as `\n`, tabs as two spaces, and every other control or
 * bidirectional-override character written out as a visible escape (`\x1b`, `\u202e`).
 * Nothing a value contains can then move the cursor, recolour the terminal or reorder a
 * line: what the human sees is what runs.
 */
export function neutralize(text: string): string {
  // Printable ASCII holds no line break, tab or control: nothing to rewrite.
  return PLAIN.test(text) ? text : neutralizeAll(text);
}

/**
 * {@link neutralize} character by character, for any text. Exported for the tests that prove
 * the plain-ASCII path equal to it.
 */
export function neutralizeAll(text: string): string {
  return text
    .replace(LINE_BREAKS, "\n")
    .replace(/\t/g, "  ")
    .replace(HIDDEN, (ch) => {
      const code = ch.charCodeAt(0);
      return code < 0x100
        ? `\\x${code.toString(16).padStart(2, "0")}`
        : `\\u${code.toString(16).padStart(4, "0")}`;
    });
}

/** The text neutralized onto one line, each line break shown as `newline`. */
export function oneLine(text: string, newline: string): string {
  return neutralize(text).replaceAll("\n", newline);
}

// Widths of the graphemes met so far. A value of 30,000 soft hyphens (or zero-width spaces)
// never fills a column, so truncation and wrapping read all of it, and string-width's own
// per-call work for each one froze the dialog for seconds on every render (D20-06). The
// graphemes of width zero are a few thousand code points, so a bounded table holds them all.
const WIDTHS = new Map<string, number>();
const WIDTHS_MAX = 8192;

/** Terminal columns a grapheme takes. Printable ASCII is the common, fast case. */
function graphemeWidth(segment: string): number {
  if (segment.length === 1) {
    const code = segment.charCodeAt(0);
    if (code >= 0x20 && code < 0x7f) return 1;
  }
  let width = WIDTHS.get(segment);
  if (width === undefined) {
    width = stringWidth(segment);
    if (WIDTHS.size >= WIDTHS_MAX) WIDTHS.clear();
    WIDTHS.set(segment, width);
  }
  return width;
}

// An escape (or the C1 control sequence introducer) starts a sequence string-width drops as a
// whole (a colour, say): such text is measured by string-width itself, never grapheme by
// grapheme.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const ESCAPE = /[\u001b\u009b]/;

// Printable ASCII only: one character is one grapheme and one column, so widths and cuts are
// plain string lengths and indexes. Most commands and paths are such text, and segmenting
// them grapheme by grapheme was most of the cost of a denial's text.
const PLAIN = /^[\x20-\x7e]*$/;

// ASCII without an escape: every character is its own grapheme but a `\r\n` pair (one
// grapheme of no width), a printable one takes one column and a control none. Multi-line
// commands (here-documents) are such text; the escape is left out because string-width drops
// whole ANSI sequences, which no per-character rule reproduces.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const ASCII = /^[\x00-\x1a\x1c-\x7f]*$/;

/** Columns of one ASCII character (see {@link ASCII}). */
function asciiWidth(code: number): number {
  return code >= 0x20 && code < 0x7f ? 1 : 0;
}

/** Terminal columns the text takes. */
export function columns(text: string): number {
  if (PLAIN.test(text)) return text.length;
  if (ASCII.test(text)) {
    let width = 0;
    for (let i = 0; i < text.length; i++) width += asciiWidth(text.charCodeAt(i));
    return width;
  }
  if (ESCAPE.test(text)) return stringWidth(text);
  let width = 0;
  for (const { segment } of graphemes.segment(text)) width += graphemeWidth(segment);
  return width;
}

/**
 * The longest prefix of `text` that fits in `max` columns. Stops reading at the cut, so a
 * 72 KB value costs no more than its first `max` columns.
 */
function prefixWithin(text: string, max: number): { prefix: string; complete: boolean } {
  // The character after the cut is checked too: a combining mark there would join the last
  // kept character into one grapheme, which the segmenter path keeps whole or drops.
  if (PLAIN.test(text.length > max ? text.slice(0, max + 1) : text)) {
    return text.length > max
      ? { prefix: text.slice(0, max), complete: false }
      : { prefix: text, complete: true };
  }
  return asciiPrefix(text, max) ?? prefixBySegments(text, max);
}

/**
 * {@link prefixWithin} for text that is ASCII up to its cut, read character by character; null
 * when a character before the cut is not (the grapheme path reads it). The cut falls before a
 * printable character, which nothing after it can join, so what follows the cut is not read.
 */
function asciiPrefix(text: string, max: number): { prefix: string; complete: boolean } | null {
  let width = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80 || code === 0x1b) return null;
    const w = asciiWidth(code);
    if (width + w > max) return { prefix: text.slice(0, i), complete: false };
    width += w;
  }
  return { prefix: text, complete: true };
}

/**
 * {@link prefixWithin} grapheme by grapheme, for any text. Exported for the tests that
 * prove the plain-ASCII path equal to it.
 */
export function prefixBySegments(text: string, max: number): { prefix: string; complete: boolean } {
  let width = 0;
  for (const { segment, index } of graphemes.segment(text)) {
    const w = graphemeWidth(segment);
    if (width + w > max) return { prefix: text.slice(0, index), complete: false };
    width += w;
  }
  return { prefix: text, complete: true };
}

/**
 * The text when it fits in `max` columns; otherwise as much as fits with the ellipsis
 * marker in the last column.
 */
export function truncateToWidth(text: string, max: number): string {
  if (max <= 0) return "";
  const whole = prefixWithin(text, max);
  if (whole.complete) return text;
  return `${prefixWithin(text, max - 1).prefix}${ELLIPSIS}`;
}

/** The text cut to `max - 1` columns with the ellipsis marker after it, whether it fits or not. */
export function markShortened(text: string, max: number): string {
  if (max <= 0) return "";
  return `${prefixWithin(text, max - 1).prefix}${ELLIPSIS}`;
}

/**
 * The text broken into rows of at most `width` columns, at grapheme boundaries (never
 * inside a character, an emoji or a CJK glyph). A grapheme wider than the whole row (a
 * two-column glyph on a one-column terminal) is shown as `?`. Empty text is one empty row.
 */
export function wrapToWidth(text: string, width: number): string[] {
  const max = Math.max(1, width);
  if (!PLAIN.test(text)) return ASCII.test(text) ? wrapAscii(text, max) : wrapBySegments(text, max);
  const rows: string[] = [];
  for (let at = 0; at < text.length; at += max) rows.push(text.slice(at, at + max));
  return rows.length > 0 ? rows : [""];
}

/** {@link wrapBySegments} for {@link ASCII} text, character by character (`\r\n` kept whole). */
function wrapAscii(text: string, max: number): string[] {
  const rows: string[] = [];
  let start = 0;
  let used = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const w = asciiWidth(code);
    if (used + w > max) {
      rows.push(text.slice(start, i));
      start = i;
      used = 0;
    }
    used += w;
    if (code === 0x0d && text.charCodeAt(i + 1) === 0x0a) i++;
  }
  rows.push(text.slice(start));
  return rows;
}

/**
 * {@link wrapToWidth} grapheme by grapheme, for any text and `max` of at least 1. Exported
 * for the tests that prove the plain-ASCII path equal to it.
 */
export function wrapBySegments(text: string, max: number): string[] {
  const rows: string[] = [];
  let row = "";
  let used = 0;
  for (const { segment } of graphemes.segment(text)) {
    let piece = segment;
    let w = graphemeWidth(segment);
    if (w > max) {
      piece = "?";
      w = 1;
    }
    if (used + w > max) {
      rows.push(row);
      row = "";
      used = 0;
    }
    row += piece;
    used += w;
  }
  rows.push(row);
  return rows;
}

/** The text padded with spaces to `width` columns (unchanged when already wider). */
export function padToWidth(text: string, width: number): string {
  const missing = width - columns(text);
  return missing > 0 ? `${text}${" ".repeat(missing)}` : text;
}

/**
 * Segments cut to fit `width` columns in total. When they do not fit, the segment that
 * crosses the edge ends with the ellipsis marker and the ones after it are dropped.
 */
export function fitSegments<Role extends string>(
  segments: readonly Segment<Role>[],
  width: number,
): Segment<Role>[] {
  const total = segments.reduce((sum, segment) => sum + columns(segment.text), 0);
  if (total <= width) return [...segments];
  if (width <= 0) return [];
  let left = width - 1; // the last column holds the marker
  const fitted: Segment<Role>[] = [];
  for (const segment of segments) {
    const w = columns(segment.text);
    if (w <= left) {
      fitted.push(segment);
      left -= w;
      continue;
    }
    fitted.push({
      role: segment.role,
      text: `${prefixWithin(segment.text, left).prefix}${ELLIPSIS}`,
    });
    break;
  }
  return fitted;
}

/** The segments joined into one line, each styled for its role. */
export function styleSegments<Role extends string>(
  segments: readonly Segment<Role>[],
  style: TextStyle<Role> | undefined,
): string {
  return segments
    .map(({ role, text }) =>
      style === undefined || role === null || text === "" ? text : style(role, text),
    )
    .join("");
}

/**
 * A positive whole number from an option, or the default when the option is absent or not
 * a number. Fractions round down; anything below 1 becomes 1.
 */
export function resolveCount(value: number | undefined, fallback: number): number {
  // INVARIANT: a budget is clamped, never ignored: a bad value can tighten, never unbound.
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.max(1, Math.floor(value));
}
