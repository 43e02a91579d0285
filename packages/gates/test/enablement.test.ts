import { asPermissionsStateEntry, type PermissionHookRef } from "@pi-permission/payload";
import { describe, expect, it } from "vitest";
import { transitionEntry } from "../src/enablement.ts";
import { HookEnablement, toggleAll } from "../src/index.ts";

const git: PermissionHookRef = { id: "user:git", name: "Git mutations", source: "user" };
const rm: PermissionHookRef = { id: "user:rm", name: "Destructive removal", source: "user" };
const deploy: PermissionHookRef = {
  id: "project:deploy",
  name: "Production deployment",
  source: "project",
};

describe("HookEnablement", () => {
  it("enables every hook by default", () => {
    const state = new HookEnablement();
    expect(state.states([git, rm]).map((h) => h.enabled)).toEqual([true, true]);
  });

  it("commits a transition as the complete after-state, changed rows marked, in runtime order", () => {
    const state = new HookEnablement();
    expect(state.commit([git, rm, deploy], { "project:deploy": false })).toEqual({
      hooks: [
        { ...git, enabled: true, changed: false },
        { ...rm, enabled: true, changed: false },
        { ...deploy, enabled: false, changed: true },
      ],
    });
    expect(state.isEnabled("project:deploy")).toBe(false);
  });

  it("returns no entry for a no-op, and for a change to a hook that is not loaded", () => {
    const state = new HookEnablement();
    expect([
      state.commit([git], { "user:git": true }),
      state.commit([git], {}),
      state.commit([git], { "package:gone:x": false }),
    ]).toEqual([null, null, null]);
  });

  it("restores from a valid entry; a loaded hook absent from it stays enabled; stale ids do nothing", () => {
    const state = new HookEnablement();
    state.restore({
      hooks: [
        { id: "user:removed", name: "Removed", source: "user", enabled: false, changed: true },
        { ...git, enabled: false, changed: false },
      ],
    });
    expect(state.states([git, rm]).map((h) => [h.id, h.enabled])).toEqual([
      ["user:git", false],
      ["user:rm", true],
    ]);
  });

  it.each([
    { note: "the legacy record shape", data: { hooks: { "user:git": false } } },
    { note: "the legacy global switch", data: { enabled: false } },
    {
      note: "a row without its name",
      data: { hooks: [{ id: "user:git", source: "user", enabled: false, changed: true }] },
    },
    { note: "no changed row", data: { hooks: [{ ...git, enabled: false, changed: false }] } },
    { note: "nothing", data: undefined },
  ])("restores the defaults from $note", ({ data }) => {
    const state = new HookEnablement();
    state.restore({ hooks: [{ ...git, enabled: false, changed: true }] });
    state.restore(data);
    expect(state.isEnabled("user:git")).toBe(true);
  });

  it("restores no entry without the schema check, which answers the same", () => {
    // restore(undefined) skips the check (it loads typebox's checker); the check says no too.
    expect(asPermissionsStateEntry(undefined)).toBeNull();
  });
});

describe("transitionEntry and toggleAll", () => {
  it("marks both directions of a mixed transition", () => {
    const entry = transitionEntry(
      [
        { ...git, enabled: true },
        { ...rm, enabled: false },
      ],
      { "user:git": false, "user:rm": true },
    );
    expect(entry?.hooks.map((h) => [h.id, h.enabled, h.changed])).toEqual([
      ["user:git", false, true],
      ["user:rm", true, true],
    ]);
  });

  it("turns all off when any is on, and all on when none is", () => {
    expect([
      toggleAll([
        { ...git, enabled: false },
        { ...rm, enabled: true },
      ]),
      toggleAll([
        { ...git, enabled: false },
        { ...rm, enabled: false },
      ]),
    ]).toEqual([
      { "user:git": false, "user:rm": false },
      { "user:git": true, "user:rm": true },
    ]);
  });
});
