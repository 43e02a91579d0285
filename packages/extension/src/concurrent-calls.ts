// The calls Pi runs at the same time as the one being judged. Pi 1.6 runs the tool calls of
// one assistant message in parallel: each is judged (our `tool_call` handler) before any of
// them runs, then all run together. A sibling that makes a symbolic link can redirect a path
// this call was judged on (T32 sibling-call-toctou, traced in a real session), so the gates are
// told which calls run beside it (gates concurrent-calls.ts).
import { isDeepStrictEqual } from "node:util";
import type { ConcurrentCall } from "@pi-permission/gates";

/** What is read of Pi's session: the current leaf and entries by id. */
export interface SessionEntries {
  getLeafEntry(): unknown;
  getEntry(id: string): unknown;
}

/** How many entries back from the leaf the assistant message holding the call is looked for. */
const MAX_STEPS = 256;

/** How many refused calls are remembered; only those of the current message matter. */
const MAX_REFUSED = 1024;

/**
 * Where a judged call sits: the assistant message that holds it (its session entry) and its
 * place among that message's tool calls. A call is known by its place, not by its id alone:
 * a model may give two calls of one message the same id, or reuse an id a call of an earlier
 * turn had (T34 reused-call-id), and neither may hide a sibling or count a refusal twice.
 */
export interface CallPlace {
  /** The session entry of the assistant message, when it has an id. */
  readonly entryId: string | undefined;
  /** Every tool call of the message, in order. */
  readonly calls: readonly Record<string, unknown>[];
  /** The judged call's index in `calls`, or -1 when it cannot be told from a same-id call. */
  readonly index: number;
}

/**
 * The calls of a turn that were refused before running: a sibling refused (denied, or asked
 * and declined) never runs, so it makes no link beside the others. Kept by message and place.
 */
export class RefusedCalls {
  readonly #keys = new Set<string>();

  add(place: CallPlace): void {
    const key = placeKey(place.entryId, place.index);
    // A message without an entry id cannot be told from another: nothing is left out.
    if (key === undefined) return;
    this.#keys.add(key);
    if (this.#keys.size > MAX_REFUSED) {
      const oldest = this.#keys.values().next().value;
      if (oldest !== undefined) this.#keys.delete(oldest);
    }
  }

  has(entryId: string | undefined, index: number): boolean {
    const key = placeKey(entryId, index);
    return key !== undefined && this.#keys.has(key);
  }
}

function placeKey(entryId: string | undefined, index: number): string | undefined {
  return entryId === undefined ? undefined : `${entryId}\u0000${index}`;
}

/** The newest assistant message of the turn: its entry id and its tool calls, in order. */
interface TurnMessage {
  readonly entryId: string | undefined;
  readonly calls: readonly Record<string, unknown>[];
}

/**
 * The newest assistant message, walking back from the leaf (Pi's session holds it before it
 * runs its calls); `undefined` when a user message comes first or nothing is found.
 */
function newestAssistantMessage(session: SessionEntries): TurnMessage | undefined {
  let entry = session.getLeafEntry();
  for (let step = 0; step < MAX_STEPS && isRecord(entry); step++) {
    const message = entry.type === "message" && isRecord(entry.message) ? entry.message : null;
    if (message?.role === "user") return undefined;
    if (message?.role === "assistant" && Array.isArray(message.content)) {
      const calls = message.content.filter(
        (part): part is Record<string, unknown> => isRecord(part) && part.type === "toolCall",
      );
      return { entryId: typeof entry.id === "string" ? entry.id : undefined, calls };
    }
    entry = typeof entry.parentId === "string" ? session.getEntry(entry.parentId) : undefined;
  }
  return undefined;
}

/**
 * The place of the call `toolCallId` with `input` in the newest assistant message. Among calls
 * sharing the id, the one whose arguments equal `input` is the judged one; should none equal
 * it (a host that changed the arguments), the index is -1: no call is left out, so a link
 * maker under the same id is never taken for the judged call and dropped (the judged call then
 * counts as its own sibling, which can only add a question). `undefined` when that message
 * does not hold the id (a call nested in another tool's run: see {@link locateHost}).
 */
export function locateCall(
  session: SessionEntries,
  toolCallId: string,
  input: unknown,
): CallPlace | undefined {
  const message = newestAssistantMessage(session);
  if (message === undefined) return undefined;
  const { calls } = message;
  const same = calls.flatMap((call, index) => (call.id === toolCallId ? [index] : []));
  if (same.length === 0) return undefined;
  const index =
    same.length === 1
      ? (same[0] as number)
      : (same.find((at) => isDeepStrictEqual(calls[at]?.arguments, input)) ?? -1);
  return { ...message, index };
}

/**
 * The place of a nested call's host (a call another tool made, `parentToolCallId` set, whose id
 * Pi builds as `<host id>/<n>`): the newest assistant message, with the index of the message's
 * call that started it all (-1 when two calls of the message share that id: neither is left
 * out). The message's other calls run beside the whole script (T34 nested-running). `undefined`
 * when no assistant message of the turn holds the host.
 */
export function locateHost(session: SessionEntries, toolCallId: string): CallPlace | undefined {
  const message = newestAssistantMessage(session);
  if (message === undefined) return undefined;
  const { calls } = message;
  const hosts = calls.flatMap((call, index) =>
    typeof call.id === "string" && toolCallId.startsWith(`${call.id}/`) ? [index] : [],
  );
  if (hosts.length === 0) return undefined;
  // The longest id is the host when one id begins another (`a` and `a/b`).
  const longest = Math.max(...hosts.map((at) => String(calls[at]?.id).length));
  const host = hosts.filter((at) => String(calls[at]?.id).length === longest);
  return { ...message, index: host.length === 1 ? (host[0] as number) : -1 };
}

/** How many running nested calls are remembered. */
const MAX_RUNNING = 1024;

/**
 * The nested calls started (Pi's `tool_execution_start`) and not yet ended (its
 * `tool_execution_end`): a script may start several at once, each judged when it is made,
 * while the earlier ones are judged or still run.
 */
export class RunningCalls {
  readonly #calls: { id: string; call: ConcurrentCall }[] = [];

  start(toolCallId: string, call: ConcurrentCall): void {
    this.#calls.push({ id: toolCallId, call });
    // Only a host that never reports its calls' ends could fill it; the oldest go first.
    if (this.#calls.length > MAX_RUNNING) this.#calls.shift();
  }

  finish(toolCallId: string): void {
    const at = this.#calls.findIndex((running) => running.id === toolCallId);
    if (at !== -1) this.#calls.splice(at, 1);
  }

  clear(): void {
    this.#calls.length = 0;
  }

  /**
   * The running calls beside the call `toolCallId`: all but itself and its hosts (ids it
   * extends with `/…`), which wait for it rather than run beside it.
   */
  beside(toolCallId: string): ConcurrentCall[] {
    return this.#calls
      .filter((running) => running.id !== toolCallId && !toolCallId.startsWith(`${running.id}/`))
      .map((running) => running.call);
  }
}

/**
 * The other calls of the message at `place`, less those already refused: every call but the
 * judged one, each by its place, whatever id it carries.
 */
export function concurrentCalls(place: CallPlace, refused: RefusedCalls): ConcurrentCall[] {
  return place.calls.flatMap((call, index) =>
    index === place.index || refused.has(place.entryId, index)
      ? []
      : [{ toolName: typeof call.name === "string" ? call.name : "", input: call.arguments }],
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
