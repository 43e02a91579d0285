// The calls Pi runs at the same time as the one being judged. Pi 1.6 runs the tool calls of
// one assistant message in parallel: each is judged (our `tool_call` handler) before any of
// them runs, then all run together. A sibling that makes a symbolic link can redirect a path
// this call was judged on (T32 sibling-call-toctou, traced in a real session), so the gates are
// told which calls run beside it (gates concurrent-calls.ts).
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
 * The calls of a turn that were refused before running: a sibling refused (denied, or asked
 * and declined) never runs, so it makes no link beside the others.
 */
export class RefusedCalls {
  readonly #ids = new Set<string>();

  add(toolCallId: string): void {
    this.#ids.add(toolCallId);
    if (this.#ids.size > MAX_REFUSED) {
      const oldest = this.#ids.values().next().value;
      if (oldest !== undefined) this.#ids.delete(oldest);
    }
  }

  has(toolCallId: string): boolean {
    return this.#ids.has(toolCallId);
  }
}

/**
 * The other calls of the assistant message that holds `toolCallId`, less those already
 * refused: Pi's session holds that message before it runs the calls. `undefined` when the
 * message is not found (a call nested in another tool's run, which its host starts on its
 * own), so the call is judged as running alone.
 */
export function concurrentCalls(
  session: SessionEntries,
  toolCallId: string,
  refused: RefusedCalls,
): ConcurrentCall[] | undefined {
  let entry = session.getLeafEntry();
  for (let step = 0; step < MAX_STEPS && isRecord(entry); step++) {
    const message = entry.type === "message" && isRecord(entry.message) ? entry.message : null;
    if (message?.role === "user") return undefined;
    if (message?.role === "assistant" && Array.isArray(message.content)) {
      const calls = message.content.filter(
        (part): part is Record<string, unknown> => isRecord(part) && part.type === "toolCall",
      );
      if (!calls.some((call) => call.id === toolCallId)) return undefined;
      return calls
        .filter((call) => call.id !== toolCallId)
        .filter((call) => typeof call.id !== "string" || !refused.has(call.id))
        .map((call) => ({
          toolName: typeof call.name === "string" ? call.name : "",
          input: call.arguments,
        }));
    }
    entry = typeof entry.parentId === "string" ? session.getEntry(entry.parentId) : undefined;
  }
  return undefined;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}
