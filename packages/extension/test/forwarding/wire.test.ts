import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  symlinkSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { AuthorityAnswer, ToolCallFacts } from "@pi-permission/gates";
import type { PromptPayload } from "@pi-permission/payload";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ForwardAsk, forwardAsk } from "../../src/forwarding/client.ts";
import {
  cleanStale,
  HEARTBEAT_FILE,
  inboxDir,
  readInboxJson,
  writeJsonAtomic,
} from "../../src/forwarding/inbox.ts";
import type { ForwardedRequest } from "../../src/forwarding/protocol.ts";
import { type Server, serveInbox } from "../../src/forwarding/server.ts";

const PARENT = "01a232cc-eac8-7559-b13e-ac3dea2386d0";
let agentDir: string;
let servers: Server[] = [];
let logged: Array<[string, Record<string, unknown>]> = [];
const log = (event: string, details: Record<string, unknown>) => {
  logged.push([event, details]);
};

beforeEach(() => {
  agentDir = mkdtempSync(join(tmpdir(), "pi-fwd-"));
  logged = [];
});
afterEach(() => {
  for (const s of servers) s.close();
  servers = [];
  rmSync(agentDir, { recursive: true, force: true });
});

const facts: ToolCallFacts = {
  toolName: "bash",
  toolCallId: "call_1",
  input: { command: "rm -rf build" },
  cwd: "/work/child",
  home: "/home/u",
  agentName: "reviewer",
  sessionId: "child-session",
};
const payload: PromptPayload = {
  kind: "bash",
  request: {
    requester: { agentName: "reviewer", forwarded: false, sessionId: "child-session" },
    surface: "bash",
    toolName: "bash",
    invokedToolName: null,
    value: "rm -rf build",
    matchedPattern: "*",
    commandContext: null,
    executedUnit: null,
  },
  evidence: [],
  annotations: [],
};

const ask = (over: Partial<ForwardAsk> = {}): ForwardAsk => ({
  agentDir,
  parentSessionId: PARENT,
  requestId: "perm-3b241101-e2bb-4255-8caf-4136c566a962",
  source: "tool_call",
  gate: "bash",
  facts,
  payload,
  timeoutMs: 5_000,
  log,
  ...over,
});

const serve = (
  judge: (r: ForwardedRequest) => Promise<AuthorityAnswer>,
  over: { pollMs?: number } = {},
) => {
  const server = serveInbox({
    agentDir,
    sessionId: PARENT,
    judge,
    log,
    staleAfterMs: () => 60_000,
    ...over,
  });
  if (!server) throw new Error("not serving");
  servers.push(server);
  return server;
};

