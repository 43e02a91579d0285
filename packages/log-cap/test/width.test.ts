import { describe, expect, it } from "vitest";
import { DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH, resolveReviewLogFieldWidth } from "../src/index.ts";

describe("resolveReviewLogFieldWidth", () => {
  it("falls back to 1000 when the policy is silent", () => {
    expect(DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH).toBe(1000);
    expect(resolveReviewLogFieldWidth({})).toBe(1000);
  });

  it("uses the configured width", () => {
    expect(resolveReviewLogFieldWidth({ reviewLogFieldMaxWidth: 200 })).toBe(200);
  });
});
