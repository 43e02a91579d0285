// The review log hides secrets inside a bash command by reading the command's analysis
// (src/command-secrets.ts). The bash gate has just analysed the same command; asked with the
// gate's options (declared programs, deadline), the analyzer's memo answers with the gate's
// own analysis instead of the command being analysed a second time after every verdict.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { BashAnalysis } from "@pi-permission/bash";
import { afterEach, expect, it } from "vitest";
import { SessionState, sharedAnalyzer } from "../src/session-state.ts";

let root: string | undefined;
afterEach(() => {
  if (root) rmSync(root, { recursive: true, force: true });
  root = undefined;
});

it("hides a command's secrets with the analysis the bash gate made, not a second one", async () => {
  root = mkdtempSync(join(tmpdir(), "pi-permission-review-analysis-"));
  const agentDir = join(root, "agent");
  const cwd = join(root, "repo");
  mkdirSync(agentDir, { recursive: true });
  mkdirSync(cwd, { recursive: true });
  writeFileSync(
    join(agentDir, "permissions.json"),
    JSON.stringify({ permission: { "*": "allow", bash: { "rm *": "deny" } } }),
  );
  const analyzer = await sharedAnalyzer();
  const analyze = analyzer.analyze;
  const answers: BashAnalysis[] = [];
  analyzer.analyze = (command, options) => {
    const analysis = analyze(command, options);
    answers.push(analysis);
    return analysis;
  };
  try {
    const state = new SessionState(
      { cwd, home: root, agentDir, env: { PI_PERMISSION_MANAGED_POLICY: join(root, "none.json") } },
      () => {},
    );
    const runner = state.createRunner(
      analyzer,
      () => {
        throw new Error("a denied call asks nobody");
      },
      {
        review: (event, details) => state.logs.review(event, details),
        decision: () => {},
        uiPrompt: () => {},
      },
    );
    // A command never analysed before in this process, so the gate's analysis is the first.
    const command = `API_TOKEN=s3cr3t-${Date.now()} rm -rf build`;
    const outcome = await runner.run({
      toolName: "bash",
      toolCallId: "call_1",
      input: { command },
      cwd,
      home: root,
      agentName: null,
      sessionId: "session",
    });
    expect(outcome.action).toBe("block");
    const byGate = answers.length;
    expect(byGate).toBeGreaterThan(0);
    state.logs.flush();
    // The log's lines asked too, and got the very analysis the gate got.
    expect(answers.length).toBeGreaterThan(byGate);
    for (const answer of answers) expect(answer).toBe(answers[0]);
    const log = join(agentDir, "pi-permission", "logs", "review.jsonl");
    const { readFileSync } = await import("node:fs");
    const text = readFileSync(log, "utf8");
    expect(text).toContain("API_TOKEN=");
    expect(text).not.toContain("s3cr3t");
  } finally {
    analyzer.analyze = analyze;
  }
});
