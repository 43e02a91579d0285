// Loading the package must not load typebox (some 370 modules): a Pi session loads this
// package with the extension, and typebox was most of that load. The first guard call
// loads it and builds the schemas.
import { expect, it, vi } from "vitest";

const loaded = { typebox: false, checker: false };
vi.mock("typebox", async (importOriginal) => {
  loaded.typebox = true;
  return importOriginal();
});
vi.mock("typebox/value", async (importOriginal) => {
  loaded.checker = true;
  return importOriginal();
});

it("loads typebox and builds the schemas on the first guard call, not with the package", async () => {
  const payload = await import("../src/index.ts");
  expect(loaded).toEqual({ typebox: false, checker: false });
  expect(payload.PERMISSION_CHANNELS.decision).toBeTypeOf("string");
  expect(payload.isPermissionsReadyEvent({ sessionId: "s", adjudicatesLocally: true })).toBe(true);
  expect(payload.isPermissionsReadyEvent({ sessionId: 1 })).toBe(false);
});
