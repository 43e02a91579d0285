import { PERMISSION_CHANNELS } from "@pi-permission/payload";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import piPermissionOtel, {
  createOtelExtension,
  type OtelExtensionHost,
  type OtelSessionContext,
  readOtelSettings,
} from "../src/index.ts";
import { fakeBus, policyDeny } from "./fixtures.ts";
import { startReceiver } from "./receiver.ts";

type Handler = (event: unknown, ctx: OtelSessionContext) => unknown;

/** A Pi stand-in: one shared event bus, and the session events the extension listens to. */
function fakePi(bus = fakeBus()) {
  const handlers: Record<string, Handler[]> = {};
  const pi: OtelExtensionHost = {
    events: bus,
    on: (event: string, handler: Handler) => {
      handlers[event] = [...(handlers[event] ?? []), handler];
      return undefined;
    },
  };
  const notes: string[] = [];
  const ctx: OtelSessionContext = {
    hasUI: true,
    ui: { notify: (m) => notes.push(m) },
    sessionManager: { getSessionId: () => "session-42" },
  };
  const fire = async (event: string) => {
    for (const h of handlers[event] ?? []) await h({}, ctx);
  };
  return {
    pi,
    bus,
    notes,
    start: () => fire("session_start"),
    stop: () => fire("session_shutdown"),
  };
}

const saved = { ...process.env };
beforeEach(() => {
  for (const key of Object.keys(process.env)) if (key.startsWith("OTEL_")) delete process.env[key];
});
afterEach(() => {
  process.env = { ...saved };
});

const id = (n: number) => `perm-${String(n).padStart(8, "0")}-1111-4111-8111-111111111111`;

describe("the Pi extension", () => {
  it("sends each decision once over OTLP/HTTP JSON, stamped with the Pi session, and flushes at shutdown", async () => {
    const receiver = await startReceiver();
    try {
      process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
      process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
      process.env.OTEL_RESOURCE_ATTRIBUTES = "deployment.environment.name=ci";
      const host = fakePi();
      piPermissionOtel(host.pi);
      await host.start();
      host.bus.emit(PERMISSION_CHANNELS.decision, policyDeny({ requestId: id(1) }));
      host.bus.emit(PERMISSION_CHANNELS.decision, policyDeny({ requestId: id(2) }));
      await host.stop();

      expect(receiver.requests.map((r) => r.path)).toEqual(["/v1/logs"]);
      const records = receiver.logRecords();
      expect(records.map((r) => r.attributes["pi_permission.request.id"])).toEqual([id(1), id(2)]);
      expect(records[0]).toMatchObject({
        eventName: "pi_permission.decision",
        severityText: "WARN",
        attributes: { "session.id": "session-42", "pi_permission.resolution": "policy_deny" },
        resource: { "service.name": "pi", "deployment.environment.name": "ci" },
      });
      expect(records[0]?.attributes).not.toHaveProperty("pi_permission.value");
    } finally {
      await receiver.close();
    }
  });

  it("speaks OTLP/HTTP protobuf by default, as the OpenTelemetry specification's default protocol", async () => {
    const receiver = await startReceiver();
    try {
      process.env.OTEL_EXPORTER_OTLP_LOGS_ENDPOINT = `${receiver.url}/custom/logs`;
      process.env.OTEL_SERVICE_NAME = "agents";
      const host = fakePi();
      piPermissionOtel(host.pi);
      await host.start();
      host.bus.emit(PERMISSION_CHANNELS.decision, policyDeny({ requestId: id(1) }));
      await host.stop();
      expect(receiver.requests).toHaveLength(1);
      expect(receiver.requests[0]?.path).toBe("/custom/logs");
      expect(receiver.requests[0]?.headers["content-type"]).toBe("application/x-protobuf");
      // The request id and the service name travel as protobuf strings.
      const bytes = receiver.requests[0]?.body.toString("latin1") ?? "";
      expect(bytes).toContain(id(1));
      expect(bytes).toContain("agents");
    } finally {
      await receiver.close();
    }
  });

  it("exports once per bus even when the bundle and a standalone install both load it", async () => {
    const receiver = await startReceiver();
    try {
      process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
      process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
      const bus = fakeBus();
      const first = fakePi(bus);
      const second = fakePi(bus);
      piPermissionOtel(first.pi);
      createOtelExtension()(second.pi);
      await first.start();
      await second.start();
      bus.emit(PERMISSION_CHANNELS.decision, policyDeny({ requestId: id(1) }));
      await first.stop();
      await second.stop();
      expect(receiver.logRecords().map((r) => r.attributes["pi_permission.request.id"])).toEqual([
        id(1),
      ]);
    } finally {
      await receiver.close();
    }
  });

  it("tells the human once when the collector is down, and the listener never throws", async () => {
    const receiver = await startReceiver();
    const url = receiver.url;
    await receiver.close(); // a port nobody listens on
    process.env.OTEL_EXPORTER_OTLP_ENDPOINT = url;
    process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
    const host = fakePi();
    piPermissionOtel(host.pi);
    await host.start();
    for (let n = 1; n <= 3; n++) {
      expect(() =>
        host.bus.emit(PERMISSION_CHANNELS.decision, policyDeny({ requestId: id(n) })),
      ).not.toThrow();
    }
    await host.stop();
    expect(host.notes).toHaveLength(1);
    expect(host.notes[0]).toMatch(/^pi-permission otel: decision records are being dropped/);
  });

  it("stays off with no endpoint, or when OTEL_SDK_DISABLED or OTEL_LOGS_EXPORTER says so", async () => {
    const receiver = await startReceiver();
    try {
      process.env.OTEL_EXPORTER_OTLP_ENDPOINT = receiver.url;
      process.env.OTEL_EXPORTER_OTLP_PROTOCOL = "http/json";
      process.env.OTEL_SDK_DISABLED = "true";
      const host = fakePi();
      piPermissionOtel(host.pi);
      await host.start();
      host.bus.emit(PERMISSION_CHANNELS.decision, policyDeny());
      await host.stop();
      expect(receiver.requests).toEqual([]);
    } finally {
      await receiver.close();
    }
  });
});

