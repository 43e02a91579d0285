import {
  closeSync,
  constants,
  fchmodSync,
  fstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import { basename, dirname, join } from "node:path";
import {
  DEFAULT_REVIEW_LOG_FILES,
  DEFAULT_REVIEW_LOG_MAX_BYTES,
  maskSensitiveFields,
  maskWithinStrings,
  prepareReviewLogRecord,
  resolveReviewLogFieldWidth,
} from "@pi-permission/log-cap";
import { type CommandSecret, scrubSecrets } from "./command-secrets.ts";
import { frozenCopy } from "./frozen-copy.ts";

/** The settings the writer reads on every line, so a policy change applies to the next one. */
export interface LogSettings {
  permissionReviewLog: boolean;
  debugLog: boolean;
  reviewLogFieldMaxWidth?: number;
  /** The size in bytes past which the review log is rotated (default 10 MiB). */
  reviewLogMaxBytes?: number;
  /** How many review-log files are kept, the current one included (default 5). */
  reviewLogFiles?: number;
}

/** Where the two logs live under the agent dir. */
export interface LogPaths {
  dir: string;
  review: string;
  debug: string;
}

/**
 * The one write path for both logs. A line is taken when it is logged (its time, the
 * settings in force and a snapshot of its details, its JSON text) and written after the caller's
 * turn, off the verdict's path: secrets in commands, width cap, masking and the append run
 * once the verdict has gone back to Pi.
 */
export interface LogWriter {
  readonly paths: LogPaths;
  /** Log a review-log line: secrets in commands, width cap, key masking, then append. Never throws. */
  review(event: string, details: Record<string, unknown>): void;
  /** Log a debug-log line (opt-in; masked and secrets in commands hidden, not width-capped). Never throws. */
  debug(event: string, details: Record<string, unknown>): void;
  /**
   * Write every line logged so far, now. Lines are also written on the next turn of the
   * event loop and when the process exits; tests and session shutdown call this. Never throws.
   */
  flush(): void;
}

export interface LogWriterOptions {
  agentDir: string;
  settings: () => LogSettings;
  /** Told about a failing disk, once per distinct message; gating goes on regardless. */
  onError?: (message: string) => void;
  now?: () => Date;
  /**
   * The secrets inside a bash command (`findCommandSecrets` over its analysis). A line's
   * `command` is searched, and what is found is hidden in every string of the line.
   */
  commandSecrets?: (command: string) => readonly CommandSecret[];
}

/** The folder and file names of the logs under `<agentDir>`. */
export function logPaths(agentDir: string): LogPaths {
  const dir = join(agentDir, "pi-permission", "logs");
  return { dir, review: join(dir, "review.jsonl"), debug: join(dir, "debug.jsonl") };
}

/**
 * The name of the review log's `index`th file: `review.jsonl` is the current one,
 * `review.1.jsonl` the one before it, and so on to `review.<reviewLogFiles - 1>.jsonl`.
 */
export function rotatedLogPath(file: string, index: number): string {
  return index === 0 ? file : file.replace(/\.jsonl$/, `.${index}.jsonl`);
}

/**
 * Create the writer. Directories are made 0700 and files 0600, because a review log names
 * the commands and paths of someone's work.
 *
 * Several Pi processes may write one log at once. Each line is one `write()` on a file opened
 * with `O_APPEND`: on Linux's local file systems the kernel moves to the end of the file and
 * copies the whole buffer while holding the file's inode lock, so two appends never
 * interleave and none overwrites another, whatever the line's size (`PIPE_BUF` bounds pipes,
 * not regular files). A short write (a full disk) is reported, never completed by a second
 * write that another process's line could split. Rotation renames files under a lock file, so
 * one process rotates; a line appended through a descriptor opened just before a rotation
 * lands in `review.1.jsonl`, which readers read too. Network file systems give no such
 * promise for `O_APPEND`.
 */
export function createLogWriter(options: LogWriterOptions): LogWriter {
  const paths = logPaths(options.agentDir);
  const now = options.now ?? (() => new Date());
  const reported = new Set<string>();
  // The folder is made (0700) once per writer, and each file's mode checked once: not per line.
  let folderMade = false;
  const checkedModes = new Set<string>();
  const pending: Array<() => void> = [];
  let scheduled = false;

  const report = (message: string) => {
    if (reported.has(message)) return;
    reported.add(message);
    try {
      options.onError?.(message);
    } catch {
      // reporting is best effort too
    }
  };

  const append = (file: string, line: Record<string, unknown>, rotation?: Rotation) => {
    try {
      const data = Buffer.from(`${JSON.stringify(line)}\n`);
      try {
        write(file, data, rotation);
      } catch (error) {
        // The folder may have been removed since: make it again, once, and retry.
        if ((error as NodeJS.ErrnoException).code !== "ENOENT" || !folderMade) throw error;
        folderMade = false;
        write(file, data, rotation);
      }
    } catch (error) {
      // INVARIANT: a failing disk never breaks gating; the verdict does not wait on the log.
      report(`pi-permission could not write ${file}: ${(error as Error).message}`);
    }
  };

  const write = (file: string, data: Buffer, rotation?: Rotation) => {
    if (!folderMade) {
      mkdirSync(paths.dir, { recursive: true, mode: 0o700 });
      folderMade = true;
    }
    if (rotation) rotateIfFull(file, data.length, rotation);
    if (appendWhole(file, data, !checkedModes.has(file))) checkedModes.add(file);
  };

  const flush = () => {
    scheduled = false;
    writers.delete(writer);
    // A line logged while flushing (a failing write's report) waits for the next flush.
    for (const line of pending.splice(0)) {
      try {
        line();
      } catch {
        // each line guards itself; nothing may escape into Pi
      }
    }
  };

  const later = (line: () => void) => {
    pending.push(line);
    writers.add(writer);
    if (!exitHook) {
      exitHook = true;
      process.on("exit", flushAtExit);
    }
    if (scheduled) return;
    scheduled = true;
    setImmediate(flush);
  };

  const envelope = (event: string) => ({ timestamp: now().toISOString(), event });

  const writer: LogWriter = {
    paths,
    review(event, details) {
      let settings: LogSettings;
      try {
        settings = options.settings();
        if (!settings.permissionReviewLog) return;
      } catch {
        return;
      }
      const rotation = resolveRotation(settings);
      const at = now();
      const head = () => ({ timestamp: at.toISOString(), event });
      let snapshot: string | Record<string, unknown>;
      try {
        // INVARIANT: the line says what was true when it was logged, whatever the caller
        // does to its objects before the write.
        snapshot = snapshotOf(details);
      } catch (error) {
        later(() => append(paths.review, { ...head(), logError: String(error) }, rotation));
        return;
      }
      const width = resolveReviewLogFieldWidth(settings);
      later(() => {
        try {
          const copied = typeof snapshot === "string" ? JSON.parse(snapshot) : snapshot;
          const { record: scrubbed, within } = scrubCommandSecrets(copied, options.commandSecrets);
          const { record, capped, masked } = prepareReviewLogRecord(scrubbed, width);
          append(
            paths.review,
            {
              ...head(),
              ...withoutNulls(withoutEnvelope(record)),
              ...(capped.length > 0 ? { capped } : {}),
              ...(masked.length > 0 ? { masked } : {}),
              ...(within.length > 0 ? { maskedSecrets: within } : {}),
            },
            rotation,
          );
        } catch (error) {
          append(paths.review, { ...head(), logError: String(error) }, rotation);
        }
      });
    },
    debug(event, details) {
      try {
        if (!options.settings().debugLog) return;
        const head = envelope(event);
        const snapshot = frozenCopy(details);
        later(() => {
          try {
            // Secrets in a command are hidden here too; only the width cap is the review log's.
            const { record } = scrubCommandSecrets(snapshot, options.commandSecrets);
            append(paths.debug, { ...head, ...withoutEnvelope(maskSensitiveFields(record)) });
          } catch {
            // the debug log is a diagnostic aid; losing a line must not matter
          }
        });
      } catch {
        // the debug log is a diagnostic aid; losing a line must not matter
      }
    },
    flush,
  };
  return writer;
}

/**
 * What a review line's details were when logged: their JSON text, which is what the line will
 * hold, taken by the engine's own serializer (a walk in script over every field cost the
 * verdict's path more, issue 18). Details JSON cannot write (a value that refers to itself)
 * get the frozen copy, whose error names why.
 */
function snapshotOf(details: Record<string, unknown>): string | Record<string, unknown> {
  // Most lines are flat (ids, names, the command, the resolution): strings cannot change, so
  // a copy of the record's own fields is the snapshot, without a JSON round trip.
  const flat = flatCopy(details);
  if (flat !== null) return flat;
  try {
    return JSON.stringify(details);
  } catch {
    return frozenCopy(details);
  }
}

/**
 * A copy of a record whose own fields all hold strings, booleans, finite numbers, `null` or
 * `undefined` (what JSON writes of them the same either way), or a few levels of plain records
 * and arrays of those (a rule's origin, a list of paths: copied as a JSON round trip would
 * give them back); `null` for any other record.
 */
function flatCopy(details: Record<string, unknown>): Record<string, unknown> | null {
  // A class instance or a record with a `toJSON` is written as JSON would write it.
  if (Object.getPrototypeOf(details) !== Object.prototype || "toJSON" in details) return null;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(details)) {
    // Assigned, this key would set the copy's prototype instead of a field.
    if (key === "__proto__") return null;
    const value = details[key];
    switch (typeof value) {
      case "string":
      case "boolean":
      case "undefined":
        copy[key] = value;
        break;
      case "number":
        if (!Number.isFinite(value)) return null;
        copy[key] = value;
        break;
      case "object": {
        const nested = value === null ? null : jsonCopy(value, NESTED_LEVELS);
        if (nested === undefined) return null;
        copy[key] = nested;
        break;
      }
      default:
        return null;
    }
  }
  return copy;
}

