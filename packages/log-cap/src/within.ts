import { copyWalk } from "./walk.ts";

/** What a scrubber did to one string: the new text and the names of what it hid. */
export interface Scrubbed {
  readonly text: string;
  /** What was hidden, by name (`GITHUB_TOKEN`, `Authorization header`), never by value. */
  readonly masked: readonly string[];
}

/** Where secrets were hidden inside a string, and which. */
export interface MaskedWithin {
  /** RFC 6901 JSON Pointer of the string (`/command`). */
  readonly at: string;
  readonly what: readonly string[];
}

/**
 * A copy of `details` in which every string (at any depth, keys excepted) went through
 * `scrub`, which hides secrets inside a value (a token in a bash command) that key-name
 * masking cannot see; reports each changed string's pointer and what it hid. The review-log
 * writer runs it before the width cap, so a secret is never cut into a partial that the
 * scrubber no longer recognises. `details` is never changed.
 *
 * @example
 * ```ts
 * maskWithinStrings({ command: "TOKEN=abc gh pr list" }, (s) => ({
 *   text: s.replace("TOKEN=abc", "TOKEN=[masked]"),
 *   masked: s.includes("TOKEN=abc") ? ["TOKEN"] : [],
 * }));
 * // { record: { command: "TOKEN=[masked] gh pr list" }, within: [{ at: "/command", what: ["TOKEN"] }] }
 * ```
 */
export function maskWithinStrings(
  details: Record<string, unknown>,
  scrub: (value: string) => Scrubbed,
): { record: Record<string, unknown>; within: MaskedWithin[] } {
  const within: MaskedWithin[] = [];
  const record = copyWalk(details, (value, _key, pointer) => {
    if (typeof value !== "string") return undefined;
    const scrubbed = scrub(value);
    if (scrubbed.masked.length === 0) return { replaceWith: value };
    within.push({ at: pointer, what: [...new Set(scrubbed.masked)] });
    return { replaceWith: scrubbed.text };
  });
  return { record, within };
}
