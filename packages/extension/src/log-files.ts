import { appendFileSync, chmodSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import {
  maskSensitiveFields,
  prepareReviewLogRecord,
  resolveReviewLogFieldWidth,
} from "@pi-permission/log-cap";

/** The settings the writer reads on every line, so a policy change applies to the next one. */
export interface LogSettings {
  permissionReviewLog: boolean;
  debugLog: boolean;
  reviewLogFieldMaxWidth?: number;
}

/** Where the two logs live under the agent dir. */
export interface LogPaths {
  dir: string;
  review: string;
  debug: string;
}

/** The one write path for both logs. */
export interface LogWriter {
  readonly paths: LogPaths;
  /** Append a review-log line: width cap, then masking, then append. Never throws. */
  review(event: string, details: Record<string, unknown>): void;
  /** Append a debug-log line (opt-in; masked, not width-capped). Never throws. */
  debug(event: string, details: Record<string, unknown>): void;
}

export interface LogWriterOptions {
  agentDir: string;
  settings: () => LogSettings;
  /** Told about a failing disk, once per distinct message; gating goes on regardless. */
  onError?: (message: string) => void;
  now?: () => Date;
}

/** The folder and file names of the logs under `<agentDir>`. */
export function logPaths(agentDir: string): LogPaths {
  const dir = join(agentDir, "pi-permission", "logs");
  return { dir, review: join(dir, "review.jsonl"), debug: join(dir, "debug.jsonl") };
}

/**
 * Create the writer. Directories are made 0700 and files 0600 on first write, because a
 * review log names the commands and paths of someone's work.
 */
export function createLogWriter(options: LogWriterOptions): LogWriter {
  const paths = logPaths(options.agentDir);
  const now = options.now ?? (() => new Date());
  const reported = new Set<string>();

  const append = (file: string, line: Record<string, unknown>) => {
    try {
      mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
      appendFileSync(file, `${JSON.stringify(line)}\n`, { mode: 0o600 });
      // appendFileSync's mode applies only when it creates the file; keep it private anyway.
      chmodSync(file, 0o600);
    } catch (error) {
      // INVARIANT: a failing disk never breaks gating; the verdict does not wait on the log.
      const message = `pi-permission could not write ${file}: ${(error as Error).message}`;
      if (!reported.has(message)) {
        reported.add(message);
        try {
          options.onError?.(message);
        } catch {
          // reporting is best effort too
        }
      }
    }
  };

  const envelope = (stream: string, event: string) => ({
    timestamp: now().toISOString(),
    stream,
    event,
  });

  return {
    paths,
    review(event, details) {
      try {
        const settings = options.settings();
        if (!settings.permissionReviewLog) return;
        const width = resolveReviewLogFieldWidth(settings);
        const { record, capped, masked } = prepareReviewLogRecord(details, width);
        append(paths.review, {
          ...envelope("review", event),
          ...withoutEnvelope(record),
          ...(capped.length > 0 ? { capped } : {}),
          ...(masked.length > 0 ? { masked } : {}),
        });
      } catch (error) {
        append(paths.review, { ...envelope("review", event), logError: String(error) });
      }
    },
    debug(event, details) {
      try {
        if (!options.settings().debugLog) return;
        append(paths.debug, {
          ...envelope("debug", event),
          ...withoutEnvelope(maskSensitiveFields(details)),
        });
      } catch {
        // the debug log is a diagnostic aid; losing a line must not matter
      }
    },
  };
}

const ENVELOPE_KEYS = new Set(["timestamp", "stream", "event", "capped", "masked"]);

/** A record may not overwrite the line's own envelope (a spoofed `event` would mislead an audit). */
function withoutEnvelope(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !ENVELOPE_KEYS.has(key)));
}
