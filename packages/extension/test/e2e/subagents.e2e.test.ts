// Two real Pi sessions in one process, as pi-subagents runs a foreground child: the parent
// has a (scripted) human, the child has none and shares the parent's environment and agent
// dir. The child's asks reach the parent through the forwarding inbox (seed 003).
import { existsSync, readFileSync } from "node:fs";
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

function reviewLines(agentDir: string): Array<Record<string, unknown>> {
  const file = join(agentDir, "pi-permission", "logs", "review.jsonl");
  if (!existsSync(file)) return [];
  return readFileSync(file, "utf8")
    .split("\n")
    .filter((l) => l !== "")
    .map((l) => JSON.parse(l));
}

interface Family {
  parent: PiRun;
  child: PiRun;
  parentId: string;
  childId: string;
}

/** A parent with a scripted human, then a child in the same process that has none. */
async function family(options: {
  select: (title: string, options: string[]) => string | undefined;
  childCommands: string[];
  globalPolicy: Record<string, unknown>;
  parentProject?: Record<string, unknown>;
  childProject?: Record<string, unknown>;
}): Promise<Family> {
  const parent = await startPi({
    extensions: [PACKAGE, SUBSCRIBER],
    mode: "rpc",
    ui: { select: options.select },
    agentFiles: { "permissions.json": JSON.stringify(options.globalPolicy) },
    files: options.parentProject
      ? { ".pi/permissions.json": JSON.stringify(options.parentProject) }
      : {},
  });
  runs.push(parent);
  // The parent's session file exists from its first message on; its event entries land there.
  await parent.prompt("start");
  const parentId = parent.session.sessionManager.getSessionId();
  // What pi-subagents 0.67.0 does in the root session's process (src/extension/index.ts).
  process.env.PI_SUBAGENT_PARENT_SESSION = parentId;
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
  // pi-subagents names a child session `subagent-<agent>-<run id>-<n>`.
  child.session.setSessionName(AGENT_SESSION_NAME);
  return { parent, child, parentId, childId: child.session.sessionManager.getSessionId() };
}

describe("a subagent's ask reaches the parent's human", () => {
  it("is approved in the parent, runs in the child, under one request id on both sides", async () => {
    const f = await family({
      select: () => "Approve once",
      globalPolicy: { permission: { "*": "allow", bash: { "*": "ask" } } },
      childCommands: ["touch made-by-child"],
    });
    const [result] = await f.child.prompt();
    expect(result?.isError).toBe(false);
    expect(existsSync(join(f.child.cwd, "made-by-child"))).toBe(true);
    // The parent's cwd is never used for the child's call.
    expect(existsSync(join(f.parent.cwd, "made-by-child"))).toBe(false);

    const prompts = f.parent.uiLog.filter((l) => l.startsWith("select:"));
    expect(prompts).toHaveLength(1);
    expect(prompts[0]?.split("\n")[0]).toBe(
      `select:Subagent 'reviewer' (session ${f.childId}) asks:`,
    );
    expect(prompts[0]).toContain("Permission required (forwarded)");

    const [childDecision] = seenEvents(f.child, "permissions:decision");
    const [parentDecision] = seenEvents(f.parent, "permissions:decision");
    const forwarding = { requesterAgentName: "reviewer", requesterSessionId: f.childId };
    expect(childDecision).toMatchObject({
      result: "allow",
      resolution: "parent_approved",
      agentName: "reviewer",
      forwarding,
    });
    expect(parentDecision).toMatchObject({
      result: "allow",
      resolution: "user_approved",
      agentName: "reviewer",
      value: "touch made-by-child",
      forwarding,
    });
    const id = childDecision?.requestId;
    expect(id).toMatch(/^perm-/);
    expect(parentDecision?.requestId).toBe(id);
    expect(seenEvents(f.parent, "permissions:ui_prompt")).toMatchObject([
      { requestId: id, forwarding },
    ]);

    // Both sides' review lines name the same id: the child's say where it was forwarded,
    // the parent's who forwarded it.
    const lines = reviewLines(f.parent.agentDir).filter((l) => l.requestId === id);
    expect(lines.map((l) => [l.event, l.resolution])).toEqual(
      expect.arrayContaining([
        ["permission_request.approved", "parent_approved"],
        ["permission_request.approved", "user_approved"],
      ]),
    );
    expect(lines.find((l) => l.resolution === "parent_approved")?.forwardedTo).toBe(f.parentId);
    expect(lines.find((l) => l.resolution === "user_approved")?.forwarding).toEqual(forwarding);
  });

  it("is refused in the child as the parent's human denied it (parent_denied, never unavailable)", async () => {
    const f = await family({
      select: (_title, options) =>
        options.includes("Deny with a reason") ? "Deny with a reason" : undefined,
      globalPolicy: { permission: { "*": "allow", bash: { "*": "ask" } } },
      childCommands: ["touch nope"],
    });
    const [result] = await f.child.prompt();
    expect(result?.isError).toBe(true);
    expect(existsSync(join(f.child.cwd, "nope"))).toBe(false);
    expect(seenEvents(f.child, "permissions:decision")).toMatchObject([
      { result: "deny", resolution: "parent_denied" },
    ]);
    expect(seenEvents(f.parent, "permissions:decision")).toMatchObject([
      { result: "deny", resolution: "user_denied" },
    ]);
  });

  it("approved for the subagent's session, the child's next matching call is not forwarded", async () => {
    const f = await family({
      select: () => "Approve for this subagent's session",
      globalPolicy: { permission: { "*": "allow", bash: { "*": "ask" } } },
      // "Approve for the session" grants the call exactly as shown (docs/session-grants.md).
      childCommands: ["touch one", "touch one"],
    });
    const results = await f.child.prompt();
    expect(results.map((r) => r.isError)).toEqual([false, false]);
    expect(f.parent.uiLog.filter((l) => l.startsWith("select:"))).toHaveLength(1);
    expect(seenEvents(f.child, "permissions:decision").map((e) => e.resolution)).toEqual([
      "parent_approved_for_session",
      "session_approved",
    ]);
  });
  it("approved for the whole session, another subagent's matching ask is approved silently", async () => {
    const f = await family({
      select: () => "Approve for the whole session",
      globalPolicy: { permission: { "*": "allow", bash: { "*": "ask" } } },
      childCommands: ["touch one"],
    });
    expect((await f.child.prompt()).map((r) => r.isError)).toEqual([false]);
    const second = await startPi({
      extensions: [PACKAGE],
      mode: "print",
      agentDirOverride: f.parent.agentDir,
      turns: [[{ tool: "bash", input: { command: "touch one" } }]],
    });
    runs.push(second);
    expect((await second.prompt()).map((r) => r.isError)).toEqual([false]);
    // One dialog for both subagents; the parent's grant decided the second.
    expect(f.parent.uiLog.filter((l) => l.startsWith("select:"))).toHaveLength(1);
    expect(seenEvents(f.parent, "permissions:decision").map((e) => e.resolution)).toEqual([
      "user_approved_for_session",
      "session_approved",
    ]);
  });
});

