// The file layer of the forwarding edge (seed 003): one inbox folder per serving session under
// the agent dir, request and response files named by the request id, a heartbeat of the
// session that serves it. Everything read here was written by another process, so nothing is
// trusted before it passed the checks below: a refused file is reported, never read as data.
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  constants,
  type FSWatcher,
  fstatSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  readSync,
  renameSync,
  rmSync,
  unlinkSync,
  watch,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { isFilenameSafeRequestId } from "@pi-permission/request-id";

/** The folder under the agent dir that holds every inbox. */
export function forwardingRoot(agentDir: string): string {
  return join(agentDir, "pi-permission", "forwarding");
}

/**
 * The inbox of the session `sessionId`, or `null` when the id cannot name a folder. A session
 * id arrives through the environment, so it is held to the request id's guard: a value with a
 * path separator would otherwise name a folder outside the forwarding root.
 */
export function inboxDir(agentDir: string, sessionId: string): string | null {
  return isFilenameSafeRequestId(sessionId) ? join(forwardingRoot(agentDir), sessionId) : null;
}

export const REQUEST_SUFFIX = ".request.json";
export const RESPONSE_SUFFIX = ".response.json";
export const HEARTBEAT_FILE = "heartbeat.json";

/** The largest file read from an inbox; a request holds a tool input (a 72 KB heredoc fits). */
export const MAX_INBOX_FILE_BYTES = 1024 * 1024;

/** How often a serving session renews its heartbeat. */
export const HEARTBEAT_INTERVAL_MS = 500;

/** A heartbeat older than this means nobody serves the inbox (the "about 2 s" of issue 15). */
export const HEARTBEAT_STALE_MS = 2_000;

/** Why a file in an inbox was not read. */
export type Refusal =
  | "missing"
  | "symlink"
  | "not_a_file"
  | "foreign_owner"
  | "oversized"
  | "corrupt";

export type ReadResult =
  | { ok: true; value: unknown }
  | { ok: false; refusal: Refusal; detail: string };

/**
 * Create the folder (and its parents) private to this user, and check that what is there is
 * a real folder this user owns: a symlink planted in its place is refused, not followed.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const stat = lstatSync(dir);
  if (stat.isSymbolicLink() || !stat.isDirectory()) {
    throw new Error(`${dir} is not a folder (a symlink or a file is in its place)`);
  }
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) {
    throw new Error(`${dir} belongs to another user (uid ${stat.uid})`);
  }
  // mkdir's mode applies only to folders it creates, and the umask narrows it anyway.
  if ((stat.mode & 0o777) !== 0o700) chmodSync(dir, 0o700);
}

/**
 * Write `data` as JSON to `dir/name` atomically: a private temporary file in the same folder,
 * then a rename, so a reader sees the whole file or none of it.
 */
