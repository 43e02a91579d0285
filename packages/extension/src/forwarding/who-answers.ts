// Who answers a session's asks, from what Pi and pi-subagents really expose (see the README's
// "Subagents" section): Pi's `ctx.hasUI`, and the two variables pi-subagents 0.67.0 sets.
import { agentSectionKey } from "@pi-permission/policy";

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
 * other extensions. It names the child session `subagent-<agent>-<run id>-<n>` (sanitised and
 * lower-cased) and prefixes the agent's prompt with `<active_agent name="X"/>`. The session
 * name comes from pi-subagents alone, while the system prompt also carries project context
 * files that anyone can write a tag into: so the session name decides, the tag only restores
 * its spelling, and without a session name the tags count only when they all name one agent.
 * `null` when nothing says, or the sources disagree. The spelling never decides which agent
 * sections apply: `policyForAgent` folds it as pi-subagents does (`agentSectionKey`).
 *
 * @example
 * ```ts
 * agentNameOf('<active_agent name="Reviewer"/>', "subagent-reviewer-23329630-d581-45d4-a1a9-998761e16689-1"); // "Reviewer"
 * agentNameOf("", "subagent-code-scout-23329630-d581-45d4-a1a9-998761e16689-1"); // "code-scout"
 * agentNameOf('<active_agent name="admin"/>', "subagent-scout-23329630-d581-45d4-a1a9-998761e16689-1"); // "scout"
 * ```
 */
export function agentNameOf(
  systemPrompt: string | undefined,
  sessionName: string | undefined,
): string | null {
  const tags = [
    ...new Set(
      [...(systemPrompt ?? "").matchAll(/<active_agent name="([^"]+)"\s*\/>/g)].map(
        (m) => m[1] as string,
      ),
    ),
  ];
  const named = /^subagent-(.+)-[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}-\d+$/.exec(
    sessionName ?? "",
  )?.[1];
  // S32 F14: the spelling only names the agent in what the human reads; which sections apply
  // is decided by the folded name (`policyForAgent` looks sections up by `agentSectionKey`),
  // so a tag in a project context file cannot steer the lookup. Two tags that fold to one
  // name are one name; the session's own spelling is kept when they spell it differently.
  if (named !== undefined) {
    const spellings = tags.filter((tag) => agentSectionKey(tag) === named);
    return spellings.length === 1 ? (spellings[0] as string) : named;
  }
  const folded = [...new Set(tags.map(agentSectionKey))];
  if (folded.length !== 1) return null;
  return tags.length === 1 ? (tags[0] as string) : (folded[0] as string);
}
