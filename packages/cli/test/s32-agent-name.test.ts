// S32 F14 (agent-name): `check --agent Reviewer` skipped the `reviewer` section (deny ->
// allow): a subagent's name is spelled by a tag any project context file can write, and the
// section lookup was by that exact spelling. Sections are found by the name folded as
// pi-subagents folds it in the child's session name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT } from "../src/index.ts";
import { PLACE, policyDir, run } from "./helpers.ts";

// The finding's global file, verbatim.
const POLICY = JSON.stringify({
  permission: { "*": "ask", edit: "allow", write: "allow", bash: { "*": "ask", "rm *": "allow" } },
  agents: {
    reviewer: { permission: { edit: "deny", write: "deny", bash: { "rm *": "deny" } } },
  },
});

let files: ReturnType<typeof policyDir>;
let config: string;
beforeAll(() => {
  files = policyDir();
  config = files.write("agents.json", POLICY);
});
afterAll(() => files.remove());

async function check(agent: string, tool: string, input: object) {
  const result = await run([
    "check",
    "--config",
    config,
    ...PLACE,
    "--tool",
    tool,
    "--input",
    JSON.stringify(input),
    "--agent",
    agent,
  ]);
  const record = JSON.parse(result.out) as { decision: string; origin: { jsonPath: string } };
  return [result.code, record.decision, record.origin.jsonPath, result.err];
}

describe("S32 F14: check --agent finds the section of every spelling of the agent", () => {
  it.each(["reviewer", "Reviewer", "REVIEWER", "reviewer!"])("as %s", async (agent) => {
    expect(await check(agent, "bash", { command: "rm -rf src" })).toEqual([
      EXIT.deny,
      "deny",
      'agents.reviewer.permission.bash["rm *"]',
      "",
    ]);
    expect(await check(agent, "write", { path: "a.txt", content: "x" })).toEqual([
      EXIT.deny,
      "deny",
      "agents.reviewer.permission.write",
      "",
    ]);
  });
});
