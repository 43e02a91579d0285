// Loading the package must not load typebox's checker: a Pi session loads this package with
// the extension, and the checker's module tree was a large part of that load. The first
// guard call loads it.
import { expect, it, vi } from "vitest";

const loaded = { checker: false };
vi.mock("typebox/value", async (importOriginal) => {
  loaded.checker = true;
  return importOriginal();
});

it("loads typebox's checker on the first guard call, not with the package", async () => {
  const payload = await import("../src/index.ts");
  expect(loaded.checker).toBe(false);
  expect(payload.PERMISSION_CHANNELS.decision).toBeTypeOf("string");
  expect(payload.isPermissionsReadyEvent({ sessionId: "s", adjudicatesLocally: true })).toBe(true);
  expect(payload.isPermissionsReadyEvent({ sessionId: 1 })).toBe(false);
});
