// The service other extensions ask, in a real Pi session with the built package: a value is
// judged on the surface it names, and a tool call's answer is the verdict record the CLI prints.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getPermissionsService, type PermissionsService } from "../../src/index.ts";
import { type PiRun, startPi } from "./harness.ts";

const PACKAGE = join(import.meta.dirname, "..", "..");

const POLICY = {
  permission: {
    "*": "ask",
    read: { "*": "allow", "/etc/**": "deny" },
    bash: {
      "*": "ask",
      "git *": "allow",
      "sudo *": "allow",
      "rm *": { action: "deny", reason: "use the trash" },
    },
    mcp: { "*": "deny", "github:*": "allow" },
    skill: { "*": "allow", "deploy-*": "deny" },
    path: { "**/.env": "deny" },
    path_write: { "/etc/**": "deny" },
    external_directory: { "*": "ask", "/tmp/**": "allow" },
    deploy: "deny",
    notes: "allow",
  },
  agents: { reviewer: { permission: { mcp: { "*": "deny" }, bash: { "*": "deny" } } } },
};

let run: PiRun;
let service: PermissionsService;

beforeAll(async () => {
  run = await startPi({
    extensions: [PACKAGE],
    agentFiles: { "permissions.json": JSON.stringify(POLICY) },
    turns: [],
  });
  // The built bundle and this test share one process, so the service registry is shared.
  const found = getPermissionsService(run.session.sessionManager.getSessionId());
  if (!found) throw new Error("pi-permission published no service for the session");
  service = found;
});
afterAll(() => run?.dispose());

describe("checkPermission judges the value on the surface it names", () => {
  it.each<[string, string, string, string]>([
    // bash: the command's units on the bash rules, sentinels included
    ["bash", "git status", "allow", "a rule allows every unit"],
    ["bash", "git status && rm -rf build", "deny", "one unit meets a deny rule"],
    ["bash", "make", "ask", "the bash catch-all"],
    [
      "bash",
      "sudo git status",
      "ask",
      "a wrapper that runs another command is never a plain allow",
    ],
    ["bash", "echo 'unterminated", "ask", "an unparseable command"],
    // mcp: the target and the names it is known by (`server:*` meets `server:tool`)
    ["mcp", "github:create_issue", "allow", "an allowed server:tool target"],
    ["mcp", "mcp__github__create_issue", "allow", "Pi's tool name for the same target"],
    ["mcp", "slack:post_message", "deny", "the mcp catch-all"],
    // skill
    ["skill", "librarian", "allow", "the skill catch-all"],
    ["skill", "deploy-prod", "deny", "a skill pattern"],
    // path surfaces: a path no rule matches gets no verdict
    ["path", ".env", "deny", "a path rule, read or written"],
    ["path_read", "src/index.ts", "allow", "no path rule matches"],
    ["path_write", "/etc/hosts", "deny", "a write-only path rule"],
    ["path_read", "/etc/hosts", "allow", "the write-only rule does not judge a read"],
    ["external_directory", "/tmp/scratch", "allow", "an allowed directory outside the project"],
    ["external_directory", "/opt/data", "ask", "the external-directory catch-all"],
    ["external_directory_write", "/opt/data", "ask", "the write direction of the same rule"],
    ["external_directory", "src/index.ts", "allow", "a path inside the project is not external"],
    // tools: a file tool on the path it opens; any other tool by its catch-all
    ["read", "/etc/passwd", "deny", "the read tool's own path rule"],
    ["read", "README.md", "allow", "the read tool's catch-all"],
    ["write", "notes.md", "ask", "a tool with no rules falls to the universal default"],
    ["deploy", "prod", "deny", "an extension tool denied entirely"],
    ["notes", "anything", "allow", "an extension tool allowed entirely"],
  ])("(%s, %s) is %s: %s", (surface, value, expected) => {
    expect(service.checkPermission(surface, value)).toBe(expected);
  });

  it("judges for an agent under that agent's sections of the policy", () => {
    expect([
      service.checkPermission("mcp", "github:create_issue", "reviewer"),
      service.checkPermission("bash", "make", "reviewer"),
      service.checkPermission("bash", "make", "builder"),
      service.checkPermission("bash", "make"),
    ]).toEqual(["deny", "deny", "ask", "ask"]);
  });
});

describe("isToolFullyDenied", () => {
  it.each([
    ["deploy", true],
    ["notes", false],
    ["bash", false],
    ["read", false],
  ] as const)("%s: %s", (tool, expected) => {
    expect(service.isToolFullyDenied(tool)).toBe(expected);
  });
});

describe("checkToolCall", () => {
  it("returns the verdict record: decision, deciding rule and where it is written, agent text", () => {
    const record = service.checkToolCall("bash", { command: "git status && rm -rf build" });
    expect({
      decision: record.decision,
      surface: record.surface,
      source: record.source,
      matchedPattern: record.matchedPattern,
      origin: record.origin,
      reason: record.reason,
      agentText: record.agentText,
      units: record.units?.map((u) => u.text),
    }).toEqual({
      decision: "deny",
      surface: "bash",
      source: "rule",
      matchedPattern: "rm *",
      origin: {
        scope: "global",
        file: join(run.agentDir, "permissions.json"),
        jsonPath: 'permission.bash["rm *"]',
      },
      reason: "use the trash",
      agentText:
        "[pi-permission-system] Denied by policy: 'bash' (rule 'rm *'). Reason: use the trash.",
      units: ["git status", "rm -rf build"],
    });
  });

  it("names a sentinel, and the rule it held at ask, with no rule origin", () => {
    const record = service.checkToolCall("bash", { command: "sudo git status" });
    expect([record.decision, record.source, record.matchedPattern, record.origin]).toEqual([
      "ask",
      "sentinel",
      "<indirection-bash-wrapper>",
      null,
    ]);
    // `sudo *` allows the outer command, but what sudo runs cannot be proven.
    expect(record.flooredRule?.origin.jsonPath).toBe('permission.bash["sudo *"]');
  });

  it("judges every gate of a call, where checkPermission judges one surface", () => {
    // `cat .env` is asked on the bash surface alone, and denied as a call by the path rule.
    expect(service.checkPermission("bash", "cat .env")).toBe("ask");
    const record = service.checkToolCall("bash", { command: "cat .env" });
    expect([record.decision, record.surface, record.matchedPattern]).toEqual([
      "deny",
      "path",
      "**/.env",
    ]);
  });
});