/** How deep {@link jsonCopy} goes before it leaves the record to JSON (which finds cycles). */
const NESTED_LEVELS = 3;

/**
 * What `JSON.parse(JSON.stringify(value))` gives for a plain record or array of strings,
 * booleans, finite numbers and `null` (a record's `undefined` field left out, an array's
 * written `null`), nested at most `levels` deep; `undefined` for anything else.
 */
function jsonCopy(value: object, levels: number): unknown {
  if (levels === 0) return undefined;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return undefined;
    const copy: unknown[] = [];
    for (const item of value) {
      const element = item === undefined ? null : jsonValue(item, levels);
      if (element === undefined) return undefined;
      copy.push(element);
    }
    return copy;
  }
  if (Object.getPrototypeOf(value) !== Object.prototype || "toJSON" in value) return undefined;
  const copy: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key === "__proto__") return undefined;
    const field = (value as Record<string, unknown>)[key];
    if (field === undefined) continue;
    const copied = jsonValue(field, levels);
    if (copied === undefined) return undefined;
    copy[key] = copied;
  }
  return copy;
}

function jsonValue(value: unknown, levels: number): unknown {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value : undefined;
    case "object":
      return value === null ? null : jsonCopy(value, levels - 1);
    default:
      return undefined;
  }
}

