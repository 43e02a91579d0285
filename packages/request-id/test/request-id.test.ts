import { describe, expect, it } from "vitest";
import { createPermissionRequestId } from "../src/index.ts";

describe("createPermissionRequestId", () => {
  it("mints perm- followed by a version-4 uuid", () => {
    expect(createPermissionRequestId()).toMatch(
      /^perm-[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });

  it("never repeats an id over many mints", () => {
    const ids = new Set(Array.from({ length: 10_000 }, createPermissionRequestId));
    expect(ids.size).toBe(10_000);
  });
});
