// S32 F14 (agent-name): a project AGENTS.md tag `<active_agent name="Reviewer"/>` before
// pi-subagents' own tag renamed the subagent `Reviewer`, and the exact-spelling lookup then
// skipped the user's `reviewer` section (its denies: deny -> allow). Sections now apply to
// every spelling pi-subagents folds to one name, as it spells the child's session name.
import { describe, expect, it } from "vitest";
import {
  agentSectionKey,
  decideSurface,
  matchesBashPattern,
  mergeScopes,
  type Policy,
  parsePolicyText,
  policyForAgent,
} from "../src/index.ts";

const GLOBAL = "/home/u/.pi/agent/permissions.json";
const PROJECT = "/repo/.pi/permissions.json";

function merge(global: object, project?: object) {
  return mergeScopes(
    [
      parsePolicyText(JSON.stringify(global), { scope: "global", file: GLOBAL }),
      ...(project === undefined
        ? []
        : [parsePolicyText(JSON.stringify(project), { scope: "project", file: PROJECT })]),
    ],
    { projectTrusted: () => false },
  ).policy;
}

function decide(policy: Policy, agent: string | null, surface: string, command = "") {
  const rule = decideSurface(
    policyForAgent(policy, agent).rules,
    surface,
    (p) => surface !== "bash" || matchesBashPattern(p, command),
    true,
  );
  return `${rule?.action} ${rule?.origin.jsonPath}`;
}

const USER = {
  permission: { "*": "ask", edit: "allow", write: "allow", bash: { "*": "ask", "rm *": "allow" } },
  agents: {
    reviewer: { permission: { edit: "deny", write: "deny", bash: { "rm *": "deny" } } },
  },
};

describe("S32 F14: an agent section applies to every spelling of its agent", () => {
  it("a tag's case or punctuation does not skip the user's section", () => {
    const policy = merge(USER);
    for (const name of ["reviewer", "Reviewer", "REVIEWER", "reviewer!", " Reviewer "]) {
      expect([name, decide(policy, name, "bash", "rm -rf src")]).toEqual([
        name,
        'deny agents.reviewer.permission.bash["rm *"]',
      ]);
      expect([name, decide(policy, name, "write")]).toEqual([
        name,
        "deny agents.reviewer.permission.write",
      ]);
    }
    // Another agent, and the session, keep the session's rules.
    expect(decide(policy, "reviewer-2", "write")).toBe("allow permission.write");
    expect(decide(policy, null, "write")).toBe("allow permission.write");
  });

  it("sections of two spellings of one name both apply, each after its own file's rules", () => {
    const policy = merge(
      {
        ...USER,
        agents: {
          ...USER.agents,
          Reviewer: { permission: { bash: { "git *": "allow", "git push *": "deny" } } },
        },
      },
      { agents: { REVIEWER: { permission: { bash: { "git commit *": "deny" } } } } },
    );
    for (const name of ["reviewer", "Reviewer"]) {
      expect(decide(policy, name, "bash", "rm -rf src")).toBe(
        'deny agents.reviewer.permission.bash["rm *"]',
      );
      expect(decide(policy, name, "bash", "git status")).toBe(
        'allow agents.Reviewer.permission.bash["git *"]',
      );
      expect(decide(policy, name, "bash", "git push origin")).toBe(
        'deny agents.Reviewer.permission.bash["git push *"]',
      );
      // The project's section (it only tightens, so it applies untrusted) comes last.
      expect(decide(policy, name, "bash", "git commit -m x")).toBe(
        'deny agents.REVIEWER.permission.bash["git commit *"]',
      );
    }
  });

  it("folds a name as pi-subagents spells it in a session name", () => {
    expect(agentSectionKey(" Code Scout! ")).toBe("code-scout");
    expect(agentSectionKey("Reviewer")).toBe("reviewer");
    expect(agentSectionKey("!!!")).toBe("agent");
  });
});
