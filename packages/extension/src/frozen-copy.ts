/**
 * A deeply frozen copy of plain data (objects, arrays, strings, numbers, booleans, null):
 * decision events and review-log records. A walk that copies arrays and own enumerable
 * properties does what `structuredClone` did for them, at a fraction of its cost on every
 * decision. A value with `toJSON` (a `Date`) is copied as JSON would write it; any other
 * object (a class instance a hook put in a field) as a plain object of its own fields.
 * Throws on data that refers to itself.
 */
export function frozenCopy<T>(value: T): T {
  return copy(value, new Set()) as T;
}

function copy(value: unknown, path: Set<object>): unknown {
  if (typeof value !== "object" || value === null) return value;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") return copy(toJSON.call(value), path);
  // A cycle is not data: structuredClone kept it, but JSON (the log, the bus's readers) cannot.
  if (path.has(value)) throw new TypeError("the data refers to itself");
  path.add(value);
  let out: unknown[] | Record<string, unknown>;
  if (Array.isArray(value)) {
    out = value.map((item) => copy(item, path));
  } else {
    out = {};
    for (const key of Object.keys(value)) {
      out[key] = copy((value as Record<string, unknown>)[key], path);
    }
  }
  path.delete(value);
  return Object.freeze(out);
}
