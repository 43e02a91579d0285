// The serving side of the forwarding edge: a session with a human serves its inbox while it
// lives. It renews its heartbeat, picks up request files as they appear, hands each to the
// judge one at a time (one human, one dialog), and writes the answer under the same id.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import type { AuthorityAnswer } from "@pi-permission/gates";
import {
  cleanStale,
  ensurePrivateDir,
  HEARTBEAT_FILE,
  HEARTBEAT_INTERVAL_MS,
  inboxDir,
  REQUEST_SUFFIX,
  RESPONSE_SUFFIX,
  readInboxJson,
  removeQuietly,
  watchFolder,
  writeHeartbeat,
  writeJsonAtomic,
} from "./inbox.ts";
import {
  FORWARDING_PROTOCOL_VERSION,
  type ForwardedRequest,
  type ForwardedResponse,
  parseForwardedRequest,
} from "./protocol.ts";

export interface ServeOptions {
  agentDir: string;
  sessionId: string;
  /** Judge one request; a throw answers `unavailable` (fail closed). */
  judge: (request: ForwardedRequest) => Promise<AuthorityAnswer>;
  log?: (event: string, details: Record<string, unknown>) => void;
  /** Files older than this are removed at start and now and then (the forwarding timeout). */
  staleAfterMs: () => number;
  pollMs?: number;
}

export interface Server {
  readonly dir: string;
  close(): void;
}

const POLL_MS = 1_000;
const CLEAN_EVERY = 20;

/**
 * Serve the inbox of `sessionId`. Returns `null` when the session id cannot name a folder or
 * the inbox cannot be made private (both reported to `log`): the session then simply does not
 * serve, and its children are told so.
 */
export function serveInbox(options: ServeOptions): Server | null {
  const log = options.log ?? (() => {});
  const dir = inboxDir(options.agentDir, options.sessionId);
  if (dir === null) {
    log("forwarding.not_serving", {
      sessionId: options.sessionId,
      why: "the session id cannot name an inbox",
    });
    return null;
  }
  try {
    ensurePrivateDir(dir);
    cleanStale(dir, options.staleAfterMs());
    writeHeartbeat(dir, options.sessionId);
  } catch (error) {
    log("forwarding.not_serving", { sessionId: options.sessionId, why: String(error) });
    return null;
  }

  const taken = new Set<string>();
  let queue: Promise<void> = Promise.resolve();
  let closed = false;
  let beats = 0;

  const answer = (id: string, reply: AuthorityAnswer) => {
    if (closed) return;
    const response: ForwardedResponse = {
      version: FORWARDING_PROTOCOL_VERSION,
      id,
      answer: reply,
      answeredBy: options.sessionId,
    };
    try {
      writeJsonAtomic(dir, `${id}${RESPONSE_SUFFIX}`, response);
    } catch (error) {
      log("forwarding.answer_failed", { requestId: id, error: String(error) });
    }
  };

  const scan = () => {
    if (closed) return;
    let names: string[];
    try {
      names = readdirSync(dir);
    } catch {
      return;
    }
    for (const name of names) {
      if (!name.endsWith(REQUEST_SUFFIX) || taken.has(name)) continue;
      taken.add(name);
      const file = join(dir, name);
      const read = readInboxJson(file);
      if (!read.ok) {
        if (read.refusal === "missing") continue;
        // INVARIANT: a refused file is never judged; it is logged and removed.
        log("forwarding.refused", { file, refusal: read.refusal, why: read.detail });
        removeQuietly(file);
        continue;
      }
      const parsed = parseForwardedRequest(read.value);
      const nameId = name.slice(0, -REQUEST_SUFFIX.length);
      if (!parsed.ok || parsed.request.id !== nameId) {
        log("forwarding.refused", {
          file,
          refusal: "corrupt",
          why: parsed.ok ? "the id inside differs from the file name" : parsed.why,
        });
        removeQuietly(file);
        continue;
      }
      const request = parsed.request;
      log("forwarding.received", {
        requestId: request.id,
        requesterSessionId: request.requester.sessionId,
        requesterAgentName: request.requester.agentName,
      });
      queue = queue.then(async () => {
        if (closed) return;
        let reply: AuthorityAnswer;
        try {
          reply = await options.judge(request);
        } catch (error) {
          reply = {
            kind: "unavailable",
            reason: `the parent session failed to judge it (${String(error)})`,
          };
        }
        // A request withdrawn meanwhile (its requester timed out) gets no answer file.
        if (!existsSync(file)) return;
        answer(request.id, reply);
      });
    }
    // Names whose file is gone (withdrawn or answered and collected) may be reused later.
    const present = new Set(names);
    for (const name of taken) if (!present.has(name)) taken.delete(name);
  };

  const stopWatching = watchFolder(dir, scan, options.pollMs ?? POLL_MS);
  const heartbeat = setInterval(() => {
    try {
      writeHeartbeat(dir, options.sessionId);
      if (++beats % CLEAN_EVERY === 0) cleanStale(dir, options.staleAfterMs());
    } catch (error) {
      // A removed inbox (its folder deleted, or a host that dropped the session without
      // session_shutdown) has nobody to serve: serving stops, with one line in the log, so a
      // beat every half second neither fills the review log nor remakes deleted folders.
      const gone = !existsSync(dir);
      log("forwarding.heartbeat_failed", { error: String(error), stopped: gone });
      if (gone) server.close();
    }
  }, HEARTBEAT_INTERVAL_MS);
  heartbeat.unref();
  scan();

  const server: Server = {
    dir,
    close() {
      if (closed) return;
      closed = true;
      clearInterval(heartbeat);
      stopWatching();
      // Children waiting now learn at once that nobody will answer.
      removeQuietly(join(dir, HEARTBEAT_FILE));
    },
  };
  return server;
}
