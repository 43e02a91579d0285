/**
 * The text the walk's mention tests read (does the string name `lastpipe`, `readonly`,
 * `GLOBIGNORE` anywhere?), with each brace expansion written out as bash writes it before it
 * runs a command: `shopt -s last{pipe,}` turns on `lastpipe pipe`, `read{only,} x=1` runs
 * `readonly read x=1`, and neither spells the name as written.
 */

/** At most this many words from one word's braces, and this many characters added in all. */
const MAX_WORDS = 256;
const MAX_ADDED = 1 << 16;

/**
 * `text` (already without quotes) with every word holding a brace expansion replaced by the
 * words it expands to, joined by blanks; line continuations go first, as bash removes them
 * before it reads a word. Null when an expansion is too large to write out (the caller then
 * counts the string as naming anything).
 */
export function spellBraces(text: string): string | null {
  const joined = text.includes("\\\n") ? text.replace(/\\\n/g, "") : text;
  if (!joined.includes("{")) return joined;
  let added = 0;
  let failed = false;
  // A word ends at a blank or an operator character, as bash ends it.
  const out = joined.replace(/[^\s;&|<>()]*\{[^\s;&|<>()]*/g, (word) => {
    if (failed) return word;
    const words = expand(word, 0);
    if (words === null) {
      failed = true;
      return word;
    }
    const spelled = words.join(" ");
    added += spelled.length;
    if (added > MAX_ADDED) failed = true;
    return spelled;
  });
  return failed ? null : out;
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

/** The first `{…}` that expands: `{a,b}` with a comma at its own level, or `{x..y[..n]}`. */
function firstGroup(
  word: string,
): { start: number; end: number; parts: string[] } | typeof TOO_MANY | null {
  for (let start = word.indexOf("{"); start !== -1; start = word.indexOf("{", start + 1)) {
    // `${…}` is a parameter expansion, never a brace expansion: skip it whole.
    const end = closing(word, start);
    // An unmatched `{` is a character like any other.
    if (end === -1) continue;
    if (word[start - 1] === "$") {
      start = end;
      continue;
    }
    const commas: number[] = [];
    let depth = 0;
    for (let i = start + 1; i < end; i++) {
      if (word[i] === "{") depth++;
      else if (word[i] === "}") depth--;
      else if (word[i] === "," && depth === 0) commas.push(i);
    }
    if (commas.length > 0) {
      const bounds = [start, ...commas, end];
      const parts: string[] = [];
      for (let k = 0; k + 1 < bounds.length; k++) {
        parts.push(word.slice((bounds[k] as number) + 1, bounds[k + 1] as number));
      }
      return { start, end, parts };
    }
    const range = rangeParts(word.slice(start + 1, end));
    if (range === undefined) return TOO_MANY;
    if (range !== null) return { start, end, parts: range };
  }
  return null;
}

/** Where the `}` closing the `{` at `start` is, or -1. */
function closing(word: string, start: number): number {
  let depth = 0;
  for (let i = start; i < word.length; i++) {
    if (word[i] === "{") depth++;
    else if (word[i] === "}" && --depth === 0) return i;
  }
  return -1;
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