describe("readOtelSettings", () => {
  it.each([
    [{}, false, "no OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT)"],
    [{ OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318" }, true, null],
    [{ OTEL_EXPORTER_OTLP_LOGS_ENDPOINT: "http://c:4318/v1/logs" }, true, null],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_SDK_DISABLED: "TRUE" },
      false,
      "OTEL_SDK_DISABLED is true",
    ],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4318", OTEL_LOGS_EXPORTER: "none" },
      false,
      "OTEL_LOGS_EXPORTER is none, not otlp",
    ],
    [
      { OTEL_EXPORTER_OTLP_ENDPOINT: "http://c:4317", OTEL_EXPORTER_OTLP_PROTOCOL: "grpc" },
      false,
      "OTLP protocol grpc is not supported (use http/protobuf or http/json)",
    ],
  ])("%j → enabled %s", (env, enabled, why) => {
    const settings = readOtelSettings(env);
    expect([settings.enabled, settings.disabledBecause]).toEqual([enabled, why]);
  });

  it("is turned on without an endpoint by the extension option, and reads the standard defaults", () => {
    expect(readOtelSettings({}, { enable: true })).toEqual({
      enabled: true,
      disabledBecause: null,
      protocol: "http/protobuf",
      exportValues: false,
      fieldMaxWidth: 1000,
      batch: {
        maxQueueSize: 2048,
        maxExportBatchSize: 512,
        scheduledDelayMillis: 1000,
        exportTimeoutMillis: 30000,
      },
    });
  });

  it("reads the logs protocol before the general one, the opt-in, the width and the batch bounds", () => {
    const settings = readOtelSettings({
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/protobuf",
      OTEL_EXPORTER_OTLP_LOGS_PROTOCOL: "http/json",
      PI_PERMISSION_OTEL_LOG_VALUES: "true",
      PI_PERMISSION_OTEL_FIELD_MAX_WIDTH: "80",
      OTEL_BLRP_MAX_QUEUE_SIZE: "10",
      OTEL_BLRP_SCHEDULE_DELAY: "nonsense",
    });
    expect(settings).toMatchObject({
      protocol: "http/json",
      exportValues: true,
      fieldMaxWidth: 80,
      batch: { maxQueueSize: 10, scheduledDelayMillis: 1000 },
    });
  });
});
