import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { loadBashAnalyzer } from "@pi-permission/bash";
import {
  isTrustedProjectFile,
  loadPolicy,
  policyHash,
  recordProjectTrust,
} from "@pi-permission/policy";
import { describe, expect, it } from "vitest";
import { rulePattern, type SaveAlwaysOptions, saveAlwaysRule, withRule } from "../src/always.ts";

const analyzer = await loadBashAnalyzer();

function place(globalText?: string, projectText?: string) {
  const root = mkdtempSync(join(tmpdir(), "pp-always-"));
  const agentDir = join(root, "agent");
  const cwd = join(root, "repo");
  mkdirSync(join(cwd, ".pi"), { recursive: true });
  mkdirSync(agentDir, { recursive: true });
  const global = join(agentDir, "permissions.json");
  const project = join(cwd, ".pi", "permissions.json");
  if (globalText !== undefined) writeFileSync(global, globalText);
  if (projectText !== undefined) writeFileSync(project, projectText);
  const location = { cwd, home: root, env: {}, agentDir };
  return { root, agentDir, cwd, global, project, location };
}

function options(
  p: ReturnType<typeof place>,
  command: string,
  pattern: string,
  extra: Partial<SaveAlwaysOptions> = {},
): SaveAlwaysOptions {
  return {
    location: p.location,
    target: { scope: "global", file: p.global },
    grants: [{ surface: "bash", pattern, match: pattern === command ? "exact" : "pattern" }],
    facts: {
      toolName: "bash",
      toolCallId: "call_1",
      input: { command },
      cwd: p.cwd,
      home: p.root,
      agentName: null,
      sessionId: "s",
    },
    surface: "bash",
    analyzer,
    current: loadPolicy({ ...p.location, managedFile: null }),
    ...extra,
  };
}

const COMMENTED = `// my policy
{
  // the default
  "permission": {
    "*": "ask",
    "bash": {
      "git *": "allow", // git is fine
    },
  },
}
`;

describe("always: an allow rule saved to a policy file", () => {
  it("adds the exact rule last in its surface, keeping comments and formatting", () => {
    const p = place(COMMENTED);
    chmodSync(p.global, 0o640);
    const outcome = saveAlwaysRule(options(p, "npm install lodash", "npm install lodash"));
    expect(outcome).toEqual({
      saved: true,
      file: p.global,
      rules: [{ surface: "bash", pattern: "npm install lodash" }],
    });
    const text = readFileSync(p.global, "utf8");
    expect(text).toContain("// my policy");
    expect(text).toContain('"git *": "allow", // git is fine');
    expect(text).toContain(
      '"git *": "allow", // git is fine\n      "npm install lodash": "allow",\n',
    );
    expect(statSync(p.global).mode & 0o777).toBe(0o640);
    // No temporary file is left beside it.
    expect(readdirSync(p.agentDir)).toEqual(["permissions.json"]);
    const after = loadPolicy({ ...p.location, managedFile: null });
    expect(after.issues.filter((i) => i.severity === "error")).toEqual([]);
  });

  it("starts a missing global file from the built-in default, so its denies stay", () => {
    const p = place();
    const outcome = saveAlwaysRule(options(p, "npm install lodash", "npm install lodash"));
    expect(outcome.saved).toBe(true);
    const rules = loadPolicy({ ...p.location, managedFile: null }).policy.rules;
    expect(rules.some((r) => r.action === "deny")).toBe(true);
    expect(
      rules.some(
        (r) => r.surface === "bash" && r.pattern === "npm install lodash" && r.action === "allow",
      ),
    ).toBe(true);
  });

  it("turns a surface's single action into a map with the same default", () => {
    expect(withRule('{ "permission": { "bash": "ask" } }', "bash", "make")).toBe(
      '{ "permission": { "bash": {\n      "*": "ask",\n      "make": "allow"\n    } } }',
    );
    expect(
      withRule(
        '{\n  "permission": {\n    "bash": {\n      "*": "ask"\n    }\n  }\n}',
        "bash",
        "make",
      ),
    ).toBe(
      '{\n  "permission": {\n    "bash": {\n      "*": "ask",\n      "make": "allow"\n    }\n  }\n}',
    );
  });

  it("never saves a rule that would override a deny, and leaves the file untouched", () => {
    const text = '{ "permission": { "*": "ask", "bash": { "git log --output*": "deny" } } }';
    const p = place(text);
    const outcome = saveAlwaysRule(options(p, "git log -1", "git log *"));
    expect(outcome).toEqual({
      saved: false,
      reason:
        "the deny rule bash `git log --output*` (global file) covers part of `git log *`; an allow rule there would override it",
    });
    expect(readFileSync(p.global, "utf8")).toBe(text);
  });

  it("never saves a rule a stricter file would shadow: says so instead", () => {
    const p = place(
      '{ "permission": { "*": "ask" } }',
      '{ "permission": { "bash": { "npm *": "ask" } } }',
    );
    const outcome = saveAlwaysRule(options(p, "npm install lodash", "npm install lodash"));
    expect(outcome.saved).toBe(false);
    expect(outcome.saved === false && outcome.reason).toContain("another rule would shadow it");
    expect(readFileSync(p.global, "utf8")).toBe('{ "permission": { "*": "ask" } }');
  });

  it("a failed rename leaves the file untouched and no temporary file behind", () => {
    const p = place(COMMENTED);
    const outcome = saveAlwaysRule(
      options(p, "npm install lodash", "npm install lodash", {
        rename: () => {
          throw new Error("EXDEV");
        },
      }),
    );
    expect(outcome).toEqual({ saved: false, reason: "could not save the rule: Error: EXDEV" });
    expect(readFileSync(p.global, "utf8")).toBe(COMMENTED);
    expect(readdirSync(p.agentDir)).toEqual(["permissions.json"]);
  });

  it("a trusted project file stays trusted with the rule added", () => {
    const text = '{ "permission": { "bash": { "*": "ask" } } }';
    const p = place('{ "permission": { "*": "ask" } }', text);
    recordProjectTrust(p.agentDir, p.project, policyHash(text));
    const outcome = saveAlwaysRule(
      options(p, "npm install lodash", "npm install lodash", {
        target: { scope: "project", file: p.project },
      }),
    );
    expect(outcome.saved).toBe(true);
    const after = readFileSync(p.project, "utf8");
    expect(isTrustedProjectFile(p.agentDir, p.project, policyHash(after))).toBe(true);
  });

  it.each([
    [{ surface: "bash", pattern: "rm *.o", match: "exact" as const }, null],
    [{ surface: "bash", pattern: "make test", match: "exact" as const }, "make test"],
    [{ surface: "path", pattern: "/repo/a[1].ts", match: "exact" as const }, "/repo/a\\[1\\].ts"],
    [{ surface: "bash", pattern: "git status *", match: "pattern" as const }, "git status *"],
  ])("the rule for %j is %s", (grant, expected) => {
    expect(rulePattern(grant)).toBe(expected);
  });
});
