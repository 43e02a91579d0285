import fc from "fast-check";
import Value from "typebox/value";
import { describe, expect, it } from "vitest";
import {
  asPermissionsStateEntry,
  asPromptPayload,
  isPermissionDecisionEvent,
  isPermissionsReadyEvent,
  isPermissionsStateEntry,
  isPermissionUiPromptEvent,
  isPromptPayload,
  PROMPT_PAYLOAD_KINDS,
} from "../src/index.ts";
import { payloadSchemas } from "../src/schemas.ts";
import {
  bashPayload,
  denyEvent,
  forwardedAllowEvent,
  preemptedEvent,
  readyEvent,
  stateEntry,
  uiPromptEvent,
} from "./examples.ts";

/** A deep copy with one change, so each table row states only what it breaks. */
// biome-ignore lint/suspicious/noExplicitAny: a row reaches anywhere into its deep copy
function edit<T>(value: T, change: (copy: any) => void): unknown {
  const copy = structuredClone(value);
  change(copy);
  return copy;
}

describe("asPromptPayload", () => {
  it("returns a complete payload as it is", () => {
    expect(asPromptPayload(bashPayload)).toBe(bashPayload);
  });

  it.each(PROMPT_PAYLOAD_KINDS)("accepts the kind %s", (kind) => {
    expect(isPromptPayload({ ...bashPayload, kind })).toBe(true);
  });

  it.each([
    { note: "an unknown kind", value: edit(bashPayload, (p) => (p.kind = "shell")) },
    { note: "no request", value: edit(bashPayload, (p) => delete p.request) },
    { note: "no requester", value: edit(bashPayload, (p) => delete p.request.requester) },
    {
      note: "a requester without forwarded",
      value: edit(bashPayload, (p) => delete p.request.requester.forwarded),
    },
    {
      note: "a missing nullable fact",
      value: edit(bashPayload, (p) => delete p.request.executedUnit),
    },
    { note: "a numeric value", value: edit(bashPayload, (p) => (p.request.value = 42)) },
    {
      note: "an unknown command context",
      value: edit(bashPayload, (p) => (p.request.commandContext = "pipeline")),
    },
    {
      note: "evidence without detail",
      value: edit(bashPayload, (p) => delete p.evidence[0].detail),
    },
    { note: "evidence that is not a list", value: edit(bashPayload, (p) => (p.evidence = {})) },
    {
      note: "an annotation without its source",
      value: edit(bashPayload, (p) => delete p.annotations[0].source),
    },
    { note: "no annotations list", value: edit(bashPayload, (p) => delete p.annotations) },
    { note: "null", value: null },
    { note: "a string", value: "rm -rf build" },
    { note: "an array", value: [bashPayload] },
  ])("rejects the whole payload for $note", ({ value }) => {
    expect(asPromptPayload(value)).toBeNull();
  });

  it("accepts a payload that names the hook that decided, and one from before hooks existed", () => {
    const hooked = edit(bashPayload, (p) => {
      p.request.hook = { id: "user:git", name: "Git mutations", source: "user" };
    });
    expect(asPromptPayload(hooked)).toBe(hooked);
    expect(isPromptPayload(edit(bashPayload, (p) => (p.request.hook = null)))).toBe(true);
    expect(isPromptPayload(edit(bashPayload, (p) => delete p.request.hook))).toBe(true);
  });

  it.each([
    { note: "no id", hook: { name: "Git mutations", source: "user" } },
    { note: "an empty id", hook: { id: "", name: "Git mutations", source: "user" } },
    { note: "an unknown source", hook: { id: "x", name: "Git mutations", source: "team" } },
    { note: "a bare string", hook: "Git mutations" },
  ])("rejects a payload whose hook has $note", ({ hook }) => {
    expect(asPromptPayload(edit(bashPayload, (p) => (p.request.hook = hook)))).toBeNull();
  });

  it("accepts fields a newer version added, because fields are only ever added", () => {
    const newer = edit(bashPayload, (p) => {
      p.decidedBy = { kind: "rule" };
      p.request.sandbox = "none";
    });
    expect(asPromptPayload(newer)).toBe(newer);
  });
});