describe("the forwarding wire", () => {
  it("carries an ask to the serving parent and its answer back under the adopted id", async () => {
    const seen: ForwardedRequest[] = [];
    // fs.watch wakes both sides. The polls beside it are set far beyond the test's own
    // timeout, so an answer that needed a poll fails the test instead of arriving late.
    const noPoll = { pollMs: 600_000 };
    const server = serve(async (r) => {
      seen.push(r);
      return { kind: "approved", forSession: true };
    }, noPoll);
    const result = await forwardAsk(ask({ ...noPoll, timeoutMs: 600_000 }));
    expect(result).toEqual({
      answer: { kind: "approved", forSession: true },
      wireId: "perm-3b241101-e2bb-4255-8caf-4136c566a962",
    });
    expect(seen[0]?.facts).toEqual(facts);
    expect(seen[0]?.requester).toEqual({
      sessionId: "child-session",
      agentName: "reviewer",
      pid: process.pid,
    });
    // Both files are collected once answered.
    expect(readdirSync(server.dir).filter((n) => n.endsWith(".json"))).toEqual([HEARTBEAT_FILE]);
  });

  it("keeps the inbox private: folder 0700, files 0600", async () => {
    const server = serve(async () => {
      const names = readdirSync(server.dir);
      const request = names.find((n) => n.endsWith(".request.json")) ?? "";
      modes.push(statSync(join(server.dir, request)).mode & 0o777);
      return { kind: "denied", reason: null };
    });
    const modes: number[] = [];
    await forwardAsk(ask());
    expect(statSync(server.dir).mode & 0o777).toBe(0o700);
    expect(statSync(join(server.dir, HEARTBEAT_FILE)).mode & 0o777).toBe(0o600);
    expect(modes).toEqual([0o600]);
  });

  it("answers unavailable after the 2 s discovery wait, not the ask's timeout, when no parent serves the inbox", async () => {
    const started = Date.now();
    const result = await forwardAsk(ask({ timeoutMs: 600_000 }));
    const elapsed = Date.now() - started;
    expect(result.answer).toEqual({
      kind: "unavailable",
      reason: `the parent session ${PARENT} is not serving forwarded asks (no pi-permission with a UI runs in it, or it has ended)`,
    });
    // It waited for a parent to appear, and gave up long before the ask's own timeout.
    expect(elapsed).toBeGreaterThanOrEqual(1_900);
    expect(elapsed).toBeLessThan(60_000);
  });

  it("answers unavailable at once when the parent's process is gone", async () => {
    const dir = inboxDir(agentDir, PARENT) ?? "";
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    // A pid far above any pid_max: no such process.
    writeJsonAtomic(dir, HEARTBEAT_FILE, { sessionId: PARENT, pid: 2 ** 30, at: Date.now() });
    const result = await forwardAsk(ask({ notServingGraceMs: 0 }));
    expect(result.answer).toEqual({
      kind: "unavailable",
      reason: `the parent session ${PARENT} has ended (process ${2 ** 30} is gone)`,
    });
  });

  it("answers unavailable when the parent stops serving while the child waits", async () => {
    const server = serve(async () => {
      server.close();
      return new Promise<AuthorityAnswer>(() => {});
    });
    const result = await forwardAsk(ask({ pollMs: 50 }));
    expect(result.answer).toEqual({
      kind: "unavailable",
      reason: `the parent session ${PARENT} is not serving forwarded asks (no pi-permission with a UI runs in it, or it has ended) before answering`,
    });
  });

  it("answers unavailable after forwardingTimeoutMs, and withdraws the request", async () => {
    const server = serve(() => new Promise<AuthorityAnswer>(() => {}));
    const started = Date.now();
    const result = await forwardAsk(ask({ timeoutMs: 300 }));
    expect(result.answer).toEqual({
      kind: "unavailable",
      reason: `the parent session ${PARENT} gave no answer within 300 ms (forwardingTimeoutMs)`,
    });
    // Ended by its own 300 ms timeout (the reason says so), not a hang; no tighter bound is
    // asserted, because a loaded machine stretches any time.
    expect(Date.now() - started).toBeLessThan(30_000);
    expect(readdirSync(server.dir).filter((n) => n.endsWith(".request.json"))).toEqual([]);
  });

  it("refuses a corrupt answer and says so (never read as a denial)", async () => {
    const server = serve(async (r) => {
      writeFileSync(join(server.dir, `${r.id}.response.json`), "{ not json", { mode: 0o600 });
      return new Promise<AuthorityAnswer>(() => {});
    });
    const result = await forwardAsk(ask());
    expect(result.answer).toEqual({
      kind: "unavailable",
      reason: "the parent's answer was refused (corrupt)",
    });
    expect(logged.some(([e]) => e === "forwarding.refused")).toBe(true);
  });

  it("refuses an answer that names another request", async () => {
    const server = serve(async (r) => {
      writeJsonAtomic(server.dir, `${r.id}.response.json`, {
        version: 1,
        id: "perm-other",
        answer: { kind: "approved", forSession: false },
        answeredBy: PARENT,
      });
      return new Promise<AuthorityAnswer>(() => {});
    });
    const result = await forwardAsk(ask());
    expect(result.answer).toEqual({
      kind: "unavailable",
      reason: "the parent's answer was refused (it answers another request)",
    });
  });

  it("sends an id with a path separator under a fresh perm- id, inside the inbox", async () => {
    const ids: string[] = [];
    const server = serve(async (r) => {
      ids.push(r.id);
      return { kind: "approved", forSession: false };
    });
    const result = await forwardAsk(ask({ requestId: "../../outside" }));
    expect(result.wireId).toMatch(/^perm-[0-9a-f-]{36}$/);
    expect(ids).toEqual([result.wireId]);
    expect(existsSync(join(agentDir, "pi-permission", "outside.request.json"))).toBe(false);
    expect(logged).toContainEqual([
      "forwarding.id_replaced",
      { requestId: "../../outside", wireId: result.wireId },
    ]);
  });

  it("refuses a parent session id with a path separator", async () => {
    const result = await forwardAsk(ask({ parentSessionId: "../x" }));
    expect(result.answer).toEqual({
      kind: "unavailable",
      reason: 'the parent session id "../x" cannot name an inbox',
    });
  });

  it("answers two children asking at once, each under its own id, one at a time", async () => {
    let inFlight = 0;
    let most = 0;
    const server = serve(async (r) => {
      inFlight++;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 50));
      inFlight--;
      return r.facts.sessionId === "child-a"
        ? { kind: "approved", forSession: false }
        : { kind: "denied", reason: "not b" };
    });
    const [a, b] = await Promise.all([
      forwardAsk(ask({ requestId: "perm-a", facts: { ...facts, sessionId: "child-a" } })),
      forwardAsk(ask({ requestId: "perm-b", facts: { ...facts, sessionId: "child-b" } })),
    ]);
    expect(a).toEqual({ answer: { kind: "approved", forSession: false }, wireId: "perm-a" });
    expect(b).toEqual({ answer: { kind: "denied", reason: "not b" }, wireId: "perm-b" });
    // One human, one dialog: the parent judges them in turn.
    expect(most).toBe(1);
  });

  it("answers unavailable when judging throws (fail closed)", async () => {
    serve(async () => {
      throw new Error("boom");
    });
    const result = await forwardAsk(ask());
    expect(result.answer).toEqual({
      kind: "unavailable",
      reason: "the parent session failed to judge it (Error: boom)",
    });
  });
});

