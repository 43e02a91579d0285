import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  isPermissionDecisionEvent,
  type PermissionDecisionEvent,
  type PermissionUiPromptEvent,
} from "@pi-permission/payload";
import { afterEach, describe, expect, it } from "vitest";
import { type PiRun, startPi } from "../../../packages/extension/test/e2e/harness.ts";
import {
  createDecisionLogger,
  formatDecision,
  formatUiPrompt,
  LOG_FILE_ENV,
  logFile,
} from "../index.ts";

// The built pi-permission package, loaded through its `pi` manifest; this example folder,
// loaded the same way (its manifest points at index.ts, which Pi loads through jiti).
const PI_PERMISSION = join(import.meta.dirname, "..", "..", "..", "packages", "extension");
const LOGGER = join(import.meta.dirname, "..");
// Records every event it receives as a session entry, so a test can read the request ids.
const SUBSCRIBER = join(PI_PERMISSION, "test", "e2e", "fixtures", "subscriber-ext.ts");
const FORGER = join(import.meta.dirname, "fixtures", "forger-ext.ts");

const TIME = new Date("2026-11-30T12:00:00.000Z");

const decision = (fields: Partial<PermissionDecisionEvent> = {}): PermissionDecisionEvent =>
  ({
    requestId: "perm-1",
    surface: "bash",
    value: "rm -rf build",
    result: "deny",
    resolution: "policy_deny",
    origin: "global",
    agentName: null,
    matchedPattern: "rm *",
    forwarding: null,
    ...fields,
  }) as PermissionDecisionEvent;

describe("formatDecision", () => {
  it("names the request that preempted a request of a refused call", () => {
    const event = decision({
      requestId: "perm-2",
      surface: "read",
      value: "/repo/.env",
      matchedPattern: "*",
      preemptedBy: "perm-1",
      call: { result: "deny", decidingRequestId: "perm-1" },
    });
    expect(formatDecision(event, TIME)).toBe(
      "time=2026-11-30T12:00:00.000Z event=decision result=deny resolution=policy_deny surface=read value=/repo/.env pattern=* origin=global preempted_by=perm-1 request=perm-2",
    );
  });

  it("writes one logfmt line, quoting values with spaces", () => {
    expect(formatDecision(decision(), TIME)).toBe(
      'time=2026-11-30T12:00:00.000Z event=decision result=deny resolution=policy_deny surface=bash value="rm -rf build" pattern="rm *" origin=global request=perm-1',
    );
  });

  it("writes a missing pattern and origin as -, and names the agent and the forwarding session", () => {
    const event = decision({
      result: "allow",
      resolution: "parent_approved",
      value: "ls",
      matchedPattern: null,
      origin: null,
      agentName: "reviewer",
      forwarding: { requesterAgentName: "reviewer", requesterSessionId: "sess-7" },
    });
    expect(formatDecision(event, TIME)).toBe(
      "time=2026-11-30T12:00:00.000Z event=decision result=allow resolution=parent_approved surface=bash value=ls pattern=- origin=- agent=reviewer forwarded_from=sess-7 request=perm-1",
    );
  });

  it("keeps a multi-line command on one line and caps it at 200 characters", () => {
    const value = `cat <<'EOF' > gen.py\n${"x".repeat(300)}\nEOF`;
    const line = formatDecision(decision({ value }), TIME);
    expect(line.split("\n")).toHaveLength(1);
    const shown = JSON.parse(/ value=("(?:[^"\\]|\\.)*")/.exec(line)?.[1] ?? '""');
    expect(shown).toBe(`cat <<'EOF' > gen.py\n${"x".repeat(178)}…`);
    expect(shown).toHaveLength(200);
  });
});

describe("formatUiPrompt", () => {
  it("names the surface, the tool, the value and the rule of the ask", () => {
    const event: PermissionUiPromptEvent = {
      requestId: "perm-2",
      source: "tool_call",
      kind: "external_directory",
      request: {
        requester: { agentName: null, forwarded: false, sessionId: "s" },
        surface: "external_directory",
        toolName: "write",
        invokedToolName: null,
        value: "/tmp/out/notes.md",
        matchedPattern: "*",
        commandContext: null,
        executedUnit: null,
      },
      forwarding: null,
    };
    expect(formatUiPrompt(event, TIME)).toBe(
      "time=2026-11-30T12:00:00.000Z event=prompt surface=external_directory tool=write value=/tmp/out/notes.md pattern=* request=perm-2",
    );
  });
});

describe("logFile", () => {
  it("is the file the environment names", () => {
    expect(logFile({ [LOG_FILE_ENV]: "/var/log/pi/decisions.log" }, () => "/agent")).toBe(
      "/var/log/pi/decisions.log",
    );
  });

  it("defaults to decision-logger/decisions.log under the agent dir", () => {
    expect(logFile({}, () => "/home/u/.pi/agent")).toBe(
      "/home/u/.pi/agent/decision-logger/decisions.log",
    );
  });
});

