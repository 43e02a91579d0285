// Who answers a session's asks, from what Pi and pi-subagents really expose (see the README's
// "Subagents" section): Pi's `ctx.hasUI`, and the two variables pi-subagents 0.67.0 sets.

/** pi-subagents sets it in the root session's own process to that session's id. */
export const PARENT_SESSION_ENV = "PI_SUBAGENT_PARENT_SESSION";
/** pi-subagents sets it to `1` in the process that runs background children. */
export const CHILD_PROCESS_ENV = "PI_SUBAGENT_CHILD";

export type Answerer =
  | { kind: "user" }
  | { kind: "parent"; parentSessionId: string }
  | { kind: "none" };

/**
 * A session with a UI answers its own asks. A session without one forwards them when it is
 * a subagent: it runs in pi-subagents' background process, or `PI_SUBAGENT_PARENT_SESSION`
 * names a session other than its own (a foreground child shares its root's environment, and
 * the root sees its own id there). Any other session has nobody to ask.
 *
 * @example
 * ```ts
 * answererFor({ hasUI: false, sessionId: "child", env: { PI_SUBAGENT_PARENT_SESSION: "root" } });
 * // { kind: "parent", parentSessionId: "root" }
 * ```
 */
export function answererFor(session: {
  hasUI: boolean;
  sessionId: string;
  env: Readonly<Record<string, string | undefined>>;
}): Answerer {
  if (session.hasUI) return { kind: "user" };
  const parent = session.env[PARENT_SESSION_ENV];
  if (!parent) return { kind: "none" };
  const child = session.env[CHILD_PROCESS_ENV] === "1" || parent !== session.sessionId;
  return child ? { kind: "parent", parentSessionId: parent } : { kind: "none" };
}

/**
 * The subagent's agent name, as far as it can be known: pi-subagents 0.67.0 exports none to
 * other extensions. It prefixes an agent's system prompt with `<active_agent name="X"/>`, and
 * names the child session `subagent-<agent>-<run id>-<n>` (sanitised and lower-cased), so the
 * tag is read first and the session name second; `null` when neither says.
 *
 * @example
 * ```ts
 * agentNameOf('<active_agent name="reviewer"/>\n\nYou review.', undefined); // "reviewer"
 * agentNameOf("", "subagent-code-scout-23329630-d581-45d4-a1a9-998761e16689-1"); // "code-scout"
 * ```
 */
export function agentNameOf(
  systemPrompt: string | undefined,
  sessionName: string | undefined,
): string | null {
  const tag = /<active_agent name="([^"]+)"\s*\/>/.exec(systemPrompt ?? "")?.[1];
  if (tag) return tag;
  const named = /^subagent-(.+)-[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}-\d+$/.exec(
    sessionName ?? "",
  )?.[1];
  return named ?? null;
}
