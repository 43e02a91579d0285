// A policy file's `agents` key: a section per agent name, for the calls that agent (a
// subagent) makes. For those calls, each file's section is read right after that file's own
// `permission` map, so it overrides that file's rules and the earlier files' (last match
// wins), and a later file still overrides it: a project file keeps tightening at once, and
// its section loosens only once the file is trusted, like the rest of the file.
import type { PolicyDocument } from "./document.ts";
import type { Policy } from "./load.ts";
import { type PolicyScope, permissionRules, type Rule } from "./rules.ts";
import type { KeyOrder } from "./schema-check.ts";

/** The rules of each agent section of one file, by agent name, in the order written. */
export type AgentRules = ReadonlyMap<string, readonly Rule[]>;

/**
 * The rules of a file's agent sections, each placed at `agents.<name>.permission`.
 *
 * @example
 * ```ts
 * policyAgentRules({ agents: { reviewer: { permission: { edit: "deny" } } } },
 *   { scope: "global", file: "/home/u/.pi/agent/permissions.json" });
 * // Map { "reviewer" => [{ surface: "edit", pattern: "*", action: "deny",
 * //   origin: { …, jsonPath: "agents.reviewer.permission.edit" } }] }
 * ```
 */
export function policyAgentRules(
  document: PolicyDocument,
  source: { readonly scope: PolicyScope; readonly file: string | null },
  keyOrder: KeyOrder = (object) => Object.keys(object),
): Map<string, Rule[]> {
  const agents = document.agents ?? {};
  const rules = new Map<string, Rule[]>();
  for (const name of keyOrder(agents)) {
    const section = agents[name];
    if (section === undefined) continue;
    rules.set(
      name,
      permissionRules(section.permission, source, keyOrder, ["agents", name, "permission"]),
    );
  }
  return rules;
}

/**
 * The policy for the calls one agent makes: the session's policy with the agent's sections
 * merged in (see {@link Policy.agents}). An agent no file names, and `null`, get the
 * session's policy as it is.
 *
 * @example
 * ```ts
 * evaluateToolCall(policyForAgent(policy, facts.agentName), facts, analyzer);
 * ```
 */
export function policyForAgent(policy: Policy, agentName: string | null): Policy {
  if (agentName === null || policy.agents === undefined) return policy;
  // INVARIANT (S32 F14 agent-name): a section applies to every spelling of its agent's name
  // that pi-subagents folds to one (`Reviewer`, `reviewer`, ` reviewer!`): the only name
  // pi-subagents alone writes is the folded one in the child's session name, and the tag's
  // spelling can be written by anyone who writes a project context file. A lookup by the
  // exact spelling let `<active_agent name="Reviewer"/>` in AGENTS.md skip the user's
  // `reviewer` section; every section of the folded name applies instead.
  const key = agentSectionKey(agentName);
  const lists = [...policy.agents].filter(([name]) => agentSectionKey(name) === key);
  if (lists.length === 0) return policy;
  const [first, ...others] = lists.map(([, list]) => list);
  const rules = others.reduce(mergeAgentLists, first as readonly Rule[]);
  return { ...policy, rules };
}

/**
 * An agent name as pi-subagents spells it in a child's session name (trimmed, lower-cased,
 * every run of other characters than `a-z0-9_-` one dash, no dash at either end): the key
 * that decides which sections apply to an agent's calls.
 *
 * @example
 * ```ts
 * agentSectionKey(" Code Scout! "); // "code-scout"
 * ```
 */
export function agentSectionKey(name: string): string {
  return (
    name
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9_-]+/g, "-")
      .replace(/^-+|-+$/g, "") || "agent"
  );
}

const isSectionRule = (rule: Rule) => /^agents[.[]/.test(rule.origin.jsonPath);

/**
 * Two agents' rule lists as one: both are the session's rules with each file's section for
 * that agent right after the file's own rules, so each section rule of `extra` goes in after
 * as many of the session's rules as it follows in `extra` (the sections of one file in the
 * order their names are written).
 */
function mergeAgentLists(base: readonly Rule[], extra: readonly Rule[]): readonly Rule[] {
  const inserts = new Map<number, Rule[]>();
  let seen = 0;
  for (const rule of extra) {
    if (!isSectionRule(rule)) seen += 1;
    else inserts.set(seen, [...(inserts.get(seen) ?? []), rule]);
  }
  const merged: Rule[] = [...(inserts.get(0) ?? [])];
  seen = 0;
  for (const rule of base) {
    if (!isSectionRule(rule)) {
      // This session rule's own sections follow the ones `base` has after it.
      const pending = inserts.get(seen);
      if (seen > 0 && pending) merged.push(...pending);
      seen += 1;
    }
    merged.push(rule);
  }
  const tail = inserts.get(seen);
  if (seen > 0 && tail) merged.push(...tail);
  return merged;
}
