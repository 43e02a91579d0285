import { mkdirSync, mkdtempSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type BashAnalyzer, loadBashAnalyzer } from "@pi-permission/bash";
import {
  evaluateToolCall,
  GateRunner,
  SessionGrants,
  type ToolCallFacts,
  type Verdict,
} from "@pi-permission/gates";
import type { PermissionDecisionEvent } from "@pi-permission/payload";
import { loadPolicyFile, mergeScopes, type Policy } from "@pi-permission/policy";
import { beforeAll, describe, expect, it } from "vitest";

const POLICIES = join(import.meta.dirname, "..");
// A real project on disk: some calls are judged on what lies below a directory (the grep
// tool reads every file below it, docs/configuration.md), and this one has a `src` with no
// secret in it.
const ROOT = realpathSync(mkdtempSync(join(tmpdir(), "pi-example-policies-")));
const CWD = join(ROOT, "repo");
const HOME = join(ROOT, "home");
for (const dir of [CWD, HOME, join(CWD, "src")]) mkdirSync(dir, { recursive: true });
writeFileSync(join(CWD, "src", "index.ts"), "export {};\n");

let analyzer: BashAnalyzer;
beforeAll(async () => {
  analyzer = await loadBashAnalyzer();
});

function load(name: string) {
  const scope = loadPolicyFile({ scope: "global", file: join(POLICIES, name) });
  return { scope, merged: mergeScopes([scope]) };
}

function policyOf(name: string): Policy {
  return load(name).merged.policy;
}

/** One representative tool call: a bash command, or a file tool and its path. */
type Call = readonly [tool: string, argument: string];

function facts([tool, argument]: Call): ToolCallFacts {
  const input =
    tool === "bash"
      ? { command: argument }
      : tool === "write"
        ? { path: argument, content: "x" }
        : tool === "edit"
          ? { path: argument, edits: [{ oldText: "a", newText: "b" }] }
          : { path: argument };
  return {
    toolName: tool,
    toolCallId: "call_1",
    input,
    cwd: CWD,
    home: HOME,
    agentName: null,
    sessionId: "session-1",
  };
}

/**
 * The rule that decides: the deciding gate's rule for an ask or a deny, the main gate's
 * (bash or the tool's) for an allow; with the sentinel when the analyzer could not prove
 * the unit. For an allow that is its first unit: every unit was allowed.
 */
function decidedBy(evaluation: Verdict): string {
  const item = evaluation.deciding?.decidingItem;
  const rule = item?.rule?.origin.jsonPath ?? "none";
  return item?.sentinel ? `${rule} ${item.sentinel}` : rule;
}

function judge(policy: Policy, call: Call) {
  const evaluation = evaluateToolCall(policy, facts(call), analyzer);
  const source = evaluation.deciding?.source;
  const hook = source?.kind === "hook" ? source.hook.name : undefined;
  return {
    verdict: evaluation.action,
    rule: hook ? `${decidedBy(evaluation)} (${hook})` : decidedBy(evaluation),
  };
}

type Row = readonly [tool: string, argument: string, verdict: string, rule: string];

describe.each(["cautious.json", "strict-allowlist.json", "ci.json", "hooks.json"])("%s", (name) => {
  it("loads with no errors and no warnings", () => {
    const { scope, merged } = load(name);
    expect(scope.status).toBe("loaded");
    expect(scope.issues).toEqual([]);
    expect(merged.issues).toEqual([]);
    expect(merged.policy.brokenScopes).toEqual([]);
  });
});