export function writeJsonAtomic(dir: string, name: string, data: unknown): void {
  const temp = join(dir, `.${name}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
  try {
    // `wx`: never write through a file someone placed at the temporary name.
    writeFileSync(temp, JSON.stringify(data), { mode: 0o600, flag: "wx" });
    renameSync(temp, join(dir, name));
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

/**
 * Read a JSON file another process wrote into an inbox. Refused: a symlink (never followed),
 * anything but a regular file, a file another user owns, a file over `maxBytes`, and content
 * that is not JSON.
 */
export function readInboxJson(file: string, maxBytes = MAX_INBOX_FILE_BYTES): ReadResult {
  let fd: number;
  try {
    // O_NOFOLLOW: a symlink fails to open (ELOOP) instead of being read through.
    fd = openSync(file, constants.O_RDONLY | (constants.O_NOFOLLOW ?? 0) | nonBlocking());
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") return { ok: false, refusal: "missing", detail: file };
    if (code === "ELOOP" || code === "EMLINK") {
      return { ok: false, refusal: "symlink", detail: `${file} is a symlink` };
    }
    return { ok: false, refusal: "not_a_file", detail: `${file}: ${code ?? String(error)}` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile())
      return { ok: false, refusal: "not_a_file", detail: `${file} is not a file` };
    const uid = process.getuid?.();
    if (uid !== undefined && stat.uid !== uid) {
      return {
        ok: false,
        refusal: "foreign_owner",
        detail: `${file} belongs to uid ${stat.uid}, not ${uid}`,
      };
    }
    if (stat.size > maxBytes) {
      return {
        ok: false,
        refusal: "oversized",
        detail: `${file} has ${stat.size} bytes (at most ${maxBytes})`,
      };
    }
    const buffer = Buffer.alloc(stat.size);
    let read = 0;
    while (read < stat.size) {
      const n = readSync(fd, buffer, read, stat.size - read, read);
      if (n === 0) break;
      read += n;
    }
    try {
      return { ok: true, value: JSON.parse(buffer.subarray(0, read).toString("utf8")) };
    } catch (error) {
      return { ok: false, refusal: "corrupt", detail: `${file}: ${(error as Error).message}` };
    }
  } finally {
    closeSync(fd);
  }
}

// A FIFO planted in the inbox would block a plain open forever.
function nonBlocking(): number {
  return constants.O_NONBLOCK ?? 0;
}

/** Remove a file if it is there; a missing file is not an error. */
export function removeQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone, or never written
  }
}

/** What a serving session writes into its inbox to say it is alive. */
export interface Heartbeat {
  sessionId: string;
  pid: number;
  /** When it was written (ms since the epoch). */
  at: number;
}

/** Whether a serving session is alive, and if not, why not (said to the agent and the log). */
export type Liveness = { serving: true } | { serving: false; why: string };

/**
 * Read the heartbeat of an inbox: serving only when it is fresh and its process still runs.
 * A dead process is known at once (its pid is gone), a hung one once the heartbeat is stale.
 */
export function liveness(dir: string, sessionId: string, now = Date.now()): Liveness {
  const read = readInboxJson(join(dir, HEARTBEAT_FILE), 4096);
  if (!read.ok) {
    return {
      serving: false,
      why:
        read.refusal === "missing"
          ? `the parent session ${sessionId} is not serving forwarded asks (no pi-permission with a UI runs in it, or it has ended)`
          : `the parent session ${sessionId}'s heartbeat was refused (${read.detail})`,
    };
  }
  const beat = read.value as Partial<Heartbeat> | null;
  if (
    beat === null ||
    typeof beat !== "object" ||
    beat.sessionId !== sessionId ||
    typeof beat.pid !== "number" ||
    typeof beat.at !== "number"
  ) {
    return { serving: false, why: `the parent session ${sessionId}'s heartbeat is unreadable` };
  }
  if (!processRuns(beat.pid)) {
    return {
      serving: false,
      why: `the parent session ${sessionId} has ended (process ${beat.pid} is gone)`,
    };
  }
  if (now - beat.at > HEARTBEAT_STALE_MS) {
    return {
      serving: false,
      why: `the parent session ${sessionId} stopped serving forwarded asks (no heartbeat for ${Math.round((now - beat.at) / 1000)} s)`,
    };
  }
  return { serving: true };
}

function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else (still running).
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Write the heartbeat of the session serving `dir`. */
export function writeHeartbeat(dir: string, sessionId: string, now = Date.now()): void {
  writeJsonAtomic(dir, HEARTBEAT_FILE, {
    sessionId,
    pid: process.pid,
    at: now,
  } satisfies Heartbeat);
}

/**
 * Remove request, response and temporary files older than `maxAgeMs`: left by a child that
 * died or timed out, or a parent that ended before answering. Returns the names removed.
 */
export function cleanStale(dir: string, maxAgeMs: number, now = Date.now()): string[] {
  const removed: string[] = [];
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return removed;
  }
  for (const name of names) {
    if (!(name.endsWith(REQUEST_SUFFIX) || name.endsWith(RESPONSE_SUFFIX) || name.endsWith(".tmp")))
      continue;
    try {
      const stat = lstatSync(join(dir, name));
      if (now - stat.mtimeMs > maxAgeMs) {
        unlinkSync(join(dir, name));
        removed.push(name);
      }
    } catch {
      // raced with its owner removing it
    }
  }
  return removed;
}

/**
 * Call `onChange` when the folder may have changed: at once through `fs.watch`, and every
 * `pollMs` as well, because `fs.watch` is not available everywhere (some network and
 * container file systems) and may drop events. Returns the function that stops both.
 */
export function watchFolder(dir: string, onChange: () => void, pollMs: number): () => void {
  let watcher: FSWatcher | undefined;
  try {
    watcher = watch(dir, { persistent: false }, () => onChange());
    watcher.on("error", () => {
      watcher?.close();
      watcher = undefined;
    });
  } catch {
    watcher = undefined;
  }
  const timer = setInterval(onChange, pollMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    watcher?.close();
  };
}
