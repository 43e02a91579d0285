import { describe, expect, it } from "vitest";
import {
  decideSurface,
  matchesBashPattern,
  mergeScopes,
  type Policy,
  parsePolicyText,
  policyForAgent,
} from "../src/index.ts";

const GLOBAL = "/home/u/.pi/agent/permissions.json";
const PROJECT = "/repo/.pi/permissions.json";

function merge(global: object | string, project?: object | string, projectTrusted = false) {
  const text = (v: object | string) => (typeof v === "string" ? v : JSON.stringify(v));
  return mergeScopes(
    [
      parsePolicyText(text(global), { scope: "global", file: GLOBAL }),
      ...(project === undefined
        ? []
        : [parsePolicyText(text(project), { scope: "project", file: PROJECT })]),
    ],
    { projectTrusted: () => projectTrusted },
  );
}

// The deciding rule of a bash command for an agent: [action, where it is written].
function bash(policy: Policy, agent: string | null, command: string) {
  const rule = decideSurface(
    policyForAgent(policy, agent).rules,
    "bash",
    (p) => matchesBashPattern(p, command),
    true,
  );
  return [rule?.action, rule?.origin.jsonPath];
}

describe("agent sections", () => {
  const global = {
    permission: { bash: { "*": "ask", "git *": "allow" } },
    agents: {
      reviewer: { permission: { bash: { "*": "deny", "git diff *": "allow" } } },
      builder: { permission: { "*": "allow" } },
    },
  };

  it("apply to the named agent's calls only, over the session's rules", () => {
    const { policy, issues } = merge(global);
    expect(issues).toEqual([]);
    expect([
      bash(policy, "reviewer", "npm test"),
      bash(policy, "reviewer", "git diff HEAD"),
      bash(policy, "reviewer", "git status"),
      bash(policy, null, "npm test"),
      bash(policy, "someone-else", "npm test"),
    ]).toEqual([
      ["deny", 'agents.reviewer.permission.bash["*"]'],
      ["allow", 'agents.reviewer.permission.bash["git diff *"]'],
      ["deny", 'agents.reviewer.permission.bash["*"]'],
      ["ask", 'permission.bash["*"]'],
      ["ask", 'permission.bash["*"]'],
    ]);
  });

  it("leave the session's rules and the policy of an unnamed call untouched", () => {
    const { policy } = merge(global);
    expect(policyForAgent(policy, null)).toBe(policy);
    expect(policyForAgent(policy, "nobody")).toBe(policy);
    expect(policy.rules.some((r) => r.origin.jsonPath.startsWith("agents"))).toBe(false);
    expect([...(policy.agents?.keys() ?? [])]).toEqual(["reviewer", "builder"]);
  });

  it("give an agent its own universal default", () => {
    const { policy } = merge(global);
    const rule = decideSurface(policyForAgent(policy, "builder").rules, "edit", () => false, true);
    expect([rule?.action, rule?.origin.jsonPath]).toEqual([
      "allow",
      'agents.builder.permission["*"]',
    ]);
  });

  it("are read right after their own file: a later file's rules still override them", () => {
    const { policy } = merge(global, { permission: { bash: { "git diff *": "deny" } } });
    expect(bash(policy, "reviewer", "git diff HEAD")).toEqual([
      "deny",
      'permission.bash["git diff *"]',
    ]);
  });

  it("of a project file tighten at once, without trust", () => {
    const { policy, projectTrust } = merge(
      { permission: { bash: "allow" } },
      { agents: { reviewer: { permission: { bash: { "rm *": "deny" } } } } },
    );
    expect(projectTrust?.state).toBe("not-needed");
    expect([bash(policy, "reviewer", "rm x"), bash(policy, null, "rm x")]).toEqual([
      ["deny", 'agents.reviewer.permission.bash["rm *"]'],
      ["allow", "permission.bash"],
    ]);
  });

  it("of an untrusted project file do not loosen, and the trust dialog lists them", () => {
    const project = { agents: { reviewer: { permission: { bash: { "rm *": "allow" } } } } };
    const untrusted = merge({ permission: { bash: { "rm *": "deny" } } }, project);
    expect(untrusted.projectTrust?.state).toBe("untrusted");
    expect(untrusted.projectTrust?.loosening).toEqual([
      { jsonPath: 'agents.reviewer.permission.bash["rm *"]', what: "allow" },
    ]);
    expect(bash(untrusted.policy, "reviewer", "rm x")).toEqual(["deny", 'permission.bash["rm *"]']);

    const trusted = merge({ permission: { bash: { "rm *": "deny" } } }, project, true);
    expect(trusted.projectTrust?.state).toBe("trusted");
    expect(bash(trusted.policy, "reviewer", "rm x")).toEqual([
      "allow",
      'agents.reviewer.permission.bash["rm *"]',
    ]);
  });

  it("of a project file that asks over the agent's own deny count as loosening", () => {
    const { projectTrust, policy } = merge(
      { agents: { reviewer: { permission: { bash: "deny" } } } },
      { agents: { reviewer: { permission: { bash: { "npm *": "ask" } } } } },
    );
    expect(projectTrust?.loosening).toEqual([
      { jsonPath: 'agents.reviewer.permission.bash["npm *"]', what: "ask over a deny" },
    ]);
    expect(bash(policy, "reviewer", "npm test")).toEqual([
      "deny",
      "agents.reviewer.permission.bash",
    ]);
  });

  it("of a broken file keep their deny and ask rules; their allows ask", () => {
    const { policy, issues } = merge(
      { permission: { bash: "allow" } },
      {
        yolo: "yes",
        agents: { reviewer: { permission: { bash: { "rm *": "deny", "curl *": "allow" } } } },
      },
    );
    expect(issues.map((i) => [i.code, i.jsonPath])).toEqual([["wrongType", "yolo"]]);
    expect([bash(policy, "reviewer", "rm x"), bash(policy, "reviewer", "curl x")]).toEqual([
      ["deny", 'agents.reviewer.permission.bash["rm *"]'],
      ["ask", 'agents.reviewer.permission.bash["curl *"]'],
    ]);
  });

  it("make every allow ask while a file is not JSON", () => {
    const { policy } = merge(global, "{ not json");
    expect(bash(policy, "reviewer", "git diff HEAD")[0]).toBe("ask");
  });
});

