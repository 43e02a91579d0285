// What travels through an inbox: a forwarded request and its answer, version 1. A file is
// data from another process, so each is checked whole; a file that fails is refused.
import type { AuthorityAnswer, GateName, ToolCallFacts } from "@pi-permission/gates";
import {
  isPromptPayload,
  type PermissionRequestSource,
  type PromptPayload,
} from "@pi-permission/payload";
import { isFilenameSafeRequestId } from "@pi-permission/request-id";

export const FORWARDING_PROTOCOL_VERSION = 1;

/** Who forwarded a request. */
export interface Requester {
  sessionId: string | null;
  agentName: string | null;
  pid: number;
}

/**
 * One forwarded ask. The facts are the requester's: its working directory, its home, its
 * input. The serving session judges them as they are and never re-derives them from its own
 * working directory.
 */
export interface ForwardedRequest {
  version: typeof FORWARDING_PROTOCOL_VERSION;
  /** The request id, adopted from the requester's request (seed 003); it names the files. */
  id: string;
  requester: Requester;
  source: PermissionRequestSource;
  /** The gate that asked in the requester, so the server resolves that request only. */
  gate: GateName;
  facts: ToolCallFacts;
  /** The requester's payload: shown when the serving policy has no request for that gate. */
  payload: PromptPayload;
  /** When it was written (ms since the epoch). */
  createdAt: number;
}

/** The answer written back under the same id. */
export interface ForwardedResponse {
  version: typeof FORWARDING_PROTOCOL_VERSION;
  id: string;
  answer: AuthorityAnswer;
  /** The session that answered. */
  answeredBy: string;
}

const SOURCES = new Set(["tool_call", "skill_input", "skill_read"]);
const GATES = new Set([
  "skill",
  "skill_read",
  "path",
  "external_directory",
  "mcp",
  "tool",
  "bash",
  "hook",
]);

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
const isStringOrNull = (v: unknown) => v === null || typeof v === "string";

/** The request in `value`, or why it is refused. */
export function parseForwardedRequest(
  value: unknown,
): { ok: true; request: ForwardedRequest } | { ok: false; why: string } {
  if (!isRecord(value)) return { ok: false, why: "not an object" };
  if (value.version !== FORWARDING_PROTOCOL_VERSION) return { ok: false, why: "unknown version" };
  if (!isFilenameSafeRequestId(value.id)) return { ok: false, why: "the id cannot name a file" };
  const r = value.requester;
  if (
    !isRecord(r) ||
    !isStringOrNull(r.sessionId) ||
    !isStringOrNull(r.agentName) ||
    typeof r.pid !== "number"
  ) {
    return { ok: false, why: "requester is malformed" };
  }
  if (typeof value.source !== "string" || !SOURCES.has(value.source)) {
    return { ok: false, why: "source is malformed" };
  }
  if (typeof value.gate !== "string" || !GATES.has(value.gate)) {
    return { ok: false, why: "gate is malformed" };
  }
  const f = value.facts;
  if (
    !isRecord(f) ||
    typeof f.toolName !== "string" ||
    !isStringOrNull(f.toolCallId) ||
    typeof f.cwd !== "string" ||
    typeof f.home !== "string" ||
    !isStringOrNull(f.agentName) ||
    !isStringOrNull(f.sessionId) ||
    (f.knownTools !== undefined &&
      !(Array.isArray(f.knownTools) && f.knownTools.every((t) => typeof t === "string")))
  ) {
    return { ok: false, why: "facts are malformed" };
  }
  if (!isPromptPayload(value.payload)) return { ok: false, why: "payload is malformed" };
  if (typeof value.createdAt !== "number") return { ok: false, why: "createdAt is malformed" };
  return { ok: true, request: value as unknown as ForwardedRequest };
}

/** The response in `value` for request `id`, or why it is refused. */
export function parseForwardedResponse(
  value: unknown,
  id: string,
): { ok: true; response: ForwardedResponse } | { ok: false; why: string } {
  if (!isRecord(value)) return { ok: false, why: "not an object" };
  if (value.version !== FORWARDING_PROTOCOL_VERSION) return { ok: false, why: "unknown version" };
  if (value.id !== id) return { ok: false, why: "it answers another request" };
  if (typeof value.answeredBy !== "string") return { ok: false, why: "answeredBy is malformed" };
  const a = value.answer;
  if (!isRecord(a)) return { ok: false, why: "answer is malformed" };
  const valid =
    (a.kind === "approved" && typeof a.forSession === "boolean") ||
    ((a.kind === "denied" || a.kind === "unavailable") && isStringOrNull(a.reason));
  if (!valid) return { ok: false, why: "answer is malformed" };
  return { ok: true, response: value as unknown as ForwardedResponse };
}
