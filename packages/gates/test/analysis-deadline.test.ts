// The `analysisDeadlineMs` setting reaches the bash analysis: a call whose analysis outlives
// the budget is asked about, never allowed; a project file cannot lengthen it untrusted.

import { projectLoosening } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, policyOf } from "./fixtures.ts";

const ALLOW_ALL = { "*": "allow", bash: "allow", external_directory: "allow" } as const;
const COMMAND = Array.from({ length: 300 }, (_, i) => `echo ${i} > /dev/null`).join("; ");

describe("analysisDeadlineMs", () => {
  it("is what the analysis may spend: past it the call asks with the timeout sentinel", async () => {
    const analyzer = await analyzerOnce();
    const roomy = evaluateToolCall(
      { ...policyOf(ALLOW_ALL), settings: { analysisDeadlineMs: 500 } },
      bash(COMMAND),
      analyzer,
    );
    expect(roomy.action).toBe("allow");
    const tight = evaluateToolCall(
      { ...policyOf(ALLOW_ALL), settings: { analysisDeadlineMs: 1 } },
      bash(COMMAND),
      analyzer,
    );
    expect(tight.action).toBe("ask");
    expect(tight.deciding?.payload.request.matchedPattern).toBe("<analysis-timeout>");
  });

  it("lengthened by a project file is a loosening that needs trust; shortened it is not", () => {
    expect(projectLoosening([], [], { analysisDeadlineMs: 400 })).toEqual([
      { jsonPath: "analysisDeadlineMs", what: "longer analysis budget" },
    ]);
    expect(projectLoosening([], [], { analysisDeadlineMs: 10 })).toEqual([]);
  });
});
