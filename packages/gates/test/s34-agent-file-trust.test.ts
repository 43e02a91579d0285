// S34 agent-file-trust (r33f F2): a subagent launch whose child no pi-permission will judge,
// or whose agent file comes from a project, asks beside the policy's verdict, naming the file
// and why; a deny still refuses; an approval covers the same definitions only. A management
// call of pi-subagents that writes an agent file is judged as a write of that file.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { evaluateToolCall } from "../src/evaluate.ts";
import type { UnguardedLaunch } from "../src/model.ts";
import { analyzerOnce, call, human, policyOf, runnerFor } from "./fixtures.ts";

const launch: UnguardedLaunch = {
  agent: "reviewer",
  definition: "/repo/.pi/agents/reviewer.md sha256:0123456789abcdef",
  why: "the project's .pi/agents/reviewer.md defines reviewer and loads no pi-permission",
};
const input = { agent: "reviewer", task: "review", async: false };

async function evaluate(
  policy: ReturnType<typeof policyOf>,
  facts: Parameters<typeof evaluateToolCall>[1],
) {
  return evaluateToolCall(policy, facts, await analyzerOnce());
}

let cleanup: Array<() => void> = [];
afterEach(() => {
  for (const step of cleanup) step();
  cleanup = [];
});

describe("a subagent launch the parent cannot vouch for", () => {
  const allowAll = policyOf({ "*": "allow" });

  it("asks although the policy allows the tool, naming the agent, the file and why", async () => {
    const verdict = await evaluate(
      allowAll,
      call("subagent", input, { unguardedLaunches: [launch] }),
    );
    expect(verdict.action).toBe("ask");
    const request = verdict.requests.find((r) => r.surface === "subagent_launch");
    expect(request?.value).toBe("reviewer");
    expect(request?.payload.evidence[0]?.text).toContain(".pi/agents/reviewer.md");
    expect(request?.payload.evidence[0]?.text).toContain("loads no pi-permission");
  });

  it("changes nothing when every child is vouched for", async () => {
    expect((await evaluate(allowAll, call("subagent", input))).action).toBe("allow");
    expect(
      (await evaluate(allowAll, call("subagent", input, { unguardedLaunches: [] }))).action,
    ).toBe("allow");
  });

  it("keeps the policy's deny of the tool a deny", async () => {
    const deny = policyOf({ "*": "allow", subagent: "deny" });
    const verdict = await evaluate(deny, call("subagent", input, { unguardedLaunches: [launch] }));
    expect(verdict.action).toBe("deny");
  });

  it("is approved for the same definition only: a changed file asks again", async () => {
    const authority = human(
      { kind: "approved", forSession: true },
      { kind: "denied", reason: null },
    );
    const { runner } = await runnerFor(allowAll, authority);
    const facts = (definition: string) =>
      call("subagent", input, { unguardedLaunches: [{ ...launch, definition }] });
    expect((await runner.run(facts(launch.definition))).action).toBe("allow");
    expect((await runner.run(facts(launch.definition))).action).toBe("allow");
    const changed = "/repo/.pi/agents/reviewer.md sha256:fedcba9876543210";
    expect((await runner.run(facts(changed))).action).toBe("block");
    expect(authority.asked).toHaveLength(2);
  });
});

describe("a subagent management call that writes an agent file", () => {
  const policy = policyOf({
    "*": "allow",
    path: { "*": "allow", "**/.pi/agents/**": "deny", "/home/user/.pi/agent/agents/**": "deny" },
    external_directory: "ask",
  });

  it("is judged as a write of the project agent file it creates", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "s34-create-"));
    cleanup.push(() => rmSync(cwd, { recursive: true, force: true }));
    mkdirSync(join(cwd, ".pi"));
    const create = {
      action: "create",
      config: { name: "Reviewer", description: "x", scope: "project" },
    };
    const verdict = await evaluate(policy, call("subagent", create, { cwd }));
    expect(verdict.action).toBe("deny");
    const asJson = { ...create, config: JSON.stringify(create.config) };
    expect((await evaluate(policy, call("subagent", asJson, { cwd }))).action).toBe("deny");
  });

  it("is judged as a write of the user's agent files it may create", async () => {
    const verdict = await evaluate(
      policy,
      call("subagent", { action: " create", config: { name: "x", description: "y" } }),
    );
    expect(verdict.action).toBe("deny");
  });

  it.each(["update", "delete", "eject", "disable", "enable", "reset", "refine"])(
    "asks for %s, whose file only pi-subagents' discovery knows",
    async (action) => {
      // A file that may be any asks where a rule does not allow every file.
      const verdict = await evaluate(
        policyOf({ "*": "allow", path: { "*": "allow", "**/.env": "deny" } }),
        call("subagent", { action, agent: "reviewer", config: { model: "x" } }),
      );
      expect(verdict.action).toBe("ask");
    },
  );

  it("leaves a read-only management call as it was", async () => {
    const verdict = await evaluate(
      policyOf({ "*": "allow" }),
      call("subagent", { action: "list" }),
    );
    expect(verdict.action).toBe("allow");
  });
});
