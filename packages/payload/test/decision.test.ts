import { describe, expect, it } from "vitest";
import {
  DECISION_RESOLUTIONS,
  isPermissionState,
  PERMISSION_DECISION_RESOLUTIONS,
  PERMISSION_STATES,
  PERMISSIONS_STATE_ENTRY_TYPE,
} from "../src/index.ts";

describe("the decision-resolution vocabulary", () => {
  it("fixes the result and the deciding authority of every resolution", () => {
    const table = Object.fromEntries(
      PERMISSION_DECISION_RESOLUTIONS.map((r) => [
        r,
        `${DECISION_RESOLUTIONS[r].result} by ${DECISION_RESOLUTIONS[r].decidedBy}`,
      ]),
    );
    expect(table).toEqual({
      policy_allow: "allow by policy",
      policy_deny: "deny by policy",
      session_approved: "allow by session",
      infrastructure_auto_allowed: "allow by infrastructure",
      user_approved: "allow by user",
      user_approved_for_session: "allow by user",
      user_denied: "deny by user",
      auto_approved: "allow by yolo",
      confirmation_unavailable: "deny by nobody",
      gate_error: "deny by error",
      parent_approved: "allow by parent",
      parent_approved_for_session: "allow by parent",
      parent_denied: "deny by parent",
    });
  });

  it("never blames a person for a refusal nobody decided", () => {
    expect(DECISION_RESOLUTIONS.confirmation_unavailable).toEqual({
      result: "deny",
      decidedBy: "nobody",
      summary: "The request needed approval, but no one could be asked.",
    });
  });
});

describe("permission states", () => {
  it("lists allow, ask and deny, least restrictive first", () => {
    expect(PERMISSION_STATES).toEqual(["allow", "ask", "deny"]);
  });

  it.each([
    { value: "allow", expected: true, note: "a state" },
    { value: "ask", expected: true, note: "a state" },
    { value: "deny", expected: true, note: "a state" },
    { value: "prompt", expected: false, note: "another system's word for ask" },
    { value: "Allow", expected: false, note: "states are lowercase" },
    { value: null, expected: false, note: "not a string" },
  ])("isPermissionState($value) is $expected: $note", ({ value, expected }) => {
    expect(isPermissionState(value)).toBe(expected);
  });
});

describe("PERMISSIONS_STATE_ENTRY_TYPE", () => {
  it("keeps the custom entry type permission state has always used", () => {
    expect(PERMISSIONS_STATE_ENTRY_TYPE).toBe("permissions");
  });
});
