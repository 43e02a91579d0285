import { describe, expect, it } from "vitest";
import { EXTENSION_TAG } from "../src/index.ts";

describe("EXTENSION_TAG", () => {
  it("attributes agent-facing text to pi-permission-system", () => {
    expect(EXTENSION_TAG).toBe("[pi-permission-system]");
  });
});
