import { resourceFromAttributes } from "@opentelemetry/resources";
import { InMemoryLogRecordExporter, type LogRecordExporter } from "@opentelemetry/sdk-logs";
import { PERMISSION_CHANNELS } from "@pi-permission/payload";
import { afterEach, describe, expect, it } from "vitest";
import { createDecisionExporter, type DecisionExporter } from "../src/index.ts";
import { fakeBus, policyDeny, uiPrompt } from "./fixtures.ts";

const started: DecisionExporter[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((e) => e.shutdown({ timeoutMillis: 50 })));
});

function start(options: Omit<Parameters<typeof createDecisionExporter>[0], "events">) {
  const bus = fakeBus();
  const exporter = createDecisionExporter({ events: bus, env: {}, ...options });
  started.push(exporter);
  return { bus, exporter };
}

const id = (n: number) => `perm-${String(n).padStart(8, "0")}-1111-4111-8111-111111111111`;

/** An exporter that answers every export with a failure, as the HTTP exporter does when the collector is down. */
function failing(): LogRecordExporter {
  return {
    export: (_records, done) =>
      done({ code: 1, error: new Error("connect ECONNREFUSED 127.0.0.1:4318") }),
    shutdown: async () => {},
    forceFlush: async () => {},
  };
}

describe("createDecisionExporter", () => {
  it("emits one log record per decision through the SDK, with the session and the ask", async () => {
    const memory = new InMemoryLogRecordExporter();
    const { bus, exporter } = start({ exporter: memory, sessionId: "sess-7" });
    bus.emit(PERMISSION_CHANNELS.uiPrompt, uiPrompt(id(2), "write"));
    bus.emit(PERMISSION_CHANNELS.decision, policyDeny({ requestId: id(1) }));
    bus.emit(
      PERMISSION_CHANNELS.decision,
      policyDeny({ requestId: id(2), resolution: "user_denied" }),
    );
    bus.emit(PERMISSION_CHANNELS.decision, { not: "a decision" });
    await exporter.forceFlush();

    const records = memory.getFinishedLogRecords();
    expect(records.map((r) => [r.eventName, r.attributes["pi_permission.request.id"]])).toEqual([
      ["pi_permission.decision", id(1)],
      ["pi_permission.decision", id(2)],
    ]);
    expect(records[1]?.attributes).toMatchObject({
      "session.id": "sess-7",
      "gen_ai.tool.name": "write",
      "pi_permission.prompted": true,
    });
    expect(records[0]?.attributes).not.toHaveProperty("pi_permission.value");
    expect(records[0]?.resource.attributes["service.name"]).toBe("pi");
    expect(exporter.stats()).toEqual({ received: 2, exported: 2, dropped: 0 });
  });

  it("sends the value judged only when opted in, through the scrubber and the width cap", async () => {
    const memory = new InMemoryLogRecordExporter();
    const { bus, exporter } = start({
      exporter: memory,
      exportValues: true,
      fieldMaxWidth: 30,
      scrub: (text) =>
        text.includes("ghp_secret123")
          ? { text: text.replace("ghp_secret123", "[masked]"), masked: ["GITHUB_TOKEN"] }
          : { text, masked: [] },
    });
    bus.emit(PERMISSION_CHANNELS.decision, policyDeny());
    await exporter.forceFlush();
    const [record] = memory.getFinishedLogRecords();
    expect(record?.attributes["pi_permission.value"]).toBe("GITHUB_TOKEN=[masked] git pus…");
    expect(record?.attributes["pi_permission.masked"]).toEqual(["pi_permission.value"]);
    expect(record?.attributes["pi_permission.capped"]).toEqual([
      "pi_permission.request.id",
      "pi_permission.call.deciding_request.id",
      "pi_permission.value",
    ]);
  });

  it("reads the opt-in from PI_PERMISSION_OTEL_LOG_VALUES", async () => {
    const memory = new InMemoryLogRecordExporter();
    const { bus, exporter } = start({
      exporter: memory,
      env: { PI_PERMISSION_OTEL_LOG_VALUES: "1" },
    });
    bus.emit(PERMISSION_CHANNELS.decision, policyDeny());
    await exporter.forceFlush();
    expect(memory.getFinishedLogRecords()[0]?.attributes["pi_permission.value"]).toBe(
      "GITHUB_TOKEN=ghp_secret123 git push origin main",
    );
  });

  it("keeps the resource it is given", async () => {
    const memory = new InMemoryLogRecordExporter();
    const resource = resourceFromAttributes({ "service.name": "ci-agents" });
    const { bus, exporter } = start({ exporter: memory, resource });
    bus.emit(PERMISSION_CHANNELS.decision, policyDeny());
    await exporter.forceFlush();
    expect(memory.getFinishedLogRecords()[0]?.resource.attributes["service.name"]).toBe(
      "ci-agents",
    );
  });

  it("drops what the collector refuses, warns once and counts every drop", async () => {
    const warnings: string[] = [];
    const { bus, exporter } = start({ exporter: failing(), onWarning: (m) => warnings.push(m) });
    for (let n = 1; n <= 3; n++) {
      bus.emit(PERMISSION_CHANNELS.decision, policyDeny({ requestId: id(n) }));
      await exporter.forceFlush();
    }
    expect(exporter.stats()).toEqual({ received: 3, exported: 0, dropped: 3 });
    expect(warnings).toEqual([
      "pi-permission otel: decision records are being dropped (connect ECONNREFUSED 127.0.0.1:4318); the permission checks are unaffected, and further drops are only counted.",
    ]);
  });

  it("bounds its queue: past maxQueueSize a decision is dropped and counted, never buffered", async () => {
    // An exporter that never answers, like a collector that accepts the connection and hangs.
    const hanging: LogRecordExporter = {
      export: () => {},
      shutdown: async () => {},
      forceFlush: async () => {},
    };
    const warnings: string[] = [];
    const { bus, exporter } = start({
      exporter: hanging,
      batch: { maxQueueSize: 2, maxExportBatchSize: 2 },
      onWarning: (m) => warnings.push(m),
    });
    for (let n = 1; n <= 5; n++)
      bus.emit(PERMISSION_CHANNELS.decision, policyDeny({ requestId: id(n) }));
    expect(exporter.stats()).toEqual({ received: 5, exported: 0, dropped: 3 });
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("the queue of 2 records is full");
  });

  it("returns from the listener at once and never throws into the bus, whatever the exporter does", () => {
    const throwing: LogRecordExporter = {
      export: () => {
        throw new Error("boom");
      },
      shutdown: async () => {},
      forceFlush: async () => {},
    };
    const { bus } = start({
      exporter: throwing,
      onWarning: () => {
        throw new Error("a warning sink that throws");
      },
    });
    expect(() => bus.emit(PERMISSION_CHANNELS.decision, policyDeny())).not.toThrow();
  });

  it("gives up on a hanging collector at shutdown within its timeout and counts what was left", async () => {
    const hanging: LogRecordExporter = {
      export: () => {},
      shutdown: () => new Promise(() => {}),
      forceFlush: async () => {},
    };
    const { bus, exporter } = start({ exporter: hanging });
    bus.emit(PERMISSION_CHANNELS.decision, policyDeny({ requestId: id(1) }));
    bus.emit(PERMISSION_CHANNELS.decision, policyDeny({ requestId: id(2) }));
    await exporter.shutdown({ timeoutMillis: 100 });
    expect(exporter.stats()).toEqual({ received: 2, exported: 0, dropped: 2 });
  });

  it("sends what is queued at shutdown and stops listening", async () => {
    const memory = new InMemoryLogRecordExporter();
    const { bus, exporter } = start({ exporter: memory });
    bus.emit(PERMISSION_CHANNELS.decision, policyDeny({ requestId: id(1) }));
    const exported: unknown[] = [];
    const original = memory.export.bind(memory);
    memory.export = (records, done) => {
      exported.push(...records.map((r) => r.attributes["pi_permission.request.id"]));
      original(records, done);
    };
    await exporter.shutdown();
    bus.emit(PERMISSION_CHANNELS.decision, policyDeny({ requestId: id(2) }));
    expect(exported).toEqual([id(1)]);
    expect(exporter.stats()).toEqual({ received: 1, exported: 1, dropped: 0 });
  });
});
