import { describe, expect, it } from "vitest";
import { isPromptPayload, type PromptPayload } from "../src/index.ts";
import { bashPayload } from "./examples.ts";

const withSpelling = (matchedAs: unknown): PromptPayload =>
  ({ ...bashPayload, request: { ...bashPayload.request, matchedAs } }) as PromptPayload;

describe("a payload's matched spelling", () => {
  it.each<[string, unknown, boolean]>([
    ["a resolved spelling", { text: "rm /tmp/builds/x", steps: ["operands_resolved"] }, true],
    ["several steps", { text: "rm /tmp/x", steps: ["command_name", "operands_resolved"] }, true],
    ["none", null, true],
    ["no steps", { text: "rm x", steps: [] }, false],
    ["an unknown step", { text: "rm x", steps: ["guessed"] }, false],
    ["no text", { steps: ["command_name"] }, false],
  ])("%s: accepted %#", (_note, matchedAs, accepted) => {
    expect(isPromptPayload(withSpelling(matchedAs))).toBe(accepted);
  });

  it("is optional: a payload written before it existed stays valid", () => {
    const { matchedAs: _absent, ...request } = { ...bashPayload.request, matchedAs: null };
    expect(isPromptPayload({ ...bashPayload, request })).toBe(true);
  });
});
