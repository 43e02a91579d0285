import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  agentDir,
  DEFAULT_POLICY_SETTINGS,
  DEFAULT_RULE,
  loadPolicy,
  type PolicyDocument,
  PolicyDocumentSchema,
  type PolicyFileReader,
  policyFiles,
  validatePolicyFile,
} from "../../src/index.ts";

describe("agentDir and policyFiles", () => {
  it.each<[env: Record<string, string | undefined>, expected: string, note: string]>([
    [{}, "/home/u/.pi/agent", "the default agent dir"],
    [{ PI_CODING_AGENT_DIR: "" }, "/home/u/.pi/agent", "an empty variable is unset"],
    [{ PI_CODING_AGENT_DIR: "/opt/pi" }, "/opt/pi", "an absolute directory"],
    [{ PI_CODING_AGENT_DIR: "~" }, "/home/u", "`~` is the home directory"],
    [{ PI_CODING_AGENT_DIR: "~/pi-agent" }, "/home/u/pi-agent", "`~/` starts at home"],
    [
      { PI_CODING_AGENT_DIR: "conf/pi" },
      "/repo/conf/pi",
      "a relative directory is relative to cwd",
    ],
  ])("%j → %s (%s)", (env, expected) => {
    expect(agentDir({ env, home: "/home/u", cwd: "/repo" })).toBe(expected);
  });

  it("puts the global file in the agent dir and the project file in <cwd>/.pi", () => {
    expect(policyFiles({ env: {}, home: "/home/u", cwd: "/repo" })).toEqual({
      global: "/home/u/.pi/agent/permissions.json",
      project: "/repo/.pi/permissions.json",
    });
  });
});

let root: string;
let home: string;
let cwd: string;
let globalFile: string;
let projectFile: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "pi-permission-policy-"));
  home = join(root, "home");
  cwd = join(root, "repo");
  globalFile = join(home, ".pi", "agent", "permissions.json");
  projectFile = join(cwd, ".pi", "permissions.json");
  mkdirSync(join(home, ".pi", "agent"), { recursive: true });
  mkdirSync(join(cwd, ".pi"), { recursive: true });
});

afterEach(() => {
  rmSync(root, { recursive: true, force: true });
});

function load(projectTrusted = true, readFile?: PolicyFileReader) {
  return loadPolicy({ env: {}, home, cwd, projectTrusted, ...(readFile ? { readFile } : {}) });
}

const globalOrigin = (jsonPath: string) => ({ scope: "global", file: globalFile, jsonPath });
const projectOrigin = (jsonPath: string) => ({ scope: "project", file: projectFile, jsonPath });

