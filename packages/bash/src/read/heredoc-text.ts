// The texts the heredoc repair parses and walks, built from slices of the command rather than
// one string per character: on a 72 KB heredoc the character arrays cost a quarter of the
// analysis. `test/heredoc-text.test.ts` holds both functions to the character-by-character
// method they replace.
import type { HeredocSpan } from "./source.ts";

interface Region {
  start: number;
  end: number;
  op: boolean;
}

/** The regions the repair rewrites, in text order; `null` when two of them overlap. */
function regionsOf(spans: readonly HeredocSpan[]): Region[] | null {
  const regions: Region[] = [];
  for (const span of spans) {
    regions.push({ start: span.opStart, end: span.opEnd, op: true });
    regions.push({ start: span.bodyStart, end: span.end, op: false });
  }
  regions.sort((a, b) => a.start - b.start);
  for (let k = 1; k < regions.length; k++) {
    if ((regions[k] as Region).start < (regions[k - 1] as Region).end) return null;
  }
  return regions.filter((r) => r.end > r.start);
}

/**
 * The text with each span's operator written as the `<&0` stand-in (padded with blanks to its
 * length) and its body blanked, line breaks kept: the same length, so every offset stays.
 */
export function blankHeredocs(text: string, spans: readonly HeredocSpan[]): string {
  const regions = regionsOf(spans);
  if (regions === null) return blankByChars(text, spans);
  let out = "";
  let at = 0;
  for (const { start, end, op } of regions) {
    out += text.slice(at, start);
    const length = end - start;
    out += op
      ? "<&0".slice(0, Math.min(3, length)) + " ".repeat(Math.max(0, length - 3))
      : text.slice(start, end).replace(/[^\n]/g, " ");
    at = end;
  }
  return out + text.slice(at);
}

/** `parsed` (as long as `text`) with each span's operator and body put back as `text` has them. */
export function restoreHeredocs(
  parsed: string,
  text: string,
  spans: readonly HeredocSpan[],
): string {
  const regions = regionsOf(spans);
  if (regions === null || parsed.length !== text.length) return restoreByChars(parsed, text, spans);
  let out = "";
  let at = 0;
  for (const { start, end } of regions) {
    out += parsed.slice(at, start) + text.slice(start, end);
    at = end;
  }
  return out + parsed.slice(at);
}

/** {@link blankHeredocs} character by character: the reference, and the way for overlaps. */
export function blankByChars(text: string, spans: readonly HeredocSpan[]): string {
  const chars = text.split("");
  for (const span of spans) {
    for (let i = span.opStart; i < span.opEnd; i++)
      chars[i] = i - span.opStart < 3 ? ("<&0"[i - span.opStart] as string) : " ";
    for (let i = span.bodyStart; i < span.end; i++) if (chars[i] !== "\n") chars[i] = " ";
  }
  return chars.join("");
}

/** {@link restoreHeredocs} character by character. */
export function restoreByChars(
  parsed: string,
  text: string,
  spans: readonly HeredocSpan[],
): string {
  const walk = parsed.split("");
  for (const span of spans) {
    for (let i = span.opStart; i < span.opEnd; i++) walk[i] = text[i] as string;
    for (let i = span.bodyStart; i < span.end; i++) walk[i] = text[i] as string;
  }
  return walk.join("");
}
