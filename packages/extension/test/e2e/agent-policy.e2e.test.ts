// Per-agent policy with two real Pi sessions in one process, as pi-subagents runs a
// foreground child: the child's calls meet its agent's section of the policy, and the parent
// judges a forwarded ask with the same section (docs/configuration.md, "Agent sections").
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type PiRun, seenEvents, startPi } from "./harness.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const SUBSCRIBER = join(import.meta.dirname, "fixtures", "subscriber-ext.ts");
const AGENT_SESSION_NAME = "subagent-reviewer-23329630-d581-45d4-a1a9-998761e16689-1";

let runs: PiRun[] = [];
const previousParent = process.env.PI_SUBAGENT_PARENT_SESSION;
afterEach(() => {
  for (const r of runs.reverse()) r.dispose();
  runs = [];
  if (previousParent === undefined) delete process.env.PI_SUBAGENT_PARENT_SESSION;
  else process.env.PI_SUBAGENT_PARENT_SESSION = previousParent;
});

async function family(options: {
  globalPolicy: Record<string, unknown>;
  childProject?: Record<string, unknown>;
  childCommands: string[];
  parentCommands?: string[];
}) {
  const parent = await startPi({
    extensions: [PACKAGE, SUBSCRIBER],
    mode: "rpc",
    ui: { select: () => "Approve once" },
    agentFiles: { "permissions.json": JSON.stringify(options.globalPolicy) },
    turns: (options.parentCommands ?? []).map((command) => [{ tool: "bash", input: { command } }]),
  });
  runs.push(parent);
  const parentResults = await parent.prompt("start");
  process.env.PI_SUBAGENT_PARENT_SESSION = parent.session.sessionManager.getSessionId();
  const child = await startPi({
    extensions: [PACKAGE, SUBSCRIBER],
    mode: "print",
    agentDirOverride: parent.agentDir,
    files: options.childProject
      ? { ".pi/permissions.json": JSON.stringify(options.childProject) }
      : {},
    turns: options.childCommands.map((command) => [{ tool: "bash", input: { command } }]),
  });
  runs.push(child);
  child.session.setSessionName(AGENT_SESSION_NAME);
  return { parent, child, parentResults };
}

const SECTION = {
  permission: { "*": "allow", bash: { "*": "ask" } },
  agents: {
    reviewer: { permission: { bash: { "touch *": "allow", "rm *": "deny" } } },
  },
};

describe("an agent section", () => {
  it("decides the subagent's calls in the child, without asking the parent", async () => {
    const f = await family({
      globalPolicy: SECTION,
      childCommands: ["touch by-section", "rm -f by-section"],
      // The parent is no subagent: the same commands meet the session's rules and ask it.
      parentCommands: ["touch parent-file"],
    });
    const results = await f.child.prompt();
    expect(results.map((r) => r.isError)).toEqual([false, true]);
    expect(existsSync(join(f.child.cwd, "by-section"))).toBe(true);
    expect(
      seenEvents(f.child, "permissions:decision").map((e) => [
        e.result,
        e.agentName,
        e.matchedPattern,
        e.origin,
      ]),
    ).toEqual([
      ["allow", "reviewer", "touch *", "global"],
      ["deny", "reviewer", "rm *", "global"],
    ]);
    // Only the parent's own call asked its human; the child forwarded nothing.
    expect(f.parent.uiLog.filter((l) => l.startsWith("select:"))).toHaveLength(1);
    expect(f.parentResults.map((r) => r.isError)).toEqual([false]);
  });

  it("is applied by the parent to an ask the subagent forwarded", async () => {
    const f = await family({
      globalPolicy: SECTION,
      // The child's project file asks about touch; the parent has no such file.
      childProject: { permission: { bash: { "touch *": "ask" } } },
      childCommands: ["touch forwarded"],
    });
    const [result] = await f.child.prompt();
    expect(result?.isError).toBe(false);
    expect(existsSync(join(f.child.cwd, "forwarded"))).toBe(true);
    // The parent's policy for `reviewer` allows it: answered silently, no prompt.
    expect(f.parent.uiLog.filter((l) => l.startsWith("select:"))).toEqual([]);
    const [childDecision] = seenEvents(f.child, "permissions:decision");
    const [parentDecision] = seenEvents(f.parent, "permissions:decision");
    expect(childDecision).toMatchObject({ result: "allow", resolution: "parent_approved" });
    expect(parentDecision).toMatchObject({
      result: "allow",
      agentName: "reviewer",
      matchedPattern: "touch *",
      requestId: childDecision?.requestId,
    });
  });

  it("withholds from the subagent a tool its section denies outright, not from the parent", async () => {
    const f = await family({
      globalPolicy: {
        permission: { "*": "allow" },
        agents: { reviewer: { permission: { edit: "deny" } } },
      },
      childCommands: ["true"],
    });
    await f.child.prompt();
    // The tool list the model was given is the system prompt's tools section.
    const offered = (run: typeof f.child) => {
      const system = (run.requests[0] as { messages: Array<{ sections?: { tools?: string } }> })
        .messages[0];
      return [...(system?.sections?.tools ?? "").matchAll(/^- (\w+):/gm)].map((m) => m[1]);
    };
    expect(offered(f.parent)).toContain("edit");
    expect(offered(f.child)).not.toContain("edit");
    expect(offered(f.child)).toContain("bash");
  });
});
