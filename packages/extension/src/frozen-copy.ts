/**
 * A deeply frozen copy of plain data (objects, arrays, strings, numbers, booleans, null):
 * decision events and review-log records. A walk that copies arrays and own enumerable
 * properties does what `structuredClone` did for them, at a fraction of its cost on every
 * decision. A value with `toJSON` (a `Date`) is copied as JSON would write it; any other
 * object (a class instance a hook put in a field) as a plain object of its own fields.
 * Throws on data that refers to itself.
 */
export function frozenCopy<T>(value: T): T {
  // Events and records are a few levels deep: copied without keeping the path, which only a
  // copy that goes deeper than any of them needs (to tell a cycle from deep data).
  const shallow = copyShallow(value, SHALLOW_LEVELS);
  return (shallow === TOO_DEEP ? copy(value, new Set()) : shallow) as T;
}

const SHALLOW_LEVELS = 16;
const TOO_DEEP: unique symbol = Symbol("too deep");

/** {@link copy} for data at most `levels` deep, or {@link TOO_DEEP} for deeper data (or a cycle). */
function copyShallow(value: unknown, levels: number): unknown {
  if (typeof value !== "object" || value === null) return value;
  if (levels === 0) return TOO_DEEP;
  const toJSON = (value as { toJSON?: unknown }).toJSON;
  if (typeof toJSON === "function") return copyShallow(toJSON.call(value), levels - 1);
  let out: unknown[] | Record<string, unknown>;
  if (Array.isArray(value)) {
    let deeper = false;
    out = value.map((item) => {
      const copied = copyShallow(item, levels - 1);
      if (copied === TOO_DEEP) deeper = true;
      return copied;
    });
    if (deeper) return TOO_DEEP;
  } else {
    out = {};
    for (const key of Object.keys(value)) {
      const copied = copyShallow((value as Record<string, unknown>)[key], levels - 1);
      if (copied === TOO_DEEP) return TOO_DEEP;
      out[key] = copied;
    }
  }
  return Object.freeze(out);
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
