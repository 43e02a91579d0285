// A call naming tens of thousands of paths spends the judging's budget while its arguments are
// read and looked up on disk, where the work is done: it is asked about once the budget is
// spent (attack round 12 measured four to six seconds before the budget noticed). How long that
// takes is measured in the benchmarks, not here: the budget's sentinel is what these pin.

import { SENTINELS } from "@pi-permission/bash";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, call, policyOf } from "./fixtures.ts";

const PERMISSIVE = { "*": "allow", external_directory: "ask" } as const;

describe("the paths of a foreign tool's call under the work budget", () => {
  it("asks about 90,000 climbing paths once the budget is spent", async () => {
    const paths = Array.from({ length: 90_000 }, (_, i) => `src/a${i}/../../b${i}`);
    const analyzer = await analyzerOnce();
    const result = evaluateToolCall(policyOf(PERMISSIVE), call("mcp__x__y", { paths }), analyzer);
    expect(result.action).toBe("ask");
    expect(result.deciding?.decidingItem?.sentinel).toBe(SENTINELS.analysisTimeout);
  });

  it("reads long keys by their tail: 2,000 keys of 5,000 characters are judged", async () => {
    const input = Object.fromEntries(
      Array.from({ length: 2000 }, (_, i) => [`k${i}${"aA".repeat(2500)}`, "x"]),
    );
    const analyzer = await analyzerOnce();
    const result = evaluateToolCall(policyOf(PERMISSIVE), call("mcp__x__y", input), analyzer);
    expect(result.action).toBe("allow");
  });
});
