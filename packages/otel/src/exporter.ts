import { OTLPLogExporter as JsonLogExporter } from "@opentelemetry/exporter-logs-otlp-http";
import { OTLPLogExporter as ProtobufLogExporter } from "@opentelemetry/exporter-logs-otlp-proto";
import {
  defaultResource,
  detectResources,
  envDetector,
  type Resource,
  resourceFromAttributes,
} from "@opentelemetry/resources";
import {
  BatchLogRecordProcessor,
  LoggerProvider,
  type LogRecordExporter,
  type ReadableLogRecord,
} from "@opentelemetry/sdk-logs";
import type { Scrubbed } from "@pi-permission/log-cap";
import {
  isPermissionDecisionEvent,
  isPermissionUiPromptEvent,
  PERMISSION_CHANNELS,
  type PermissionDecisionEvent,
  type PermissionUiPromptEvent,
} from "@pi-permission/payload";
import { decisionRecord } from "./attributes.ts";
import { type BatchSettings, type OtlpProtocol, readOtelSettings } from "./environment.ts";

/** The part of `pi.events` (or any event bus) the exporter listens on. */
export interface DecisionEventSource {
  on(channel: string, handler: (data: unknown) => void): () => void;
}

/** How {@link createDecisionExporter} is set up; every field but `events` is optional. */
export interface DecisionExporterOptions {
  /** The bus that carries `permissions:decision` and `permissions:ui_prompt` (`pi.events`). */
  events: DecisionEventSource;
  /** The Pi session id to stamp on every record, or a function read at each decision. */
  sessionId?: string | null | (() => string | null);
  /** Where records go. Default: the OTLP/HTTP exporter of `protocol`, configured by `OTEL_*`. */
  exporter?: LogRecordExporter;
  /** The OTLP transport of the default exporter. Default: from the environment. */
  protocol?: OtlpProtocol;
  /** Export the value judged (commands, paths, targets). Default: `PI_PERMISSION_OTEL_LOG_VALUES`. */
  exportValues?: boolean;
  /** The width cap of every exported string. Default: `PI_PERMISSION_OTEL_FIELD_MAX_WIDTH` or 1000. */
  fieldMaxWidth?: number;
  /** Hides secrets inside an exported value (the review log's command-secret search). */
  scrub?: (text: string) => Scrubbed;
  /** The resource of every record. Default: `service.name` `pi`, overridden by `OTEL_SERVICE_NAME` and `OTEL_RESOURCE_ATTRIBUTES`. */
  resource?: Resource;
  /** Batch bounds. Default: the `OTEL_BLRP_*` variables or OpenTelemetry's defaults. */
  batch?: Partial<BatchSettings>;
  /** Told once, at the first record dropped. Default: nothing is said. */
  onWarning?: (message: string) => void;
  /**
   * The environment the settings above are read from. Default: `process.env`. The default
   * exporter and the default resource always read `process.env`, as the OpenTelemetry SDK does.
   */
  env?: Readonly<Record<string, string | undefined>>;
}

/** What became of the decisions the exporter received. */
export interface DecisionExportStats {
  /** Decision events received. */
  received: number;
  /** Records the collector accepted. */
  exported: number;
  /** Records dropped: the queue was full, the collector failed or was unreachable, or shutdown ran out of time. */
  dropped: number;
}

/** A running exporter; see {@link createDecisionExporter}. */
export interface DecisionExporter {
  /** Counts so far. */
  stats(): DecisionExportStats;
  /** Send every record received so far. Never rejects. */
  forceFlush(): Promise<void>;
  /**
   * Stop listening, send what is queued, and release the SDK. Waits at most `timeoutMillis`
   * (default 1000): a slow collector never holds a session's shutdown longer; what is then
   * still unsent is counted as dropped. Never rejects; a second call waits for the first.
   */
  shutdown(options?: { timeoutMillis?: number }): Promise<void>;
}

/** How many asked-about requests are remembered until their decision arrives. */
const PROMPTS_REMEMBERED = 256;

/**
 * Listen for `permissions:decision` (and `permissions:ui_prompt`) on `events` and emit one
 * OpenTelemetry log record per decision through the SDK's batch processor and an OTLP
 * exporter. The listener only queues the event: the record is built and sent later, so a
 * verdict never waits for telemetry, and a collector that is slow or down costs the agent
 * nothing: what cannot be sent is dropped, counted ({@link DecisionExporter.stats}) and
 * reported once through `onWarning`.
 *
 * @example
 * ```ts
 * const exporter = createDecisionExporter({ events: pi.events, sessionId: () => sessionId });
 * // … later
 * await exporter.shutdown();
 * ```
 */
