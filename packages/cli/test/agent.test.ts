// `check --agent` and `explain --agent`: a call judged as a subagent makes it, with the
// policy's agent sections merged over the session's rules.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT } from "../src/index.ts";
import { PLACE, policyDir, run } from "./helpers.ts";

const POLICY = JSON.stringify({
  permission: { "*": "ask", bash: { "*": "ask", "git *": "allow" } },
  agents: { reviewer: { permission: { bash: { "*": "deny", "git diff *": "allow" } } } },
});

let files: ReturnType<typeof policyDir>;
let config: string;
beforeAll(() => {
  files = policyDir();
  config = files.write("agents.json", POLICY);
});
afterAll(() => files.remove());

const call = (command: string) => ["--tool", "bash", "--input", JSON.stringify({ command })];

async function check(command: string, agent?: string) {
  const result = await run([
    "check",
    "--config",
    config,
    ...PLACE,
    ...call(command),
    ...(agent === undefined ? [] : ["--agent", agent]),
  ]);
  const record = JSON.parse(result.out) as { decision: string; origin: { jsonPath: string } };
  return [result.code, record.decision, record.origin.jsonPath, result.err];
}

describe("pi-permission check --agent", () => {
  it.each<[command: string, agent: string | undefined, expected: unknown[]]>([
    ["npm test", "reviewer", [EXIT.deny, "deny", 'agents.reviewer.permission.bash["*"]', ""]],
    [
      "git diff HEAD",
      "reviewer",
      [EXIT.allow, "allow", 'agents.reviewer.permission.bash["git diff *"]', ""],
    ],
    ["npm test", undefined, [EXIT.ask, "ask", 'permission.bash["*"]', ""]],
    [
      "npm test",
      "builder",
      [
        EXIT.ask,
        "ask",
        'permission.bash["*"]',
        "pi-permission: no policy file has a section for agent `builder`, so its calls are judged by the session's policy\n",
      ],
    ],
  ])("%s as %s", async (command, agent, expected) => {
    expect(await check(command, agent)).toEqual(expected);
  });

  it("rejects an empty agent name with the usage code", async () => {
    const result = await run(["check", "--config", config, ...call("ls"), "--agent="]);
    expect([result.code, result.err]).toEqual([
      EXIT.usage,
      "pi-permission: `--agent` needs an agent name\nhelp: run `pi-permission help`\n",
    ]);
  });

  it("reads the agent sections of the files Pi reads, an untrusted project's only tightening", async () => {
    const agentDir = join(files.dir, "agent");
    const cwd = join(files.dir, "repo");
    mkdirSync(agentDir, { recursive: true });
    mkdirSync(join(cwd, ".pi"), { recursive: true });
    writeFileSync(join(agentDir, "permissions.json"), POLICY);
    writeFileSync(
      join(cwd, ".pi", "permissions.json"),
      JSON.stringify({ agents: { reviewer: { permission: { bash: { "npm *": "allow" } } } } }),
    );
    const argv = [
      "check",
      "--agent-dir",
      agentDir,
      "--cwd",
      cwd,
      "--home",
      "/home/user",
      ...call("npm test"),
      "--agent",
      "reviewer",
    ];
    const untrusted = await run(argv);
    const trusted = await run([...argv, "--trust-project"]);
    expect(
      [untrusted, trusted].map((r) => [r.code, JSON.parse(r.out).origin.jsonPath as string]),
    ).toEqual([
      [EXIT.deny, 'agents.reviewer.permission.bash["*"]'],
      [EXIT.allow, 'agents.reviewer.permission.bash["npm *"]'],
    ]);
    expect(untrusted.err).toContain('agents.reviewer.permission.bash["npm *"]');
  });
});

describe("pi-permission explain --agent", () => {
  it("names the agent and the files whose sections apply, and the rule from its section", async () => {
    const result = await run([
      "explain",
      "--config",
      config,
      ...PLACE,
      ...call("npm test"),
      "--agent",
      "reviewer",
    ]);
    const lines = result.out.split("\n");
    expect(result.code).toBe(EXIT.deny);
    expect(lines.slice(0, 3)).toEqual([
      "call: bash, working directory /repo, home /home/user",
      `policy: ${config}`,
      `agent: reviewer (its sections, each after its file's own rules: ${config})`,
    ]);
    expect(result.out).toContain('agents.reviewer.permission.bash["*"]');
  });

  it("says when no section names the agent", async () => {
    const result = await run([
      "explain",
      "--config",
      config,
      ...PLACE,
      ...call("npm test"),
      "--agent",
      "builder",
    ]);
    expect(result.out.split("\n")[2]).toBe(
      "agent: builder (no section for it: the session's policy applies)",
    );
  });
});
