import {
  PERMISSION_CHANNELS,
  type PermissionDecisionEvent,
  type PermissionsReadyEvent,
  type PermissionUiPromptEvent,
} from "@pi-permission/payload";
import { frozenCopy } from "./frozen-copy.ts";

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