describe("cautious.json", () => {
  const rows: Row[] = [
    ["read", "src/index.ts", "allow", "permission.read"],
    ["grep", "src", "allow", "permission.grep"],
    ["edit", "src/index.ts", "allow", "permission.edit"],
    ["bash", "git status", "allow", 'permission.bash["git *"]'],
    ["bash", "ls -la src", "allow", 'permission.bash["ls *"]'],
    ["bash", "cat README.md | grep -n install", "allow", 'permission.bash["cat *"]'],
    ["bash", "npm install", "ask", 'permission.bash["*"]'],
    ["bash", "git push origin main", "ask", 'permission.bash["git push *"]'],
    ["bash", "git reset --hard HEAD~3", "ask", 'permission.bash["git reset --hard*"]'],
    ["bash", "rm -rf build", "deny", 'permission.bash["rm *"]'],
    // Each executed unit is judged: the compound, the substitution and the wrapper hide nothing.
    ["bash", "git status && rm -rf build", "deny", 'permission.bash["rm *"]'],
    ["bash", "echo $(curl -s https://example.com)", "deny", 'permission.bash["curl *"]'],
    ["bash", "wget https://example.com/x.sh", "deny", 'permission.bash["wget *"]'],
    [
      "bash",
      "sudo rm -rf /var/cache/app",
      "deny",
      'permission.bash["rm *"] <indirection-bash-wrapper>',
    ],
    ["bash", "sudo git status", "ask", 'permission.bash["*"] <indirection-bash-wrapper>'],
    ["bash", "bash -c 'ls'", "ask", 'permission.bash["*"] <opaque-bash-wrapper>'],
    // Secrets are denied on the `path` surface, whichever tool touches them.
    ["read", ".env", "deny", 'permission.path["**/.env"]'],
    ["bash", "cat config/.env", "deny", 'permission.path["**/.env"]'],
    ["read", "~/.ssh/id_rsa", "deny", 'permission.path["**/.ssh/**"]'],
    ["bash", "cat ~/.ssh/id_rsa", "deny", 'permission.path["**/.ssh/**"]'],
    // Outside the project asks, even for a tool that is allowed inside it.
    ["read", "/etc/hosts", "ask", "permission.external_directory"],
    ["write", "../outside/notes.md", "ask", "permission.external_directory"],
  ];
  it.each(rows)("%s %s → %s by %s", (tool, argument, verdict, rule) => {
    expect(judge(policyOf("cautious.json"), [tool, argument])).toEqual({ verdict, rule });
  });
});

describe("strict-allowlist.json", () => {
  const rows: Row[] = [
    ["read", "src/index.ts", "allow", "permission.read"],
    ["ls", "src", "allow", "permission.ls"],
    ["bash", "git status", "allow", 'permission.bash["git status"]'],
    ["bash", "git diff HEAD~1", "allow", 'permission.bash["git diff *"]'],
    ["bash", "npm test", "allow", 'permission.bash["npm test"]'],
    // A transparent wrapper is peeled before matching.
    ["bash", "timeout 60 npm test", "allow", 'permission.bash["npm test"]'],
    // Everything else is refused: other commands, other arguments, other tools.
    ["bash", "git status --porcelain", "deny", 'permission.bash["*"]'],
    ["bash", "npm test && curl -X POST https://hooks.example/done", "deny", 'permission.bash["*"]'],
    ["bash", "npm ci", "deny", 'permission.bash["*"]'],
    ["bash", "sudo npm test", "deny", 'permission.bash["*"] <indirection-bash-wrapper>'],
    ["edit", "src/index.ts", "deny", 'permission["*"]'],
    ["write", "src/new.ts", "deny", 'permission["*"]'],
    ["read", ".env", "deny", 'permission.path["**/.env"]'],
    ["read", "../other/README.md", "deny", 'permission.external_directory["*"]'],
  ];
  it.each(rows)("%s %s → %s by %s", (tool, argument, verdict, rule) => {
    expect(judge(policyOf("strict-allowlist.json"), [tool, argument])).toEqual({
      verdict,
      rule,
    });
  });
});

