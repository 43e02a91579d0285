import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { DEFAULT_POLICY_NAME } from "../src/default-policy.ts";
import {
  agentDir,
  DEFAULT_POLICY_SETTINGS,
  DEFAULT_RULE,
  decideSurface,
  loadPolicy,
  matchesBashPattern,
  type PolicyDocument,
  PolicyDocumentSchema,
  type PolicyFileReader,
  policyFiles,
  policyHash,
  recordProjectTrust,
  validatePolicyFile,
} from "../src/index.ts";

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
  return loadPolicy({
    env: {},
    home,
    cwd,
    projectTrusted,
    managedFile: null,
    ...(readFile ? { readFile } : {}),
  });
}

const globalOrigin = (jsonPath: string) => ({ scope: "global", file: globalFile, jsonPath });
const projectOrigin = (jsonPath: string) => ({ scope: "project", file: projectFile, jsonPath });

describe("loadPolicy", () => {
  it("gives the built-in default policy and the default settings when there are no files", () => {
    const result = load();
    expect([
      result.usesDefaultPolicy,
      result.scopes.map((sc) => [sc.scope, sc.file, sc.status]),
      result.policy.rules[0],
      result.policy.rules.slice(1).map((r) => r.origin.jsonPath),
      result.policy.settings,
      result.issues,
    ]).toEqual([
      true,
      [
        ["default", DEFAULT_POLICY_NAME, "loaded"],
        ["project", projectFile, "missing"],
      ],
      DEFAULT_RULE,
      expect.arrayContaining(["permission.read", 'permission.path["**/.env"]']),
      DEFAULT_POLICY_SETTINGS,
      [],
    ]);
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

  it("reads an untrusted project file: it tightens, and what would loosen is listed for trust", () => {
    writeFileSync(globalFile, '{ "permission": { "bash": { "rm *": "deny" } } }');
    writeFileSync(
      projectFile,
      '{ "permission": { "bash": { "rm *": "allow", "curl *": "deny" } }, "yolo": true }',
    );
    const result = load(false);
    expect([
      result.projectTrust,
      result.policy.settings.yolo,
      result.policy.rules
        .filter((r) => r.origin.scope === "project")
        .map((r) => [r.pattern, r.action, r.onlyTightens ?? false]),
    ]).toEqual([
      {
        state: "untrusted",
        file: projectFile,
        hash: expect.stringMatching(/^[0-9a-f]{64}$/),
        loosening: [
          { jsonPath: 'permission.bash["rm *"]', what: "allow" },
          { jsonPath: "yolo", what: "yolo on" },
        ],
      },
      false,
      [
        ["rm *", "allow", true],
        ["curl *", "deny", true],
      ],
    ]);
  });

  it("needs no trust for a project file that only tightens", () => {
    writeFileSync(projectFile, '{ "permission": { "bash": { "curl *": "deny" } } }');
    const result = load(false);
    expect([result.projectTrust?.state, result.policy.rules.at(-1)?.onlyTightens]).toEqual([
      "not-needed",
      undefined,
    ]);
  });

  it("never lets an untrusted project file switch the user's watch off", () => {
    writeFileSync(
      globalFile,
      '{ "judgeUserBash": true, "promptFieldMaxWidth": 600, "reviewLogFiles": 5 }',
    );
    writeFileSync(
      projectFile,
      `{ "permissionReviewLog": false, "judgeUserBash": false, "promptMaxRows": 3,
         "promptFieldMaxWidth": 10, "reviewLogFieldMaxWidth": 20, "reviewLogMaxBytes": 1024,
         "reviewLogFiles": 1, "debugLog": true }`,
    );
    const watch = (settings: typeof DEFAULT_POLICY_SETTINGS) => [
      settings.permissionReviewLog,
      settings.judgeUserBash,
      settings.promptMaxRows,
      settings.promptFieldMaxWidth,
      settings.reviewLogFieldMaxWidth,
      settings.reviewLogMaxBytes,
      settings.reviewLogFiles,
    ];
    const untrusted = load(false);
    expect([
      untrusted.projectTrust?.state,
      untrusted.projectTrust?.loosening,
      watch(untrusted.policy.settings),
      untrusted.policy.settings.debugLog,
    ]).toEqual([
      "untrusted",
      [
        { jsonPath: "permissionReviewLog", what: "review log off" },
        { jsonPath: "judgeUserBash", what: "user bash not judged" },
        { jsonPath: "promptMaxRows", what: "smaller dialog" },
        { jsonPath: "promptFieldMaxWidth", what: "shorter dialog fields" },
        { jsonPath: "reviewLogFieldMaxWidth", what: "shorter review-log fields" },
        { jsonPath: "reviewLogMaxBytes", what: "smaller review log" },
        { jsonPath: "reviewLogFiles", what: "fewer review-log files" },
      ],
      [
        true,
        true,
        DEFAULT_POLICY_SETTINGS.promptMaxRows,
        600,
        DEFAULT_POLICY_SETTINGS.reviewLogFieldMaxWidth,
        DEFAULT_POLICY_SETTINGS.reviewLogMaxBytes,
        5,
      ],
      true,
    ]);
    // Trusted, the same content applies as written.
    expect(watch(load(true).policy.settings)).toEqual([false, false, 3, 10, 20, 1024, 1]);
  });

  it("lets an untrusted project file keep more watch without asking", () => {
    writeFileSync(
      projectFile,
      '{ "judgeUserBash": true, "promptMaxRows": 40, "reviewLogFiles": 9 }',
    );
    const result = load(false);
    expect([
      result.projectTrust?.state,
      result.policy.settings.judgeUserBash,
      result.policy.settings.promptMaxRows,
      result.policy.settings.reviewLogFiles,
    ]).toEqual(["not-needed", true, 40, 9]);
  });

  it.each([
    ["a link to /dev/zero", () => symlinkSync("/dev/zero", projectFile)],
    ["a FIFO", () => execFileSync("mkfifo", [projectFile])],
    ["a folder", () => mkdirSync(projectFile)],
  ])("reads a project file that is %s as unreadable, fail closed, without hanging", (_, make) => {
    make();
    const project = load(false).scopes.find((sc) => sc.scope === "project");
    expect([
      project?.status,
      project?.status === "broken" ? project.issues[0]?.code : null,
    ]).toEqual(["broken", "unreadable"]);
  });

  it("trusts exactly the recorded content, and not once the file changes", () => {
    const agent = join(home, ".pi", "agent");
    const text = '{ "permission": { "bash": { "rm *": "allow" } } }';
    writeFileSync(projectFile, text);
    expect(load(false).projectTrust?.state).toBe("untrusted");
    recordProjectTrust(agent, projectFile, policyHash(text));
    expect(load(false).projectTrust?.state).toBe("trusted");
    writeFileSync(projectFile, text.replace("rm *", "rm -rf *"));
    expect(load(false).projectTrust?.state).toBe("untrusted");
  });

  it("never lets a project loosen when a file forbids it, even when trusted", () => {
    writeFileSync(globalFile, '{ "allowProjectLoosening": false }');
    writeFileSync(
      projectFile,
      '{ "permission": { "bash": "allow" }, "allowProjectLoosening": true }',
    );
    const result = load(true);
    expect([result.projectTrust?.state, result.policy.settings.allowProjectLoosening]).toEqual([
      "forbidden",
      false,
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

  it("keeps a broken file's hooks, and its other settings but yolo", () => {
    // A larger dialog keeps more watch, so the broken project file's value stands (a smaller
    // one waits for trust like a clean untrusted file's, S32 F2).
    writeFileSync(
      projectFile,
      '{ "hooks": { "guard": { "name": "Guard", "permission": { "bash": "deny" } } }, "yolo": "yes", "promptMaxRows": 30 }',
    );
    const { policy } = load();
    expect([
      policy.hooks.map((h) => [h.ref.id, h.rules.map((r) => r.action)]),
      policy.settings.promptMaxRows,
      policy.settings.yolo,
    ]).toEqual([[["project:guard", ["deny"]]], 30, false]);
  });

  it("reads the managed file first; its asks and denies are a floor nothing below loosens", () => {
    const managed = join(root, "managed.json");
    writeFileSync(managed, '{ "permission": { "bash": { "rm *": "deny" } }, "allowYolo": false }');
    writeFileSync(globalFile, '{ "permission": { "bash": { "rm *": "allow" } }, "yolo": true }');
    const result = loadPolicy({ env: { PI_PERMISSION_MANAGED_POLICY: managed }, home, cwd });
    expect([
      result.scopes.map((sc) => sc.scope),
      result.policy.settings.yolo,
      decideSurface(result.policy.rules, "bash", (p) => matchesBashPattern(p, "rm -rf x"), true)
        ?.origin.scope,
    ]).toEqual([["managed", "global", "project"], false, "managed"]);
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
  [
    "agents",
    { reviewer: { permission: { bash: "deny" } } },
    (r) =>
      [...(r.policy.agents ?? [])].map(([name, rules]) => [
        name,
        rules.filter((rule) => rule.origin.jsonPath.startsWith("agents.")).map((x) => x.action),
      ]),
    [["reviewer", ["deny"]]],
  ],
  [
    "shellTools",
    { exec_command: { command: "cmd", cwd: "workdir" } },
    (r) => r.policy.settings.shellTools,
    { exec_command: [{ command: "cmd", cwd: "workdir" }] },
  ],
  [
    "programs",
    { "with-retry": { kind: "wrapper", options: { short: "n:" } } },
    (r) => r.policy.settings.programs,
    { "with-retry": { kind: "wrapper", options: { short: "n:" } } },
  ],
  [
    // Examples are the file's own: validate reads them from the file's scope; no verdict does.
    "examples",
    [{ tool: "bash", input: { command: "rm x" }, expect: "deny", rule: "rm *" }],
    (r) => r.scopes.flatMap((s) => (s.status === "loaded" ? (s.document.examples ?? []) : [])),
    [{ tool: "bash", input: { command: "rm x" }, expect: "deny", rule: "rm *" }],
  ],
  ["yolo", true, (r) => r.policy.settings.yolo, true],
  ["permissionReviewLog", false, (r) => r.policy.settings.permissionReviewLog, false],
  ["debugLog", true, (r) => r.policy.settings.debugLog, true],
  ["promptMaxRows", 7, (r) => r.policy.settings.promptMaxRows, 7],
  ["promptFieldMaxWidth", 80, (r) => r.policy.settings.promptFieldMaxWidth, 80],
  [
    // The keys are the user's own: from a project file they are ignored, and a warning says so.
    "promptKeys",
    { once: "o" },
    (r) =>
      r.policy.settings.promptKeys.once === "o" ||
      r.issues.some((i) => i.code === "promptKeysIgnored" && i.jsonPath === "promptKeys"),
    true,
  ],
  ["promptDoublePress", true, (r) => r.policy.settings.promptDoublePress, true],
  ["promptNotification", "osc9", (r) => r.policy.settings.promptNotification, "osc9"],
  ["reviewLogFieldMaxWidth", 123, (r) => r.policy.settings.reviewLogFieldMaxWidth, 123],
  ["reviewLogMaxBytes", 4096, (r) => r.policy.settings.reviewLogMaxBytes, 4096],
  ["reviewLogFiles", 2, (r) => r.policy.settings.reviewLogFiles, 2],
  ["forwardingTimeoutMs", 5000, (r) => r.policy.settings.forwardingTimeoutMs, 5000],
  ["analysisDeadlineMs", 20, (r) => r.policy.settings.analysisDeadlineMs, 20],
  ["allowYolo", false, (r) => r.policy.settings.allowYolo, false],
  ["allowProjectLoosening", false, (r) => r.policy.settings.allowProjectLoosening, false],
  ["judgeUserBash", true, (r) => r.policy.settings.judgeUserBash, true],
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
