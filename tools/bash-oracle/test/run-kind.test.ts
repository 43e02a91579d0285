import { describe, expect, it } from "vitest";
import { runKind } from "../src/fuzz.ts";

describe("what one oracle run can tell", () => {
  it("counts a run the time limit ended before bash started as unobserved, not as a harness error", () => {
    expect(runKind({ started: false, timedOut: true })).toBe("unobserved");
  });

  it("keeps a run that ended in time without bash starting (a harness error) and every started run", () => {
    expect(runKind({ started: false, timedOut: false })).toBe("ran");
    expect(runKind({ started: true, timedOut: true })).toBe("ran");
    expect(runKind({ started: true, timedOut: false })).toBe("ran");
  });
});
