import { describe, expect, it } from "vitest";
import {
  EXTENSION_TAG,
  renderPolicyDenial,
  renderPromptDialog,
  renderReviewLogFacts,
  renderUserDenial,
} from "../src/index.ts";
import { describeSpelling } from "../src/vocabulary.ts";
import { evidence, payload } from "./payloads.ts";

// `cd /tmp && rm builds/x` under bash: { "rm /tmp/builds/*": "deny" }
const resolved = payload("bash", {
  request: {
    toolName: "bash",
    value: "rm builds/x",
    matchedPattern: "rm /tmp/builds/*",
    matchedAs: { text: "rm /tmp/builds/x", steps: ["operands_resolved"] },
  },
  evidence: [evidence("full command", "cd /tmp && rm builds/x")],
});

describe("the spelling a rule met", () => {
  it("is a row of the prompt, after the rule", () => {
    expect(renderPromptDialog(resolved, { width: 80 })).toEqual([
      "Permission required",
      "tool          bash",
      "command       rm builds/x",
      "rule          rm /tmp/builds/*",
      "matched as    rm /tmp/builds/x",
      "full command  cd /tmp && rm builds/x",
    ]);
  });

  it("is named to the agent by how it was made, never by the command's words", () => {
    expect(renderPolicyDenial(resolved, null)).toBe(
      `${EXTENSION_TAG} Denied by policy: 'bash' (rule 'rm /tmp/builds/*' met with its path operands resolved).`,
    );
    expect(renderUserDenial(resolved, null)).not.toContain("builds/x");
  });

  it("is recorded in the review-log facts as text and steps", () => {
    expect(renderReviewLogFacts(resolved)).toEqual({
      surface: "bash",
      matchedPattern: "rm /tmp/builds/*",
      matchedAs: { text: "rm /tmp/builds/x", steps: ["operands_resolved"] },
    });
  });

  it("is absent everywhere when the words as written met the rule", () => {
    const asWritten = payload("bash", {
      request: { toolName: "bash", value: "rm /tmp/builds/x", matchedPattern: "rm /tmp/builds/*" },
    });
    expect(renderPromptDialog(asWritten, { width: 80 }).join("\n")).not.toContain("matched as");
    expect(renderPolicyDenial(asWritten, null)).toBe(
      `${EXTENSION_TAG} Denied by policy: 'bash' (rule 'rm /tmp/builds/*').`,
    );
    expect(renderReviewLogFacts(asWritten)).toEqual({
      surface: "bash",
      matchedPattern: "rm /tmp/builds/*",
    });
  });

  it.each<[Parameters<typeof describeSpelling>[0], string]>([
    [["command_name"], "met with the command word without its directory"],
    [["options_set_aside"], "met with its options set aside"],
    [["later_words"], "met with a later word read as the command"],
    [
      ["command_name", "options_set_aside", "operands_resolved"],
      "met with the command word without its directory, its options set aside and its path operands resolved",
    ],
  ])("describes %j", (steps, text) => {
    expect(describeSpelling(steps)).toBe(text);
  });
});
