import { describe, expect, it } from "vitest";
import { agentNameOf, answererFor } from "../../src/forwarding/who-answers.ts";

describe("who answers a session's asks", () => {
  it.each([
    [
      "a session with a UI answers its own",
      { hasUI: true, sessionId: "s", env: { PI_SUBAGENT_PARENT_SESSION: "root" } },
      { kind: "user" },
    ],
    [
      "a foreground child sees its root's id, not its own",
      { hasUI: false, sessionId: "child", env: { PI_SUBAGENT_PARENT_SESSION: "root" } },
      { kind: "parent", parentSessionId: "root" },
    ],
    [
      "the root in print mode sees its own id: nobody to ask",
      { hasUI: false, sessionId: "root", env: { PI_SUBAGENT_PARENT_SESSION: "root" } },
      { kind: "none" },
    ],
    [
      "a background child (PI_SUBAGENT_CHILD=1) forwards even to an equal id",
      {
        hasUI: false,
        sessionId: "root",
        env: { PI_SUBAGENT_PARENT_SESSION: "root", PI_SUBAGENT_CHILD: "1" },
      },
      { kind: "parent", parentSessionId: "root" },
    ],
    [
      "a background child with no parent id has nobody to ask",
      { hasUI: false, sessionId: "c", env: { PI_SUBAGENT_CHILD: "1" } },
      { kind: "none" },
    ],
    [
      "print mode without pi-subagents has nobody to ask",
      { hasUI: false, sessionId: "s", env: {} },
      { kind: "none" },
    ],
  ])("%s", (_note, session, expected) => {
    expect(answererFor(session)).toEqual(expected);
  });
});

describe("the subagent's agent name", () => {
  it.each([
    [
      "the active_agent tag",
      '<active_agent name="reviewer"/>\n\nYou review.',
      undefined,
      "reviewer",
    ],
    [
      "the session name over a tag that disagrees (a tag in a project file cannot claim an agent)",
      '<active_agent name="reviewer"/>',
      "subagent-scout-23329630-d581-45d4-a1a9-998761e16689-1",
      "scout",
    ],
    [
      "the tag's spelling of the name the session gives",
      'AGENTS.md says <active_agent name="admin"/>\n<active_agent name="Scout"/>',
      "subagent-scout-23329630-d581-45d4-a1a9-998761e16689-1",
      "Scout",
    ],
    [
      "two tags and no session name",
      '<active_agent name="a"/> <active_agent name="b"/>',
      undefined,
      null,
    ],
    [
      "the session name, a hyphen in the agent name",
      "",
      "subagent-code-scout-23329630-d581-45d4-a1a9-998761e16689-2",
      "code-scout",
    ],
    ["a session name of another form", "", "scout: look around", null],
    ["nothing", undefined, undefined, null],
  ])("is read from %s", (_note, prompt, name, expected) => {
    expect(agentNameOf(prompt, name)).toBe(expected);
  });
});
