// S33 F-trust (attacker r33c F4): the examples' budget counted only this thread's CPU time, so
// the work an example causes outside the thread was free. A `grep` example lists its folder
// with ripgrep (a child process the thread waits for, up to a second each): 20 such examples
// at `/` kept `validate` busy for 25 s without touching the 5 s budget, and a file may hold
// 1000. The budget now holds on the wall clock too. The listing here is a stand-in ripgrep
// (Pi's tools folder is looked in first) that takes 300 ms and lists nothing, so the test
// counts the examples judged instead of timing anything.
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parsePolicyText } from "@pi-permission/policy";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { checkPolicyExamples } from "../src/index.ts";
import { analyzerOnce } from "./fixtures.ts";

let root: string;
let agentDirBefore: string | undefined;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "pp-s33-examples-"));
  mkdirSync(join(root, "agent", "bin"), { recursive: true });
  mkdirSync(join(root, "project"));
  const rg = join(root, "agent", "bin", "rg");
  writeFileSync(rg, "#!/bin/sh\nsleep 0.3\nexit 1\n");
  chmodSync(rg, 0o755);
  agentDirBefore = process.env.PI_CODING_AGENT_DIR;
  process.env.PI_CODING_AGENT_DIR = join(root, "agent");
});

afterEach(() => {
  if (agentDirBefore === undefined) delete process.env.PI_CODING_AGENT_DIR;
  else process.env.PI_CODING_AGENT_DIR = agentDirBefore;
  rmSync(root, { recursive: true, force: true });
});

/** A file of `count` grep examples, each of which lists its folder (a refusing rule may name a file there). */
function grepExamples(count: number) {
  const examples = Array.from({ length: count }, () => ({
    tool: "grep",
    input: { pattern: "zzzq" },
    expect: "allow",
    cwd: join(root, "project"),
    home: join(root, "home"),
  }));
  return parsePolicyText(
    JSON.stringify({ permission: { "*": "allow", path: { "**/zz_no_such": "deny" } }, examples }),
    { scope: "global", file: "/p.json" },
  );
}

describe("S33 F-trust: the examples' budget counts the waits on what they start", () => {
  it("stops judging once the listings ran past the wall-clock budget, and reports the rest", async () => {
    const analyzer = await analyzerOnce();
    // Each listing takes at least 300 ms of wall time and almost no CPU of this thread: past
    // 600 ms at most three examples can have been judged, whatever the machine's speed.
    const result = checkPolicyExamples(grepExamples(20), analyzer, { wallMs: 600 });
    const judged = result.outcomes.length;
    expect(judged).toBeGreaterThan(0);
    expect(judged).toBeLessThanOrEqual(3);
    expect(result.outcomes.every((o) => o.holds)).toBe(true);
    expect(result.issues).toHaveLength(1);
    expect(result.issues[0]?.jsonPath).toBe(`examples[${judged}]`);
    expect(result.issues[0]?.message).toBe(
      `this example and the ${20 - judged - 1} after it were not judged: the examples ran past their total budget of 600 ms of wall-clock time`,
    );
  }, 20_000);

  it("a file within the budget is judged whole", async () => {
    const result = checkPolicyExamples(grepExamples(2), await analyzerOnce(), { wallMs: 60_000 });
    expect(result.outcomes.map((o) => o.holds)).toEqual([true, true]);
    expect(result.issues).toEqual([]);
  }, 20_000);
});