export function createDecisionExporter(options: DecisionExporterOptions): DecisionExporter {
  const env = options.env ?? process.env;
  const settings = readOtelSettings(env, { enable: true });
  const batch = { ...settings.batch, ...options.batch };
  const exportValues = options.exportValues ?? settings.exportValues;
  const fieldMaxWidth = options.fieldMaxWidth ?? settings.fieldMaxWidth;
  const stats: DecisionExportStats = { received: 0, exported: 0, dropped: 0 };

  let warned = false;
  const drop = (count: number, why: string) => {
    if (count <= 0) return;
    stats.dropped += count;
    if (warned) return;
    warned = true;
    try {
      options.onWarning?.(
        `pi-permission otel: decision records are being dropped (${why}); the permission checks are unaffected, and further drops are only counted.`,
      );
    } catch {
      // INVARIANT: telemetry never throws into the host.
    }
  };

  // One bound over everything received and not yet settled by an export: the SDK's own queue
  // drops silently, so the exporter bounds first, with the same size, and counts. Its count
  // is never below the SDK's, so the SDK's queue never overflows.
  let unsettled = 0;
  // Set once shutdown gave up waiting: what it counted as dropped is not counted again.
  let abandoned = false;
  const inner = options.exporter ?? defaultExporter(options.protocol ?? settings.protocol);
  const counting: LogRecordExporter = {
    export(records: ReadableLogRecord[], done) {
      inner.export(records, (result) => {
        unsettled -= records.length;
        if (abandoned) return done(result);
        if (result.code === 0) stats.exported += records.length;
        else drop(records.length, describe(result.error));
        done(result);
      });
    },
    forceFlush: () => inner.forceFlush?.() ?? Promise.resolve(),
    shutdown: () => inner.shutdown(),
  };
  const provider = new LoggerProvider({
    resource: options.resource ?? resourceFromEnvironment(),
    processors: [new BatchLogRecordProcessor({ exporter: counting, ...batch })],
  });
  const logger = provider.getLogger("@pi-permission/otel");

  const prompts = new Map<string, PermissionUiPromptEvent>();
  let pending: Array<{ event: PermissionDecisionEvent; at: number }> = [];
  let scheduled: ReturnType<typeof setImmediate> | null = null;
  const sessionId = () =>
    typeof options.sessionId === "function" ? options.sessionId() : (options.sessionId ?? null);

  const drain = () => {
    scheduled = null;
    const batchNow = pending;
    pending = [];
    for (const { event, at } of batchNow) {
      try {
        const prompt = prompts.get(event.requestId) ?? null;
        prompts.delete(event.requestId);
        const record = decisionRecord(event, prompt, {
          sessionId: sessionId(),
          exportValues,
          fieldMaxWidth,
          scrub: options.scrub,
        });
        logger.emit({ ...record, timestamp: at });
      } catch (error) {
        unsettled -= 1;
        drop(1, describe(error));
      }
    }
  };

  const unsubscribe = [
    options.events.on(PERMISSION_CHANNELS.decision, (data) => {
      // INVARIANT: the listener runs on the verdict's path: it queues and returns, and never throws.
      try {
        if (!isPermissionDecisionEvent(data)) return;
        stats.received += 1;
        if (unsettled >= batch.maxQueueSize) {
          drop(1, `the queue of ${batch.maxQueueSize} records is full`);
          return;
        }
        unsettled += 1;
        pending.push({ event: data, at: Date.now() });
        if (scheduled === null) {
          scheduled = setImmediate(drain);
          scheduled.unref();
        }
      } catch {
        // a malformed event is not ours to report
      }
    }),
    options.events.on(PERMISSION_CHANNELS.uiPrompt, (data) => {
      try {
        if (!isPermissionUiPromptEvent(data)) return;
        prompts.set(data.requestId, data);
        if (prompts.size > PROMPTS_REMEMBERED) {
          prompts.delete(prompts.keys().next().value as string);
        }
      } catch {
        // as above
      }
    }),
  ];

  const flushPending = () => {
    if (scheduled !== null) clearImmediate(scheduled);
    drain();
  };

  let stopping: Promise<void> | null = null;
  return {
    stats: () => ({ ...stats }),
    async forceFlush() {
      flushPending();
      await provider.forceFlush().catch(() => undefined);
    },
    shutdown({ timeoutMillis = 1000 } = {}) {
      stopping ??= (async () => {
        for (const off of unsubscribe) off();
        flushPending();
        let timer: ReturnType<typeof setTimeout> | undefined;
        const timedOut = new Promise<boolean>((resolve) => {
          timer = setTimeout(() => resolve(true), timeoutMillis);
          timer.unref();
        });
        const finished = provider.shutdown().then(
          () => false,
          () => false,
        );
        const late = await Promise.race([finished, timedOut]);
        clearTimeout(timer);
        if (late) {
          drop(unsettled, `the collector did not answer within ${timeoutMillis} ms of shutdown`);
          abandoned = true;
        }
      })();
      return stopping;
    },
  };
}

function defaultExporter(protocol: OtlpProtocol): LogRecordExporter {
  return protocol === "http/json" ? new JsonLogExporter() : new ProtobufLogExporter();
}

/**
 * `service.name` is `pi` unless `OTEL_SERVICE_NAME` or `OTEL_RESOURCE_ATTRIBUTES` says
 * otherwise (they win, in that order, as the OpenTelemetry SDK specification orders them).
 */
function resourceFromEnvironment(): Resource {
  return defaultResource()
    .merge(resourceFromAttributes({ "service.name": "pi" }))
    .merge(detectResources({ detectors: [envDetector] }));
}

function describe(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error ?? "export failed");
  return message.length > 200 ? `${message.slice(0, 199)}…` : message;
}
