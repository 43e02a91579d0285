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
  if (agentName === null) return policy;
  const rules = policy.agents?.get(agentName);
  return rules === undefined ? policy : { ...policy, rules };
}
