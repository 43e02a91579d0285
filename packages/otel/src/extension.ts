import type { Scrubbed } from "@pi-permission/log-cap";
import { readOtelSettings } from "./environment.ts";
import type { DecisionEventSource, DecisionExporter } from "./exporter.ts";

/** The part of Pi's `ExtensionAPI` the extension uses (Pi's own object satisfies it). */
export interface OtelExtensionHost {
  events: DecisionEventSource;
  on(
    event: "session_start",
    handler: (event: unknown, ctx: OtelSessionContext) => unknown,
  ): unknown;
  on(
    event: "session_shutdown",
    handler: (event: unknown, ctx: OtelSessionContext) => unknown,
  ): unknown;
}

/** The part of Pi's `ExtensionContext` the extension uses. */
export interface OtelSessionContext {
  hasUI: boolean;
  ui: { notify(message: string, level: "info" | "warning" | "error"): void };
  sessionManager: { getSessionId(): string };
}

/** Options of {@link createOtelExtension}, for a bundle that loads the exporter itself. */
export interface OtelExtensionOptions {
  /** Export even when no OTLP endpoint is set (OpenTelemetry's default endpoint then applies). */
  enable?: boolean;
  /** Export the value judged; overrides `PI_PERMISSION_OTEL_LOG_VALUES`. */
  exportValues?: boolean;
  /** Hides secrets inside an exported value; the bundle passes the review log's own search. */
  scrub?: (text: string) => Scrubbed;
}

// One exporter per event bus, whatever loads this module (the bundle and a standalone install
// may both be present, each with its own copy of the module): two would send every decision twice.
const CLAIMS = Symbol.for("@pi-permission/otel:claimed-buses");
function claimedBuses(): WeakSet<object> {
  const holder = globalThis as { [CLAIMS]?: WeakSet<object> };
  holder[CLAIMS] ??= new WeakSet();
  return holder[CLAIMS];
}

/**
 * The Pi extension: at `session_start`, when the environment enables it, it starts a
 * {@link createDecisionExporter} on `pi.events` for the session; at `session_shutdown` and
 * when the process is about to exit it sends what is queued. When exporting is off it loads
 * no OpenTelemetry code at all.
 *
 * @example
 * ```ts
 * // a bundle's extension entry
 * export default createOtelExtension({ scrub: (text) => scrubCommandSecrets(text) });
 * ```
 */
export function createOtelExtension(options: OtelExtensionOptions = {}) {
  return function piPermissionOtel(pi: OtelExtensionHost): void {
    let exporter: DecisionExporter | null = null;
    const onBeforeExit = () => void exporter?.forceFlush();

    pi.on("session_start", async (_event, ctx) => {
      const settings = readOtelSettings(process.env, { enable: options.enable });
      if (!settings.enabled || exporter !== null) return;
      const buses = claimedBuses();
      if (buses.has(pi.events)) return;
      buses.add(pi.events);
      const { createDecisionExporter } = await import("./exporter.ts");
      exporter = createDecisionExporter({
        events: pi.events,
        sessionId: ctx.sessionManager.getSessionId(),
        protocol: settings.protocol,
        exportValues: options.exportValues,
        scrub: options.scrub,
        onWarning: (message) => {
          if (ctx.hasUI) ctx.ui.notify(message, "warning");
          else process.stderr.write(`${message}\n`);
        },
      });
      process.on("beforeExit", onBeforeExit);
    });

    pi.on("session_shutdown", async () => {
      const running = exporter;
      if (running === null) return;
      exporter = null;
      process.off("beforeExit", onBeforeExit);
      await running.shutdown();
      claimedBuses().delete(pi.events);
    });
  };
}

/** The extension Pi loads through this package's `pi.extensions` manifest. */
const piPermissionOtel = createOtelExtension();
export default piPermissionOtel;

export { readOtelSettings } from "./environment.ts";