describe("writing", () => {
  it("reports a file it cannot write once, and never throws into the bus", () => {
    const dir = mkdtempSync(join(tmpdir(), "decision-logger-"));
    const errors: string[] = [];
    const handlers = new Map<string, (data: unknown) => void>();
    const pi = {
      events: { on: (channel: string, h: (d: unknown) => void) => handlers.set(channel, h) },
    };
    try {
      // The "file" is a directory, so every append fails.
      createDecisionLogger({ file: () => dir, now: () => TIME, onError: (m) => errors.push(m) })(
        pi as never,
      );
      const onDecision = handlers.get("permissions:decision");
      expect(() => onDecision?.(decision())).not.toThrow();
      expect(() => onDecision?.(decision())).not.toThrow();
      expect(errors).toEqual([`EISDIR: illegal operation on a directory, open '${dir}'`]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("in a real Pi session with pi-permission", { timeout: 30_000 }, () => {
  let run: PiRun | undefined;
  const previous = process.env[LOG_FILE_ENV];
  afterEach(() => {
    run?.dispose();
    run = undefined;
    if (previous === undefined) delete process.env[LOG_FILE_ENV];
    else process.env[LOG_FILE_ENV] = previous;
  });

  const policy = {
    "permissions.json": JSON.stringify({
      permission: {
        "*": "ask",
        bash: { "*": "ask", "ls *": "allow", "rm *": { action: "deny", reason: "use the trash" } },
      },
    }),
  };

  /** The lines without their time, after checking that each time is a real ISO instant. */
  function linesOf(file: string): string[] {
    return readFileSync(file, "utf8")
      .trimEnd()
      .split("\n")
      .map((line) => {
        const time = /^time=(\S+) /.exec(line)?.[1] ?? "";
        expect(new Date(time).toISOString()).toBe(time);
        return line.slice(`time=${time} `.length);
      });
  }

  function decisionIds(r: PiRun): string[] {
    return r
      .sessionEntries()
      .filter((e) => e.type === "custom" && e.customType === "seen-event")
      .map((e) => e.data as { channel: string; event: unknown })
      .flatMap((d) =>
        d.channel === "permissions:decision" && isPermissionDecisionEvent(d.event)
          ? [d.event.requestId]
          : [],
      );
  }

  it("writes exactly one line for an allowed and one for a denied call, to the file the environment names", async () => {
    const dir = mkdtempSync(join(tmpdir(), "decision-logger-"));
    const file = join(dir, "audit", "decisions.log");
    process.env[LOG_FILE_ENV] = file;
    try {
      run = await startPi({
        extensions: [PI_PERMISSION, LOGGER, SUBSCRIBER],
        agentFiles: policy,
        files: { "build/keep.txt": "x" },
        turns: [
          [{ tool: "bash", input: { command: "ls" } }],
          [{ tool: "bash", input: { command: "rm -rf build" } }],
        ],
      });
      const results = await run.prompt();
      expect(results.map((r) => r.isError)).toEqual([false, true]);
      const [allowId, denyId] = decisionIds(run);
      expect(linesOf(file)).toEqual([
        `event=decision result=allow resolution=policy_allow surface=bash value=ls pattern="ls *" origin=global request=${allowId}`,
        `event=decision result=deny resolution=policy_deny surface=bash value="rm -rf build" pattern="rm *" origin=global request=${denyId}`,
      ]);
      expect(statSync(file).mode & 0o777).toBe(0o600);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("writes the prompt and the human's answer, under the agent dir by default", async () => {
    delete process.env[LOG_FILE_ENV];
    run = await startPi({
      extensions: [PI_PERMISSION, LOGGER, SUBSCRIBER],
      mode: "rpc",
      ui: { select: () => "Approve once" },
      agentFiles: policy,
      turns: [[{ tool: "bash", input: { command: "touch made" } }]],
    });
    await run.prompt();
    expect(existsSync(join(run.cwd, "made"))).toBe(true);
    const [id] = decisionIds(run);
    expect(linesOf(join(run.agentDir, "decision-logger", "decisions.log"))).toEqual([
      `event=prompt surface=bash tool=bash value="touch made" pattern=* request=${id}`,
      `event=decision result=allow resolution=user_approved surface=bash value="touch made" pattern=* origin=global request=${id}`,
    ]);
  });

  it("ignores anything on the channels that is not a well-formed pi-permission event", async () => {
    delete process.env[LOG_FILE_ENV];
    run = await startPi({
      extensions: [FORGER, PI_PERMISSION, LOGGER, SUBSCRIBER],
      agentFiles: policy,
      turns: [[{ tool: "bash", input: { command: "ls -la" } }]],
    });
    await run.prompt();
    const [id] = decisionIds(run);
    expect(linesOf(join(run.agentDir, "decision-logger", "decisions.log"))).toEqual([
      `event=decision result=allow resolution=policy_allow surface=bash value="ls -la" pattern="ls *" origin=global request=${id}`,
    ]);
  });
});
