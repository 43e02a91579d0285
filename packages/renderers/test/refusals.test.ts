// The two agent-facing refusals that no rule made: a failed permission check and a tool the
// host does not have. Both are attributed, one line, and free of orders.
import { describe, expect, it } from "vitest";
import {
  EXTENSION_TAG,
  renderGateErrorDenial,
  renderUnregisteredToolDenial,
} from "../src/index.ts";

const T = EXTENSION_TAG;

describe("renderGateErrorDenial", () => {
  it.each([
    {
      note: "names the tool and the error",
      facts: { toolName: "bash", error: "hostile input" },
      expected: `${T} The permission check failed, so this 'bash' call was blocked (fail-closed): hostile input`,
    },
    {
      note: "says what it can when nothing is known",
      facts: { toolName: null, error: null },
      expected: `${T} The permission check failed, so this call was blocked (fail-closed).`,
    },
    {
      note: "keeps a multi-line error on one line",
      facts: { toolName: "skill", error: "bad\nstate" },
      expected: `${T} The permission check failed, so this 'skill' call was blocked (fail-closed): bad state`,
    },
  ])("$note", ({ facts, expected }) => {
    expect(renderGateErrorDenial(facts)).toBe(expected);
  });

  it("caps a long error at the field width", () => {
    const text = renderGateErrorDenial(
      { toolName: "bash", error: "x".repeat(500) },
      { fieldMaxWidth: 20 },
    );
    expect(text).toBe(
      `${T} The permission check failed, so this 'bash' call was blocked (fail-closed): ${"x".repeat(19)}…`,
    );
  });
});

describe("renderUnregisteredToolDenial", () => {
  it("lists the registered tools, sorted, and hints at the mcp tool", () => {
    expect(renderUnregisteredToolDenial("exec", ["read", "bash"])).toBe(
      `${T} Tool 'exec' is not registered in this runtime and was blocked before permission checks. If this was intended as an MCP server tool, call the registered 'mcp' tool when available (for example: {"tool":"server:tool"}). Registered tools: bash, read.`,
    );
  });

  it("says none when the host has no tools", () => {
    expect(renderUnregisteredToolDenial("mcp", [])).toBe(
      `${T} Tool 'mcp' is not registered in this runtime and was blocked before permission checks. Registered tools: none.`,
    );
  });
});
