// Judging a call runs under a work budget (`withWorkBudget` in the policy package): an input
// made to slow the gates down is asked about with `<analysis-timeout>`, never allowed, and
// never freezes the agent. Timing is not asserted; each input below made a gate work for
// seconds to minutes before the budget existed.

import { describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import { analyzerOnce, bash, call, policyOf } from "./fixtures.ts";

const CAUTIOUS = {
  "*": "ask",
  bash: { "*": "ask", "echo *": "allow", "cat *": "allow" },
  path: { "**/.env": "deny", "**/.ssh/**": "deny" },
  external_directory: "ask",
} as const;

describe("the work budget of one call", () => {
  it("asks with the timeout sentinel when a glob of thousands of levels meets the path rules", async () => {
    // An echo of a glob is judged as the folder listings bash makes, one per level, each met
    // against every refusing path rule: quadratic in the glob's depth.
    const verdict = evaluateToolCall(
      policyOf(CAUTIOUS),
      bash(`echo ${"*/".repeat(5000)}x`),
      await analyzerOnce(),
    );
    expect(verdict.action).toBe("ask");
    expect(verdict.deciding?.payload.request.matchedPattern).toBe("<analysis-timeout>");
  });

  it("still denies what the call certainly touches when the rest runs out of budget", async () => {
    // The 20,000-character glob is what outlasts the budget; `.env` is read whatever it matches.
    const verdict = evaluateToolCall(
      policyOf(CAUTIOUS),
      bash(`cat ${"?".repeat(20_000)} .env`),
      await analyzerOnce(),
    );
    expect(verdict.action).toBe("deny");
    expect(verdict.deciding?.payload.request.matchedPattern).toBe("**/.env");
  });

  it("keeps that deny when the budget ran out before the call was read whole", async () => {
    // Reading hundreds of absolute globs on disk (for links among their matches) spends the
    // budget before the judging starts; `.env` is still read whatever they match.
    const globs = Array.from({ length: 2000 }, (_, i) => `/usr/*/*/*${i}`).join(" ");
    const analyzer = await analyzerOnce();
    // The analysis of this 30 KB command takes a few hundred milliseconds of a cold engine,
    // near its wall-clock stop on a loaded machine (where it would rightly ask with the
    // timeout sentinel): it is read once beforehand, so the judging below meets the gates'
    // own budget, which counts work, not time. The analyzer keeps a finished analysis only.
    for (let tries = 0; tries < 3; tries++) {
      const read = analyzer.analyze(`cat ${globs} .env`, { cwd: "/repo", home: "/home/user" });
      if (read.status !== "partial") break;
    }
    const verdict = evaluateToolCall(policyOf(CAUTIOUS), bash(`cat ${globs} .env`), analyzer);
    expect(verdict.action).toBe("deny");
    expect(verdict.deciding?.payload.request.matchedPattern).toBe("**/.env");
  });

  it("judges an ordinary glob as before", async () => {
    const verdict = evaluateToolCall(policyOf(CAUTIOUS), bash("echo */*/x"), await analyzerOnce());
    expect(verdict.action).toBe("allow");
  });

  it("answers for a tool call carrying tens of thousands of paths, and does not allow it", async () => {
    const paths = Array.from({ length: 60_000 }, (_, i) => `/etc/conf-${i}`);
    const verdict = evaluateToolCall(
      policyOf({ "*": "allow", external_directory: "ask" }),
      call("mcp__fs__read_many", { paths }),
      await analyzerOnce(),
    );
    expect(verdict.action).toBe("ask");
  });
});