/** The writers holding lines not yet written, flushed when the process exits. */
const writers = new Set<LogWriter>();
let exitHook = false;
function flushAtExit(): void {
  for (const writer of [...writers]) writer.flush();
}

interface Rotation {
  maxBytes: number;
  files: number;
}

function resolveRotation(settings: LogSettings): Rotation {
  const positive = (n: unknown, fallback: number) =>
    Number.isSafeInteger(n) && (n as number) > 0 ? (n as number) : fallback;
  return {
    maxBytes: positive(settings.reviewLogMaxBytes, DEFAULT_REVIEW_LOG_MAX_BYTES),
    files: positive(settings.reviewLogFiles, DEFAULT_REVIEW_LOG_FILES),
  };
}

/**
 * One `O_APPEND` write of the whole line, to a 0600 file (see {@link createLogWriter}).
 * Returns whether the file's mode was checked.
 */
function appendWhole(file: string, data: Buffer, checkMode: boolean): boolean {
  const fd = openSync(file, constants.O_WRONLY | constants.O_APPEND | constants.O_CREAT, 0o600);
  try {
    // The mode given to open applies only when it creates the file (never wider than 0600),
    // so a file that was there before is made private the first time this writer opens it.
    if (checkMode && (fstatSync(fd).mode & 0o777) !== 0o600) fchmodSync(fd, 0o600);
    const written = writeSync(fd, data);
    if (written !== data.length) {
      throw new Error(`short write: ${written} of ${data.length} bytes`);
    }
    return checkMode;
  } finally {
    closeSync(fd);
  }
}

