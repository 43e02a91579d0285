// The calls Pi runs beside a judged one: the other tool calls of the assistant message that
// holds it, read back from the session (T32 sibling-call-toctou).
import { describe, expect, it } from "vitest";
import {
  type CallPlace,
  concurrentCalls,
  locateCall,
  locateHost,
  RefusedCalls,
  RunningCalls,
  type SessionEntries,
} from "../src/concurrent-calls.ts";

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

/** The siblings of the call `id` with `input`, as the extension reads them before judging it. */
function siblings(
  entries: SessionEntries,
  id: string,
  input: unknown,
  refused = new RefusedCalls(),
) {
  const place = locateCall(entries, id, input);
  return place === undefined ? undefined : concurrentCalls(place, refused);
}

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
    expect(siblings(batch, "2", { path: "notes" })).toEqual([
      { toolName: "bash", input: { command: "tar xf a.tar" } },
      { toolName: "ls", input: { path: "." } },
    ]);
  });

  it("leaves out a call already refused: it runs nothing", () => {
    const refused = new RefusedCalls();
    refused.add(locateCall(batch, "1", { command: "tar xf a.tar" }) as CallPlace);
    expect(siblings(batch, "2", { path: "notes" }, refused)).toEqual([
      { toolName: "ls", input: { path: "." } },
    ]);
  });

  it("finds the message behind later entries (a sequential run's results)", () => {
    const later = session([
      user,
      assistant("u", call("1", "bash", { command: "make" }), call("2", "read", { path: "x" })),
      { id: "r", parentId: "a", type: "message", message: { role: "toolResult", content: [] } },
    ]);
    expect(siblings(later, "2", { path: "x" })).toEqual([
      { toolName: "bash", input: { command: "make" } },
    ]);
  });

  it("is undefined when no message of the turn holds the call (a nested call)", () => {
    expect(siblings(batch, "9", {})).toBeUndefined();
    expect(siblings(session([user]), "2", {})).toBeUndefined();
    expect(siblings(session([]), "2", {})).toBeUndefined();
  });

  it("keeps a sibling with a malformed name, which then counts as a tool nobody knows", () => {
    const odd = session([
      user,
      assistant("u", call("1", "read", {}), { type: "toolCall", id: "2" }),
    ]);
    expect(siblings(odd, "1", {})).toEqual([{ toolName: "", input: undefined }]);
  });
});

describe("calls known by their place, not their id (T34 reused-call-id)", () => {
  const linkMaker = { command: "git checkout-index -f notes" };
  const reader = { path: "notes" };

  it("a sibling that shares the judged call's id is still a sibling", () => {
    const shared = session([
      user,
      assistant("u", call("x", "bash", linkMaker), call("x", "read", reader)),
    ]);
    expect(siblings(shared, "x", reader)).toEqual([{ toolName: "bash", input: linkMaker }]);
    expect(siblings(shared, "x", linkMaker)).toEqual([{ toolName: "read", input: reader }]);
  });

  it("with one id twice and neither call's arguments as judged, no call is left out", () => {
    const shared = session([
      user,
      assistant("u", call("x", "bash", linkMaker), call("x", "read", reader)),
    ]);
    expect(siblings(shared, "x", { path: "other" })).toEqual([
      { toolName: "bash", input: linkMaker },
      { toolName: "read", input: reader },
    ]);
  });

  it("a refusal in an earlier message does not drop a later call that reuses its id", () => {
    const refused = new RefusedCalls();
    const earlier = { ...assistant("u", call("x", "bash", { command: "cat .env" })), id: "a0" };
    refused.add(locateCall(session([user, earlier]), "x", { command: "cat .env" }) as CallPlace);
    const later = session([
      user,
      earlier,
      { id: "r", parentId: "a0", type: "message", message: { role: "toolResult", content: [] } },
      assistant("r", call("x", "bash", linkMaker), call("y", "read", reader)),
    ]);
    expect(siblings(later, "y", reader, refused)).toEqual([{ toolName: "bash", input: linkMaker }]);
  });

  it("a refusal of one of two same-id calls leaves the other a sibling", () => {
    const refused = new RefusedCalls();
    const entries = session([
      user,
      assistant(
        "u",
        call("x", "bash", { command: "cat .env" }),
        call("x", "bash", linkMaker),
        call("y", "read", reader),
      ),
    ]);
    refused.add(locateCall(entries, "x", { command: "cat .env" }) as CallPlace);
    expect(siblings(entries, "y", reader, refused)).toEqual([
      { toolName: "bash", input: linkMaker },
    ]);
  });
});

describe("RefusedCalls", () => {
  it("remembers a bounded number of calls, forgetting the oldest", () => {
    const refused = new RefusedCalls();
    const place = (index: number): CallPlace => ({ entryId: "a", calls: [], index });
    for (let i = 0; i < 1100; i++) refused.add(place(i));
    expect([
      refused.has("a", 0),
      refused.has("a", 75),
      refused.has("a", 76),
      refused.has("a", 1099),
    ]).toEqual([false, false, true, true]);
  });

  it("remembers nothing for a message without an entry id, which it could not tell apart", () => {
    const refused = new RefusedCalls();
    refused.add({ entryId: undefined, calls: [], index: 0 });
    expect(refused.has(undefined, 0)).toBe(false);
  });
});

describe("a nested call's host and the calls running beside it (T34 nested-running)", () => {
  const entries = session([
    user,
    assistant(
      "u",
      call("h", "codemode", { code: "…" }),
      call("r", "read", { path: "notes" }),
      call("b", "bash", { command: "git checkout-index -f notes" }),
    ),
  ]);

  it("runs beside every call of the message but the host that made it", () => {
    const place = locateHost(entries, "h/2") as CallPlace;
    expect(concurrentCalls(place, new RefusedCalls())).toEqual([
      { toolName: "read", input: { path: "notes" } },
      { toolName: "bash", input: { command: "git checkout-index -f notes" } },
    ]);
    // A call of a call the script made has the same host.
    expect(locateHost(entries, "h/2/1")?.index).toBe(0);
  });

  it("leaves every call in when two calls of the message share the host's id", () => {
    const shared = session([
      user,
      assistant("u", call("h", "codemode", {}), call("h", "bash", { command: "tar xf a" })),
    ]);
    expect(
      concurrentCalls(locateHost(shared, "h/1") as CallPlace, new RefusedCalls()),
    ).toHaveLength(2);
  });

  it("is undefined when no call of the newest message made it", () => {
    expect(locateHost(entries, "x/1")).toBeUndefined();
    expect(locateHost(entries, "h")).toBeUndefined();
  });

  it("counts a nested call as running from its start to its end, beside all but itself and its hosts", () => {
    const running = new RunningCalls();
    const bash = (command: string) => ({ toolName: "bash", input: { command } });
    running.start("h/1", bash("until cat notes; do :; done"));
    running.start("h/2", { toolName: "codemode", input: {} });
    running.start("h/2/1", bash("ls"));
    expect(running.beside("h/3")).toEqual([
      bash("until cat notes; do :; done"),
      { toolName: "codemode", input: {} },
      bash("ls"),
    ]);
    // Its own host (h/2) waits for it: not beside it.
    expect(running.beside("h/2/2")).toEqual([bash("until cat notes; do :; done"), bash("ls")]);
    expect(running.beside("h/1")).toEqual([{ toolName: "codemode", input: {} }, bash("ls")]);
    running.finish("h/1");
    expect(running.beside("h/3")).toHaveLength(2);
    running.clear();
    expect(running.beside("h/3")).toEqual([]);
  });
});
