/**
 * Permission decisions as OpenTelemetry log records: one `pi_permission.decision` record per
 * permission request, sent over OTLP/HTTP to the collector the standard `OTEL_*` variables
 * name. Use the default export as a Pi extension, or {@link createDecisionExporter} on any
 * bus that carries the `permissions:decision` events.
 *
 * @packageDocumentation
 */
export {
  DECISION_ATTRIBUTES,
  DECISION_EVENT_NAME,
  type DecisionAttributeValue,
  type DecisionRecord,
  type DecisionRecordOptions,
  decisionRecord,
} from "./attributes.ts";
export {
  type BatchSettings,
  type OtelSettings,
  type OtlpProtocol,
  readOtelSettings,
} from "./environment.ts";
export {
  createDecisionExporter,
  type DecisionEventSource,
  type DecisionExporter,
  type DecisionExporterOptions,
  type DecisionExportStats,
} from "./exporter.ts";
export {
  createOtelExtension,
  default,
  type OtelExtensionHost,
  type OtelExtensionOptions,
  type OtelSessionContext,
} from "./extension.ts";
