/**
 * One id per permission request, minted when the request is created and carried on
 * every review-log record and decision event of that request.
 *
 * @packageDocumentation
 */
import { randomUUID } from "node:crypto";

/** The prefix that makes a minted id recognisable next to a host's tool-call ids. */
export const PERMISSION_REQUEST_ID_PREFIX = "perm-";

/**
 * Mint the id that identifies one permission request from creation to its terminal
 * decision. Distinct from the host's `toolCallId`: one tool call raises several requests.
 *
 * @example
 * ```ts
 * createPermissionRequestId(); // "perm-3b241101-e2bb-4255-8caf-4136c566a962"
 * ```
 */
export function createPermissionRequestId(): string {
  return `${PERMISSION_REQUEST_ID_PREFIX}${randomUUID()}`;
}