describe("the parent's policy answers first", () => {
  it("allows silently what the parent's policy allows", async () => {
    const f = await family({
      select: () => "Deny",
      globalPolicy: { permission: { "*": "allow" } },
      // The child's project file tightens its own policy; the parent's has no such file.
      childProject: { permission: { bash: { "*": "ask" } } },
      childCommands: ["touch quiet"],
    });
    const [result] = await f.child.prompt();
    expect(result?.isError).toBe(false);
    expect(f.parent.uiLog.filter((l) => l.startsWith("select:"))).toEqual([]);
    expect(seenEvents(f.parent, "permissions:decision")).toMatchObject([
      { result: "allow", resolution: "policy_allow" },
    ]);
  });

  it("denies silently what the parent's policy denies, naming the parent's rule", async () => {
    const f = await family({
      select: () => "Approve once",
      globalPolicy: { permission: { "*": "allow" } },
      childProject: { permission: { bash: { "*": "ask" } } },
      parentProject: { permission: { bash: { "touch *": "deny" } } },
      childCommands: ["touch refused"],
    });
    const [result] = await f.child.prompt();
    expect(result?.isError).toBe(true);
    expect(result?.text).toContain("the parent session's policy denies it (rule 'touch *')");
    expect(f.parent.uiLog.filter((l) => l.startsWith("select:"))).toEqual([]);
    expect(seenEvents(f.parent, "permissions:decision")).toMatchObject([
      { result: "deny", resolution: "policy_deny", matchedPattern: "touch *" },
    ]);
  });
});

describe("a subagent with nobody to ask fails closed", () => {
  it("is told the parent is not serving, never that the user denied", async () => {
    const child = await startPi({
      extensions: [PACKAGE],
      mode: "print",
      agentFiles: { "permissions.json": JSON.stringify({ permission: { bash: "ask" } }) },
      turns: [[{ tool: "bash", input: { command: "touch lonely" } }]],
    });
    runs.push(child);
    process.env.PI_SUBAGENT_PARENT_SESSION = "01a232cc-0000-7000-8000-000000000000";
    const [result] = await child.prompt();
    expect(result?.isError).toBe(true);
    expect(result?.text).toContain(
      "the parent session 01a232cc-0000-7000-8000-000000000000 is not serving forwarded asks",
    );
    expect(result?.text).not.toContain("user denied");
  });
});
