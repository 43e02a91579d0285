import {
  DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH,
  resolveReviewLogFieldWidth,
} from "@pi-permission/log-cap";

/** The OTLP transports this package speaks. */
export type OtlpProtocol = "http/protobuf" | "http/json";

/** What the environment says about exporting decisions. */
export interface OtelSettings {
  /** Whether decisions are exported at all. */
  enabled: boolean;
  /** Why exporting is off, when it is: one sentence for a diagnostic. */
  disabledBecause: string | null;
  /** The OTLP transport (`OTEL_EXPORTER_OTLP_LOGS_PROTOCOL`, then `OTEL_EXPORTER_OTLP_PROTOCOL`). */
  protocol: OtlpProtocol;
  /** Whether the value judged (commands, paths) is exported: `PI_PERMISSION_OTEL_LOG_VALUES=1`. */
  exportValues: boolean;
  /** The width cap of every exported string: `PI_PERMISSION_OTEL_FIELD_MAX_WIDTH`, default 1000. */
  fieldMaxWidth: number;
  /** The batch processor's bounds, from the standard `OTEL_BLRP_*` variables. */
  batch: BatchSettings;
}

/** The batch log record processor's bounds (OpenTelemetry's defaults). */
export interface BatchSettings {
  /** Records waiting beyond this many are dropped and counted (`OTEL_BLRP_MAX_QUEUE_SIZE`, 2048). */
  maxQueueSize: number;
  /** Records per export request (`OTEL_BLRP_MAX_EXPORT_BATCH_SIZE`, 512). */
  maxExportBatchSize: number;
  /** Milliseconds between exports (`OTEL_BLRP_SCHEDULE_DELAY`, 1000). */
  scheduledDelayMillis: number;
  /** Milliseconds one export may take (`OTEL_BLRP_EXPORT_TIMEOUT`, 30000). */
  exportTimeoutMillis: number;
}

/**
 * Read the standard OpenTelemetry variables. Exporting is on when a logs endpoint is set
 * (`OTEL_EXPORTER_OTLP_LOGS_ENDPOINT` or `OTEL_EXPORTER_OTLP_ENDPOINT`), or when `enable` is
 * passed (an extension option), and off whenever `OTEL_SDK_DISABLED=true` or
 * `OTEL_LOGS_EXPORTER` names no `otlp` exporter. The endpoint, headers, timeout,
 * compression and certificates are read by the OTLP exporter itself; the resource
 * (`OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`) by {@link createDecisionExporter}.
 *
 * @example
 * ```ts
 * readOtelSettings({ OTEL_EXPORTER_OTLP_ENDPOINT: "http://collector:4318" }).enabled; // true
 * readOtelSettings({}).disabledBecause; // "no OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT)"
 * ```
 */
export function readOtelSettings(
  env: Readonly<Record<string, string | undefined>>,
  options: { enable?: boolean } = {},
): OtelSettings {
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v === undefined || v === "" ? undefined : v;
  };
  const rawProtocol = (
    value("OTEL_EXPORTER_OTLP_LOGS_PROTOCOL") ??
    value("OTEL_EXPORTER_OTLP_PROTOCOL") ??
    "http/protobuf"
  ).toLowerCase();
  const exporters = value("OTEL_LOGS_EXPORTER")
    ?.toLowerCase()
    .split(",")
    .map((s) => s.trim());
  const endpoint =
    value("OTEL_EXPORTER_OTLP_LOGS_ENDPOINT") ?? value("OTEL_EXPORTER_OTLP_ENDPOINT");

  let disabledBecause: string | null = null;
  if (value("OTEL_SDK_DISABLED")?.toLowerCase() === "true") {
    disabledBecause = "OTEL_SDK_DISABLED is true";
  } else if (exporters && !exporters.includes("otlp")) {
    disabledBecause = `OTEL_LOGS_EXPORTER is ${exporters.join(",")}, not otlp`;
  } else if (rawProtocol !== "http/protobuf" && rawProtocol !== "http/json") {
    disabledBecause = `OTLP protocol ${rawProtocol} is not supported (use http/protobuf or http/json)`;
  } else if (endpoint === undefined && options.enable !== true) {
    disabledBecause = "no OTLP endpoint is set (OTEL_EXPORTER_OTLP_ENDPOINT)";
  }

  const flag = value("PI_PERMISSION_OTEL_LOG_VALUES")?.toLowerCase();
  return {
    enabled: disabledBecause === null,
    disabledBecause,
    protocol: rawProtocol === "http/json" ? "http/json" : "http/protobuf",
    exportValues: flag === "1" || flag === "true",
    fieldMaxWidth: resolveReviewLogFieldWidth({
      reviewLogFieldMaxWidth: Number(
        value("PI_PERMISSION_OTEL_FIELD_MAX_WIDTH") ?? DEFAULT_REVIEW_LOG_FIELD_MAX_WIDTH,
      ),
    }),
    batch: {
      maxQueueSize: positive(value("OTEL_BLRP_MAX_QUEUE_SIZE"), 2048),
      maxExportBatchSize: positive(value("OTEL_BLRP_MAX_EXPORT_BATCH_SIZE"), 512),
      scheduledDelayMillis: positive(value("OTEL_BLRP_SCHEDULE_DELAY"), 1000),
      exportTimeoutMillis: positive(value("OTEL_BLRP_EXPORT_TIMEOUT"), 30000),
    },
  };
}

function positive(raw: string | undefined, fallback: number): number {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : fallback;
}