// A lock older than this was left by a process that died while rotating.
const STALE_LOCK_MS = 10_000;

/**
 * Rotate when this line would take the current file past `maxBytes`: `review.jsonl` becomes
 * `review.1.jsonl`, `.1` becomes `.2`, …, and the oldest beyond `files` is dropped. One
 * process rotates at a time (an `O_EXCL` lock file); the others append meanwhile, to
 * whichever file holds the name.
 */
function rotateIfFull(file: string, incoming: number, rotation: Rotation): void {
  const size = sizeOf(file);
  if (size === 0 || size + incoming <= rotation.maxBytes) return;
  const lock = `${file}.lock`;
  let fd: number;
  try {
    fd = openSync(lock, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    // Someone else is rotating; a lock left by a dead process is cleared for the next line.
    if (Date.now() - mtimeOf(lock) > STALE_LOCK_MS) unlinkQuietly(lock);
    return;
  }
  try {
    // Checked again under the lock: another process may have rotated since.
    if (sizeOf(file) + incoming <= rotation.maxBytes) return;
    if (rotation.files === 1) {
      unlinkQuietly(file);
      return;
    }
    // Oldest first, so no rename overwrites a file still to be moved.
    for (const index of rotatedIndexes(file).sort((a, b) => b - a)) {
      const from = rotatedLogPath(file, index);
      if (index + 1 >= rotation.files) unlinkQuietly(from);
      else renameSync(from, rotatedLogPath(file, index + 1));
    }
  } finally {
    closeSync(fd);
    unlinkQuietly(lock);
  }
}

/** The indexes of the review log's files that exist: 0 for the current one, 1, 2, … */
function rotatedIndexes(file: string): number[] {
  const base = basename(file, ".jsonl");
  return readdirSync(dirname(file)).flatMap((name) => {
    if (name === `${base}.jsonl`) return [0];
    const match = /^(.+)\.(\d+)\.jsonl$/.exec(name);
    return match?.[1] === base ? [Number(match[2])] : [];
  });
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function mtimeOf(file: string): number {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return Date.now();
  }
}

function unlinkQuietly(file: string): void {
  try {
    unlinkSync(file);
  } catch {
    // already gone
  }
}

/** Hide the secrets of the line's `command` in every string of the line. */
function scrubCommandSecrets(
  details: Record<string, unknown>,
  find: LogWriterOptions["commandSecrets"],
): ReturnType<typeof maskWithinStrings> {
  const command = details.command;
  const secrets = typeof command === "string" && find ? find(command) : [];
  if (secrets.length === 0) return { record: details, within: [] };
  return maskWithinStrings(details, (text) => scrubSecrets(text, secrets));
}

const ENVELOPE_KEYS = new Set([
  "timestamp",
  "stream",
  "event",
  "capped",
  "masked",
  "maskedSecrets",
]);

/** A record may not overwrite the line's own envelope (a spoofed `event` would mislead an audit). */
function withoutEnvelope(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !ENVELOPE_KEYS.has(key)));
}

/** A `null` fact is left out (seed 000: null facts are omitted, not written as null). */
function withoutNulls(record: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));
}