describe("the event guards", () => {
  it.each([
    { note: "a policy deny", guard: isPermissionDecisionEvent, value: denyEvent },
    { note: "a forwarded allow", guard: isPermissionDecisionEvent, value: forwardedAllowEvent },
    {
      note: "a request another request of its call preempted",
      guard: isPermissionDecisionEvent,
      value: preemptedEvent,
    },
    {
      note: "the deciding request of a call that runs",
      guard: isPermissionDecisionEvent,
      value: {
        ...forwardedAllowEvent,
        preemptedBy: null,
        call: { result: "allow", decidingRequestId: forwardedAllowEvent.requestId },
      },
    },
    { note: "a ui prompt", guard: isPermissionUiPromptEvent, value: uiPromptEvent },
    { note: "a ready event", guard: isPermissionsReadyEvent, value: readyEvent },
    {
      note: "a decision a package hook made",
      guard: isPermissionDecisionEvent,
      value: {
        ...denyEvent,
        hook: {
          id: "package:release-guard:publish",
          name: "Release",
          source: "package:release-guard",
        },
      },
    },
    {
      note: "a ready event before the session id is known",
      guard: isPermissionsReadyEvent,
      value: { sessionId: null, adjudicatesLocally: false },
    },
  ])("accept $note", ({ guard, value }) => {
    expect(guard(value)).toBe(true);
  });

  it.each([
    {
      note: "a decision without requestId (the pre-seed-003 shape)",
      guard: isPermissionDecisionEvent,
      value: edit(denyEvent, (e) => delete e.requestId),
    },
    {
      note: "a decision whose hook has no name",
      guard: isPermissionDecisionEvent,
      value: { ...denyEvent, hook: { id: "user:git", source: "user" } },
    },
    {
      note: "a decision preempted by an empty request id",
      guard: isPermissionDecisionEvent,
      value: { ...preemptedEvent, preemptedBy: "" },
    },
    {
      note: "a call outcome of ask (a call's outcome is final)",
      guard: isPermissionDecisionEvent,
      value: { ...preemptedEvent, call: { result: "ask", decidingRequestId: "perm-1" } },
    },
    {
      note: "a call outcome without the deciding request",
      guard: isPermissionDecisionEvent,
      value: { ...preemptedEvent, call: { result: "deny" } },
    },
    {
      note: "a decision with an empty requestId",
      guard: isPermissionDecisionEvent,
      value: edit(denyEvent, (e) => (e.requestId = "")),
    },
    {
      note: "an allow that says the user denied",
      guard: isPermissionDecisionEvent,
      value: edit(denyEvent, (e) => {
        e.result = "allow";
        e.resolution = "user_denied";
      }),
    },
    {
      note: "a deny that says yolo approved",
      guard: isPermissionDecisionEvent,
      value: edit(denyEvent, (e) => (e.resolution = "auto_approved")),
    },
    {
      note: "an ask result (a decision is final)",
      guard: isPermissionDecisionEvent,
      value: edit(denyEvent, (e) => (e.result = "ask")),
    },
    {
      note: "an unknown resolution",
      guard: isPermissionDecisionEvent,
      value: edit(denyEvent, (e) => (e.resolution = "approved_with_custom_pattern")),
    },
    {
      note: "a decision without forwarding",
      guard: isPermissionDecisionEvent,
      value: edit(denyEvent, (e) => delete e.forwarding),
    },
    {
      note: "a forwarding context missing the requester session",
      guard: isPermissionDecisionEvent,
      value: edit(forwardedAllowEvent, (e) => delete e.forwarding.requesterSessionId),
    },
    {
      note: "a ui prompt with an unknown source",
      guard: isPermissionUiPromptEvent,
      value: edit(uiPromptEvent, (e) => (e.source = "forwarded")),
    },
    {
      note: "a ui prompt that carries a message instead of request facts",
      guard: isPermissionUiPromptEvent,
      value: edit(uiPromptEvent, (e) => {
        delete e.request;
        e.message = "Allow rm -rf build?";
      }),
    },
    {
      note: "a ready event with a protocol version only (a historical shape)",
      guard: isPermissionsReadyEvent,
      value: { protocolVersion: 1 },
    },
  ])("reject $note", ({ guard, value }) => {
    expect(guard(value)).toBe(false);
  });
});

