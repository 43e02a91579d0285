// The requesting side of the forwarding edge: a session with no human of its own (a
// subagent) writes its ask into the parent's inbox and waits for the answer file.
import { join } from "node:path";
import type { AuthorityAnswer, GateName, ToolCallFacts } from "@pi-permission/gates";
import type { PermissionRequestSource, PromptPayload } from "@pi-permission/payload";
import { adoptOrMintPermissionRequestId } from "@pi-permission/request-id";
import {
  inboxDir,
  liveness,
  REQUEST_SUFFIX,
  RESPONSE_SUFFIX,
  readInboxJson,
  removeQuietly,
  watchFolder,
  writeJsonAtomic,
} from "./inbox.ts";
import {
  FORWARDING_PROTOCOL_VERSION,
  type ForwardedRequest,
  parseForwardedResponse,
} from "./protocol.ts";

/** What the requester writes into the log about its side of the edge. */
export type ForwardingLog = (event: string, details: Record<string, unknown>) => void;

export interface ForwardAsk {
  agentDir: string;
  parentSessionId: string;
  /** The id the requester minted for the request; adopted when it can name a file. */
  requestId: string;
  source: PermissionRequestSource;
  gate: GateName;
  facts: ToolCallFacts;
  payload: PromptPayload;
  /** `forwardingTimeoutMs`: how long the answer is waited for. */
  timeoutMs: number;
  log?: ForwardingLog;
  /** How long a parent that is not serving is waited for before it is answered unavailable. */
  notServingGraceMs?: number;
  /** The slow poll beside `fs.watch`. */
  pollMs?: number;
}

/** The answer, and the id the request travelled under (the adopted one, or a fresh mint). */
export interface ForwardResult {
  answer: AuthorityAnswer;
  wireId: string;
}

const NOT_SERVING_GRACE_MS = 2_000;
const POLL_MS = 250;

/**
 * Forward one ask to the parent session and wait for its answer. Never throws and never
 * answers "denied" for a failure: a parent that is gone, not serving, silent past the
 * timeout, or whose answer cannot be read yields `unavailable` with a reason that says which
 * (fail closed).
 */
export async function forwardAsk(ask: ForwardAsk): Promise<ForwardResult> {
  const log = ask.log ?? (() => {});
  // INVARIANT: the id names the request and response files, so only a filename-safe id is
  // adopted (seed 003); anything else travels under a fresh `perm-<uuid>`.
  const wireId = adoptOrMintPermissionRequestId(ask.requestId);
  if (wireId !== ask.requestId) {
    log("forwarding.id_replaced", { requestId: ask.requestId, wireId });
  }
  const unavailable = (reason: string): ForwardResult => {
    log("forwarding.unavailable", {
      requestId: wireId,
      parentSessionId: ask.parentSessionId,
      reason,
    });
    return { answer: { kind: "unavailable", reason }, wireId };
  };
  const dir = inboxDir(ask.agentDir, ask.parentSessionId);
  if (dir === null) {
    return unavailable(
      `the parent session id ${JSON.stringify(ask.parentSessionId)} cannot name an inbox`,
    );
  }

  const grace = ask.notServingGraceMs ?? NOT_SERVING_GRACE_MS;
  const pollMs = ask.pollMs ?? POLL_MS;
  const start = Date.now();
  // A parent that is starting may not have written its first heartbeat yet.
  let live = liveness(dir, ask.parentSessionId);
  while (!live.serving && Date.now() - start < grace) {
    await sleep(100);
    live = liveness(dir, ask.parentSessionId);
  }
  if (!live.serving) return unavailable(live.why);

  const requestFile = join(dir, `${wireId}${REQUEST_SUFFIX}`);
  const responseFile = join(dir, `${wireId}${RESPONSE_SUFFIX}`);
  const request: ForwardedRequest = {
    version: FORWARDING_PROTOCOL_VERSION,
    id: wireId,
    requester: { sessionId: ask.facts.sessionId, agentName: ask.facts.agentName, pid: process.pid },
    source: ask.source,
    gate: ask.gate,
    facts: ask.facts,
    payload: ask.payload,
    createdAt: Date.now(),
  };
  try {
    writeJsonAtomic(dir, `${wireId}${REQUEST_SUFFIX}`, request);
  } catch (error) {
    return unavailable(`the request could not be written to the parent's inbox (${String(error)})`);
  }
  log("forwarding.sent", { requestId: wireId, parentSessionId: ask.parentSessionId });

  try {
    return await new Promise<ForwardResult>((resolve) => {
      let done = false;
      const finish = (result: ForwardResult) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        stop();
        resolve(result);
      };
      const check = () => {
        if (done) return;
        const read = readInboxJson(responseFile);
        if (read.ok) {
          const parsed = parseForwardedResponse(read.value, wireId);
          if (parsed.ok) {
            log("forwarding.answered", {
              requestId: wireId,
              parentSessionId: ask.parentSessionId,
              answer: parsed.response.answer.kind,
            });
            finish({ answer: parsed.response.answer, wireId });
            return;
          }
          log("forwarding.refused", { requestId: wireId, file: responseFile, why: parsed.why });
          finish(unavailable(`the parent's answer was refused (${parsed.why})`));
          return;
        }
        if (read.refusal !== "missing") {
          log("forwarding.refused", { requestId: wireId, file: responseFile, why: read.detail });
          finish(unavailable(`the parent's answer was refused (${read.refusal})`));
          return;
        }
        const now = liveness(dir, ask.parentSessionId);
        if (!now.serving) finish(unavailable(`${now.why} before answering`));
      };
      const stop = watchFolder(dir, check, pollMs);
      const timer = setTimeout(() => {
        finish(
          unavailable(
            `the parent session ${ask.parentSessionId} gave no answer within ${formatMs(ask.timeoutMs)} (forwardingTimeoutMs)`,
          ),
        );
      }, ask.timeoutMs);
      check();
    });
  } finally {
    // The request is withdrawn whatever happened: a parent that reads it later finds nothing.
    removeQuietly(requestFile);
    removeQuietly(responseFile);
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function formatMs(ms: number): string {
  return ms % 1000 === 0 ? `${ms / 1000} s` : `${ms} ms`;
}