describe("loadPolicy", () => {
  it("gives the built-in default and the default settings when there are no files", () => {
    expect(load()).toEqual({
      policy: {
        rules: [DEFAULT_RULE],
        hooks: [],
        settings: DEFAULT_POLICY_SETTINGS,
        brokenScopes: [],
      },
      scopes: [
        { scope: "global", file: globalFile, status: "missing", issues: [] },
        { scope: "project", file: projectFile, status: "missing", issues: [] },
      ],
      issues: [],
    });
  });

  it("merges global then project: rules concatenated, scalars overridden", () => {
    writeFileSync(
      globalFile,
      '{ "permission": { "*": "ask", "bash": { "git *": "allow" } }, "promptMaxRows": 30, "debugLog": true }',
    );
    writeFileSync(
      projectFile,
      '// project rules\n{ "permission": { "bash": { "git push *": "deny" } }, "promptMaxRows": 12, }',
    );
    const { policy, issues } = load();
    expect({ policy, issues }).toEqual({
      policy: {
        hooks: [],
        rules: [
          DEFAULT_RULE,
          { surface: "*", pattern: "*", action: "ask", origin: globalOrigin('permission["*"]') },
          {
            surface: "bash",
            pattern: "git *",
            action: "allow",
            origin: globalOrigin('permission.bash["git *"]'),
          },
          {
            surface: "bash",
            pattern: "git push *",
            action: "deny",
            origin: projectOrigin('permission.bash["git push *"]'),
          },
        ],
        settings: { ...DEFAULT_POLICY_SETTINGS, promptMaxRows: 12, debugLog: true },
        brokenScopes: [],
      },
      issues: [],
    });
  });

  it("does not read an untrusted project's file, and says so", () => {
    writeFileSync(projectFile, '{ "permission": { "*": "allow" } }');
    const read: string[] = [];
    const result = load(false, (file) => {
      read.push(file);
      return undefined;
    });
    expect([read, result.scopes[1], result.policy.rules]).toEqual([
      [globalFile],
      { scope: "project", file: projectFile, status: "untrusted", issues: [] },
      [DEFAULT_RULE],
    ]);
  });

  it("fails closed on a broken project file: no rules or settings from it, every allow becomes ask, yolo off", () => {
    writeFileSync(
      globalFile,
      '{ "permission": { "read": "allow", "bash": { "rm *": "deny" } }, "yolo": true }',
    );
    writeFileSync(
      projectFile,
      '{\n  "permission": { "bash": { "rm *": "ask" } },\n  "yollo": true\n}',
    );
    const broken = [{ scope: "project", file: projectFile, errorCount: 1 }];
    expect(load()).toEqual({
      policy: {
        hooks: [],
        rules: [
          DEFAULT_RULE,
          {
            surface: "read",
            pattern: "*",
            action: "ask",
            origin: globalOrigin("permission.read"),
            floor: { configured: "allow", brokenScopes: broken },
          },
          {
            surface: "bash",
            pattern: "rm *",
            action: "deny",
            origin: globalOrigin('permission.bash["rm *"]'),
          },
        ],
        settings: { ...DEFAULT_POLICY_SETTINGS, yolo: false },
        brokenScopes: broken,
      },
      scopes: [
        {
          scope: "global",
          file: globalFile,
          status: "loaded",
          document: { permission: { read: "allow", bash: { "rm *": "deny" } }, yolo: true },
          hooks: [],
          rules: [
            {
              surface: "read",
              pattern: "*",
              action: "allow",
              origin: globalOrigin("permission.read"),
            },
            {
              surface: "bash",
              pattern: "rm *",
              action: "deny",
              origin: globalOrigin('permission.bash["rm *"]'),
            },
          ],
          issues: [],
        },
        {
          scope: "project",
          file: projectFile,
          status: "broken",
          issues: [expect.objectContaining({ code: "unknownKey" })],
        },
      ],
      issues: [
        {
          severity: "error",
          code: "unknownKey",
          file: projectFile,
          jsonPath: "yollo",
          line: 3,
          column: 3,
          message: "unknown key `yollo`",
          expected:
            "one of `$schema`, `permission`, `hooks`, `yolo`, `permissionReviewLog`, `debugLog`, `promptMaxRows`, `promptFieldMaxWidth`, `reviewLogFieldMaxWidth` or `forwardingTimeoutMs`",
          received: "`yollo`",
          help: "did you mean `yolo`?",
        },
      ],
    });
  });

  it("fails closed the same way on a broken global file, and the project still applies", () => {
    writeFileSync(globalFile, '{ "permission": { "bash": "alow" } }');
    writeFileSync(projectFile, '{ "permission": { "read": "allow", "edit": "deny" } }');
    const { policy, issues } = load();
    expect([
      policy.rules.map((r) => [r.surface, r.action, r.floor?.brokenScopes[0]?.file ?? null]),
      issues.map((i) => i.code),
    ]).toEqual([
      [
        ["*", "ask", null],
        ["read", "ask", globalFile],
        ["edit", "deny", null],
      ],
      ["unknownAction"],
    ]);
  });

  it("fails closed on a file it cannot read", () => {
    mkdirSync(projectFile, { recursive: true }); // a directory where the file should be
    const { policy, scopes } = load();
    expect([policy.brokenScopes, scopes[1]?.issues.map((i) => [i.code, i.message])]).toEqual([
      [{ scope: "project", file: projectFile, errorCount: 1 }],
      [["unreadable", "the policy file cannot be read"]],
    ]);
  });

  it("loads each file's hooks apart from its rules, global first, each with its source and origin", () => {
    writeFileSync(
      globalFile,
      '{ "permission": { "bash": "allow" }, "hooks": { "git": { "name": "Git mutations", "permission": { "bash": { "git push *": "ask" } } } } }',
    );
    writeFileSync(
      projectFile,
      '{ "hooks": { "guard": { "name": "Guard", "permission": { "path": { "**/.env": "deny" } } }, "git": { "name": "Project git", "permission": { "bash": "ask" } } } }',
    );
    const { policy, issues } = load();
    expect([
      issues,
      policy.rules.map((r) => `${r.surface} ${r.pattern} ${r.action}`),
      policy.hooks.map((h) => [
        h.ref.id,
        h.ref.name,
        h.ref.source,
        h.rules.map(
          (r) => `${r.surface} ${r.pattern} ${r.action} ${r.origin.scope} ${r.origin.jsonPath}`,
        ),
      ]),
    ]).toEqual([
      [],
      ["* * ask", "bash * allow"],
      [
        [
          "user:git",
          "Git mutations",
          "user",
          ['bash git push * ask global hooks.git.permission.bash["git push *"]'],
        ],
        [
          "project:guard",
          "Guard",
          "project",
          [
            'path_read **/.env deny project hooks.guard.permission.path["**/.env"]',
            'path_write **/.env deny project hooks.guard.permission.path["**/.env"]',
          ],
        ],
        ["project:git", "Project git", "project", ["bash * ask project hooks.git.permission.bash"]],
      ],
    ]);
  });

  it("takes no hook from a broken file", () => {
    writeFileSync(
      projectFile,
      '{ "hooks": { "guard": { "name": "Guard", "permission": { "bash": "deny" } } }, "yolo": "yes" }',
    );
    expect(load().policy.hooks).toEqual([]);
  });

  it("returns warnings without failing closed", () => {
    writeFileSync(
      projectFile,
      '{ "permission": { "path": { "secrets/*": "deny" }, "read": "allow" } }',
    );
    const { policy, issues } = load();
    expect([policy.brokenScopes, policy.rules.at(-1)?.action, issues.map((i) => i.code)]).toEqual([
      [],
      "allow",
      ["denyGlobMissesNested"],
    ]);
  });
});