describe("asPermissionsStateEntry", () => {
  it("returns a complete hook snapshot as it is", () => {
    expect(asPermissionsStateEntry(stateEntry)).toBe(stateEntry);
  });

  it.each([
    {
      note: "the legacy record shape",
      value: { hooks: { "user:git": false, "pkg:release": true } },
    },
    { note: "the legacy global switch", value: { enabled: false } },
    { note: "an empty snapshot", value: { hooks: [] } },
    {
      note: "a snapshot in which nothing changed",
      value: edit(stateEntry, (e) => (e.hooks[0].changed = false)),
    },
    {
      note: "two rows with one id",
      value: edit(stateEntry, (e) => (e.hooks[1].id = "user:git")),
    },
    { note: "an empty id", value: edit(stateEntry, (e) => (e.hooks[0].id = "")) },
    { note: "an unknown source", value: edit(stateEntry, (e) => (e.hooks[0].source = "global")) },
    {
      note: "a package source without its prefix",
      value: edit(stateEntry, (e) => (e.hooks[1].source = "release-guard")),
    },
    { note: "a row without name", value: edit(stateEntry, (e) => delete e.hooks[0].name) },
    {
      note: "a string where a boolean belongs",
      value: edit(stateEntry, (e) => (e.hooks[0].enabled = "false")),
    },
    {
      note: "a row with a module path (never persisted)",
      value: edit(stateEntry, (e) => (e.hooks[0].path = "/home/u/.pi/hooks/git.ts")),
    },
    {
      note: "the new shape mixed with the legacy switch",
      value: edit(stateEntry, (e) => (e.enabled = false)),
    },
    { note: "null", value: null },
    { note: "a JSON string of a valid entry", value: JSON.stringify(stateEntry) },
  ])("treats $note as no entry", ({ value }) => {
    expect(asPermissionsStateEntry(value)).toBeNull();
    expect(isPermissionsStateEntry(value)).toBe(false);
  });
});

describe("every guard", () => {
  const guards = [
    isPromptPayload,
    isPermissionDecisionEvent,
    isPermissionUiPromptEvent,
    isPermissionsReadyEvent,
    isPermissionsStateEntry,
  ];

  it("answers false, never throws, for a value whose property access throws", () => {
    const hostile = new Proxy(
      {},
      {
        get: () => {
          throw new Error("trap");
        },
        has: () => {
          throw new Error("trap");
        },
        ownKeys: () => {
          throw new Error("trap");
        },
        getOwnPropertyDescriptor: () => {
          throw new Error("trap");
        },
      },
    );
    expect(guards.map((guard) => guard(hostile))).toEqual([false, false, false, false, false]);
  });

  it("answers a boolean for any value at all", () => {
    fc.assert(
      fc.property(fc.anything({ withBigInt: true, withMap: true, withSet: true }), (value) => {
        for (const guard of guards) expect(typeof guard(value)).toBe("boolean");
      }),
      { numRuns: 200 },
    );
  });
});

describe("a value that is not an object", () => {
  // The schemas the guards check, by guard.
  const guarded = [
    ["PromptPayloadSchema", isPromptPayload],
    ["PermissionDecisionEventSchema", isPermissionDecisionEvent],
    ["PermissionUiPromptEventSchema", isPermissionUiPromptEvent],
    ["PermissionsReadyEventSchema", isPermissionsReadyEvent],
    ["PermissionsStateEntrySchema", isPermissionsStateEntry],
  ] as const;

  it("meets only schemas of objects: the guards refuse anything else before typebox's check", () => {
    for (const [name] of guarded) {
      const schema = payloadSchemas()[name] as { type?: string; anyOf?: Array<{ type?: string }> };
      const objects =
        schema.type === "object" || (schema.anyOf?.every((b) => b.type === "object") ?? false);
      expect(objects, name).toBe(true);
    }
  });

  it("is no match for any guard, as typebox's own check says", () => {
    const notObject = fc.oneof(
      fc.constantFrom(undefined, null, Number.NaN, 0, -0, "", true, false),
      fc.boolean(),
      fc.double(),
      fc.string(),
      fc.bigInt(),
    );
    fc.assert(
      fc.property(notObject, (value) => {
        for (const [name, guard] of guarded) {
          expect(guard(value), name).toBe(false);
          expect(Value.Check(payloadSchemas()[name], value), name).toBe(false);
        }
      }),
    );
  });
});
