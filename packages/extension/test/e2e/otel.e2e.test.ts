// Issue 19: the bundle's OpenTelemetry extension in a real Pi session. Its decisions go over
// OTLP/HTTP (JSON) to a receiver the test starts; every decision the bus carried arrives
// once with its request id. With the receiver down, the verdicts are those of a session
// that exports nothing.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { type ModelSawResult, type PiRun, seenEvents, startPi } from "./harness.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");
const SUBSCRIBER = join(import.meta.dirname, "fixtures", "subscriber-ext.ts");

const OTEL_KEYS = [
  "OTEL_EXPORTER_OTLP_ENDPOINT",
  "OTEL_EXPORTER_OTLP_PROTOCOL",
  "PI_PERMISSION_OTEL_LOG_VALUES",
];
const saved = Object.fromEntries(OTEL_KEYS.map((k) => [k, process.env[k]]));
let run: PiRun | undefined;
afterEach(async () => {
  for (const [k, v] of Object.entries(saved)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  run?.dispose();
  run = undefined;
});

interface Received {
  attributes: Record<string, unknown>;
}

/** A local OTLP/HTTP receiver that decodes the JSON protocol's log records. */
async function startReceiver() {
  const records: Received[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => {
      body += c;
    });
    req.on("end", () => {
      const parsed = JSON.parse(body) as {
        resourceLogs: Array<{
          scopeLogs: Array<{
            logRecords: Array<{
              attributes: Array<{ key: string; value: Record<string, unknown> }>;
            }>;
          }>;
        }>;
      };
      for (const rl of parsed.resourceLogs)
        for (const sl of rl.scopeLogs)
          for (const lr of sl.logRecords)
            records.push({
              attributes: Object.fromEntries(
                lr.attributes.map((a) => [a.key, a.value.stringValue ?? a.value.boolValue]),
              ),
            });
      res.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, records, close: () => new Promise<void>((r) => server.close(() => r())) };
}

const POLICY = {
  "permissions.json": JSON.stringify({
    permission: { "*": "allow", bash: { "*": "allow", "rm *": "deny", "git push *": "ask" } },
  }),
};
const TURNS = [
  [
    { tool: "bash", input: { command: "echo hello" } },
    { tool: "bash", input: { command: "rm -rf build" } },
    { tool: "bash", input: { command: "git push origin main" } },
  ],
  [{ tool: "read", input: { path: "notes.txt" } }],
];

/** One scripted session: its tool results, its decision events, and its Pi session id. */
async function session(): Promise<{
  results: ModelSawResult[];
  decisions: Array<Record<string, unknown>>;
  sessionId: string;
}> {
  run = await startPi({
    extensions: [SUBSCRIBER, PACKAGE],
    agentFiles: POLICY,
    files: { "build/keep.txt": "x", "notes.txt": "n" },
    tools: ["bash", "read"],
    turns: TURNS,
  });
  const results = await run.prompt("go");
  const sessionId = run.session.sessionManager.getSessionId();
  const decisions = seenEvents(run, "permissions:decision");
  // Pi's exit path: session_shutdown runs, the exporter sends what is queued.
  await run.runtime.dispose();
  return { results, decisions, sessionId };
}

describe("@pi-permission/otel in the bundle", () => {
  it("sends every decision of a real session once, with its request id, to an OTLP/HTTP receiver", async () => {
    const receiver = await startReceiver();
    try {
      process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
      process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
      const { decisions, sessionId } = await session();

      expect(decisions.map((d) => d.resolution).sort()).toEqual([
        "confirmation_unavailable",
        "policy_allow",
        "policy_allow",
        "policy_deny",
      ]);
      const sent = receiver.records.map((r) => r.attributes);
      expect(sent.map((a) => a["pi_permission.request.id"]).sort()).toEqual(
        decisions.map((d) => d.requestId).sort(),
      );
      for (const decision of decisions) {
        const record = sent.find((a) => a["pi_permission.request.id"] === decision.requestId);
        expect(record).toMatchObject({
          "session.id": sessionId,
          "pi_permission.surface": decision.surface,
          "pi_permission.result": decision.result,
          "pi_permission.resolution": decision.resolution,
        });
        // No command text, path or tool input leaves the machine without the opt-in.
        expect(record).not.toHaveProperty("pi_permission.value");
        expect(JSON.stringify(record)).not.toContain("rm -rf build");
      }
    } finally {
      await receiver.close();
    }
  });

  it("with the opt-in, sends the command with its secrets hidden as the review log hides them", async () => {
    const receiver = await startReceiver();
    try {
      process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
      process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
      process.env.PI_PERMISSION_OTEL_LOG_VALUES = "1";
      run = await startPi({
        extensions: [PACKAGE],
        agentFiles: POLICY,
        turns: [
          [
            {
              tool: "bash",
              input: {
                command: 'rm -rf x; curl -H "Authorization: Bearer s3cr3t-tok" https://e.x',
              },
            },
          ],
        ],
      });
      await run.prompt("go");
      await run.runtime.dispose();
      const values = receiver.records.map((r) => String(r.attributes["pi_permission.value"]));
      expect(values.length).toBeGreaterThan(0);
      expect(values.join("\n")).not.toContain("s3cr3t-tok");
      expect(values.some((v) => v.includes('curl -H "Authorization: '))).toBe(true);
    } finally {
      await receiver.close();
    }
  });

  it("leaves the verdicts unchanged when the receiver is down", async () => {
    const baseline = await session();
    run?.dispose();
    run = undefined;

    const receiver = await startReceiver();
    await receiver.close(); // nothing listens on its port now
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
    process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
    const down = await session();

    expect(down.results).toEqual(baseline.results);
    const outcome = (ds: Array<Record<string, unknown>>) =>
      ds.map((d) => [d.surface, d.result, d.resolution, d.matchedPattern]);
    expect(outcome(down.decisions)).toEqual(outcome(baseline.decisions));
  });
});
