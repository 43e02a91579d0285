import {
  PERMISSION_CHANNELS,
  type PermissionDecisionEvent,
  type PermissionsReadyEvent,
  type PermissionUiPromptEvent,
} from "@pi-permission/payload";

/** The part of `pi.events` this package uses. */
export interface EventBus {
  emit(channel: string, data: unknown): void;
}

/**
 * Publish on `pi.events`, best effort. Subscribers get a frozen copy, so none can alter
 * the record another subscriber or the review log sees, and none can affect a verdict.
 */
export function createPublisher(bus: EventBus) {
  const publish = (channel: string, data: unknown) => {
    try {
      bus.emit(channel, frozenCopy(data));
    } catch {
      // INVARIANT: a failing subscriber or bus never changes a verdict.
    }
  };
  return {
    decision: (event: PermissionDecisionEvent) => publish(PERMISSION_CHANNELS.decision, event),
    uiPrompt: (event: PermissionUiPromptEvent) => publish(PERMISSION_CHANNELS.uiPrompt, event),
    ready: (event: PermissionsReadyEvent) => publish(PERMISSION_CHANNELS.ready, event),
  };
}

/**
 * A deeply frozen copy of an event. Events are plain data (objects, arrays, strings,
 * numbers, booleans, null), so a walk that copies arrays and own enumerable properties
 * does what `structuredClone` did, at a fraction of its cost on every decision. Anything
 * else (a class instance a hook put in a field) is copied as a plain object of its fields.
 */
export function frozenCopy<T>(value: T): T {
  return copy(value, new Set()) as T;
}

function copy(value: unknown, path: Set<object>): unknown {
  if (typeof value !== "object" || value === null) return value;
  // A cycle cannot be published as data; structuredClone kept it, JSON never could.
  if (path.has(value)) throw new TypeError("a permission event refers to itself");
  path.add(value);
  let out: unknown[] | Record<string, unknown>;
  if (Array.isArray(value)) {
    out = value.map((item) => copy(item, path));
  } else {
    out = {};
    for (const key of Object.keys(value)) {
      out[key] = copy((value as Record<string, unknown>)[key], path);
    }
  }
  path.delete(value);
  return Object.freeze(out);
}
