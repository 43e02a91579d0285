import { describe, expect, it } from "vitest";
import { PERMISSION_CHANNELS } from "../src/index.ts";

describe("PERMISSION_CHANNELS", () => {
  it("names the three channels other extensions subscribe to", () => {
    expect(PERMISSION_CHANNELS).toEqual({
      decision: "permissions:decision",
      uiPrompt: "permissions:ui_prompt",
      ready: "permissions:ready",
    });
  });
});
