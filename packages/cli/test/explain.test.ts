import { loadBashAnalyzer } from "@pi-permission/bash";
import { evaluateToolCall } from "@pi-permission/gates";
import {
  applyFailClosedFloor,
  DEFAULT_POLICY_SETTINGS,
  DEFAULT_RULE,
  type PermissionMap,
  type Policy,
  permissionRules,
} from "@pi-permission/policy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT, formatExplanation } from "../src/index.ts";
import { CAUTIOUS, PLACE, policyDir, run } from "./helpers.ts";

let files: ReturnType<typeof policyDir>;
let cautious: string;
beforeAll(() => {
  files = policyDir();
  cautious = files.write("cautious.json", CAUTIOUS);
});
afterAll(() => files.remove());

function explain(tool: string, input: unknown, config = cautious) {
  return run([
    "explain",
    "--config",
    config,
    ...PLACE,
    "--tool",
    tool,
    "--input",
    JSON.stringify(input),
  ]);
}

describe("pi-permission explain", () => {
  it("traces every unit, path and gate of a compound command, and the deny that decides", async () => {
    const result = await explain("bash", { command: "git status && rm -rf build > /tmp/log" });
    expect(result).toEqual({
      code: EXIT.deny,
      err: "",
      out: `call: bash, working directory /repo, home /home/user
policy: ${cautious}

bash analysis: ok, 2 units, 3 paths
  unit 1: git status
  unit 2: rm -rf build > /tmp/log
  path: build → /repo/build (write, operand of unit 2)
  path: build → glob /repo/build/** (write, operand of unit 2)
  path: /tmp/log (write, redirect of unit 2)

gate path: ask
  path_write \`build\` (/repo/build/**): ask
    rule permission.path["**/.env"] = deny (global ${cautious})
    only some files it may name meet this rule, so it asks rather than denies

gate external_directory: ask
  external_directory_write \`/tmp/log\`: ask
    rule permission.external_directory = ask (global ${cautious})

gate bash: deny
  unit 1 \`git status\`: allow
    rule permission.bash["git *"] = allow (global ${cautious})
  unit 2 \`rm -rf build\`: deny, decides
    rule permission.bash["rm *"] = deny (global ${cautious})

decision: deny
  decided by the bash gate: unit 2 \`rm -rf build\`, rule \`rm *\`
  a deny from any gate refuses the call: no prompt, session grant or yolo overrides it
  agent text: [pi-permission-system] Denied by policy: 'bash' (rule 'rm *').
`,
    });
  });

  it("shows the operator's reason beside the rule and in the decision", async () => {
    const result = await explain("bash", { command: "git push origin main" });
    expect(result.out.split("\n\n").slice(2).join("\n\n")).toBe(`gate bash: deny
  unit 1 \`git push origin main\`: deny, decides
    rule permission.bash["git push *"] = deny (global ${cautious})
    reason: pushes go through CI

no verdict from path, external_directory: no rule matches anything the call touches

decision: deny
  decided by the bash gate: unit 1 \`git push origin main\`, rule \`git push *\`
  reason: pushes go through CI
  a deny from any gate refuses the call: no prompt, session grant or yolo overrides it
  agent text: [pi-permission-system] Denied by policy: 'bash' (rule 'git push *'). Reason: pushes go through CI.
`);
  });

  it("names the permission hook that tightened a gate, and check applies every hook", async () => {
    const hooked = files.write(
      "hooked.json",
      JSON.stringify({
        permission: { "*": "allow" },
        hooks: {
          git: {
            name: "Git mutations",
            permission: { bash: { "git push *": "ask", "git reset --hard*": "deny" } },
          },
        },
      }),
    );
    const result = await explain("bash", { command: "git reset --hard HEAD" }, hooked);
    const sections = result.out.split("\n\n");
    expect([result.code, sections[2]?.split("\n")[0], sections.at(-1)?.split("\n").at(-2)]).toEqual(
      [
        EXIT.deny,
        "gate bash: deny (hook Git mutations, user:git)",
        "  agent text: [pi-permission-system] Denied by hook 'Git mutations': 'bash' (rule 'git reset --hard*').",
      ],
    );
    const checked = await run([
      "check",
      "--config",
      hooked,
      ...PLACE,
      "--tool",
      "bash",
      "--input",
      JSON.stringify({ command: "git push origin main" }),
    ]);
    const record = JSON.parse(checked.out);
    expect([checked.code, record.decision, record.hook, record.judgements[0].hook]).toEqual([
      EXIT.ask,
      "ask",
      { id: "user:git", name: "Git mutations", source: "user" },
      { id: "user:git", name: "Git mutations", source: "user" },
    ]);
  });

  it("shows a wrapper, what it runs and a sentinel that holds an allow at ask", async () => {
    const permissive = files.write("permissive.json", '{ "permission": { "*": "allow" } }');
    const result = await explain("bash", { command: "sudo git status" }, permissive);
    expect(result).toEqual({
      code: EXIT.ask,
      err: "",
      out: `call: bash, working directory /repo, home /home/user
policy: ${permissive}

bash analysis: ok, 1 unit, 0 paths
  unit 1: sudo git status
    wrappers: sudo (indirection)
    runs: git status
    sentinel: <indirection-bash-wrapper>

gate bash: ask
  unit 1 \`sudo git status\`: ask, decides
    runs \`git status\`
    rule permission["*"] = allow (global ${permissive})
    sentinel <indirection-bash-wrapper>: what runs cannot be proven, so at most ask

no verdict from path, external_directory: no rule matches anything the call touches

decision: ask
  decided by the bash gate: unit 1 \`sudo git status\`, sentinel \`<indirection-bash-wrapper>\`
  no gate denies, so pi asks a human (or the parent session)
  agent text when no one can answer: [pi-permission-system] This 'bash' call (rule '<indirection-bash-wrapper>') requires approval, but no interactive UI is available.
`,
    });
  });

  it("keeps a deny rule's verdict when a sentinel is also present, and names the unit's context", async () => {
    const result = await explain("bash", { command: 'echo "$(xargs rm < list)"' });
    expect(
      result.out.split("\n\n").slice(1, 3).join("\n\n"),
    ).toBe(`bash analysis: ok, 2 units, 1 path
  unit 1: echo "$(xargs rm < list)"
  unit 2: xargs rm < list
    inside a command substitution
    wrappers: xargs (indirection)
    runs: rm
    sentinel: <indirection-bash-wrapper>
  path: list → /repo/list (read, redirect of unit 2)

gate bash: deny
  unit 1 \`echo $(xargs rm < list)\`: ask
    rule permission.bash["*"] = ask (global ${cautious})
  unit 2 \`xargs rm\`: deny, decides
    runs \`rm\`
    rule permission.bash["rm *"] = deny (global ${cautious})
    sentinel <indirection-bash-wrapper>: the rule's deny stands`);
  });

  it("lists a partial parse's diagnostics and the floor it puts on an allowed unit", async () => {
    const result = await explain("bash", { command: "git status &&" });
    expect(
      result.out.split("\n\n").slice(1, 3).join("\n\n"),
    ).toBe(`bash analysis: partial, 2 units, 0 paths
  missing-token at offset 13: the grammar expected \`word\` here
  unit 1: git status
  unit 2: git status &&
    sentinel: <unparseable-bash-command>

gate bash: ask
  unit 1 \`git status\`: allow
    rule permission.bash["git *"] = allow (global ${cautious})
  unit 2 \`git status\`: ask, decides
    rule permission.bash["git *"] = allow (global ${cautious})
    sentinel <unparseable-bash-command>: what runs cannot be proven, so at most ask`);
  });

  it("names the whole command when a bash call has no command to analyse", async () => {
    const result = await explain("bash", { cmd: "ls" });
    expect(result.out).toBe(`call: bash, working directory /repo, home /home/user
policy: ${cautious}

gate bash: ask
  command: ask, decides
    sentinel <unparseable-bash-command>: what runs cannot be proven, so at most ask

no verdict from path, external_directory: no rule matches anything the call touches

decision: ask
  decided by the bash gate: command, sentinel \`<unparseable-bash-command>\`
  no gate denies, so pi asks a human (or the parent session)
  agent text when no one can answer: [pi-permission-system] This 'bash' call (rule '<unparseable-bash-command>') requires approval, but no interactive UI is available.
`);
  });

  it("shows a file tool's path as written and resolved, in the path gate and its own", async () => {
    const result = await explain("read", { path: "src/../.env" });
    expect(result).toEqual({
      code: EXIT.deny,
      err: "",
      out: `call: read, working directory /repo, home /home/user
policy: ${cautious}

gate path: deny
  path_read \`src/../.env\` (/repo/.env): deny, decides
    rule permission.path["**/.env"] = deny (global ${cautious})

gate tool: allow
  read \`src/../.env\` (/repo/.env): allow
    rule permission.read = allow (global ${cautious})

no verdict from external_directory: no rule matches anything the call touches

decision: deny
  decided by the path gate: path_read \`src/../.env\` (/repo/.env), rule \`**/.env\`
  a deny from any gate refuses the call: no prompt, session grant or yolo overrides it
  agent text: [pi-permission-system] Denied by policy: 'path' for tool 'read' for path '/repo/.env' (rule '**/.env').
`,
    });
  });

  it("shows a glob no path rule meets, and a computed path that may be any file", async () => {
    const result = await explain("bash", { command: 'cat src/*.ts "$f"' });
    expect(result).toEqual({
      code: EXIT.ask,
      err: "",
      out: `call: bash, working directory /repo, home /home/user
policy: ${cautious}

bash analysis: ok, 1 unit, 2 paths
  unit 1: cat src/*.ts "$f"
  path: src/*.ts → glob /repo/src/*.ts (read, operand of unit 1)
  path: $f → computed: it may name any file (read, operand of unit 1)

gate path: ask
  path \`$f\`: ask
    sentinel <computed-path>: which file it names cannot be worked out, and a path rule here does not allow every file, so at most ask

gate external_directory: ask
  external_directory \`$f\`: ask
    sentinel <computed-path>: which file it names cannot be worked out, and a path rule here does not allow every file, so at most ask

gate bash: ask
  unit 1 \`cat src/*.ts $f\`: ask, decides
    rule permission.bash["*"] = ask (global ${cautious})

decision: ask
  decided by the bash gate: unit 1 \`cat src/*.ts $f\`, rule \`*\`
  no gate denies, so pi asks a human (or the parent session)
  agent text when no one can answer: [pi-permission-system] This 'bash' call (rule '*') requires approval, but no interactive UI is available.
`,
    });
  });

  it("says which gates allow an allowed call", async () => {
    const result = await explain("read", { path: "README.md" });
    expect({ code: result.code, decision: result.out.split("\n\n").at(-1) }).toEqual({
      code: EXIT.allow,
      decision: "decision: allow\n  every gate allows: tool\n",
    });
  });

  it("says a broken policy file fails closed, and names the invalid entry that asks", async () => {
    const broken = files.write("broken.json", '{ "permission": { "read": "alow" } }');
    const result = await explain("read", { path: "README.md" }, broken);
    expect({ code: result.code, out: result.out.split("\n\n").slice(0, 2).join("\n\n") }).toEqual({
      code: EXIT.ask,
      out: `call: read, working directory /repo, home /home/user
policy: ${broken}
  fails closed: ${broken} is broken (1 error), so its valid deny and ask rules apply and its allows ask

gate tool: ask
  read \`README.md\` (/repo/README.md): ask, decides
    rule permission.read = ask (global ${broken})
    floor: written invalid, enforced as ask while ${broken} is broken`,
    });
  });

  it("cuts every shown value to the policy's field width, on one line", async () => {
    const narrow = files.write(
      "narrow.json",
      '{ "promptFieldMaxWidth": 24, "permission": { "bash": { "echo *": "allow" } } }',
    );
    const result = await explain(
      "bash",
      { command: `echo "first\nsecond" ${"a".repeat(70_000)}` },
      narrow,
    );
    expect(
      result.out.split("\n\n").slice(1, 3).join("\n\n"),
    ).toBe(`bash analysis: ok, 1 unit, 0 paths
  unit 1: echo "first\\nsecond" aa…

gate bash: allow
  unit 1 \`echo first\\nsecond aaaa…\`: allow
    rule permission.bash["echo *"] = allow (global ${narrow})`);
  });
});

