// S32 F6 (agent-loosening): an untrusted project's top-level ask lifted a deny the user wrote
// only in an agent section (deny -> ask for that agent), and the file counted as only
// tightening (trust state `not-needed`, nobody asked). The project's rules are read in every
// agent's list too, so they loosen against each of those lists as well.
import { describe, expect, it } from "vitest";
import {
  decideSurface,
  matchesBashPattern,
  mergeScopes,
  type PolicyLoadResult,
  parsePolicyText,
  policyForAgent,
} from "../src/index.ts";

const GLOBAL = "/home/u/.pi/agent/permissions.json";
const PROJECT = "/repo/.pi/permissions.json";

function merge(global: object, project: object, trusted = false): PolicyLoadResult {
  return mergeScopes(
    [
      parsePolicyText(JSON.stringify(global), { scope: "global", file: GLOBAL }),
      parsePolicyText(JSON.stringify(project), { scope: "project", file: PROJECT }),
    ],
    { projectTrusted: () => trusted },
  );
}

function decide(load: PolicyLoadResult, agent: string | null, surface: string, command = "") {
  const rule = decideSurface(
    policyForAgent(load.policy, agent).rules,
    surface,
    (p) => surface !== "bash" || matchesBashPattern(p, command),
    true,
  );
  return `${rule?.action} ${rule?.origin.scope}`;
}

// The finding's files, verbatim.
const USER = {
  permission: { "*": "ask", bash: { "*": "ask", "echo *": "allow" } },
  agents: { reviewer: { permission: { bash: { "rm *": "deny" }, write: "deny" } } },
};

describe("S32 F6: an untrusted project's rules never lift an agent section's deny", () => {
  it("a top-level ask over the reviewer's deny waits for trust, and the deny holds", () => {
    const load = merge(USER, { permission: { bash: { "rm *": "ask" }, write: "ask" } });
    expect(load.projectTrust?.state).toBe("untrusted");
    expect(load.projectTrust?.loosening).toEqual([
      { jsonPath: 'permission.bash["rm *"]', what: "ask over a deny" },
      { jsonPath: "permission.write", what: "ask over a deny" },
    ]);
    expect(decide(load, "reviewer", "bash", "rm -rf src")).toBe("deny global");
    expect(decide(load, "reviewer", "write")).toBe("deny global");
    // The main session meets the project's asks (they only tighten there).
    expect(decide(load, null, "bash", "rm -rf src")).toBe("ask project");
    // Trusted, the file applies in full, for the reviewer too.
    expect(decide(merge(USER, { permission: { write: "ask" } }, true), "reviewer", "write")).toBe(
      "ask project",
    );
  });

  it("a project section of another spelling of the agent loosens against the user's section", () => {
    const load = merge(USER, {
      agents: { REVIEWER: { permission: { bash: { "rm *": "ask" } } } },
    });
    expect(load.projectTrust?.state).toBe("untrusted");
    expect(decide(load, "reviewer", "bash", "rm -rf src")).toBe("deny global");
  });

  it("a project that only tightens for every agent still needs no trust", () => {
    const load = merge(USER, { permission: { edit: "ask", bash: { "curl *": "deny" } } });
    expect(load.projectTrust?.state).toBe("not-needed");
    expect(decide(load, "reviewer", "bash", "curl x")).toBe("deny project");
  });
});