describe("what the parent refuses in its inbox", () => {
  const judged: ForwardedRequest[] = [];
  const waitFor = async (predicate: () => boolean) => {
    for (let i = 0; i < 100 && !predicate(); i++) await new Promise((r) => setTimeout(r, 20));
  };
  const valid = (id: string): ForwardedRequest => ({
    version: 1,
    id,
    requester: { sessionId: "c", agentName: null, pid: process.pid },
    source: "tool_call",
    gate: "bash",
    facts,
    payload,
    createdAt: Date.now(),
  });

  it.each([
    [
      "a corrupt file",
      (dir: string) => writeFileSync(join(dir, "perm-x.request.json"), "{"),
      "corrupt",
    ],
    [
      "an oversized file",
      (dir: string) =>
        writeFileSync(join(dir, "perm-x.request.json"), `"${"x".repeat(1024 * 1024 + 1)}"`),
      "oversized",
    ],
    [
      "a symlink to a valid request",
      (dir: string) => {
        const target = join(agentDir, "elsewhere.json");
        writeFileSync(target, JSON.stringify(valid("perm-x")));
        symlinkSync(target, join(dir, "perm-x.request.json"));
      },
      "symlink",
    ],
    [
      "a request whose id differs from its file name",
      (dir: string) => writeJsonAtomic(dir, "perm-x.request.json", valid("perm-y")),
      "corrupt",
    ],
    [
      "a request whose id has a path separator",
      (dir: string) => writeJsonAtomic(dir, "perm-x.request.json", valid("../perm-x")),
      "corrupt",
    ],
  ])("refuses, logs and removes %s", async (_note, plant, refusal) => {
    judged.length = 0;
    const server = serve(async (r) => {
      judged.push(r);
      return { kind: "approved", forSession: false };
    });
    plant(server.dir);
    await waitFor(() => logged.some(([e]) => e === "forwarding.refused"));
    expect(judged).toEqual([]);
    expect(logged.find(([e]) => e === "forwarding.refused")?.[1]).toMatchObject({ refusal });
    expect(existsSync(join(server.dir, "perm-x.request.json"))).toBe(false);
    expect(existsSync(join(server.dir, "perm-x.response.json"))).toBe(false);
  });

  it("reads a file another user owns as foreign_owner", () => {
    // Only root can make a file another user owns; the check is the uid comparison.
    const file = join(agentDir, "f.json");
    writeFileSync(file, "{}");
    const realGetuid = process.getuid;
    process.getuid = () => statSync(file).uid + 1;
    try {
      expect(readInboxJson(file)).toMatchObject({ ok: false, refusal: "foreign_owner" });
    } finally {
      process.getuid = realGetuid;
    }
  });

  it("cleans request, response and temporary files left past their age, not the heartbeat", () => {
    const server = serve(() => new Promise<AuthorityAnswer>(() => {}));
    const old = new Date(Date.now() - 120_000);
    for (const name of ["perm-old.response.json", ".perm-old.response.json.1.ab.tmp"]) {
      writeFileSync(join(server.dir, name), "{}");
      utimesSync(join(server.dir, name), old, old);
    }
    writeFileSync(join(server.dir, "perm-new.response.json"), "{}");
    expect(cleanStale(server.dir, 60_000).sort()).toEqual([
      ".perm-old.response.json.1.ab.tmp",
      "perm-old.response.json",
    ]);
    expect(readdirSync(server.dir).sort()).toEqual([HEARTBEAT_FILE, "perm-new.response.json"]);
  });

  it("stops serving, with one log line, once its inbox folder is removed", async () => {
    const server = serve(async () => ({ kind: "approved", forSession: false }));
    rmSync(server.dir, { recursive: true, force: true });
    // Four heartbeat periods: a server that kept beating would log a failure for each.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const failures = logged.filter(([event]) => event === "forwarding.heartbeat_failed");
    expect(failures).toHaveLength(1);
    expect(failures[0]?.[1]).toMatchObject({ stopped: true });
    expect(existsSync(server.dir)).toBe(false);
  });

  it("does not serve an inbox whose folder is a symlink", () => {
    const real = join(agentDir, "real");
    mkdirSync(real);
    const root = join(agentDir, "pi-permission", "forwarding");
    mkdirSync(root, { recursive: true });
    symlinkSync(real, join(root, PARENT));
    const server = serveInbox({
      agentDir,
      sessionId: PARENT,
      judge: async () => ({ kind: "approved", forSession: false }),
      log,
      staleAfterMs: () => 60_000,
    });
    expect(server).toBeNull();
    expect(logged[0]?.[0]).toBe("forwarding.not_serving");
  });
});