describe("formatExplanation", () => {
  function policyOf(permission: PermissionMap, extra: Partial<Policy> = {}): Policy {
    const brokenScopes = extra.brokenScopes ?? [];
    const rules = [
      DEFAULT_RULE,
      ...permissionRules(permission, { scope: "global", file: "/g.json" }),
    ];
    return {
      rules: applyFailClosedFloor(rules, brokenScopes),
      hooks: [],
      settings: DEFAULT_POLICY_SETTINGS,
      brokenScopes,
      ...extra,
    };
  }

  it("prints a fail-closed floor on a rule written as allow", async () => {
    const brokenScopes = [
      { scope: "project" as const, file: "/repo/.pi/permissions.json", errorCount: 2 },
    ];
    const policy = policyOf({ bash: { "git *": "allow" } }, { brokenScopes });
    const facts = {
      toolName: "bash",
      toolCallId: null,
      input: { command: "git status" },
      cwd: "/repo",
      home: "/home/user",
      agentName: null,
      sessionId: null,
    };
    const evaluation = evaluateToolCall(policy, facts, await loadBashAnalyzer());
    const text = formatExplanation(evaluation, {
      tool: "bash",
      cwd: "/repo",
      home: "/home/user",
      policy,
      file: "/g.json",
    });
    expect(
      text.split("\n\n").slice(0, 3).join("\n\n"),
    ).toBe(`call: bash, working directory /repo, home /home/user
policy: /g.json
  fails closed: /repo/.pi/permissions.json is broken (2 errors), so its valid deny and ask rules apply and its allows ask

bash analysis: ok, 1 unit, 0 paths
  unit 1: git status

gate bash: ask
  unit 1 \`git status\`: ask, decides
    rule permission.bash["git *"] = ask (global /g.json)
    floor: written allow, enforced as ask while /repo/.pi/permissions.json is broken`);
  });

  it("says yolo would approve an ask, and lists an MCP target", async () => {
    const policy = policyOf(
      { mcp: { "github:*": "ask" } },
      { settings: { ...DEFAULT_POLICY_SETTINGS, yolo: true } },
    );
    const facts = {
      toolName: "mcp",
      toolCallId: null,
      input: { server: "github", tool: "create_issue" },
      cwd: "/repo",
      home: "/home/user",
      agentName: null,
      sessionId: null,
    };
    const evaluation = evaluateToolCall(policy, facts, await loadBashAnalyzer());
    const text = formatExplanation(evaluation, {
      tool: "mcp",
      cwd: "/repo",
      home: "/home/user",
      policy,
      file: "/g.json",
    });
    expect(text.split("\n\n").slice(1).join("\n\n")).toBe(`gate mcp: ask
  mcp \`github:create_issue\`: ask, decides
    rule permission.mcp["github:*"] = ask (global /g.json)

no verdict from path, external_directory: no rule matches anything the call touches

decision: ask
  decided by the mcp gate: mcp \`github:create_issue\`, rule \`github:*\`
  no gate denies, and yolo is on: pi approves this ask without prompting
  agent text when no one can answer: [pi-permission-system] This 'mcp' call for target 'github:create_issue' (rule 'github:*') requires approval, but no interactive UI is available.
`);
  });
});
