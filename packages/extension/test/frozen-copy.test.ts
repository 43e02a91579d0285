import { describe, expect, it } from "vitest";
import { frozenCopy } from "../src/frozen-copy.ts";

/** A record nested `levels` deep: `{ next: { next: … { leaf: [levels] } } }`. */
function nested(levels: number): Record<string, unknown> {
  let value: Record<string, unknown> = { leaf: [levels] };
  for (let i = 0; i < levels; i++) value = { next: value, at: i };
  return value;
}

describe("frozenCopy", () => {
  it("copies data of any depth in full, every level frozen, the source untouched", () => {
    // Shallow data (events, records) and data deeper than the shallow copy goes.
    for (const levels of [0, 3, 15, 16, 17, 40]) {
      const source = nested(levels);
      const copied = frozenCopy(source);
      expect(copied).toEqual(nested(levels));
      expect(copied).not.toBe(source);
      let level: unknown = copied;
      while (level !== null && typeof level === "object") {
        expect(Object.isFrozen(level)).toBe(true);
        level = (level as { next?: unknown }).next;
      }
      expect(Object.isFrozen(source)).toBe(false);
    }
  });

  it("throws on data that refers to itself, however deep the loop starts", () => {
    const looped: Record<string, unknown> = { a: 1 };
    looped.self = looped;
    expect(() => frozenCopy(looped)).toThrow("the data refers to itself");
    const deep = nested(20);
    let inner = deep;
    for (let i = 0; i < 18; i++) inner = inner.next as Record<string, unknown>;
    inner.back = deep;
    expect(() => frozenCopy(deep)).toThrow("the data refers to itself");
    // The same object twice side by side is no loop.
    const shared = { x: 1 };
    expect(frozenCopy({ a: shared, b: [shared, shared] })).toEqual({
      a: { x: 1 },
      b: [{ x: 1 }, { x: 1 }],
    });
  });

  it("copies a value with toJSON as JSON writes it, an array's holes as holes, an instance as its fields", () => {
    class Point {
      constructor(
        readonly x: number,
        readonly y: number,
      ) {}
    }
    // biome-ignore lint/suspicious/noSparseArray: the hole is the point
    const sparse = [1, , 3];
    const copied = frozenCopy({
      at: new Date("2026-11-30T12:00:00.000Z"),
      sparse,
      p: new Point(1, 2),
    });
    expect(copied.at).toBe("2026-11-30T12:00:00.000Z");
    expect(1 in copied.sparse).toBe(false);
    expect(copied.sparse).toHaveLength(3);
    expect(copied.p).toEqual({ x: 1, y: 2 });
    expect(Object.getPrototypeOf(copied.p)).toBe(Object.prototype);
  });
});
