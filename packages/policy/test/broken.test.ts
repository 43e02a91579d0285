// A broken policy file keeps what it can (docs/configuration.md, "A broken file"): one case
// per kind of error, each showing which rules stay in force, and that no deny is weakened by
// an error elsewhere in the file.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  BROKEN_POLICY_SENTINEL,
  decideSurface,
  loadPolicy,
  matchesBashPattern,
  type Rule,
} from "../src/index.ts";

let root: string;
let home: string;
let cwd: string;
let projectFile: string;

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "pi-permission-broken-"));
  home = join(root, "home");
  cwd = join(root, "repo");
  projectFile = join(cwd, ".pi", "permissions.json");
  mkdirSync(join(home, ".pi", "agent"), { recursive: true });
  mkdirSync(join(cwd, ".pi"), { recursive: true });
  writeFileSync(
    join(home, ".pi", "agent", "permissions.json"),
    JSON.stringify({
      permission: { "*": "ask", read: "allow", bash: { "git *": "allow", "rm *": "deny" } },
    }),
  );
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

// The project file is trusted, so only its errors can keep its allows from applying.
function verdicts(projectText: string) {
  writeFileSync(projectFile, projectText);
  const { policy, issues } = loadPolicy({
    env: {},
    home,
    cwd,
    projectTrusted: true,
    managedFile: null,
  });
  const bash = (command: string) =>
    show(decideSurface(policy.rules, "bash", (p) => matchesBashPattern(p, command), true));
  return {
    codes: issues.filter((i) => i.severity === "error").map((i) => i.code),
    yolo: policy.settings.yolo,
    verdicts: {
      "git status": bash("git status"),
      "rm -rf build": bash("rm -rf build"),
      "curl x": bash("curl x"),
      "npm test": bash("npm test"),
      "ls -la": bash("ls -la"),
      read: show(decideSurface(policy.rules, "read", () => true, true)),
    },
  };
}

// A verdict as `action (named rule, scope)`.
function show(rule: Rule | undefined): string {
  return rule === undefined ? "none" : `${rule.action} (${rule.pattern}, ${rule.origin.scope})`;
}

// The project's valid rules: a deny, an ask and an allow; each case adds one error.
const valid = '"curl *": "deny", "npm *": "ask", "ls *": "allow"';

// What the global file and the project's valid deny and ask decide, whatever the error.
const kept = {
  "git status": "allow (git *, global)",
  "rm -rf build": "deny (rm *, global)",
  "curl x": "deny (curl *, project)",
  "npm test": "ask (npm *, project)",
  // The broken file's own allow asks, named as the broken file, never as the allow rule.
  "ls -la": `ask (${BROKEN_POLICY_SENTINEL}, project)`,
  read: "allow (*, global)",
};

describe("a broken policy file keeps its valid deny and ask rules", () => {
  it("bad JSON: the file could have decided anything, so every allow asks; other denies stay", () => {
    expect(verdicts(`{ "permission": { "bash": { ${valid} } `)).toEqual({
      codes: ["invalidJson"],
      yolo: false,
      verdicts: {
        "git status": `ask (${BROKEN_POLICY_SENTINEL}, global)`,
        "rm -rf build": "deny (rm *, global)",
        // The global file's own ask rule decides what it asks anyway.
        "curl x": "ask (*, global)",
        "npm test": "ask (*, global)",
        "ls -la": "ask (*, global)",
        read: `ask (${BROKEN_POLICY_SENTINEL}, global)`,
      },
    });
  });

  it("unknown key: the rest of the file still applies, its allows ask, yolo is off", () => {
    expect(
      verdicts(`{ "permission": { "bash": { ${valid} } }, "yollo": true, "yolo": true }`),
    ).toEqual({ codes: ["unknownKey"], yolo: false, verdicts: kept });
  });

  it("wrong type: a setting of the wrong type is dropped and the rules stay", () => {
    expect(verdicts(`{ "permission": { "bash": { ${valid} } }, "promptMaxRows": "24" }`)).toEqual({
      codes: ["wrongType"],
      yolo: false,
      verdicts: kept,
    });
  });

  it("bad pattern: an empty pattern is dropped, a misspelled action asks where it would have decided", () => {
    expect(
      verdicts(`{ "permission": { "bash": { ${valid}, "": "allow", "npm publish *": "dney" } } }`),
    ).toEqual({
      codes: ["emptyKey", "unknownAction"],
      yolo: false,
      verdicts: kept,
    });
    expect(
      verdicts(`{ "permission": { "bash": { "curl *": "deny", "npm *": "dney" } } }`).verdicts[
        "npm test"
      ],
    ).toBe(`ask (${BROKEN_POLICY_SENTINEL}, project)`);
  });

  it("bad pattern: an invalid entry that still reads as a deny denies", () => {
    expect(
      verdicts(
        `{ "permission": { "bash": { "curl *": "deny", "npm *": { "action": "deny", "reason": 5 } } } }`,
      ).verdicts["npm test"],
    ).toBe("deny (npm *, project)");
  });

  it("bad hook: a hook without a name keeps its rules under its key", () => {
    writeFileSync(
      projectFile,
      `{ "permission": { "bash": { ${valid} } }, "hooks": { "guard": { "permission": { "bash": { "git push *": "deny" } } } } }`,
    );
    const { policy, issues } = loadPolicy({
      env: {},
      home,
      cwd,
      projectTrusted: true,
      managedFile: null,
    });
    expect([
      issues.filter((i) => i.severity === "error").map((i) => i.code),
      policy.hooks.map((h) => [
        h.ref.id,
        h.ref.name,
        h.rules.map((r) => `${r.pattern} ${r.action}`),
      ]),
      verdicts(readBack()).verdicts,
    ]).toEqual([["missingKey"], [["project:guard", "guard", ["git push * deny"]]], kept]);
  });

  it("never weakens a deny: the broken file's ask over a global deny stays a deny", () => {
    expect(
      verdicts(`{ "permission": { "bash": { "rm *": "ask", "git *": "deny" } }, "yollo": 1 }`)
        .verdicts,
    ).toMatchObject({
      "rm -rf build": "deny (rm *, global)",
      "git status": "deny (git *, project)",
    });
  });
});

function readBack(): string {
  return `{ "permission": { "bash": { ${valid} } }, "hooks": { "guard": { "permission": { "bash": { "git push *": "deny" } } } } }`;
}
