// Runtime guards for data that arrives untyped: an event from `pi.events`, a payload read back
// from a forwarding file, a custom entry read from a session. Each is all-or-nothing: the whole
// value matches its schema, or the guard says no. None of them ever throws.
import { createRequire } from "node:module";
import type { TSchema } from "typebox";
import type ValueModule from "typebox/value";
import type {
  PermissionDecisionEvent,
  PermissionsReadyEvent,
  PermissionUiPromptEvent,
} from "./decision.ts";
import type { PromptPayload } from "./prompt-payload.ts";
import { type PayloadSchemas, payloadSchemas } from "./schemas.ts";
import type { PermissionsStateEntry } from "./state-entry.ts";

// typebox's checker is a large tree of modules that only a guard needs, and most processes
// that load this package (a Pi session judging calls) never run one: it is loaded on the
// first check, not with the package. require() of an ES module works from Node 20.19 on.
let checker: typeof ValueModule | undefined;
function check(schema: TSchema, value: unknown): boolean {
  checker ??= (createRequire(import.meta.url)("typebox/value") as { default: typeof ValueModule })
    .default;
  return checker.Check(schema, value);
}

function matches<T>(
  schema: keyof PayloadSchemas,
  value: unknown,
  also?: (checked: T) => boolean,
): boolean {
  // Every schema here is an object or a union of objects (test/guards.test.ts holds them to
  // it): anything else is no match, answered without loading typebox's checker, which a
  // caller with nothing to check (no entry, no data) would otherwise load (issue 18).
  if (value === null || (typeof value !== "object" && typeof value !== "function")) return false;
  // INVARIANT: a guard never throws. A hostile value (a Proxy whose traps throw, a getter
  // that throws) is simply not a match.
  try {
    return check(payloadSchemas()[schema], value) && (also === undefined || also(value as T));
  } catch {
    return false;
  }
}

/**
 * Whether a value is a complete {@link PromptPayload}. Unknown extra fields are accepted,
 * because the contract only ever adds fields; a missing or mistyped field anywhere rejects
 * the whole value.
 *
 * @example
 * ```ts
 * if (isPromptPayload(data)) render(data);
 * ```
 */
export function isPromptPayload(value: unknown): value is PromptPayload {
  return matches("PromptPayloadSchema", value);
}

/**
 * The value as a {@link PromptPayload} when it is a complete one, otherwise `null`. Never a
 * partial payload: a consumer either gets everything the contract promises or nothing.
 *
 * @example
 * ```ts
 * const payload = asPromptPayload(JSON.parse(text));
 * if (payload === null) return fallbackToAsk();
 * ```
 */
export function asPromptPayload(value: unknown): PromptPayload | null {
  return isPromptPayload(value) ? value : null;
}

/**
 * Whether a value is a well-formed {@link PermissionDecisionEvent}: every field present and
 * typed, a non-empty `requestId`, and a `resolution` that agrees with `result`.
 *
 * @example
 * ```ts
 * pi.events.on(PERMISSION_CHANNELS.decision, (data) => {
 *   if (isPermissionDecisionEvent(data)) record(data);
 * });
 * ```
 */
export function isPermissionDecisionEvent(value: unknown): value is PermissionDecisionEvent {
  return matches("PermissionDecisionEventSchema", value);
}

/**
 * Whether a value is a well-formed {@link PermissionUiPromptEvent}.
 *
 * @example
 * ```ts
 * pi.events.on(PERMISSION_CHANNELS.uiPrompt, (data) => {
 *   if (isPermissionUiPromptEvent(data)) ring(data.request.surface);
 * });
 * ```
 */
export function isPermissionUiPromptEvent(value: unknown): value is PermissionUiPromptEvent {
  return matches("PermissionUiPromptEventSchema", value);
}

/**
 * Whether a value is a well-formed {@link PermissionsReadyEvent}.
 *
 * @example
 * ```ts
 * pi.events.on(PERMISSION_CHANNELS.ready, (data) => {
 *   if (isPermissionsReadyEvent(data)) attach(data.sessionId);
 * });
 * ```
 */
export function isPermissionsReadyEvent(value: unknown): value is PermissionsReadyEvent {
  return matches("PermissionsReadyEventSchema", value);
}

/**
 * Whether a value is a valid {@link PermissionsStateEntry}. The check is strict: exactly the
 * fields of the contract at both levels, at least one hook, unique hook ids, and at least
 * one changed hook (an entry is only ever written for a transition). The legacy
 * `{ hooks: Record<string, boolean> }` and `{ enabled: false }` shapes are rejected.
 *
 * @example
 * ```ts
 * isPermissionsStateEntry({ enabled: false }); // false: a legacy entry
 * ```
 */
export function isPermissionsStateEntry(value: unknown): value is PermissionsStateEntry {
  return matches("PermissionsStateEntrySchema", value, (entry: PermissionsStateEntry) => {
    // Two rows with one id cannot both be restored; a snapshot without a change is not a
    // transition. Either way the entry is malformed, and malformed means "no entry".
    const ids = new Set(entry.hooks.map((hook) => hook.id));
    return ids.size === entry.hooks.length && entry.hooks.some((hook) => hook.changed);
  });
}

/**
 * The value as a {@link PermissionsStateEntry} when it is a valid one (see
 * {@link isPermissionsStateEntry}), otherwise `null`: restoration then falls back to the
 * default enablement and the card renderer draws nothing.
 *
 * @example
 * ```ts
 * const entry = asPermissionsStateEntry(customEntry.data);
 * const enabled = new Map(entry?.hooks.map((h) => [h.id, h.enabled]) ?? []);
 * ```
 */
export function asPermissionsStateEntry(value: unknown): PermissionsStateEntry | null {
  return isPermissionsStateEntry(value) ? value : null;
}