// One row per field of the schema: written to a policy file with a value that is not the
// default, it must reach the policy object the gates read (never silently dropped).
const FIELDS: [
  field: keyof PolicyDocument,
  value: unknown,
  reaches: (r: ReturnType<typeof load>) => unknown,
  expected: unknown,
][] = [
  ["$schema", "https://example.test/s.json", (r) => r.issues, []],
  ["permission", { bash: "deny" }, (r) => r.policy.rules.at(-1)?.action, "deny"],
  [
    "hooks",
    { h: { name: "H", permission: { bash: "deny" } } },
    (r) => r.policy.hooks.map((h) => [h.ref.id, h.rules[0]?.action]),
    [["project:h", "deny"]],
  ],
  ["yolo", true, (r) => r.policy.settings.yolo, true],
  ["permissionReviewLog", false, (r) => r.policy.settings.permissionReviewLog, false],
  ["debugLog", true, (r) => r.policy.settings.debugLog, true],
  ["promptMaxRows", 7, (r) => r.policy.settings.promptMaxRows, 7],
  ["promptFieldMaxWidth", 80, (r) => r.policy.settings.promptFieldMaxWidth, 80],
  ["reviewLogFieldMaxWidth", 123, (r) => r.policy.settings.reviewLogFieldMaxWidth, 123],
  ["forwardingTimeoutMs", 5000, (r) => r.policy.settings.forwardingTimeoutMs, 5000],
];

describe("every config field survives load → merge → normalize → runtime", () => {
  it("has a row for every field of the schema", () => {
    expect(FIELDS.map(([field]) => field)).toEqual(Object.keys(PolicyDocumentSchema.properties));
  });

  it.each(FIELDS)("%s = %j reaches the policy", (field, value, reaches, expected) => {
    writeFileSync(globalFile, "{}");
    writeFileSync(projectFile, JSON.stringify({ [field]: value }));
    expect(reaches(load())).toEqual(expected);
  });

  it.each(FIELDS.filter(([f]) => f !== "$schema" && f !== "permission" && f !== "hooks"))(
    "%s set globally survives a project file that does not set it",
    (field, value, reaches, expected) => {
      writeFileSync(globalFile, JSON.stringify({ [field]: value }));
      writeFileSync(projectFile, '{ "permission": { "read": "allow" } }');
      expect(reaches(load())).toEqual(expected);
    },
  );
});

describe("validatePolicyFile", () => {
  it("reports a missing file as an error", () => {
    const file = join(root, "nope.json");
    expect(validatePolicyFile(file)).toEqual({
      file,
      issues: [
        {
          severity: "error",
          code: "fileNotFound",
          file,
          jsonPath: "",
          line: null,
          column: null,
          message: "the policy file does not exist",
          expected: "a policy file",
          received: "no file",
          help: "check the path; pi reads `~/.pi/agent/permissions.json` and `<project>/.pi/permissions.json`",
        },
      ],
    });
  });
});
