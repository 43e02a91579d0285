import { describe, expect, it } from "vitest";
import { failClosed } from "../src/index.ts";

describe("failClosed", () => {
  it("returns the gate's own result when it succeeds", async () => {
    expect(
      await failClosed(
        () => undefined,
        () => "unused",
      ),
    ).toBeUndefined();
    expect(
      await failClosed(
        async () => ({ block: true, reason: "r" }),
        () => "x",
      ),
    ).toEqual({
      block: true,
      reason: "r",
    });
  });

  it("blocks with the recorded reason when the gate throws", async () => {
    const result = await failClosed(
      () => {
        throw new Error("boom");
      },
      (failure) => `recorded ${(failure.error as Error).message}`,
    );
    expect(result).toEqual({ block: true, reason: "recorded boom" });
  });

  it("still blocks when recording the failure throws too", async () => {
    const result = await failClosed(
      async () => Promise.reject(new Error("boom")),
      () => {
        throw new Error("disk full");
      },
    );
    expect(result).toEqual({
      block: true,
      reason:
        "[pi-permission-system] The permission check failed, so this call was blocked (fail-closed).",
    });
  });
});
