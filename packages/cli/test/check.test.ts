import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EXIT } from "../src/index.ts";
import { CAUTIOUS, PLACE, policyDir, run } from "./helpers.ts";

let files: ReturnType<typeof policyDir>;
let cautious: string;
beforeAll(() => {
  files = policyDir();
  cautious = files.write("cautious.json", CAUTIOUS);
});
afterAll(() => files.remove());

function check(tool: string, input: unknown, ...extra: string[]) {
  return run([
    "check",
    "--config",
    cautious,
    ...PLACE,
    "--tool",
    tool,
    "--input",
    JSON.stringify(input),
    ...extra,
  ]);
}

function origin(jsonPath: string) {
  return { scope: "global", file: cautious, jsonPath };
}

function rule(
  surface: string,
  pattern: string,
  action: string,
  jsonPath: string,
  reason: string | null = null,
) {
  return { surface, pattern, action, reason, origin: origin(jsonPath), floor: null };
}

/** The decision and the path the read tool's own gate judged. */
function judgedPath(result: { out: string }): [string, string] {
  const record = JSON.parse(result.out);
  return [record.decision, record.judgements.at(-1).items[0].value];
}

describe("pi-permission check", () => {
  it.each([
    {
      note: "an allowed command",
      tool: "bash",
      input: { command: "git status" },
      decision: "allow",
      code: EXIT.allow,
    },
    {
      note: "no bash rule matches gitk: the bash * asks",
      tool: "bash",
      input: { command: "gitk --all" },
      decision: "ask",
      code: EXIT.ask,
    },
    {
      note: "rm runs after git status",
      tool: "bash",
      input: { command: "git status && rm -rf build" },
      decision: "deny",
      code: EXIT.deny,
    },
    {
      note: "eval cannot be proven",
      tool: "bash",
      input: { command: 'eval "$X"' },
      decision: "ask",
      code: EXIT.ask,
    },
    {
      note: "a read the read surface allows",
      tool: "read",
      input: { path: "README.md" },
      decision: "allow",
      code: EXIT.allow,
    },
    {
      note: "a secret, reached through ..",
      tool: "read",
      input: { path: "src/../.env" },
      decision: "deny",
      code: EXIT.deny,
    },
    {
      note: "outside the working directory",
      tool: "read",
      input: { path: "/etc/passwd" },
      decision: "ask",
      code: EXIT.ask,
    },
    {
      note: "a tool with no surface falls to *",
      tool: "write",
      input: { path: "a.ts", content: "" },
      decision: "ask",
      code: EXIT.ask,
    },
  ])("exits with the verdict's own code: $note", async ({ tool, input, decision, code }) => {
    const result = await check(tool, input);
    expect({
      code: result.code,
      decision: JSON.parse(result.out).decision,
      err: result.err,
    }).toEqual({
      code,
      decision,
      err: "",
    });
  });

  it("prints the whole verdict record of a deny with its reason, units, paths and judgements", async () => {
    const result = await check("bash", { command: "git add -A && git push origin main" });
    expect(result.code).toBe(EXIT.deny);
    expect(JSON.parse(result.out)).toEqual({
      decision: "deny",
      tool: "bash",
      surface: "bash",
      source: "rule",
      matchedPattern: "git push *",
      sentinel: null,
      origin: origin('permission.bash["git push *"]'),
      reason: "pushes go through CI",
      floor: null,
      flooredRule: null,
      hook: null,
      agentText:
        "[pi-permission-system] Denied by policy: 'bash' (rule 'git push *'). Reason: pushes go through CI.",
      failClosed: false,
      parseStatus: "ok",
      units: [
        {
          text: "git add -A",
          argv: ["git", "add", "-A"],
          context: null,
          wrappers: [],
          executed: ["git", "add", "-A"],
          sentinel: null,
        },
        {
          text: "git push origin main",
          argv: ["git", "push", "origin", "main"],
          context: null,
          wrappers: [],
          executed: ["git", "push", "origin", "main"],
          sentinel: null,
        },
      ],
      paths: [],
      judgements: [
        {
          gate: "bash",
          surface: "bash",
          action: "deny",
          source: "rule",
          matchedPattern: "git push *",
          origin: origin('permission.bash["git push *"]'),
          reason: "pushes go through CI",
          rule: rule(
            "bash",
            "git push *",
            "deny",
            'permission.bash["git push *"]',
            "pushes go through CI",
          ),
          hook: null,
          items: [
            {
              value: "git add -A",
              surface: "bash",
              access: null,
              action: "allow",
              sentinel: null,
              executedUnit: null,
              rule: rule("bash", "git *", "allow", 'permission.bash["git *"]'),
            },
            {
              value: "git push origin main",
              surface: "bash",
              access: null,
              action: "deny",
              sentinel: null,
              executedUnit: null,
              rule: rule(
                "bash",
                "git push *",
                "deny",
                'permission.bash["git push *"]',
                "pushes go through CI",
              ),
            },
          ],
        },
      ],
    });
  });

  it("names a sentinel as the matched pattern, with no rule origin, when it holds an allow at ask", async () => {
    const permissive = files.write("permissive.json", '{ "permission": { "*": "allow" } }');
    const result = await run([
      "check",
      "--config",
      permissive,
      ...PLACE,
      "--tool",
      "bash",
      "--input",
      '{"command":"sudo git status"}',
    ]);
    const record = JSON.parse(result.out);
    expect({
      code: result.code,
      decision: record.decision,
      matchedPattern: record.matchedPattern,
      source: record.source,
      sentinel: record.sentinel,
      origin: record.origin,
      flooredRule: record.flooredRule?.origin.jsonPath,
      agentText: record.agentText,
      units: record.units,
    }).toEqual({
      code: EXIT.ask,
      decision: "ask",
      matchedPattern: "<indirection-bash-wrapper>",
      source: "sentinel",
      sentinel: "<indirection-bash-wrapper>",
      origin: null,
      flooredRule: 'permission["*"]',
      agentText:
        "[pi-permission-system] This 'bash' call (rule '<indirection-bash-wrapper>') requires approval, but no interactive UI is available.",
      units: [
        {
          text: "sudo git status",
          argv: ["sudo", "git", "status"],
          context: null,
          wrappers: [{ name: "sudo", kind: "indirection" }],
          executed: ["git", "status"],
          sentinel: "<indirection-bash-wrapper>",
        },
      ],
    });
  });

  it("records a file tool's path gate, its own surface, and no units or paths", async () => {
    const result = await check("read", { path: "src/../.env" });
    expect(JSON.parse(result.out)).toEqual({
      decision: "deny",
      tool: "read",
      surface: "path",
      source: "rule",
      matchedPattern: "**/.env",
      sentinel: null,
      origin: origin('permission.path["**/.env"]'),
      reason: null,
      floor: null,
      flooredRule: null,
      hook: null,
      agentText:
        "[pi-permission-system] Denied by policy: 'path' for tool 'read' for path '/repo/.env' (rule '**/.env').",
      failClosed: false,
      parseStatus: null,
      units: null,
      paths: null,
      judgements: [
        {
          gate: "path",
          surface: "path",
          action: "deny",
          source: "rule",
          matchedPattern: "**/.env",
          origin: origin('permission.path["**/.env"]'),
          reason: null,
          rule: rule("path_read", "**/.env", "deny", 'permission.path["**/.env"]'),
          hook: null,
          items: [
            {
              value: "/repo/.env",
              surface: "path_read",
              access: "read",
              action: "deny",
              sentinel: null,
              executedUnit: null,
              rule: rule("path_read", "**/.env", "deny", 'permission.path["**/.env"]'),
            },
          ],
        },
        {
          gate: "tool",
          surface: "read",
          action: "allow",
          source: "rule",
          matchedPattern: "*",
          origin: origin("permission.read"),
          reason: null,
          rule: rule("read", "*", "allow", "permission.read"),
          hook: null,
          items: [
            {
              value: "/repo/.env",
              surface: "read",
              access: "read",
              action: "allow",
              sentinel: null,
              executedUnit: null,
              rule: rule("read", "*", "allow", "permission.read"),
            },
          ],
        },
      ],
    });
  });

  it("reports the call's own gate as the surface of an allow, and no agent text", async () => {
    const result = await check("bash", { command: "git status 2>/dev/null" });
    const {
      decision,
      surface,
      matchedPattern,
      origin: where,
      agentText,
      paths,
    } = JSON.parse(result.out);
    expect({ decision, surface, matchedPattern, where, agentText, paths }).toEqual({
      decision: "allow",
      surface: "bash",
      matchedPattern: "git *",
      where: origin('permission.bash["git *"]'),
      agentText: null,
      paths: [],
    });
  });

  it("reads the input from standard input with --input -", async () => {
    const result = await run(
      ["check", "--config", cautious, ...PLACE, "--tool", "bash", "--input", "-"],
      {
        stdin: ['{"command": "rm -rf', ' build"}\n'],
      },
    );
    expect({ code: result.code, matchedPattern: JSON.parse(result.out).matchedPattern }).toEqual({
      code: EXIT.deny,
      matchedPattern: "rm *",
    });
  });

  it("defaults --cwd to the current directory and --home to the home directory", async () => {
    const input = JSON.stringify({ path: "~/notes.txt" });
    const argv = ["check", "--config", cautious, "--tool", "read", "--input", input];
    const inHome = await run(argv, { cwd: "/home/user", home: "/home/user" });
    const inRepo = await run(argv, { cwd: "/repo", home: "/home/user" });
    // INVARIANT: `~` is judged where it really points, so a home outside the project asks.
    expect([judgedPath(inHome), judgedPath(inRepo)]).toEqual([
      ["allow", "/home/user/notes.txt"],
      ["ask", "/home/user/notes.txt"],
    ]);
  });

  it("resolves a relative --cwd and --home against the current directory", async () => {
    const argv = (path: string) => [
      "check",
      "--config",
      cautious,
      "--cwd",
      "sub",
      "--home",
      "../home",
      "--tool",
      "read",
      "--input",
      JSON.stringify({ path }),
    ];
    const io = { cwd: "/srv/repo", home: "/elsewhere" };
    expect([
      judgedPath(await run(argv("a.txt"), io)),
      judgedPath(await run(argv("~/b.txt"), io)),
    ]).toEqual([
      ["allow", "/srv/repo/sub/a.txt"],
      ["ask", "/srv/home/b.txt"],
    ]);
  });

  it("reports a broken policy file on standard error and judges with what it keeps", async () => {
    const broken = files.write(
      "broken.json",
      '{ "permission": { "bash": { "git *": "alow" } } }\n',
    );
    const result = await run([
      "check",
      "--config",
      broken,
      ...PLACE,
      "--tool",
      "bash",
      "--input",
      '{"command":"git status"}',
    ]);
    const record = JSON.parse(result.out);
    expect({
      code: result.code,
      err: result.err,
      decision: record.decision,
      source: record.source,
      matchedPattern: record.matchedPattern,
      origin: record.origin,
      flooredRule: record.flooredRule?.origin,
      failClosed: record.failClosed,
    }).toEqual({
      code: EXIT.ask,
      err: `error[unknownAction]: unknown action \`alow\`
  --> ${broken}:1:38
  at: permission.bash["git *"]
  expected: \`allow\`, \`ask\` or \`deny\`
  received: \`alow\`
  help: did you mean \`allow\`?

${broken}: 1 error; judging fail closed (its valid deny and ask rules apply; its allows ask)
`,
      decision: "ask",
      // The invalid entry asks where it would have decided, named as the broken file: the
      // sentinel decides, and the entry it floored is named apart, never as the rule.
      source: "sentinel",
      matchedPattern: "<broken-policy-file>",
      origin: null,
      flooredRule: { scope: "global", file: broken, jsonPath: 'permission.bash["git *"]' },
      failClosed: true,
    });
  });

  it("fails with the error code when the policy file does not exist", async () => {
    const missing = `${files.dir}/none.json`;
    expect(await run(["check", "--config", missing, "--tool", "bash", "--input", "{}"])).toEqual({
      code: EXIT.error,
      out: "",
      err: `pi-permission: the policy file \`${missing}\` does not exist\n`,
    });
  });

  it("judges a bash call without a string command as unparseable: at most ask", async () => {
    const result = await check("bash", { cmd: "git status" });
    const {
      decision,
      matchedPattern,
      sentinel,
      origin: where,
      parseStatus,
      units,
    } = JSON.parse(result.out);
    expect({
      code: result.code,
      decision,
      matchedPattern,
      sentinel,
      where,
      parseStatus,
      units,
    }).toEqual({
      code: EXIT.ask,
      decision: "ask",
      matchedPattern: "<unparseable-bash-command>",
      sentinel: "<unparseable-bash-command>",
      where: null,
      parseStatus: null,
      units: null,
    });
  });

  it.each([
    {
      note: "no options",
      argv: ["check"],
      message: "`check` needs `--tool NAME`, `--input JSON`",
    },
    {
      note: "no input",
      argv: ["explain", "--config", "p.json", "--tool", "bash"],
      message: "`explain` needs `--input JSON`",
    },
    {
      note: "an unknown option",
      argv: ["check", "--polcy", "x"],
      message: "unknown option `--polcy` for `check`",
    },
    {
      note: "a batch option without --batch",
      argv: ["check", "--policies", "x"],
      message: "unknown option `--policies` for `check`",
    },
    {
      note: "a single-call option in a batch",
      argv: ["check", "--batch", "--tool", "bash"],
      message: "unknown option `--tool` for `check`",
    },
    {
      note: "a batch without policies",
      argv: ["check", "--batch"],
      message: "`check --batch` needs `--policies DIR`",
    },
    {
      note: "an option given twice",
      argv: ["check", "--tool", "a", "--tool=b"],
      message: "`--tool` is given twice",
    },
    {
      note: "an option without its value",
      argv: ["check", "--config"],
      message: "`--config` needs a value",
    },
    {
      note: "a positional argument",
      argv: ["check", "p.json"],
      message: "`check` takes only options; unexpected `p.json`",
    },
    {
      note: "an empty tool name",
      argv: ["check", "--config=p.json", "--tool=", "--input={}"],
      message: "`--tool` needs a tool name",
    },
    {
      note: "input that is not JSON",
      argv: ["check", "--config", "p.json", "--tool", "bash", "--input", "{command: ls}"],
      message:
        "`--input` is not JSON: Expected property name or '}' in JSON at position 1 (line 1 column 2)",
    },
  ])("rejects a wrong command line with the usage code: $note", async ({ argv, message }) => {
    expect(await run(argv)).toEqual({
      code: EXIT.usage,
      out: "",
      err: `pi-permission: ${message}\nhelp: run \`pi-permission help\`\n`,
    });
  });
});