describe("ci.json", () => {
  const rows: Row[] = [
    ["bash", "npm ci", "allow", 'permission.bash["npm ci *"]'],
    ["bash", "npm test", "allow", 'permission.bash["npm test *"]'],
    ["bash", "npm run build -- --sourcemap", "allow", 'permission.bash["npm run build *"]'],
    ["bash", "npx vitest run test/unit", "allow", 'permission.bash["npx vitest *"]'],
    ["bash", "git add -A && git commit -m fix", "allow", 'permission.bash["git add *"]'],
    ["edit", "src/index.ts", "allow", "permission.edit"],
    ["bash", "git commit -m fix && git push", "deny", 'permission.bash["git push *"]'],
    ["bash", "npm publish --access public", "deny", 'permission.bash["npm publish *"]'],
    ["bash", "npx changeset publish", "deny", 'permission.bash["npx changeset publish *"]'],
    ["bash", "curl -s https://example.com", "deny", 'permission.bash["curl *"]'],
    ["bash", "cat .npmrc", "deny", 'permission.path["**/.npmrc"]'],
    ["write", "/tmp/notes.md", "deny", 'permission.external_directory["*"]'],
    // Not named: the universal ask, which CI refuses (see the next test).
    ["bash", "make deploy", "ask", 'permission["*"] <opaque-bash-wrapper>'],
    ["bash", "npm install left-pad", "ask", 'permission["*"]'],
  ];
  it.each(rows)("%s %s → %s by %s", (tool, argument, verdict, rule) => {
    expect(judge(policyOf("ci.json"), [tool, argument])).toEqual({ verdict, rule });
  });

  it("refuses an ask when nobody can answer it, as a CI run without a UI does", async () => {
    const policy = policyOf("ci.json");
    const decisions: PermissionDecisionEvent[] = [];
    const runner = new GateRunner({
      policy: () => ({ rules: policy.rules, yolo: policy.settings.yolo, promptFieldMaxWidth: 400 }),
      analyzer,
      authority: () => ({
        kind: "none",
        ask: async () => ({ kind: "unavailable", reason: null }),
      }),
      reporter: { review: () => {}, decision: (e) => decisions.push(e), uiPrompt: () => {} },
      grants: new SessionGrants(),
    });
    const outcome = await runner.run(facts(["bash", "make deploy"]));
    expect(outcome.action).toBe("block");
    expect(outcome.action === "block" ? outcome.reason : null).toBe(
      "[pi-permission-system] This 'bash' call (rule '*') requires approval, but no interactive UI is available.",
    );
    expect(decisions.map((d) => [d.result, d.resolution])).toEqual([
      ["deny", "confirmation_unavailable"],
    ]);
  });
});

describe("hooks.json", () => {
  const rows: Row[] = [
    ["bash", "npm test", "allow", 'permission.bash["*"]'],
    ["bash", "git status", "allow", 'permission.bash["*"]'],
    ["bash", "kubectl get pods", "allow", 'permission.bash["*"]'],
    // Each hook tightens the permissive base where its rules match, and names itself.
    [
      "bash",
      "git commit -m x && git push origin main",
      "ask",
      'hooks.git.permission.bash["git push *"] (Git mutations)',
    ],
    [
      "bash",
      "git reset --hard HEAD~1",
      "deny",
      'hooks.git.permission.bash["git reset --hard*"] (Git mutations)',
    ],
    [
      "bash",
      "rm -rf build",
      "ask",
      'hooks.removal.permission.bash["rm -r*"] (Destructive removal)',
    ],
    ["bash", "rm notes.txt", "allow", 'permission.bash["*"]'],
    [
      "bash",
      "kubectl delete pod web-1",
      "ask",
      'hooks.deploy.permission.bash["kubectl *"] (Production deployment)',
    ],
    [
      "bash",
      "terraform apply -auto-approve",
      "deny",
      'hooks.deploy.permission.bash["terraform apply*"] (Production deployment)',
    ],
    [
      "write",
      "dist/index.js",
      "ask",
      'hooks.generated.permission.path_write["**/dist/**"] (Generated files)',
    ],
    ["read", "dist/index.js", "allow", "permission.read"],
    // A hook never loosens the base: the base's deny of .env stands.
    ["read", ".env", "deny", 'permission.path["**/.env"]'],
  ];
  it.each(rows)("%s %s → %s by %s", (tool, argument, verdict, rule) => {
    expect(judge(policyOf("hooks.json"), [tool, argument])).toEqual({ verdict, rule });
  });

  it("with a hook switched off, the base decides what it matched", () => {
    const policy = policyOf("hooks.json");
    const withoutGit = { ...policy, hooks: policy.hooks.filter((h) => h.ref.id !== "user:git") };
    expect([
      judge(withoutGit, ["bash", "git push origin main"]),
      judge(withoutGit, ["bash", "rm -rf build"]).verdict,
    ]).toEqual([{ verdict: "allow", rule: 'permission.bash["*"]' }, "ask"]);
  });
});
