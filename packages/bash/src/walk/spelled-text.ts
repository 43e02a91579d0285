/**
 * The text the walk's mention tests read (does the string name `lastpipe`, `readonly`,
 * `GLOBIGNORE` anywhere?), with each brace expansion written out as bash writes it before it
 * runs a command: `shopt -s last{pipe,}` turns on `lastpipe pipe`, `read{only,} x=1` runs
 * `readonly read x=1`, and neither spells the name as written.
 */

import { STEP, tick } from "../check/deadline.ts";

/** At most this many words from one word's braces, and this many characters added in all. */
const MAX_WORDS = 256;
const MAX_ADDED = 1 << 16;
/** A longer word holding a brace is not written out (each alternative copies the word). */
const MAX_WORD_LENGTH = 4096;

/**
 * `text` (already without quotes) with every word holding a brace expansion replaced by the
 * words it expands to, joined by blanks; line continuations go first, as bash removes them
 * before it reads a word. Null when an expansion is too large to write out (the caller then
 * counts the string as naming anything).
 */
export function spellBraces(text: string): string | null {
  const joined = text.includes("\\\n") ? text.replace(/\\\n/g, "") : text;
  if (!joined.includes("{")) return joined;
  // A scan of the whole text (callers hand it one): counted, one step a character.
  tick(STEP.char * joined.length);
  let added = 0;
  let failed = false;
  // A word ends at a blank or an operator character, as bash ends it (a split, which stays
  // linear on a long word where a pattern around the brace would backtrack).
  const parts = joined.split(/([\s;&|<>()]+)/);
  for (let i = 0; i < parts.length && !failed; i += 2) {
    const word = parts[i] as string;
    if (!word.includes("{")) continue;
    const words = word.length > MAX_WORD_LENGTH ? null : expand(word, 0);
    if (words === null) {
      failed = true;
      break;
    }
    const spelled = words.join(" ");
    added += spelled.length;
    if (added > MAX_ADDED) failed = true;
    parts[i] = spelled;
  }
  return failed ? null : parts.join("");
}

/** The words one word's braces expand to; null past {@link MAX_WORDS} or a deep nesting. */
function expand(word: string, depth: number): string[] | null {
  if (depth > 8) return null;
  const group = firstGroup(word);
  if (group === null) return [word];
  if (group === TOO_MANY) return null;
  const out: string[] = [];
  for (const part of group.parts) {
    const words = expand(word.slice(0, group.start) + part + word.slice(group.end + 1), depth + 1);
    if (words === null) return null;
    out.push(...words);
    if (out.length > MAX_WORDS) return null;
  }
  return out;
}

const TOO_MANY = "too many";

/**
 * The first `{…}` that expands: `{a,b}` with a comma at its own level, or `{x..y[..n]}`. One
 * pass pairs the braces and finds each pair's first comma, so a word of many braces stays
 * linear.
 */
function firstGroup(
  word: string,
): { start: number; end: number; parts: string[] } | typeof TOO_MANY | null {
  const closing = new Map<number, number>();
  const commas = new Map<number, number[]>();
  const open: number[] = [];
  for (let i = 0; i < word.length; i++) {
    const c = word[i];
    if (c === "{") open.push(i);
    else if (c === "}" && open.length > 0) closing.set(open.pop() as number, i);
    else if (c === "," && open.length > 0) {
      const at = open[open.length - 1] as number;
      const list = commas.get(at);
      if (list === undefined) commas.set(at, [i]);
      else if (list.length <= MAX_WORDS) list.push(i);
    }
  }
  for (let start = word.indexOf("{"); start !== -1; start = word.indexOf("{", start + 1)) {
    const end = closing.get(start);
    // An unmatched `{` is a character like any other.
    if (end === undefined) continue;
    // `${…}` is a parameter expansion, never a brace expansion: skip it whole.
    if (word[start - 1] === "$") {
      start = end;
      continue;
    }
    const list = (commas.get(start) ?? []).filter((at) => at < end);
    if (list.length > MAX_WORDS) return TOO_MANY;
    if (list.length > 0) {
      const bounds = [start, ...list, end];
      const parts: string[] = [];
      for (let k = 0; k + 1 < bounds.length; k++) {
        parts.push(word.slice((bounds[k] as number) + 1, bounds[k + 1] as number));
      }
      return { start, end, parts };
    }
    if (end - start > 48) continue;
    const range = rangeParts(word.slice(start + 1, end));
    if (range === undefined) return TOO_MANY;
    if (range !== null) return { start, end, parts: range };
  }
  return null;
}

/** `1..3`, `a..e`, `1..9..2` as their words; null when not a range, undefined when too long. */
function rangeParts(inner: string): string[] | null | undefined {
  const match = /^(-?\d+|[A-Za-z])\.\.(-?\d+|[A-Za-z])(?:\.\.(-?\d+))?$/.exec(inner);
  if (match === null) return null;
  const [, from, to, stepText] = match as unknown as [string, string, string, string | undefined];
  const numeric = /\d/.test(from) && /\d/.test(to);
  if (!numeric && (/\d/.test(from) || /\d/.test(to))) return null;
  const a = numeric ? Number(from) : from.charCodeAt(0);
  const b = numeric ? Number(to) : to.charCodeAt(0);
  const step = Math.abs(Number(stepText ?? 1)) || 1;
  if (Math.abs(b - a) / step > MAX_WORDS) return undefined;
  const parts: string[] = [];
  for (let v = a; a <= b ? v <= b : v >= b; v += a <= b ? step : -step) {
    parts.push(numeric ? String(v) : String.fromCharCode(v));
  }
  return parts;
}
