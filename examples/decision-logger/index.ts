// An audit subscriber for pi-permission: one logfmt line per permission decision, and one per
// prompt shown to the human, appended to a file. It only listens on `pi.events`; it never
// changes a verdict and never throws into the bus.
import { appendFileSync, chmodSync, mkdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { type ExtensionAPI, getAgentDir } from "@earendil-works/pi-coding-agent";
import {
  isPermissionDecisionEvent,
  isPermissionUiPromptEvent,
  PERMISSION_CHANNELS,
  type PermissionDecisionEvent,
  type PermissionUiPromptEvent,
} from "@pi-permission/payload";

/** The environment variable that names the log file. */
export const LOG_FILE_ENV = "PI_PERMISSION_DECISION_LOG";

/** The most characters of a judged value a line keeps (a command can be a 72 KB heredoc). */
export const VALUE_MAX_WIDTH = 200;

/** Where the lines go: `$PI_PERMISSION_DECISION_LOG`, else `<agentDir>/decision-logger/decisions.log`. */
export function logFile(
  env: Readonly<Record<string, string | undefined>> = process.env,
  agentDir: () => string = getAgentDir,
): string {
  const fromEnv = env[LOG_FILE_ENV];
  return fromEnv ? fromEnv : join(agentDir(), "decision-logger", "decisions.log");
}

/**
 * One decision as a logfmt line:
 * `time=… event=decision result=deny resolution=policy_deny surface=bash value="rm -rf build" pattern="rm *" origin=global request=perm-…`.
 * `agent=` is added for a named agent, `forwarded_from=` for a request another session forwarded,
 * `preempted_by=` for a request another request of its call refused first.
 */
export function formatDecision(event: PermissionDecisionEvent, time: Date): string {
  return logfmt([
    ["time", time.toISOString()],
    ["event", "decision"],
    ["result", event.result],
    ["resolution", event.resolution],
    ["surface", event.surface],
    ["value", event.value],
    ["pattern", event.matchedPattern],
    ["origin", event.origin],
    ["agent", event.agentName ?? undefined],
    ["forwarded_from", event.forwarding ? (event.forwarding.requesterSessionId ?? "?") : undefined],
    ["preempted_by", event.preemptedBy ?? undefined],
    ["request", event.requestId],
  ]);
}

/** A prompt about to be shown to the human, as a logfmt line (`event=prompt`). */
export function formatUiPrompt(event: PermissionUiPromptEvent, time: Date): string {
  return logfmt([
    ["time", time.toISOString()],
    ["event", "prompt"],
    ["surface", event.request.surface],
    ["tool", event.request.toolName],
    ["value", event.request.value],
    ["pattern", event.request.matchedPattern],
    ["request", event.requestId],
  ]);
}

/** What {@link createDecisionLogger} may be told; the defaults are the real file and clock. */
export interface DecisionLoggerOptions {
  /** The log file, resolved on every line so a changed environment applies. */
  file?: () => string;
  now?: () => Date;
  /** Told once per distinct failure to write; by default a line on stderr. */
  onError?: (message: string) => void;
}

/** Build the extension; the default export is this with the defaults. */
export function createDecisionLogger(options: DecisionLoggerOptions = {}) {
  const file = options.file ?? (() => logFile());
  const now = options.now ?? (() => new Date());
  const onError =
    options.onError ?? ((message: string) => process.stderr.write(`decision-logger: ${message}\n`));
  const reported = new Set<string>();

  const append = (line: string) => {
    try {
      const target = file();
      mkdirSync(dirname(target), { recursive: true, mode: 0o700 });
      appendFileSync(target, `${line}\n`, { mode: 0o600 });
      // An audit log names commands and paths: keep it private even if it existed already.
      chmodSync(target, 0o600);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (!reported.has(message)) {
        reported.add(message);
        onError(message);
      }
    }
  };

  return function decisionLogger(pi: ExtensionAPI): void {
    pi.events.on(PERMISSION_CHANNELS.decision, (data: unknown) => {
      // Anything can be emitted on a shared bus: only a well-formed decision is recorded.
      if (isPermissionDecisionEvent(data)) append(formatDecision(data, now()));
    });
    pi.events.on(PERMISSION_CHANNELS.uiPrompt, (data: unknown) => {
      if (isPermissionUiPromptEvent(data)) append(formatUiPrompt(data, now()));
    });
  };
}

export default createDecisionLogger();

type Field = readonly [key: string, value: string | null | undefined];

/** `key=value` pairs; `null` is written `-`, `undefined` leaves the key out. */
function logfmt(fields: readonly Field[]): string {
  return fields
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key}=${logfmtValue(value ?? "-")}`)
    .join(" ");
}

function logfmtValue(value: string): string {
  const capped = value.length > VALUE_MAX_WIDTH ? `${value.slice(0, VALUE_MAX_WIDTH - 1)}…` : value;
  // A bare word when it is one; otherwise a JSON string, so a newline never splits the line.
  return /^[^\s"=\\]+$/.test(capped) ? capped : JSON.stringify(capped);
}
