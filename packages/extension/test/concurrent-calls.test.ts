// The calls Pi runs beside a judged one: the other tool calls of the assistant message that
// holds it, read back from the session (T32 sibling-call-toctou).
import { describe, expect, it } from "vitest";
import { concurrentCalls, RefusedCalls, type SessionEntries } from "../src/concurrent-calls.ts";

function session(entries: Record<string, unknown>[]): SessionEntries {
  const byId = new Map(entries.map((e) => [e.id as string, e]));
  return {
    getLeafEntry: () => entries.at(-1),
    getEntry: (id) => byId.get(id),
  };
}

const user = { id: "u", parentId: null, type: "message", message: { role: "user", content: "go" } };
const call = (id: string, name: string, args: unknown) => ({
  type: "toolCall",
  id,
  name,
  arguments: args,
});
const assistant = (parentId: string, ...calls: unknown[]) => ({
  id: "a",
  parentId,
  type: "message",
  message: { role: "assistant", content: [{ type: "text", text: "ok" }, ...calls] },
});

describe("concurrentCalls", () => {
  const batch = session([
    user,
    { id: "c", parentId: "u", type: "custom", customType: "x" },
    assistant(
      "c",
      call("1", "bash", { command: "tar xf a.tar" }),
      call("2", "read", { path: "notes" }),
      call("3", "ls", { path: "." }),
    ),
  ]);

  it("gives the other calls of the message, by tool and input", () => {
    expect(concurrentCalls(batch, "2", new RefusedCalls())).toEqual([
      { toolName: "bash", input: { command: "tar xf a.tar" } },
      { toolName: "ls", input: { path: "." } },
    ]);
  });

  it("leaves out a call already refused: it runs nothing", () => {
    const refused = new RefusedCalls();
    refused.add("1");
    expect(concurrentCalls(batch, "2", refused)).toEqual([
      { toolName: "ls", input: { path: "." } },
    ]);
  });

  it("finds the message behind later entries (a sequential run's results)", () => {
    const later = session([
      user,
      assistant("u", call("1", "bash", { command: "make" }), call("2", "read", { path: "x" })),
      { id: "r", parentId: "a", type: "message", message: { role: "toolResult", content: [] } },
    ]);
    expect(concurrentCalls(later, "2", new RefusedCalls())).toEqual([
      { toolName: "bash", input: { command: "make" } },
    ]);
  });

  it("is undefined when no message of the turn holds the call (a nested call)", () => {
    expect(concurrentCalls(batch, "9", new RefusedCalls())).toBeUndefined();
    expect(concurrentCalls(session([user]), "2", new RefusedCalls())).toBeUndefined();
    expect(concurrentCalls(session([]), "2", new RefusedCalls())).toBeUndefined();
  });

  it("keeps a sibling with a malformed name, which then counts as a tool nobody knows", () => {
    const odd = session([
      user,
      assistant("u", call("1", "read", {}), { type: "toolCall", id: "2" }),
    ]);
    expect(concurrentCalls(odd, "1", new RefusedCalls())).toEqual([
      { toolName: "", input: undefined },
    ]);
  });
});

describe("RefusedCalls", () => {
  it("remembers a bounded number of calls, forgetting the oldest", () => {
    const refused = new RefusedCalls();
    for (let i = 0; i < 1100; i++) refused.add(String(i));
    expect([refused.has("0"), refused.has("75"), refused.has("76"), refused.has("1099")]).toEqual([
      false,
      false,
      true,
      true,
    ]);
  });
});
