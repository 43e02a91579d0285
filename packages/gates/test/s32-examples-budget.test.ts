// S32 F11 (attacker r32c): a file's `examples` share one budget. Each example had its own
// analysis deadline and work budget, so 200 crafted examples took 9 s of CPU in `validate`, and
// the 4 MiB file cap allows twelve times that. Past the budget the rest are reported as not
// judged (an error: validate cannot say they hold), never run.
import { parsePolicyText } from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { checkPolicyExamples } from "../src/index.ts";
import { analyzerOnce } from "./fixtures.ts";

function scopeWith(count: number) {
  const examples = Array.from({ length: count }, (_, i) => ({
    tool: "bash",
    input: { command: `git status ${i}` },
    expect: "allow",
  }));
  return parsePolicyText(JSON.stringify({ permission: { bash: { "git *": "allow" } }, examples }), {
    scope: "global",
    file: "/p.json",
  });
}

describe("S32 F11: the examples of one file have one budget", () => {
  it("past the CPU budget the rest are not judged, and that is reported", async () => {
    const result = checkPolicyExamples(scopeWith(5), await analyzerOnce(), { cpuMs: -1 });
    expect(result.outcomes).toEqual([]);
    expect(result.issues.map((i) => [i.code, i.jsonPath])).toEqual([
      ["exampleFails", "examples[0]"],
    ]);
    expect(result.issues[0]?.message).toMatch(/not judged: the examples ran past/);
  });

  it("past the count cap the rest are not judged", async () => {
    const result = checkPolicyExamples(scopeWith(5), await analyzerOnce(), { max: 3 });
    expect(result.outcomes.map((o) => o.holds)).toEqual([true, true, true]);
    expect(result.issues.map((i) => [i.code, i.jsonPath])).toEqual([
      ["exampleFails", "examples[3]"],
    ]);
  });

  it("within the default budget every example is judged", async () => {
    const result = checkPolicyExamples(scopeWith(20), await analyzerOnce());
    expect(result.outcomes).toHaveLength(20);
    expect(result.issues).toEqual([]);
  });
});
