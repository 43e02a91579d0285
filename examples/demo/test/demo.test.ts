import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { DEMO_CALLS, runDemo } from "../demo.mjs";

const DEMO = join(import.meta.dirname, "..", "demo.mjs");

/** Each call's verdict line, in order. */
const VERDICTS = [
  'verdict  ALLOWED by policy (bash rule "git *")',
  'verdict  DENIED by policy (bash rule "rm *")',
  'verdict  DENIED by policy (bash rule "rm *")',
  'verdict  DENIED by policy (path rule "**/.env")',
  'verdict  ASKED; the human approved it once (external_directory rule "*")',
  'verdict  DENIED by policy (bash rule "rm *")',
];

const RM_DENIAL =
  "[pi-permission-system] Denied by policy: 'bash' (rule 'rm *'). Reason: deleting files is left to the human; say which files should go.";

describe("npm run demo", () => {
  it("runs as a child process, prints every call's verdict in order, and removes its workspace", () => {
    const child = spawnSync(process.execPath, [DEMO], {
      encoding: "utf8",
      env: { ...process.env, PI_CODING_AGENT_DIR: "/nonexistent/agent-dir-of-the-user" },
    });
    expect(child.stderr).toBe("");
    expect(child.status).toBe(0);
    const lines = child.stdout.split("\n");
    expect(lines.filter((l) => l.startsWith("verdict  "))).toEqual(VERDICTS);
    expect(lines.filter((l) => l.startsWith("call     "))).toEqual([
      'call     bash {"command":"git status"}',
      'call     bash {"command":"rm -rf build"}',
      'call     bash {"command":"git status && rm -rf build"}',
      'call     read {"path":".env"}',
      'call     write {"path":"../shared/notes.md","content":"release notes draft\\n"}',
      'call     bash {"command":"sudo rm -rf /var/cache/app"}',
    ]);
    expect(lines).toContain(`           ${RM_DENIAL}`);
    expect(lines).toContain(
      "           [pi-permission-system] Denied by policy: 'path' for tool 'read' for path '$DEMO/project/.env' (rule '**/.env'). Reason: secrets stay out of the agent's context.",
    );
    expect(lines).toContain("           Successfully wrote to ../shared/notes.md");
    expect(lines).toContain('         and answered "Approve once"');
    // The sudo call's outside-path ask is refused unasked, because the rm inside is denied.
    expect(lines).toContain(
      'review   preempted #11  toolName=bash surface=external_directory matchedPattern=* value="sudo rm -rf /var/cache/app" origin=global:permission.external_directory externalPaths=["/var/cache/app","/var/cache/app/**"] resolution=policy_deny preemptedBy=#12',
    );
    expect(lines).toContain("build/ still there:        yes");
    expect(lines).toContain("$DEMO/shared/notes.md:     written (approved)");
    const root = /^ {2}workspace {2}(\S+)/m.exec(child.stdout)?.[1] ?? "";
    expect(root).toMatch(/pi-permission-demo-/);
    expect(lines).toContain(
      `cleanup:                   removed ${root}; PI_CODING_AGENT_DIR restored`,
    );
    expect(existsSync(root)).toBe(false);
  }, 60_000);

  it("records each call's verdict, agent text, review lines and events, and restores PI_CODING_AGENT_DIR", async () => {
    const before = process.env.PI_CODING_AGENT_DIR;
    process.env.PI_CODING_AGENT_DIR = "/somewhere/else";
    const transcript: string[] = [];
    try {
      const { root, calls } = await runDemo({ out: (line) => transcript.push(line) });
      expect(process.env.PI_CODING_AGENT_DIR).toBe("/somewhere/else");
      expect(existsSync(root)).toBe(false);
      // Past two forwarding heartbeats (500 ms apart): a session left serving would log its
      // failing beat into the removed folder and so make it again.
      await new Promise((resolve) => setTimeout(resolve, 1_200));
      expect(existsSync(root)).toBe(false);
      expect(calls).toHaveLength(DEMO_CALLS.length);
      expect(calls.map((c) => `verdict  ${c.verdict}`)).toEqual(VERDICTS);
      expect(calls.map((c) => c.isError)).toEqual([false, true, true, true, false, true]);
      expect(calls[1]?.text).toBe(RM_DENIAL);
      expect(calls[2]?.text).toBe(RM_DENIAL);
      expect(calls[5]?.text).toBe(RM_DENIAL);
      // What each call left in the review log and on the bus.
      // A line without a resolution leaves the field out (the log writes no null fact).
      expect(
        calls.map((c) => c.reviewLines.map((l) => `${l.event} ${l.resolution ?? "(none)"}`)),
      ).toEqual([
        [],
        // rm -r also removes whatever lies below build/: a .env there would meet the path
        // rule's deny, a request the bash deny preempts.
        ["permission_request.preempted policy_deny", "permission_request.blocked policy_deny"],
        ["permission_request.preempted policy_deny", "permission_request.blocked policy_deny"],
        ["permission_request.blocked policy_deny"],
        ["permission_request.waiting (none)", "permission_request.approved user_approved"],
        [
          "permission_request.preempted policy_deny",
          "permission_request.preempted policy_deny",
          "permission_request.blocked policy_deny",
        ],
      ]);
      expect(
        calls.map((c) =>
          c.events.map((e) =>
            e.channel === "permissions:decision"
              ? `${e.event.surface} ${e.event.result} ${e.event.resolution}`
              : `${e.event.request.surface} prompt`,
          ),
        ),
      ).toEqual([
        ["bash allow policy_allow"],
        ["path deny policy_deny", "bash deny policy_deny"],
        ["path deny policy_deny", "bash deny policy_deny"],
        // The read the policy allows is refused with the call: no allow is published.
        ["path deny policy_deny", "read deny policy_deny"],
        [
          "external_directory prompt",
          "external_directory allow user_approved",
          "write allow policy_allow",
        ],
        ["path deny policy_deny", "external_directory deny policy_deny", "bash deny policy_deny"],
      ]);
      // One id per request: the review lines and the decision event of a request share it.
      for (const call of calls) {
        const decided = new Set(
          call.events
            .filter((e) => e.channel === "permissions:decision")
            .map((e) => e.event.requestId),
        );
        for (const line of call.reviewLines) expect(decided.has(line.requestId)).toBe(true);
      }
      expect(calls[4]?.asked).toHaveLength(1);
      expect(transcript.at(-1)).toBe(
        `cleanup:                   removed ${root}; PI_CODING_AGENT_DIR restored`,
      );
    } finally {
      if (before === undefined) delete process.env.PI_CODING_AGENT_DIR;
      else process.env.PI_CODING_AGENT_DIR = before;
    }
  }, 60_000);
});
