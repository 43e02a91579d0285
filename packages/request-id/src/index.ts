/**
 * One id per permission request, minted when the request is created and carried on
 * every review-log record and decision event of that request.
 *
 * An id handed in from outside (a forwarded request read from a file another session
 * wrote) is adopted only when it can safely name a file; otherwise a fresh id is minted.
 *
 * @packageDocumentation
 */
import { randomUUID } from "node:crypto";

/** The prefix that makes a minted id recognisable next to a host's tool-call ids. */
export const PERMISSION_REQUEST_ID_PREFIX = "perm-";

/**
 * The longest request id that is adopted. A minted id is 41 characters; 128 leaves room
 * for other mint formats while an adopted id plus a suffix such as `.response.json` stays
 * far below the 255-byte file-name limit of common file systems (the id is ASCII, so
 * characters and bytes agree).
 */
export const MAX_REQUEST_ID_LENGTH = 128;

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

// Letters, digits, dot, underscore and hyphen: no path separator, no whitespace, no NUL,
// nothing a shell or a file system reads specially. Without the `m` flag, `$` matches only
// at the very end, so a trailing newline is refused too.
const FILENAME_SAFE = /^[A-Za-z0-9._-]+$/;

// `.` and `..` name directories, not files, and Windows strips trailing dots, so an id
// made only of dots never names the file it seems to.
const ONLY_DOTS = /^\.+$/;

// Windows reserves these device names whatever the extension (`NUL.request.json` is the
// null device), and Pi runs on Windows.
const WINDOWS_DEVICE_NAME = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\..*)?$/i;

/**
 * Whether `id` can name a file as it is: a string of 1 to {@link MAX_REQUEST_ID_LENGTH}
 * characters from `A-Z a-z 0-9 . _ -`, not made only of dots (`.`, `..`), and not a
 * Windows device name (`CON`, `NUL.json`, `com1`). Nothing else is ever coerced: a number
 * or a `String` object is not an id.
 *
 * The prefix is not required: an id minted by an older or newer session in another
 * format is still a valid name for the request it came with.
 *
 * @example
 * ```ts
 * isFilenameSafeRequestId("perm-3b241101-e2bb-4255-8caf-4136c566a962"); // true
 * isFilenameSafeRequestId("../etc/passwd"); // false
 * isFilenameSafeRequestId(".."); // false
 * ```
 */
export function isFilenameSafeRequestId(id: unknown): id is string {
  return (
    typeof id === "string" &&
    id.length <= MAX_REQUEST_ID_LENGTH &&
    FILENAME_SAFE.test(id) &&
    !ONLY_DOTS.test(id) &&
    !WINDOWS_DEVICE_NAME.test(id)
  );
}

/**
 * The id for a request that arrived with a `candidate` id from outside, such as a
 * forwarded request read from disk: the candidate verbatim when it is filename-safe
 * ({@link isFilenameSafeRequestId}), otherwise a freshly minted id. One id then runs end
 * to end, and an inbound id can never become a path that escapes the forwarding folder.
 *
 * @example
 * ```ts
 * adoptOrMintPermissionRequestId("perm-3b241101-e2bb-4255-8caf-4136c566a962");
 * // "perm-3b241101-e2bb-4255-8caf-4136c566a962" (adopted)
 * adoptOrMintPermissionRequestId("../../outside");
 * // "perm-9f1c0a52-64d4-4c1e-9b0e-2f1d7a3c5e10" (minted)
 * ```
 */
export function adoptOrMintPermissionRequestId(candidate: unknown): string {
  // INVARIANT: an id that fails the guard is never used, not even repaired; the fallback
  // is a fresh mint, which always passes it.
  return isFilenameSafeRequestId(candidate) ? candidate : createPermissionRequestId();
}
