import { describe, expect, it } from "vitest";

describe("the test runtime", () => {
  it("is the pinned Node 22, which Pi 1.x requires (>= 22.19)", () => {
    const [major = 0, minor = 0] = process.versions.node.split(".").map(Number);
    expect(major > 22 || (major === 22 && minor >= 19)).toBe(true);
  });
});
