import { PERMISSION_CHANNELS } from "@pi-permission/payload";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createPublisher } from "../src/events.ts";

function bus() {
  const seen: Array<{ channel: string; data: unknown }> = [];
  return { seen, emit: (channel: string, data: unknown) => seen.push({ channel, data }) };
}

const event = () => ({
  requestId: "perm-1",
  toolCallId: "call_1",
  action: "deny",
  payload: { kind: "bash", command: "rm -rf build", units: [{ argv: ["rm", "-rf", "build"] }] },
  facts: [{ key: "rule", value: "rm *" }, null],
  count: 2,
  ok: false,
});

describe("the publisher", () => {
  afterEach(() => vi.restoreAllMocks());

  it("gives subscribers an equal, deeply frozen copy that the publisher's later changes do not reach", () => {
    const b = bus();
    const original = event();
    createPublisher(b).decision(original as never);
    const [{ channel, data } = { channel: "", data: null }] = b.seen;
    expect(channel).toBe(PERMISSION_CHANNELS.decision);
    expect(data).toEqual(event());
    expect(data).not.toBe(original);
    const got = data as ReturnType<typeof event>;
    expect(Object.isFrozen(got)).toBe(true);
    expect(Object.isFrozen(got.payload)).toBe(true);
    expect(Object.isFrozen(got.payload.units)).toBe(true);
    expect(Object.isFrozen(got.payload.units[0]?.argv)).toBe(true);
    expect(Object.isFrozen(got.facts[0])).toBe(true);
    original.payload.units[0]?.argv.push("/");
    original.facts.length = 0;
    expect(got).toEqual(event());
    // The publisher's own record stays writable: freezing a copy never freezes the source.
    expect(Object.isFrozen(original.payload)).toBe(false);
  });

  it("copies without structuredClone (its cost was on every decision)", () => {
    const clone = vi.spyOn(globalThis, "structuredClone");
    const b = bus();
    createPublisher(b).uiPrompt(event() as never);
    expect(b.seen).toHaveLength(1);
    expect(clone).not.toHaveBeenCalled();
  });

  it("a subscriber that throws, or an event that refers to itself, changes nothing for the caller", () => {
    const publisher = createPublisher({
      emit: () => {
        throw new Error("subscriber failed");
      },
    });
    expect(() => publisher.decision(event() as never)).not.toThrow();
    const looped: Record<string, unknown> = { requestId: "perm-2" };
    looped.self = looped;
    const b = bus();
    expect(() => createPublisher(b).decision(looped as never)).not.toThrow();
    expect(b.seen).toHaveLength(0);
  });
});
