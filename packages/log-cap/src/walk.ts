/**
 * The one copying walk that the width cap and the mask share, so both agree on what a
 * record's structure is: which objects are walked, how cycles are kept, how a value's
 * place is named.
 */

/** What a step decides for one value: put `replaceWith` in its place, or walk into it. */
export type Visit = (
  value: unknown,
  key: string,
  pointer: string,
) => { readonly replaceWith: unknown } | undefined;

/**
 * Copy `details`, asking `visit` about every value below it (depth first, in key order).
 * Plain objects (prototype `Object.prototype` or `null`) and arrays are copied and walked;
 * every other object (Date, Map, Set, RegExp, Error, class instances) and every primitive is
 * carried over as it is, because copying it field by field would change what it is.
 * A cycle is reproduced in the copy: the back-reference points at the copy of the
 * ancestor, never back into the input.
 */
export function copyWalk(details: Record<string, unknown>, visit: Visit): Record<string, unknown> {
  return walk(details, "", visit, new Map()) as Record<string, unknown>;
}

/** Whether the walk copies `value` and steps into it. */
function isWalked(value: unknown): value is Record<string, unknown> | unknown[] {
  if (Array.isArray(value)) return true;
  if (typeof value !== "object" || value === null) return false;
  const prototype = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

function walk(value: unknown, pointer: string, visit: Visit, ancestors: Map<object, object>) {
  if (!isWalked(value)) return value;
  const seen = ancestors.get(value);
  if (seen !== undefined) return seen;

  // Same kind of container as the input: an array stays an array (holes kept), a
  // null-prototype object keeps its null prototype.
  const copy: object = Array.isArray(value)
    ? new Array(value.length)
    : Object.create(Object.getPrototypeOf(value));
  ancestors.set(value, copy);
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    const childPointer = `${pointer}/${escapePointerToken(key)}`;
    const decision = visit(child, key, childPointer);
    // defineProperty, not assignment: an own `__proto__` key (JSON.parse makes them) must
    // stay a key rather than replace the copy's prototype.
    Object.defineProperty(copy, key, {
      value:
        decision === undefined ? walk(child, childPointer, visit, ancestors) : decision.replaceWith,
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  // Only ancestors make a cycle; an object reached twice along different paths is copied
  // (and reported) at each place, as a JSON writer would print it at each place.
  ancestors.delete(value);
  return copy;
}

/** One reference token of an RFC 6901 JSON Pointer: `~` → `~0`, `/` → `~1`. */
function escapePointerToken(key: string): string {
  // Most keys hold neither character: nothing to escape.
  if (!key.includes("~") && !key.includes("/")) return key;
  return key.replaceAll("~", "~0").replaceAll("/", "~1");
}