describe("agent section errors", () => {
  it.each<[document: object, errors: [code: string, jsonPath: string][]]>([
    [
      { agents: { reviewer: { permission: { bash: "maybe" } } } },
      [["unknownAction", "agents.reviewer.permission.bash"]],
    ],
    [
      { agents: { reviewer: { permisson: {} } } },
      [
        ["unknownKey", "agents.reviewer.permisson"],
        ["missingKey", "agents.reviewer"],
      ],
    ],
    [{ agents: { reviewer: {} } }, [["missingKey", "agents.reviewer"]]],
    [
      { agents: { reviewer: { permission: { path_wrote: "deny" } } } },
      [["unknownSurface", "agents.reviewer.permission.path_wrote"]],
    ],
    [{ agents: { "": { permission: {} } } }, [["emptyKey", 'agents[""]']]],
    [{ agents: { reviewer: "deny" } }, [["wrongType", "agents.reviewer"]]],
  ])("%j is an error at its JSON path in its file", (document, expected) => {
    const load = parsePolicyText(JSON.stringify(document), { scope: "global", file: GLOBAL });
    const errors = load.issues.filter((i) => i.severity === "error");
    expect(errors.map((i) => [i.code, i.jsonPath, i.file])).toEqual(
      expected.map(([code, jsonPath]) => [code, jsonPath, GLOBAL]),
    );
    expect(load.status).toBe("broken");
  });

  it("a reason on an agent's allow is warned about at its place, like a top-level one", () => {
    const load = parsePolicyText(
      JSON.stringify({
        agents: { reviewer: { permission: { bash: { "x *": { action: "allow", reason: "r" } } } } },
      }),
      { scope: "global", file: GLOBAL },
    );
    expect(load.issues.map((i) => [i.code, i.jsonPath])).toEqual([
      ["reasonIgnored", 'agents.reviewer.permission.bash["x *"].reason'],
    ]);
  });
});
