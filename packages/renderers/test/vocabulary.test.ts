import { describe, expect, it } from "vitest";
import { describeBashCommandContext, flaggedElementLabel, flaggedElements } from "../src/index.ts";
import { evidence, payload } from "./payloads.ts";

describe("flaggedElements and flaggedElementLabel", () => {
  it.each([
    { kind: "bash", elements: ["rm -rf build"], label: "command" },
    { kind: "mcp", elements: ["github:create_issue"], label: "target" },
    { kind: "tool", elements: ["write"], label: "tool" },
    { kind: "path", elements: ["/etc/passwd"], label: "path" },
    { kind: "external_directory", elements: ["/etc/hosts"], label: "path" },
    {
      kind: "bash_external_directory",
      elements: ["/etc/hosts", "~/.ssh/known_hosts"],
      label: "path",
    },
    { kind: "skill", elements: ["librarian"], label: "skill" },
    { kind: "skill_read", elements: ["librarian"], label: "skill" },
    { kind: "forwarded", elements: ["npm publish"], label: "value" },
  ] as const)("flag the $label of a $kind ask", ({ kind, elements, label }) => {
    const p = payload(kind);
    expect({ elements: flaggedElements(p), label: flaggedElementLabel(p) }).toEqual({
      elements,
      label,
    });
  });

  it("flag the escaping paths of a bash command, not the command, in evidence order", () => {
    const p = payload("bash_external_directory", {
      evidence: [
        evidence("external path", "/b"),
        evidence("working directory", "/repo"),
        evidence("external path", "/a", "/private/a"),
        evidence("external path", ""),
      ],
    });
    expect(flaggedElements(p)).toEqual(["/b", "/a"]);
  });

  it("flag nothing when the asked value is empty", () => {
    expect(flaggedElements(payload("path", { request: { value: "" } }))).toEqual([]);
  });
});

describe("describeBashCommandContext", () => {
  it.each([
    { context: "command_substitution", words: "command substitution" },
    { context: "process_substitution", words: "process substitution" },
    { context: "subshell", words: "subshell" },
    { context: null, words: undefined },
  ] as const)("names $context as $words", ({ context, words }) => {
    expect(describeBashCommandContext(context)).toBe(words);
  });
});
